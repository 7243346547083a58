/* Integer bucket (counting) sort as a program writes it: keys, ranks and the sorted copy from
 * malloc, the counts from calloc. Same data and arithmetic as buk.c (its file-mapped twin):
 * counts per key, prefix sums, ranks, then the scatter key2[rank[i]] = key[i]. */
#include "bench_data.h"

__attribute__((noinline)) void counting_sort(long n, long maxkey, const int *key, int *rank,
                                             int *count, int *key2) {
  for (long i = 0; i < n; i++) count[key[i]]++;
  for (long i = 1; i < maxkey; i++) count[i] += count[i - 1];
  for (long i = 0; i < n; i++) rank[i] = --count[key[i]];
  for (long i = 0; i < n; i++) key2[rank[i]] = key[i];
}

int main(int argc, char **argv) {
  bench_init_program(argc, argv);
  long n = bench_arg(argc, argv, 2), maxkey = bench_arg(argc, argv, 3);
  int *key = malloc(n * sizeof(int));
  int *rank = malloc(n * sizeof(int));
  int *key2 = malloc(n * sizeof(int));
  int *count = calloc(maxkey, sizeof(int));
  if (!key || !rank || !key2 || !count) bench_fail("malloc", "heap_sort");
  uint64_t s = 314159265;
  for (long i = 0; i < n; i++) {
    bench_lcg_next(&s);
    key[i] = (int)((s >> 33) % (uint64_t)maxkey);
  }

  bench_phase_begin();
  counting_sort(n, maxkey, key, rank, count, key2);
  bench_phase_end();

  long long key_sum = 0, key2_sum = 0;
  int ok = 1;
  for (long i = 0; i < n; i++) {
    key_sum += key[i];
    key2_sum += key2[i];
    ok &= i == 0 || key2[i - 1] <= key2[i];
  }
  ok &= key_sum == key2_sum;
  bench_report("heap_sort", bench_fnv1a(bench_fnv1a(0, rank, n * sizeof(int)), key2,
                                        n * sizeof(int)), ok);
  return !ok;
}
