// Pairwise reduction tree in place: at level s, a[i] += a[i + s] for i stepping by 2s
// (stride doubling every level, like the passes of an FFT), then a prefix-sum down-sweep.
// ARRAYS: tree_reduce: a
// ARRAYS: tree_downsweep: a
#include "corpus.h"

enum { N = 1 << 19 };

__attribute__((noinline)) void tree_reduce(int n, double *a) {
  for (int s = 1; s < n; s *= 2)
    for (int i = 0; i + s < n; i += 2 * s)
      a[i] += a[i + s];
}

__attribute__((noinline)) void tree_downsweep(int n, double *a) {
  for (int s = n / 2; s >= 1; s /= 2)
    for (int i = 0; i + s < n; i += 2 * s)
      a[i + s] = a[i] - a[i + s];
}

int main(void) {
  corpus_seed(28);
  double *a = corpus_doubles(N);
  tree_reduce(N, a);
  corpus_print_double("total", a[0]);
  tree_downsweep(N, a);
  corpus_print_hash("a", a, sizeof(double) * N);
  return 0;
}
