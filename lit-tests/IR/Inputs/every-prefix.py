"""Runs a tool on prefixes of a file (every STEP bytes, and the whole file) fed on stdin.

Usage: every-prefix.py TOOL FILE STEP [TOOL-ARGS...]

Each run must exit with 0, or with 1 and a first stderr line `<stdin>:LINE:COL: error: ...`.
Prints a one-line summary; exits 1 at the first crash, other exit code or unlocated error.
"""

import re
import subprocess
import sys

tool, path, step, *args = sys.argv[1:]
data = open(path, "rb").read()
ends = sorted(set(range(0, len(data), int(step))) | {len(data)})
rejected = 0
for end in ends:
    run = subprocess.run([tool, "-", *args], input=data[:end], capture_output=True, timeout=60)
    stderr = run.stderr.decode("utf-8", "replace")
    if run.returncode == 0:
        continue
    first = stderr.splitlines()[0] if stderr else ""
    if run.returncode != 1 or not re.match(r"<stdin>:\d+:\d+: error: ", first):
        print(f"prefix of {end} bytes: exit code {run.returncode}\n{stderr}")
        sys.exit(1)
    rejected += 1
print(f"{len(ends)} prefixes: {len(ends) - rejected} accepted, {rejected} rejected with a located error")
