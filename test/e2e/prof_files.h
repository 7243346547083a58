// The outcore-prof end-to-end programs' arrays: DIR/NAME, created (or truncated) at BYTES
// and mapped shared, read and write; any failure ends the program (exit 2).
#ifndef PROF_FILES_H
#define PROF_FILES_H

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

static void *map_file(const char *dir, const char *name, size_t bytes) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
  if (fd < 0 || ftruncate(fd, (off_t)bytes) != 0) {
    perror(path);
    exit(2);
  }
  void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (p == MAP_FAILED) {
    perror("mmap");
    exit(2);
  }
  close(fd);
  return p;
}

#endif
