"""A small reader for LLVM optimisation-record YAML (clang -fsave-optimization-record).

The files are a stream of documents such as

    --- !Analysis
    Pass:            outcore
    Name:            Locality
    DebugLoc:        { File: 'k.c', Line: 14,
                       Column: 17 }
    Function:        kernel
    Args:
      - String:          'array '
      - Array:           A
        DebugLoc:        { File: 'k.c', Line: 14, Column: 17 }
    ...

LLVM writes only this subset of YAML (block mappings two levels deep, flow mappings that may be
folded over several lines, plain/single-quoted/double-quoted scalars), so a full YAML library
is not needed.
"""

import re
from dataclasses import dataclass, field

_DOC_START = re.compile(r"^--- !(\w+)\s*$")
_KEY_VALUE = re.compile(r"^(\s*)(- )?([A-Za-z_][\w.-]*):\s*(.*)$")


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


def _decode_double_quoted(body):
    escapes = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "\\": "\\", '"': '"', "/": "/", " ": " ",
               "a": "\a", "b": "\b", "e": "\x1b", "f": "\f", "v": "\v"}
    out, i = [], 0
    while i < len(body):
        ch = body[i]
        if ch != "\\":
            out.append(ch)
            i += 1
            continue
        code = body[i + 1]
        hex_len = {"x": 2, "u": 4, "U": 8}.get(code)
        if hex_len:
            out.append(chr(int(body[i + 2:i + 2 + hex_len], 16)))
            i += 2 + hex_len
        else:
            out.append(escapes.get(code, code))
            i += 2
    return "".join(out)


def parse_scalar(text):
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] == "'":
        return text[1:-1].replace("''", "'")
    if len(text) >= 2 and text[0] == text[-1] == '"':
        return _decode_double_quoted(text[1:-1])
    return text


def _split_outside_quotes(text, separator):
    parts, current, quote, escaped = [], [], None, False
    for ch in text:
        if quote:
            current.append(ch)
            if escaped:
                escaped = False
            elif quote == '"' and ch == "\\":
                escaped = True
            elif ch == quote:
                quote = None  # a doubled '' re-opens at once on the next character
        elif ch in "'\"":
            quote = ch
            current.append(ch)
        elif ch == separator:
            parts.append("".join(current))
            current = []
        else:
            current.append(ch)
    parts.append("".join(current))
    return parts


def parse_value(text):
    text = text.strip()
    if text.startswith("{") and text.endswith("}"):
        mapping = {}
        for item in _split_outside_quotes(text[1:-1], ","):
            if item.strip():
                key, _, value = item.partition(":")
                mapping[key.strip()] = parse_scalar(value)
        return mapping
    return parse_scalar(text)


def _is_complete(text):
    """True when a logical line has no open quote or flow mapping (else it was folded)."""
    quote, depth, escaped = None, 0, False
    for ch in text:
        if quote:
            if escaped:
                escaped = False
            elif quote == '"' and ch == "\\":
                escaped = True
            elif ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
    return quote is None and depth == 0


def _logical_lines(lines):
    pending = None
    for line in lines:
        if pending is None:
            pending = line.rstrip("\n")
        else:
            # YAML folds a line break inside a flow mapping or quoted scalar into one space.
            pending = pending.rstrip() + " " + line.strip()
        if _is_complete(pending.split(":", 1)[1] if ":" in pending else pending):
            yield pending
            pending = None
    if pending is not None:
        raise ValueError(f"unterminated YAML value: {pending!r}")


def parse_remarks(text):
    """All remark documents in an optimisation-record YAML text, in order."""
    remarks, current, body = [], None, []

    def finish():
        if current is None:
            return
        in_args = False
        for line in _logical_lines(body):
            match = _KEY_VALUE.match(line)
            if not match:
                raise ValueError(f"unexpected line in remark: {line!r}")
            indent, dash, key, value = match.groups()
            if not indent and not dash:
                in_args = key == "Args"
                if not in_args:
                    current.fields[key] = parse_value(value)
            elif in_args and dash:
                current.args.append((key, parse_value(value), {}))
            elif in_args and current.args:
                current.args[-1][2][key] = parse_value(value)
            else:
                raise ValueError(f"unexpected nesting in remark: {line!r}")
        remarks.append(current)

    for line in text.splitlines():
        start = _DOC_START.match(line)
        if start:
            finish()
            current, body = Remark(kind=start.group(1)), []
        elif line.strip() == "...":
            finish()
            current, body = None, []
        elif current is not None and line.strip():
            body.append(line)
    finish()
    return remarks


def read_remarks(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return parse_remarks(f.read())
