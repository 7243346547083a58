/*
 * The memory limit (OSDI eq. 1, adapted to Linux): the smallest of OUTCORE_MEM_LIMIT,
 * the cgroup limit less a reserve, and the process's usage plus available memory
 * less a reserve. Sampled from the OS at most every OC_LIMIT_SAMPLE_NS, never per hint.
 */
#ifndef OC_LIMIT_H
#define OC_LIMIT_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#define OC_LIMIT_SAMPLE_NS 5000000L /* 5 ms */

struct oc_limit_inputs {
  long env_limit;            /* OUTCORE_MEM_LIMIT, 0 when unset */
  long cgroup_limit;         /* 0 when there is no cgroup limit */
  long cgroup_usage;         /* charged bytes, page cache included */
  long cgroup_inactive_file; /* page cache reclaimable without hurting anyone */
  long cgroup_unmapped_file; /* page cache no process maps (e.g. left by processes gone) */
  /* Anonymous pages in the swap cache that no process maps: written to swap (by a
   * release's MADV_PAGEOUT or by reclaim) and left there until the limit reclaims
   * them, which costs no I/O. */
  long cgroup_unmapped_swapcache;
  long process_rss;
  long mem_available;        /* MemAvailable, -1 when unknown */
  long min_free;             /* vm.min_free_kbytes in bytes */
};

#define OC_LIMIT_NEVER_SAMPLED (LONG_MIN / 2)
struct oc_limit_figures {
  long limit;       /* bytes the process may use now (under arbitration: its share) */
  long fit_limit;   /* oc_memory_limit(), the fit test that picks a nest's version for the
                       whole nest: the limit, or under arbitration oc_arbiter_fit_limit */
  long usage;       /* bytes charged against that limit */
  long working_set; /* usage less cold page cache and unmapped swap cache: what a
                       prefetch would steal from */
  long sampled_ns;  /* when the figures were read (oc_limit_get), or OC_LIMIT_NEVER_SAMPLED */
};

void oc_limit_compute(const struct oc_limit_inputs *in, struct oc_limit_figures *out);

/* The group's memory.stat fields that bound its unmapped swap cache; -1 where the
 * kernel has no such field (kernel: 0 where not charged, as on v1). */
struct oc_swapcache_stat {
  long swapcached, anon_mapped, file, kernel;
};
/* Swap cache pages are charged but counted neither as mapped anonymous memory nor as
 * file cache: the charge beyond those (and kernel memory), at most the swap cache. */
long oc_unmapped_swapcache(const struct oc_swapcache_stat *stat, long usage);

/* Whether the group can page anonymous memory out (MADV_PAGEOUT of anonymous or
 * shmem pages frees memory only then). Unset fields: memsw_limit and swap_max
 * LONG_MAX, swappiness -1, swap_current 0. */
struct oc_swap_inputs {
  long swap_free;    /* SwapFree: a swap device with room */
  long cgroup_limit; /* the group's memory limit, 0 when none */
  long memsw_limit;  /* v1 hierarchical memory+swap limit */
  int swappiness;    /* v1 memory.swappiness */
  long swap_max, swap_current; /* v2 memory.swap.max and memory.swap.current */
};
bool oc_swap_usable(const struct oc_swap_inputs *in);

/* Text parsers (unit-tested). */
/* From /proc/self/cgroup: the v1 memory controller's path (version 1) or else the
 * v2 unified path (version 2). False when neither is present. */
bool oc_cgroup_path(const char *proc_self_cgroup, int *version, char *path, size_t size);
/* Value of "key N" (memory.stat) or "Key: N kB" (meminfo, returned in bytes); -1 if absent. */
long oc_stat_field(const char *text, const char *key);
/* The same for count keys in one pass over the text (a sample reads eight fields of
 * memory.stat: eight passes cost 19 k instructions); values[i] is keys[i]'s. */
void oc_stat_fields(const char *text, const char *const *keys, long *values, size_t count);
/* A cgroup limit file: a number, or "max"/a near-2^63 value meaning none (0). */
long oc_parse_cgroup_limit(const char *text);

/* Opens the OS sources once and takes a first sample if none was taken: for users
 * of the figures that may run before oc_limit_init (the spill module). */
void oc_limit_open(void);
/* Opens the OS sources (once); env_limit is OUTCORE_MEM_LIMIT (0 when unset). */
void oc_limit_init(long env_limit);
/* Current figures, resampled when older than OC_LIMIT_SAMPLE_NS. Lock-free read. */
void oc_limit_get(struct oc_limit_figures *out);
/* The figures of the last sample, never resampling: for the hint paths, which must
 * not read the OS's files (the release worker keeps the sample fresh). */
void oc_limit_cached(struct oc_limit_figures *out);
/* Forces a fresh sample. */
void oc_limit_refresh(void);
/* The group can page anonymous memory out to swap (oc_swap_usable, last sample):
 * a swap device with free space, and v1: memsw limit above the memory limit and
 * swappiness > 0; v2: memory.swap.current below memory.swap.max. */
bool oc_limit_have_swap(void);
/* Bytes of swap this process may still use: free swap, bounded by its group's swap
 * allowance (v1 memsw less the memory limit, v2 memory.swap.max). Reads the OS. */
long oc_limit_swap_room(void);
/* The memory cgroup whose limit applies (its path in /proc/self/cgroup), or "" when
 * no cgroup limits the process: runtimes with the same key share one limit. */
void oc_limit_group_key(char *key, size_t size);
/* Called at the end of every sample with its inputs, to replace the figures (node
 * arbitration: the process's part of a shared limit). NULL: none. */
void oc_limit_set_arbiter(void (*arbitrate)(const struct oc_limit_inputs *in,
                                            struct oc_limit_figures *out));
/* The ABI's oc_memory_limit_now (outcore/outcore.h), the limit as one load for the
 * compiler's fit tests: with running true, set to the figures' limit now and at
 * every later sample (wherever it is taken: oc_limit_get, oc_limit_refresh); with
 * false, LONG_MAX, as oc_memory_limit() returns when the runtime is not running. */
void oc_limit_publish(bool running);
/* Description of where the limit comes from, for the verbose summary. */
const char *oc_limit_source(void);

void oc_limit_fork_prepare(void);
void oc_limit_fork_parent(void);
void oc_limit_fork_child(void);

#endif
