// A 2-D heat equation on two std::vector<std::vector<double>> grids of 2400 rows of
// 5200 doubles (2 x 100 MB), then column sums.
#include <cstdio>
#include <numeric>
#include <utility>
#include <vector>

#ifndef NX
#define NX 2400
#endif
#define NY 5200

int main() {
  std::vector<std::vector<double>> u(NX, std::vector<double>(NY, 0.0)), v = u;
  for (int i = 0; i < NX; i++)
    for (int j = 0; j < NY; j++)
      u[i][j] = ((i * 13 + j * 7) % 23) / 23.0;
  for (int t = 0; t < 20; t++) {
    for (int i = 1; i < NX - 1; i++)
      for (int j = 1; j < NY - 1; j++)
        v[i][j] = u[i][j] + 0.1 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1] -
                                   4 * u[i][j]);
    std::swap(u, v);
  }
  std::vector<double> colsum(NY, 0.0);
  for (int i = 0; i < NX; i++)
    for (int j = 0; j < NY; j++)
      colsum[j] += u[i][j];
  double s = std::accumulate(colsum.begin(), colsum.end(), 0.0), w = 0;
  for (int j = 0; j < NY; j++)
    w += colsum[j] * (j % 5);
  std::printf("grid_vectors sum=%a weighted=%a\n", s, w);
  return 0;
}
