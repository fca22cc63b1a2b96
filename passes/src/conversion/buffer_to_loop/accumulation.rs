//! The per-output-channel arithmetic TFLite's convolutions share (`conv_2d`,
//! `depthwise_conv_2d`, `transpose_conv`, and the 16x8 `fully_connected`): what an accumulator
//! starts at, how one filter tap is added, and how the sum becomes an output element.
//!
//! - float (`reference_ops::Conv`/`DepthwiseConv`): `total += x · f` from `0`, then
//!   `clamp(total + bias)`.
//! - int8 (`reference_integer_ops::ConvPerChannel`/`DepthwiseConvPerChannel`):
//!   `acc += f · (x + input_offset)`, `+ bias`, then `MultiplyByQuantizedMultiplier` with the
//!   channel's multiplier and shift (from `PopulateConvolutionQuantizationParams`: effective scale
//!   `(double)input_scale · (double)filter_scale / (double)output_scale`), `+ output_offset`,
//!   clamped to the fused activation's range.
//! - 16x8 (the `int16_t` overloads of `ConvPerChannel`, `DepthwiseConvPerChannel`,
//!   `FullyConnected` and `FullyConnectedPerChannel`): int16 input and output with zero points 0,
//!   int8 filter, `acc += f · x` in TFLM's `AccumScalar`: `int32` with an `int32` bias (wrapping,
//!   then the `int32` `MultiplyByQuantizedMultiplier`), else `int64` (then the `int64` variant,
//!   [`WideScale`](mc_dialects::arith::fixed_point::WideScale)); `+ bias`, requantized, clamped,
//!   no output offset. Without a bias, the installed interpreter takes the `int64` form unless
//!   the operator's `quantized_bias_type` is `INT32` (upstream's newest `fully_connected.cc`
//!   defaults to `int32` instead; the interpreter is the reference). mc's importer does not keep
//!   that option, so such a model needs the frontend to reject or import it. TFLM's depthwise
//!   kernel always takes the `int64` form and reads any bias as `int64_t`; its transposed
//!   convolution too, after widening an `int16` bias to `int64`.
//!
//! Integer sums are exact (and `i32` wrapping is a ring), so the int8 sum may be regrouped:
//! when the filter (and bias) are compile-time constants, the interior of the image — where every
//! tap is summed — starts from `bias + input_offset · Σ filter` (a per-channel table) and adds
//! `f · x` per tap: the same integer terms, one add fewer per tap. Clipped border pixels keep
//! TFLite's form.

use super::emitter::{ElementKind, KernelEmitter};
use super::quantization::{
    ChannelScales, INT8_RANGE, INT16_RANGE, Scale, activation_range_quantized, channel_multipliers, clamp_f32,
    fold_input_offset, fused_range_f32, requantize_to_i8, requantize_to_i16,
};
use mc_ir::{Diagnostic, Value};

/// Each output channel's sum of filter values from the filter's elements (in the kernel's layout).
pub type FilterSums<'a> = &'a dyn Fn(&[i64]) -> Vec<i64>;

/// How a 16x8 kernel picks its accumulator (TFLM's `AccumScalar`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Accumulator16 {
    /// `i32` with an `i32` bias, else `i64` (`conv_2d`, `fully_connected`).
    OfBias,
    /// Always `i64`, and the bias must be `i64` (`depthwise_conv_2d`, whose kernel reads any
    /// bias as `int64_t`).
    Wide,
    /// Always `i64`, the bias `i64` or `i16` widened to `i64` (`transpose_conv`, whose kernel
    /// copies an `int16` bias into an `int64` scratch buffer and reads any other as `int64_t`).
    WideOrInt16Bias,
}

