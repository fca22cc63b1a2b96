"""Writes a seeded, model-like memory-planning problem of N buffers in MiniMalloc's CSV format:
mostly activations read by the next op or two, a fifth living up to 200 steps (skip
connections), over a program of N/4 steps, log-uniform sizes from 64 B to 64 KiB.

Usage: python3 scripts/plan_problem.py N out.csv  (scripts/bench-plan.sh and the lit tests).
"""

import math
import random
import sys

n, path = int(sys.argv[1]), sys.argv[2]
rng = random.Random(n)
steps = max(2, n // 4)
with open(path, "w") as f:
    f.write("id,lower,upper,size\n")
    for i in range(n):
        lower = rng.randrange(steps)
        length = 1 + (rng.randrange(8) if rng.random() < 0.8 else rng.randrange(200))
        size = int(math.exp(rng.uniform(math.log(64), math.log(65536))))
        f.write(f"b{i},{lower},{lower + length},{size}\n")
