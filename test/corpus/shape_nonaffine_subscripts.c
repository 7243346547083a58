// Subscripts Polly cannot model: a quadratic index (i*i mod n), a masked product index, and a
// subscript loaded from memory inside a 2-D nest.
// ARRAYS: quadratic_walk: a out
// ARRAYS: masked_product: t
// ARRAYS: row_lookup: M perm out
#include "corpus.h"

enum { N = 262147, MASK = (1 << 18) - 1, R = 300, C = 800 };

__attribute__((noinline)) void quadratic_walk(long n, const double *a, double *out) {
  for (long i = 0; i < n; i++)
    out[i] = a[(i * i) % n];
}

__attribute__((noinline)) void masked_product(int n, double *t) {
  for (int i = 1; i < 512; i++)
    for (int j = 1; j < 512; j++)
      t[(i * j) & (n - 1)] += 1.0 / (i + j);
}

__attribute__((noinline)) void row_lookup(int rows, int cols, const double M[rows][cols], const int *perm, double *out) {
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      out[(long)i * cols + j] = M[perm[i]][j];
}

int main(void) {
  corpus_seed(57);
  double *a = corpus_doubles(N), *out = corpus_alloc(sizeof(double) * N);
  quadratic_walk(N, a, out);
  double *t = corpus_doubles(MASK + 1);
  masked_product(MASK + 1, t);
  double (*M)[C] = (double (*)[C])corpus_doubles((size_t)R * C);
  int *perm = corpus_alloc(sizeof(int) * R);
  for (int i = 0; i < R; i++)
    perm[i] = (int)((i * 7919L) % R);
  double *rows = corpus_alloc(sizeof(double) * R * C);
  row_lookup(R, C, M, perm, rows);
  corpus_print_hash("out", out, sizeof(double) * N);
  corpus_print_hash("t", t, sizeof(double) * (MASK + 1));
  corpus_print_hash("rows", rows, sizeof(double) * R * C);
  return 0;
}
