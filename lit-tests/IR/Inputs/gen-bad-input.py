"""Writes large or malformed MLIR inputs for bad-input.mlir to stdout (binary-safe).

Usage: gen-bad-input.py KIND N
"""

import random
import sys

kind, n = sys.argv[1], int(sys.argv[2])
Q = '"'


def nested(open_, middle, close, prefix="", suffix=""):
    return prefix + open_ * n + middle + close * n + suffix + "\n"


GENERATORS = {
    # N regions, one per line, each op inside the previous one's region.
    "regions": lambda: f'{Q}foo.r{Q}() ({{\n' * n + "}) : () -> ()\n" * n,
    "arrays": lambda: nested("[", "", "]", '"foo.op"() {a = ', "} : () -> ()"),
    "dicts": lambda: nested("{a = ", "1", "}", '"foo.op"() {a = ', "} : () -> ()"),
    "properties": lambda: nested("[", "", "]", '"foo.op"() <{a = ', "}> : () -> ()"),
    "dense": lambda: nested("[", "1", "]", '"foo.op"() {a = dense<', "> : tensor<1xi8>} : () -> ()"),
    "function-types": lambda: nested("(() -> ", "i32", ")", '"foo.op"() : () -> '),
    "tensor-types": lambda: nested("tensor<", "i32", ">", '"foo.op"() : () -> '),
    "callsites": lambda: nested("callsite(", '"a"', ' at "b")', '"foo.op"() : () -> () loc(', ")"),
    "name-locs": lambda: nested('"a"(', '"b"', ")", '"foo.op"() : () -> () loc(', ")"),
    "fused-locs": lambda: nested("fused[", '"a"', "]", '"foo.op"() : () -> () loc(', ")"),
    # A single line of N bytes of blanks, then a stray character.
    "long-line": lambda: " " * n + '"foo.op"() : () -> () ;\n',
    # N empty lines, then a bad symbol name.
    "newlines": lambda: "\n" * n + '"foo.op"() {a = @1} : () -> ()\n',
    # N bytes of comment lines, then a type error.
    "comments": lambda: ("// " + "c" * 96 + "\n") * (n // 100) + '"foo.op"() : ( -> ()\n',
    # Valid programs that took quadratic time: a rank-N shape, N attribute names, N forward
    # references in a graph region.
    "long-shape": lambda: '"foo.op"() {a = dense<"0x0102"> : tensor<2' + "x1" * n + "xi8>} : () -> ()\n",
    "many-keys": lambda: '"foo.op"() {' + ", ".join(f"k{i} = {i}" for i in range(n)) + "} : () -> ()\n",
    "forward-refs": lambda: '"foo.graph"() ({\n'
    + "".join(f'"foo.use"(%v{i}) : (i32) -> ()\n' for i in range(n))
    + "".join(f'%v{i} = "foo.def"() : () -> i32\n' for i in range(n))
    + "}) : () -> ()\n",
}

if kind == "invalid-utf8":
    # A valid program whose string on line N holds the byte 0xFF.
    out = b'"foo.op"() : () -> ()\n' * (n - 1) + b'"foo.op"() {s = "caf\xff"} : () -> ()\n'
elif kind == "garbage":
    # N random ASCII bytes (seeded): never valid IR, always valid UTF-8.
    rng = random.Random(42)
    out = bytes(rng.randrange(1, 128) for _ in range(n))
else:
    out = GENERATORS[kind]().encode()
sys.stdout.buffer.write(out)
