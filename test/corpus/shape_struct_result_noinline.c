// Two kernels returning a struct of statistics through memory (the C ABI's sret): one inlined
// into its caller, one noinline, whose plain body the pass keeps out of line in an internal
// function. At -O3 ArgumentPromotion drops sret from internal functions; without the
// dereferenceable bytes sret implies, LICM kept the noinline kernel's max and min in memory,
// stored on every iteration (1.05x plain's instructions in core, 1.14x in that kernel).
// REPEATS is the size knob.
// CFLAGS: -O3
// ARRAYS: column_stats: a b
// ARRAYS: strided_stats: a
#include "corpus.h"

#ifndef REPEATS
#define REPEATS 4
#endif

typedef struct {
  double sum, max, min;
  long count;
} stats;

static volatile long rows = 300, cols = 280;

stats column_stats(const double *a, double *b, long n, long m) {
  stats s = {0, -1e300, 1e300, 0};
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++) {
      double v = a[j * n + i] - b[i * m + j];
      b[i * m + j] = v;
      s.sum += v;
      if (v > s.max)
        s.max = v;
      if (v < s.min)
        s.min = v;
      s.count++;
    }
  return s;
}

__attribute__((noinline)) stats strided_stats(const double *a, long n, long m) {
  stats s = {0, -1e300, 1e300, 0};
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++) {
      double v = a[j * n + i];
      s.sum += v;
      if (v > s.max)
        s.max = v;
      if (v < s.min)
        s.min = v;
      s.count++;
    }
  return s;
}

int main(void) {
  corpus_seed(89);
  long n = rows, m = cols;
  double *a = corpus_doubles((size_t)(n * m));
  double *b = corpus_doubles((size_t)(n * m));
  stats t = {0, 0, 0, 0};
  for (int r = 0; r < REPEATS; r++) {
    stats u = column_stats(a, b, n, m);
    stats w = strided_stats(b, n, m);
    t.sum += u.sum + w.sum;
    t.max += u.max + w.max;
    t.min += u.min + w.min;
    t.count += u.count + w.count;
  }
  corpus_print_hash("b", b, (size_t)(n * m) * sizeof(double));
  corpus_print_double("sum", t.sum);
  corpus_print_double("max", t.max);
  corpus_print_double("min", t.min);
  corpus_print_long("count", t.count);
  return 0;
}
