// outcore-prof's end-to-end gather: s += x[idx[i]] over file-backed arrays, under a small
// OUTCORE_MEM_LIMIT, so that the pass's page hints (oc_prefetch) reach the runtime, most
// of them on resident pages: a traced thread counts those on the fast path and the trace
// writer reports them as counted runs. Usage: prof_gather DIR; prints a checksum.
#include "prof_files.h"

enum { N = 1 << 21, M = 1 << 20, PASSES = 3 }; /* idx 8 MiB, x 8 MiB */

__attribute__((noinline)) double gather(long n, const int *restrict idx,
                                        const double *restrict x) {
  double s = 0;
  for (long i = 0; i < n; i++)
    s += x[idx[i]];
  return s;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s DIR\n", argv[0]);
    return 2;
  }
  int *idx = map_file(argv[1], "idx", sizeof(int) * N);
  double *x = map_file(argv[1], "x", sizeof(double) * M);
  uint64_t r = 88172645463325252u;
  for (long i = 0; i < N; i++) {
    r ^= r << 13, r ^= r >> 7, r ^= r << 17;
    idx[i] = (int)(r % M);
  }
  for (long i = 0; i < M; i++)
    x[i] = (double)(i % 1000);
  double s = 0;
  for (int p = 0; p < PASSES; p++)
    s += gather(N, idx, x);
  printf("checksum %.1f\n", s);
  return 0;
}
