/*
 * Start-up in two steps (lifecycle.c): a program that only links the runtime takes
 * neither; the first module registration publishes the limit the fit tests load and
 * nothing more; the first hint builds the hint paths' state. Traced and arbitrated
 * runs take both steps at load time; statistics do not need them.
 * Argument: "lazy" (run with OUTCORE_MEM_LIMIT=1M and OUTCORE_STATS set),
 * "observed" (with OUTCORE_TRACE set) or "off" (with OUTCORE_POLICY=off). Exit
 * status 0 when every step is as expected; each failure is one line on stderr.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "outcore/outcore.h"
#include "residency.h"
#include "runtime.h"

static int failures;

static void expect(bool ok, const char *what) {
  if (!ok) {
    fprintf(stderr, "startup_steps: %s\n", what);
    failures++;
  }
}

static long published(void) { return __atomic_load_n(&oc_memory_limit_now, __ATOMIC_RELAXED); }

static bool arena_mapped(void) {
  uintptr_t lo, hi;
  oc_residency_arena(&lo, &hi);
  return hi != 0;
}

static void hint(void) {
  static char buffer[1 << 16];
  oc_prefetch_block(buffer, 4, 0, 1);
}

static void lazy(void) {
  const char *stats = getenv("OUTCORE_STATS");
  if (stats)
    unlink(stats); /* the check after this test reads what this run writes at exit */
  expect(atomic_load(&oc_state) == OC_STATE_UNINIT && published() == LONG_MAX,
         "linked only: the runtime started at load time");
  oc_register_module(4096);
  expect(published() == 1048576, "registered: the limit is not published");
  expect(atomic_load(&oc_state) == OC_STATE_UNINIT && !arena_mapped(),
         "registered: the hint paths' state was built before any hint");
  pid_t child = fork();
  if (child == 0) {
    /* The child starts from the parent's first step, and takes the second itself. */
    hint();
    _exit(published() == 1048576 && atomic_load(&oc_state) == OC_STATE_RUNNING ? 0 : 1);
  }
  int status = 0;
  expect(child > 0 && waitpid(child, &status, 0) == child && WIFEXITED(status) &&
             WEXITSTATUS(status) == 0,
         "forked child: its first hint did not start the runtime");
  hint();
  expect(atomic_load(&oc_state) == OC_STATE_RUNNING && arena_mapped(),
         "first hint: the runtime is not running");
  expect(published() == 1048576, "first hint: the published limit changed");
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  if (strcmp(mode, "lazy") == 0) {
    lazy();
  } else if (strcmp(mode, "observed") == 0) {
    expect(atomic_load(&oc_state) == OC_STATE_RUNNING && published() < LONG_MAX,
           "observed: the runtime did not start at load time");
  } else if (strcmp(mode, "off") == 0) {
    oc_register_module(4096);
    hint();
    expect(atomic_load(&oc_state) == OC_STATE_STOPPED && published() == LONG_MAX,
           "off: the runtime started");
  } else {
    fprintf(stderr, "usage: %s lazy|observed|off\n", argv[0]);
    return 2;
  }
  printf("startup_steps %s: %s\n", mode, failures ? "FAILED" : "as expected");
  return failures != 0;
}
