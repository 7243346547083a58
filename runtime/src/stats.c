#include "stats.h"

#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

__thread struct oc_thread_counts *oc_tls_counts;
__thread struct oc_thread_counts *oc_tls_fast_counts;
__thread struct oc_thread_counts *oc_tls_page_counts;
_Atomic(long) oc_counters[OC_COUNTER_COUNT];

static __thread struct oc_thread_counts thread_block;
static __thread bool thread_retired;

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct oc_thread_counts *registry;
static long retired_seen; /* hints of threads that have exited; under registry_lock */
static pthread_key_t exit_key;
static bool exit_key_made;

/* Thread exit: fold the thread's count into the total before its TLS goes away. */
static void retire_thread(void *block) {
  struct oc_thread_counts *mine = block;
  pthread_mutex_lock(&registry_lock);
  for (struct oc_thread_counts **p = &registry; *p; p = &(*p)->next) {
    if (*p == mine) {
      *p = mine->next;
      break;
    }
  }
  retired_seen += atomic_load_explicit(&mine->seen, memory_order_relaxed);
  pthread_mutex_unlock(&registry_lock);
  oc_tls_counts = oc_tls_fast_counts = oc_tls_page_counts = NULL;
  thread_retired = true;
}

bool oc_stats_init(void) {
  pthread_mutex_lock(&registry_lock);
  if (!exit_key_made)
    exit_key_made = pthread_key_create(&exit_key, retire_thread) == 0;
  pthread_mutex_unlock(&registry_lock);
  return exit_key_made;
}

void oc_stats_register_counts(struct oc_thread_counts *counts) {
  pthread_mutex_lock(&registry_lock);
  counts->next = registry;
  registry = counts;
  pthread_mutex_unlock(&registry_lock);
}

bool oc_stats_register_thread(void) {
  if (oc_tls_counts)
    return true;
  if (thread_retired || !exit_key_made)
    return false;
  struct oc_thread_counts *mine = &thread_block;
  oc_stats_register_counts(mine);
  pthread_setspecific(exit_key, mine);
  oc_tls_counts = oc_tls_fast_counts = oc_tls_page_counts = mine;
  return true;
}

void oc_stats_thread_traced(struct oc_thread_counts *page_counts) {
  oc_tls_fast_counts = page_counts ? NULL : oc_tls_counts;
  oc_tls_page_counts = page_counts ? page_counts : oc_tls_counts;
}

void oc_stats_fork_prepare(void) { pthread_mutex_lock(&registry_lock); }

void oc_stats_fork_parent(void) { pthread_mutex_unlock(&registry_lock); }

void oc_stats_fork_child(void) {
  /* Only the forking thread exists in the child; it starts from zero. */
  registry = NULL;
  retired_seen = 0;
  if (oc_tls_counts) {
    atomic_store_explicit(&thread_block.seen, 0, memory_order_relaxed);
    thread_block.next = NULL;
    registry = &thread_block;
  }
  for (int i = 0; i < OC_COUNTER_COUNT; i++)
    atomic_store_explicit(&oc_counters[i], 0, memory_order_relaxed);
  pthread_mutex_unlock(&registry_lock);
}

static long counter(enum oc_counter c) { return oc_counter_value(c); }

