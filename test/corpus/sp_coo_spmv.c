// Coordinate-format sparse mat-vec: both the read x[col[k]] and the update y[row[k]] are indirect.
// ARRAYS: coo_spmv: row col val x y
#include "corpus.h"

enum { NNZ = 300000, ROWS = 90001, COLS = 120007 };

__attribute__((noinline)) void coo_spmv(long nnz, const int *row, const int *col, const double *val,
                                        const double *x, double *y) {
  for (long k = 0; k < nnz; k++)
    y[row[k]] += val[k] * x[col[k]];
}

int main(void) {
  corpus_seed(26);
  int *row = corpus_alloc(sizeof(int) * NNZ), *col = corpus_alloc(sizeof(int) * NNZ);
  for (long k = 0; k < NNZ; k++) {
    row[k] = (int)(k * ROWS / NNZ);
    col[k] = (int)(corpus_next() % COLS);
  }
  double *val = corpus_doubles(NNZ), *x = corpus_doubles(COLS), *y = corpus_doubles(ROWS);
  coo_spmv(NNZ, row, col, val, x, y);
  corpus_print_hash("y", y, sizeof(double) * ROWS);
  corpus_print_double("y[ROWS-1]", y[ROWS - 1]);
  return 0;
}
