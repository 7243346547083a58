// 1-D in-place smoothing run backwards (negative stride): a[i] reads a[i+1] already updated
// in this sweep and a[i-1] not yet updated, so reversing the loop would change the result.
// ARRAYS: smooth_backward: a
#include "corpus.h"

enum { N = 600007, SWEEPS = 3 };

__attribute__((noinline)) void smooth_backward(int sweeps, int n, double *a) {
  for (int s = 0; s < sweeps; s++)
    for (int i = n - 2; i >= 1; i--)
      a[i] = 0.5 * a[i] + 0.25 * (a[i - 1] + a[i + 1]);
}

int main(void) {
  corpus_seed(18);
  double *a = corpus_doubles(N);
  smooth_backward(SWEEPS, N, a);
  corpus_print_hash("a", a, sizeof(double) * N);
  corpus_print_double("a[1]", a[1]);
  return 0;
}
