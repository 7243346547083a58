// 2-D Jacobi (five-point) with parametric sizes and VLA parameters, ping-pong between A and B.
// ARRAYS: jacobi2d: A B
#include "corpus.h"

enum { ROWS = 515, COLS = 700, STEPS = 3 };

__attribute__((noinline)) void jacobi2d(int steps, int n, int m, double A[restrict n][m], double B[restrict n][m]) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i + 1][j] + B[i - 1][j]);
  }
}

int main(void) {
  corpus_seed(13);
  double (*A)[COLS] = (double (*)[COLS])corpus_doubles((size_t)ROWS * COLS);
  double (*B)[COLS] = (double (*)[COLS])corpus_doubles((size_t)ROWS * COLS);
  jacobi2d(STEPS, ROWS, COLS, A, B);
  corpus_print_hash("A", A, sizeof(double) * ROWS * COLS);
  corpus_print_hash("B", B, sizeof(double) * ROWS * COLS);
  corpus_print_double("A[100][100]", A[100][100]);
  return 0;
}
