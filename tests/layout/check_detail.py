#!/usr/bin/env python3
"""Fails when a file uses another header's detail:: names.

A header's `namespace detail` is its own implementation: another header, the CLI, the
bench runner or a fuzz target that needs one of those names needs a public function
instead. A name counts as the file's own when it is declared inside one of the file's
`namespace detail { ... }` blocks. Tests may test internals and are not checked.

Usage: check_detail.py ROOT   (prints one line per reach and exits 1 if any)
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
DIRS = ["include", "simulator", "bench_adapter", "bench", "fuzz", "examples"]


def detail_blocks(text):
    """The text of every `namespace detail { ... }` block (braces matched)."""
    out = []
    for m in re.finditer(r"namespace\s+detail\s*\{", text):
        depth, i = 1, m.end()
        while depth and i < len(text):
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        out.append(text[m.end():i])
    return "\n".join(out)


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


reaches = []
for d in DIRS:
    for f in sorted((ROOT / d).rglob("*")):
        if f.suffix not in (".hpp", ".cpp", ".h") or not f.is_file():
            continue
        text = strip_comments(f.read_text(encoding="utf-8", errors="replace"))
        own = detail_blocks(text)
        for name in sorted(set(re.findall(r"\bdetail::(\w+)", text))):
            if not re.search(r"\b" + name + r"\b", own):
                reaches.append(f"{f.relative_to(ROOT)}: uses detail::{name}, which another file defines")
for r in reaches:
    print(r)
sys.exit(1 if reaches else 0)
