#include "limit.h"

#include "outcore/outcore.h" /* oc_memory_limit_now, defined here */

#include <ctype.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Reserves kept free below each bound, so the kernel's own reclaim (the default
 * replacement policy OSDI Sec. 3.1.3 wants to avoid) does not start first. */
#define CGROUP_RESERVE_FRACTION 16 /* 1/16 of the cgroup limit ... */
#define CGROUP_RESERVE_MAX (64L << 20) /* ... at most 64 MiB */
#define SYSTEM_RESERVE_MIN (64L << 20)
#define NO_LIMIT_ABOVE (1L << 60) /* cgroup "unlimited" is about 2^63 */
#define MIN_LIMIT 4096L

static long min_long(long a, long b) { return a < b ? a : b; }

void oc_limit_compute(const struct oc_limit_inputs *in, struct oc_limit_figures *out) {
  out->sampled_ns = 0;
  long limit = LONG_MAX;
  if (in->env_limit > 0)
    limit = in->env_limit;
  if (in->cgroup_limit > 0) {
    long reserve = min_long(in->cgroup_limit / CGROUP_RESERVE_FRACTION, CGROUP_RESERVE_MAX);
    limit = min_long(limit, in->cgroup_limit - reserve);
  }
  if (in->mem_available >= 0) {
    long reserve = 2 * in->min_free > SYSTEM_RESERVE_MIN ? 2 * in->min_free : SYSTEM_RESERVE_MIN;
    limit = min_long(limit, in->process_rss + in->mem_available - reserve);
  }
  out->limit = limit < MIN_LIMIT ? MIN_LIMIT : limit;
  out->fit_limit = out->limit;
  if (in->cgroup_limit > 0) {
    /* The group's charge is what its limit reclaims against; cold page cache is
     * what a prefetch may displace without stealing from anyone. */
    out->usage = in->cgroup_usage > in->process_rss ? in->cgroup_usage : in->process_rss;
    long cold = (in->cgroup_inactive_file > 0 ? in->cgroup_inactive_file : 0) +
                (in->cgroup_unmapped_swapcache > 0 ? in->cgroup_unmapped_swapcache : 0);
    out->working_set = out->usage - cold > in->process_rss ? out->usage - cold : in->process_rss;
    if (out->working_set > out->usage)
      out->working_set = out->usage;
  } else {
    out->usage = in->process_rss;
    out->working_set = in->process_rss;
  }
}

long oc_unmapped_swapcache(const struct oc_swapcache_stat *stat, long usage) {
  if (stat->swapcached <= 0 || stat->anon_mapped < 0 || stat->file < 0)
    return 0;
  long unmapped = usage - stat->anon_mapped - stat->file - stat->kernel;
  return unmapped < 0 ? 0 : min_long(unmapped, stat->swapcached);
}

bool oc_swap_usable(const struct oc_swap_inputs *in) {
  /* v1 with memsw = limit: a page swapped out still counts against memsw, so paging
   * out frees nothing the group may use, and swappiness 0 forbids swapping. */
  return in->swap_free > 0 && in->swappiness != 0 &&
         (in->cgroup_limit == 0 || in->memsw_limit > in->cgroup_limit) &&
         in->swap_current < in->swap_max;
}

bool oc_cgroup_path(const char *text, int *version, char *path, size_t size) {
  const char *v2 = NULL;
  size_t v2_len = 0;
  for (const char *line = text; line && *line;) {
    const char *end = strchr(line, '\n');
    size_t len = end ? (size_t)(end - line) : strlen(line);
    const char *first = memchr(line, ':', len);
    const char *second = first ? memchr(first + 1, ':', len - (size_t)(first + 1 - line)) : NULL;
    if (second) {
      const char *controllers = first + 1;
      size_t controllers_len = (size_t)(second - controllers);
      const char *p = second + 1;
      size_t p_len = len - (size_t)(p - line);
      if (controllers_len == 0) {
        v2 = p;
        v2_len = p_len;
      }
      /* v1: the comma-separated controller list names "memory". */
      for (const char *c = controllers; c < second;) {
        const char *comma = memchr(c, ',', (size_t)(second - c));
        size_t c_len = comma ? (size_t)(comma - c) : (size_t)(second - c);
        if (c_len == 6 && memcmp(c, "memory", 6) == 0 && p_len < size) {
          memcpy(path, p, p_len);
          path[p_len] = 0;
          *version = 1;
          return true;
        }
        c += c_len + 1;
      }
    }
    line = end ? end + 1 : NULL;
  }
  if (v2 && v2_len < size) {
    memcpy(path, v2, v2_len);
    path[v2_len] = 0;
    *version = 2;
    return true;
  }
  return false;
}

