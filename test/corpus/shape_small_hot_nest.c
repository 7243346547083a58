// A tiny loop nest entered millions of times: reversing an 11-int (44-byte) heap array inside
// an outer loop that calls a non-inlined function touching memory, so the outer loop is no part
// of the modelled nest and whatever a build puts before the inner loop (a fit test, hints) runs
// on every entry. The data is far below a page: in core this must cost what plain clang costs.
// ENTRIES is the size knob (-DENTRIES=...; benchmarks/incore.py uses it).
// ARRAYS: reverse_rounds: v
#include "corpus.h"

#ifndef ENTRIES
#define ENTRIES 2000000
#endif
enum { LEN = 11 };

// Not inlined and writing the LCG state: a call that keeps the outer loop out of any SCoP.
__attribute__((noinline)) unsigned draw(void) { return corpus_next(); }

// len is a parameter (not the constant LEN) so that the inner trip count is unknown at compile
// time, as for an array whose size is only known where it is allocated.
__attribute__((noinline)) void reverse_rounds(long rounds, int len, int *v) {
  for (long r = 0; r < rounds; r++) {
    for (int i = 0; i < len / 2; i++) {
      int t = v[i];
      v[i] = v[len - 1 - i];
      v[len - 1 - i] = t;
    }
    v[draw() % (unsigned)len] += 1;
  }
}

int main(void) {
  corpus_seed(61);
  int *v = corpus_alloc(LEN * sizeof(int));
  for (int i = 0; i < LEN; i++)
    v[i] = (int)(corpus_next() % 1000);
  reverse_rounds(ENTRIES, LEN, v);
  corpus_print_hash("v", v, LEN * sizeof(int));
  corpus_print_long("v[0]", v[0]);
  return 0;
}
