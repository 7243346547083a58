/* Built by an installed and then moved outcore-cc: scales and sums an array. */
#include <stdio.h>

#define N (1 << 16)
static double a[N];

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = i * 0.5;
  for (int i = 0; i < N; i++)
    a[i] *= 3;
  double s = 0;
  for (int i = 0; i < N; i++)
    s += a[i];
  printf("%.17g\n", s);
  return 0;
}
