// 2-D FDTD (PolyBench fdtd-2d shape): inside the time loop a 1-D sweep reads a small
// per-step array (fict[t], which only the time loop moves) and three 2-D sweeps update
// ey, ex and hz; the big arrays' sweeps are pipelines of their own.
// NX, NY and TMAX are the size knobs.
// ARRAYS: fdtd: fict ex ey hz
#include "corpus.h"

#ifndef NX
#define NX 300
#endif
#ifndef NY
#define NY 340
#endif
#ifndef TMAX
#define TMAX 4
#endif

__attribute__((noinline)) void fdtd(int tmax, int nx, int ny, double ex[nx][ny], double ey[nx][ny],
                                    double hz[nx][ny], const double *fict) {
  for (int t = 0; t < tmax; t++) {
    for (int j = 0; j < ny; j++)
      ey[0][j] = fict[t];
    for (int i = 1; i < nx; i++)
      for (int j = 0; j < ny; j++)
        ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
    for (int i = 0; i < nx; i++)
      for (int j = 1; j < ny; j++)
        ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
    for (int i = 0; i < nx - 1; i++)
      for (int j = 0; j < ny - 1; j++)
        hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
  }
}

int main(void) {
  corpus_seed(72);
  size_t points = (size_t)NX * NY;
  double (*ex)[NY] = (double (*)[NY])corpus_doubles(points);
  double (*ey)[NY] = (double (*)[NY])corpus_doubles(points);
  double (*hz)[NY] = (double (*)[NY])corpus_doubles(points);
  double *fict = corpus_doubles(TMAX);
  fdtd(TMAX, NX, NY, ex, ey, hz, fict);
  corpus_print_hash("ex", ex, sizeof(double) * points);
  corpus_print_hash("ey", ey, sizeof(double) * points);
  corpus_print_hash("hz", hz, sizeof(double) * points);
  corpus_print_double("hz[NX/2][NY/2]", hz[NX / 2][NY / 2]);
  return 0;
}
