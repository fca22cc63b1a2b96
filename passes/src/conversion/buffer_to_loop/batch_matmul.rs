//! `batch_matmul`: TFLite Micro's `BATCH_MATMUL`, `reference_ops::BatchMatMul` (float) and its
//! `FullyConnectedParams` overload (`int8_t` with an `int32_t` accumulator, `int16_t` with an
//! `int64_t` one), on operands of rank 2 to 5 whose batch dimensions broadcast.
//!
//! TFLM first copies the operands it must transpose (the left one under `adj_x`, the right one
//! unless `adj_y`) into persistent buffers, then runs the kernel on `rhsᵀ` and `lhs`. This
//! lowering reads both operands in place through their indices instead (the transposes are index
//! swaps), with the same sums:
//!
//! ```text
//! for batch..., i, j:                       (the result's indices)
//!   acc = 0
//!   for k:                                  ascending, as TFLM's `accum_depth` loop
//!     acc += (l[batch', i, k] - lhs_zero_point) · (r[batch', k, j] - rhs_zero_point)
//!   out[batch..., i, j] = float: acc
//!                         int8:  clamp(MultiplyByQuantizedMultiplier(acc) + output_zero_point)
//!                         int16: clamp(MultiplyByQuantizedMultiplier(acc))   (int64 acc)
//! ```
//!
//! where `batch'` is the operand's batch index: the result's, or 0 along a broadcast dimension of
//! size 1, and `l[.., i, k]` reads `lhs[.., k, i]` under `adj_x` (`r[.., k, j]` reads
//! `rhs[.., j, k]` under `adj_y`). The multiplier is `GetQuantizedConvolutionMultipler`'s
//! (the operands' scales multiplied in `float`, divided by the output's in `double`); there is no
//! fused activation, so the clamp is the output type's range.

use super::emitter::{ElementKind, KernelEmitter};
use super::quantization::{ChannelScales, INT8_RANGE, INT16_RANGE, product_multiplier, requantize, requantize_to_i16};
use mc_ir::{Diagnostic, Value};

/// Lowers `batch_matmul` (operands `lhs`, `rhs`; attributes `adj_x`, `adj_y`).
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (lhs, rhs, output) = (e.inputs[0], e.inputs[1], e.output);
    let out_shape = e.shape(output);
    let rank = out_shape.len();
    let operands = [
        Operand { buffer: lhs, shape: e.shape(lhs), swapped: e.bool_attr("adj_x"), matrix_axis: 0 },
        Operand { buffer: rhs, shape: e.shape(rhs), swapped: e.bool_attr("adj_y"), matrix_axis: 1 },
    ];
    let depth = operands[0].depth();
    let fits = rank >= 2
        && operands.iter().all(|o| (2..=rank).contains(&o.shape.len()))
        && operands[1].depth() == depth
        && [0, 1].into_iter().all(|side| operands[side].rows() == out_shape[rank - 2 + side]);
    if !fits {
        return Err(e.unsupported(format!(
            "lhs '{}' and rhs '{}' do not multiply into '{}'",
            e.type_text(lhs),
            e.type_text(rhs),
            e.type_text(output)
        )));
    }
    let arith = Arith::new(e, [lhs, rhs, output])?;
    e.nest(&out_shape, |e, ivs| {
        let (batch, matrix) = ivs.split_at(rank - 2);
        let init = arith.zero(e);
        let acc = e.for_range(0, depth, &[init], |e, k, acc| {
            let [l, r] = [0, 1].map(|side| {
                let indices = operands[side].indices(e, batch, matrix[side], k);
                e.load(operands[side].buffer, &indices)
            });
            Ok(vec![arith.accumulate(e, acc[0], l, r)])
        })?[0];
        let result = arith.finish(e, acc);
        e.store(result, output, ivs);
        Ok(())
    })
}

/// One operand as the product reads it.
struct Operand {
    buffer: Value,
    shape: Vec<i64>,
    /// True when its last two dimensions are read swapped (`adj_x` for lhs, `adj_y` for rhs).
    swapped: bool,
    /// Which of its (logical) matrix dimensions is the result's: 0 (lhs rows), 1 (rhs columns).
    matrix_axis: usize,
}

impl Operand {
    /// The logical `[rows, columns]` of its matrices.
    fn matrix(&self) -> [i64; 2] {
        let n = self.shape.len();
        let [a, b] = [self.shape[n - 2], self.shape[n - 1]];
        if self.swapped { [b, a] } else { [a, b] }
    }

    /// The inner (summed) dimension.
    fn depth(&self) -> i64 {
        self.matrix()[1 - self.matrix_axis]
    }

    /// The dimension the result keeps (lhs rows, rhs columns).
    fn rows(&self) -> i64 {
        self.matrix()[self.matrix_axis]
    }

