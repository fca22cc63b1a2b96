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
# the ratio mc / TFLM+CMSIS-NN. The Cortex-M55 rows compare with TFLM + CMSIS-NN's MVE kernels
# and TFLM's reference kernels on QEMU's MPS3 AN547 (TFLM 90b983c2, CMSIS-NN 4ab83cc3, GCC 12
# -mcpu=cortex-m55 -mfloat-abi=hard, measured earlier; issue 18). Every run's output must match
# tflite-micro's interpreter byte for byte (checked here too).
#
# The converter-made models of conformance/models run too (the DS-CNN in int8 and 16x8, the
# 16x8 mixed network, a MobileNetV3-style int8 network, a 16x8 audio network with conv +
# LeakyReLU chains, the int8 Keras networks with dilated convolutions (dilate8) and with
# TRANSPOSE_CONV, RESIZE_NEAREST_NEIGHBOR and RESIZE_BILINEAR (decode8), an int8 SVDF keyword
# network (svdf8) and two stacked int8 LSTMs with an int16 cell state (lstm8), each one
# inference from the initial state): TFLM cannot be run on the boards here, so their rows
# compare mc's int16 kernels with its int8 ones: MACs (convolutions, transposed convolutions,
# fully connected, SVDF and LSTM layers, counted from the model) and instructions per MAC;
# their RAM next to TFLM's arena is scripts/bench-ram.sh's.
#
# The PyTorch-style int8 MobileNetV2 (96x96, an NCHW input TRANSPOSE and explicit PADs, written
# by the conformance crate's write_pytorch_model example; ptmnv2) runs with them, and again on the
# Cortex-M4 with `mcc --no-fold-pad`: instructions and RAM with and without graph-fold-pad, next
# to TFLM's arena head for it (tflm_reference.py --print-arena, measured in this run).
#
# Patch-based execution (buffer-patch): vww and the PyTorch-style MobileNetV2 again on the
# Cortex-M4 with their first layers run tile by tile (`mcc --config` with a [memory.patch] table
# of a run length and tile grid, and once with a `peak_bytes` goal the pass meets by choosing):
# instructions, .text and RAM against the unpatched build, over several runs and grids (the curve
# of RAM against instructions), each output byte-identical to tflite-micro's, next to TFLM's
# arena head for the same model and input (tflm_reference.py --print-arena, measured in this run)
# and TFLM + CMSIS-NN's instructions (recorded earlier, as above). resnet and kws get the
# message buffer-patch gives for a goal no patch meets: the least peak it finds, unpatched.
#
# Elementwise fusion (loop-fuse-elementwise): every model again on the Cortex-M4 with
# `mcc --no-fusion`, same input and output check: instructions and RAM with and without it.
#
# Instruction counts do not depend on how mcc itself was built: `--debug` (or `--profile debug`)
# uses (and builds) the debug tools instead of release ones.
#
# Usage: scripts/bench-mcu.sh [--opt s|2|3] [--only NAME,...] [--profile release|debug] [--debug]
#   --only   run only these rows (ad01, kws, ..., svdf8, lstm8)
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$ROOT"

opt=s only="" profile=release
while [[ $# -gt 0 ]]; do
    case "$1" in
        --opt) opt="$2"; shift 2 ;;
        --only) only=",$2,"; shift 2 ;;
        --profile) profile="$2"; shift 2 ;;
        --debug) profile=debug; shift ;;
        -h | --help) usage_help "$0" ;;
        *) die "bench-mcu: unknown argument '$1' (see --help)" ;;
    esac
done

python="$(venv_python)"
model_files
case "$profile" in
    release) cargo build --release -p mcc -p mc-emu >&2 ;;
    debug) cargo build -j 1 -p mcc -p mc-emu >&2 ;;
    *) die "bench-mcu: --profile must be release or debug, not '$profile'" ;;
esac
work="$TARGET_DIR/bench-mcu"
rm -rf "$work"
mkdir -p "$work"

