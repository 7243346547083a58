/* EMBAR-like (NAS EP): Gaussian pairs by the polar method from one streaming pass over a large
 * array of uniform random numbers, tallied into annuli. */
#include "bench_data.h" /* first: it defines _GNU_SOURCE */

#include <math.h>

__attribute__((noinline)) void embar(long pairs, const double *restrict u,
                                     double *restrict annuli, double *restrict sums) {
  double sx = 0.0, sy = 0.0;
  for (long k = 0; k < pairs; k++) {
    double x1 = 2.0 * u[2 * k] - 1.0, x2 = 2.0 * u[2 * k + 1] - 1.0;
    double t = x1 * x1 + x2 * x2;
    if (t <= 1.0 && t > 0.0) {
      double f = sqrt(-2.0 * log(t) / t);
      double gx = x1 * f, gy = x2 * f;
      long l = (long)fmax(fabs(gx), fabs(gy));
      if (l < 10) annuli[l] += 1.0;
      sx += gx;
      sy += gy;
    }
  }
  sums[0] = sx;
  sums[1] = sy;
}

int main(int argc, char **argv) {
  bench_init(argc, argv);
  long pairs = bench_arg(argc, argv, 2);
  double *u = bench_array("u", 2 * pairs * sizeof(double), BENCH_INPUT);
  double *out = bench_array("out", 12 * sizeof(double), BENCH_OUTPUT);
  if (bench_generating()) {
    uint64_t s = 271828183;
    for (long k = 0; k < 2 * pairs; k++) {
      bench_lcg_next(&s);
      u[k] = (double)(s >> 11) * 0x1.0p-53;
    }
    if (bench_state.generating_cmd) return 0;
  }
  for (int l = 0; l < 12; l++) out[l] = 0.0;

  bench_phase_begin();
  embar(pairs, u, out, out + 10);
  bench_phase_end();

  /* The polar method accepts pi/4 of the pairs; nearly all land in the first four annuli. */
  double accepted = 0;
  for (int l = 0; l < 10; l++) accepted += out[l];
  int ok = fabs(accepted / pairs - M_PI / 4) < 0.01 && out[0] + out[1] + out[2] + out[3] > 0.99 * accepted;
  bench_report("embar", bench_fnv1a(0, out, 12 * sizeof(double)), ok);
  return !ok;
}
