//! `transpose_conv`: TFLite Micro's `TRANSPOSE_CONV`, `reference_ops::TransposeConv` (float) and
//! `reference_integer_ops::TransposeConv` (int8 with per-channel or per-tensor filter scales and
//! an `i32` bias; its 16x8 overload with an `int64` accumulator and an `i64` bias, or an `i16`
//! bias the kernel widens to `int64`). Fused activations apply to every type (the installed
//! interpreter honours them; upstream's older kernel passed `kTfLiteActNone` for the quantized
//! ones).
//!
//! TFLM scatters: it zeroes a scratch buffer of the output's size (`int32` for int8, `int64` for
//! 16x8, the output itself for float), adds every input element's product with every filter tap
//! to the output element it lands on, then adds the bias, requantizes and clamps. This kernel
//! gathers instead, with no workspace: each output element sums, in a register, the terms that
//! land on it, in the order TFLM adds them (input rows, then input columns, then input channels,
//! ascending), so the float sums are the same roundings and the integer sums the same integers
//! (`int32` wrapping like TFLM's scratch, `int64` exact). The bias then comes first for the
//! integer kernels (a wrapping sum regrouped) and last for float, as in TFLM.
//!
//! ```text
//! for b, oy, ox:
//!   iy in [max(0, ⌈(oy + pad_h - (fh - 1)) / sh⌉), min(ih, ⌊(oy + pad_h) / sh⌋ + 1))   (the input
//!   ix likewise                                                           rows that reach oy)
//!   for oc:
//!     acc = init(oc)                                      (0, or the integer bias)
//!     for iy, ix:  fy = oy + pad_h - iy·sh,  fx = ox + pad_w - ix·sw
//!       for ic:    acc += f[oc, fy, fx, ic] · (x[b, iy, ix, ic] (+ input_offset))
//!     out[b, oy, ox, oc] = finish(acc, oc)                (requantize or bias + clamp)
//! ```
//!
//! The padding is TFLM's: `ComputePaddingHeightWidth` of a convolution from the output's size
//! back to the input (stride, dilation 1, the filter, the padding mode).

use super::accumulation::{Accumulation, Accumulator16};
use super::emitter::KernelEmitter;
use super::window::offset;
use mc_dialects::graph::shapes::{compute_out_size, compute_padding};
use mc_ir::{Diagnostic, Value};

/// Lowers `transpose_conv` (operands: input `[n, ih, iw, c]`, filter `[oc, fh, fw, c]`, optional
/// bias `[oc]`; output `[n, oh, ow, oc]`).
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, filter, bias, output) = (e.inputs[0], e.inputs[1], e.inputs.get(2).copied(), e.output);
    let (in_shape, filter_shape, out_shape) = (e.shape(input), e.shape(filter), e.shape(output));
    if [&in_shape, &filter_shape, &out_shape].iter().any(|s| s.len() != 4)
        || in_shape[3] != filter_shape[3]
        || out_shape[3] != filter_shape[0]
        || in_shape[0] != out_shape[0]
    {
        return Err(
            e.unsupported(format!("filter {filter_shape:?} does not fit input {in_shape:?} and output {out_shape:?}"))
        );
    }
    let mut stride = [0; 2];
    for (axis, name) in ["stride_h", "stride_w"].into_iter().enumerate() {
        stride[axis] = e.int_attr(name)?;
        if stride[axis] < 1 {
            return Err(e.unsupported(format!("'{name}' is {}, not positive", stride[axis])));
        }
    }
    let padding = e.padding()?;
    let filter_size = [filter_shape[1], filter_shape[2]];
    let pad = [0, 1].map(|axis| {
        let image = out_shape[1 + axis];
        let out = compute_out_size(padding, image, filter_size[axis], stride[axis], 1);
        compute_padding(stride[axis], 1, image, filter_size[axis], out).0
    });
    let channels = filter_shape[0];
    let arith =
        Accumulation::new(e, [input, filter, output], bias, channels as usize, None, Accumulator16::WideOrInt16Bias)?;
    let axes = [0, 1].map(|axis| Axis {
        input: in_shape[1 + axis],
        filter: filter_size[axis],
        stride: stride[axis],
        pad: pad[axis],
    });
    let depth = in_shape[3];
    e.nest(&[out_shape[0], out_shape[1], out_shape[2]], |e, ivs| {
        let (b, out) = (ivs[0], [ivs[1], ivs[2]]);
        let ranges = [0, 1].map(|axis| axes[axis].sources(e, out[axis]));
        e.for_range(0, channels, &[], |e, oc, _| {
            let channel = arith.channel(e, oc, false);
            let acc = e.for_loop(ranges[0].0, ranges[0].1, &[channel.init], |e, iy, acc| {
                let fy = axes[0].tap(e, out[0], iy);
                e.for_loop(ranges[1].0, ranges[1].1, acc, |e, ix, acc| {
                    let fx = axes[1].tap(e, out[1], ix);
                    e.for_range(0, depth, acc, |e, ic, acc| {
                        let x = e.load(input, &[b, iy, ix, ic]);
                        let f = e.load(filter, &[oc, fy, fx, ic]);
                        Ok(vec![arith.accumulate(e, acc[0], x, f, false)])
                    })
                })
            })?[0];
            let result = channel.finish(e, acc);
            e.store(result, output, &[b, out[0], out[1], oc]);
            Ok(Vec::new())
        })
        .map(drop)
    })
}

/// One spatial axis of a transposed convolution: input `i` with filter tap `f` lands on output
/// `o = i · stride - pad + f`.
#[derive(Copy, Clone, Debug)]
struct Axis {
    input: i64,
    filter: i64,
    stride: i64,
    pad: i64,
}

impl Axis {
    /// The input positions `[lo, hi)` whose taps land on output position `out` (an `index`):
    /// `stride · i ∈ [out + pad - (filter - 1), out + pad]` and `0 <= i < input`. Unsigned
    /// divisions of non-negative numerators: the ceiling is taken `c` strides up and `c` taken
    /// off, `c · stride >= filter - 1`.
    fn sources(&self, e: &mut KernelEmitter<'_>, out: Value) -> (Value, Value) {
        let up = (self.filter - 1 + self.stride - 1) / self.stride;
        let numerator = offset(e, out, 1, self.pad - (self.filter - 1) + up * self.stride + self.stride - 1);
        let stride = e.index(self.stride);
        let raised = e.binary("arith.divui", numerator, stride);
        let lo = offset(e, raised, 1, -up);
        let zero = e.index(0);
        let lo = e.binary("arith.maxsi", lo, zero);
        let reach = offset(e, out, 1, self.pad);
        let last = e.binary("arith.divui", reach, stride);
        let hi = offset(e, last, 1, 1);
        let size = e.index(self.input);
        let hi = e.binary("arith.minsi", hi, size);
        (lo, hi)
    }

    /// The filter tap of input position `i` landing on output position `out`:
    /// `out + pad - i · stride`.
    fn tap(&self, e: &mut KernelEmitter<'_>, out: Value, i: Value) -> Value {
        let reach = offset(e, out, 1, self.pad);
        let stride = e.index(self.stride);
        let scaled = e.muli(i, stride);
        e.binary("arith.subi", reach, scaled)
    }
}
