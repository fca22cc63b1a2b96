//! `buffer-to-loop`: every `buffer.kernel` becomes a loop nest, every `buffer.copy` a copying
//! nest. What remains is loop-level IR: `loop.for/if/yield/load/store`, scalar `arith` and
//! `math`, and the buffers themselves (`buffer.alloc`, `buffer.view`, `buffer.get_global`),
//! which the memory planner places and the backends lower.
//!
//! Each kernel's lowering lives in its own module and computes exactly what TFLite Micro's
//! reference kernel computes: int8 and 16x8 kernels are bit-exact (same integer accumulation,
//! TFLite's fixed-point requantization from [`mc_dialects::arith::fixed_point`], parameters
//! derived as TFLM's `Prepare` derives them, see [`quantization`]), float kernels follow the same
//! order of operations. Compile-time parameters become constants or module-level constant tables
//! (`buffer.global`, e.g. per-channel multipliers), and a kernel's scratch needs are explicit
//! `buffer.alloc`s inside its nest ([`KernelEmitter::workspace`]) so the memory planner sees
//! them. A kernel whose output may overlap its input's storage ([`overlap`]) is preceded by a
//! `buffer.overlap` hint for the planner. Every alloc records the kernel that writes it first
//! (its `kernel` attribute; a workspace's is its kernel's), which placement rules match.
//!
//! Which element types each kernel is lowered for is the support table
//! ([`mc_dialects::graph::support`]): a kernel whose types match none of its operator's variants
//! is refused before its lowering is chosen. A kernel with an operand type or attribute
//! combination that has no lowering is an error at the kernel (its location names the model's tensor and operator index):
//! `'buffer.kernel' op conv_2d: unsupported: <reason>`. Nothing is left to compute wrong
//! numbers at run time.
//!
//! | kernel | module | TFLM reference |
//! |---|---|---|
//! | `buffer.copy` | `copy` | — (the pieces of `SPLIT`, `SPLIT_V` and `UNPACK` are copies of strided views: `SplitImpl` of `split.cc`/`split_v.cc`, `UnpackImpl` of `unpack.cc`) |
//! | `conv_2d` | `conv` | `reference_integer_ops::ConvPerChannel` (int8 and 16x8), `reference_ops::Conv` |
//! | `depthwise_conv_2d` | `depthwise_conv` | `reference_integer_ops::DepthwiseConvPerChannel` (int8 and 16x8), `reference_ops::DepthwiseConv` |
//! | `transpose_conv` | `transpose_conv` | `reference_ops::TransposeConv`, `reference_integer_ops::TransposeConv` (int8 and 16x8, gathered per output element: no scratch buffer) |
//! | `fully_connected` | `fully_connected` | `reference_integer_ops::FullyConnected`/`FullyConnectedPerChannel` (int8 and 16x8), `reference_ops::FullyConnected` |
//! | `avg_pool_2d`, `max_pool_2d`, `l2_pool_2d` | `pool` | `reference_integer_ops::AveragePool`/`MaxPool` (int8, int16), float versions, `reference_ops::L2Pool` (float only) |
//! | `batch_matmul` | `batch_matmul` | `reference_ops::BatchMatMul` (float, int8 with `int32` sums, int16 with `int64` sums), broadcasting batch dimensions, operands read transposed in place |
//! | `softmax` | `softmax`, `softmax_int16` | `reference_ops::Softmax` (int8 to int8 or int16 via gemmlowp fixed point, float), `reference_ops::SoftmaxInt16` (int16, through two interpolated tables) |
//! | `log_softmax` | `log_softmax` | `reference_ops::LogSoftmax` (float; int8 `LogSoftmaxQuantized` with `PreprocessLogSoftmaxScalingExp`'s parameters, the per-difference terms as compile-time tables and `log_x_for_x_greater_than_or_equal_to_1` per row) |
//! | `l2_normalization` | `l2_normalization` | `reference_ops::L2Normalization` (float), `reference_integer_ops::L2Normalization` (int8, `GetInvSqrtQuantizedMultiplierExp` per row) |
//! | `add`, `sub`, `mul` | `binary` | `AddElementwise`/`SubElementwise`/`MulElementwise` (int8, int16; float), broadcasting to rank 6 |
//! | `neg` | `neg` | `reference_ops::Negate` (float only, as TFLM's `NEG`) |
//! | `abs`, `rsqrt`, `sqrt`, `exp`, `log`, `square`, `sin`, `cos`, `floor`, `ceil`, `round`, `elu` | `math` | `elementwise.cc`'s `AbsEval`/`RsqrtEval` (f32; int8 and int16 `AbsEvalQuantized`; int8 `RsqrtEvalQuantized` as a table of its 256 results), `SqrtEval`, `LogEval`, `SquareEval`, `SinEval`, `CosEval`, `reference_ops::Exp`, `Floor`, `Ceil`, `Round` (float), `reference_ops::Elu` (float; int8 through `elu.cc`'s `PopulateLookupTable`) |
//! | `div`, `floor_div`, `floor_mod` | `division` | `reference_ops::Div`/`BroadcastDivSlow<5>` (f32, int32; int8 `DivElementwise`/`BroadcastDivSlowQuantized` in `quantized_division`), `reference_ops::FloorDiv` in `double` and `reference_ops::FloorMod` with `fmod` (f32), through `BroadcastBinaryFunction4DSlow` |
//! | `squared_difference` | `squared_difference` | `squared_difference.cc`'s `SquaredDifference` (f32, int32; int8 and int16 with its requantization), broadcasting to rank 4 |
//! | `add_n` | `add_n` | `reference_ops::AddN` (f32; int8 through a table of rescaled inputs) |
//! | `equal`, `not_equal`, `less`, `less_equal`, `greater`, `greater_equal` | `comparison` | `ComparisonImpl`/`ComparisonWithScaling` and `BroadcastBinaryOpSimple` (f32, int32, int64, bool; int8 rescaled as `ComparisonsPrepare` sets up), broadcasting to rank 6 |
//! | `logical_and`, `logical_or`, `logical_not` | `logical` | `BroadcastBinaryFunction4DSlow` with `LogicalAnd`/`LogicalOr`, `LogicalNot` (bool) |
//! | `select_v2` | `select` | `reference_ops::Select`/`BroadcastSelect5DSlow` (f32, int8, int16), broadcasting to rank 6 |
//! | `maximum`, `minimum` | `min_max` | `reference_ops::MaximumMinimumBroadcastSlow` with `MaximumOp`/`MinimumOp` (f32, int8, int16, int32, int64: stored values compared), broadcasting to rank 5 |
//! | `relu`, `relu6`, `relu_n1_to_1`, `leaky_relu`, `logistic`, `tanh` | `activation`, `sigmoid_int16` | `ReluQuantized`/`Relu6Quantized` (int8, int16), `reference_ops::QuantizeLeakyRelu` (int8, int16), `reference_integer_ops::Logistic`/`Tanh` (int8, and int16 through TFLite's sigmoid table), float versions |
//! | `prelu` | `prelu` | `BroadcastPrelu4DSlowFloat` (rank <= 4), `reference_ops::BroadcastPrelu4DSlow` (int8, int16 with an int8 alpha; rank <= 8) |
//! | `hard_swish` | `hard_swish` | `reference_ops::HardSwish` (int8 as a table of its 16-bit fixed-point results, float) |
//! | `cast` | `cast` | `cast.cc`'s `static_cast` (f32, int8, int16, int32, bool; floats saturate) |
//! | `quantize`, `dequantize` | `quantize` | `AffineQuantize`, `Requantize` (int8, uint8, int16, int32), `Dequantize` |
//! | `mean`, `sum` | `mean_or_sum` | `reference_ops::QuantizedMeanOrSum` (int8, int16), `reference_ops::Mean`, `ReduceGeneric` with `+` (float `SUM`) |
//! | `arg_max`, `arg_min` | `arg_extremum` | `reference_ops::ArgMinMax` with `GreaterFn`/`LessFn` (f32, int8 to int32; first index on ties) |
//! | `cumsum` | `cumsum` | `reference_ops::CumSum` (float32, int8 with add-style requantization) |
//! | `reduce_max`, `reduce_min` | `extremum` | `reference_ops::ReduceGeneric` with `>` / `<` (float32, int8) |
//! | `reduce_all` | `reduce_all` | `reference_ops::ReduceGeneric<bool>` with `&&` (bool) |
//! | `pad`, `padv2`, `mirror_pad` | `pad` | `reference_ops::Pad`, `MirrorPad` (mirror_pad.cc) |
//! | `concatenation` | `concatenation` | `reference_ops::Concatenation` |
//! | `pack` | `pack` | `PackImpl` of TFLM's `pack.cc` |
//! | `broadcast_to` | `broadcast_to` | `reference_ops::BroadcastTo<5>` (any element type) |
//! | `strided_slice` | `strided_slice` | `reference_ops::StridedSlice` |
//! | `lstm` | `lstm` | `EvalLstm` of `lstm_eval.h` (float; int8 and 16x8 with an int16 cell state): the output sequence and the final hidden and cell states in one nest, the states updated in place |
//! | `circular_buffer` | `circular_buffer` | `EvalInt8` of TFLM's `circular_buffer.cc` and its `cycles_until_run` countdown (the count and the slots as operands and results) |
//! | `svdf_state`, `svdf` | `svdf` | `EvalFloatSvdfReference`, `EvalIntegerSvdfReference` (int8 with an int16 or int8 state) of `svdf_common.cc`: the state update, then the output |
//! | `gather`, `gather_nd`, `embedding_lookup` | `gather` | `Gather` (gather.cc), `GatherNd` (gather_nd.cc), `EvalSimple`/`EvalHybrid` (embedding_lookup.cc); run-time indices clamped |
//! | `strided_slice`, `slice`, `reverse_v2` | `strided_slice` | `reference_ops::StridedSlice`, `reference_ops::Slice`, `reference_ops::Reverse` (contiguous axes) |
//! | `dynamic_update_slice` | `dynamic_update_slice` | `EvalImpl` of TFLM's `dynamic_update_slice.cc` (f32, int8, int16, int32; run-time start indices clamped as `CalculateClampedStartIndices`) |
//! | `shape` | `shape` | `ExtractShape` of TFLM's `shape.cc` (constants: shapes are static) |
//! | `fill`, `zeros_like` | `fill` | `reference_ops::Fill`, `resetZeros` of TFLM's `zeros_like.cc` |
//! | `broadcast_args` | `broadcast_args` | `reference_ops::BroadcastArgs` (int32, int64; run-time shapes, unrolled) |
//! | `detection_postprocess` | `detection_postprocess` | `detection_postprocess.cc` (float32): `DecodeCenterSizeBoxes` in double, `NonMaxSuppressionSingleClassHelper` as repeated best-candidate scans, the fast (one class per box) and regular (per class, merged) NMS |
//! | `signal_window`, `signal_fft_auto_scale`, `signal_rfft`, `signal_irfft`, `signal_energy`, `signal_filter_bank`, `signal_filter_bank_square_root`, `signal_filter_bank_spectral_subtraction`, `signal_pcan`, `signal_filter_bank_log`, `signal_delay`, `signal_framer`, `signal_stacker`, `signal_overlap_add` | `signal` | TFLite Micro's signal library (`signal/src`: `ApplyWindow`, `FftAutoScale`, kissfft's `kiss_fftr` and `kiss_fftri`, `SpectrumToEnergy`, `FilterbankAccumulateChannels`, `FilterbankSqrt`, `FilterbankSpectralSubtraction`, `ApplyPcanAutoGainControlFixed`, `FilterbankLog`, the delay's, the framer's and the stacker's circular buffers, `OverlapAdd`), one module per kernel |
//! | `resize_nearest_neighbor`, `resize_bilinear` | `resize` | `reference_ops::ResizeNearestNeighbor` (f32, int8, int16), `ResizeBilinear` (float), `ResizeBilinearInteger` (int8, 10-bit fixed point) |
//! | `depth_to_space`, `space_to_depth`, `space_to_batch_nd`, `batch_to_space_nd` | `rearrange` | `reference_ops::DepthToSpace`, `SpaceToDepth`, `SpaceToBatchND`, `BatchToSpaceND` (f32, int8) |
//!
//! What the lowerings share:
//!
//! | module | holds |
//! |---|---|
//! | [`emitter`] | [`KernelEmitter`]: reading the kernel, constants, loops, loads/stores, workspaces, constant tables |
//! | [`quantization`] | TFLM's compile-time parameters (multipliers, activation ranges, folded offsets) and the int8, int16 and 16x8 requantization tails |
//! | [`gemmlowp`] | gemmlowp's fixed-point functions (softmax, logistic, tanh) as `arith` sequences, with Rust references |
//! | `lut` | int8 tables indexed by the input byte (`PopulateLookupTable<int8_t>`); TFLite's interpolating int16 lookup tables (`LUTPopulate<int16_t>` at compile time, `LUTLookup` per element) |
//! | `dot_product` | int8 (and 16x8) dot products of one input row with a few weight rows, a word of terms at a time, the input offset folded into the bias at compile time (`fully_connected`, `lstm`) |
//! | `accumulation` | the per-channel arithmetic of the convolutions (float, int8, 16x8; transposed too) and of the 16x8 fully connected layer |
//! | `window` | convolution and pooling windows: padding (TFLite's `SAME`/`VALID` or explicit `pad` amounts), valid tap ranges, interior/border split |
//! | `reduction` | multi-accumulator reductions, unrolled over short constant ranges |
//! | `rows` | kernels along the last dimension, row by row (log softmax, L2 normalization): the nest over the rows, reductions and maps over a row |
//! | `reduce_axes` | reductions over an `axes` attribute (mean, sum, max, min): axes, output shape, the nest |
//! | `broadcast` | numpy-broadcast nests that load each input at the outermost level where its index is known |

