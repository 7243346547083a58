// Degenerate trip counts: the same nest run with zero rows, zero columns, one row, one column,
// and a lower bound above the upper bound; versioned or strip-mined code must do nothing extra.
// ARRAYS: add_rows: A v
#include "corpus.h"

enum { R = 700, C = 600 };

__attribute__((noinline)) void add_rows(int lo, int hi, int cols, int stride, double *A, const double *v) {
  for (int i = lo; i < hi; i++)
    for (int j = 0; j < cols; j++)
      A[(long)i * stride + j] += v[j] * (i + 1);
}

int main(void) {
  corpus_seed(50);
  double *A = corpus_doubles((size_t)R * C), *v = corpus_doubles(C);
  add_rows(0, 0, C, C, A, v);
  add_rows(0, R, 0, C, A, v);
  add_rows(5, 6, C, C, A, v);
  add_rows(0, R, 1, C, A, v);
  add_rows(400, 100, C, C, A, v);
  add_rows(R - 1, R, C, C, A, v);
  add_rows(1, R - 1, C, C, A, v);
  corpus_print_hash("A", A, sizeof(double) * R * C);
  corpus_print_double("A[0]", A[0]);
  return 0;
}
