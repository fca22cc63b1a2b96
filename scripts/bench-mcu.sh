#!/usr/bin/env bash
# Microcontroller benchmark: each MLPerf Tiny int8 model in ../shared/models (or
# $MC_MODELS_DIR) compiled by mcc (-Os unless --opt says otherwise) for Cortex-M4, RV32IMAC and
# Cortex-M55 (MVE: LLVM vectorizes the loops), run on QEMU's emulated boards (mps2-an386, virt,
# mps3-an547) through mc-emu on a seeded input, printing
#   instr  the exact instructions of one inference (QEMU's icount plugin, between the harness's
#          marks around <prefix>_model_run)
#   .text  the model object's code bytes, .rodata its constants, RAM its planned arenas
# next to TensorFlow Lite Micro's figures on the same emulated Cortex-M4 with CMSIS-NN int8
# kernels and with its reference kernels, as recorded earlier (measured on this machine
# kind; TFLM's sources are not installable here, so they cannot be rebuilt in this run), and
# the ratio mc / TFLM+CMSIS-NN. Every run's output must match tflite-micro's interpreter
# byte for byte (checked here too).
#
# The converter-made models of conformance/models run too (the DS-CNN in int8 and 16x8, and the
# 16x8 mixed network): TFLM cannot be run on the boards here, so their rows compare mc's int16
# kernels with its int8 ones: MACs (convolutions and fully connected layers, counted from the
# model) and instructions per MAC.
#
# Usage: scripts/bench-mcu.sh [--opt s|2|3]
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$ROOT"

opt=s
while [[ $# -gt 0 ]]; do
    case "$1" in
        --opt) opt="$2"; shift 2 ;;
        -h | --help) usage_help "$0" ;;
        *) die "bench-mcu: unknown argument '$1' (see --help)" ;;
    esac
done

python="$(venv_python)"
model_files
cargo build --release -p mcc -p mc-emu >&2
work="$TARGET_DIR/bench-mcu"
rm -rf "$work"
mkdir -p "$work"

# TFLM on QEMU mps2-an386, instructions per inference (measured earlier): CMSIS-NN, reference kernels.
declare -A cmsis=([ad01]=580000 [kws]=7700000 [resnet]=29860000 [vww]=24100000)
declare -A reference=([ad01]=1950000 [kws]=43000000 [resnet]=107400000 [vww]=100300000)
declare -A macs per_mac

printf '%-7s %-9s %12s %12s %8s %9s %8s %12s %8s\n' model board instr "TFLM+CMSIS" ratio .text .rodata "TFLM ref" RAM
# The seeded input (of the model's input type) and TFLite Micro's output for model $1 in files
# $2.in.bin and $2.tflm.bin; prints the model's MACs (convolutions and fully connected layers).
reference_run() {
    "$python" - "$1" "$2" <<'PY'
import sys
import numpy as np
from tflite_micro.python.tflite_micro import runtime
from tflite_micro.tensorflow.lite.micro.python import schema_py_generated as fb
model, stem = sys.argv[1], sys.argv[2]
interpreter = runtime.Interpreter.from_file(model)
detail = interpreter.get_input_details(0)
dtype = np.dtype(detail["dtype"])
if dtype.kind == "f":
    x = np.random.default_rng(11).uniform(-1, 1, detail["shape"]).astype(dtype)
else:
    info = np.iinfo(dtype)
    x = np.random.default_rng(11).integers(info.min, info.max + 1, detail["shape"], dtype=dtype)
x.tofile(stem + ".in.bin")
interpreter.set_input(x, 0)
interpreter.invoke()
interpreter.get_output(0).tofile(stem + ".tflm.bin")
with open(model, "rb") as f:
    m = fb.Model.GetRootAs(f.read(), 0)
graph, macs = m.Subgraphs(0), 0
for i in range(graph.OperatorsLength()):
    op = graph.Operators(i)
    code = m.OperatorCodes(op.OpcodeIndex())
    kind = max(code.BuiltinCode(), code.DeprecatedBuiltinCode())
    shape = lambda t: graph.Tensors(t).ShapeAsNumpy()
    out, weights = shape(op.Outputs(0)), shape(op.Inputs(1)) if op.InputsLength() > 1 else None
    if kind == fb.BuiltinOperator.CONV_2D:
        macs += int(np.prod(out)) * int(np.prod(weights[1:]))
    elif kind == fb.BuiltinOperator.DEPTHWISE_CONV_2D:
        macs += int(np.prod(out)) * int(weights[1] * weights[2])
    elif kind == fb.BuiltinOperator.FULLY_CONNECTED:
        macs += int(np.prod(out)) * int(weights[1])
print(macs)
PY
}

