// Dot product of two long vectors (a sequential reduction; order is preserved without fast-math).
// ARRAYS: dot: x y
#include "corpus.h"

enum { N = 700001 };

__attribute__((noinline)) double dot(long n, const double *restrict x, const double *restrict y) {
  double s = 0.0;
  for (long i = 0; i < n; i++)
    s += x[i] * y[i];
  return s;
}

int main(void) {
  corpus_seed(9);
  double *x = corpus_doubles(N);
  double *y = corpus_doubles(N);
  corpus_print_double("dot", dot(N, x, y));
  corpus_print_double("dot_tail", dot(N / 3, x + 2 * (N / 3), y));
  return 0;
}
