/* Start-up, fork and exit: settings read once, workers started on first need, a
 * forked child starting clean, and nothing left running after exit. */
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "arbiter.h"
#include "backend.h"
#include "limit.h"
#include "release.h"
#include "residency.h"
#include "runtime.h"
#include "stats.h"
#include "trace.h"

_Atomic(int) oc_state;
_Atomic(bool) oc_release_on;
_Atomic(long) oc_module_page_size = 4096;
struct oc_runtime oc_rt;

static pthread_mutex_t lifecycle_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_t prefetch_threads[OC_THREADS_MAX];
static int prefetch_thread_count;
static pthread_t release_thread;
static bool workers_started, release_thread_started;
static bool config_loaded, reported; /* under lifecycle_lock */
static bool limit_started;          /* start-up's first step done; under lifecycle_lock */
/* This thread's stack, looked up once per thread (initial-exec: no call to reach it). */
#define OC_TLS __attribute__((tls_model("initial-exec")))
static __thread uintptr_t stack_lo OC_TLS, stack_hi OC_TLS;
static __thread bool stack_looked_up OC_TLS;

long oc_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
  return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

long oc_now_precise_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

static bool policy_releases(enum oc_policy p) {
  return p == OC_POLICY_RELEASE || p == OC_POLICY_BUFFERED;
}

/* Release pieces go to the release worker; retiring marks the pages released so a
 * later prefetch of one is a rescue and the worker skips it. */
static void retire_range(struct oc_range range, uint32_t stamp, void *ctx) {
  (void)ctx;
  oc_residency_mark_released(range.first, range.end, stamp);
}

/* Runs with the release lock held: must never wait (the release worker takes
 * that lock too); throttling happens in oc_release_slow before it. */
static bool issue_range(struct oc_range piece, void *ctx) {
  (void)ctx;
  size_t held = (size_t)oc_residency_count_released(piece.first, piece.end) << OC_GRANULE_SHIFT;
  struct oc_work work = {.start = piece.first << OC_GRANULE_SHIFT,
                         .len = (piece.end - piece.first) << OC_GRANULE_SHIFT, .held = held};
  if (!oc_queue_push(&oc_rt.release_queue, &work))
    return false;
  oc_release_backlog_add(1, (long)held);
  return true;
}

static void wake_release_worker(void) { oc_queue_wake(&oc_rt.release_queue); }

static void fork_prepare(void) {
  pthread_mutex_lock(&lifecycle_lock);
  oc_maps_fork_prepare();
  oc_release_fork_prepare();
  oc_queue_fork_prepare(&oc_rt.prefetch_queue);
  oc_queue_fork_prepare(&oc_rt.release_queue);
  oc_residency_fork_prepare();
  oc_limit_fork_prepare();
  oc_stats_fork_prepare();
}

static void fork_parent(void) {
  oc_stats_fork_parent();
  oc_limit_fork_parent();
  oc_residency_fork_parent();
  oc_queue_fork_parent(&oc_rt.release_queue);
  oc_queue_fork_parent(&oc_rt.prefetch_queue);
  oc_release_fork_parent();
  oc_maps_fork_parent();
  pthread_mutex_unlock(&lifecycle_lock);
}

static void fork_child(void) {
  /* Only the forking thread exists: no workers, no tags, no bits, zero counts. */
  oc_stats_fork_child();
  oc_limit_fork_child();
  oc_residency_fork_child();
  oc_queue_fork_child(&oc_rt.release_queue);
  oc_queue_fork_child(&oc_rt.prefetch_queue);
  oc_release_fork_child();
  oc_maps_fork_child();
  oc_resync_fork_child();
  oc_release_worker_fork_child();
  oc_arbiter_fork_child();
  oc_trace_fork_child();
  oc_threads_fork_child();
  oc_stats_thread_traced(NULL);
  /* The child's own figures (its arbitration ended above) for its fit tests now:
   * its first hint may be long after the fork. */
  if (limit_started && atomic_load(&oc_state) != OC_STATE_STOPPED)
    oc_limit_refresh();
  workers_started = release_thread_started = false;
  prefetch_thread_count = 0;
  /* The child reports to its own file, not over its parent's. */
  size_t len = strlen(oc_rt.config.stats_path);
  if (len)
    snprintf(oc_rt.config.stats_path + len, sizeof oc_rt.config.stats_path - len, ".%d",
             (int)getpid());
  pthread_mutex_unlock(&lifecycle_lock);
}

