/* A function the pass leaves alone (its nest fits in memory at compile time) must compile
 * exactly as in the plain build: here clang turns each row copy into one memcpy, which the
 * pass's early canonicalisation used to prevent (a 4-D copy ran 1.55x plain's
 * instructions). sweep() is transformed, so the two builds differ there, as they should. */
#define N 12
static double rhs[N][N][N][5], forcing[N][N][N][5];

__attribute__((noinline)) void copy_forcing(int nx, int ny, int nz) {
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++)
        for (int m = 0; m < 5; m++)
          rhs[k][j][i][m] = forcing[k][j][i][m];
}

__attribute__((noinline)) double sweep(long n, const double *a) {
  double s = 0.0;
  for (long i = 0; i < n; i++)
    s += a[i];
  return s;
}

int main(void) {
  for (int k = 0; k < N; k++)
    forcing[k][k][k][k % 5] = k;
  copy_forcing(N, N, N);
  return (int)(rhs[3][3][3][3] + sweep(N * 5, &rhs[0][0][0][0]));
}
