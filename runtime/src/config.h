/* Run-time settings read from the OUTCORE_* environment variables. */
#ifndef OC_CONFIG_H
#define OC_CONFIG_H

#include <stdbool.h>

enum oc_policy {
  OC_POLICY_OFF,      /* O: every entry point returns at once */
  OC_POLICY_PREFETCH, /* P: prefetch only, releases ignored */
  OC_POLICY_RELEASE,  /* R: prefetch, releases issued as soon as they are final */
  OC_POLICY_BUFFERED, /* B: prefetch, releases buffered by priority until memory is short */
};

#define OC_THREADS_DEFAULT 2
#define OC_THREADS_MAX 64
#define OC_STATS_PATH_MAX 4096

struct oc_config {
  enum oc_policy policy;
  long mem_limit; /* bytes from OUTCORE_MEM_LIMIT, 0 when unset */
  int threads;    /* prefetch worker threads */
  bool verbose;
  char stats_path[OC_STATS_PATH_MAX]; /* empty when OUTCORE_STATS is unset */
};

/* "4096", "64K", "1M", "2G", "1T" (binary multiples, optional trailing "B"/"iB"). */
bool oc_parse_size(const char *text, long *bytes);
bool oc_parse_policy(const char *text, enum oc_policy *policy);
const char *oc_policy_name(enum oc_policy policy);

/* Fills *config from the environment; a bad value gets one warning on stderr and
 * the default. */
void oc_config_from_env(struct oc_config *config);

#endif
