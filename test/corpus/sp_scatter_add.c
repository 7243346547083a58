// Scatter-add y[idx[i]] += x[i] with repeated targets (the order of the adds matters for rounding).
// ARRAYS: scatter_add: x idx y
#include "corpus.h"

enum { N = 400000, DST = 350003 };

__attribute__((noinline)) void scatter_add(int n, const double *x, const int *idx, double *y) {
  for (int i = 0; i < n; i++)
    y[idx[i]] += x[i];
}

int main(void) {
  corpus_seed(25);
  double *x = corpus_doubles(N), *y = corpus_doubles(DST);
  int *idx = corpus_alloc(sizeof(int) * N);
  for (int i = 0; i < N; i++)
    idx[i] = (int)(corpus_next() % DST);
  scatter_add(N, x, idx, y);
  corpus_print_hash("y", y, sizeof(double) * DST);
  corpus_print_double("y[0]", y[0]);
  return 0;
}
