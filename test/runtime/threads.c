/*
 * Many threads hint at once (as OpenMP loops would), over one shared file and
 * over their own anonymous memory, writing and checking data; a forked child hints
 * while they run; and at the end threads keep hinting while main returns, so the
 * runtime's exit handlers race with hints. Run under ThreadSanitizer in CI.
 */
#define _GNU_SOURCE
#include <outcore/outcore.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define PAGE 4096L
#define THREADS 8
#define SHARED_BYTES (32L << 20)
#define OWN_BYTES (4L << 20)

static char *shared;
static atomic_long failures;

static void *worker(void *arg) {
  long id = (long)arg;
  char *own = mmap(NULL, OWN_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  for (int pass = 0; pass < 3; pass++) {
    for (long p = 0; p < OWN_BYTES / PAGE; p++) {
      oc_prefetch_release_block(own + (p + 4) * PAGE, own + (p - 1) * PAGE, 1, pass, (int)id);
      own[p * PAGE] = (char)(id + p + pass);
      /* Each thread owns the shared file's pages with p % THREADS == id. */
      long q = p * THREADS + id;
      if (q * PAGE < SHARED_BYTES) {
        oc_prefetch(shared + q * PAGE);
        shared[q * PAGE] = (char)(q + pass);
        oc_release_block(shared + (q - THREADS) * PAGE, 1, pass & 1, 100 + pass);
      }
    }
    oc_memory_limit();
  }
  for (long p = 0; p < OWN_BYTES / PAGE; p++)
    if (own[p * PAGE] != (char)(id + p + 2))
      atomic_fetch_add(&failures, 1);
  munmap(own, OWN_BYTES);
  return NULL;
}

static void *hint_forever(void *arg) {
  (void)arg;
  for (long i = 0;; i++) {
    oc_prefetch(shared + (i * PAGE) % SHARED_BYTES);
    oc_release_block(shared + (i * PAGE) % SHARED_BYTES, 1, (int)(i & 3), 200);
  }
  return NULL;
}

int main(void) {
  char path[] = "/var/tmp/outcore-threads-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0 || ftruncate(fd, SHARED_BYTES) != 0)
    return 2;
  unlink(path);
  shared = mmap(NULL, SHARED_BYTES, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  pthread_t threads[THREADS];
  for (long t = 0; t < THREADS; t++)
    pthread_create(&threads[t], NULL, worker, (void *)t);
  pid_t child = fork();
  if (child == 0) {
    for (long i = 0; i < SHARED_BYTES; i += PAGE)
      oc_prefetch_release_block(shared + i, shared + i - PAGE, 1, 0, 7);
    _exit(0);
  }
  for (int t = 0; t < THREADS; t++)
    pthread_join(threads[t], NULL);
  int status = 0;
  waitpid(child, &status, 0);
  for (long q = 0; q * PAGE < SHARED_BYTES; q++)
    if (shared[q * PAGE] != (char)(q + 2))
      atomic_fetch_add(&failures, 1);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    atomic_fetch_add(&failures, 1);
  long bad = atomic_load(&failures);
  printf("threads: %s\n", bad ? "FAILED" : "data intact");
  /* Hinting threads still running while the process exits. */
  pthread_t forever[2];
  for (int t = 0; t < 2; t++)
    pthread_create(&forever[t], NULL, hint_forever, NULL);
  usleep(20000);
  return bad != 0;
}