converted=(conformance/models/ds_cnn_int8.tflite conformance/models/ds_cnn_16x8.tflite conformance/models/mixed_16x8.tflite)
for model in "${models[@]}" "${converted[@]}"; do
    file="$(basename "$model")"
    case "$file" in
        ad01*) name=ad01 ;; kws*) name=kws ;; *esnet*) name=resnet ;; vww*) name=vww ;;
        ds_cnn_int8*) name=dscnn8 ;; ds_cnn_16x8*) name=dscnn16 ;; mixed_16x8*) name=mixed16 ;; *) continue ;;
    esac
    macs[$name]=$(reference_run "$model" "$work/$name")
    for board in cortex-m4 rv32imac cortex-m55; do
        out="$work/$board"
        "$TARGET_DIR/release/mcc" "$model" --target "$board" --prefix "$name" "-O$opt" -o "$out" > /dev/null
        "$TARGET_DIR/release/mc-emu" "$out/$name.o" --board "$board" --input "$work/$name.in.bin" \
            --output "$out/$name.out.bin" --count > "$out/$name.emu.txt"
        cmp -s "$out/$name.out.bin" "$work/$name.tflm.bin" || die "$name on $board: the output differs from tflite-micro's"
        instr=$(sed -n 's/.*instructions, inference 1 *\([0-9]*\)/\1/p' "$out/$name.emu.txt")
        read -r text rodata < <("$LLVM_BIN/llvm-size" -A "$out/$name.o" |
            awk '/^\.text/ {t += $2} /^\.rodata/ {r += $2} END {print t + 0, r + 0}')
        ram=$(sed -n 's/.*model RAM (.bss arenas) *\([0-9]*\) B/\1/p' "$out/$name.emu.txt")
        per_mac[$name/$board]=$(awk -v a="$instr" -v b="${macs[$name]}" 'BEGIN {printf "%.2f", a / b}')
        if [[ $board == cortex-m4 && -n ${cmsis[$name]:-} ]]; then
            ratio=$(awk -v a="$instr" -v b="${cmsis[$name]}" 'BEGIN {printf "%.2fx", a / b}')
            printf '%-7s %-9s %12d %12d %8s %9d %8d %12d %8d\n' "$name" "$board" "$instr" "${cmsis[$name]}" "$ratio" "$text" "$rodata" "${reference[$name]}" "$ram"
        else
            printf '%-7s %-9s %12d %12s %8s %9d %8d %12s %8d\n' "$name" "$board" "$instr" - - "$text" "$rodata" - "$ram"
        fi
    done
done
echo "instr: exact instructions per inference (QEMU icount), outputs byte-identical to tflite-micro; TFLM figures: measured earlier on the same emulated Cortex-M4 (mps2-an386)."
echo
echo "int16 (16x8) against int8 kernels: the same DS-CNN converted both ways (${macs[dscnn8]} MACs)"
printf '%-10s %12s %12s %8s\n' board "int8 i/MAC" "16x8 i/MAC" ratio
for board in cortex-m4 rv32imac cortex-m55; do
    a=${per_mac[dscnn8/$board]} b=${per_mac[dscnn16/$board]}
    printf '%-10s %12s %12s %8s\n' "$board" "$a" "$b" "$(awk -v a="$a" -v b="$b" 'BEGIN {printf "%.2fx", b / a}')"
done
