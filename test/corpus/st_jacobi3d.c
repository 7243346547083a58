// 3-D Jacobi (seven-point), fixed sizes known only to main (kernel takes them as parameters).
// ARRAYS: jacobi3d: A B
#include "corpus.h"

enum { NX = 70, NY = 66, NZ = 90 };

__attribute__((noinline)) void jacobi3d(int nx, int ny, int nz, const double A[nx][ny][nz], double B[nx][ny][nz]) {
  for (int i = 1; i < nx - 1; i++)
    for (int j = 1; j < ny - 1; j++)
      for (int k = 1; k < nz - 1; k++)
        B[i][j][k] = (A[i - 1][j][k] + A[i + 1][j][k] + A[i][j - 1][k] + A[i][j + 1][k] + A[i][j][k - 1] +
                      A[i][j][k + 1] - 6.0 * A[i][j][k]) * 0.125 + A[i][j][k];
}

int main(void) {
  corpus_seed(14);
  double (*A)[NY][NZ] = (double (*)[NY][NZ])corpus_doubles((size_t)NX * NY * NZ);
  double (*B)[NY][NZ] = (double (*)[NY][NZ])corpus_doubles((size_t)NX * NY * NZ);
  jacobi3d(NX, NY, NZ, A, B);
  jacobi3d(NX, NY, NZ, B, A);
  corpus_print_hash("A", A, sizeof(double) * NX * NY * NZ);
  corpus_print_hash("B", B, sizeof(double) * NX * NY * NZ);
  corpus_print_double("B[5][6][7]", B[5][6][7]);
  return 0;
}
