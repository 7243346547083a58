// Loops that leave early: find the first element above a threshold in each row (break), and a
// search over a whole vector that returns from inside the loop.
// ARRAYS: first_above: A pos
// ARRAYS: find_value: a
#include "corpus.h"

enum { R = 1000, C = 997, N = 900001 };

__attribute__((noinline)) void first_above(int rows, int cols, const double A[rows][cols], double t, int *pos) {
  for (int i = 0; i < rows; i++) {
    pos[i] = -1;
    for (int j = 0; j < cols; j++)
      if (A[i][j] > t) {
        pos[i] = j;
        break;
      }
  }
}

__attribute__((noinline)) long find_value(long n, const double *a, double v) {
  for (long i = 0; i < n; i++)
    if (a[i] == v)
      return i;
  return -1;
}

int main(void) {
  corpus_seed(56);
  double (*A)[C] = (double (*)[C])corpus_doubles((size_t)R * C);
  int *pos = corpus_alloc(sizeof(int) * R);
  first_above(R, C, A, 0.998, pos);
  double *a = corpus_doubles(N);
  a[N - 5] = 42.0;
  corpus_print_hash("pos", pos, sizeof(int) * R);
  corpus_print_long("found", find_value(N, a, 42.0));
  corpus_print_long("missing", find_value(N, a, 43.0));
  return 0;
}
