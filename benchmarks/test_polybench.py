"""Fast self-check of the PolyBench benchmark's logic (polybench.py): no compiler, no
PolyBench tree, no memory group, < 1 s.

cd benchmarks && python3 -m unittest test_polybench"""
import os
import tempfile
import unittest

import polybench


class KernelSources(unittest.TestCase):
    def test_each_kernel_is_its_own_directory_and_file(self):
        with tempfile.TemporaryDirectory() as root:
            files = ["utilities/polybench.c", "linear-algebra/blas/gemm/gemm.c",
                     "stencils/adi/adi.c", "stencils/adi/helper.c", "medley/nussinov/nussinov.c"]
            for name in files:
                os.makedirs(os.path.join(root, os.path.dirname(name)), exist_ok=True)
                open(os.path.join(root, name), "w").close()
            found = polybench.kernel_sources(root)
            self.assertEqual(list(found), ["adi", "gemm", "nussinov"])
            self.assertEqual(found["gemm"], os.path.join(root, "linear-algebra/blas/gemm/gemm.c"))

    def test_no_tree_no_kernels(self):
        self.assertEqual(polybench.kernel_sources("/no/such/polybench"), {})


class Flags(unittest.TestCase):
    def test_sizes_and_dump(self):
        flags = polybench.compile_flags("/pb", "/pb/stencils/adi/adi.c", ["N=3000", "TSTEPS=1"],
                                        dump=True)
        self.assertEqual(flags, ["-O2", "-I", "/pb/utilities", "-I", "/pb/stencils/adi",
                                 "-DN=3000", "-DTSTEPS=1", "-DPOLYBENCH_DUMP_ARRAYS"])
        self.assertNotIn("-DPOLYBENCH_DUMP_ARRAYS",
                         polybench.compile_flags("/pb", "/pb/a/b/b.c", [], dump=False))

    def test_every_out_of_core_kernel_has_sizes(self):
        for kernel, defines in polybench.OUT_OF_CORE.items():
            self.assertTrue(defines, kernel)
            self.assertTrue(all("=" in d for d in defines), kernel)


class Summaries(unittest.TestCase):
    def test_walls_and_exit_codes(self):
        s = polybench.wall_summary([(3.5, 0), (6.1, -9), (4.0, 0)])
        self.assertEqual(s["min_s"], 3.5)
        self.assertEqual(s["median_s"], 4.0)
        self.assertEqual(s["exit_codes"], [-9, 0])


if __name__ == "__main__":
    unittest.main()
