// Loops counting down: a reversed copy (read forward, write backward), a 2-D sweep with both
// loops descending, and an in-place suffix recurrence that must run from the end.
// ARRAYS: reverse_copy: src dst
// ARRAYS: descend2d: A
// ARRAYS: suffix_sums: a
#include "corpus.h"

enum { N = 400001, R = 400, C = 999 };

__attribute__((noinline)) void reverse_copy(int n, const double *restrict src, double *restrict dst) {
  for (int i = n - 1; i >= 0; i--)
    dst[n - 1 - i] = src[i];
}

__attribute__((noinline)) void descend2d(int rows, int cols, double A[rows][cols]) {
  for (int i = rows - 1; i >= 1; i--)
    for (int j = cols - 2; j >= 0; j--)
      A[i][j] = A[i][j] - 0.5 * A[i - 1][j + 1];
}

__attribute__((noinline)) void suffix_sums(int n, double *a) {
  for (int i = n - 2; i >= 0; i--)
    a[i] += a[i + 1];
}

int main(void) {
  corpus_seed(47);
  double *src = corpus_doubles(N), *dst = corpus_alloc(sizeof(double) * N);
  reverse_copy(N, src, dst);
  double (*A)[C] = (double (*)[C])corpus_doubles((size_t)R * C);
  descend2d(R, C, A);
  suffix_sums(N, dst);
  corpus_print_hash("dst", dst, sizeof(double) * N);
  corpus_print_hash("A", A, sizeof(double) * R * C);
  corpus_print_double("dst[0]", dst[0]);
  return 0;
}
