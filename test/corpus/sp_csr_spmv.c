// CSR sparse matrix-vector product y = A x (CGM-like): the indirect read x[col[k]].
// ARRAYS: csr_spmv: rowptr col val x y
#include "corpus.h"

enum { ROWS = 60000, COLS = 300007 };

__attribute__((noinline)) void csr_spmv(int rows, const int *rowptr, const int *col, const double *val,
                                        const double *x, double *y) {
  for (int i = 0; i < rows; i++) {
    double s = 0.0;
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
      s += val[k] * x[col[k]];
    y[i] = s;
  }
}

int main(void) {
  corpus_seed(23);
  int *rowptr = corpus_alloc(sizeof(int) * (ROWS + 1));
  rowptr[0] = 0;
  for (int i = 0; i < ROWS; i++)
    rowptr[i + 1] = rowptr[i] + 3 + (int)(corpus_next() % 13);
  int nnz = rowptr[ROWS];
  int *col = corpus_alloc(sizeof(int) * nnz);
  for (int k = 0; k < nnz; k++)
    col[k] = (int)(corpus_next() % COLS);
  double *val = corpus_doubles(nnz), *x = corpus_doubles(COLS), *y = corpus_alloc(sizeof(double) * ROWS);
  csr_spmv(ROWS, rowptr, col, val, x, y);
  corpus_print_hash("y", y, sizeof(double) * ROWS);
  corpus_print_double("y[17]", y[17]);
  return 0;
}
