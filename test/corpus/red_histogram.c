// Histogram of byte-sized keys and of doubles binned by value (indirect increments hist[bin]).
// ARRAYS: byte_histogram: key hist
// ARRAYS: value_histogram: x hist
#include "corpus.h"

enum { N = 2000003, NBINS = 1000 };

__attribute__((noinline)) void byte_histogram(long n, const unsigned char *key, long *hist) {
  for (long i = 0; i < n; i++)
    hist[key[i]]++;
}

__attribute__((noinline)) void value_histogram(long n, int nbins, const double *x, long *hist) {
  for (long i = 0; i < n; i++)
    hist[(int)((x[i] + 1.0) * 0.5 * nbins)]++;
}

int main(void) {
  corpus_seed(31);
  unsigned char *key = corpus_alloc(N);
  for (long i = 0; i < N; i++)
    key[i] = (unsigned char)(corpus_next() >> 7);
  long bytes[256] = {0};
  byte_histogram(N, key, bytes);
  double *x = corpus_doubles(N / 4);
  long values[NBINS] = {0};
  value_histogram(N / 4, NBINS, x, values);
  corpus_print_hash("bytes", bytes, sizeof bytes);
  corpus_print_hash("values", values, sizeof values);
  corpus_print_long("bytes[0]", bytes[0]);
  return 0;
}
