// Radix-2 FFT structure: a bit-reversal permutation (indirect store) then log2(n) butterfly
// stages whose span doubles each stage (changing strides), twiddles read with stride n/len.
// ARRAYS: bit_reverse: rev in_re in_im out_re out_im
// ARRAYS: butterflies: re im wre wim
#include "corpus.h"

enum { LOGN = 17, N = 1 << LOGN };

__attribute__((noinline)) void bit_reverse(int n, const int *rev, const double *in_re, const double *in_im,
                                           double *out_re, double *out_im) {
  for (int i = 0; i < n; i++) {
    out_re[rev[i]] = in_re[i];
    out_im[rev[i]] = in_im[i];
  }
}

__attribute__((noinline)) void butterflies(int n, double *re, double *im, const double *wre, const double *wim) {
  for (int len = 2; len <= n; len <<= 1) {
    int half = len / 2, step = n / len;
    for (int start = 0; start < n; start += len)
      for (int k = 0; k < half; k++) {
        double wr = wre[k * step], wi = wim[k * step];
        double vr = re[start + k + half] * wr - im[start + k + half] * wi;
        double vi = re[start + k + half] * wi + im[start + k + half] * wr;
        double ur = re[start + k], ui = im[start + k];
        re[start + k] = ur + vr;
        im[start + k] = ui + vi;
        re[start + k + half] = ur - vr;
        im[start + k + half] = ui - vi;
      }
  }
}

int main(void) {
  corpus_seed(27);
  int *rev = corpus_alloc(sizeof(int) * N);
  for (int i = 0; i < N; i++) {
    int r = 0;
    for (int b = 0; b < LOGN; b++)
      r |= ((i >> b) & 1) << (LOGN - 1 - b);
    rev[i] = r;
  }
  // Twiddles need not be exact roots of unity: the shape of the computation is what matters.
  double *wre = corpus_doubles(N / 2), *wim = corpus_doubles(N / 2);
  double *in_re = corpus_doubles(N), *in_im = corpus_doubles(N);
  double *re = corpus_alloc(sizeof(double) * N), *im = corpus_alloc(sizeof(double) * N);
  bit_reverse(N, rev, in_re, in_im, re, im);
  butterflies(N, re, im, wre, wim);
  corpus_print_hash("re", re, sizeof(double) * N);
  corpus_print_hash("im", im, sizeof(double) * N);
  corpus_print_double("re[1]", re[1]);
  return 0;
}
