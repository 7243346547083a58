// Diagonal and anti-diagonal walks over a square matrix (stride n+1 and n-1 elements).
// ARRAYS: diagonals: A d
#include "corpus.h"

enum { N = 1001 };

__attribute__((noinline)) void diagonals(int n, double A[n][n], double d[2 * n]) {
  for (int i = 0; i < n; i++) {
    d[i] = A[i][i];
    d[n + i] = A[i][n - 1 - i];
    A[i][i] = -A[i][i];
  }
}

int main(void) {
  corpus_seed(41);
  double (*A)[N] = (double (*)[N])corpus_doubles((size_t)N * N);
  double *d = corpus_alloc(sizeof(double) * 2 * N);
  diagonals(N, A, d);
  corpus_print_hash("d", d, sizeof(double) * 2 * N);
  corpus_print_hash("A", A, sizeof(double) * N * N);
  return 0;
}