# TFLM on QEMU mps2-an386, instructions per inference (measured earlier): CMSIS-NN, reference kernels.
declare -A cmsis=([ad01]=580000 [kws]=7700000 [resnet]=29860000 [vww]=24100000)
declare -A reference=([ad01]=1950000 [kws]=43000000 [resnet]=107400000 [vww]=100300000)
# TFLM on QEMU mps3-an547 (Cortex-M55), exact instructions per inference (issue 18): CMSIS-NN with
# its MVE kernels, reference kernels.
declare -A cmsis_mve=([ad01]=149996 [kws]=1812661 [resnet]=4912697 [vww]=6558312)
declare -A reference_m55=([ad01]=1692914 [kws]=41919146 [resnet]=97427114 [vww]=95678921)
declare -A macs per_mac unfused_instr unfused_ram fused_instr fused_ram
names=()

printf '%-7s %-9s %12s %12s %8s %9s %8s %12s %8s\n' model board instr "TFLM+CMSIS" ratio .text .rodata "TFLM ref" RAM
# The seeded input (of the model's input type) and TFLite Micro's output for model $1 in files
# $2.in.bin and $2.tflm.bin; prints the model's MACs (convolutions, transposed convolutions, fully
# connected, SVDF and LSTM layers).
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
    elif kind == fb.BuiltinOperator.TRANSPOSE_CONV:
        macs += int(np.prod(shape(op.Inputs(2)))) * int(np.prod(weights[:3]))
    elif kind == fb.BuiltinOperator.SVDF:
        memory = shape(op.Inputs(2))[1]
        macs += int(out[0]) * int(weights[0]) * int(weights[1] + memory)
    elif kind == fb.BuiltinOperator.UNIDIRECTIONAL_SEQUENCE_LSTM:
        # Every step and batch: four gates of units x (depth + units).
        units, depth = int(weights[0]), int(weights[1])
        macs += int(out[0]) * int(out[1]) * 4 * units * (depth + units)
print(macs)
PY
}

pytorch="$work/pytorch_mobilenet_v2_int8.tflite"
cargo run --quiet -p mc-conformance --example write_pytorch_model -- "$pytorch" > /dev/null
converted=(conformance/models/ds_cnn_int8.tflite conformance/models/ds_cnn_16x8.tflite conformance/models/mixed_16x8.tflite
    conformance/models/mobilenet_v3_int8.tflite conformance/models/audio_16x8.tflite conformance/models/dilated_int8.tflite
    conformance/models/decoder_int8.tflite conformance/models/svdf_keyword_int8.tflite conformance/models/lstm_int8.tflite
    "$pytorch")
