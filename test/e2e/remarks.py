"""Reads LLVM optimisation-record YAML (clang -fsave-optimization-record, opt
-pass-remarks-output) with PyYAML's C loader: a stream of documents tagged with the remark
kind, such as

    --- !Analysis
    Pass:            outcore
    Name:            Locality
    DebugLoc:        { File: 'k.c', Line: 14, Column: 17 }
    Function:        kernel
    Args:
      - String:          'array '
      - Array:           A
        DebugLoc:        { File: 'k.c', Line: 14, Column: 17 }
    ...

Every scalar stays a string, as LLVM wrote it (the base loader resolves no types).
"""

from dataclasses import dataclass, field

import yaml

@dataclass
class Remark:
    kind: str  # Passed, Missed, Analysis, ...
    fields: dict = field(default_factory=dict)  # Pass, Name, Function, DebugLoc, ...
    args: list = field(default_factory=list)  # [(key, value, extras dict)] in order

    @property
    def pass_name(self):
        return self.fields.get("Pass")

    @property
    def name(self):
        return self.fields.get("Name")

    @property
    def function(self):
        return self.fields.get("Function")

    @property
    def debug_loc(self):
        return self.fields.get("DebugLoc")

    def arg(self, key):
        """Value of the first argument with this key, or None (String args are prose)."""
        for arg_key, value, _ in self.args:
            if arg_key == key:
                return value
        return None

    def message(self):
        """The remark as -Rpass would print it: all argument values concatenated."""
        return "".join(str(value) for _, value, _ in self.args)


class _RemarkLoader(yaml.CBaseLoader):
    """The C base loader, with each document's tag (!Passed, !Missed, ...) kept as its kind."""


def _construct_remark(loader, kind, node):
    document = loader.construct_mapping(node, deep=True)
    args = []
    for arg in document.pop("Args", None) or []:
        (key, value), *extras = arg.items()
        args.append((key, value, dict(extras)))
    return Remark(kind=kind, fields=document, args=args)


_RemarkLoader.add_multi_constructor("!", _construct_remark)


def parse_remarks(text):
    """All remark documents in an optimisation-record YAML text, in order."""
    return [r for r in yaml.load_all(text, Loader=_RemarkLoader) if r is not None]


def read_remarks(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return parse_remarks(f.read())
