/* BUK (TOCS Fig. 17): integer bucket sort; ranking with indirect counts, then the indirect
 * copy key2[rank[i]] = key[i], which scatters into one run per key value. */
#include "bench_data.h"

__attribute__((noinline)) void bucksort(long n, long maxkey, const int *restrict key,
                                        int *restrict rank, int *restrict keyden) {
  for (long i = 0; i < maxkey; i++) keyden[i] = 0;
  for (long i = 0; i < n; i++) keyden[key[i]] = keyden[key[i]] + 1;
  for (long i = 1; i < maxkey; i++) keyden[i] = keyden[i] + keyden[i - 1];
  for (long i = 0; i < n; i++) {
    keyden[key[i]] = keyden[key[i]] - 1;
    rank[i] = keyden[key[i]];
  }
}

__attribute__((noinline)) void bucket_copy(long n, const int *restrict key,
                                           const int *restrict rank, int *restrict key2) {
  for (long i = 0; i < n; i++) key2[rank[i]] = key[i];
}

int main(int argc, char **argv) {
  bench_init(argc, argv);
  long n = bench_arg(argc, argv, 2), maxkey = bench_arg(argc, argv, 3);
  int *key = bench_array("key", n * sizeof(int), BENCH_INPUT);
  int *rank = bench_array("rank", n * sizeof(int), BENCH_OUTPUT);
  int *key2 = bench_array("key2", n * sizeof(int), BENCH_OUTPUT);
  int *keyden = bench_array("keyden", maxkey * sizeof(int), BENCH_OUTPUT);
  if (bench_generating()) {
    uint64_t s = 314159265;
    for (long i = 0; i < n; i++) {
      bench_lcg_next(&s);
      key[i] = (int)((s >> 33) % (uint64_t)maxkey);
    }
    if (bench_state.generating_cmd) return 0;
  }

  bench_phase_begin();
  bucksort(n, maxkey, key, rank, keyden);
  bucket_copy(n, key, rank, key2);
  bench_phase_end();

  long long key_sum = 0, key2_sum = 0;
  int ok = 1;
  for (long i = 0; i < n; i++) {
    key_sum += key[i];
    key2_sum += key2[i];
    ok &= i == 0 || key2[i - 1] <= key2[i];
  }
  ok &= key_sum == key2_sum;
  bench_report("buk", bench_fnv1a(bench_fnv1a(0, rank, n * sizeof(int)), key2, n * sizeof(int)),
               ok);
  return !ok;
}
