#!/usr/bin/env bash
# RAM benchmark: for each MLPerf Tiny model in ../shared/models (or $MC_MODELS_DIR) and the
# converter-made models of conformance/models (the DS-CNN in int8 and 16x8, the MobileNetV3-style
# int8 network, the 16x8 audio network, the int8 Keras networks with dilated convolutions and
# with TRANSPOSE_CONV + RESIZE_BILINEAR, the int8 SVDF keyword network, the two stacked int8
# LSTMs) and the PyTorch-style int8 MobileNetV2 (96x96, an NCHW input TRANSPOSE and explicit PADs;
# written by the conformance crate's write_pytorch_model example), in one run,
#   mc     the planned pools of mc's host pipeline (mc-run: import, lowering to loops with kernel
#          workspaces, usmp{algorithm=A}), from the residency report: scratch + persistent pool
#          bytes, each role's bytes (persistent: state that lives across invocations, as
#          SVDF's and LSTM's, updated in place), the lower bound (most bytes live at one step, less what kernels' outputs may
#          share with the inputs they consume), and the model's input and output bytes (mc
#          leaves them in the caller's memory, TFLM plans them into its arena)
#   no ovl the pools without overlapping a kernel's output with its input (usmp{overlap=false},
#          mc-run --overlap false), and that run's lower bound: the op-at-a-time bound
#   model ord  the pools with the operators in the model's order (mc-run --model-order: no
#          buffer-reorder-for-memory; differs only for graphs with independent branches)
#   no fold the pools with every PAD left a padded copy (mc-run --no-fold-pad; graph-fold-pad
#          folds a PyTorch export's PADs into their convolutions)
#   patch  patch-based execution (buffer-patch): the run of first layers and tile grid of least
#          estimated peak (from the error of a 1-byte peak_bytes goal, which names them), and the
#          pools and lower bound with it (mc-run --memory-config with that [memory.patch]; the
#          output must stay byte-identical); `-` where no patch lowers the peak (a model not opening
#          with a run of windowed layers, or whose peak lies after it). The curve of RAM against
#          instructions over runs and grids is scripts/bench-mcu.sh's
#   mc ws  the pools again with the inputs and outputs planned into them (usmp's
#          use-workspace-io, mc-run --workspace-io): what TFLM's head counts, compared honestly
#   tflm   TensorFlow Lite Micro's arena (tflm_reference.py --print-arena): head (planned
#          tensors, I/O included), tail (persistent data: kernels' data, variables such as
#          SVDF's and LSTM's states) and total (head + tail)
# and prints the ratios mc pools / TFLM head, mc ws / TFLM head (both with I/O), no fold / TFLM
# head and (mc pools + I/O) / TFLM total.
#
# Usage: scripts/bench-ram.sh [--algorithm A] [--only NAME,...]
#   --algorithm  the planner (default auto)
#   --only       run only these models (file names without .tflite, e.g. lstm_int8)
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$ROOT"

algorithm=auto only=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --algorithm) algorithm="$2"; shift 2 ;;
        --only) only=",$2,"; shift 2 ;;
        -h | --help) usage_help "$0" ;;
        *) die "bench-ram: unknown argument '$1' (see --help)" ;;
    esac
done

python="$(venv_python)"
model_files
models+=(conformance/models/ds_cnn_int8.tflite conformance/models/ds_cnn_16x8.tflite
    conformance/models/mobilenet_v3_int8.tflite conformance/models/audio_16x8.tflite conformance/models/dilated_int8.tflite
    conformance/models/decoder_int8.tflite conformance/models/svdf_keyword_int8.tflite conformance/models/lstm_int8.tflite)
if [[ -n $only ]]; then
    selected=()
    for model in "${models[@]}"; do
        [[ $only != *",$(basename "$model" .tflite),"* ]] || selected+=("$model")
    done
    models=("${selected[@]}")
fi

