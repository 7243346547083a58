// Loop steps other than one: +2 (red points), +3 with an offset, -2 counting down, and a 2-D
// nest stepping 3 rows and 2 columns at a time.
// ARRAYS: red_update: a
// ARRAYS: every_third: a b
// ARRAYS: down_by_two: b
// ARRAYS: coarse2d: G
#include "corpus.h"

enum { N = 600011, R = 500, C = 701 };

__attribute__((noinline)) void red_update(long n, double *a) {
  for (long i = 1; i < n - 1; i += 2)
    a[i] = 0.5 * (a[i - 1] + a[i + 1]);
}

__attribute__((noinline)) void every_third(long n, const double *a, double *b) {
  for (long i = 2; i < n; i += 3)
    b[i] = a[i - 2] * 2.0 - b[i];
}

__attribute__((noinline)) void down_by_two(long n, double *b) {
  for (long i = n - 1; i >= 2; i -= 2)
    b[i - 2] += b[i] * 0.125;
}

__attribute__((noinline)) void coarse2d(int rows, int cols, double G[rows][cols]) {
  for (int i = 0; i + 3 < rows; i += 3)
    for (int j = 0; j + 2 < cols; j += 2)
      G[i][j] = G[i + 3][j + 2] - G[i][j];
}

int main(void) {
  corpus_seed(49);
  double *a = corpus_doubles(N), *b = corpus_doubles(N);
  double (*G)[C] = (double (*)[C])corpus_doubles((size_t)R * C);
  red_update(N, a);
  every_third(N, a, b);
  down_by_two(N, b);
  coarse2d(R, C, G);
  corpus_print_hash("a", a, sizeof(double) * N);
  corpus_print_hash("b", b, sizeof(double) * N);
  corpus_print_hash("G", G, sizeof(double) * R * C);
  return 0;
}
