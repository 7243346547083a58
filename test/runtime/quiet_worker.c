/*
 * The release worker must not wake every few milliseconds while no hint reaches a
 * slow path: each wake-up leaves its CPU holding the process's TLB entries, and the
 * kernel's reclaim in the program's own faults then interrupts it for every batch
 * (a strided sweep the pass cannot hint, 176 MB in a 64 MiB group with swap: 14 s
 * alone, 17-18 s beside a thread that wakes every 1-5 ms). Counts the context
 * switches of the runtime's threads over a second without hints (quiet: about ten;
 * a worker pacing every 5 ms: over two hundred), then checks that a recorded release
 * wakes the worker at once. Exit status 0 when so.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "outcore/outcore.h"
#include "anon_data.h"

/* Voluntary context switches of every thread but the calling (main) one. */
static long runtime_switches(void) {
  DIR *dir = opendir("/proc/self/task");
  if (!dir)
    return -1;
  long total = 0;
  char self[32];
  snprintf(self, sizeof self, "%d", getpid());
  for (struct dirent *e; (e = readdir(dir));) {
    if (e->d_name[0] == '.' || strcmp(e->d_name, self) == 0)
      continue;
    char path[96], line[128];
    snprintf(path, sizeof path, "/proc/self/task/%s/status", e->d_name);
    FILE *f = fopen(path, "r");
    if (!f)
      continue;
    while (fgets(line, sizeof line, f))
      if (strncmp(line, "voluntary_ctxt_switches:", 24) == 0)
        total += atol(line + 24);
    fclose(f);
  }
  closedir(dir);
  return total;
}

static void sleep_ms(long ms) { nanosleep(&(struct timespec){ms / 1000, ms % 1000 * 1000000}, NULL); }

int main(void) {
  size_t bytes = 8 << 20;
  char *data = anon_data(bytes, 1);
  if (!data)
    return 1;
  for (size_t at = 0; at < bytes; at += 4 << 12) /* slow-path hints: the workers start */
    oc_prefetch_block(data + at, 4, 0, 1);
  sleep_ms(300);
  long before = runtime_switches();
  sleep_ms(1000);
  long idle = runtime_switches() - before;
  if (before < 0 || idle > 40) {
    fprintf(stderr, "quiet_worker: %ld context switches of the runtime's threads in 1 s without hints\n",
            idle);
    return 1;
  }
  /* A release of a file page is recorded (anonymous memory without swap is not). */
  const char *path = "quiet_worker.data";
  int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
  if (fd < 0 || ftruncate(fd, 1 << 20) != 0)
    return perror(path), 1;
  unlink(path);
  char *file = mmap(NULL, 1 << 20, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (file == MAP_FAILED)
    return perror("mmap"), 1;
  memset(file, 2, 1 << 20);
  oc_release_block(file, 1, 0, 3); /* the mapping is new: its miss wakes the worker */
  sleep_ms(300);
  before = runtime_switches();
  oc_release_block(file + 4096, 1, 0, 3);
  sleep_ms(30);
  long woken = runtime_switches() - before;
  if (woken < 1) {
    fprintf(stderr, "quiet_worker: a recorded release did not wake the release worker\n");
    return 1;
  }
  printf("quiet_worker: %ld switches idle for 1 s, %ld after a hint\n", idle, woken);
  return 0;
}