/// The arithmetic of one convolution kernel.
pub enum Accumulation {
    /// `f32` input, filter, output (and bias).
    Float {
        /// The `[out_c]` bias buffer, if any.
        bias: Option<Value>,
        /// The fused activation's clamp bounds.
        range: (f32, f32),
    },
    /// int8 input, filter and output, `i32` bias.
    Int8 {
        /// `-input_zero_point`.
        input_offset: i32,
        /// The output zero point.
        output_offset: i32,
        /// The fused activation's clamp bounds.
        range: (i32, i32),
        /// Multipliers and shifts.
        scales: ChannelScales,
        /// The `[out_c]` bias buffer, if any.
        bias: Option<Value>,
        /// The `[out_c]` table of `bias + input_offset · Σ filter`, when folded.
        folded: Option<Value>,
    },
    /// int16 input and output (zero points 0), int8 filter, `i32` or `i64` bias (16x8).
    Int16 {
        /// The accumulator's width: 32 or 64 (TFLM's `AccumScalar`, see [`Accumulator16`]).
        width: u32,
        /// The fused activation's clamp bounds.
        range: (i32, i32),
        /// Multipliers and shifts, in [`ChannelScales::wide`]'s form for 64-bit accumulators.
        scales: ChannelScales,
        /// The `[out_c]` bias buffer, if any.
        bias: Option<Value>,
    },
}

impl Accumulation {
    /// The arithmetic of the kernel being lowered: `input`, `filter`, optional `bias` and
    /// `output` buffers with `channels` output channels. `filter_sums` gives each output
    /// channel's sum of filter values from the filter's elements (its layout is the kernel's);
    /// the int8 input offset is folded with it when the filter and bias are constants (`None`:
    /// a kernel whose pixels never sum every tap, which never folds). A 16x8
    /// kernel accumulates as `accumulator` says.
    ///
    /// # Errors
    ///
    /// Unsupported element types, quantization TFLite's kernels reject, and fused activations
    /// they do not fuse.
    pub fn new(
        e: &mut KernelEmitter<'_>,
        [input, filter, output]: [Value; 3],
        bias: Option<Value>,
        channels: usize,
        filter_sums: Option<FilterSums<'_>>,
        accumulator: Accumulator16,
    ) -> Result<Accumulation, Diagnostic> {
        let kinds = (e.kind(input), e.kind(filter), e.kind(output), bias.map(|b| e.kind(b)));
        match kinds {
            (ElementKind::F32, ElementKind::F32, ElementKind::F32, None | Some(ElementKind::F32)) => {
                Ok(Accumulation::Float { bias, range: fused_range_f32(e)? })
            }
            (
                ElementKind::Int8,
                ElementKind::Int8 | ElementKind::Int4,
                ElementKind::Int8,
                None | Some(ElementKind::Int32),
            ) => Self::int8(e, [input, filter, output], bias, channels, filter_sums),
            (
                ElementKind::Int16,
                ElementKind::Int8,
                ElementKind::Int16,
                None | Some(ElementKind::Int16 | ElementKind::Int32 | ElementKind::Int64),
            ) => {
                let (input_scale, _) = e.per_tensor(input)?;
                let (output_scale, _) = e.per_tensor(output)?;
                let scales = filter_scales(e, filter, channels)?;
                let multipliers = channel_multipliers(input_scale, &scales, output_scale, channels);
                Self::int16(e, [input, output], bias, accumulator, ("conv", &multipliers))
            }
            _ => Err(e.unsupported(format!(
                "input '{}', filter '{}', output '{}'{}",
                e.type_text(input),
                e.type_text(filter),
                e.type_text(output),
                bias.map(|b| format!(", bias '{}'", e.type_text(b))).unwrap_or_default()
            ))),
        }
    }

    fn int8(
        e: &mut KernelEmitter<'_>,
        [input, filter, output]: [Value; 3],
        bias: Option<Value>,
        channels: usize,
        filter_sums: Option<FilterSums<'_>>,
    ) -> Result<Accumulation, Diagnostic> {
        let (input_scale, input_zero_point) = e.per_tensor(input)?;
        let (output_scale, output_zero_point) = e.per_tensor(output)?;
        let scales = filter_scales(e, filter, channels)?;
        let activation = e.activation()?;
        let range = activation_range_quantized(activation, output_scale, output_zero_point, INT8_RANGE)
            .map_err(|m| e.unsupported(m))?;
        let multipliers = channel_multipliers(input_scale, &scales, output_scale, channels);
        let scales = ChannelScales::new(e, "conv", &multipliers);
        let input_offset = -(input_zero_point as i32);
        let folded = if input_offset == 0 {
            None
        } else if let Some(filter_sums) = filter_sums {
            let bias_values = match bias {
                None => Some(None),
                Some(b) => e.constant_ints(b).map(Some),
            };
            match (e.constant_ints(filter), bias_values) {
                (Some(filter), Some(bias_values)) => {
                    let folded = fold_input_offset(bias_values.as_deref(), input_offset, &filter_sums(&filter));
                    Some(e.table("conv_folded_bias", 32, &folded))
                }
                _ => None,
            }
        } else {
            None
        };
        Ok(Accumulation::Int8 { input_offset, output_offset: output_zero_point as i32, range, scales, bias, folded })
    }