mod accumulation;
mod activation;
mod add_n;
mod arg_extremum;
mod batch_matmul;
mod binary;
mod broadcast;
mod broadcast_args;
mod broadcast_to;
mod cast;
mod circular_buffer;
mod comparison;
pub(crate) mod concatenation;
mod conv;
mod copy;
mod cumsum;
mod depthwise_conv;
mod detection_postprocess;
mod division;
mod dot_product;
mod dynamic_update_slice;
pub mod emitter;
mod extremum;
mod fill;
mod fully_connected;
mod gather;
pub mod gemmlowp;
mod hard_swish;
mod l2_normalization;
mod log_softmax;
mod logical;
mod lstm;
mod lut;
mod math;
mod mean_or_sum;
mod min_max;
mod neg;
pub mod overlap;
mod pack;
mod pad;
mod pool;
mod prelu;
pub mod quantization;
mod quantize;
mod quantized_division;
mod rearrange;
mod reduce_all;
mod reduce_axes;
mod reduction;
mod resize;
mod rows;
mod select;
mod shape;
mod sigmoid_int16;
mod signal;
mod softmax;
mod softmax_int16;
mod squared_difference;
pub(crate) mod strided_slice;
mod svdf;
mod transpose_conv;
mod window;

pub use emitter::{ElementKind, KernelEmitter};

