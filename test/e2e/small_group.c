/* An axpy over two malloc'd arrays of 24 MiB, twice: the stream the small-group test
 * runs in a group of a few MiB. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static void axpy(long n, double a, const double *x, double *y) {
  for (long i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

int main(void) {
  long n = 3L << 20;
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  if (!x || !y)
    return 1;
  for (long i = 0; i < n; i++) {
    x[i] = (double)(i % 1000);
    y[i] = (double)(i % 7);
  }
  axpy(n, 0.5, x, y);
  axpy(n - 3, -2.0, x + 3, y);
  double sum = 0;
  for (long i = 0; i < n; i++)
    sum += y[i];
  printf("small_group: sum %.6e y[17] %.6e\n", sum, y[17]);
  return 0;
}
