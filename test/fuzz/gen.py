#!/usr/bin/env python3
"""Random affine loop-nest programs in C for differential testing of Outcore.

Each program has one noinline kernel with 1-3 loop nests of depth 1-3: bounds that are
constants, kernel parameters or outer loop indices (triangular), steps +-1/+-2/3, subscripts
that are affine in the loop indices (coefficients -1..3, offsets, constant dimensions) into 1-D
to 3-D arrays passed as VLA parameters, fixed-size parameters, flat pointers (optionally
restrict) or globals, in-place and out-of-place updates, sometimes an imperfect nest or a
guarded statement, and now and then an indirect subscript through an index array. main
initialises everything from the corpus LCG and prints an FNV-1a hash of every array, so two
builds can be compared byte for byte.

The generator knows every parameter's value, so it sizes each array from the intervals its
subscripts span: every access is in bounds and the program has no undefined behaviour.
"""

import argparse
import os
import random
from dataclasses import dataclass, field

CORPUS_HEADER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "corpus", "corpus.h")
MAX_ARRAY_BYTES = 6 << 20  # per program; keeps runs short and footprints above a 1 MiB limit
MAX_ITERATIONS = 600_000  # innermost iterations per nest, upper bound
# Sums of |coefficient| stay below 1, so values stay bounded (no inf/NaN whose bits could
# depend on operand order) however often an element is updated in place.
COEFFICIENTS = ("0.5", "0.25", "-0.25", "0.125", "-0.375", "0.0625")


@dataclass
class Loop:
    var: str
    low: str  # C expression
    high: str  # C expression, exclusive
    step: int  # negative: the loop counts down from high-1 to low
    interval: tuple  # (min, max) of the index over the loop (conservative)


@dataclass
class Array:
    name: str
    rank: int
    style: str  # "vla", "fixed", "flat", "restrict", "global"
    element: str = "double"
    extents: list = field(default_factory=list)  # final extents, filled in after generation
    extent_params: list = field(default_factory=list)  # parameter names for VLA/flat extents
    needed: list = field(default_factory=list)  # max subscript seen per dimension
    index_target: tuple = None  # index arrays: the (array, dimension) they subscript
    index_range: int = 0  # index arrays: their values lie in [0, index_range)
    written: bool = False


