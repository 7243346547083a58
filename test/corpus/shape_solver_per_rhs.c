// A tridiagonal solver (the Thomas algorithm) called once per right-hand side from a loop
// that does not change its length: inlined there, its entry test (on n alone) became a
// branch inside the caller's loop, with the call of the transformed body on its other
// side. Loads the plain build hoists (c[0] / b[0]) stayed in the loop, and the vectorizer
// paired the two recurrences: 1.2x the plain build's time at -O2. The loop is now split
// on the test (pass/UnswitchFitTests.h). RHS is the size knob.
// ARRAYS: solve: a b c d cp
#include "corpus.h"

#ifndef RHS
#define RHS 40
#endif
#define N 1000

// Not noinline: the case is the solver inlined into its caller's loop.
void solve(int n, const double *a, const double *b, const double *c, double *d, double *cp) {
  cp[0] = c[0] / b[0];
  d[0] = d[0] / b[0];
  for (int i = 1; i < n; i++) {
    double m = 1.0 / (b[i] - a[i] * cp[i - 1]);
    cp[i] = c[i] * m;
    d[i] = (d[i] - a[i] * d[i - 1]) * m;
  }
  for (int i = n - 2; i >= 0; i--)
    d[i] -= cp[i] * d[i + 1];
}

int main(void) {
  corpus_seed(131);
  double *a = corpus_doubles(N), *b = corpus_doubles(N), *c = corpus_doubles(N);
  double *cp = corpus_doubles(N);
  // Filled here, not by corpus_doubles: a block that a transformed function
  // returns (its entry test inlined here too) is one alias analysis cannot
  // tell from the published limit, which then stays in the loop.
  double *rhs = corpus_alloc((size_t)N * RHS * sizeof *rhs);
  for (size_t k = 0; k < (size_t)N * RHS; k++)
    rhs[k] = (double)(k % 17) - 8.0;
  for (int i = 0; i < N; i++)
    b[i] = 4.0 + b[i]; // diagonally dominant: a stable solve
  for (int sweep = 0; sweep < 10; sweep++)
    for (int s = 0; s < RHS; s++)
      solve(N, a, b, c, rhs + (size_t)s * N, cp);
  corpus_print_hash("rhs", rhs, (size_t)N * RHS * sizeof(double));
  return 0;
}
