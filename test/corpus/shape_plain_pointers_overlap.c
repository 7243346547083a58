// Plain (possibly aliasing) pointers, called with overlapping ranges of one buffer: dst = src + 1
// makes a loop-carried dependence through memory that any reordering would break.
// ARRAYS: shift_add: dst src
#include "corpus.h"

enum { N = 500003 };

__attribute__((noinline)) void shift_add(long n, double *dst, const double *src) {
  for (long i = 0; i < n; i++)
    dst[i] = src[i] * 0.5 + dst[i];
}

int main(void) {
  corpus_seed(44);
  double *buf = corpus_doubles(N + 8);
  shift_add(N, buf + 1, buf);       // reads what the previous iteration wrote
  shift_add(N - 8, buf, buf + 5);   // reads ahead of the writes
  corpus_print_hash("buf", buf, sizeof(double) * (N + 8));
  corpus_print_double("buf[N]", buf[N]);
  return 0;
}
