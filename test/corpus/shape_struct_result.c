// A kernel returning a struct of statistics (sum, max, min, count: 32 bytes, returned through
// memory by the C ABI) and inlined into its caller, which adds the results of repeated calls.
// A transformed function chooses at its entry between its plain body and a call of its
// transformed copy; inlined, the two results merge in the caller. Through memory, the max and
// min read back side by side after the call invited the vectorizer to turn the plain loop's
// max/min recurrences into vector selects (1.30x plain's instructions in core); the copy
// returns the struct as a value instead. REPEATS is the size knob.
// ARRAYS: column_stats: a b
#include "corpus.h"

#ifndef REPEATS
#define REPEATS 4
#endif

typedef struct {
  double sum, max, min;
  long count;
} stats;

static volatile long rows = 300, cols = 280;

// Not noinline: the case is the kernel inlined into its caller.
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

int main(void) {
  corpus_seed(97);
  long n = rows, m = cols;
  double *a = corpus_doubles((size_t)(n * m));
  double *b = corpus_doubles((size_t)(n * m));
  stats t = {0, 0, 0, 0};
  for (int r = 0; r < REPEATS; r++) {
    stats u = column_stats(a, b, n, m);
    t.sum += u.sum;
    t.max += u.max;
    t.min += u.min;
    t.count += u.count;
  }
  corpus_print_hash("b", b, (size_t)(n * m) * sizeof(double));
  corpus_print_double("sum", t.sum);
  corpus_print_double("max", t.max);
  corpus_print_double("min", t.min);
  corpus_print_long("count", t.count);
  return 0;
}
