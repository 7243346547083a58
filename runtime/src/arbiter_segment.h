/*
 * The shared-memory segment through which runtimes sharing a memory limit find each
 * other: /dev/shm/outcore-<hash of the cgroup path> ("machine" when there is no
 * cgroup limit). Members sit in fixed slots claimed by one compare-and-swap of
 * their identity (pid and start time), so a member killed with SIGKILL leaves a slot
 * that the others see is stale (no heartbeat) and any newcomer reclaims (its process
 * is gone). Every cross-process access is a lock-free atomic; the only lock is the
 * flock(2) held while the file is created or repaired, which the kernel drops when
 * its holder dies. This file is the segment's OS side (open, map, liveness).
 */
#ifndef OC_ARBITER_SEGMENT_H
#define OC_ARBITER_SEGMENT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define OC_ARBITER_SLOTS 32
#define OC_ARBITER_BANDS 4 /* releasable bytes by priority: 0-1, 2-3, 4-7, 8 and up */
#define OC_ARBITER_MAGIC 0x3174696272616f63ULL /* "ocarbit1" */
#define OC_ARBITER_VERSION 1
#define OC_ARBITER_NAME_MAX 128

struct oc_arbiter_slot {
  _Atomic(uint64_t) claim;       /* 0: free; else the member's identity */
  _Atomic(long) heartbeat_ns;    /* CLOCK_MONOTONIC of its last tick */
  _Atomic(long) rss, demand, incoming_rate, major_faults;
  _Atomic(long) releasable[OC_ARBITER_BANDS];
  _Atomic(long) limit, pool;     /* what it was given, for the others and for tools */
  _Atomic(long) unsuitable_until_ns;
  _Atomic(int) short_of_memory;
  _Atomic(int) cannot_release; /* no release hints lately: it keeps what it holds */
  char pad[16];
};

struct oc_arbiter_segment {
  _Atomic(uint64_t) magic;
  uint32_t version, slot_count;
  /* (generation << 8) | (holder's slot + 1, 0 when free): a stale compare-and-swap fails. */
  _Atomic(uint64_t) token;
  _Atomic(long) token_since_ns;
  _Atomic(long) hand_overs;
  struct oc_arbiter_slot slots[OC_ARBITER_SLOTS];
};

/* The holder's slot, -1 when free; the token a compare-and-swap of old installs for
 * slot (-1: free), one generation on. */
static inline int oc_token_slot(uint64_t token) { return (int)(token & 0xff) - 1; }
static inline uint64_t oc_token_for(uint64_t old, int slot) {
  return ((old >> 8) + 1) << 8 | (uint64_t)(slot + 1);
}

/* "/dev/shm/outcore-<16 hex digits>" for a group path ("" or NULL: the machine). */
void oc_segment_name(const char *group_path, char *name, size_t size);
/* Opens (creating or repairing under flock) and maps the segment; NULL on failure. */
struct oc_arbiter_segment *oc_segment_open(const char *name);
/* The identity of a process (pid, low 32 bits of its start time); 0 when it is gone. */
uint64_t oc_segment_identity(int pid);
static inline int oc_identity_pid(uint64_t identity) { return (int)(identity & 0xffffffff); }
/* Claims a free slot, or one whose process is gone; -1 when all are taken. */
int oc_segment_claim(struct oc_arbiter_segment *segment, uint64_t identity);
/* The slot's process is gone (or another process took its pid). Reads /proc. */
bool oc_segment_claim_dead(uint64_t claim);
/* Frees the slot and removes the file when no member is left (under flock, so a
 * newcomer never joins a removed file). */
void oc_segment_leave(struct oc_arbiter_segment *segment, const char *name, int slot);
/* Unmaps without freeing the slot (a forked child's copy). */
void oc_segment_forget(struct oc_arbiter_segment *segment);

#endif