/* A line's value after its key: a number, in bytes when followed by "kB"; -1 if none. */
static long stat_value(const char *p) {
  while (*p == ' ' || *p == '\t')
    p++;
  char *end;
  long value = strtol(p, &end, 10);
  if (end == p)
    return -1;
  while (*end == ' ')
    end++;
  return strncmp(end, "kB", 2) == 0 ? value * 1024 : value;
}

void oc_stat_fields(const char *text, const char *const *keys, long *values, size_t count) {
  for (size_t k = 0; k < count; k++)
    values[k] = -1;
  /* A key's first character decides for most lines; strchr finds the next line fast. */
  for (const char *line = text; line && *line;) {
    for (size_t k = 0; k < count; k++) {
      if (keys[k][0] != line[0] || values[k] != -1)
        continue;
      size_t key_len = strlen(keys[k]);
      if (strncmp(line, keys[k], key_len) == 0 && (line[key_len] == ' ' || line[key_len] == ':'))
        values[k] = stat_value(line + key_len + 1);
    }
    line = strchr(line, '\n');
    if (line)
      line++;
  }
}

long oc_stat_field(const char *text, const char *key) {
  long value;
  oc_stat_fields(text, &key, &value, 1);
  return value;
}

long oc_parse_cgroup_limit(const char *text) {
  while (isspace((unsigned char)*text))
    text++;
  if (strncmp(text, "max", 3) == 0)
    return 0;
  char *end;
  long long value = strtoll(text, &end, 10);
  if (end == text || value <= 0 || value >= NO_LIMIT_ABOVE)
    return 0;
  return (long)value;
}

/* Sources, opened once; pread keeps them usable from any thread and after fork. */
static struct {
  long env_limit;
  long min_free;
  long ancestors_limit; /* v2: smallest memory.max above our group, 0 = none */
  int cg_version;
  int swappiness; /* v1, read once: -1 when unknown */
  int cg_limit_fd, cg_usage_fd, cg_stat_fd, meminfo_fd, statm_fd;
  int cg_memsw_fd;                        /* v1 */
  int cg_swap_max_fd, cg_swap_current_fd; /* v2 */
  char source[64];
  char group[PATH_MAX]; /* the cgroup's path, "" when none was found */
} probe = {.swappiness = -1, .cg_limit_fd = -1, .cg_usage_fd = -1, .cg_stat_fd = -1,
           .meminfo_fd = -1, .statm_fd = -1, .cg_memsw_fd = -1, .cg_swap_max_fd = -1,
           .cg_swap_current_fd = -1};

static pthread_mutex_t sample_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic(long) sampled_ns = OC_LIMIT_NEVER_SAMPLED;
static _Atomic(long) current_limit, current_fit_limit, current_usage, current_working_set;
static _Atomic(bool) have_swap, have_cgroup_limit;
static void (*_Atomic arbiter)(const struct oc_limit_inputs *, struct oc_limit_figures *);
static bool publishing; /* under sample_lock */

/* Declared in outcore/outcore.h (the ABI): LONG_MAX until the runtime runs. Written
 * under sample_lock with relaxed atomic stores; compiled code reads it with one load,
 * which the pass marks as never below OC_MEMORY_LIMIT_NOW_MIN (so the fit test needs
 * no floor of its own). */
__attribute__((visibility("default"))) long oc_memory_limit_now = LONG_MAX;

static void publish_locked(long limit) {
  if (limit < OC_MEMORY_LIMIT_NOW_MIN)
    limit = OC_MEMORY_LIMIT_NOW_MIN;
  __atomic_store_n(&oc_memory_limit_now, publishing ? limit : LONG_MAX, __ATOMIC_RELAXED);
}

static ssize_t read_fd(int fd, char *buf, size_t size) {
  if (fd < 0)
    return -1;
  ssize_t n = pread(fd, buf, size - 1, 0);
  buf[n > 0 ? n : 0] = 0;
  return n;
}

