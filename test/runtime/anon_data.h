/* Anonymous memory filled with a byte, for the runtime tests' programs. */
#ifndef ANON_DATA_H
#define ANON_DATA_H

#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

/* bytes of private anonymous memory, every page written (so resident); NULL after
 * an error line. */
static char *anon_data(size_t bytes, int fill) {
  char *data = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (data == MAP_FAILED) {
    perror("mmap");
    return NULL;
  }
  memset(data, fill, bytes);
  return data;
}

#endif
