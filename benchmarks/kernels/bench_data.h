/* Data setup and self-measurement for the Outcore benchmark kernels.
 *
 * This is the benchmarks' equivalent of the papers' mapped files: it decides where an array
 * lives, it places no hints. The kernels' loop nests never call it.
 *
 *   bench_init(argc, argv)      "gen" writes the input files, "run" runs the kernel.
 *   bench_init_program(argc, argv)
 *                               for kernels written as users write programs: they allocate
 *                               with malloc/calloc/posix_memalign or static arrays and fill
 *                               their inputs themselves; only "run" does anything.
 *   bench_array(name, bytes, role)
 *       OUTCORE_BENCH_MODE=file (default): the file OUTCORE_BENCH_DIR/name mapped MAP_SHARED
 *       (inputs must exist in "run"; outputs are created or resized).
 *       OUTCORE_BENCH_MODE=anon: anonymous private memory (paged to swap under a limit); the
 *       inputs are then generated inside the run, before the measured phase.
 *       OUTCORE_BENCH_MADVISE=random: madvise(MADV_RANDOM) on every array (the harness' "Orand"
 *       baseline: no 8 MiB read-around per fault).
 *   bench_generating()          whether the caller must fill the inputs now.
 *   bench_phase_begin/end()     bracket the kernel computation; counters are snapshot here so
 *                               that setup, result checks and checksums are not measured.
 *   bench_report(kernel, checksum, ok)
 *       prints one line "OUTCORE_BENCH {json}" that benchmarks/run.py parses.
 */
#ifndef OUTCORE_BENCH_DATA_H
#define OUTCORE_BENCH_DATA_H

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum bench_role { BENCH_INPUT, BENCH_OUTPUT };

struct bench_counters {
  double mono_s;          /* CLOCK_MONOTONIC, the clock the harness samples memory with */
  double thread_utime_s;  /* main thread only: the papers' breakdown is of the program thread */
  double thread_stime_s;
  double utime_s;         /* whole process, runtime worker threads included */
  double stime_s;
  long majflt;
  long minflt;
  double run_s;           /* main thread on a CPU (CLOCK_THREAD_CPUTIME_ID) */
  double runq_s;          /* main thread runnable, waiting for a CPU (schedstat field 2);
                             -1 if unavailable */
  double blkio_s;         /* delay accounting's block I/O wait of the main thread: kept for
                             comparison only, see bench_blkio_s() */
  long long read_bytes;   /* bytes this process caused to be read from storage */
};

static struct {
  int generating_cmd;
  int anon;
  int program; /* the kernel allocates its own memory (bench_init_program) */
  int madv_random;
  const char *dir;
  struct bench_counters begin, end;
  long long group_peak_bytes;
} bench_state;

static void bench_fail(const char *what, const char *name) {
  fprintf(stderr, "bench: %s %s: %s\n", what, name ? name : "", strerror(errno));
  exit(2);
}

static void bench_init(int argc, char **argv) {
  if (argc < 2 || (strcmp(argv[1], "gen") && strcmp(argv[1], "run"))) {
    fprintf(stderr, "usage: %s gen|run SIZE...\n", argv[0]);
    exit(2);
  }
  bench_state.generating_cmd = !strcmp(argv[1], "gen");
  const char *mode = getenv("OUTCORE_BENCH_MODE");
  bench_state.anon = mode && !strcmp(mode, "anon");
  const char *advice = getenv("OUTCORE_BENCH_MADVISE");
  bench_state.madv_random = advice && !strcmp(advice, "random");
  bench_state.dir = getenv("OUTCORE_BENCH_DIR");
  if (!bench_state.dir) bench_state.dir = ".";
  if (bench_state.anon && bench_state.generating_cmd) {
    fprintf(stderr, "bench: nothing to generate in anonymous mode\n");
    exit(0);
  }
}

static void bench_init_program(int argc, char **argv) {
  if (argc < 2 || (strcmp(argv[1], "gen") && strcmp(argv[1], "run"))) {
    fprintf(stderr, "usage: %s run SIZE...\n", argv[0]);
    exit(2);
  }
  if (!strcmp(argv[1], "gen")) exit(0); /* inputs are made in the run, as the program does */
  bench_state.program = 1;
}

static int bench_generating(void) { return bench_state.generating_cmd || bench_state.anon; }

