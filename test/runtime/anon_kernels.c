/*
 * Plain in-core C on malloc'd arrays (no hints placed by hand; built with outcore-cc
 * the pass adds them): a MATVEC-like sweep repeated over a matrix larger than the
 * memory limit, and a column walk of the same matrix, the pattern swap readahead
 * cannot follow; and a matrix product whose B (MiB of 6 KiB rows) is read again for
 * every row of A and C, which the limit can hold although the pass, counting two
 * pages a row, takes it for a third larger. The arrays stay anonymous: under a
 * cgroup limit with swap they page out to swap and back. Prints exact integer
 * results, so the outcore-cc build must print what the plain build prints, byte for
 * byte.
 * Usage: anon_kernels matvec|column|product MiB [passes, or rows of A]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define COLS 8192L /* 64 KiB rows: a column touches one page per row */

__attribute__((noinline)) void matvec(long passes, long rows, long cols,
                                      const double a[restrict rows][cols],
                                      const double *restrict b, double *restrict c) {
  for (long pass = 0; pass < passes; pass++)
    for (long i = 0; i < rows; i++)
      for (long j = 0; j < cols; j++)
        c[i] = c[i] + a[i][j] * b[j];
}

__attribute__((noinline)) void column_sums(long rows, long cols,
                                           const double a[restrict rows][cols],
                                           double *restrict colsum) {
  for (long j = 0; j < cols; j++) {
    double s = 0.0;
    for (long i = 0; i < rows; i++)
      s += a[i][j];
    colsum[j] = s;
  }
}

#define PRODUCT_COLS 768L /* 6 KiB rows: the pass counts each as two pages */

__attribute__((noinline)) void product(long ni, long nk, long cols, const double a[restrict ni][nk],
                                       const double b[restrict nk][cols],
                                       double c[restrict ni][cols]) {
  for (long i = 0; i < ni; i++)
    for (long k = 0; k < nk; k++)
      for (long j = 0; j < cols; j++)
        c[i][j] = c[i][j] + a[i][k] * b[k][j];
}

/* Order-independent and exact: integer values, sums far below 2^53. */
static unsigned long long digest(const double *v, long n) {
  unsigned long long h = 1469598103934665603ull;
  for (long k = 0; k < n; k++)
    h = (h ^ (unsigned long long)v[k]) * 1099511628211ull;
  return h;
}

int main(int argc, char **argv) {
  if (argc < 3 ||
      (strcmp(argv[1], "matvec") && strcmp(argv[1], "column") && strcmp(argv[1], "product"))) {
    fprintf(stderr, "usage: anon_kernels matvec|column|product MiB [passes, or rows of A]\n");
    return 2;
  }
  if (argv[1][0] == 'p') {
    long nk = atol(argv[2]) * (1L << 20) / (PRODUCT_COLS * (long)sizeof(double));
    long ni = argc > 3 ? atol(argv[3]) : 256;
    double(*a)[nk] = malloc(ni * nk * sizeof(double));
    double(*b)[PRODUCT_COLS] = malloc(nk * PRODUCT_COLS * sizeof(double));
    double(*c)[PRODUCT_COLS] = calloc(ni * PRODUCT_COLS, sizeof(double));
    if (!a || !b || !c || nk <= 0 || ni <= 0) {
      fprintf(stderr, "anon_kernels: bad size or out of memory\n");
      return 2;
    }
    for (long i = 0; i < ni; i++)
      for (long k = 0; k < nk; k++)
        a[i][k] = (double)((i + k * 7) % 3);
    for (long k = 0; k < nk; k++)
      for (long j = 0; j < PRODUCT_COLS; j++)
        b[k][j] = (double)((k * 5 + j) % 4);
    product(ni, nk, PRODUCT_COLS, a, b, c);
    printf("product rows=%ld digest=%016llx c0=%.0f\n", ni, digest(&c[0][0], ni * PRODUCT_COLS),
           c[0][0]);
    free(a);
    free(b);
    free(c);
    return 0;
  }
  long rows = atol(argv[2]) * (1L << 20) / (COLS * (long)sizeof(double));
  long passes = argc > 3 ? atol(argv[3]) : 2;
  double(*a)[COLS] = malloc(rows * COLS * sizeof(double));
  double *b = malloc(COLS * sizeof(double));
  double *out = calloc(rows > COLS ? rows : COLS, sizeof(double));
  if (!a || !b || !out || rows <= 0 || passes <= 0) {
    fprintf(stderr, "anon_kernels: bad size or out of memory\n");
    return 2;
  }
  for (long i = 0; i < rows; i++)
    for (long j = 0; j < COLS; j++)
      a[i][j] = (double)((i * 3 + j * 5) % 17);
  for (long j = 0; j < COLS; j++)
    b[j] = (double)(j % 5);
  if (argv[1][0] == 'm') {
    matvec(passes, rows, COLS, a, b, out);
    printf("matvec rows=%ld passes=%ld digest=%016llx c0=%.0f\n", rows, passes,
           digest(out, rows), out[0]);
  } else {
    column_sums(rows, COLS, a, out);
    printf("column rows=%ld digest=%016llx s0=%.0f\n", rows, digest(out, COLS), out[0]);
  }
  free(a);
  free(b);
  free(out);
  return 0;
}
