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

bool oc_parse_policy(const char *text, enum oc_policy *policy) {
  int i = name_index(policy_names, sizeof policy_names / sizeof policy_names[0], text);
  if (i < 0)
    return false;
  *policy = (enum oc_policy)i;
  return true;
}

const char *oc_policy_name(enum oc_policy policy) { return policy_names[policy]; }

static const char *const arbitration_names[] = {
    [OC_ARBITRATION_OFF] = "off",
    [OC_ARBITRATION_TOKEN] = "token",
    [OC_ARBITRATION_SHARE] = "share",
};

bool oc_parse_arbitration(const char *text, enum oc_arbitration *arbitration) {
  int i = name_index(arbitration_names, sizeof arbitration_names / sizeof arbitration_names[0],
                     text);
  if (i < 0)
    return false;
  *arbitration = (enum oc_arbitration)i;
  return true;
}

const char *oc_arbitration_name(enum oc_arbitration arbitration) {
  return arbitration_names[arbitration];
}

static void warn_bad(const char *name, const char *value, const char *used) {
  fprintf(stderr, "outcore: ignoring %s=%s (using %s)\n", name, value, used);
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

  value = getenv("OUTCORE_STATS");
  if (value && *value) {
    if (strlen(value) >= sizeof config->stats_path)
      warn_bad("OUTCORE_STATS", "(too long)", "no statistics file");
    else
      strcpy(config->stats_path, value);
  }

  value = getenv("OUTCORE_TRACE");
  if (value && *value) {
    if (strlen(value) >= sizeof config->trace_path)
      warn_bad("OUTCORE_TRACE", "(too long)", "no trace");
    else
      strcpy(config->trace_path, value);
  }
}

static const char *const spill_mode_names[] = {
    [OC_SPILL_AUTO] = "auto",
    [OC_SPILL_ON] = "on",
    [OC_SPILL_OFF] = "off",
};

bool oc_parse_spill_mode(const char *text, enum oc_spill_mode *mode) {
  int i = name_index(spill_mode_names, sizeof spill_mode_names / sizeof spill_mode_names[0], text);
  if (i < 0)
    return false;
  *mode = (enum oc_spill_mode)i;
  return true;
}

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

bool oc_parse_backend(const char *text, enum oc_backend_kind *backend) {
  int i = name_index(backend_names, sizeof backend_names / sizeof backend_names[0], text);
  if (i < 0)
    return false;
  *backend = (enum oc_backend_kind)i;
  return true;
}

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
    warn_bad("OUTCORE_SPILL_MIN", value, "1M; at least 64K");

  value = getenv("OUTCORE_SPILL_DIR");
  if (value && *value && !oc_parse_spill_dir(value, config->dir, sizeof config->dir))
    warn_bad("OUTCORE_SPILL_DIR", value, "a temporary directory; an absolute path is needed");
}
