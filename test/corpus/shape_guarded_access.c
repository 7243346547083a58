// Accesses under conditions: an affine guard (every third row, only the upper half of the
// columns) and a data-dependent guard (update where the mask is set).
// ARRAYS: guarded: A mask b
#include "corpus.h"

enum { R = 800, C = 900 };

__attribute__((noinline)) void guarded(int rows, int cols, double A[rows][cols], const unsigned char *mask, double *b) {
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++) {
      if (i % 3 == 0 && j >= cols / 2)
        A[i][j] *= -1.0;
      if (mask[(long)i * cols + j])
        b[i] += A[i][j];
    }
}

int main(void) {
  corpus_seed(55);
  double (*A)[C] = (double (*)[C])corpus_doubles((size_t)R * C);
  unsigned char *mask = corpus_alloc((size_t)R * C);
  for (long k = 0; k < (long)R * C; k++)
    mask[k] = (corpus_next() & 7) == 0;
  double *b = corpus_doubles(R);
  guarded(R, C, A, mask, b);
  corpus_print_hash("A", A, sizeof(double) * R * C);
  corpus_print_hash("b", b, sizeof(double) * R);
  return 0;
}
