/*
 * spill_jacobi MIB SWEEPS: a 1-D three-point Jacobi sweep over two malloc'd arrays of
 * MIB MiB each, as a user writes it; prints a checksum. Built twice: plain, and
 * linked with liboutcore-rt (which spills the arrays when memory is short).
 */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  size_t n = (argc > 1 ? strtoul(argv[1], NULL, 10) : 150) * (1UL << 20) / sizeof(double);
  int sweeps = argc > 2 ? atoi(argv[2]) : 3;
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  if (!a || !b)
    return 2;
  for (size_t i = 0; i < n; i++)
    a[i] = (double)(i % 1000) / 7.0;
  b[0] = a[0];
  b[n - 1] = a[n - 1];
  for (int t = 0; t < sweeps; t++) {
    for (size_t i = 1; i < n - 1; i++)
      b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0;
    double *swap = a;
    a = b;
    b = swap;
  }
  double sum = 0;
  for (size_t i = 0; i < n; i++)
    sum += a[i] * (double)(i % 7);
  printf("jacobi %zu doubles, %d sweeps: checksum %.10e\n", n, sweeps, sum);
  free(a);
  free(b);
  return 0;
}
