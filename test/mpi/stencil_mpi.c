/*
 * A small out-of-core-style MPI kernel: a 2-D 5-point Jacobi stencil split by rows
 * over the ranks, halo rows exchanged with MPI_Sendrecv each sweep, the residual
 * reduced with MPI_Allreduce, and the final grid's checksum gathered on rank 0.
 * Plain in-core C: the compiler (outcore-cc behind mpicc) places the hints.
 * Usage: mpirun -n R stencil_mpi [ROWS_PER_RANK COLS SWEEPS]
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static void sweep(long rows, long cols, const double *in, double *out) {
  for (long i = 1; i <= rows; i++)
    for (long j = 1; j < cols - 1; j++)
      out[i * cols + j] = 0.25 * (in[(i - 1) * cols + j] + in[(i + 1) * cols + j] +
                                  in[i * cols + j - 1] + in[i * cols + j + 1]);
}

static double residual(long rows, long cols, const double *a, const double *b) {
  double r = 0;
  for (long i = 1; i <= rows; i++)
    for (long j = 1; j < cols - 1; j++) {
      double d = a[i * cols + j] - b[i * cols + j];
      r += d * d;
    }
  return r;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long rows = argc > 1 ? atol(argv[1]) : 256, cols = argc > 2 ? atol(argv[2]) : 1024;
  int sweeps = argc > 3 ? atoi(argv[3]) : 10;
  /* rows owned plus one halo row above and below */
  double *a = calloc((rows + 2) * cols, sizeof *a), *b = calloc((rows + 2) * cols, sizeof *b);
  if (!a || !b)
    MPI_Abort(MPI_COMM_WORLD, 2);
  for (long i = 1; i <= rows; i++)
    for (long j = 0; j < cols; j++)
      a[i * cols + j] = b[i * cols + j] = (double)((rank * rows + i) * 31 + j * 17) / (cols * 64);
  int up = rank > 0 ? rank - 1 : MPI_PROC_NULL, down = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
  for (int s = 0; s < sweeps; s++) {
    MPI_Sendrecv(a + cols, (int)cols, MPI_DOUBLE, up, 0, a + (rows + 1) * cols, (int)cols,
                 MPI_DOUBLE, down, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(a + rows * cols, (int)cols, MPI_DOUBLE, down, 1, a, (int)cols, MPI_DOUBLE, up, 1,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    sweep(rows, cols, a, b);
    double local = residual(rows, cols, a, b), total;
    MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
      printf("sweep %d residual %.17g\n", s, total);
    double *t = a;
    a = b;
    b = t;
  }
  double local = 0, total;
  for (long i = 1; i <= rows; i++)
    for (long j = 0; j < cols; j++)
      local += a[i * cols + j] * (double)(i + j % 7);
  MPI_Reduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("ranks %d checksum %.17g\n", size, total);
  free(a);
  free(b);
  MPI_Finalize();
  return 0;
}