long oc_stats_read_bytes(void) {
  int fd = open("/proc/self/io", O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  char text[1024];
  ssize_t n = read(fd, text, sizeof text - 1);
  close(fd);
  if (n <= 0)
    return -1;
  text[n] = 0;
  const char *field = strstr(text, "\nread_bytes:");
  return field ? atol(field + strlen("\nread_bytes:")) : -1;
}

void oc_stats_totals(struct oc_stats_totals *t) {
  memset(t, 0, sizeof *t);
  pthread_mutex_lock(&registry_lock);
  long seen = retired_seen;
  for (struct oc_thread_counts *c = registry; c; c = c->next)
    seen += atomic_load_explicit(&c->seen, memory_order_relaxed);
  pthread_mutex_unlock(&registry_lock);
  seen += counter(OC_HINTS_SEEN_UNTRACKED);
  t->hints_seen = seen;
  t->hints_filtered = seen - counter(OC_HINTS_SLOW) + counter(OC_HINTS_FILTERED_SLOW);
  t->hints_issued = counter(OC_HINTS_ISSUED);
  t->hints_dropped = counter(OC_HINTS_DROPPED);
  t->hints_left_to_readahead = counter(OC_HINTS_LEFT_TO_READAHEAD);
  t->releases_recorded = counter(OC_RELEASES_RECORDED);
  t->releases_dropped = counter(OC_RELEASES_DROPPED);
  t->releases_issued = counter(OC_RELEASES_ISSUED);
  t->releases_coalesced = counter(OC_RELEASES_COALESCED);
  t->releases_rescued = counter(OC_RELEASES_RESCUED);
  t->bytes_rescued_in_memory = counter(OC_BYTES_RESCUED_IN_MEMORY);
  t->bytes_back_too_soon = counter(OC_BYTES_BACK_TOO_SOON);
  t->pacing_distrusts = counter(OC_PACING_DISTRUSTS);
  t->release_calls_saved = counter(OC_RELEASE_CALLS_SAVED);
  t->releases_unissuable = counter(OC_RELEASES_UNISSUABLE);
  t->releases_ignored = counter(OC_RELEASES_IGNORED);
  t->bytes_prefetched = counter(OC_BYTES_PREFETCHED);
  t->bytes_held_back = counter(OC_BYTES_HELD_BACK);
  t->bytes_widened = counter(OC_BYTES_WIDENED);
  t->bytes_swapped_in_ahead = counter(OC_BYTES_SWAPPED_IN_AHEAD);
  t->bytes_released = counter(OC_BYTES_RELEASED);
  t->writebacks_started = counter(OC_WRITEBACKS_STARTED);
  t->resyncs = counter(OC_RESYNCS);
  t->spill_readaround_offs = counter(OC_SPILL_READAROUND_OFFS);
  t->spill_bytes_moved = counter(OC_SPILL_BYTES_MOVED);
  t->pager_faults = counter(OC_PAGER_FAULTS);
  t->pager_write_faults = counter(OC_PAGER_WRITE_FAULTS);
  t->pager_bytes_filled = counter(OC_PAGER_BYTES_FILLED);
  t->pager_bytes_prefetched = counter(OC_PAGER_BYTES_PREFETCHED);
  t->pager_bytes_evicted = counter(OC_PAGER_BYTES_EVICTED);
  t->pager_bytes_written = counter(OC_PAGER_BYTES_WRITTEN);
  t->pager_fault_fill_ns = counter(OC_PAGER_FAULT_FILL_NS);
  t->pager_room_waits = counter(OC_PAGER_ROOM_WAITS);
  t->pager_room_wait_ns = counter(OC_PAGER_ROOM_WAIT_NS);
  t->pager_prefetches_no_room = counter(OC_PAGER_PREFETCHES_NO_ROOM);
  t->token_acquired = counter(OC_TOKEN_ACQUIRED);
  t->token_hand_ons = counter(OC_TOKEN_HAND_ONS);
  t->token_give_ups = counter(OC_TOKEN_GIVE_UPS);
  t->token_held_ns = counter(OC_TOKEN_HELD_NS);
  t->bytes_read = oc_stats_read_bytes();
  struct rusage usage;
  if (getrusage(RUSAGE_SELF, &usage) == 0) {
    t->major_faults = usage.ru_majflt;
    t->peak_rss = usage.ru_maxrss * 1024L;
  }
}

bool oc_stats_write_json(const char *path, const struct oc_stats_header *h,
                         void (*write_tags)(FILE *out, void *ctx), void *ctx) {
  struct oc_stats_totals t;
  oc_stats_totals(&t);
  FILE *out = fopen(path, "we");
  if (!out)
    return false;
  fprintf(out,
          "{\n  \"policy\": \"%s\",\n  \"backend\": \"%s\",\n  \"page_size\": %ld,\n"
          "  \"module_page_size\": %ld,\n"
          "  \"memory_limit\": %ld,\n  \"threads\": %d,\n",
          h->policy, h->backend, h->page_size, h->module_page_size, h->memory_limit, h->threads);
  fprintf(out,
          "  \"hints_seen\": %ld,\n  \"hints_filtered\": %ld,\n  \"hints_issued\": %ld,\n"
          "  \"hints_dropped\": %ld,\n  \"hints_left_to_readahead\": %ld,\n",
          t.hints_seen, t.hints_filtered, t.hints_issued, t.hints_dropped,
          t.hints_left_to_readahead);
  fprintf(out,
          "  \"releases_recorded\": %ld,\n  \"releases_dropped\": %ld,\n"
          "  \"releases_issued\": %ld,\n  \"releases_coalesced\": %ld,\n"
          "  \"releases_rescued\": %ld,\n  \"release_calls_saved\": %ld,\n"
          "  \"releases_unissuable\": %ld,\n  \"releases_ignored\": %ld,\n"
          "  \"bytes_rescued_in_memory\": %ld,\n  \"bytes_back_too_soon\": %ld,\n"
          "  \"pacing_distrusts\": %ld,\n",
          t.releases_recorded, t.releases_dropped, t.releases_issued, t.releases_coalesced,
          t.releases_rescued, t.release_calls_saved, t.releases_unissuable, t.releases_ignored,
          t.bytes_rescued_in_memory, t.bytes_back_too_soon, t.pacing_distrusts);
  fprintf(out,
          "  \"bytes_prefetched\": %ld,\n  \"bytes_held_back\": %ld,\n  \"bytes_widened\": %ld,\n"
          "  \"bytes_swapped_in_ahead\": %ld,\n  \"bytes_released\": %ld,\n"
          "  \"writebacks_started\": %ld,\n  \"resyncs\": %ld,\n  \"maps_reads\": %ld,\n"
          "  \"spill_readaround_offs\": %ld,\n  \"spill_bytes_moved\": %ld,\n"
          "  \"bytes_read\": %ld,\n"
          "  \"major_faults\": %ld,\n  \"peak_rss\": %ld,\n",
          t.bytes_prefetched, t.bytes_held_back, t.bytes_widened, t.bytes_swapped_in_ahead,
          t.bytes_released, t.writebacks_started, t.resyncs, h->maps_reads,
          t.spill_readaround_offs, t.spill_bytes_moved,
          t.bytes_read,
          t.major_faults, t.peak_rss);
  fprintf(out,
          "  \"pager_faults\": %ld,\n  \"pager_write_faults\": %ld,\n"
          "  \"pager_bytes_filled\": %ld,\n  \"pager_bytes_prefetched\": %ld,\n"
          "  \"pager_bytes_evicted\": %ld,\n  \"pager_bytes_written\": %ld,\n"
          "  \"pager_fault_fill_ns\": %ld,\n  \"pager_room_waits\": %ld,\n"
          "  \"pager_room_wait_ns\": %ld,\n  \"pager_prefetches_no_room\": %ld,\n",
          t.pager_faults, t.pager_write_faults, t.pager_bytes_filled, t.pager_bytes_prefetched,
          t.pager_bytes_evicted, t.pager_bytes_written, t.pager_fault_fill_ns, t.pager_room_waits,
          t.pager_room_wait_ns, t.pager_prefetches_no_room);
  fprintf(out,
          "  \"token_acquired\": %ld,\n  \"token_hand_ons\": %ld,\n  \"token_give_ups\": %ld,\n"
          "  \"token_held_ns\": %ld,\n  \"tags\": [",
          t.token_acquired, t.token_hand_ons, t.token_give_ups, t.token_held_ns);
  if (write_tags)
    write_tags(out, ctx);
  fprintf(out, "\n  ]\n}\n");
  return fclose(out) == 0;
}

void oc_stats_print_summary(const struct oc_stats_header *h) {
  struct oc_stats_totals t;
  oc_stats_totals(&t);
  fprintf(stderr,
          "outcore: policy=%s hints=%ld filtered=%ld issued=%ld dropped=%ld releases=%ld "
          "issued=%ld coalesced=%ld dropped=%ld rescued=%ld released=%ldMiB majflt=%ld "
          "read=%ldMiB peak_rss=%ldMiB limit=%ldMiB\n",
          h->policy, t.hints_seen, t.hints_filtered, t.hints_issued, t.hints_dropped,
          t.releases_recorded, t.releases_issued, t.releases_coalesced, t.releases_dropped,
          t.releases_rescued, t.bytes_released >> 20, t.major_faults,
          t.bytes_read < 0 ? -1 : t.bytes_read >> 20, t.peak_rss >> 20, h->memory_limit >> 20);
}