# Runs model $1 as $2 on board $3 into folder $4 with extra mcc flags $5...; checks the output
# against TFLite Micro's and leaves the emulator's report in $4/$2.emu.txt.
run_model() {
    local model="$1" name="$2" board="$3" out="$4"
    shift 4
    "$TARGET_DIR/$profile/mcc" "$model" --target "$board" --prefix "$name" "-O$opt" -o "$out" "$@" > /dev/null
    "$TARGET_DIR/$profile/mc-emu" "$out/$name.o" --board "$board" --input "$work/$name.in.bin" \
        --output "$out/$name.out.bin" --count > "$out/$name.emu.txt"
    cmp -s "$out/$name.out.bin" "$work/$name.tflm.bin" || die "$name on $board $*: the output differs from tflite-micro's"
}
emu_instr() { sed -n 's/.*instructions, inference 1 *\([0-9]*\)/\1/p' "$1"; }
emu_ram() { sed -n 's/.*model RAM (.bss arenas) *\([0-9]*\) B/\1/p' "$1"; }
# The code and constant bytes of object $1: ".text .rodata".
object_sizes() {
    "$LLVM_BIN/llvm-size" -A "$1" | awk '/^\.text/ {t += $2} /^\.rodata/ {r += $2} END {print t + 0, r + 0}'
}
# TFLite Micro's arena head (planned tensors, I/O included) for model $1 on row $2's seeded input,
# measured now (tflm_reference.py --print-arena).
tflm_head() {
    "$python" -c 'import sys, numpy as np
from tflite_micro.python.tflite_micro import runtime
detail = runtime.Interpreter.from_file(sys.argv[1]).get_input_details(0)
np.save(sys.argv[3], np.fromfile(sys.argv[2], dtype=detail["dtype"]).reshape(detail["shape"]))' \
        "$1" "$work/$2.in.bin" "$work/$2.in.npy"
    "$python" scripts/tflm_reference.py "$1" --input "$work/$2.in.npy" --output "$work/$2.tflm.npy" \
        --arena-size $((4 << 20)) --print-arena 2>&1 | sed -n 's/.*allocation head \([0-9]*\).*/\1/p'
}
for model in "${models[@]}" "${converted[@]}"; do
    file="$(basename "$model")"
    case "$file" in
        ad01*) name=ad01 ;; kws*) name=kws ;; *esnet*) name=resnet ;; vww*) name=vww ;;
        ds_cnn_int8*) name=dscnn8 ;; ds_cnn_16x8*) name=dscnn16 ;; mixed_16x8*) name=mixed16 ;;
        mobilenet_v3*) name=mnv3 ;; audio_16x8*) name=audio16 ;; dilated_int8*) name=dilate8 ;;
        decoder_int8*) name=decode8 ;; svdf_keyword_int8*) name=svdf8 ;; lstm_int8*) name=lstm8 ;;
        pytorch_mobilenet_v2*) name=ptmnv2 ;; *) continue ;;
    esac
    [[ -z $only || $only == *",$name,"* ]] || continue
    names+=("$name")
    macs[$name]=$(reference_run "$model" "$work/$name")
    for board in cortex-m4 rv32imac cortex-m55; do
        out="$work/$board"
        run_model "$model" "$name" "$board" "$out"
        instr=$(emu_instr "$out/$name.emu.txt")
        read -r text rodata < <(object_sizes "$out/$name.o")
        ram=$(emu_ram "$out/$name.emu.txt")
        if [[ $board == cortex-m4 ]]; then
            fused_instr[$name]=$instr fused_ram[$name]=$ram
            run_model "$model" "$name" "$board" "$work/unfused" --no-fusion
            unfused_instr[$name]=$(emu_instr "$work/unfused/$name.emu.txt")
            unfused_ram[$name]=$(emu_ram "$work/unfused/$name.emu.txt")
        fi
        per_mac[$name/$board]=$(awk -v a="$instr" -v b="${macs[$name]}" 'BEGIN {printf "%.2f", a / b}')
        if [[ $board == cortex-m4 && -n ${cmsis[$name]:-} ]]; then
            ratio=$(awk -v a="$instr" -v b="${cmsis[$name]}" 'BEGIN {printf "%.2fx", a / b}')
            printf '%-7s %-9s %12d %12d %8s %9d %8d %12d %8d\n' "$name" "$board" "$instr" "${cmsis[$name]}" "$ratio" "$text" "$rodata" "${reference[$name]}" "$ram"
        elif [[ $board == cortex-m55 && -n ${cmsis_mve[$name]:-} ]]; then
            ratio=$(awk -v a="$instr" -v b="${cmsis_mve[$name]}" 'BEGIN {printf "%.2fx", a / b}')
            printf '%-7s %-9s %12d %12d %8s %9d %8d %12d %8d\n' "$name" "$board" "$instr" "${cmsis_mve[$name]}" "$ratio" "$text" "$rodata" "${reference_m55[$name]}" "$ram"
        else
            printf '%-7s %-9s %12d %12s %8s %9d %8d %12s %8d\n' "$name" "$board" "$instr" - - "$text" "$rodata" - "$ram"
        fi
    done
done
echo "instr: exact instructions per inference (QEMU icount), outputs byte-identical to tflite-micro; TFLM figures: measured earlier on the same emulated boards (Cortex-M4: mps2-an386, CMSIS-NN int8; Cortex-M55: mps3-an547, CMSIS-NN MVE)."
if [[ -n ${macs[dscnn8]:-} && -n ${macs[dscnn16]:-} ]]; then
    echo
    echo "int16 (16x8) against int8 kernels: the same DS-CNN converted both ways (${macs[dscnn8]} MACs)"
    printf '%-10s %12s %12s %8s\n' board "int8 i/MAC" "16x8 i/MAC" ratio
    for board in cortex-m4 rv32imac cortex-m55; do
        a=${per_mac[dscnn8/$board]} b=${per_mac[dscnn16/$board]}
        printf '%-10s %12s %12s %8s\n' "$board" "$a" "$b" "$(awk -v a="$a" -v b="$b" 'BEGIN {printf "%.2fx", b / a}')"
    done
