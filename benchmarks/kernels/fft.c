/* FFT-like: the first `stages` butterfly stages (Walsh-Hadamard, no twiddles) of a
 * decimation-in-frequency transform, loops in the Numerical Recipes order: the outer loop runs
 * within a butterfly span h, the inner one across blocks of 2h. The stride 2h halves from stage
 * to stage; with n/h interleaved streams, readahead cannot guess it. */
#include "bench_data.h"

__attribute__((noinline)) void butterfly_stage(long n, long h, double *restrict x) {
  long blocks = n / (2 * h);
  for (long j = 0; j < h; j++)
    for (long m = 0; m < blocks; m++) {
      double u = x[m * 2 * h + j], v = x[m * 2 * h + h + j];
      x[m * 2 * h + j] = u + v;
      x[m * 2 * h + h + j] = u - v;
    }
}

__attribute__((noinline)) void fft_like(long n, long stages, const double *restrict in,
                                        double *restrict x) {
  for (long i = 0; i < n; i++) x[i] = in[i];
  for (long s = 0; s < stages; s++) butterfly_stage(n, n >> (s + 1), x);
}

static double input_value(long i) { return (double)(((uint64_t)i * 2654435761u >> 7) % 16); }

int main(int argc, char **argv) {
  bench_init(argc, argv);
  long n = bench_arg(argc, argv, 2), stages = bench_arg(argc, argv, 3);
  double *in = bench_array("in", n * sizeof(double), BENCH_INPUT);
  double *x = bench_array("x", n * sizeof(double), BENCH_OUTPUT);
  if (bench_generating()) {
    for (long i = 0; i < n; i++) in[i] = input_value(i);
    if (bench_state.generating_cmd) return 0;
  }

  bench_phase_begin();
  fft_like(n, stages, in, x);
  bench_phase_end();

  /* The stages transform the top `stages` bits of the index: X[k] is a signed sum over the
   * inputs sharing k's low bits (integers: exact). */
  long span = n >> stages;
  int ok = 1;
  for (long k = 0; k < n; k += n / 5 + 3) {
    long hi = k / span, lo = k % span;
    double want = 0.0;
    for (long t = 0; t < (1L << stages); t++)
      want += (__builtin_popcountl(t & hi) & 1 ? -1.0 : 1.0) * input_value(t * span + lo);
    ok &= x[k] == want;
  }
  bench_report("fft", bench_fnv1a(0, x, n * sizeof(double)), ok);
  return !ok;
}