    /// The 16x8 arithmetic of a kernel reading `input` and writing `output` (int16), with an
    /// optional `i32` or `i64` `bias`, the `accumulator` of its TFLM kernel and one
    /// `(multiplier, shift)` per output channel, as the kernel's `Prepare` derives them
    /// (per-channel tables are named after `hint`).
    ///
    /// # Errors
    ///
    /// A zero point other than 0 (TFLM's 16x8 kernels have no offsets), a bias of another type,
    /// a multiplier the `int64` requantization cannot take, an activation TFLite does not fuse.
    pub fn int16(
        e: &mut KernelEmitter<'_>,
        [input, output]: [Value; 2],
        bias: Option<Value>,
        accumulator: Accumulator16,
        (hint, multipliers): (&str, &[(i32, i32)]),
    ) -> Result<Accumulation, Diagnostic> {
        for (name, value) in [("input", input), ("output", output)] {
            let (_, zero_point) = e.per_tensor(value)?;
            if zero_point != 0 {
                return Err(
                    e.unsupported(format!("an int16 {name} with zero point {zero_point} (16x8 kernels take 0)"))
                );
            }
        }
        let width = match (accumulator, bias.map(|b| e.kind(b))) {
            (Accumulator16::OfBias, Some(ElementKind::Int32)) => 32,
            (_, None | Some(ElementKind::Int64)) | (Accumulator16::WideOrInt16Bias, Some(ElementKind::Int16)) => 64,
            (_, Some(_)) => {
                let text = bias.map(|b| e.type_text(b)).unwrap_or_default();
                let expected = match accumulator {
                    Accumulator16::OfBias => "int32 or int64",
                    Accumulator16::Wide => "int64: TFLite Micro's kernel reads it as int64",
                    Accumulator16::WideOrInt16Bias => "int64 or int16: TFLite Micro's kernel reads others as int64",
                };
                return Err(e.unsupported(format!("bias '{text}' of an int16 kernel ({expected})")));
            }
        };
        let (output_scale, _) = e.per_tensor(output)?;
        let range =
            activation_range_quantized(e.activation()?, output_scale, 0, INT16_RANGE).map_err(|m| e.unsupported(m))?;
        let scales = if width == 64 {
            ChannelScales::wide(e, hint, multipliers).map_err(|m| e.unsupported(m))?
        } else {
            ChannelScales::new(e, hint, multipliers)
        };
        Ok(Accumulation::Int16 { width, range, scales, bias })
    }

    /// True when a pixel uses the folded form (interior pixels, when a folded table exists).
    fn folds(&self, interior: bool) -> bool {
        interior && matches!(self, Accumulation::Int8 { folded: Some(_), .. })
    }

    /// The parameters of output channel `channel` (an `index`), loaded once for all the
    /// pixels computed together.
    pub fn channel(&self, e: &mut KernelEmitter<'_>, channel: Value, interior: bool) -> Channel {
        match self {
            Accumulation::Float { bias, range } => Channel {
                init: e.f32(0.0),
                tail: Tail::Float { bias: bias.map(|b| e.load(b, &[channel])), range: *range },
            },
            Accumulation::Int8 { folded, bias, scales, output_offset, range, .. } => {
                let init = match (folded, bias) {
                    (Some(folded), _) if interior => e.load(*folded, &[channel]),
                    (_, Some(bias)) => e.load(*bias, &[channel]),
                    _ => e.i32(0),
                };
                let scale = scales.channel(e, channel);
                Channel { init, tail: Tail::Int8 { scale, output_offset: *output_offset, range: *range } }
            }
            Accumulation::Int16 { width, range, scales, bias } => {
                let init = match bias {
                    // An int16 bias (`WideOrInt16Bias`) widened as TFLM copies it to int64.
                    Some(bias) if e.kind(*bias) == ElementKind::Int16 => {
                        let loaded = e.load(*bias, &[channel]);
                        let i64 = e.b.ctx.integer_type(64);
                        e.unary("arith.extsi", loaded, i64)
                    }
                    Some(bias) => e.load(*bias, &[channel]),
                    None => e.int(0, *width),
                };
                let scale = scales.channel(e, channel);
                Channel { init, tail: Tail::Int16 { scale, range: *range } }
            }
        }
    }

