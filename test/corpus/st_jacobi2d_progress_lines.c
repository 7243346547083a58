// Time-stepped 2-D Jacobi on flat malloc'd arrays that prints a progress line between its
// sweeps, as solvers do: the call refuses the time loop as one nest, not the sweeps in it.
// N and STEPS are the size knobs.
// ARRAYS: relax: a b
#include "corpus.h"

#ifndef N
#define N 400
#endif
#ifndef STEPS
#define STEPS 4
#endif

__attribute__((noinline)) void relax(double *a, double *b, long n, long steps) {
  for (long t = 0; t < steps; t++) {
    for (long i = 1; i < n - 1; i++)
      for (long j = 1; j < n - 1; j++)
        b[i * n + j] = 0.25 * (a[(i - 1) * n + j] + a[(i + 1) * n + j] + a[i * n + j - 1] +
                               a[i * n + j + 1]);
    for (long i = 1; i < n - 1; i++)
      for (long j = 1; j < n - 1; j++)
        a[i * n + j] = 0.25 * (b[(i - 1) * n + j] + b[(i + 1) * n + j] + b[i * n + j - 1] +
                               b[i * n + j + 1]);
    if (t % 2 == 0)
      printf("step %ld a[1][1] %a\n", t, a[n + 1]);
  }
}

int main(void) {
  corpus_seed(83);
  double *a = corpus_doubles((size_t)N * N);
  double *b = corpus_doubles((size_t)N * N);
  relax(a, b, N, STEPS);
  corpus_print_hash("a", a, sizeof(double) * N * N);
  corpus_print_hash("b", b, sizeof(double) * N * N);
  return 0;
}
