// Least-significant-digit radix sort of 32-bit keys, four passes of 8-bit digits: per pass a
// histogram (indirect increments count[digit(key[i])]), an exclusive prefix sum, and a stable
// scatter out[next[digit(key[i])]++] = key[i] (indirect writes). KEYS is the size knob.
// ARRAYS: digit_histogram: keys count
// ARRAYS: exclusive_prefix: count
// ARRAYS: scatter_by_digit: keys next out
#include "corpus.h"

#ifndef KEYS
#define KEYS 200000
#endif
enum { RADIX = 256 };

__attribute__((noinline)) void digit_histogram(long n, int shift, const uint32_t *keys, long *count) {
  for (long i = 0; i < n; i++)
    count[(keys[i] >> shift) & (RADIX - 1)]++;
}

__attribute__((noinline)) void exclusive_prefix(int radix, long *count) {
  long total = 0;
  for (int d = 0; d < radix; d++) {
    long here = count[d];
    count[d] = total;
    total += here;
  }
}

__attribute__((noinline)) void scatter_by_digit(long n, int shift, const uint32_t *keys, long *next, uint32_t *out) {
  for (long i = 0; i < n; i++)
    out[next[(keys[i] >> shift) & (RADIX - 1)]++] = keys[i];
}

int main(void) {
  corpus_seed(67);
  uint32_t *keys = corpus_alloc(sizeof(uint32_t) * KEYS);
  uint32_t *spare = corpus_alloc(sizeof(uint32_t) * KEYS);
  for (long i = 0; i < KEYS; i++)
    keys[i] = corpus_next() ^ (corpus_next() << 16);
  long count[RADIX];
  for (int shift = 0; shift < 32; shift += 8) {
    for (int d = 0; d < RADIX; d++)
      count[d] = 0;
    digit_histogram(KEYS, shift, keys, count);
    exclusive_prefix(RADIX, count);
    scatter_by_digit(KEYS, shift, keys, count, spare);
    uint32_t *sorted = spare;
    spare = keys;
    keys = sorted;
  }
  long ordered = 1;
  for (long i = 1; i < KEYS; i++)
    ordered &= keys[i - 1] <= keys[i];
  corpus_print_hash("keys", keys, sizeof(uint32_t) * KEYS);
  corpus_print_long("ordered", ordered);
  return 0;
}
