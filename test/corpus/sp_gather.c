// Gather y[i] = x[idx[i]] * w[i] with a random index vector into a large source.
// ARRAYS: gather: x idx w y
#include "corpus.h"

enum { N = 250000, SRC = 700001 };

__attribute__((noinline)) void gather(int n, const double *restrict x, const int *restrict idx,
                                      const double *restrict w, double *restrict y) {
  for (int i = 0; i < n; i++)
    y[i] = x[idx[i]] * w[i];
}

int main(void) {
  corpus_seed(24);
  double *x = corpus_doubles(SRC), *w = corpus_doubles(N), *y = corpus_alloc(sizeof(double) * N);
  int *idx = corpus_alloc(sizeof(int) * N);
  for (int i = 0; i < N; i++)
    idx[i] = (int)(corpus_next() % SRC);
  gather(N, x, idx, w, y);
  corpus_print_hash("y", y, sizeof(double) * N);
  corpus_print_double("y[N-1]", y[N - 1]);
  return 0;
}