fi
echo
echo "sequence models: MACs of one inference and instructions per MAC"
printf '%-8s %8s %12s %12s %12s\n' model MACs cortex-m4 rv32imac cortex-m55
for name in svdf8 lstm8; do
    [[ -n ${macs[$name]:-} ]] || continue
    printf '%-8s %8d %12s %12s %12s\n' "$name" "${macs[$name]}" "${per_mac[$name/cortex-m4]}" \
        "${per_mac[$name/rv32imac]}" "${per_mac[$name/cortex-m55]}"
done
echo
if [[ -n ${fused_instr[ptmnv2]:-} ]]; then
    echo "graph-fold-pad on the Cortex-M4 (PyTorch-style MobileNetV2): instructions per inference and RAM, with and without (mcc --no-fold-pad)"
    run_model "$pytorch" ptmnv2 cortex-m4 "$work/unfolded-pads" --no-fold-pad
    head=$(tflm_head "$pytorch" ptmnv2)
    a=${fused_instr[ptmnv2]} b=$(emu_instr "$work/unfolded-pads/ptmnv2.emu.txt")
    ram=${fused_ram[ptmnv2]} unfolded_ram=$(emu_ram "$work/unfolded-pads/ptmnv2.emu.txt")
    printf '%-8s %12s %12s %8s %9s %9s %10s %9s %9s\n' model folded unfolded ratio RAM "RAM unf." "TFLM head" RAM/head unf./head
    printf '%-8s %12d %12d %8s %9d %9d %10d %9s %9s\n' ptmnv2 "$a" "$b" "$(awk -v a="$a" -v b="$b" 'BEGIN {printf "%.3fx", a / b}')" \
        "$ram" "$unfolded_ram" "$head" "$(awk -v a="$ram" -v b="$head" 'BEGIN {printf "%.2fx", a / b}')" \
        "$(awk -v a="$unfolded_ram" -v b="$head" 'BEGIN {printf "%.2fx", a / b}')"
    echo
