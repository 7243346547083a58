/* No nest is transformed when the pass is told memory holds 16 GiB (every footprint here is
 * bounded by int sizes): the whole module must then be the plain build's. conv3 is inlined
 * into main and specialised for each constant kernel there; attributes inferred on the
 * pass's canonical copy (nocapture, memory(argmem: ...)) used to stay on the restored
 * function and keep it out of line: 4x the instructions of the plain build. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static void conv3(const uint8_t *in, uint8_t *out, int w, int h, const int k[9], int div) {
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++) {
      int s = 0;
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
          s += k[(dy + 1) * 3 + dx + 1] * in[(y + dy) * w + x + dx];
      s /= div;
      out[y * w + x] = (uint8_t)(s < 0 ? 0 : s > 255 ? 255 : s);
    }
}

int main(int argc, char **argv) {
  int w = argc > 1 ? atoi(argv[1]) : 64, h = 48;
  uint8_t *a = malloc(w * h), *b = calloc(w * h, 1);
  for (int i = 0; i < w * h; i++)
    a[i] = (uint8_t)(i * 37 % 101);
  const int blur[9] = {1, 2, 1, 2, 4, 2, 1, 2, 1}, sharp[9] = {0, -1, 0, -1, 5, -1, 0, -1, 0};
  conv3(a, b, w, h, blur, 16);
  conv3(b, a, w, h, sharp, 1);
  unsigned long sum = 0;
  for (int i = 0; i < w * h; i++)
    sum = sum * 31 + a[i];
  printf("%lu\n", sum);
  free(a);
  free(b);
  return 0;
}
