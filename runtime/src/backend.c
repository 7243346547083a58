#include "backend.h"

#include <pthread.h>

#include "config.h"
#include "pager.h"

static long none_self_evicting(void) { return 0; }

static void madvise_prefetch(enum oc_map_kind kind, uintptr_t start, size_t len) {
  (void)kind;
  oc_os_willneed(start, len);
}

const struct oc_backend oc_backend_madvise = {
    .name = "madvise",
    .prefetch = madvise_prefetch,
    .prefetch_now = oc_os_populate_read,
    .release = oc_os_release,
    .release_flush = oc_os_release_flush,
    .writeback = oc_os_writeback,
    .residency = oc_os_residency,
    .memory_limit = oc_limit_get,
    .self_evicting_bytes = none_self_evicting,
};

const struct oc_backend *_Atomic oc_backend = &oc_backend_madvise;

static pthread_once_t select_once = PTHREAD_ONCE_INIT;

static void select_backend(void) {
  if (oc_backend_from_env() == OC_BACKEND_PAGER && oc_pager_start())
    atomic_store(&oc_backend, &oc_backend_pager);
}

const struct oc_backend *oc_backend_select(void) {
  pthread_once(&select_once, select_backend);
  return atomic_load(&oc_backend);
}