static ssize_t read_path(const char *path, char *buf, size_t size) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  ssize_t n = read_fd(fd, buf, size);
  if (fd >= 0)
    close(fd);
  return n;
}

static int open_in(const char *dir, const char *name) {
  char path[PATH_MAX];
  if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path)
    return -1;
  return open(path, O_RDONLY | O_CLOEXEC);
}

static ssize_t read_in(const char *dir, const char *name, char *buf, size_t size) {
  int fd = open_in(dir, name);
  ssize_t n = read_fd(fd, buf, size);
  if (fd >= 0)
    close(fd);
  return n;
}

/* Finds the group directory; inside a container /proc/self/cgroup may name a path
 * that is not mounted, so the mount's root is the fallback. */
static void open_cgroup(void) {
  char text[4096], rel[PATH_MAX - 64], dir[PATH_MAX];
  int version;
  if (read_path("/proc/self/cgroup", text, sizeof text) <= 0 ||
      !oc_cgroup_path(text, &version, rel, sizeof rel))
    return;
  const char *mount = version == 1 ? "/sys/fs/cgroup/memory" : "/sys/fs/cgroup";
  const char *limit_name = version == 1 ? "memory.limit_in_bytes" : "memory.max";
  const char *usage_name = version == 1 ? "memory.usage_in_bytes" : "memory.current";
  snprintf(dir, sizeof dir, "%s%s", mount, rel);
  int limit_fd = open_in(dir, limit_name);
  if (limit_fd < 0) {
    snprintf(dir, sizeof dir, "%s", mount);
    limit_fd = open_in(dir, limit_name);
  }
  if (limit_fd < 0)
    return;
  probe.cg_version = version;
  probe.cg_limit_fd = limit_fd;
  snprintf(probe.group, sizeof probe.group, "%s", rel);
  probe.cg_usage_fd = open_in(dir, usage_name);
  probe.cg_stat_fd = open_in(dir, "memory.stat");
  snprintf(probe.source, sizeof probe.source, "cgroup v%d", version);
  if (version == 1) {
    char value[64];
    if (read_in(dir, "memory.swappiness", value, sizeof value) > 0)
      probe.swappiness = atoi(value);
    probe.cg_memsw_fd = open_in(dir, "memory.memsw.limit_in_bytes");
  } else {
    probe.cg_swap_max_fd = open_in(dir, "memory.swap.max");
    probe.cg_swap_current_fd = open_in(dir, "memory.swap.current");
    /* v2 has no hierarchical limit in memory.stat: walk the ancestors once. */
    for (char *slash = strrchr(dir, '/'); slash && slash > dir + strlen(mount);
         slash = strrchr(dir, '/')) {
      *slash = 0;
      char value[64];
      if (read_in(dir, "memory.max", value, sizeof value) > 0) {
        long l = oc_parse_cgroup_limit(value);
        if (l > 0 && (probe.ancestors_limit == 0 || l < probe.ancestors_limit))
          probe.ancestors_limit = l;
      }
    }
  }
}

static pthread_once_t sources_once = PTHREAD_ONCE_INIT;

static void open_sources(void) {
  char text[64];
  if (read_path("/proc/sys/vm/min_free_kbytes", text, sizeof text) > 0)
    probe.min_free = atol(text) * 1024;
  snprintf(probe.source, sizeof probe.source, "system");
  open_cgroup();
  probe.meminfo_fd = open("/proc/meminfo", O_RDONLY | O_CLOEXEC);
  probe.statm_fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
}

void oc_limit_open(void) {
  if (pthread_once(&sources_once, open_sources) == 0 &&
      atomic_load_explicit(&sampled_ns, memory_order_acquire) == OC_LIMIT_NEVER_SAMPLED)
    oc_limit_refresh();
}

void oc_limit_init(long env_limit) {
  pthread_once(&sources_once, open_sources);
  pthread_mutex_lock(&sample_lock);
  probe.env_limit = env_limit;
  pthread_mutex_unlock(&sample_lock);
  oc_limit_refresh();
}

static long now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
  return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

