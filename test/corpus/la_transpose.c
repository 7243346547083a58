// Out-of-place transpose: B is written column by column (one element per row of B).
// ARRAYS: transpose: A B
#include "corpus.h"

enum { ROWS = 900, COLS = 613 };

__attribute__((noinline)) void transpose(int rows, int cols, const double A[rows][cols], double B[cols][rows]) {
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      B[j][i] = A[i][j];
}

int main(void) {
  corpus_seed(4);
  double (*A)[COLS] = (double (*)[COLS])corpus_doubles((size_t)ROWS * COLS);
  double (*B)[ROWS] = corpus_alloc(sizeof(double) * ROWS * COLS);
  transpose(ROWS, COLS, A, B);
  corpus_print_hash("B", B, sizeof(double) * ROWS * COLS);
  corpus_print_double("B[5][800]", B[5][800]);
  return 0;
}
