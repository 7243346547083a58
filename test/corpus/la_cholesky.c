// Cholesky factorisation (lower triangle, in place) of a symmetric diagonally dominant matrix:
// triangular loops whose inner bounds depend on outer indices, plus a sqrt per column.
// ARRAYS: cholesky: A
#include <math.h>
#include "corpus.h"

enum { N = 240 };

__attribute__((noinline)) void cholesky(int n, double A[restrict n][n]) {
  for (int j = 0; j < n; j++) {
    for (int k = 0; k < j; k++)
      A[j][j] -= A[j][k] * A[j][k];
    A[j][j] = sqrt(A[j][j]);
    for (int i = j + 1; i < n; i++) {
      for (int k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[j][k];
      A[i][j] /= A[j][j];
    }
  }
}

int main(void) {
  corpus_seed(6);
  double (*A)[N] = corpus_alloc(sizeof(double) * N * N);
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < i; j++)
      A[i][j] = A[j][i] = corpus_double() / N;
    A[i][i] = 2.0 + corpus_double();
  }
  cholesky(N, A);
  corpus_print_hash("A", A, sizeof(double) * N * N);
  corpus_print_double("A[N-1][N-1]", A[N - 1][N - 1]);
  return 0;
}
