// Fixed-size global arrays (Fortran-common style): the kernel references them by name only,
// sizes are compile-time constants, and a 1-D and a 3-D global are combined.
// ARRAYS: smooth_globals: field weight profile
#include "corpus.h"

#define NX 40
#define NY 50
#define NZ 130
double field[NX][NY][NZ];
double weight[NZ];
double profile[NX];

__attribute__((noinline)) void smooth_globals(void) {
  for (int i = 0; i < NX; i++) {
    double acc = 0.0;
    for (int j = 0; j < NY; j++)
      for (int k = 1; k < NZ; k++) {
        field[i][j][k] = field[i][j][k] * weight[k] + field[i][j][k - 1] * (1.0 - weight[k]);
        acc += field[i][j][k];
      }
    profile[i] = acc;
  }
}

int main(void) {
  corpus_seed(52);
  for (int i = 0; i < NX; i++)
    for (int j = 0; j < NY; j++)
      for (int k = 0; k < NZ; k++)
        field[i][j][k] = corpus_double();
  for (int k = 0; k < NZ; k++)
    weight[k] = 0.5 + 0.25 * corpus_double();
  smooth_globals();
  corpus_print_hash("field", field, sizeof field);
  corpus_print_hash("profile", profile, sizeof profile);
  return 0;
}
