/*
 * Data safety: written data survives every hint under every policy
 * (OUTCORE_POLICY from the environment). Anonymous, private-file and shared-file
 * memory is written, streamed through with prefetch and release hints of several
 * tags and priorities, rewritten after release, released again, then read back; the
 * shared file is also read back with pread after munmap, and the private file must
 * still hold its original bytes. A forked child hints the same memory meanwhile.
 * Usage: data_safety <anon MiB> <file MiB>   (exit 0: all data intact)
 */
#define _GNU_SOURCE
#include <outcore/outcore.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define PAGE 4096L
#define WORDS_PER_PAGE (PAGE / 8)

static uint64_t pattern(uint64_t i, uint64_t salt) {
  uint64_t x = (i + 1) * 0x9E3779B97F4A7C15ull ^ salt;
  x ^= x >> 31;
  return x * 0xBF58476D1CE4E5B9ull;
}

/* Streams over the pages with the hints the compiler would place, writing every
 * page in `stride` with `salt`. */
static void stream(char *base, long bytes, long stride, uint64_t salt, int tag) {
  long pages = bytes / PAGE;
  for (long p = 0; p < pages; p++) {
    oc_prefetch_release_block(base + (p + 8) * PAGE, base + (p - 1) * PAGE, 1, tag % 3, tag);
    if (p % stride == 0) {
      uint64_t *w = (uint64_t *)(base + p * PAGE);
      for (long k = 0; k < WORDS_PER_PAGE; k++)
        w[k] = pattern((uint64_t)(p * WORDS_PER_PAGE + k), salt);
    }
    oc_prefetch(base + (p + 16) * PAGE);
  }
  oc_release_block(base, pages, 0, tag + 100);
}

/* The salt each page must hold at a point of the test. */
static uint64_t anon_first(long p) { (void)p; return 1; }
static uint64_t anon_rewritten(long p) { return p % 3 == 0 ? 2 : 1; }
static uint64_t private_mapping(long p) { return p % 8 == 0 ? 4 : 3; }
static uint64_t file_original(long p) { (void)p; return 3; }
static uint64_t shared_first(long p) { return p % 2 == 0 ? 5 : 3; }
static uint64_t shared_rewritten(long p) { return p % 4 == 0 ? 6 : shared_first(p); }

static long check(const char *what, const char *base, long bytes, uint64_t (*salt_of)(long)) {
  long bad = 0, pages = bytes / PAGE;
  for (long p = 0; p < pages; p++) {
    const uint64_t *w = (const uint64_t *)(base + p * PAGE);
    uint64_t s = salt_of(p);
    for (long k = 0; k < WORDS_PER_PAGE; k++)
      if (w[k] != pattern((uint64_t)(p * WORDS_PER_PAGE + k), s))
        bad++;
  }
  if (bad)
    fprintf(stderr, "data_safety: %s: %ld words wrong\n", what, bad);
  return bad;
}

static int make_file(long bytes, uint64_t salt, char *path) {
  const char *dir = getenv("TMPDIR") ? getenv("TMPDIR") : "/var/tmp";
  snprintf(path, 512, "%s/outcore-safety-XXXXXX", dir);
  int fd = mkstemp(path);
  if (fd < 0)
    return -1;
  uint64_t *buf = malloc(PAGE);
  for (long p = 0; p < bytes / PAGE; p++) {
    for (long k = 0; k < WORDS_PER_PAGE; k++)
      buf[k] = pattern((uint64_t)(p * WORDS_PER_PAGE + k), salt);
    if (pwrite(fd, buf, PAGE, p * PAGE) != PAGE) {
      close(fd);
      fd = -1;
      break;
    }
  }
  free(buf);
  return fd;
}

/* A child hints everything and exits; the parent's data must not care. */
static void fork_hinting_child(char *base, long bytes) {
  pid_t pid = fork();
  if (pid == 0) {
    for (long off = 0; off < bytes; off += PAGE)
      oc_prefetch_release_block(base + off, base + off - PAGE, 1, 0, 9);
    oc_release_block(base, bytes / PAGE, 0, 10);
    _exit(0);
  }
  int status;
  waitpid(pid, &status, 0);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: data_safety <anon MiB> <file MiB>\n");
    return 2;
  }
  long anon_bytes = atol(argv[1]) << 20, file_bytes = atol(argv[2]) << 20;
  long bad = 0;
  printf("data_safety: policy=%s limit=%ld\n", getenv("OUTCORE_POLICY") ? getenv("OUTCORE_POLICY") : "buffered", oc_memory_limit());

  /* Anonymous: every page written twice, released in between. */
  char *anon = mmap(NULL, anon_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  stream(anon, anon_bytes, 1, 1, 1);
  fork_hinting_child(anon, anon_bytes);
  bad += check("anonymous, first write", anon, anon_bytes, anon_first);
  stream(anon, anon_bytes, 3, 2, 4);
  bad += check("anonymous, rewritten", anon, anon_bytes, anon_rewritten);
  munmap(anon, anon_bytes);

  /* Private file: every 8th page written (copies), the others still the file's. */
  char path[512];
  int fd = make_file(file_bytes, 3, path);
  if (fd < 0) {
    perror("data_safety: file");
    return 2;
  }
  char *priv = mmap(NULL, file_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
  stream(priv, file_bytes, 8, 4, 7);
  fork_hinting_child(priv, file_bytes);
  stream(priv, file_bytes, 1 << 30, 4, 8); /* hints only */
  bad += check("private file mapping", priv, file_bytes, private_mapping);
  munmap(priv, file_bytes);
  char *again = mmap(NULL, file_bytes, PROT_READ, MAP_SHARED, fd, 0);
  bad += check("private file's own bytes", again, file_bytes, file_original);
  munmap(again, file_bytes);

  /* Shared file: every 2nd page written, released (write-back), rewritten. */
  char *shared = mmap(NULL, file_bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  stream(shared, file_bytes, 2, 5, 11);
  fork_hinting_child(shared, file_bytes);
  bad += check("shared file mapping", shared, file_bytes, shared_first);
  stream(shared, file_bytes, 4, 6, 12);
  usleep(300000); /* let delayed write-backs and buffered releases run */
  bad += check("shared file mapping, rewritten", shared, file_bytes, shared_rewritten);
  munmap(shared, file_bytes);
  /* And through read(), past every mapping. */
  uint64_t *buf = malloc(PAGE);
  long file_bad = 0;
  for (long p = 0; p < file_bytes / PAGE; p++) {
    uint64_t salt = shared_rewritten(p);
    if (pread(fd, buf, PAGE, p * PAGE) != PAGE) {
      file_bad++;
      continue;
    }
    for (long k = 0; k < WORDS_PER_PAGE; k++)
      if (buf[k] != pattern((uint64_t)(p * WORDS_PER_PAGE + k), salt))
        file_bad++;
  }
  if (file_bad)
    fprintf(stderr, "data_safety: shared file read back: %ld words wrong\n", file_bad);
  bad += file_bad;
  free(buf);
  close(fd);
  unlink(path);
  printf("data_safety: %s\n", bad ? "DATA LOST" : "all data intact");
  return bad != 0;
}
