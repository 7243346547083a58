// Column sums of a row-major matrix: the inner loop walks down a column (stride = one row,
// 1031 doubles, so every inner iteration touches a different page).
// ARRAYS: column_sums: A sums
#include "corpus.h"

enum { ROWS = 900, COLS = 1031 };

__attribute__((noinline)) void column_sums(int rows, int cols, const double *A, double *sums) {
  for (int j = 0; j < cols; j++) {
    double s = 0.0;
    for (int i = 0; i < rows; i++)
      s += A[(long)i * cols + j];
    sums[j] = s;
  }
}

int main(void) {
  corpus_seed(37);
  double *A = corpus_doubles((size_t)ROWS * COLS);
  double *sums = corpus_alloc(sizeof(double) * COLS);
  column_sums(ROWS, COLS, A, sums);
  corpus_print_hash("sums", sums, sizeof(double) * COLS);
  corpus_print_double("sums[COLS-1]", sums[COLS - 1]);
  return 0;
}
