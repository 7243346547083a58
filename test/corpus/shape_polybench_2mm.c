// PolyBench 2mm style: every size is a function parameter and every array a restrict VLA
// parameter; D = alpha A B C + beta D through a temporary.
// ARRAYS: kernel_2mm: tmp A B C D
#include "corpus.h"

enum { NI = 120, NJ = 130, NK = 140, NL = 150 };

__attribute__((noinline)) void kernel_2mm(int ni, int nj, int nk, int nl, double alpha, double beta,
                                          double tmp[restrict ni][nj], double A[restrict ni][nk],
                                          double B[restrict nk][nj], double C[restrict nj][nl],
                                          double D[restrict ni][nl]) {
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      tmp[i][j] = 0.0;
      for (int k = 0; k < nk; ++k)
        tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nl; j++) {
      D[i][j] *= beta;
      for (int k = 0; k < nj; ++k)
        D[i][j] += tmp[i][k] * C[k][j];
    }
}

int main(void) {
  corpus_seed(42);
  double (*tmp)[NJ] = corpus_alloc(sizeof(double) * NI * NJ);
  double (*A)[NK] = (double (*)[NK])corpus_doubles((size_t)NI * NK);
  double (*B)[NJ] = (double (*)[NJ])corpus_doubles((size_t)NK * NJ);
  double (*C)[NL] = (double (*)[NL])corpus_doubles((size_t)NJ * NL);
  double (*D)[NL] = (double (*)[NL])corpus_doubles((size_t)NI * NL);
  kernel_2mm(NI, NJ, NK, NL, 1.5, 1.2, tmp, A, B, C, D);
  corpus_print_hash("D", D, sizeof(double) * NI * NL);
  corpus_print_double("D[0][0]", D[0][0]);
  return 0;
}