static void *bench_array(const char *name, size_t bytes, enum bench_role role) {
  void *p;
  if (bench_state.anon) {
    p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) bench_fail("mmap", name);
  } else {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", bench_state.dir, name);
    int must_exist = role == BENCH_INPUT && !bench_state.generating_cmd;
    /* "gen" starts outputs from zeros: kernels that never write a border rely on it. */
    int fresh = role == BENCH_OUTPUT && bench_state.generating_cmd;
    /* A run only reads its inputs: mapped read-only, as a program would open them. */
    int fd = open(path, (must_exist ? O_RDONLY : O_RDWR | O_CREAT) | (fresh ? O_TRUNC : 0), 0644);
    if (fd < 0) bench_fail(must_exist ? "missing input (run gen first)" : "open", path);
    struct stat st;
    if (fstat(fd, &st)) bench_fail("fstat", path);
    if ((size_t)st.st_size != bytes) {
      if (must_exist) {
        fprintf(stderr, "bench: %s has %lld bytes, want %zu (run gen first)\n", path,
                (long long)st.st_size, bytes);
        exit(2);
      }
      if (ftruncate(fd, (off_t)bytes)) bench_fail("ftruncate", path);
    }
    p = mmap(NULL, bytes, must_exist ? PROT_READ : PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (p == MAP_FAILED) bench_fail("mmap", path);
    close(fd);
  }
  if (bench_state.madv_random && madvise(p, bytes, MADV_RANDOM)) bench_fail("madvise", name);
  return p;
}

/* Field 42 of /proc/thread-self/stat (delayacct_blkio_ticks, clock ticks): the main thread's
 * block I/O wait by delay accounting (sysctl kernel.task_delayacct=1, which the harness sets).
 * Not used for the I/O stall: on this kernel (6.18, EEVDF delayed dequeue) a task whose dequeue
 * is delayed gets its block I/O start recorded in whichever task completes the dequeue, so a
 * multi-threaded process' counters gain bogus intervals (up to the time since boot). */
static double bench_blkio_s(void) {
  char buf[2048];
  FILE *f = fopen("/proc/thread-self/stat", "r");
  if (!f) return -1;
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = 0;
  char *p = strrchr(buf, ')'); /* the command name may contain spaces */
  if (!p) return -1;
  p += 2;                      /* now at field 3 */
  for (int field = 3; field < 42 && p; field++) {
    p = strchr(p, ' ');
    if (p) p++;
  }
  return p ? strtod(p, NULL) / (double)sysconf(_SC_CLK_TCK) : -1;
}

/* Field 2 of /proc/thread-self/schedstat: nanoseconds the calling (main) thread has waited
 * runnable on a run queue (no CPU free). The I/O stall of the phase is wall - run - runq, the
 * time the computing thread was blocked (off CPU and not runnable): for these kernels, waiting
 * for page-fault reads and for pages that others are reading or releasing. The run time is
 * CLOCK_THREAD_CPUTIME_ID, which includes the current slice (schedstat's field 1 lags by up to
 * a tick while the thread runs). Both are kept by the scheduler for the thread itself, so the
 * stall is exact to microseconds and never exceeds the wall time. */
static double bench_runq_s(void) {
  unsigned long long run, runq;
  double v = -1;
  FILE *f = fopen("/proc/thread-self/schedstat", "r");
  if (!f) return -1;
  if (fscanf(f, "%llu %llu", &run, &runq) == 2) v = runq * 1e-9;
  fclose(f);
  return v;
}

static long long bench_read_bytes(void) {
  char line[256];
  long long v = -1;
  FILE *f = fopen("/proc/self/io", "r");
  if (!f) return -1;
  while (fgets(line, sizeof line, f))
    if (sscanf(line, "read_bytes: %lld", &v) == 1) break;
  fclose(f);
  return v;
}

static double bench_tv_s(struct timeval tv) { return tv.tv_sec + tv.tv_usec * 1e-6; }

static void bench_snapshot(struct bench_counters *c) {
  struct timespec ts, cpu;
  struct rusage self, thread;
  /* The thread's clocks back to back, in the same order at begin and end, so that
   * wall - run - runq covers one interval (the run-queue wait cannot grow while it runs). */
  c->runq_s = bench_runq_s();
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu);
  clock_gettime(CLOCK_MONOTONIC, &ts);
  c->run_s = cpu.tv_sec + cpu.tv_nsec * 1e-9;
  getrusage(RUSAGE_SELF, &self);
  getrusage(RUSAGE_THREAD, &thread);
  c->mono_s = ts.tv_sec + ts.tv_nsec * 1e-9;
  c->thread_utime_s = bench_tv_s(thread.ru_utime);
  c->thread_stime_s = bench_tv_s(thread.ru_stime);
  c->utime_s = bench_tv_s(self.ru_utime);
  c->stime_s = bench_tv_s(self.ru_stime);
  c->majflt = self.ru_majflt;
  c->minflt = self.ru_minflt;
  c->blkio_s = bench_blkio_s();
  c->read_bytes = bench_read_bytes();
}

