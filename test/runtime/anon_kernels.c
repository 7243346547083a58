/*
 * Plain in-core C on malloc'd arrays (no hints placed by hand; built with outcore-cc
 * the pass adds them): a MATVEC-like sweep repeated over a matrix larger than the
 * memory limit, and a column walk of the same matrix, the pattern swap readahead
 * cannot follow; and a matrix product whose B (MiB of 6 KiB rows) is read again for
 * every row of A and C, which the limit can hold although the pass, counting two
 * pages a row, takes it for a third larger. The arrays stay anonymous: under a
 * cgroup limit with swap they page out to swap and back. Prints exact integer
 * results, so the outcore-cc build must print what the plain build prints, byte for
 * byte. fills writes three arrays in turn, each near the limit, and reports on stderr
 * how often a page's successor went to the next swap slot (1.00: each array's pages
 * lie in order in the swap file, as the kernel's own reclaim leaves them).
 * Usage: anon_kernels matvec|column|product|fills MiB [passes, or rows of A]
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

static unsigned long long lcg_state = 1;

/* A serial generator, as programs fill their inputs: slower than the disk's writes
 * by less than the limit's worth, so the group stays at its limit throughout. */
__attribute__((noinline)) void fill(long n, double *restrict v) {
  for (long k = 0; k < n; k++) {
    lcg_state = lcg_state * 6364136223846793005ull + 1442695040888963407ull;
    v[k] = (double)(lcg_state >> 60);
  }
}

/* Of the pairs of neighbouring pages of [v, v + bytes) both in swap, the fraction whose
 * second lies in the slot after the first's; -1 when none is in swap or pagemap shows
 * no swap offsets (they need CAP_SYS_ADMIN). */
static double slots_in_order(const void *v, long bytes) {
  long page = sysconf(_SC_PAGESIZE);
  uintptr_t first = (uintptr_t)v / page, end = ((uintptr_t)v + bytes) / page;
  int fd = open("/proc/self/pagemap", O_RDONLY);
  long pairs = 0, in_order = 0;
  uint64_t prev = 0;
  for (uintptr_t p = first; fd >= 0 && p < end; p++) {
    uint64_t entry = 0;
    if (pread(fd, &entry, sizeof entry, (off_t)(p * sizeof entry)) != sizeof entry)
      break;
    /* Bit 62: in swap; bits 5-54: the slot. */
    uint64_t slot = entry >> 62 & 1 ? entry >> 5 & ((1ull << 50) - 1) : 0;
    if (slot && prev) {
      pairs++;
      in_order += slot == prev + 1;
    }
    prev = slot;
  }
  if (fd >= 0)
    close(fd);
  return pairs ? (double)in_order / pairs : -1;
}

static int fills(long mib) {
  /* Two quarters, then a half larger than the limit: its own fill must page out. */
  long n[3] = {mib * (1L << 20) / 4 / (long)sizeof(double), 0, 0};
  n[1] = n[0];
  n[2] = 2 * n[0];
  double *v[3];
  unsigned long long h = 0;
  for (int a = 0; a < 3; a++) {
    if (!(v[a] = malloc(n[a] * sizeof(double)))) {
      fprintf(stderr, "anon_kernels: out of memory\n");
      return 2;
    }
    fill(n[a], v[a]);
  }
  fprintf(stderr, "fills: swap slots in order: first %.2f second %.2f\n",
          slots_in_order(v[0], n[0] * (long)sizeof(double)),
          slots_in_order(v[1], n[1] * (long)sizeof(double)));
  for (int a = 0; a < 3; a++) {
    h ^= digest(v[a], n[a]) + (unsigned long long)a;
    free(v[a]);
  }
  printf("fills n=%ld digest=%016llx\n", n[0], h);
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 3 || (strcmp(argv[1], "matvec") && strcmp(argv[1], "column") &&
                   strcmp(argv[1], "product") && strcmp(argv[1], "fills"))) {
    fprintf(stderr, "usage: anon_kernels matvec|column|product|fills MiB [passes, or rows of A]\n");
    return 2;
  }
  if (argv[1][0] == 'f')
    return fills(atol(argv[2]));
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