/* Start-up comes in two steps, so that a program whose data fits pays almost
 * nothing: its fit tests need only the published limit (step one, when the first
 * transformed module registers); the hint paths' state (the residency arena, the
 * parsed maps, the backend) waits for the first hint (step two), which a program
 * running only original loops never gives. Tracing and arbitration observe or
 * coordinate from the start, so they take both steps at load time. Before either
 * step, loading the library reads the settings and registers the fork handlers,
 * since any thread may take a step while another forks. */
static void load_config_locked(void) {
  if (config_loaded)
    return;
  config_loaded = true;
  oc_config_from_env(&oc_rt.config);
  oc_rt.os_page_size = sysconf(_SC_PAGESIZE);
  if (oc_rt.config.policy == OC_POLICY_OFF) {
    atomic_store(&oc_state, OC_STATE_STOPPED);
    return;
  }
  oc_queue_init(&oc_rt.prefetch_queue);
  oc_queue_init(&oc_rt.release_queue);
  pthread_atfork(fork_prepare, fork_parent, fork_child);
}

static void start_limit_locked(void) {
  load_config_locked();
  if (limit_started || atomic_load(&oc_state) == OC_STATE_STOPPED)
    return;
  limit_started = true;
  oc_limit_init(oc_rt.config.mem_limit);
  oc_limit_publish(true);
}

/* Step two; returns whether the runtime now runs (under lifecycle_lock). */
static bool start_hints_locked(void) {
  start_limit_locked();
  if (atomic_load(&oc_state) != OC_STATE_UNINIT)
    return false;
  enum oc_policy policy = oc_rt.config.policy;
  if (!oc_stats_init() || !oc_residency_init()) {
    atomic_store(&oc_state, OC_STATE_STOPPED);
    oc_limit_publish(false); /* the fit tests choose the original loops */
    return false;
  }
  uintptr_t lo, hi;
  oc_residency_arena(&lo, &hi);
  oc_maps_set_runtime_range(lo, hi);
  oc_backend_select(); /* before the maps are read: the pager classifies its regions */
  oc_maps_refresh(); /* here, so the hint paths never read /proc themselves */
  oc_maps_on_miss(wake_release_worker);
  bool arbitrated = oc_arbiter_join(oc_rt.config.arbitration);
  if (arbitrated)
    oc_limit_refresh();
  struct oc_release_sink sink = {retire_range, issue_range, NULL};
  oc_release_init(&sink, policy == OC_POLICY_BUFFERED);
  if (oc_rt.config.trace_path[0])
    oc_trace_start(oc_rt.config.trace_path);
  atomic_store(&oc_release_on, policy_releases(policy));
  atomic_store(&oc_state, OC_STATE_RUNNING);
  return arbitrated;
}

bool oc_runtime_init(void) {
  pthread_mutex_lock(&lifecycle_lock);
  bool arbitrated = start_hints_locked();
  pthread_mutex_unlock(&lifecycle_lock);
  /* A member ticks from the start, hints or none: one that runs only original loops
   * (its fit test passed) would otherwise stop counting after OC_ARBITER_STALE_NS,
   * and its pages would weigh on the others as the group's foreign charge (a holder
   * of the token then released its whole cycle). */
  if (arbitrated)
    oc_workers_ensure_started();
  return atomic_load(&oc_state) == OC_STATE_RUNNING;
}

void oc_runtime_start_limit(void) {
  pthread_mutex_lock(&lifecycle_lock);
  start_limit_locked();
  pthread_mutex_unlock(&lifecycle_lock);
}

bool oc_workers_ensure_started(void) {
  if (__atomic_load_n(&workers_started, __ATOMIC_ACQUIRE))
    return true;
  pthread_mutex_lock(&lifecycle_lock);
  if (!workers_started && atomic_load(&oc_state) == OC_STATE_RUNNING) {
    release_thread_started = oc_thread_start(&release_thread, oc_release_worker_main, NULL);
    while (prefetch_thread_count < oc_rt.config.threads &&
           oc_thread_start(&prefetch_threads[prefetch_thread_count], oc_prefetch_worker_main,
                           NULL))
      prefetch_thread_count++;
    __atomic_store_n(&workers_started, release_thread_started && prefetch_thread_count > 0,
                     __ATOMIC_RELEASE);
  }
  pthread_mutex_unlock(&lifecycle_lock);
  return __atomic_load_n(&workers_started, __ATOMIC_ACQUIRE);
}

static void find_own_stack(void) {
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) != 0)
    return;
  void *base;
  size_t size;
  if (pthread_attr_getstack(&attr, &base, &size) == 0) {
    stack_lo = (uintptr_t)base;
    stack_hi = (uintptr_t)base + size;
  }
  pthread_attr_destroy(&attr);
}

