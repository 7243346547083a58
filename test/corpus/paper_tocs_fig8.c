// TOCS Fig. 8 shape: a 5-deep nest whose three inner loops are tiny (2x3x2), so no inner loop
// touches a block by itself and the pipeline loop must be one of the outer two.
// ARRAYS: fig8_nest: A B
#include "corpus.h"

enum { NI = 300, NJ = 250 };

__attribute__((noinline)) void fig8_nest(int ni, int nj, double A[ni][nj][12], const double B[ni + 1][nj][12]) {
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      for (int k = 0; k < 2; k++)
        for (int l = 0; l < 3; l++)
          for (int p = 0; p < 2; p++)
            A[i][j][k * 6 + l * 2 + p] = B[i][j][k * 6 + l * 2 + p] * 0.5 + B[i + 1][j][(k * 6 + l * 2 + p + 1) % 12];
}

int main(void) {
  corpus_seed(34);
  double (*A)[NJ][12] = corpus_alloc(sizeof(double) * NI * NJ * 12);
  double (*B)[NJ][12] = (double (*)[NJ][12])corpus_doubles((size_t)(NI + 1) * NJ * 12);
  fig8_nest(NI, NJ, A, B);
  corpus_print_hash("A", A, sizeof(double) * NI * NJ * 12);
  corpus_print_double("A[299][249][11]", A[NI - 1][NJ - 1][11]);
  return 0;
}
