// Arrays held by static pointers, a gather through one of them (field[g]) beside
// streams through the others, over a range of a parameter's start: the plain build
// vectorizes the loop because GlobalsAA knows the globals hold distinct mallocs,
// and the outcore build's plain version must keep that fact (its hinted copy
// neither takes the pointers as arguments nor selects them against null).
// ARRAYS: push: px vx field
#include <math.h>

#include "corpus.h"

#ifndef N
#define N 200000
#endif
enum { G = 1 << 15 };

static double *px, *vx, *field;

__attribute__((noinline)) void push(long lo, long hi) {
  for (int t = 0; t < 4; t++)
    for (long i = lo; i < hi; i++) {
      long g = (long)(px[i] * (G - 1)); // px in [0, 1)
      vx[i] += 0.01 * field[g];
      px[i] += 0.001 * vx[i];
      px[i] -= floor(px[i]);
    }
}

int main(void) {
  corpus_seed(43);
  px = corpus_doubles(N);
  for (long i = 0; i < N; i++)
    px[i] = 0.5 * (px[i] + 1.0);
  vx = corpus_doubles(N);
  field = corpus_doubles(G);
  push(N / 4, N);
  push(0, N / 4);
  corpus_print_hash("px", px, sizeof(double) * N);
  corpus_print_hash("vx", vx, sizeof(double) * N);
  return 0;
}
