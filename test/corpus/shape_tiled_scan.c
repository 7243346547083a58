// A blocked (tiled) prefix scan: the inner loop over one tile is the nest, and its bounds
// depend on the tile (b * bs to min((b + 1) * bs, n)), with a tile's partial sum read and
// written around it. Its fit test is made once, before the loop of tiles, against its bound
// over the tiles, so that in core the function runs its plain body (the entry computes the
// tile count, n / bs, as the function does on every call); tested per tile, the function kept
// its prepared body, whose tile loop lost its run-time unrolling (1.25x plain's
// instructions). N is the size knob.
// ARRAYS: scan_tiles: in out
#include "corpus.h"

#ifndef N
#define N 300000
#endif
enum { TILE = 1024 };

static void scan_tiles(const long *in, long *out, long n, long bs, long *sums) {
  long nb = (n + bs - 1) / bs;
  for (long b = 0; b < nb; b++) {
    long s = 0, e = (b + 1) * bs < n ? (b + 1) * bs : n;
    for (long i = b * bs; i < e; i++)
      s += in[i];
    sums[b] = s;
  }
  long run = 0;
  for (long b = 0; b < nb; b++) {
    long t = sums[b];
    sums[b] = run;
    run += t;
  }
  for (long b = 0; b < nb; b++) {
    long s = sums[b], e = (b + 1) * bs < n ? (b + 1) * bs : n;
    for (long i = b * bs; i < e; i++) {
      s += in[i];
      out[i] = s;
    }
  }
}

int main(void) {
  corpus_seed(89);
  long *in = corpus_alloc(N * sizeof(long)), *out = corpus_alloc(N * sizeof(long));
  long *sums = corpus_alloc((N / TILE + 1) * sizeof(long));
  for (long i = 0; i < N; i++)
    in[i] = (long)(corpus_next() % 1000) - 500;
  for (int pass = 0; pass < 8; pass++) {
    scan_tiles(in, out, N, TILE, sums);
    in[(pass * 7919) % N] += out[N - 1] % 7;
  }
  corpus_print_hash("out", out, N * sizeof(long));
  corpus_print_long("out[N-1]", out[N - 1]);
  return 0;
}
