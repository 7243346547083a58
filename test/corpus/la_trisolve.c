// Forward substitution L x = b with a lower-triangular L (inner loop bound is the outer index).
// ARRAYS: trisolve: L b x
#include "corpus.h"

enum { N = 900 };

__attribute__((noinline)) void trisolve(int n, const double *restrict L, const double *restrict b,
                                        double *restrict x) {
  for (int i = 0; i < n; i++) {
    double s = b[i];
    for (int j = 0; j < i; j++)
      s -= L[(long)i * n + j] * x[j];
    x[i] = s / L[(long)i * n + i];
  }
}

int main(void) {
  corpus_seed(7);
  double *L = corpus_doubles((size_t)N * N);
  for (int i = 0; i < N; i++) {
    for (int j = 0; j <= i; j++)
      L[(long)i * N + j] /= N;
    L[(long)i * N + i] = 1.0 + 0.25 * (i % 4);
  }
  double *b = corpus_doubles(N);
  double *x = corpus_alloc(sizeof(double) * N);
  trisolve(N, L, b, x);
  corpus_print_hash("x", x, sizeof(double) * N);
  corpus_print_double("x[N-1]", x[N - 1]);
  return 0;
}
