// outcore-prof's end-to-end kernel: a 2-D Jacobi sweep between two file-backed arrays
// (8 MiB each), run a few times under a small OUTCORE_MEM_LIMIT so that the runtime
// prefetches and releases both. Usage: prof_kernel DIR; prints a checksum.
#include "prof_files.h"

enum { ROWS = 256, N = 4096, SWEEPS = 4 }; /* rows of 32 KiB: longer than a block */

__attribute__((noinline)) void sweep(long rows, long n, const double src[restrict rows][n],
                                     double dst[restrict rows][n]) {
  for (long i = 1; i < rows - 1; i++)
    for (long j = 1; j < n - 1; j++)
      dst[i][j] = 0.25 * (src[i - 1][j] + src[i + 1][j] + src[i][j - 1] + src[i][j + 1]);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s DIR\n", argv[0]);
    return 2;
  }
  double (*A)[N] = map_file(argv[1], "A", sizeof(double) * ROWS * N),
         (*B)[N] = map_file(argv[1], "B", sizeof(double) * ROWS * N);
  for (long i = 0; i < ROWS; i++)
    for (long j = 0; j < N; j++)
      A[i][j] = B[i][j] = (double)((i * 7 + j * 3) % 11);
  for (int s = 0; s < SWEEPS; s++) {
    sweep(ROWS, N, (const double(*)[N])A, B);
    sweep(ROWS, N, (const double(*)[N])B, A);
  }
  uint64_t hash = 1469598103934665603u;
  for (long i = 0; i < ROWS; i++)
    for (long j = 0; j < N; j++) {
      union { double d; uint64_t u; } v = {A[i][j]};
      hash = (hash ^ v.u) * 1099511628211u;
    }
  printf("checksum %016llx\n", (unsigned long long)hash);
  return 0;
}
