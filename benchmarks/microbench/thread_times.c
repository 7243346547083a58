/*
 * LD_PRELOAD shim for hint_path.sh (not a test): at exit, prints the main thread's own
 * user and system CPU time next to the whole process's, so the hinting thread's cost
 * is seen apart from the runtime's workers.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <sys/resource.h>

static double seconds(struct timeval t) { return t.tv_sec + t.tv_usec * 1e-6; }

__attribute__((destructor)) static void print_thread_times(void) {
  struct rusage thread, process;
  if (getrusage(RUSAGE_THREAD, &thread) != 0 || getrusage(RUSAGE_SELF, &process) != 0)
    return;
  fprintf(stderr, "thread_times: main user %.3f s sys %.3f s; process user %.3f s sys %.3f s\n",
          seconds(thread.ru_utime), seconds(thread.ru_stime), seconds(process.ru_utime),
          seconds(process.ru_stime));
}
