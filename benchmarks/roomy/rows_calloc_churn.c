// Rows of about 10 KB (190 MB in all), every third one freed and calloc'd again at
// another length in each of five rounds: a new row must read as zeros. Freed at exit
// in row order (not address order).
#include <stdio.h>
#include <stdlib.h>

#ifndef ROWS
#define ROWS 19000
#endif

int main(void) {
  unsigned char **rows = malloc(ROWS * sizeof *rows);
  size_t *len = malloc(ROWS * sizeof *len);
  for (int i = 0; i < ROWS; i++) {
    len[i] = 9800 + (size_t)(i % 9) * 40;
    rows[i] = malloc(len[i]);
    for (size_t k = 0; k < len[i]; k++)
      rows[i][k] = (unsigned char)(i * 7 + k);
  }
  long nonzero = 0;
  unsigned long long hash = 1469598103934665603ull;
  for (int round = 0; round < 5; round++) {
    for (int i = round % 3; i < ROWS; i += 3) {
      free(rows[i]);
      len[i] = 8800 + (size_t)((i + round) % 13) * 180;
      rows[i] = calloc(len[i], 1);
      for (size_t k = 0; k < len[i]; k++)
        nonzero += rows[i][k] != 0;
      for (size_t k = 0; k < len[i]; k += 32)
        rows[i][k] = (unsigned char)(i + round + k);
    }
    for (int i = 0; i < ROWS; i++) {
      unsigned sum = 0;
      for (size_t k = 0; k < len[i]; k += 8)
        sum += rows[i][k];
      hash = (hash ^ sum) * 1099511628211ull;
    }
  }
  printf("rows_calloc_churn nonzero=%ld hash=%llx\n", nonzero, hash);
  for (int i = 0; i < ROWS; i++)
    free(rows[i]);
  free(rows);
  free(len);
  return 0;
}
