/* The two files of spill_static. */
#ifndef ROWS
#define ROWS 3072
#endif
#define COLS 4096

extern double out[ROWS][COLS];   /* defined with main */
extern double deviation[ROWS];   /* defined with the kernel */
void centre(double (*m)[COLS], const double *colsum);
