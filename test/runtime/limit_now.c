/*
 * oc_memory_limit_now, the limit compiled fit tests load, against oc_memory_limit():
 * LONG_MAX when the runtime is off, else the same figure, in the process and in a
 * forked child, once a module has registered. Arguments: "off" (expect LONG_MAX), a byte count N (expect exactly
 * N: run with OUTCORE_MEM_LIMIT=N), or none (expect a limit below LONG_MAX).
 */
#define _GNU_SOURCE
#include <outcore/outcore.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static long loaded(void) { return __atomic_load_n(&oc_memory_limit_now, __ATOMIC_RELAXED); }

/* Failures in the process that runs it, each reported on one line. */
static int check(const char *who, const char *expect) {
  int failures = 0;
  long before = loaded(), called = oc_memory_limit(), after = loaded();
  if (strcmp(expect, "off") == 0) {
    if (before != LONG_MAX || called != LONG_MAX || after != LONG_MAX) {
      fprintf(stderr, "limit_now: %s: off, but %ld / %ld / %ld\n", who, before, called, after);
      failures++;
    }
    return failures;
  }
  long want = expect[0] ? atol(expect) : 0;
  if (want ? before != want || called != want || after != want
           : before <= 0 || before == LONG_MAX || called == LONG_MAX || after == LONG_MAX) {
    fprintf(stderr, "limit_now: %s: expected %s, loaded %ld, oc_memory_limit() %ld, then %ld\n",
            who, want ? expect : "a limit", before, called, after);
    failures++;
  }
  return failures;
}

int main(int argc, char **argv) {
  const char *expect = argc > 1 ? argv[1] : "";
  oc_register_module(4096); /* as a transformed module's constructor does */
  int failures = check("process", expect);
  pid_t child = fork();
  if (child == 0)
    _exit(check("forked child", expect) ? 1 : 0);
  int status = 0;
  if (child < 0 || waitpid(child, &status, 0) != child || !WIFEXITED(status) ||
      WEXITSTATUS(status) != 0)
    failures++;
  printf("limit_now: %s (%ld)\n", failures ? "FAILED" : "matches oc_memory_limit()", loaded());
  return failures != 0;
}
