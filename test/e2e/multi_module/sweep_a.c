// One of two modules of a program: a page-strided sweep whose releases carry tags
// numbered from 1 in this module.
#include <stddef.h>

__attribute__((noinline)) double sweep_a(size_t rows, size_t cols, double *m) {
  double sum = 0;
  for (size_t j = 0; j < cols; j++)
    for (size_t i = 0; i < rows; i++)
      sum += m[i * cols + j];
  return sum;
}
