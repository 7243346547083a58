#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

bool oc_parse_size(const char *text, long *bytes) {
  if (!text)
    return false;
  while (isspace((unsigned char)*text))
    text++;
  if (!isdigit((unsigned char)*text))
    return false;
  errno = 0;
  char *end;
  unsigned long long value = strtoull(text, &end, 10);
  if (errno)
    return false;
  unsigned shift = 0;
  switch (toupper((unsigned char)*end)) {
  case 'K': shift = 10; end++; break;
  case 'M': shift = 20; end++; break;
  case 'G': shift = 30; end++; break;
  case 'T': shift = 40; end++; break;
  default: break;
  }
  if (shift && (*end == 'i' || *end == 'I'))
    end++;
  if (*end == 'b' || *end == 'B')
    end++;
  while (isspace((unsigned char)*end))
    end++;
  if (*end)
    return false;
  if (value > ((unsigned long long)LONG_MAX >> shift))
    return false;
  *bytes = (long)(value << shift);
  return true;
}

static const char *const policy_names[] = {
    [OC_POLICY_OFF] = "off",
    [OC_POLICY_PREFETCH] = "prefetch",
    [OC_POLICY_RELEASE] = "release",
    [OC_POLICY_BUFFERED] = "buffered",
};

/* The index of text in names (any case), or -1. */
static int name_index(const char *const *names, unsigned count, const char *text) {
  for (unsigned i = 0; text && i < count; i++)
    if (strcasecmp(text, names[i]) == 0)
      return (int)i;
  return -1;
}

/* bool function(const char *text, type *value): the enum value named by text in names
 * (indexed by value, any case); false, value untouched, for any other text. */
#define NAME_PARSER(function, type, names)                                                 \
  bool function(const char *text, type *value) {                                           \
    int i = name_index(names, sizeof names / sizeof names[0], text);                        \
    if (i < 0)                                                                              \
      return false;                                                                         \
    *value = (type)i;                                                                       \
    return true;                                                                            \
  }

NAME_PARSER(oc_parse_policy, enum oc_policy, policy_names)

const char *oc_policy_name(enum oc_policy policy) { return policy_names[policy]; }

static const char *const arbitration_names[] = {
    [OC_ARBITRATION_OFF] = "off",
    [OC_ARBITRATION_TOKEN] = "token",
    [OC_ARBITRATION_SHARE] = "share",
};

NAME_PARSER(oc_parse_arbitration, enum oc_arbitration, arbitration_names)

const char *oc_arbitration_name(enum oc_arbitration arbitration) {
  return arbitration_names[arbitration];
}

static void warn_bad(const char *name, const char *value, const char *used) {
  fprintf(stderr, "outcore: ignoring %s=%s (using %s)\n", name, value, used);
}

/* A path setting into path[size]; one that does not fit leaves it empty. */
static void path_from_env(const char *name, char *path, size_t size, const char *none) {
  const char *value = getenv(name);
  if (!value || !*value)
    return;
  if (strlen(value) >= size)
    warn_bad(name, "(too long)", none);
  else
    strcpy(path, value);
}

void oc_config_from_env(struct oc_config *config) {
  memset(config, 0, sizeof *config);
  config->policy = OC_POLICY_BUFFERED;
  config->threads = OC_THREADS_DEFAULT;

  const char *value = getenv("OUTCORE_POLICY");
  if (value && *value && !oc_parse_policy(value, &config->policy))
    warn_bad("OUTCORE_POLICY", value, "buffered");

  value = getenv("OUTCORE_MEM_LIMIT");
  if (value && *value && (!oc_parse_size(value, &config->mem_limit) || config->mem_limit <= 0)) {
    config->mem_limit = 0;
    warn_bad("OUTCORE_MEM_LIMIT", value, "no explicit limit");
  }

  value = getenv("OUTCORE_THREADS");
  if (value && *value) {
    char *end;
    long threads = strtol(value, &end, 10);
    if (*end || threads < 1 || threads > OC_THREADS_MAX)
      warn_bad("OUTCORE_THREADS", value, "2");
    else
      config->threads = (int)threads;
  }

  value = getenv("OUTCORE_ARBITRATION");
  if (value && *value && !oc_parse_arbitration(value, &config->arbitration))
    warn_bad("OUTCORE_ARBITRATION", value, "off");

  value = getenv("OUTCORE_VERBOSE");
  config->verbose = value && *value && strcmp(value, "0") != 0;

  path_from_env("OUTCORE_STATS", config->stats_path, sizeof config->stats_path,
                "no statistics file");
  path_from_env("OUTCORE_TRACE", config->trace_path, sizeof config->trace_path, "no trace");
}

static const char *const spill_mode_names[] = {
    [OC_SPILL_AUTO] = "auto",
    [OC_SPILL_ON] = "on",
    [OC_SPILL_OFF] = "off",
};

NAME_PARSER(oc_parse_spill_mode, enum oc_spill_mode, spill_mode_names)

bool oc_parse_spill_min(const char *text, long *bytes) {
  long value;
  if (!oc_parse_size(text, &value) || value < OC_SPILL_MIN_FLOOR)
    return false;
  *bytes = value;
  return true;
}

bool oc_parse_spill_dir(const char *text, char *dir, size_t size) {
  if (!text || text[0] != '/' || strlen(text) >= size)
    return false;
  strcpy(dir, text);
  return true;
}

static const char *const backend_names[] = {
    [OC_BACKEND_MADVISE] = "madvise",
    [OC_BACKEND_PAGER] = "pager",
};

NAME_PARSER(oc_parse_backend, enum oc_backend_kind, backend_names)

enum oc_backend_kind oc_backend_from_env(void) {
  enum oc_backend_kind backend = OC_BACKEND_MADVISE;
  const char *value = getenv("OUTCORE_BACKEND");
  if (value && *value && !oc_parse_backend(value, &backend))
    warn_bad("OUTCORE_BACKEND", value, "madvise");
  return backend;
}

void oc_spill_config_from_env(struct oc_spill_config *config) {
  memset(config, 0, sizeof *config);
  config->mode = OC_SPILL_AUTO;
  config->min = OC_SPILL_MIN_DEFAULT;

  const char *value = getenv("OUTCORE_SPILL");
  if (value && *value && !oc_parse_spill_mode(value, &config->mode))
    warn_bad("OUTCORE_SPILL", value, "auto");

  value = getenv("OUTCORE_SPILL_MIN");
  if (value && *value && !oc_parse_spill_min(value, &config->min))
    warn_bad("OUTCORE_SPILL_MIN", value, "16; at least 16");

  value = getenv("OUTCORE_SPILL_DIR");
  if (value && *value && !oc_parse_spill_dir(value, config->dir, sizeof config->dir))
    warn_bad("OUTCORE_SPILL_DIR", value, "a temporary directory; an absolute path is needed");
}
