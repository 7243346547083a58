// Arrays that are VLAs of the caller: a stack VLA sized at run time and a heap block viewed
// through a VLA pointer type; the kernel gets both plus their run-time extents.
// ARRAYS: vla_blend: small big
#include "corpus.h"

__attribute__((noinline)) void vla_blend(int n, int m, int rows, double small[n][m], double (*big)[m]) {
  for (int r = 0; r < rows; r++)
    for (int j = 0; j < m; j++)
      big[r][j] = big[r][j] * 0.75 + small[r % n][j];
}

int main(int argc, char **argv) {
  (void)argv;
  corpus_seed(43);
  // argc keeps the sizes unknown to the compiler.
  int n = 9 + argc, m = 301 + argc, rows = 2500 + argc;
  double small[n][m];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      small[i][j] = corpus_double();
  double (*big)[m] = (double (*)[m])corpus_doubles((size_t)rows * m);
  vla_blend(n, m, rows, small, big);
  corpus_print_hash("big", big, sizeof(double) * rows * m);
  corpus_print_double("big[rows-1][m-1]", big[rows - 1][m - 1]);
  return 0;
}
