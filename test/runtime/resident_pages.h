/* How many pages of a mapping are in memory (for a file mapping: in the page cache),
 * by mincore. For the runtime tests' programs. */
#ifndef RESIDENT_PAGES_H
#define RESIDENT_PAGES_H

#include <sys/mman.h>

/* Resident pages among the 4 KiB pages from p (page-aligned) on, or -1. */
static long resident_pages(const void *p, long pages) {
  unsigned char vec[4096];
  long resident = 0;
  for (long first = 0; first < pages; first += (long)sizeof vec) {
    long count = pages - first < (long)sizeof vec ? pages - first : (long)sizeof vec;
    if (mincore((char *)p + first * 4096, (size_t)count * 4096, vec) != 0)
      return -1;
    for (long i = 0; i < count; i++)
      resident += vec[i] & 1;
  }
  return resident;
}

#endif
