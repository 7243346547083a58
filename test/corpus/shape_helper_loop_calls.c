// Row loops that call small static helpers with loops of their own (a dot product, a row
// update), as programs factor their kernels; clang inlines them, and so does the pass first.
// ARRAYS: matvec_rows: a x y
// ARRAYS: scale_rows: a d
#include "corpus.h"

#ifndef N
#define N 600
#endif
#ifndef M
#define M 900
#endif

static double dot(const double *a, const double *x, long m) {
  double s = 0.0;
  for (long j = 0; j < m; j++)
    s += a[j] * x[j];
  return s;
}

static void scale_row(double *row, long m, double by) {
  for (long j = 0; j < m; j++)
    row[j] = row[j] * by + 1.0;
}

__attribute__((noinline)) void matvec_rows(const double *a, const double *x, double *y, long n, long m) {
  for (long i = 0; i < n; i++)
    y[i] = dot(a + i * m, x, m);
}

__attribute__((noinline)) void scale_rows(double *a, const double *d, long n, long m) {
  for (long i = 0; i < n; i++)
    scale_row(a + i * m, m, d[i]);
}

int main(void) {
  corpus_seed(31);
  double *a = corpus_doubles((size_t)N * M);
  double *x = corpus_doubles(M);
  double *d = corpus_doubles(N);
  double *y = corpus_doubles(N);
  matvec_rows(a, x, y, N, M);
  corpus_print_hash("y", y, sizeof(double) * N);
  scale_rows(a, d, N, M);
  corpus_print_hash("a", a, sizeof(double) * N * M);
  corpus_print_double("single_row", dot(a, x, M));
  return 0;
}
