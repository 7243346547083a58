// TOCS Fig. 2 (the worked example): A[i][j] = B[j][0] + B[j+1][0], with the paper's sizes
// (A is 3x100, B is 101x3: B[j][0] and B[j+1][0] are group reuse, i carries temporal reuse of B)
// and a scaled copy whose B rows are a page wide (every j touches a new page of B).
// ARRAYS: fig2_paper: A B
// ARRAYS: fig2_scaled: A B
#include "corpus.h"

enum { SCALED_J = 2000, SCALED_ROW = 512 };

__attribute__((noinline)) void fig2_paper(double A[3][100], double B[101][3]) {
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 100; j++)
      A[i][j] = B[j][0] + B[j + 1][0];
}

__attribute__((noinline)) void fig2_scaled(int nj, double A[3][nj], double B[nj + 1][SCALED_ROW]) {
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < nj; j++)
      A[i][j] = B[j][0] + B[j + 1][0];
}

int main(void) {
  corpus_seed(32);
  double (*A)[100] = corpus_alloc(sizeof(double) * 3 * 100);
  double (*B)[3] = (double (*)[3])corpus_doubles(101 * 3);
  fig2_paper(A, B);
  corpus_print_hash("A_paper", A, sizeof(double) * 300);
  double (*As)[SCALED_J] = corpus_alloc(sizeof(double) * 3 * SCALED_J);
  double (*Bs)[SCALED_ROW] = (double (*)[SCALED_ROW])corpus_doubles((size_t)(SCALED_J + 1) * SCALED_ROW);
  fig2_scaled(SCALED_J, As, Bs);
  corpus_print_hash("A_scaled", As, sizeof(double) * 3 * SCALED_J);
  corpus_print_double("A_scaled[2][1999]", As[2][SCALED_J - 1]);
  return 0;
}
