"""The benchmark suite: each kernel (a C file in benchmarks/kernels), its problem sizes as a
function of the memory limit, and the versions it runs as (O, P, R, B, W, WB, Orand, Bfile)."""
import math
import os
from dataclasses import dataclass, field

from . import PAGE

BENCH_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KERNEL_SRC = os.path.join(BENCH_DIR, "kernels")
COMPILE_FLAGS = ["-O2", "-g", "-ffp-contract=off", "-fno-math-errno", "-I", KERNEL_SRC]
HINTED = ("P", "R", "B")
POLICY = {"P": "prefetch", "R": "release", "B": "buffered", "WB": "buffered"}


@dataclass
class Kernel:
    name: str
    affine: bool
    what: str
    size_args: object  # (limit_bytes, quick) -> list of ints passed to "gen" and "run"
    # Output file and sentinel value of unfinished entries, for extrapolating a capped run.
    progress_file: str = None
    progress_sentinel: float = -1.0
    extra_versions: tuple = ()
    # Written as programs are: allocates its own memory (malloc family, static arrays).
    program: bool = False
    # The file-mapped kernel with the same data and arithmetic (same checksum), if any.
    twin: str = None
    # (sizes) -> extra compiler flags: static arrays' sizes, -fopenmp.
    flags: object = None
    # Its access pattern defeats swap readahead (column walk, indirect): B must be >= 2x O.
    defeats_readahead: bool = False


