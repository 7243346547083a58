/* The cyclic re-scan as a program would write it: the array comes from malloc. Same data and
 * sums as cyclic.c (its file-mapped twin), so the two print the same checksum. Under LRU every
 * pass misses throughout; keeping the head resident (MRU-like release of the tail) saves reads. */
#include "bench_data.h"

__attribute__((noinline)) void cyclic_sums(long n, long passes, const double *restrict a,
                                           double *restrict sums) {
  for (long p = 0; p < passes; p++) {
    double s = 0.0;
    for (long i = 0; i < n; i++) s += a[i];
    sums[p] = s;
  }
}

int main(int argc, char **argv) {
  bench_init_program(argc, argv);
  long n = bench_arg(argc, argv, 2), passes = bench_arg(argc, argv, 3);
  double *a = malloc(n * sizeof(double));
  double *sums = malloc(passes * sizeof(double));
  if (!a || !sums) bench_fail("malloc", "heap_cyclic");
  for (long i = 0; i < n; i++) a[i] = (double)(i % 13);

  bench_phase_begin();
  cyclic_sums(n, passes, a, sums);
  bench_phase_end();

  long whole = n / 13, rest = n % 13; /* integers: exact */
  double want = (double)(whole * 78 + rest * (rest - 1) / 2);
  int ok = 1;
  for (long p = 0; p < passes; p++) ok &= sums[p] == want;
  bench_report("heap_cyclic", bench_fnv1a(0, sums, passes * sizeof(double)), ok);
  free(a);
  free(sums);
  return !ok;
}
