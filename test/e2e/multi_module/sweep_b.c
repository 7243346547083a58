// The other module: the same kind of sweep, whose tags are also numbered from 1 here.
#include <stdio.h>
#include <stdlib.h>

double sweep_a(size_t rows, size_t cols, double *m);

__attribute__((noinline)) double sweep_b(size_t rows, size_t cols, double *m) {
  double sum = 0;
  for (size_t j = 0; j < cols; j++)
    for (size_t i = 0; i < rows; i++)
      sum += m[i * cols + j] * 2;
  return sum;
}

int main(void) {
  size_t rows = 512, cols = 1024;
  double *m = malloc(rows * cols * sizeof *m);
  if (!m)
    return 1;
  for (size_t k = 0; k < rows * cols; k++)
    m[k] = (double)(k % 7);
  printf("%a %a\n", sweep_a(rows, cols, m), sweep_b(rows, cols, m));
  free(m);
  return 0;
}