static void sample_locked(void) {
  struct oc_swapcache_stat swapcache_stat = {-1, -1, -1, 0};
  struct oc_limit_inputs in = {.env_limit = probe.env_limit, .min_free = probe.min_free,
                               .mem_available = -1};
  struct oc_swap_inputs swap = {.memsw_limit = LONG_MAX, .swappiness = probe.swappiness,
                                .swap_max = LONG_MAX};
  char text[8192];
  if (read_fd(probe.cg_limit_fd, text, sizeof text) > 0)
    in.cgroup_limit = oc_parse_cgroup_limit(text);
  if (read_fd(probe.cg_stat_fd, text, sizeof text) > 0) {
    enum { HIERARCHICAL, INACTIVE, CACHE, MAPPED, SHMEM, SWAPCACHED, ANON, KERNEL, MEMSW };
    static const char *const v1_keys[] = {
        "hierarchical_memory_limit", "total_inactive_file", "total_cache",
        "total_mapped_file",         "total_shmem",         "total_swapcached",
        "total_rss",                 "",                    "hierarchical_memsw_limit"};
    static const char *const v2_keys[] = {"", "inactive_file", "file",   "file_mapped", "shmem",
                                          "swapcached", "anon", "kernel", ""};
    long v[MEMSW + 1];
    oc_stat_fields(text, probe.cg_version == 1 ? v1_keys : v2_keys, v, MEMSW + 1);
    if (v[HIERARCHICAL] > 0 && v[HIERARCHICAL] < NO_LIMIT_ABOVE &&
        (in.cgroup_limit == 0 || v[HIERARCHICAL] < in.cgroup_limit))
      in.cgroup_limit = v[HIERARCHICAL];
    in.cgroup_inactive_file = v[INACTIVE] > 0 ? v[INACTIVE] : 0;
    /* Shared memory is cache that only swap frees: never counted as reclaimable. */
    long unmapped = v[CACHE] - (v[MAPPED] > 0 ? v[MAPPED] : 0) - (v[SHMEM] > 0 ? v[SHMEM] : 0);
    in.cgroup_unmapped_file = unmapped > 0 ? unmapped : 0;
    swapcache_stat = (struct oc_swapcache_stat){v[SWAPCACHED], v[ANON], v[CACHE],
                                                v[KERNEL] > 0 ? v[KERNEL] : 0};
    if (v[MEMSW] > 0)
      swap.memsw_limit = v[MEMSW];
  }
  if (read_fd(probe.cg_swap_max_fd, text, sizeof text) > 0 && strncmp(text, "max", 3) != 0)
    swap.swap_max = atol(text);
  if (read_fd(probe.cg_swap_current_fd, text, sizeof text) > 0)
    swap.swap_current = atol(text);
  if (probe.ancestors_limit > 0 &&
      (in.cgroup_limit == 0 || probe.ancestors_limit < in.cgroup_limit))
    in.cgroup_limit = probe.ancestors_limit;
  if (read_fd(probe.cg_usage_fd, text, sizeof text) > 0)
    in.cgroup_usage = atol(text);
  in.cgroup_unmapped_swapcache = oc_unmapped_swapcache(&swapcache_stat, in.cgroup_usage);
  if (read_fd(probe.meminfo_fd, text, sizeof text) > 0) {
    static const char *const keys[] = {"MemAvailable", "SwapFree"};
    long v[2];
    oc_stat_fields(text, keys, v, 2);
    in.mem_available = v[0];
    swap.swap_free = v[1];
  }
  if (read_fd(probe.statm_fd, text, sizeof text) > 0) {
    long pages_total = 0, pages_resident = 0;
    sscanf(text, "%ld %ld", &pages_total, &pages_resident);
    in.process_rss = pages_resident * sysconf(_SC_PAGESIZE);
  }
  swap.cgroup_limit = in.cgroup_limit;
  atomic_store_explicit(&have_swap, oc_swap_usable(&swap), memory_order_relaxed);
  atomic_store_explicit(&have_cgroup_limit, in.cgroup_limit > 0, memory_order_relaxed);
  struct oc_limit_figures f;
  oc_limit_compute(&in, &f);
  void (*arbitrate)(const struct oc_limit_inputs *, struct oc_limit_figures *) =
      atomic_load_explicit(&arbiter, memory_order_acquire);
  if (arbitrate)
    arbitrate(&in, &f);
  atomic_store_explicit(&current_limit, f.limit, memory_order_relaxed);
  atomic_store_explicit(&current_fit_limit, f.fit_limit, memory_order_relaxed);
  atomic_store_explicit(&current_usage, f.usage, memory_order_relaxed);
  atomic_store_explicit(&current_working_set, f.working_set, memory_order_relaxed);
  publish_locked(f.fit_limit);
}

