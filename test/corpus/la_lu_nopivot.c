// In-place LU decomposition without pivoting on a diagonally dominant matrix (triangular nest,
// the update reads the pivot row and column of the same array it writes).
// ARRAYS: lu: A
#include "corpus.h"

enum { N = 260 };

__attribute__((noinline)) void lu(int n, double A[n][n]) {
  for (int k = 0; k < n; k++) {
    for (int i = k + 1; i < n; i++)
      A[i][k] /= A[k][k];
    for (int i = k + 1; i < n; i++)
      for (int j = k + 1; j < n; j++)
        A[i][j] -= A[i][k] * A[k][j];
  }
}

int main(void) {
  corpus_seed(5);
  double (*A)[N] = (double (*)[N])corpus_doubles((size_t)N * N);
  for (int i = 0; i < N; i++)
    A[i][i] += N;
  lu(N, A);
  corpus_print_hash("A", A, sizeof(double) * N * N);
  corpus_print_double("A[N-1][N-1]", A[N - 1][N - 1]);
  return 0;
}
