/* A malloc'd array of 48 MiB filled, then summed by a forked child and by the
 * parent after the child wrote its copy; prints both sums. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#define N (6L << 20)

int main(void) {
  double *a = malloc(N * sizeof *a);
  if (!a)
    return 1;
  for (long i = 0; i < N; i++)
    a[i] = (double)(i % 1000) / 4.0;
  fflush(stdout);
  pid_t child = fork();
  if (child < 0)
    return 1;
  if (child == 0) {
    double s = 0;
    for (long i = 0; i < N; i++) {
      s += a[i];
      a[i] = -1.0; /* the child's copy only */
    }
    printf("child %.6e\n", s);
    return 0;
  }
  int status = 0;
  if (waitpid(child, &status, 0) != child || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return 1;
  double s = 0;
  for (long i = 0; i < N; i++)
    s += a[i] * (double)(i % 3);
  printf("parent %.6e\n", s);
  free(a);
  return 0;
}
