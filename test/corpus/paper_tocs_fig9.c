// TOCS Fig. 9: an indirect update a[b[i]] = a[b[i]] + c[i][j] inside a two-deep nest
// (the index array b is read sequentially; a is hit at random).
// ARRAYS: fig9_indirect: a b c
#include "corpus.h"

enum { NI = 40000, NJ = 20, NA = 500009 };

__attribute__((noinline)) void fig9_indirect(int ni, int nj, double *a, const int *b, const double c[ni][nj]) {
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      a[b[i]] = a[b[i]] + c[i][j];
}

int main(void) {
  corpus_seed(35);
  double *a = corpus_doubles(NA);
  int *b = corpus_alloc(sizeof(int) * NI);
  for (int i = 0; i < NI; i++)
    b[i] = (int)(corpus_next() % NA);
  double (*c)[NJ] = (double (*)[NJ])corpus_doubles((size_t)NI * NJ);
  fig9_indirect(NI, NJ, a, b, c);
  corpus_print_hash("a", a, sizeof(double) * NA);
  corpus_print_double("a[b[0]]", a[b[0]]);
  return 0;
}