use crate::conversion::module_globals::ModuleGlobals;
use crate::graph::fold_pad::FOLDED_PAD;
use mc_dialects::buffer::{AllocOp, CopyOp, DeltaBound, KernelOp, OverlapOp, root_buffer};
use mc_dialects::graph::support;
use mc_ir::pass::{AnalysisManager, OptionSet, Pass};
use mc_ir::{Builder, Context, Diagnostic, Failure, InsertPoint, OpId, Value};

/// Builds the loop nest of one kernel in front of it (the kernel op is erased afterwards).
pub type Lowering = fn(&mut KernelEmitter<'_>) -> Result<(), Diagnostic>;

/// The lowering of kernel `name` (without the `graph.` prefix), `copy` for `buffer.copy`.
pub fn lowering(name: &str) -> Option<Lowering> {
    Some(match name {
        "copy" => copy::lower,
        "conv_2d" => conv::lower,
        "depthwise_conv_2d" => depthwise_conv::lower,
        "transpose_conv" => transpose_conv::lower,
        "fully_connected" => fully_connected::lower,
        "batch_matmul" => batch_matmul::lower,
        "avg_pool_2d" => pool::lower_average,
        "max_pool_2d" => pool::lower_max,
        "l2_pool_2d" => pool::lower_l2,
        "softmax" => softmax::lower,
        "log_softmax" => log_softmax::lower,
        "l2_normalization" => l2_normalization::lower,
        "add" | "sub" | "mul" => binary::lower,
        "equal" | "not_equal" | "less" | "less_equal" | "greater" | "greater_equal" => comparison::lower,
        "logical_and" | "logical_or" | "logical_not" => logical::lower,
        "select_v2" => select::lower,
        "maximum" | "minimum" => min_max::lower,
        "relu" | "relu6" | "relu_n1_to_1" | "leaky_relu" | "logistic" | "tanh" => activation::lower,
        "neg" => neg::lower,
        "prelu" => prelu::lower,
        "abs" | "rsqrt" | "sqrt" | "exp" | "log" | "square" | "sin" | "cos" | "floor" | "ceil" | "round" | "elu" => {
            math::lower
        }
        "div" | "floor_div" | "floor_mod" => division::lower,
        "squared_difference" => squared_difference::lower,
        "add_n" => add_n::lower,
        "hard_swish" => hard_swish::lower,
        "quantize" => quantize::lower_quantize,
        "dequantize" => quantize::lower_dequantize,
        "cast" => cast::lower,
        "mean" => mean_or_sum::lower_mean,
        "sum" => mean_or_sum::lower_sum,
        "cumsum" => cumsum::lower,
        "detection_postprocess" => detection_postprocess::lower,
        "reduce_max" => extremum::lower_max,
        "reduce_min" => extremum::lower_min,
        "reduce_all" => reduce_all::lower,
        "arg_max" | "arg_min" => arg_extremum::lower,
        "pad" => pad::lower,
        "padv2" => pad::lower_v2,
        "mirror_pad" => pad::lower_mirror,
        "concatenation" => concatenation::lower,
        "pack" => pack::lower,
        "broadcast_to" => broadcast_to::lower,
        "resize_bilinear" => resize::lower_bilinear,
        "resize_nearest_neighbor" => resize::lower_nearest_neighbor,
        "depth_to_space" => rearrange::lower_depth_to_space,
        "space_to_depth" => rearrange::lower_space_to_depth,
        "space_to_batch_nd" => rearrange::lower_space_to_batch,
        "batch_to_space_nd" => rearrange::lower_batch_to_space,
        "strided_slice" => strided_slice::lower,
        "circular_buffer" => circular_buffer::lower,
        "svdf_state" => svdf::lower_state,
        "svdf" => svdf::lower,
        "lstm" => lstm::lower,
        "gather" => gather::lower,
        "gather_nd" => gather::lower_nd,
        "embedding_lookup" => gather::lower_embedding_lookup,
        "slice" => strided_slice::lower_slice,
        "dynamic_update_slice" => dynamic_update_slice::lower,
        "reverse_v2" => strided_slice::lower_reverse,
        "shape" => shape::lower,
        "fill" => fill::lower_fill,
        "zeros_like" => fill::lower_zeros_like,
        "broadcast_args" => broadcast_args::lower,
        "signal_window" => signal::window::lower,
        "signal_fft_auto_scale" => signal::fft_auto_scale::lower,
        "signal_energy" => signal::energy::lower,
        "signal_filter_bank" => signal::filter_bank::lower,
        "signal_filter_bank_square_root" => signal::filter_bank_square_root::lower,
        "signal_filter_bank_spectral_subtraction" => signal::spectral_subtraction::lower,
        "signal_pcan" => signal::pcan::lower,
        "signal_filter_bank_log" => signal::filter_bank_log::lower,
        "signal_delay" => signal::delay::lower,
        "signal_framer" => signal::framer::lower,
        "signal_stacker" => signal::stacker::lower,
        "signal_overlap_add" => signal::overlap_add::lower,
        "signal_rfft" => signal::rfft::lower,
        "signal_irfft" => signal::irfft::lower,
        _ => return None,
    })
}

mc_ir::pass_options! {
    /// Options of `buffer-to-loop`.
    pub struct BufferToLoopOptions {
        /// Lower int8 convolutions for a target that vectorizes over output channels (the host
        /// with 256- or 512-bit vectors: `vectorize-channels` then runs one output channel per
        /// lane): one output channel per iteration of the channel loop, the filter read from a
        /// copy reordered `[fh, fw, in_c, out_c]` so consecutive output channels are adjacent.
        output_channel_vectors: bool = false,
    }
}

/// The `buffer-to-loop` pass.
#[derive(Default)]
pub struct BufferToLoop {
    options: BufferToLoopOptions,
}

impl Pass for BufferToLoop {
    fn argument(&self) -> &str {
        "buffer-to-loop"
    }

    fn summary(&self) -> &str {
        "Lower every buffer.kernel and buffer.copy to a loop nest (TFLite Micro's reference kernels)"
    }

    fn description(&self) -> &str {
        "Replaces each buffer.kernel with a loop nest computing what TFLite Micro's reference \
         kernel computes (int8 and 16x8 bit-exact, float in the same order of operations) and each \
         buffer.copy with a copying nest. Compile-time quantization parameters become constants \
         or module-level constant tables (buffer.global); kernel workspaces are buffer.allocs \
         inside the nest. A kernel without a lowering for its types or attributes is an error \
         naming the reason. Runs on a module (tables are added to it)."
    }

    fn anchor(&self) -> Option<&str> {
        Some("builtin.module")
    }

    fn options(&self) -> Option<&dyn OptionSet> {
        Some(&self.options)
    }

    fn options_mut(&mut self) -> Option<&mut dyn OptionSet> {
        Some(&mut self.options)
    }

    fn run(&mut self, ctx: &mut Context, op: OpId, _: &mut AnalysisManager) -> Result<(), Failure> {
        lower_module(ctx, op, &self.options).map(drop).map_err(Failure)
    }
}

/// What one op to lower reads and writes.
struct Target {
    op: OpId,
    name: String,
    inputs: Vec<Value>,
    output: Value,
}

/// The kernel or copy `op` as a [`Target`].
fn target(ctx: &Context, op: OpId) -> Option<Target> {
    if let Some(kernel) = KernelOp::cast(ctx, op) {
        let name = kernel.kernel_name(ctx)?.to_string();
        return Some(Target { op, name, inputs: kernel.inputs(ctx), output: kernel.output(ctx) });
    }
    let copy = CopyOp::cast(ctx, op)?;
    Some(Target { op, name: "copy".to_string(), inputs: vec![copy.source(ctx)], output: copy.target(ctx) })
}

/// Lowers every kernel and copy under `module` as `buffer-to-loop`'s `options` say; returns how
/// many.
///
/// # Errors
///
/// One diagnostic per op that has no lowering; the IR is then partially lowered.
pub fn lower_module(ctx: &mut Context, module: OpId, options: &BufferToLoopOptions) -> Result<usize, Vec<Diagnostic>> {
    let Some(mut globals) = ModuleGlobals::new(ctx, module) else { return Ok(0) };
    let targets: Vec<Target> = ctx.walk_preorder(module).into_iter().filter_map(|op| target(ctx, op)).collect();
    // Decided on the buffer-level program, before any kernel becomes loops.
    let hints: Vec<Option<DeltaBound>> =
        targets.iter().map(|t| overlap::hint(ctx, t.op, &t.name, &t.inputs, t.output)).collect();
    let mut diags = Vec::new();
    let count = targets.len();
    for (Target { op, name, inputs, output }, hint) in targets.into_iter().zip(hints) {
        let Some(lower) = lowering(&name) else {
            diags.push(emitter::unsupported_kernel(ctx, op, &name, "no loop lowering for this kernel"));
            continue;
        };
        // The support table decides which element types a kernel is lowered for.
        if let Some(Err(message)) =
            KernelOp::cast(ctx, op).and_then(|k| k.signature(ctx)).map(|s| support::check(ctx, &s))
        {
            diags.push(emitter::unsupported_kernel(ctx, op, &name, &message));
            continue;
        }
        let loc = ctx.operation(op).loc();
        // The output's storage records the kernel writing it first (placement rules match it).
        if let Some(alloc) = ctx.defining_op(root_buffer(ctx, output)).and_then(|def| AllocOp::cast(ctx, def)) {
            alloc.record_kernel(ctx, &name);
            // A pad folded into the kernel stays visible on the buffer it writes (the report).
            if let Some(pad) = ctx.attr(op, FOLDED_PAD).filter(|_| ctx.defining_op(output) == Some(alloc.op())) {
                ctx.set_attr(alloc.op(), FOLDED_PAD, Some(pad));
            }
        }
        if let Some(bound) = hint {
            let mut b = Builder::at(ctx, InsertPoint::before(ctx, op), loc);
            OverlapOp::build(&mut b, output, inputs[0], bound);
        }
        let builder = Builder::at(ctx, InsertPoint::before(ctx, op), loc);
        let mut emitter =
            KernelEmitter::new(builder, op, name, inputs, output, &mut globals, options.output_channel_vectors);
        match lower(&mut emitter) {
            Ok(()) => ctx.erase_op(op),
            Err(diag) => diags.push(diag),
        }
    }
    if diags.is_empty() { Ok(count) } else { Err(diags) }
}
