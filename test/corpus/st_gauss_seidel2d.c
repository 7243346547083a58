// Gauss-Seidel relaxation in place (five-point): each update reads the new north and west values.
// ARRAYS: gauss_seidel: a
#include "corpus.h"

enum { N = 700, SWEEPS = 3 };

__attribute__((noinline)) void gauss_seidel(int sweeps, int n, double *a) {
  for (int s = 0; s < sweeps; s++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        a[i * n + j] = 0.25 * (a[(i - 1) * n + j] + a[(i + 1) * n + j] + a[i * n + j - 1] + a[i * n + j + 1]);
}

int main(void) {
  corpus_seed(17);
  double *a = corpus_doubles((size_t)N * N);
  gauss_seidel(SWEEPS, N, a);
  corpus_print_hash("a", a, sizeof(double) * N * N);
  corpus_print_double("a[N*N/2]", a[N * N / 2]);
  return 0;
}
