// Cyclic re-scans: the same large array read in full several times (each pass depends on the
// previous one), the case where keeping the head and releasing the tail pays (MRU-like).
// ARRAYS: rescan: a b
#include "corpus.h"

enum { N = 700001, PASSES = 4 };

__attribute__((noinline)) double rescan(int passes, long n, const double *a, double *b) {
  double carry = 0.0;
  for (int p = 0; p < passes; p++)
    for (long i = 0; i < n; i++) {
      carry = carry * 0.5 + a[i];
      b[i] += carry;
    }
  return carry;
}

int main(void) {
  corpus_seed(40);
  double *a = corpus_doubles(N), *b = corpus_doubles(N);
  corpus_print_double("carry", rescan(PASSES, N, a, b));
  corpus_print_hash("b", b, sizeof(double) * N);
  return 0;
}
