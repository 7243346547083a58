// OSDI Fig. 5 MATVEC: for iter, for i, for j: y[i] += A[i][j] * x[j]. A is re-read every
// iteration (temporal reuse carried by iter, too big to keep), x stays resident.
// ARRAYS: matvec_iter: A x y
#include "corpus.h"

enum { ITERS = 3, N = 800, M = 1100 };

__attribute__((noinline)) void matvec_iter(int iters, int n, int m, const double A[n][m], const double x[m], double y[n]) {
  for (int iter = 0; iter < iters; iter++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < m; j++)
        y[i] += A[i][j] * x[j];
}

int main(void) {
  corpus_seed(36);
  double (*A)[M] = (double (*)[M])corpus_doubles((size_t)N * M);
  double *x = corpus_doubles(M), *y = corpus_doubles(N);
  matvec_iter(ITERS, N, M, A, x, y);
  corpus_print_hash("y", y, sizeof(double) * N);
  corpus_print_double("y[N-1]", y[N - 1]);
  return 0;
}
