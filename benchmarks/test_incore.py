"""Fast self-check of the in-core benchmark's logic (incore.py): no compiler, no valgrind, < 1 s.

cd benchmarks && python3 -m unittest test_incore"""
import os
import unittest

import incore

CALLGRIND_OUTPUT = """# callgrind format
version: 1
creator: callgrind-3.19.0
pid: 4242
cmd:  ./syrk.plain
part: 1

positions: line
events: Ir
summary: 219312345

fl=(1) syrk.c
fn=(1) main
16 5
totals: 219312345
"""


def summary(instructions, cpu_s, stdouts=None):
    kernel = incore.KERNELS_BY_NAME["syrk"]
    stdouts = stdouts or {"plain": ["hash c 1\n"], "transformed": ["hash c 1\n"]}
    return incore.kernel_summary(kernel, instructions, cpu_s, stdouts)


class CallgrindOutput(unittest.TestCase):
    def test_totals_line(self):
        self.assertEqual(incore.callgrind_instructions(CALLGRIND_OUTPUT), 219312345)

    def test_summary_line_when_there_is_no_totals_line(self):
        text = CALLGRIND_OUTPUT.replace("totals: 219312345\n", "").replace("219312345", "77")
        self.assertEqual(incore.callgrind_instructions(text), 77)

    def test_totals_win_over_summary(self):
        text = CALLGRIND_OUTPUT.replace("totals: 219312345", "totals: 5 6")
        self.assertEqual(incore.callgrind_instructions(text), 5)

    def test_killed_run_has_no_count(self):
        self.assertIsNone(incore.callgrind_instructions("events: Ir\nfn=(1) main\n16 5\n"))


class Ratios(unittest.TestCase):
    def test_target(self):
        self.assertFalse(incore.over_target(1.0))
        self.assertFalse(incore.over_target(incore.TARGET_RATIO))
        self.assertTrue(incore.over_target(1.06))
        self.assertTrue(incore.over_target(None))

    def test_within_target(self):
        s = summary({"plain": 1000, "transformed": 1040},
                    {"plain": [0.10, 0.12, 0.11], "transformed": [0.104, 0.20, 0.11]})
        self.assertAlmostEqual(s["instructions"]["ratio"], 1.04)
        self.assertAlmostEqual(s["cpu"]["ratio_min"], 1.04)
        self.assertAlmostEqual(s["cpu"]["ratio_median"], 1.0)
        self.assertEqual(s["over_target"], [])
        self.assertTrue(s["outputs_identical"])

    def test_flags_each_measure_over_target(self):
        s = summary({"plain": 1000, "transformed": 45000},
                    {"plain": [0.018, 0.019], "transformed": [0.80, 0.81]})
        self.assertEqual(s["over_target"], ["instructions", "cpu"])
        self.assertIn("45.00!", incore.table({"syrk": s}))
        self.assertIn("44.44/", incore.table({"syrk": s}))

    def test_capped_runs_have_no_figure_and_are_flagged(self):
        s = summary({"plain": 1000, "transformed": None},
                    {"plain": [0.1, 0.1], "transformed": [None, 0.5]})
        self.assertIsNone(s["instructions"]["ratio"])
        self.assertEqual(s["cpu"]["transformed"]["min_s"], 0.5)
        self.assertEqual(s["cpu"]["transformed"]["runs_s"], [None, 0.5])
        self.assertEqual(s["over_target"], ["instructions", "cpu"])
        self.assertIn(" - ", incore.table({"syrk": s}))

    def test_different_outputs_are_reported(self):
        s = summary({"plain": 1, "transformed": 1}, {"plain": [0.1], "transformed": [0.1]},
                    {"plain": ["hash c 1\n"], "transformed": ["hash c 2\n"]})
        self.assertFalse(s["outputs_identical"])
        self.assertIn("DIFFERENT", incore.table({"syrk": s}))


class Kernels(unittest.TestCase):
    def test_every_shape_of_the_issue_is_there(self):
        shapes = {k.shape.split()[0] for k in incore.KERNELS}
        self.assertLessEqual({"rectangular", "triangular", "imperfect", "indirect", "small"}, shapes)

    def test_every_knob_is_a_macro_of_its_source(self):
        # A misspelt knob would be ignored by the compiler and leave the corpus size.
        for kernel in incore.KERNELS:
            with open(os.path.join(incore.CORPUS, kernel.source)) as f:
                text = f.read()
            for macro in kernel.knobs:
                self.assertIn(f"#ifndef {macro}\n", text, f"{kernel.source}: {macro}")


class CorpusKernels(unittest.TestCase):
    def test_every_corpus_program_once_with_its_own_flags(self):
        kernels = {k.name: k for k in incore.corpus_kernels()}
        sources = [f for f in os.listdir(incore.CORPUS) if f.endswith((".c", ".cpp"))]
        self.assertEqual(sorted(k.source for k in kernels.values()), sorted(sources))
        self.assertEqual(kernels["shape_openmp_long_chunks"].defines(), ["-fopenmp"])
        self.assertEqual(kernels["la_syrk_triangular"].defines(), [])
        self.assertEqual(kernels["cxx_vector_loops"].source, "cxx_vector_loops.cpp")


if __name__ == "__main__":
    unittest.main()
