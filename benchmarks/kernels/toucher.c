/* The interactive co-runner of OSDI Sec. 1.1: touch 1 MiB, sleep, repeat; print the time each
 * touch took (the response time) and its major faults. The data is a shared file mapping so that
 * it can be evicted without swap; MADV_RANDOM makes each evicted page come back with its own
 * fault, as the paper's task paged its data back from swap (no 8 MiB read-around).
 * Usage: toucher FILE SLEEP_SECONDS COUNT */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#define TOUCH_BYTES (1L << 20)

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static long majflt(void) {
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return ru.ru_majflt;
}

static long touch(const volatile char *p, long page) {
  long sum = 0;
  for (long off = 0; off < TOUCH_BYTES; off += page) sum += p[off];
  return sum;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s FILE SLEEP_SECONDS COUNT\n", argv[0]);
    return 2;
  }
  double sleep_s = atof(argv[2]);
  long count = atol(argv[3]), page = sysconf(_SC_PAGESIZE);
  int fd = open(argv[1], O_RDWR | O_CREAT, 0644);
  if (fd < 0 || ftruncate(fd, TOUCH_BYTES)) {
    perror(argv[1]);
    return 2;
  }
  volatile char *p = mmap(NULL, TOUCH_BYTES, PROT_READ, MAP_SHARED, fd, 0);
  if (p == MAP_FAILED || madvise((void *)p, TOUCH_BYTES, MADV_RANDOM)) {
    perror("mmap");
    return 2;
  }
  long sink = touch(p, page); /* warm-up: the first touch is not a response time */
  struct timespec pause = {(time_t)sleep_s, (long)((sleep_s - (time_t)sleep_s) * 1e9)};
  for (long k = 0; k < count; k++) {
    nanosleep(&pause, NULL);
    long faults = majflt();
    double t = now_s();
    sink += touch(p, page);
    printf("touch %.4f %ld\n", (now_s() - t) * 1e3, majflt() - faults);
    fflush(stdout);
  }
  return sink == -1;
}
