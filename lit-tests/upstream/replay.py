#!/usr/bin/env python3
"""Replays MLIR test inputs through mc-opt, one top-level op at a time (issue 22).

For every input file (split at `// -----` like `--split-input-file`), upstream mlir-opt prints
the chunk generically; each top-level op of that module (with the aliases it needs) then goes
  mlir-opt-22 --mlir-print-op-generic  ->  mc-opt --print-generic  ->  mlir-opt-22 --mlir-print-op-generic
and the text upstream prints at the end must equal the text it printed at the start. Chunks
that expect diagnostics (`expected-error`) or that upstream rejects are skipped (they are error
tests). Prints one line per op that does not round-trip (with mc-opt's first error line), the
share per file and in all, and the failures grouped by their first error line with the
locations and quoted names taken out (--classes); exits 1 when the share is below --min-share
(default 100).

A PATH may be a directory: every `*.mlir` file under it is replayed, which is how whole upstream
test directories (`mlir/test/IR`, `mlir/test/Dialect/Arith`, ...) are measured.

Usage: replay.py [--mc-opt PATH] [--mlir-opt PATH] [--min-share N] [--verbose] [--classes] PATH...
"""

import argparse
import os
import re
import subprocess
import sys
from collections import Counter


def run(cmd, text):
    result = subprocess.run(cmd, input=text, capture_output=True, text=True)
    return result.returncode, result.stdout, result.stderr


def top_level_ops(generic):
    """Splits a generic module print into (alias lines, [top-level op texts])."""
    lines = generic.splitlines()
    aliases = [line for line in lines if re.match(r"^[#!][\w.$-]+ = ", line)]
    try:
        start = next(i for i, line in enumerate(lines) if line.startswith('"builtin.module"'))
    except StopIteration:
        return aliases, []
    ops, current = [], []
    for line in lines[start + 1 :]:
        if line.startswith("}) "):
            break
        if re.match(r'^  ["%]', line) and current:
            ops.append("\n".join(current))
            current = []
        current.append(line[2:])
    if current:
        ops.append("\n".join(current))
    return aliases, ops


def input_files(paths):
    """Expands directories to the `*.mlir` files under them, sorted; keeps files as given."""
    for path in paths:
        if os.path.isdir(path):
            for root, _, names in sorted(os.walk(path)):
                yield from (os.path.join(root, n) for n in sorted(names) if n.endswith(".mlir"))
        else:
            yield path


def failure_class(message):
    """The kind of a failure: its message without the location, quoted names and numbers."""
    message = re.sub(r"<stdin>:\d+:\d+: ", "", message)
    message = re.sub(r"'[^']*'|\"[^\"]*\"|`[^`]*`", "'_'", message)
    return re.sub(r"\d+", "N", message)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    here = os.path.dirname(os.path.abspath(__file__))
    default_mc = os.path.join(os.path.dirname(os.path.dirname(here)), "target", "debug", "mc-opt")
    parser.add_argument("--mc-opt", default=default_mc)
    parser.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    parser.add_argument("--min-share", type=float, default=100.0)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--classes", action="store_true", help="group the failures by message")
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args()

    upstream = [args.mlir_opt, "--allow-unregistered-dialect", "--mlir-print-op-generic", "-"]
    mc = [args.mc_opt, "--allow-unregistered-dialect", "--print-generic", "-"]
    total = passed = 0
    classes = Counter()

    def fail(name, message):
        print(f"FAIL {name}: {message}")
        classes[failure_class(message)] += 1

    for path in input_files(args.paths):
        file_total, file_passed = total, passed
        with open(path, encoding="utf-8") as f:
            chunks = re.split(r"^// -----\s*$", f.read(), flags=re.M)
        for chunk_index, chunk in enumerate(chunks):
            if "expected-error" in chunk:
                continue
            code, generic, _ = run(upstream, chunk)
            if code != 0:
                continue
            aliases, ops = top_level_ops(generic)
            for op_index, op in enumerate(ops):
                code, reference, _ = run(upstream, "\n".join(aliases + [op]) + "\n")
                if code != 0:
                    continue
                total += 1
                name = f"{os.path.basename(path)}#{chunk_index}.{op_index}"
                code, mc_text, mc_err = run(mc, reference)
                if code != 0:
                    first = (mc_err.strip().splitlines() or ["(no message)"])[0]
                    fail(name, f"mc-opt: {first}")
                    continue
                code, back, up_err = run(upstream, mc_text)
                if code != 0:
                    first = (up_err.strip().splitlines() or ["(no message)"])[0]
                    fail(name, f"mlir-opt rejects mc's output: {first}")
                    continue
                if back != reference:
                    fail(name, "text differs")
                    if args.verbose:
                        print(reference + "---\n" + back)
                    continue
                passed += 1
        if len(args.paths) > 1 or os.path.isdir(args.paths[0]):
            print(f"file {path}: {passed - file_passed}/{total - file_total}")
    if args.classes:
        for message, count in classes.most_common():
            print(f"class {count:5d}  {message}")
    share = 100.0 * passed / total if total else 100.0
    print(f"replayed {passed}/{total} top-level ops ({share:.1f}%)")
    return 0 if share >= args.min_share else 1


if __name__ == "__main__":
    sys.exit(main())