step "building mc-run"
cargo build --quiet -p mc-run
mc_run="$TARGET_DIR/debug/mc-run"
work="$TARGET_DIR/bench-ram"
mkdir -p "$work"
if [[ -z $only || $only == *",pytorch_mobilenet_v2_int8,"* ]]; then
    cargo run --quiet -p mc-conformance --example write_pytorch_model -- "$work/pytorch_mobilenet_v2_int8.tflite" > /dev/null
    models+=("$work/pytorch_mobilenet_v2_int8.tflite")
fi

step "planning (mc-run --planner $algorithm) and TFLM's arena"
for model in "${models[@]}"; do
    name="$(basename "$model" .tflite)"
    # A zero input of the model's input shape and dtype (planning does not depend on values).
    "$python" - "$model" "$work/$name.input.npy" <<'PY'
import sys
import numpy as np
from tflite_micro.python.tflite_micro import runtime
detail = runtime.Interpreter.from_file(sys.argv[1]).get_input_details(0)
np.save(sys.argv[2], np.zeros(detail["shape"], dtype=detail["dtype"]))
PY
    "$mc_run" "$model" --input "$work/$name.input.npy" --output "$work/$name.output.npy" --planner "$algorithm" \
        --residency-report "$work/$name.json" --arena-svg "$work/$name.svg" || die "mc-run failed on $model"
    "$mc_run" "$model" --input "$work/$name.input.npy" --output "$work/$name.ws.output.npy" --planner "$algorithm" \
        --workspace-io --residency-report "$work/$name.ws.json" || die "mc-run --workspace-io failed on $model"
    cmp -s "$work/$name.output.npy" "$work/$name.ws.output.npy" || die "$model: --workspace-io changed the output"
    "$mc_run" "$model" --input "$work/$name.input.npy" --output "$work/$name.disjoint.output.npy" --planner "$algorithm" \
        --overlap false --residency-report "$work/$name.disjoint.json" || die "mc-run --overlap false failed on $model"
    cmp -s "$work/$name.output.npy" "$work/$name.disjoint.output.npy" || die "$model: --overlap false changed the output"
    "$mc_run" "$model" --input "$work/$name.input.npy" --output "$work/$name.unfolded.output.npy" --planner "$algorithm" \
        --no-fold-pad --residency-report "$work/$name.unfolded.json" || die "mc-run --no-fold-pad failed on $model"
    cmp -s "$work/$name.output.npy" "$work/$name.unfolded.output.npy" || die "$model: --no-fold-pad changed the output"
    "$mc_run" "$model" --input "$work/$name.input.npy" --output "$work/$name.ordered.output.npy" --planner "$algorithm" \
        --model-order --residency-report "$work/$name.ordered.json" || die "mc-run --model-order failed on $model"
    cmp -s "$work/$name.output.npy" "$work/$name.ordered.output.npy" || die "$model: --model-order changed the output"
    # The patch of least peak: a goal no patch meets makes buffer-patch name it.
    printf '[memory]\npeak_bytes = 1\n[[memory.banks]]\nname = "sram"\n' > "$work/$name.least.toml"
    least=$("$mc_run" "$model" --input "$work/$name.input.npy" --output "$work/$name.least.npy" \
        --memory-config "$work/$name.least.toml" 2>&1 | sed -n 's/.*with layers = \([0-9]*\), tiles = \[\([0-9]*\), \([0-9]*\)\].*/\1 \2 \3/p' || true)
    rm -f "$work/$name.patched.json"
    if [[ -n $least ]]; then
        read -r layers rows cols <<< "$least"
        printf '[memory]\n[[memory.banks]]\nname = "sram"\n[memory.patch]\nlayers = %s\ntiles = [%s, %s]\n' \
            "$layers" "$rows" "$cols" > "$work/$name.patch.toml"
        "$mc_run" "$model" --input "$work/$name.input.npy" --output "$work/$name.patched.output.npy" --planner "$algorithm" \
            --memory-config "$work/$name.patch.toml" --residency-report "$work/$name.patched.json" ||
            die "mc-run with [memory.patch] $least failed on $model"
        cmp -s "$work/$name.output.npy" "$work/$name.patched.output.npy" || die "$model: patching changed the output"
    fi
