// Plain sum and a Kahan-compensated sum over the same vector (order-sensitive reductions).
// ARRAYS: plain_sum: a
// ARRAYS: kahan_sum: a
#include "corpus.h"

enum { N = 900001 };

__attribute__((noinline)) double plain_sum(long n, const double *a) {
  double s = 0.0;
  for (long i = 0; i < n; i++)
    s += a[i];
  return s;
}

__attribute__((noinline)) double kahan_sum(long n, const double *a) {
  double s = 0.0, c = 0.0;
  for (long i = 0; i < n; i++) {
    double y = a[i] - c;
    double t = s + y;
    c = (t - s) - y;
    s = t;
  }
  return s;
}

int main(void) {
  corpus_seed(29);
  double *a = corpus_doubles(N);
  for (long i = 0; i < N; i++)
    a[i] *= 1e-3 * (double)(i % 1000);
  corpus_print_double("plain", plain_sum(N, a));
  corpus_print_double("kahan", kahan_sum(N, a));
  return 0;
}
