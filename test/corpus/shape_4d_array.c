// A 4-D array traversed in a permuted loop order (l, i, k, j): one unit-stride dimension sits
// in the middle of the nest; the result goes to a 2-D array.
// ARRAYS: sum4d: X S
#include "corpus.h"

enum { D0 = 23, D1 = 29, D2 = 31, D3 = 37 };

__attribute__((noinline)) void sum4d(int d0, int d1, int d2, int d3, const double X[d0][d1][d2][d3], double S[d3][d1]) {
  for (int l = 0; l < d3; l++)
    for (int i = 0; i < d0; i++)
      for (int k = 0; k < d2; k++)
        for (int j = 0; j < d1; j++)
          S[l][j] += X[i][j][k][l];
}

int main(void) {
  corpus_seed(46);
  double (*X)[D1][D2][D3] = (double (*)[D1][D2][D3])corpus_doubles((size_t)D0 * D1 * D2 * D3);
  double (*S)[D1] = (double (*)[D1])corpus_doubles((size_t)D3 * D1);
  sum4d(D0, D1, D2, D3, X, S);
  corpus_print_hash("S", S, sizeof(double) * D3 * D1);
  corpus_print_double("S[0][0]", S[0][0]);
  return 0;
}