done
"$python" - "$ROOT" "$work" "${models[@]}" <<'PY'
import json, os, re, subprocess, sys
import numpy as np

root, work, models = sys.argv[1], sys.argv[2], sys.argv[3:]
print(f"{'model':<28} {'mc pools':>9} {'scratch':>8} {'persist':>8} {'bound':>7} {'no ovl':>7} {'op bound':>9} {'no fold':>8} {'model ord':>9} {'mc+I/O':>8} {'patch':>7} {'patched':>8} {'p.bound':>8} {'mc ws':>7} {'TFLM head':>10} {'TFLM tail':>10} {'TFLM total':>11} {'pools/head':>11} {'ws/head':>8} {'no fold/head':>13} {'(pools+I/O)/total':>18}")
for path in models:
    name = os.path.basename(path)[:-len(".tflite")]
    report = json.load(open(os.path.join(work, name + ".json")))
    pools = sum(p["size"] for p in report["pools"])
    scratch, persistent = (sum(p["size"] for p in report["pools"] if p["role"] == role) for role in ("scratch", "persistent"))
    bound = sum(p["lower_bound"] for p in report["pools"])
    ws = sum(p["size"] for p in json.load(open(os.path.join(work, name + ".ws.json")))["pools"])
    disjoint = json.load(open(os.path.join(work, name + ".disjoint.json")))["pools"]
    no_overlap, op_bound = sum(p["size"] for p in disjoint), sum(p["lower_bound"] for p in disjoint)
    unfolded = sum(p["size"] for p in json.load(open(os.path.join(work, name + ".unfolded.json")))["pools"])
    ordered = sum(p["size"] for p in json.load(open(os.path.join(work, name + ".ordered.json")))["pools"])
    patched_path = os.path.join(work, name + ".patched.json")
    if os.path.exists(patched_path):
        patched_report = json.load(open(patched_path))
        run = patched_report["patches"][0]
        patch = f"{run['layers']}:{run['tiles'][0]}x{run['tiles'][1]}"
        patched = sum(p["size"] for p in patched_report["pools"])
        patched_bound = sum(p["lower_bound"] for p in patched_report["pools"])
    else:
        patch, patched, patched_bound = "-", pools, bound
    # The model's input and output bytes: the arrays mc-run read and wrote.
    io_bytes = sum(np.load(os.path.join(work, f"{name}.{kind}.npy")).nbytes for kind in ("input", "output"))
    # TFLM's arena report (tflm_reference.py --print-arena: the interpreter's recording allocator).
    child = subprocess.run([sys.executable, os.path.join(root, "scripts", "tflm_reference.py"), path,
                            "--input", os.path.join(work, f"{name}.input.npy"),
                            "--output", os.path.join(work, f"{name}.tflm.npy"),
                            "--arena-size", str(4 << 20), "--print-arena"],
                           capture_output=True, text=True, check=True)
    text = child.stdout + child.stderr
    head = int(re.search(r"allocation head (\d+)", text).group(1))
    total = int(re.search(r"allocation total (\d+)", text).group(1))
    print(f"{name:<28} {pools:>9} {scratch:>8} {persistent:>8} {bound:>7} {no_overlap:>7} {op_bound:>9} {unfolded:>8} {ordered:>9} {pools + io_bytes:>8} {patch:>7} {patched:>8} {patched_bound:>8} {ws:>7} {head:>10} {total - head:>10} {total:>11} {pools / head:>11.2f} {ws / head:>8.2f} {unfolded / head:>13.2f} {(pools + io_bytes) / total:>18.2f}")
PY
