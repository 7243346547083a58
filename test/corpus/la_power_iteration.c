// Power iteration: ITERS rectangular matrix-vector products y = A x, each followed by a
// normalisation x = y / max|y|, both called from main once per iteration (every call enters the
// nests anew). N and ITERS are the size knobs (-DN=, -DITERS=).
// ARRAYS: matvec_rows: A x y
// ARRAYS: normalise_by_max: y x
#include "corpus.h"

#ifndef N
#define N 500
#endif
#ifndef ITERS
#define ITERS 4
#endif

__attribute__((noinline)) void matvec_rows(int n, const double A[n][n], const double *x, double *y) {
  for (int i = 0; i < n; i++) {
    double sum = 0.0;
    for (int j = 0; j < n; j++)
      sum += A[i][j] * x[j];
    y[i] = sum;
  }
}

__attribute__((noinline)) double normalise_by_max(int n, const double *y, double *x) {
  double largest = 0.0;
  for (int i = 0; i < n; i++) {
    double magnitude = y[i] < 0.0 ? -y[i] : y[i];
    largest = magnitude > largest ? magnitude : largest;
  }
  for (int i = 0; i < n; i++)
    x[i] = y[i] / largest;
  return largest;
}

int main(void) {
  corpus_seed(65);
  double (*A)[N] = (double (*)[N])corpus_doubles((size_t)N * N);
  double *x = corpus_doubles(N);
  double *y = corpus_alloc(sizeof(double) * N);
  double eigenvalue = 0.0;
  for (int t = 0; t < ITERS; t++) {
    matvec_rows(N, A, x, y);
    eigenvalue = normalise_by_max(N, y, x);
  }
  corpus_print_hash("x", x, sizeof(double) * N);
  corpus_print_double("eigenvalue", eigenvalue);
  return 0;
}
