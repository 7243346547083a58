// Rank-1 update A += x y^T with int32 row indices into a float matrix (4-byte elements).
// ARRAYS: outer_update: A x y
#include "corpus.h"

enum { ROWS = 1300, COLS = 1027 };

__attribute__((noinline)) void outer_update(int rows, int cols, float *restrict A, const float *restrict x,
                                            const float *restrict y) {
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      A[i * cols + j] += x[i] * y[j];
}

int main(void) {
  corpus_seed(11);
  float *A = corpus_alloc(sizeof(float) * ROWS * COLS);
  float *x = corpus_alloc(sizeof(float) * ROWS), *y = corpus_alloc(sizeof(float) * COLS);
  for (long i = 0; i < (long)ROWS * COLS; i++)
    A[i] = (float)corpus_double();
  for (int i = 0; i < ROWS; i++)
    x[i] = (float)corpus_double();
  for (int j = 0; j < COLS; j++)
    y[j] = (float)corpus_double();
  outer_update(ROWS, COLS, A, x, y);
  corpus_print_hash("A", A, sizeof(float) * ROWS * COLS);
  corpus_print_double("A[3]", A[3]);
  return 0;
}
