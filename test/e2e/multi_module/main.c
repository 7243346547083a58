// The program's main, built plainly (no tags of its own): the two sweep modules are alike.
// The matrix lives in a shared mapping of a temporary file: the runtime issues (and so
// tracks per tag) releases of anonymous memory only when the group has swap.
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

double sweep_a(size_t rows, size_t cols, double *m);
double sweep_b(size_t rows, size_t cols, double *m);

int main(void) {
  size_t rows = 512, cols = 1024, bytes = rows * cols * sizeof(double);
  FILE *file = tmpfile();
  if (!file || ftruncate(fileno(file), (off_t)bytes) != 0)
    return 1;
  double *m = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fileno(file), 0);
  if (m == MAP_FAILED)
    return 1;
  for (size_t k = 0; k < rows * cols; k++)
    m[k] = (double)(k % 7);
  printf("%a %a\n", sweep_a(rows, cols, m), sweep_b(rows, cols, m));
  munmap(m, bytes);
  fclose(file);
  return 0;
}