fi
# Patched builds of row $1 (model file $2) on the Cortex-M4: one per "LAYERS ROWS COLS" line of
# $3, and one for a peak_bytes goal of $4 bytes; the first row is the unpatched build.
patch_rows() {
    local name="$1" model="$2" grids="$3" goal="$4" layers rows cols label config
    local dir="$work/patched-$name" base=${fused_instr[$name]} base_ram=${fused_ram[$name]}
    mkdir -p "$dir"
    head=$(tflm_head "$model" "$name")
    patch_line "$name" unpatched "$base" "$base" "$(object_sizes "$work/cortex-m4/$name.o")" "$base_ram" "$base_ram"
    while read -r layers rows cols; do
        [[ -n $layers ]] || continue
        label="$layers:${rows}x$cols" config="$dir/$layers-${rows}x$cols.toml"
        printf '[memory]\n[[memory.banks]]\nname = "sram"\n[memory.patch]\nlayers = %s\ntiles = [%s, %s]\n' \
            "$layers" "$rows" "$cols" > "$config"
        patch_row "$name" "$model" "$label" "$config" "$base" "$base_ram"
    done <<< "$grids"
    config="$dir/goal.toml"
    printf '[memory]\npeak_bytes = %s\n[[memory.banks]]\nname = "sram"\n' "$goal" > "$config"
    patch_row "$name" "$model" "goal $goal" "$config" "$base" "$base_ram"
}
# One patched build of model $2 (row $1, label $3) with config $4, against $5 instructions and
# $6 bytes of RAM unpatched.
patch_row() {
    local name="$1" model="$2" label="$3" config="$4" base="$5" base_ram="$6" out="$work/patched-$1/build"
    run_model "$model" "$name" cortex-m4 "$out" --config "$config"
    patch_line "$name" "$label" "$(emu_instr "$out/$name.emu.txt")" "$base" "$(object_sizes "$out/$name.o")" \
        "$(emu_ram "$out/$name.emu.txt")" "$base_ram"
}
# One line of the patch table: row $1, label $2, $3 instructions against $4 unpatched, ".text
# .rodata" $5, $6 bytes of RAM against $7 unpatched, beside TFLM's arena head ($head, this run)
# and TFLM + CMSIS-NN's instructions (recorded).
patch_line() {
    local text tflm=${cmsis[$1]:-}
    read -r text _ <<< "$5"
    printf '%-8s %-14s %12d %8s %8d %9d %8s %10d %9s %12s %9s\n' "$1" "$2" "$3" \
        "$(awk -v a="$3" -v b="$4" 'BEGIN {printf "%.3fx", a / b}')" "$text" "$6" \
        "$(awk -v a="$6" -v b="$7" 'BEGIN {printf "%.2fx", a / b}')" "$head" \
        "$(awk -v a="$6" -v b="$head" 'BEGIN {printf "%.2fx", a / b}')" "${tflm:--}" \
        "$(awk -v a="$3" -v b="${tflm:-0}" 'BEGIN {if (b > 0) printf "%.2fx", a / b; else print "-"}')"
}
if [[ -n ${fused_instr[vww]:-} || -n ${fused_instr[ptmnv2]:-} ]]; then
    echo "patch-based execution on the Cortex-M4: the first LAYERS layers in ROWSxCOLS tiles (mcc --config with [memory.patch]), or chosen for a peak_bytes goal; instructions per inference, .text and RAM against the unpatched build, beside TFLM's arena head (this run) and TFLM+CMSIS-NN's instructions (recorded)"
    printf '%-8s %-14s %12s %8s %8s %9s %8s %10s %9s %12s %9s\n' model "layers:tiles" instr ratio .text RAM ratio \
        "TFLM head" RAM/head "TFLM+CMSIS" instr/TFLM
    for model in "${models[@]}"; do
        [[ $(basename "$model") == vww* && -n ${fused_instr[vww]:-} ]] || continue
        patch_rows vww "$model" $'2 2 2\n4 2 1\n4 2 2\n4 3 3\n4 4 4\n8 2 2\n8 3 3' 20000
    done
    if [[ -n ${fused_instr[ptmnv2]:-} ]]; then
        patch_rows ptmnv2 "$pytorch" $'3 2 2\n6 2 1\n6 2 2\n6 3 3\n6 4 4' 40000
    fi
    # Models no patch helps: what buffer-patch answers a goal of one byte.
    printf '[memory]\npeak_bytes = 1\n[[memory.banks]]\nname = "sram"\n' > "$work/one-byte.toml"
    for model in "${models[@]}"; do
        case "$(basename "$model")" in kws*) name=kws ;; *esnet*) name=resnet ;; *) continue ;; esac
        [[ -n ${fused_instr[$name]:-} ]] || continue
        answer=$("$TARGET_DIR/$profile/mcc" "$model" --target cortex-m4 --prefix "$name" -o "$work/one-byte" \
            --config "$work/one-byte.toml" 2>&1 | sed -n 's/.*buffer-patch: //p' || true)
        printf '%-8s %s\n' "$name" "${answer:-(no answer from buffer-patch)}"
    done
    echo
fi
echo "elementwise fusion on the Cortex-M4: instructions per inference and RAM, with and without (mcc --no-fusion)"
printf '%-8s %12s %12s %8s %9s %9s\n' model "fused" "unfused" ratio "RAM" "RAM unf."
for name in "${names[@]}"; do
    a=${fused_instr[$name]} b=${unfused_instr[$name]}
    printf '%-8s %12d %12d %8s %9d %9d\n' "$name" "$a" "$b" "$(awk -v a="$a" -v b="$b" 'BEGIN {printf "%.3fx", a / b}')" \
        "${fused_ram[$name]}" "${unfused_ram[$name]}"
done
