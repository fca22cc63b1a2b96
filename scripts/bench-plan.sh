#!/usr/bin/env bash
# Planner benchmark, through `mc-plan` (release), in two suites:
#
# - `minimalloc`: MiniMalloc's challenging suite (11 problems of 150-450 buffers from production
#   models, read from ../shared/benchmarks/minimalloc, never copied here), each planned by `auto`.
#   Prints per problem the height, the best known height, the gap to it, the time and whether the
#   plan is proven optimal; then the totals. The machine's load is printed too: times are noisy.
# - `generated`: problems of 10^3, 10^4 and 10^5 buffers (model-like: mostly short-lived
#   buffers, a fifth living up to 200 steps, over a program of N/4 steps, log-uniform sizes from
#   64 B to 64 KiB, seeded), each planned by every USMP algorithm. Prints per algorithm and size
#   the planning time, the height over the memory-pressure lower bound (1.000 = optimal), the
#   input's size and the process's peak resident memory, to show how cost grows with the problem.
#
# Usage: scripts/bench-plan.sh [--suite minimalloc|generated|all] [--sizes "1000 10000 100000"]
#                              [--time-limit MS] [--benchmarks DIR] [--mc-plan PATH]
# (--mc-plan: time this binary instead of building one, e.g. an older build to compare with).
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$ROOT"

suite=all
sizes="1000 10000 100000"
time_limit=5000
benchmarks="$ROOT/../shared/benchmarks/minimalloc"
mc_plan=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --suite) suite="$2"; shift 2 ;;
        --sizes) sizes="$2"; shift 2 ;;
        --time-limit) time_limit="$2"; shift 2 ;;
        --benchmarks) benchmarks="$2"; shift 2 ;;
        --mc-plan) mc_plan="$2"; shift 2 ;;
        -h | --help) usage_help "$0" ;;
        *) die "bench-plan: unknown argument '$1' (see --help)" ;;
    esac
done

if [[ -z "$mc_plan" ]]; then
    step "building mc-plan (release)"
    cargo build --release --quiet -j 1 -p mc-plan
    mc_plan="$TARGET_DIR/release/mc-plan"
fi
work="$TARGET_DIR/bench-plan"
mkdir -p "$work"

# summary_fields SUMMARY: "height bound ms proven" from mc-plan's summary line
# "mc-plan: N buffers, height H bytes, lower bound L, A (optimal|not proven optimal...), T ms".
summary_fields() {
    sed -n 's/.*height \([0-9]*\) bytes, lower bound \([0-9]*\), [^(]*(\([a-z ]*\)[^)]*), \([0-9.]*\) ms$/\1 \2 \4 \3/p' <<<"$1" |
        awk '{ print $1, $2, $3, ($4 == "optimal") ? "yes" : "no" }'
}

# The best known heights of MiniMalloc's challenging suite (C's is its lower bound).
declare -A best_known=(
    [A]=1048576 [B]=1048576 [C]=1039360 [D]=1038336 [E]=1048576 [F]=1048576
    [G]=1048576 [H]=1048576 [I]=1048576 [J]=1041408 [K]=1048576
)

minimalloc_suite() {
    [[ -d "$benchmarks" ]] || die "bench-plan: no benchmark folder '$benchmarks'"
    step "MiniMalloc's challenging suite, auto (time limit $time_limit ms per problem; load: $(cut -d' ' -f1-3 /proc/loadavg))"
    printf '%-8s %8s %10s %10s %8s %10s %7s\n' problem buffers height "best known" "gap %" "time ms" proven
    local total_ms=0 at_best=0 count=0 proven_count=0
    for file in "$benchmarks"/*.csv; do
        local name buffers summary height bound ms proven best gap
        name="$(basename "$file" | cut -d. -f1)"
        buffers=$(($(wc -l <"$file") - 1))
        summary="$("$mc_plan" "$file" --algorithm auto --time-limit "$time_limit" -o /dev/null 2>&1)" ||
            die "mc-plan failed on $file: $summary"
        read -r height bound ms proven < <(summary_fields "$summary")
        best="${best_known[$name]:-$bound}"
        gap="$(awk -v h="$height" -v b="$best" 'BEGIN { printf "%.2f", 100 * (h - b) / b }')"
        printf '%-8s %8s %10s %10s %8s %10s %7s\n' "$name" "$buffers" "$height" "$best" "$gap" "$ms" "$proven"
        total_ms="$(awk -v t="$total_ms" -v m="$ms" 'BEGIN { printf "%.3f", t + m }')"
        count=$((count + 1))
        ((height <= best)) && at_best=$((at_best + 1))
        [[ "$proven" == yes ]] && proven_count=$((proven_count + 1))
    done
    printf 'total: %d problems, %d at the best known height, %d proven optimal, %.1f s (load after: %s)\n' \
        "$count" "$at_best" "$proven_count" "$(awk -v t="$total_ms" 'BEGIN { print t / 1000 }')" \
        "$(cut -d' ' -f1-3 /proc/loadavg)"
}

generated_suite() {
    step "planning (time limit of the exact search and hill climbing: $time_limit ms)"
    printf '%-20s %8s %12s %12s %14s %10s %10s\n' algorithm buffers "time ms" "height" "height/bound" "input KB" "peak KB"
    for n in $sizes; do
        file="$work/problem-$n.csv"
        python3 "$ROOT/scripts/plan_problem.py" "$n" "$file"
        for algorithm in greedy_by_size greedy_by_conflicts first_fit hill_climb exact auto; do
            summary="$(/usr/bin/time -f '%M' -o "$work/peak" \
                "$mc_plan" "$file" --algorithm "$algorithm" --time-limit "$time_limit" -o /dev/null 2>&1)" ||
                die "mc-plan failed: $summary"
            # "mc-plan: N buffers, height H bytes, lower bound L, A (...), T ms"
            read -r height bound ms < <(sed -n 's/.*height \([0-9]*\) bytes, lower bound \([0-9]*\), .*, \([0-9.]*\) ms$/\1 \2 \3/p' <<<"$summary")
            ratio="$(awk -v h="$height" -v b="$bound" 'BEGIN { printf "%.3f", h / b }')"
            printf '%-20s %8s %12s %12s %14s %10s %10s\n' "$algorithm" "$n" "$ms" "$height" "$ratio" \
                "$(($(stat -c %s "$file") / 1024))" "$(cat "$work/peak")"
        done
    done
}

case "$suite" in
    minimalloc) minimalloc_suite ;;
    generated) generated_suite ;;
    all) minimalloc_suite; generated_suite ;;
    *) die "bench-plan: unknown suite '$suite' (minimalloc, generated or all)" ;;
esac
