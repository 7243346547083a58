// Element sizes and extents that do not divide a page or a 4-page block: 1-byte, 2-byte and
// 12-byte rows (float[3]), 4095 and 16385 element arrays, a buffer starting 3 bytes in.
// ARRAYS: mix_bytes: in out
// ARRAYS: widen: s w
// ARRAYS: norm3: p r
#include "corpus.h"

enum { NB = 4095 * 5 + 3, NS = 16385, NP = 100003 };

__attribute__((noinline)) void mix_bytes(long n, const unsigned char *in, unsigned char *out) {
  for (long i = 1; i < n; i++)
    out[i] = (unsigned char)(in[i] ^ (in[i - 1] >> 1)) + out[i - 1];
}

__attribute__((noinline)) void widen(int n, const short *s, int *w) {
  for (int i = 0; i < n; i++)
    w[i] = s[i] * 3 - s[n - 1 - i];
}

__attribute__((noinline)) void norm3(int n, const float p[][3], float *r) {
  for (int i = 0; i < n; i++)
    r[i] = p[i][0] * p[i][0] + p[i][1] * p[i][1] + p[i][2] * p[i][2];
}

int main(void) {
  corpus_seed(51);
  unsigned char *raw = corpus_alloc(NB + 3), *out = corpus_alloc(NB);
  for (long i = 0; i < NB + 3; i++)
    raw[i] = (unsigned char)corpus_next();
  out[0] = 7;
  mix_bytes(NB, raw + 3, out);
  short *s = corpus_alloc(sizeof(short) * NS);
  int *w = corpus_alloc(sizeof(int) * NS);
  for (int i = 0; i < NS; i++)
    s[i] = (short)(corpus_next() % 20000) - 10000;
  widen(NS, s, w);
  float (*p)[3] = corpus_alloc(sizeof(float) * 3 * NP);
  float *r = corpus_alloc(sizeof(float) * NP);
  for (int i = 0; i < NP; i++)
    for (int k = 0; k < 3; k++)
      p[i][k] = (float)corpus_double();
  norm3(NP, p, r);
  corpus_print_hash("out", out, NB);
  corpus_print_hash("w", w, sizeof(int) * NS);
  corpus_print_hash("r", r, sizeof(float) * NP);
  return 0;
}