    /// True when the terms of int8 pixels are plain products `f · x` (the input offset folded
    /// into the start, or zero): four consecutive ones added in a row form the dot-product shape
    /// the LLVM backend turns into two `smlad` on DSP cores.
    pub fn packs(&self, interior: bool) -> bool {
        matches!(self, Accumulation::Int8 { input_offset, .. } if *input_offset == 0 || self.folds(interior))
    }

    /// `acc` plus the term of input element `x` and filter element `f` (loaded values).
    pub fn accumulate(&self, e: &mut KernelEmitter<'_>, acc: Value, x: Value, f: Value, interior: bool) -> Value {
        match self {
            Accumulation::Float { .. } => {
                let product = e.binary("arith.mulf", x, f);
                e.binary("arith.addf", acc, product)
            }
            Accumulation::Int8 { input_offset, .. } => {
                let (x, f) = (e.extsi_i32(x), e.extsi_i32(f));
                let x = if *input_offset == 0 || self.folds(interior) {
                    x
                } else {
                    let offset = e.i32(*input_offset);
                    e.addi(x, offset)
                };
                let product = e.muli(f, x);
                e.addi(acc, product)
            }
            Accumulation::Int16 { width, .. } => {
                // The product of an int8 and an int16 fits `i32`; TFLM widens it to the
                // accumulator.
                let (x, f) = (e.extsi_i32(x), e.extsi_i32(f));
                let product = e.muli(f, x);
                let term = if *width == 64 {
                    let i64 = e.b.ctx.integer_type(64);
                    e.unary("arith.extsi", product, i64)
                } else {
                    product
                };
                e.addi(acc, term)
            }
        }
    }
}

/// The filter's scales (one, or one per output channel) after checking that its zero points are
/// 0, as TFLM's `PopulateConvolutionQuantizationParams` needs.
fn filter_scales(e: &KernelEmitter<'_>, filter: Value, channels: usize) -> Result<Vec<f64>, Diagnostic> {
    let quantization = e.quantization(filter).ok_or_else(|| e.unsupported("the filter is not quantized"))?;
    let scales = quantization.scales();
    if scales.len() != 1 && scales.len() != channels {
        return Err(e.unsupported(format!("the filter has {} scales for {channels} output channels", scales.len())));
    }
    if quantization.zero_points().iter().any(|&z| z != 0) {
        return Err(e.unsupported("a filter zero point other than 0"));
    }
    Ok(scales)
}

/// One output channel's parameters (loaded values or constants).
pub struct Channel {
    /// The accumulator's start: `0`, the bias, or the folded bias (int8 interior).
    pub init: Value,
    /// How the final accumulator becomes the output element.
    tail: Tail,
}

/// The end of one output channel's computation.
enum Tail {
    /// `clamp(total + bias)`.
    Float { bias: Option<Value>, range: (f32, f32) },
    /// `clamp(MultiplyByQuantizedMultiplier(acc, multiplier, shift) + output_offset)`.
    Int8 { scale: Scale, output_offset: i32, range: (i32, i32) },
    /// `clamp(MultiplyByQuantizedMultiplier(acc, multiplier, shift))` to `i16`.
    Int16 { scale: Scale, range: (i32, i32) },
}

impl Channel {
    /// The output element from the channel's final accumulator.
    pub fn finish(&self, e: &mut KernelEmitter<'_>, acc: Value) -> Value {
        match self.tail {
            Tail::Float { bias, range } => {
                let total = match bias {
                    Some(bias) => e.binary("arith.addf", acc, bias),
                    None => acc,
                };
                clamp_f32(e, total, range)
            }
            Tail::Int8 { scale, output_offset, range } => requantize_to_i8(e, acc, scale, output_offset, range),
            Tail::Int16 { scale, range } => requantize_to_i16(e, acc, scale, range),
        }
    }
}