    /// The indices of element (`kept`, `k`) of the matrix at the result's batch indices `batch`
    /// (aligned at the end; 0 along a broadcast dimension of size 1).
    fn indices(&self, e: &mut KernelEmitter<'_>, batch: &[Value], kept: Value, k: Value) -> Vec<Value> {
        let own = self.shape.len() - 2;
        let skip = batch.len() - own;
        let mut indices: Vec<Value> =
            (0..own).map(|d| if self.shape[d] == 1 { e.index(0) } else { batch[skip + d] }).collect();
        // Logical (row, column): lhs (kept, k), rhs (k, kept); stored swapped under adj.
        let logical = if self.matrix_axis == 0 { [kept, k] } else { [k, kept] };
        let stored = if self.swapped { [logical[1], logical[0]] } else { logical };
        indices.extend(stored);
        indices
    }
}

/// The arithmetic of one element type.
enum Arith {
    /// `f32` sums from `0.0`.
    Float,
    /// int8 or int16 (zero points 0): `i32` or `i64` sums of offset products, requantized.
    Quantized {
        /// Accumulator width: 32 (int8) or 64 (int16).
        width: u32,
        /// `-lhs_zero_point`, `-rhs_zero_point`.
        offsets: [i32; 2],
        /// The output zero point (0 for int16).
        output_offset: i32,
        /// The one `(multiplier, shift)`, in the accumulator's form.
        scale: ChannelScales,
    },
}

impl Arith {
    /// The arithmetic of `lhs`, `rhs` and `output`, as `BatchMatMulPrepare` derives it.
    fn new(e: &mut KernelEmitter<'_>, [lhs, rhs, output]: [Value; 3]) -> Result<Arith, Diagnostic> {
        let kinds = [lhs, rhs, output].map(|v| e.kind(v));
        let width = match kinds {
            [ElementKind::F32, ElementKind::F32, ElementKind::F32] => return Ok(Arith::Float),
            [ElementKind::Int8, ElementKind::Int8, ElementKind::Int8] => 32,
            [ElementKind::Int16, ElementKind::Int16, ElementKind::Int16] => 64,
            _ => {
                return Err(e.unsupported(format!(
                    "lhs '{}', rhs '{}', output '{}' (float32, int8 or int16, all alike)",
                    e.type_text(lhs),
                    e.type_text(rhs),
                    e.type_text(output)
                )));
            }
        };
        let [(lhs_scale, lhs_zero), (rhs_scale, rhs_zero), (output_scale, output_zero)] =
            [e.per_tensor(lhs)?, e.per_tensor(rhs)?, e.per_tensor(output)?];
        if width == 64 && [lhs_zero, rhs_zero, output_zero] != [0; 3] {
            return Err(e.unsupported("int16 operands with zero points other than 0 (TFLite Micro takes 0)"));
        }
        let multiplier = product_multiplier(lhs_scale, rhs_scale, output_scale);
        let scale = if width == 64 {
            ChannelScales::wide(e, "batch_matmul", &[multiplier]).map_err(|m| e.unsupported(m))?
        } else {
            ChannelScales::new(e, "batch_matmul", &[multiplier])
        };
        Ok(Arith::Quantized {
            width,
            offsets: [-lhs_zero as i32, -rhs_zero as i32],
            output_offset: output_zero as i32,
            scale,
        })
    }

    /// The accumulator's start.
    fn zero(&self, e: &mut KernelEmitter<'_>) -> Value {
        match self {
            Arith::Float => e.f32(0.0),
            Arith::Quantized { width, .. } => e.int(0, *width),
        }
    }

    /// `acc` plus the term of the loaded elements `l` and `r`.
    fn accumulate(&self, e: &mut KernelEmitter<'_>, acc: Value, l: Value, r: Value) -> Value {
        match self {
            Arith::Float => {
                let product = e.binary("arith.mulf", l, r);
                e.binary("arith.addf", acc, product)
            }
            Arith::Quantized { width, offsets, .. } => {
                let [l, r] = [(l, offsets[0]), (r, offsets[1])].map(|(value, offset)| {
                    let value = e.extsi_i32(value);
                    if offset == 0 {
                        return value;
                    }
                    let offset = e.i32(offset);
                    e.addi(value, offset)
                });
                // |product| <= 255², or 2^30 for int16: exact in i32, widened for int64.
                let product = e.muli(l, r);
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

    /// The output element from the final accumulator.
    fn finish(&self, e: &mut KernelEmitter<'_>, acc: Value) -> Value {
        match self {
            Arith::Float => acc,
            Arith::Quantized { width, output_offset, scale, .. } => {
                let zero = e.index(0);
                let scale = scale.channel(e, zero);
                if *width == 64 {
                    requantize_to_i16(e, acc, scale, INT16_RANGE)
                } else {
                    requantize(e, acc, scale, *output_offset, INT8_RANGE, 8)
                }
            }
        }
    }
}
