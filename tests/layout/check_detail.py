#!/usr/bin/env python3
"""Fails when a file uses another header's detail:: names.

A header's `namespace detail` is its own implementation: another header, the CLI, the
bench runner or a fuzz target that needs one of those names needs a public function
instead. A name counts as the file's own when it is declared inside one of the file's
`namespace detail { ... }` blocks. Tests may test internals and are not checked.

Code inside a header's own `namespace detail` may also call another header's detail name
without the prefix (it is found by ordinary lookup): such a call of a function or type
that only another header's detail block defines, and that is declared nowhere outside a
detail block, is reported too.

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

# Unqualified reaches from inside a detail block: the names each header's detail blocks
# define (functions with a body, types, aliases, constants), against those declared
# anywhere outside detail blocks.
decl_re = re.compile(r"(?:struct|class|using)\s+(\w+)|(\w+)\s*\([^;{()]*(?:\([^()]*\)[^;{()]*)*\)\s*(?:const\s*)?"
                     r"(?:noexcept\s*)?\{|constexpr\s+[\w:<>]+\s+(\w+)\s*=")
keywords = {"if", "for", "while", "switch", "return", "catch", "sizeof", "decltype", "requires"}


def declared(text):
    return {n for m in decl_re.finditer(text) for n in m.groups() if n and n not in keywords}


def without_detail(text):
    """The text with every `namespace detail { ... }` block cut out."""
    out, last = [], 0
    for m in re.finditer(r"namespace\s+detail\s*\{", text):
        if m.start() < last:
            continue
        depth, i = 1, m.end()
        while depth and i < len(text):
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        out.append(text[last:m.start()])
        last = i
    out.append(text[last:])
    return "".join(out)


headers = {f: strip_comments(f.read_text(encoding="utf-8")) for f in sorted((ROOT / "include").rglob("*.hpp"))}
in_detail = {f: declared(detail_blocks(t)) for f, t in headers.items()}
public = set().union(*(declared(without_detail(t)) for t in headers.values()))
for f, t in headers.items():
    own = in_detail[f]
    body = detail_blocks(t)
    for g, names in in_detail.items():
        if g == f:
            continue
        for name in sorted(names - own - public):
            if re.search(r"(?<![\w:.>])" + name + r"\s*[(<{]", body):
                reaches.append(f"{f.relative_to(ROOT)}: its detail code calls {name}, which only "
                               f"{g.relative_to(ROOT)}'s detail:: defines")
for r in reaches:
    print(r)
sys.exit(1 if reaches else 0)
