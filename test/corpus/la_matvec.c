// Dense matrix-vector product y = A x over a flattened row-major matrix; 1001 columns make
// rows that are not a multiple of a page.
// ARRAYS: matvec: A x y
#include "corpus.h"

enum { ROWS = 700, COLS = 1001 };

__attribute__((noinline)) void matvec(int rows, int cols, const double *A, const double *x, double *y) {
  for (int i = 0; i < rows; i++) {
    double sum = 0.0;
    for (int j = 0; j < cols; j++)
      sum += A[(long)i * cols + j] * x[j];
    y[i] = sum;
  }
}

int main(void) {
  corpus_seed(1);
  double *A = corpus_doubles((size_t)ROWS * COLS);
  double *x = corpus_doubles(COLS);
  double *y = corpus_alloc(sizeof(double) * ROWS);
  matvec(ROWS, COLS, A, x, y);
  corpus_print_hash("y", y, sizeof(double) * ROWS);
  corpus_print_double("y[0]", y[0]);
  corpus_print_double("y[last]", y[ROWS - 1]);
  return 0;
}
