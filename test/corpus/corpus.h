// Shared helpers for the corpus kernels: deterministic data (an LCG, never rand()) and
// output printing that lets two builds of one kernel be compared byte for byte
// (a 64-bit FNV-1a hash over an output array's bytes, and single values printed exactly with %a).
#ifndef OUTCORE_CORPUS_H
#define OUTCORE_CORPUS_H

#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t corpus_lcg_state = 0x853c49e6748fea9bULL;

static inline void corpus_seed(uint64_t seed) { corpus_lcg_state = seed * 2654435761ULL + 1; }

// Knuth's MMIX LCG; the high bits are the good ones.
static inline uint32_t corpus_next(void) {
  corpus_lcg_state = corpus_lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (uint32_t)(corpus_lcg_state >> 33);
}

// A double in [-1, 1) with few significant bits, so sums stay exact-ish and readable.
static inline double corpus_double(void) { return ((double)(corpus_next() % 65536) - 32768.0) / 32768.0; }

static inline void *corpus_alloc(size_t bytes) {
  // Never zero bytes: malloc(0) may return NULL, which is not an error here.
  void *p = malloc(bytes ? bytes : 1);
  if (!p) {
    fprintf(stderr, "out of memory allocating %zu bytes\n", bytes);
    exit(2);
  }
  return p;
}

static inline double *corpus_doubles(size_t n) {
  double *a = (double *)corpus_alloc(n * sizeof(double));
  for (size_t i = 0; i < n; i++)
    a[i] = corpus_double();
  return a;
}

static inline uint64_t corpus_fnv1a(const void *data, size_t bytes) {
  const unsigned char *p = (const unsigned char *)data;
  uint64_t h = 0xcbf29ce484222325ULL;
  for (size_t i = 0; i < bytes; i++) {
    h ^= p[i];
    h *= 0x100000001b3ULL;
  }
  return h;
}

static inline void corpus_print_hash(const char *name, const void *data, size_t bytes) {
  printf("hash %s %016" PRIx64 " (%zu bytes)\n", name, corpus_fnv1a(data, bytes), bytes);
}

static inline void corpus_print_double(const char *name, double v) { printf("value %s %a\n", name, v); }

static inline void corpus_print_long(const char *name, long v) { printf("value %s %ld\n", name, v); }

#endif