def _isqrt_multiple(x, multiple):
    return max(multiple, int(math.isqrt(int(x))) // multiple * multiple)


def _pow2_floor(x):
    return 1 << max(1, int(x).bit_length() - 1)


def _column_sizes(L, q):
    """Column walk: one column of pages is 1/4 of the limit; the matrix 2x (quick) / 4x it."""
    rows = L // (4 * PAGE)
    return [rows, (2 if q else 4) * L // (8 * rows)]


def _matvec_sizes(L, q):
    return [64, 3 * L // (8 * 64), 2]


def _buk_sizes(L, q):
    return [L // (8 if q else 4), _pow2_floor(L // (4 * PAGE))]


def _cgm_sizes(L, q):
    return [L // 32, 8]


def _grid2d_sizes(L, q):
    """Two n x n grids of 1.5x the limit each; 1 (quick) / 2 time steps of two sweeps."""
    return [_isqrt_multiple(3 * L / 2 / 8, 16), 1 if q else 2]


def _grid3d_sizes(L, q):
    return [round((3 * L / 2 / 8) ** (1 / 3)), 1 if q else 2]


FILE_KERNELS = [
    Kernel("matvec", True, "OSDI MATVEC: 2 passes of c += A b, A 3x the limit", _matvec_sizes),
    Kernel("stencil2d", True, "OSDI 9-point stencil, 3 Jacobi sweeps, 3 arrays of 4/3 the limit",
           lambda L, q: [_isqrt_multiple(4 * L / 3 / 8, 16)]),
    Kernel("embar", True, "EMBAR-like: one stream over uniforms 3x the limit",
           lambda L, q: [3 * L // 16]),
    Kernel("buk", False, "BUK: bucket sort, indirect copy key2[rank[i]]; 3 int arrays of 1/2 "
           "(quick) / 1 times the limit, one key value per 16 KiB of limit",
           _buk_sizes),
    Kernel("cgm", False, "CGM-like: 2 CSR mat-vecs, 8 nonzeros per row, x gathered (indirect); "
           "matrix 3x the limit, vectors 1/4", _cgm_sizes),
    Kernel("mgrid", True, "MGRID-like: 2 sweeps of a 3-D 27-point stencil, 3 cubes of 4/3 the limit",
           lambda L, q: [round((4 * L / 3 / 8) ** (1 / 3))]),
    Kernel("column", True, "column sums of a row-major matrix 2x (quick) / 4x the limit; "
           "one column of pages is 1/4 the limit", _column_sizes,
           progress_file="colsum", extra_versions=("Orand",)),
    Kernel("column_calls", True, "the column walk with each column summed by a call of its own "
           "(the pass sees one walk down the rows and releases each page behind it; the next "
           "calls use the same pages)", _column_sizes, progress_file="colsum",
           extra_versions=("Orand",), flags=lambda sizes: ["-DCOLUMN_PER_CALL"]),
    Kernel("fft", True, "FFT-like: copy + 4 (quick) / 6 butterfly stages with halving stride, "
           "array 1x (quick) / 2x the limit",
           lambda L, q: [_pow2_floor((1 if q else 2) * L // 8), 4 if q else 6]),
    Kernel("cyclic", True, "cyclic re-scan: 4 passes over an array of 1.5x the limit",
           lambda L, q: [3 * L // 16, 4]),
]
PROGRAM_KERNELS = [
    Kernel("heap_matvec", True, "MATVEC on malloc'd arrays, a[i * cols + j], row order; A 3x "
           "the limit", _matvec_sizes, program=True, twin="matvec"),
    Kernel("static_column", True, "column sums of a static (.bss) matrix 2x (quick) / 4x the "
           "limit", _column_sizes, program=True, twin="column", defeats_readahead=True,
           flags=lambda sizes: [f"-DROWS={sizes[0]}", f"-DCOLS={sizes[1]}"]),
    Kernel("heap_jacobi2d", True, "2-D 5-point Jacobi, for t { B = f(A); A = f(B) }, two "
           "posix_memalign'd grids of 1.5x the limit", _grid2d_sizes, program=True),
    Kernel("calloc_jacobi3d", True, "3-D 7-point Jacobi, for t { B = f(A); A = f(B) }, two "
           "calloc'd cubes of 1.5x the limit", _grid3d_sizes, program=True),
    Kernel("heap_spmv", False, "CSR SpMV twice on malloc'd arrays, x gathered through col; "
           "matrix 3x the limit", _cgm_sizes, program=True, twin="cgm", defeats_readahead=True),
    Kernel("heap_sort", False, "counting sort on malloc'd keys, ranks and output, calloc'd "
           "counts; scatter key2[rank[i]]", _buk_sizes, program=True, twin="buk",
           defeats_readahead=True),
    Kernel("heap_cyclic", True, "cyclic re-scan on a malloc'd array: 4 passes over 1.5x the "
           "limit", lambda L, q: [3 * L // 16, 4], program=True, twin="cyclic"),
    Kernel("omp_jacobi2d", True, "heap_jacobi2d built with -fopenmp: the sweeps' rows shared "
           "among threads", _grid2d_sizes, program=True, flags=lambda sizes: ["-fopenmp"]),
    Kernel("rows_jacobi2d", True, "heap_jacobi2d on grids allocated row by row (double **, a "
           "malloc per row, as SciMark and Numerical Recipes do)", _grid2d_sizes, program=True,
           flags=lambda sizes: ["-DROW_POINTERS"]),
]
KERNELS = FILE_KERNELS + PROGRAM_KERNELS
KERNELS_BY_NAME = {k.name: k for k in KERNELS}
# Kernels built from another kernel's source (with other flags).
SOURCE_OF = {"omp_jacobi2d": "heap_jacobi2d", "rows_jacobi2d": "heap_jacobi2d",
             "column_calls": "column"}
MEMORY_MODES = ("file", "anon-swap", "spill")


@dataclass
class Version:
    name: str
    transformed: bool
    cold: bool  # cold and limited; otherwise warm and unlimited
    env: dict = field(default_factory=dict)
    twin: bool = False  # runs the kernel's file-mapped twin (Bfile)


def spill_env(memory, version_name, spill_dir):
    """Spill settings of a transformed version: off with swap (anon-swap measures swap); on for
    the limited versions in spill mode, auto (the default) for the warm one there, whose data
    fit: spilling must not engage in core. Nothing in file mode."""
    if memory == "anon-swap":
        return {"OUTCORE_SPILL": "off"}
    if memory == "spill":
        return {"OUTCORE_SPILL": "auto" if version_name == "WB" else "on",
                "OUTCORE_SPILL_DIR": spill_dir}
    return {}


def versions_for(kernel, memory="file", spill_dir=None):
    base = [Version("O", False, True)]
    if "Orand" in kernel.extra_versions:
        base.append(Version("Orand", False, True, {"OUTCORE_BENCH_MADVISE": "random"}))
    base += [Version(v, True, True, {"OUTCORE_POLICY": POLICY[v],
                                     **spill_env(memory, v, spill_dir)}) for v in HINTED]
    base += [Version("W", False, False),
             Version("WB", True, False, {"OUTCORE_POLICY": POLICY["WB"],
                                         **spill_env(memory, "WB", spill_dir)})]
    if kernel.program and kernel.twin and memory != "file":
        base.append(Version("Bfile", True, True, {"OUTCORE_POLICY": POLICY["B"]}, twin=True))
    return base
