#!/usr/bin/env bash
# Inference benchmark: one inference of each MLPerf Tiny model in ../shared/models (or
# $MC_MODELS_DIR), in one run, through
#   mc-run   the Cranelift JIT (release build of mc-run; `--bench N` times the call only:
#            no import, lowering, compilation or input copy), bounds checks on, vectorized
#            where the CPU has SSE4.1
#   scalar   the same without vectorization (`mc-run --no-vectorize`)
#   llvm     mc-run's LLVM engine (`mc-run --engine llvm`): the host's vector passes at this
#            CPU's vector width (256 bits with AVX2, 512 with AVX-512: convolutions over output
#            channels), compiled by LLVM at -O3 for this CPU's name and features, no run-time
#            bounds checks
#   tflm     the TensorFlow Lite Micro Python interpreter (`scripts/tflm_reference.py --bench N`
#            times `invoke()` only; reference kernels)
#   litert   LiteRT (`ai-edge-litert`, TFLite's desktop interpreter with its optimized
#            kernels, one thread; `invoke()` only), with its default XNNPACK delegate
#   builtin  the same LiteRT without XNNPACK: its own optimized builtin kernels
#            (`OpResolverType.BUILTIN_WITHOUT_DEFAULT_DELEGATES`)
# and prints the best of N of each in µs and the ratios mc-run / tflm, mc-run / litert,
# mc-run / builtin and llvm / builtin (below 1: mc is faster).
# Both run on the same seeded random int8 input.
#
# Usage: scripts/bench-run.sh [--runs N]   (default 10)
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$ROOT"

runs=10
while [[ $# -gt 0 ]]; do
    case "$1" in
        --runs) runs="$2"; shift 2 ;;
        -h | --help) usage_help "$0" ;;
        *) die "bench-run: unknown argument '$1' (see --help)" ;;
    esac
done

python="$(venv_python)"
model_files

step "building mc-run (release)"
cargo build --release --quiet -p mc-run
mc_run="$TARGET_DIR/release/mc-run"
work="$TARGET_DIR/bench-run"
mkdir -p "$work"

# best LINE: the number before " us" in "best of N ...: X us".
best() { sed -n 's/^best of .*: \([0-9.]*\) us$/\1/p' <<<"$1"; }

step "timing one inference, best of $runs"
printf '%-26s %10s %10s %14s %10s %10s %10s %9s %9s %10s %12s\n' model "mc-run µs" "scalar µs" \
    "mc-run llvm µs" "tflm µs" "litert µs" "builtin µs" "mc/tflm" "mc/litert" "mc/builtin" "llvm/builtin"
for model in "${models[@]}"; do
    name="$(basename "$model" .tflite)"
    input="$work/$name.input.npy"
    # A seeded random input of the model's input shape and dtype.
    "$python" - "$model" "$input" <<'PY'
import sys
import numpy as np
from tflite_micro.python.tflite_micro import runtime
detail = runtime.Interpreter.from_file(sys.argv[1]).get_input_details(0)
info = np.iinfo(detail["dtype"])
data = np.random.default_rng(0).integers(info.min, info.max + 1, detail["shape"], dtype=detail["dtype"])
np.save(sys.argv[2], data)
PY
    ours="$("$mc_run" "$model" --input "$input" --output "$work/$name.mc.npy" --bench "$runs")" ||
        die "mc-run failed on $model"
    theirs="$("$python" scripts/tflm_reference.py "$model" --input "$input" --output "$work/$name.tflm.npy" --bench "$runs")" ||
        die "tflm_reference.py failed on $model"
    scalar="$("$mc_run" "$model" --input "$input" --output "$work/$name.scalar.npy" --bench "$runs" --no-vectorize)" ||
        die "mc-run --no-vectorize failed on $model"
    llvm="$("$mc_run" "$model" --input "$input" --output "$work/$name.llvm.npy" --bench "$runs" --engine llvm)" ||
        die "mc-run --engine llvm failed on $model"
    mc_us="$(best "$ours")"
    llvm_us="$(best "$llvm")"
    scalar_us="$(best "$scalar")"
    tflm_us="$(best "$theirs")"
    # litert KIND: LiteRT's best invoke() in µs, with XNNPACK (auto) or without (builtin).
    litert() {
        "$python" - "$model" "$input" "$runs" "$1" <<'PY'
import sys, time
import numpy as np
import os
from ai_edge_litert.interpreter import Interpreter, OpResolverType
resolver = {"auto": OpResolverType.AUTO, "builtin": OpResolverType.BUILTIN_WITHOUT_DEFAULT_DELEGATES}[sys.argv[4]]
# LiteRT announces its XNNPACK delegate on stderr: silence that one line.
saved = os.dup(2)
os.dup2(os.open(os.devnull, os.O_WRONLY), 2)
interpreter = Interpreter(model_path=sys.argv[1], num_threads=1, experimental_op_resolver_type=resolver)
interpreter.allocate_tensors()
os.dup2(saved, 2)
interpreter.set_tensor(interpreter.get_input_details()[0]["index"], np.load(sys.argv[2]))
best = float("inf")
for _ in range(int(sys.argv[3])):
    start = time.perf_counter()
    interpreter.invoke()
    best = min(best, time.perf_counter() - start)
print(f"{best * 1e6:.1f}")
PY
    }
    litert_us="$(litert auto)" || die "LiteRT failed on $model"
    builtin_us="$(litert builtin)" || die "LiteRT (builtin kernels) failed on $model"
    ratio="$(awk -v a="$mc_us" -v b="$tflm_us" 'BEGIN { printf "%.2f", a / b }')"
    ratio_litert="$(awk -v a="$mc_us" -v b="$litert_us" 'BEGIN { printf "%.2f", a / b }')"
    ratio_builtin="$(awk -v a="$mc_us" -v b="$builtin_us" 'BEGIN { printf "%.2f", a / b }')"
    ratio_llvm="$(awk -v a="$llvm_us" -v b="$builtin_us" 'BEGIN { printf "%.2f", a / b }')"
    printf '%-26s %10s %10s %14s %10s %10s %10s %9s %9s %10s %12s\n' "$name" "$mc_us" "$scalar_us" "$llvm_us" \
        "$tflm_us" "$litert_us" "$builtin_us" "$ratio" "$ratio_litert" "$ratio_builtin" "$ratio_llvm"
done
