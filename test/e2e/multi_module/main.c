// The program's main, built plainly (no tags of its own): the two sweep modules are alike.
#include <stdio.h>
#include <stdlib.h>

double sweep_a(size_t rows, size_t cols, double *m);
double sweep_b(size_t rows, size_t cols, double *m);

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