/* The directory of this process' memory cgroup (v1 memory controller or v2), or "" if none. */
static int bench_cgroup_file(const char *v1_name, const char *v2_name, char *out, size_t size) {
  char line[1024];
  FILE *f = fopen("/proc/self/cgroup", "r");
  if (!f) return 0;
  int found = 0;
  while (!found && fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = 0;
    char *path = strchr(line, ':');
    if (!path) continue;
    path = strchr(path + 1, ':');
    if (!path) continue;
    *path++ = 0;
    if (strstr(line, ":memory")) {
      snprintf(out, size, "/sys/fs/cgroup/memory%s/%s", path, v1_name);
      found = 1;
    } else if (!strncmp(line, "0:", 2) && v2_name) {
      snprintf(out, size, "/sys/fs/cgroup%s/%s", path, v2_name);
      found = access(out, R_OK) == 0;
    }
  }
  fclose(f);
  return found;
}

static void bench_phase_begin(void) {
  char path[1200];
  /* Setup (in anonymous mode, data generation) must not count in the phase's peak. */
  if (bench_cgroup_file("memory.max_usage_in_bytes", NULL, path, sizeof path)) {
    FILE *f = fopen(path, "w");
    if (f) {
      fputs("0\n", f);
      fclose(f);
    }
  }
  bench_snapshot(&bench_state.begin);
}

static void bench_phase_end(void) {
  char path[1200];
  bench_snapshot(&bench_state.end);
  bench_state.group_peak_bytes = -1;
  if (bench_cgroup_file("memory.max_usage_in_bytes", "memory.peak", path, sizeof path)) {
    FILE *f = fopen(path, "r");
    if (f) {
      if (fscanf(f, "%lld", &bench_state.group_peak_bytes) != 1) bench_state.group_peak_bytes = -1;
      fclose(f);
    }
  }
}

/* FNV-1a over the bytes of an output array: equal checksums mean bit-identical results. */
static uint64_t bench_fnv1a(uint64_t h, const void *data, size_t bytes) {
  const unsigned char *p = data;
  if (!h) h = 1469598103934665603ULL;
  for (size_t i = 0; i < bytes; i++) h = (h ^ p[i]) * 1099511628211ULL;
  return h;
}

static void bench_report(const char *kernel, uint64_t checksum, int ok) {
  const struct bench_counters *b = &bench_state.begin, *e = &bench_state.end;
  double wall = e->mono_s - b->mono_s;
  int sched = b->runq_s >= 0 && e->runq_s >= 0;
  double run = e->run_s - b->run_s, runq = e->runq_s - b->runq_s;
  char stall[64] = "null", run_s[64] = "null", runq_s[64] = "null", blkio[64] = "null";
  if (sched) {
    snprintf(stall, sizeof stall, "%.6f", wall - run - runq);
    snprintf(run_s, sizeof run_s, "%.6f", run);
    snprintf(runq_s, sizeof runq_s, "%.6f", runq);
  }
  if (b->blkio_s >= 0 && e->blkio_s >= 0)
    snprintf(blkio, sizeof blkio, "%.2f", e->blkio_s - b->blkio_s);
  printf("OUTCORE_BENCH {\"kernel\": \"%s\", \"check\": \"%s\", \"checksum\": \"%016llx\", "
         "\"mode\": \"%s\", \"t_begin\": %.6f, \"t_end\": %.6f, \"wall_s\": %.6f, "
         "\"thread_user_s\": %.6f, \"thread_sys_s\": %.6f, \"user_s\": %.6f, \"sys_s\": %.6f, "
         "\"majflt\": %ld, \"minflt\": %ld, \"stall_s\": %s, \"run_s\": %s, \"runq_s\": %s, "
         "\"blkio_delayacct_s\": %s, \"read_bytes\": %lld, \"group_peak_bytes\": %lld}\n",
         kernel, ok ? "ok" : "FAILED", (unsigned long long)checksum,
         bench_state.program ? "program" : bench_state.anon ? "anon" : "file", b->mono_s,
         e->mono_s, wall,
         e->thread_utime_s - b->thread_utime_s, e->thread_stime_s - b->thread_stime_s,
         e->utime_s - b->utime_s, e->stime_s - b->stime_s, e->majflt - b->majflt,
         e->minflt - b->minflt, stall, run_s, runq_s, blkio, e->read_bytes - b->read_bytes,
         bench_state.group_peak_bytes);
  fflush(stdout);
  if (!ok) fprintf(stderr, "%s: result check FAILED\n", kernel);
}

/* Deterministic input data (Knuth's MMIX LCG): the same files on every machine. */
static uint64_t bench_lcg_next(uint64_t *state) {
  *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
  return *state;
}

static long bench_arg(int argc, char **argv, int i) {
  if (i >= argc) {
    fprintf(stderr, "%s: missing size argument %d\n", argv[0], i - 1);
    exit(2);
  }
  return strtol(argv[i], NULL, 0);
}

#endif
