// The other module: the same kind of sweep, whose tags are also numbered from 1 here.
#include <stddef.h>

__attribute__((noinline)) double sweep_b(size_t rows, size_t cols, double *m) {
  double sum = 0;
  for (size_t j = 0; j < cols; j++)
    for (size_t i = 0; i < rows; i++)
      sum += m[i * cols + j] * 2;
  return sum;
}
