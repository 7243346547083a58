/*
 * Node-level arbitration (OUTCORE_ARBITRATION): runtimes sharing a memory limit
 * publish their demand in a shared segment (arbiter_segment.h) and each one's limit
 * becomes its part of the pool (arbiter_policy.h). Everything runs on the limit
 * sampling and the release worker's housekeeping, never on the hint paths. A member
 * that stops ticking loses its part after OC_ARBITER_STALE_NS and never blocks the
 * others.
 */
#ifndef OC_ARBITER_H
#define OC_ARBITER_H

#include <stdbool.h>

#include "config.h"
#include "limit.h"

#define OC_ARBITER_STALE_NS 1000000000L

/* Joins the segment of the process's group; false (and arbitration off) when the
 * segment cannot be used. */
bool oc_arbiter_join(enum oc_arbitration policy);
/* Publishes this member's demand and runs the token protocol; the release worker
 * calls it from its housekeeping. */
void oc_arbiter_tick(long now_ns);
/* Turns the process's figures into its part of the shared pool (called on every
 * limit sample; see oc_limit_set_arbiter). */
void oc_arbiter_adjust(const struct oc_limit_inputs *in, struct oc_limit_figures *out);
/* Frees the slot (and the token), removing the segment after the last member. */
void oc_arbiter_leave(void);
/* A forked child is not a member. */
void oc_arbiter_fork_child(void);

#endif
