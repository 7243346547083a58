/* Run-time settings read from the OUTCORE_* environment variables. */
#ifndef OC_CONFIG_H
#define OC_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

enum oc_policy {
  OC_POLICY_OFF,      /* O: every entry point returns at once */
  OC_POLICY_PREFETCH, /* P: prefetch only, releases ignored */
  OC_POLICY_RELEASE,  /* R: prefetch, releases issued as soon as they are final */
  OC_POLICY_BUFFERED, /* B: prefetch, releases buffered by priority until memory is short */
};

/* Node-level arbitration among runtimes sharing a memory limit (arbiter.h). */
enum oc_arbitration {
  OC_ARBITRATION_OFF,   /* each runtime sees only its own process (default) */
  OC_ARBITRATION_TOKEN, /* token-ordered: the holder is spared, the others release first */
  OC_ARBITRATION_SHARE, /* max-min fair shares of the limit by published demand */
};

#define OC_THREADS_DEFAULT 2
#define OC_THREADS_MAX 64
#define OC_STATS_PATH_MAX 4096

struct oc_config {
  enum oc_policy policy;
  long mem_limit; /* bytes from OUTCORE_MEM_LIMIT, 0 when unset */
  int threads;    /* prefetch worker threads */
  enum oc_arbitration arbitration;
  bool verbose;
  char stats_path[OC_STATS_PATH_MAX]; /* empty when OUTCORE_STATS is unset */
  char trace_path[OC_STATS_PATH_MAX]; /* empty when OUTCORE_TRACE is unset */
};

/* "4096", "64K", "1M", "2G", "1T" (binary multiples, optional trailing "B"/"iB"). */
bool oc_parse_size(const char *text, long *bytes);
bool oc_parse_policy(const char *text, enum oc_policy *policy);
const char *oc_policy_name(enum oc_policy policy);
bool oc_parse_arbitration(const char *text, enum oc_arbitration *arbitration);
const char *oc_arbitration_name(enum oc_arbitration arbitration);

/* Spilling big allocations to unlinked files (spill.h): OUTCORE_SPILL,
 * OUTCORE_SPILL_DIR, OUTCORE_SPILL_MIN. Read by the spill module itself, on its
 * first big allocation, independently of OUTCORE_POLICY. */
enum oc_spill_mode {
  OC_SPILL_AUTO, /* when swap cannot hold the block (or the heap of such blocks) and it is a sizeable part of the limit */
  OC_SPILL_ON,   /* every allocation of at least OUTCORE_SPILL_MIN */
  OC_SPILL_OFF,
};
#define OC_SPILL_MIN_FLOOR 16L /* the least slab slot (spill_slab.h) */
#define OC_SPILL_MIN_DEFAULT OC_SPILL_MIN_FLOOR
#define OC_SPILL_DIR_MAX 4096

struct oc_spill_config {
  enum oc_spill_mode mode;
  long min;                   /* smallest block spilled, bytes */
  char dir[OC_SPILL_DIR_MAX]; /* empty: a disk-backed temporary directory */
};

bool oc_parse_spill_mode(const char *text, enum oc_spill_mode *mode);
/* A size (oc_parse_size) of at least OC_SPILL_MIN_FLOOR. */
bool oc_parse_spill_min(const char *text, long *bytes);
/* An absolute path that fits OC_SPILL_DIR_MAX. */
bool oc_parse_spill_dir(const char *text, char *dir, size_t size);
void oc_spill_config_from_env(struct oc_spill_config *config);

/* The OS backend (OUTCORE_BACKEND, backend.h): the madvise family, or the
 * userfaultfd pager for the memory it manages. */
enum oc_backend_kind { OC_BACKEND_MADVISE, OC_BACKEND_PAGER };
bool oc_parse_backend(const char *text, enum oc_backend_kind *backend);
/* OUTCORE_BACKEND; a bad value gets one warning on stderr and madvise. */
enum oc_backend_kind oc_backend_from_env(void);

/* Fills *config from the environment; a bad value gets one warning on stderr and
 * the default. */
void oc_config_from_env(struct oc_config *config);

#endif
