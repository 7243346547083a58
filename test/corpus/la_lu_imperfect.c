// Left-looking (column by column) LU factorisation without pivoting, in dot-product form: for
// column j, the U entries above the diagonal and then the L entries below it, each a scalar
// accumulation over k < min(i, j). Statements sit at two depths (imperfect nest) and every
// inner bound depends on an outer index (triangular). N is the size knob (-DN=...).
// ARRAYS: lu_left_looking: A
#include "corpus.h"

#ifndef N
#define N 256
#endif

__attribute__((noinline)) void lu_left_looking(double A[N][N]) {
  for (int j = 0; j < N; j++) {
    for (int i = 1; i <= j; i++) {
      double s = A[i][j];
      for (int k = 0; k < i; k++)
        s -= A[i][k] * A[k][j];
      A[i][j] = s;
    }
    double pivot = A[j][j];
    for (int i = j + 1; i < N; i++) {
      double s = A[i][j];
      for (int k = 0; k < j; k++)
        s -= A[i][k] * A[k][j];
      A[i][j] = s / pivot;
    }
  }
}

int main(void) {
  corpus_seed(63);
  double (*A)[N] = (double (*)[N])corpus_doubles((size_t)N * N);
  // Diagonally dominant, so no pivoting is needed and the factors stay bounded.
  for (int i = 0; i < N; i++)
    A[i][i] += 2.0 * N;
  lu_left_looking(A);
  corpus_print_hash("A", A, sizeof(double) * N * N);
  corpus_print_double("A[N-1][N-1]", A[N - 1][N - 1]);
  corpus_print_double("A[N-1][0]", A[N - 1][0]);
  return 0;
}