bool oc_on_own_stack(uintptr_t lo, uintptr_t hi) {
  /* Threads' stacks other than the main one are plain anonymous memory in
   * /proc/self/maps. Found once per thread, so a hint costs no system call. */
  if (!stack_looked_up) {
    find_own_stack();
    stack_looked_up = true;
  }
  return lo < stack_hi && hi > stack_lo;
}

bool oc_thread_enter(void) {
  if (atomic_load_explicit(&oc_state, memory_order_acquire) == OC_STATE_UNINIT)
    oc_runtime_init();
  if (atomic_load_explicit(&oc_state, memory_order_acquire) != OC_STATE_RUNNING)
    return false;
  if (!oc_stats_register_thread())
    return false;
  oc_trace_register_thread();
  oc_stats_thread_traced(oc_trace_page_counts());
  return true;
}

/* Releases the runtime still holds (each tag's last one, buffered pieces) go to the
 * OS before exit: a file's page cache outlives the process and stays charged to its
 * group, where the next program, or the same one run again, would start at the limit
 * and take a neighbour's pages. The wait for the release worker is bounded. The
 * files released from are then dropped whole: what unhinted code after the hinted
 * nests read around them stays otherwise (a stencil's result check, sampling a few
 * elements of its input: 20 MiB, and a neighbour beside the loop lost pages). */
#define EXIT_RELEASE_WAIT_NS 200000000L

static void release_all_before_exit(void) {
  oc_release_flush_idle(oc_now_ns(), 0);
  oc_release_batch(LONG_MAX);
  oc_queue_wait_below(&oc_rt.release_queue, 1, EXIT_RELEASE_WAIT_NS);
  oc_os_drop_released_files();
}

static void shutdown_runtime(void) {
  if (atomic_load(&oc_release_on) && __atomic_load_n(&workers_started, __ATOMIC_ACQUIRE))
    release_all_before_exit();
  pthread_mutex_lock(&lifecycle_lock);
  atomic_store(&oc_state, OC_STATE_STOPPED);
  atomic_store(&oc_release_on, false);
  oc_limit_publish(false);
  bool started = workers_started, limit_known = limit_started;
  bool report = config_loaded && !reported;
  reported = true;
  pthread_mutex_unlock(&lifecycle_lock);
  if (!report)
    return;
  if (started) {
    oc_queue_stop(&oc_rt.prefetch_queue);
    oc_queue_stop(&oc_rt.release_queue);
    for (int i = 0; i < prefetch_thread_count; i++)
      pthread_join(prefetch_threads[i], NULL);
    if (release_thread_started)
      pthread_join(release_thread, NULL);
  }
  oc_arbiter_leave();
  oc_trace_stop();
  if (!oc_rt.config.stats_path[0] && !oc_rt.config.verbose)
    return;
  struct oc_limit_figures figures = {0};
  if (oc_rt.config.policy != OC_POLICY_OFF) {
    if (!limit_known) /* no module registered and no hint: the report still has it */
      oc_limit_init(oc_rt.config.mem_limit);
    oc_limit_get(&figures);
  }
  struct oc_stats_header header = {oc_policy_name(oc_rt.config.policy),
                                   atomic_load(&oc_backend)->name, oc_rt.os_page_size,
                                   atomic_load(&oc_module_page_size), figures.limit,
                                   oc_maps_reads(), oc_rt.config.threads};
  if (oc_rt.config.stats_path[0] &&
      !oc_stats_write_json(oc_rt.config.stats_path, &header, oc_release_write_tags, NULL))
    fprintf(stderr, "outcore: cannot write %s\n", oc_rt.config.stats_path);
  if (oc_rt.config.verbose)
    oc_stats_print_summary(&header);
}

static bool observed_from_start(const struct oc_config *config) {
  return config->trace_path[0] || config->arbitration != OC_ARBITRATION_OFF;
}

/* A program with no transformed module (no oc_register_module) and no hint takes
 * neither step. */
__attribute__((constructor)) static void start_runtime(void) {
  pthread_mutex_lock(&lifecycle_lock);
  load_config_locked();
  bool observed = observed_from_start(&oc_rt.config);
  pthread_mutex_unlock(&lifecycle_lock);
  if (observed)
    oc_runtime_init();
}

/* Runs after the program's atexit handlers; later hints see OC_STATE_STOPPED. */
__attribute__((destructor)) static void stop_runtime(void) { shutdown_runtime(); }