class Generator:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.seed = seed
        self.params = []  # (name, value)
        self.arrays = []
        self.index_arrays = []

    # -- names and parameters ------------------------------------------------------------
    def param(self, value):
        name = f"p{len(self.params)}"
        self.params.append((name, value))
        return name

    def new_array(self):
        rank = self.rng.choice((1, 1, 2, 2, 3))
        style = self.rng.choice(("vla", "vla", "fixed", "flat", "restrict", "global"))
        array = Array(f"{'g' if style == 'global' else 'a'}{len(self.arrays)}", rank, style,
                      needed=[0] * rank)
        self.arrays.append(array)
        return array

    # -- loops -----------------------------------------------------------------------------
    def trip_counts(self, depth):
        rng = self.rng
        if depth == 1:
            trips = [rng.choice((rng.randint(1000, 300_000), rng.randint(0, 40)))]
        elif depth == 2:
            trips = [rng.randint(1, 700), rng.randint(1, 900)]
        else:
            trips = [rng.randint(1, 90) for _ in range(3)]
        if rng.random() < 0.08:
            trips[rng.randrange(depth)] = rng.choice((0, 1))  # zero- and one-trip loops
        return trips

    def make_loop(self, var, trip, outer):
        rng = self.rng
        low_value = rng.choice((0, 0, 1, 2, 5))
        kind = rng.random()
        if outer and kind < 0.2:
            # Triangular: this loop runs up to (or from) an outer index.
            o = rng.choice(outer)
            shift = rng.randint(0, 2)
            if rng.random() < 0.5:
                low, high = str(low_value), f"{o.var} + {shift}"
                interval = (low_value, max(low_value, o.interval[1] + shift - 1))
            else:
                low, high = f"{o.var}", f"{o.var} + {shift + trip}"
                interval = (o.interval[0], o.interval[1] + shift + trip - 1)
        elif kind < 0.6:
            # Parametric upper bound, sometimes written as parameter minus a constant.
            minus = rng.choice((0, 0, 1, 3))
            low, high = str(low_value), f"{self.param(low_value + trip + minus)}" + (f" - {minus}" if minus else "")
            interval = (low_value, max(low_value, low_value + trip - 1))
        else:
            low, high = str(low_value), str(low_value + trip)
            interval = (low_value, max(low_value, low_value + trip - 1))
        step = rng.choice((1, 1, 1, 1, 2, 3, -1, -1, -2))
        return Loop(var, low, high, step, interval)

    # -- subscripts and references ---------------------------------------------------------
    def affine_subscript(self, loops):
        """(C text, min, max) of an affine subscript whose minimum is a small non-negative value."""
        rng = self.rng
        terms = []
        if loops and rng.random() < 0.9:
            chosen = rng.sample(loops, k=1 if len(loops) == 1 or rng.random() < 0.8 else 2)
            for loop in chosen:
                terms.append((rng.choice((1, 1, 1, 1, -1, 2, 3)), loop))
        low = sum(min(c * l.interval[0], c * l.interval[1]) for c, l in terms)
        high = sum(max(c * l.interval[0], c * l.interval[1]) for c, l in terms)
        offset = -low + rng.randint(0, 3)
        text = ""
        for coefficient, loop in terms:
            sign = "-" if coefficient < 0 else "+"
            factor = "" if abs(coefficient) == 1 else f"{abs(coefficient)} * "
            text += f" {sign} {factor}{loop.var}"
        if offset or not text:
            text += f" {'-' if offset < 0 else '+'} {abs(offset)}"
        text = text[3:] if text.startswith(" + ") else "-" + text[3:]
        return text, low + offset, high + offset

    def reference(self, array, loops):
        subscripts = []
        for dim in range(array.rank):
            if self.rng.random() < 0.07 and loops:
                subscripts.append(self.indirect_subscript(array, dim, loops))
            else:
                text, _, high = self.affine_subscript(loops)
                array.needed[dim] = max(array.needed[dim], high)
                subscripts.append(text)
        return array, subscripts

    def indirect_subscript(self, array, dim, loops):
        """index[affine] whose values are drawn (in main) below the final extent of `dim`."""
        index = Array(f"idx{len(self.index_arrays)}", 1, self.rng.choice(("flat", "restrict")), "int",
                      needed=[0])
        self.index_arrays.append(index)
        text, _, high = self.affine_subscript(loops)
        index.needed[0] = high
        index.index_target = (array, dim)
        return f"{index.name}[{text}]"

    def access_text(self, array, subscripts):
        if array.style in ("vla", "fixed", "global"):
            return array.name + "".join(f"[{s}]" for s in subscripts)
        # Flat pointers: row-major linearisation with the extents as parameters.
        text = f"({subscripts[0]})"
        for dim in range(1, array.rank):
            text = f"({text} * {array.extent_params[dim]} + ({subscripts[dim]}))"
        return f"{array.name}[{text}]"

    # -- statements and nests ----------------------------------------------------------------
    def statement(self, loops, indent):
        rng = self.rng
        candidates = [a for a in self.arrays if a.element == "double"]
        target = rng.choice(candidates) if candidates and rng.random() < 0.6 else self.new_array()
        target.written = True
        write = self.reference(target, loops)
        reads = []
        for _ in range(rng.randint(1, 3)):
            source = target if rng.random() < 0.35 else (
                rng.choice(self.arrays) if rng.random() < 0.6 else self.new_array())
            reads.append((rng.choice(COEFFICIENTS), self.reference(source, loops)))
        operator = rng.choice(("=", "=", "+="))
        constant = rng.choice(("0.125", "-0.0625", "0.0"))
        terms = " + ".join(f"{c} * {{{i}}}" for i, (c, _) in enumerate(reads))
        return indent, operator, write, reads, terms, constant, self.guard(loops, reads)

    def guard(self, loops, reads):
        """Sometimes a condition on the statement: on a loop index (affine) or on a value read."""
        draw = self.rng.random()
        if draw < 0.1 and loops:
            loop = self.rng.choice(loops)
            return self.rng.choice((f"{loop.var} % 2 == 0", f"{loop.var} > {loop.interval[0] + 1}"))
        if draw < 0.15:
            return "{0} > 0.0"  # the first value read, filled in when rendering
        return None

    def nest(self, nest_number):
        rng = self.rng
        depth = rng.choice((1, 2, 2, 3, 3))
        trips = self.trip_counts(depth)
        loops = []
        for level in range(depth):
            loops.append(self.make_loop(f"i{nest_number}_{level}", trips[level], loops))
        inner = [self.statement(loops, depth) for _ in range(rng.randint(1, 3))]
        # Imperfect nest: one statement between the two outermost loops.
        between = self.statement(loops[:1], 1) if depth >= 2 and rng.random() < 0.25 else None
        return loops, inner, between

    # -- rendering ---------------------------------------------------------------------------
    def finish_extents(self):
        for array in self.arrays + self.index_arrays:
            array.extents = [need + 1 + self.rng.randint(0, 5) for need in array.needed]
        for index in self.index_arrays:
            target, dim = index.index_target
            index.index_range = target.extents[dim]
        for array in self.arrays + self.index_arrays:
            # Flat pointers need every extent but the first for their linearisation.
            if array.style == "vla":
                array.extent_params = [self.param(e) for e in array.extents]
            elif array.style in ("flat", "restrict"):
                array.extent_params = [None] + [self.param(e) for e in array.extents[1:]]

    def render_statement(self, statement):
        indent, operator, write, reads, terms, constant, guard = statement
        pad = "  " * (indent + 1)
        read_texts = [self.access_text(*r) for _, r in reads]
        assignment = f"{self.access_text(*write)} {operator} {terms.format(*read_texts)} + {constant};\n"
        if guard:
            return f"{pad}if ({guard.format(*read_texts)})\n{pad}  {assignment}"
        return pad + assignment

    def render_loop_header(self, loop, level):
        pad = "  " * (level + 1)
        if loop.step > 0:
            increment = f"{loop.var}++" if loop.step == 1 else f"{loop.var} += {loop.step}"
            return f"{pad}for (int {loop.var} = {loop.low}; {loop.var} < {loop.high}; {increment})\n"
        decrement = f"{loop.var}--" if loop.step == -1 else f"{loop.var} -= {-loop.step}"
        return f"{pad}for (int {loop.var} = ({loop.high}) - 1; {loop.var} >= {loop.low}; {decrement})\n"

    def render_nest(self, loops, inner, between):
        text = ""
        for level, loop in enumerate(loops):
            text += self.render_loop_header(loop, level)
            text += "  " * (level + 1) + "{\n"
            if level == 0 and between:
                text += self.render_statement(between)
        text += "".join(self.render_statement(s) for s in inner)
        for level in reversed(range(len(loops))):
            text += "  " * (level + 1) + "}\n"
        return text

    def parameter_declaration(self, array):
        if array.style == "vla":
            return f"{array.element} {array.name}" + "".join(f"[{p}]" for p in array.extent_params)
        if array.style == "fixed":
            return f"{array.element} {array.name}" + "".join(f"[{e}]" for e in array.extents)
        qualifier = " restrict" if array.style == "restrict" else ""
        return f"{array.element} *{qualifier} {array.name}"

    def total_bytes(self):
        size = 0
        for array in self.arrays + self.index_arrays:
            count = 1
            for extent in array.extents:
                count *= extent
            size += count * (4 if array.element == "int" else 8)
        return size

    def generate(self):
        nests = [self.nest(n) for n in range(self.rng.randint(1, 3))]
        self.finish_extents()
        if self.total_bytes() > MAX_ARRAY_BYTES or any(
                _iterations(loops) > MAX_ITERATIONS for loops, _, _ in nests):
            return None
        passed = [a for a in self.index_arrays + self.arrays if a.style != "global"]
        signature = ", ".join([f"int {name}" for name, _ in self.params] +
                              [self.parameter_declaration(a) for a in passed])
        with open(CORPUS_HEADER, encoding="utf-8") as f:
            out = [f"// Outcore fuzz case, generator seed {self.seed}.\n", f.read(), "\n"]
        for array in self.arrays:
            if array.style == "global":
                out.append(f"double {array.name}" + "".join(f"[{e}]" for e in array.extents) + ";\n")
        out.append(f"\n__attribute__((noinline)) void kernel({signature}) {{\n")
        out.extend(self.render_nest(*nest) for nest in nests)
        out.append("}\n\nint main(void) {\n")
        out.append(f"  corpus_seed({self.seed % 1_000_000_007}u);\n")
        for array in self.arrays + self.index_arrays:
            count = " * ".join(str(e) for e in array.extents)
            if array.style == "global":
                out.append(f"  double *{array.name}_data = (double *){array.name};\n")
                out.append(f"  for (long k = 0; k < (long){count}; k++)\n    {array.name}_data[k] = corpus_double();\n")
            elif array.element == "int":
                out.append(f"  int *{array.name} = corpus_alloc(sizeof(int) * {count});\n")
                out.append(f"  for (long k = 0; k < (long){count}; k++)\n"
                           f"    {array.name}[k] = (int)(corpus_next() % {array.index_range});\n")
            else:
                out.append(f"  double *{array.name} = corpus_doubles((size_t){count});\n")
        arguments = [str(value) for _, value in self.params] + [f"(void *){a.name}" for a in passed]
        out.append(f"  kernel({', '.join(arguments)});\n")
        for array in self.arrays:
            count = " * ".join(str(e) for e in array.extents)
            out.append(f"  corpus_print_hash(\"{array.name}\", {array.name}, sizeof(double) * {count});\n")
            out.append(f"  corpus_print_double(\"{array.name}[0]\", ((double *){array.name})[0]);\n")
        out.append("  return 0;\n}\n")
        return "".join(out)


def _iterations(loops):
    total = 1
    for loop in loops:
        total *= loop.interval[1] - loop.interval[0] + 1
    return total


def generate_program(seed):
    """The C text of the program for `seed` (deterministic; retries internally when a draw is
    too large)."""
    attempt = 0
    while True:
        text = Generator(seed * 1000 + attempt).generate()
        if text is not None:
            return text
        attempt += 1


def main():
    parser = argparse.ArgumentParser(description="Print one random Outcore fuzz program.")
    parser.add_argument("--seed", type=int, default=1)
    print(generate_program(parser.parse_args().seed), end="")


if __name__ == "__main__":
    main()
