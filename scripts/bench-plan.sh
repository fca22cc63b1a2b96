#!/usr/bin/env bash
# Planner benchmark: generated planning problems of 10^3, 10^4 and 10^5 buffers (model-like:
# mostly short-lived buffers, a fifth living up to 200 steps, over a program of N/4 steps, log-uniform sizes from 64 B to 64 KiB,
# seeded), each planned by every USMP algorithm through `mc-plan` (release), in one run. Prints
# per algorithm and size the planning time and the height over the memory-pressure lower bound
# (1.000 = optimal), to show how cost grows with the problem.
#
# Usage: scripts/bench-plan.sh [--sizes "1000 10000 100000"] [--time-limit MS]
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$ROOT"

sizes="1000 10000 100000"
time_limit=5000
while [[ $# -gt 0 ]]; do
    case "$1" in
        --sizes) sizes="$2"; shift 2 ;;
        --time-limit) time_limit="$2"; shift 2 ;;
        -h | --help) usage_help "$0" ;;
        *) die "bench-plan: unknown argument '$1' (see --help)" ;;
    esac
done

step "building mc-plan (release)"
cargo build --release --quiet -p mc-plan
mc_plan="$TARGET_DIR/release/mc-plan"
work="$TARGET_DIR/bench-plan"
mkdir -p "$work"

# problem N FILE: a seeded model-like problem of N buffers in MiniMalloc's CSV format.
problem() {
    python3 - "$1" "$2" <<'PY'
import math, random, sys
n, path = int(sys.argv[1]), sys.argv[2]
rng = random.Random(n)
steps = max(2, n // 4)
with open(path, "w") as f:
    f.write("id,lower,upper,size\n")
    for i in range(n):
        lower = rng.randrange(steps)
        # Mostly activations read by the next op or two; a few skip connections live long.
        length = 1 + (rng.randrange(8) if rng.random() < 0.8 else rng.randrange(200))
        size = int(math.exp(rng.uniform(math.log(64), math.log(65536))))
        f.write(f"b{i},{lower},{lower + length},{size}\n")
PY
}

step "planning (time limit of the exact search and hill climbing: $time_limit ms)"
printf '%-20s %8s %12s %12s %14s\n' algorithm buffers "time ms" "height" "height/bound"
for n in $sizes; do
    file="$work/problem-$n.csv"
    problem "$n" "$file"
    for algorithm in greedy_by_size greedy_by_conflicts first_fit hill_climb exact; do
        summary="$("$mc_plan" "$file" --algorithm "$algorithm" --time-limit "$time_limit" -o /dev/null 2>&1)" ||
            die "mc-plan failed: $summary"
        # "mc-plan: N buffers, height H bytes, lower bound L, A (...), T ms"
        read -r height bound ms < <(sed -n 's/.*height \([0-9]*\) bytes, lower bound \([0-9]*\), .*, \([0-9.]*\) ms$/\1 \2 \3/p' <<<"$summary")
        ratio="$(awk -v h="$height" -v b="$bound" 'BEGIN { printf "%.3f", h / b }')"
        printf '%-20s %8s %12s %12s %14s\n' "$algorithm" "$n" "$ms" "$height" "$ratio"
    done
done
