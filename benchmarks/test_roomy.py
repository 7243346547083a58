"""Fast self-check of the roomy benchmark's logic (roomy.py): no compiler, no cgroup, < 1 s.

cd benchmarks && python3 -m unittest test_roomy"""
import unittest

import roomy
from roomy import Run


def runs(plain, transformed):
    return {"plain": plain, "transformed": transformed}


class ProgramSummary(unittest.TestCase):
    def test_minima_medians_and_ratios_of_finished_runs(self):
        s = roomy.program_summary(runs(
            [Run(0.30, 0.28, 200 << 20, 0, "x\n"), Run(0.34, 0.30, 201 << 20, 0, "x\n")],
            [Run(0.45, 0.40, 230 << 20, 0, "x\n"), Run(0.39, 0.37, 231 << 20, 0, "x\n")]))
        self.assertAlmostEqual(s["transformed"]["wall_min_s"], 0.39)
        self.assertAlmostEqual(s["transformed"]["wall_median_s"], 0.42)
        self.assertAlmostEqual(s["wall_ratio_min"], 0.39 / 0.30)
        self.assertAlmostEqual(s["cpu_ratio_min"], 0.37 / 0.28)
        self.assertEqual(s["plain"]["peak_max_bytes"], 201 << 20)
        self.assertTrue(s["outputs_identical"])

    def test_a_killed_run_has_no_time_but_counts(self):
        s = roomy.program_summary(runs(
            [Run(0.30, 0.28, 200 << 20, 0, "x\n")],
            [Run(None, None, 256 << 20, roomy.KILLED), Run(0.50, 0.45, 240 << 20, 0, "x\n")]))
        self.assertEqual(s["transformed"]["failed"], [roomy.KILLED])
        self.assertAlmostEqual(s["transformed"]["wall_min_s"], 0.50)
        self.assertEqual(s["transformed"]["peak_max_bytes"], 256 << 20)

    def test_different_outputs_and_no_finished_run(self):
        s = roomy.program_summary(runs([Run(0.3, 0.3, 1, 0, "x\n")], [Run(0.3, 0.3, 1, 0, "y\n")]))
        self.assertFalse(s["outputs_identical"])
        s = roomy.program_summary(runs([Run(0.3, 0.3, 1, 0, "x\n")], [Run(status=roomy.KILLED)]))
        self.assertIsNone(s["wall_ratio_min"])
        self.assertIn("-", roomy.table({"p": s}).splitlines()[1])


class Programs(unittest.TestCase):
    def test_every_program_is_c_or_cxx(self):
        found = roomy.programs()
        self.assertIn("rows_pushback", found)
        self.assertTrue(all(f.endswith((".c", ".cpp")) for f in found.values()))


if __name__ == "__main__":
    unittest.main()