void oc_limit_refresh(void) {
  pthread_mutex_lock(&sample_lock);
  sample_locked();
  atomic_store_explicit(&sampled_ns, now_ns(), memory_order_release);
  pthread_mutex_unlock(&sample_lock);
}

void oc_limit_get(struct oc_limit_figures *out) {
  long now = now_ns();
  /* One caller resamples; the others use the figures they find. */
  if (now - atomic_load_explicit(&sampled_ns, memory_order_acquire) >= OC_LIMIT_SAMPLE_NS &&
      pthread_mutex_trylock(&sample_lock) == 0) {
    if (now - atomic_load_explicit(&sampled_ns, memory_order_relaxed) >= OC_LIMIT_SAMPLE_NS) {
      sample_locked();
      atomic_store_explicit(&sampled_ns, now, memory_order_release);
    }
    pthread_mutex_unlock(&sample_lock);
  }
  oc_limit_cached(out);
}

void oc_limit_cached(struct oc_limit_figures *out) {
  out->limit = atomic_load_explicit(&current_limit, memory_order_relaxed);
  out->fit_limit = atomic_load_explicit(&current_fit_limit, memory_order_relaxed);
  out->usage = atomic_load_explicit(&current_usage, memory_order_relaxed);
  out->working_set = atomic_load_explicit(&current_working_set, memory_order_relaxed);
  out->sampled_ns = atomic_load_explicit(&sampled_ns, memory_order_acquire);
}

bool oc_limit_have_swap(void) { return atomic_load_explicit(&have_swap, memory_order_relaxed); }

long oc_limit_swap_room(void) {
  char text[8192];
  if (read_fd(probe.meminfo_fd, text, sizeof text) <= 0)
    return 0;
  long room = oc_stat_field(text, "SwapFree");
  int swap_bound_fd = probe.cg_version == 1 ? probe.cg_memsw_fd : probe.cg_swap_max_fd;
  if (room <= 0 || read_fd(swap_bound_fd, text, sizeof text) <= 0)
    return room > 0 ? room : 0;
  long bound = oc_parse_cgroup_limit(text); /* 0: no bound */
  if (bound > 0 && probe.cg_version == 1) {
    /* v1 bounds memory plus swap: the swap share is what lies above the memory limit. */
    char limit_text[64];
    long limit = read_fd(probe.cg_limit_fd, limit_text, sizeof limit_text) > 0
                     ? oc_parse_cgroup_limit(limit_text) : 0;
    bound = bound > limit ? bound - limit : 0;
    return bound < room ? bound : room;
  }
  if (probe.cg_version == 2 && strncmp(text, "0", 1) == 0)
    return 0;
  return bound > 0 && bound < room ? bound : room;
}

void oc_limit_publish(bool running) {
  pthread_mutex_lock(&sample_lock);
  publishing = running;
  publish_locked(atomic_load_explicit(&current_fit_limit, memory_order_relaxed));
  pthread_mutex_unlock(&sample_lock);
}

const char *oc_limit_source(void) { return probe.source; }

void oc_limit_group_key(char *key, size_t size) {
  pthread_once(&sources_once, open_sources);
  bool limited = atomic_load_explicit(&have_cgroup_limit, memory_order_relaxed);
  snprintf(key, size, "%s", limited ? probe.group : "");
}

void oc_limit_set_arbiter(void (*arbitrate)(const struct oc_limit_inputs *in,
                                            struct oc_limit_figures *out)) {
  /* Under the sample lock: once this returns, no sample runs the previous one. */
  pthread_mutex_lock(&sample_lock);
  atomic_store_explicit(&arbiter, arbitrate, memory_order_release);
  pthread_mutex_unlock(&sample_lock);
}

void oc_limit_fork_prepare(void) { pthread_mutex_lock(&sample_lock); }
void oc_limit_fork_parent(void) { pthread_mutex_unlock(&sample_lock); }
void oc_limit_fork_child(void) {
  /* statm is per process: reopen for the child's own figures. */
  if (probe.statm_fd >= 0)
    close(probe.statm_fd);
  probe.statm_fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
  atomic_store_explicit(&sampled_ns, OC_LIMIT_NEVER_SAMPLED, memory_order_relaxed);
  pthread_mutex_unlock(&sample_lock);
}
