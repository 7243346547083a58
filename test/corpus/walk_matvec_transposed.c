// y = A^T x with the matrix stored row-major and the loops in column order (j outer, i inner):
// A is walked down its columns while y[j] accumulates.
// ARRAYS: matvec_t: A x y
#include "corpus.h"

enum { N = 850, M = 960 };

__attribute__((noinline)) void matvec_t(int n, int m, double A[restrict n][m], double x[restrict n], double y[restrict m]) {
  for (int j = 0; j < m; j++) {
    y[j] = 0.0;
    for (int i = 0; i < n; i++)
      y[j] += A[i][j] * x[i];
  }
}

int main(void) {
  corpus_seed(38);
  double (*A)[M] = (double (*)[M])corpus_doubles((size_t)N * M);
  double *x = corpus_doubles(N), *y = corpus_alloc(sizeof(double) * M);
  matvec_t(N, M, A, x, y);
  corpus_print_hash("y", y, sizeof(double) * M);
  corpus_print_double("y[0]", y[0]);
  return 0;
}
