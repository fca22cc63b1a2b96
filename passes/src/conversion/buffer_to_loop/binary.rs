//! `add`, `sub`, `mul`: elementwise arithmetic with numpy broadcasting (rank ≤ 6), as TFLite
//! Micro's reference kernels compute it.
//!
//! - int8 and int16 `add`/`sub` (`AddElementwise`/`SubElementwise` and their broadcasting
//!   versions, `BroadcastAdd6DSlow`/`BroadcastQuantSubSlow`): each input is offset by its zero
//!   point, shifted left by `left_shift` (20 for int8, 15 for int16) and rescaled by its own
//!   multiplier (relative to twice the larger input scale); the sum or difference is rescaled to
//!   the output, offset, clamped to the fused activation within the storage range. The
//!   multipliers are derived as `CalculateOpDataAdd`/`CalculateOpDataSub` derive them, in
//!   `double` (the installed TFLite Micro does so for `sub` too; a newer upstream
//!   `sub_common.cc` takes the ratios in `float`, which differs by one for some scales). TFLM
//!   takes this general path for int16 whatever `pot_scale_int16` says: `EvalAddQuantized`
//!   calls `reference_ops::Add(..., pot_scale = false)` and its sub has no power-of-two path, so
//!   the option is ignored, and int16 zero points need not be 0. An int8 input's rescaled value
//!   depends on its byte alone and is read from a 256-entry table; int16 rescales in the nest.
//! - int8 and int16 `mul` (`reference_integer_ops::MulElementwise`/`BroadcastMul6DSlow`):
//!   `(x - zx)·(y - zy)` rescaled by `sx·sy/so` (in `double`), offset and clamped (int16: every
//!   zero point 0, which the graph verifier checks, as TFLM's `CalculateOpDataMul`).
//! - `f32`: `x ∘ y` clamped to the fused activation's range (`ActivationFunctionWithMinMax`).
//! - `i32` (`reference_ops::Add`/`SubWithActivation`/`Mul` on `int32_t`): `x ∘ y` wrapping,
//!   clamped to the activation's integer range for `sub` and `mul`; `add` ignores its activation.
//!
//! ```text
//! loop.for %i ... {                          // one loop per result dimension
//!   %x = loop.load %lhs[...]  -> rescaled     // at the outermost level where its index is known
//!   loop.for %j ... {
//!     %y = loop.load %rhs[...] -> rescaled
//!     %r = combine, requantize, clamp
//!     loop.store %r, %out[%i, %j]
//! ```
//!
//! Buffers may be strided, and the output may be an input (in place): every element is read
//! before the element at its index is written.

use super::broadcast::broadcast_nest;
use super::emitter::{ElementKind, KernelEmitter};
use super::quantization::{
    Scale, activation_range_i32, clamp_f32, fused_range_f32, fused_range_quantized, quantize_multiplier,
    quantize_multiplier_smaller_than_one, requantize,
};
use mc_dialects::arith::fixed_point::reference;
use mc_ir::{Diagnostic, Value};

/// Which of the three kernels.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Arith {
    Add,
    Sub,
    Mul,
}

/// Lowers `add`, `sub` or `mul` (by `e.name`).
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let arith = match e.name.as_str() {
        "add" => Arith::Add,
        "sub" => Arith::Sub,
        "mul" => Arith::Mul,
        other => return Err(e.unsupported(format!("'{other}' is not a binary kernel"))),
    };
    let (lhs, rhs, out) = (e.inputs[0], e.inputs[1], e.output);
    // The verifier of buffer.kernel checks that the operands broadcast to the output.
    let output = e.shape(out);
    match [e.kind(lhs), e.kind(rhs), e.kind(out)] {
        [ElementKind::F32, ElementKind::F32, ElementKind::F32] => lower_f32(e, arith, &output),
        [ElementKind::Int8, ElementKind::Int8, ElementKind::Int8] => lower_quantized(e, arith, &output, 8),
        [ElementKind::Int16, ElementKind::Int16, ElementKind::Int16] => lower_quantized(e, arith, &output, 16),
        [ElementKind::Int32, ElementKind::Int32, ElementKind::Int32] => lower_i32(e, arith, &output),
        _ => Err(e.unsupported(format!(
            "operand types {}, {} -> {} (f32, int8, int16 and i32 are lowered)",
            e.type_text(lhs),
            e.type_text(rhs),
            e.type_text(out)
        ))),
    }
}

/// The float kernels: `clamp(x ∘ y)`.
fn lower_f32(e: &mut KernelEmitter<'_>, arith: Arith, output: &[i64]) -> Result<(), Diagnostic> {
    let range = fused_range_f32(e)?;
    let combine = match arith {
        Arith::Add => "arith.addf",
        Arith::Sub => "arith.subf",
        Arith::Mul => "arith.mulf",
    };
    let inputs = [e.inputs[0], e.inputs[1]];
    let out = e.output;
    broadcast_nest(e, output, &inputs, &mut |e, _, buffer, indices| Ok(e.load(buffer, indices)), &mut |e, ivs, xs| {
        let value = e.binary(combine, xs[0], xs[1]);
        let value = clamp_f32(e, value, range);
        e.store(value, out, ivs);
        Ok(())
    })
}

/// The plain `i32` kernels: `x ∘ y` wrapping (two's complement, what the C++ does in practice),
/// clamped to the fused activation's integer range for `sub` and `mul`; TFLite Micro's int32
/// `add` ignores the fused activation (`EvalAdd` sets the range to the whole of `int32_t`).
fn lower_i32(e: &mut KernelEmitter<'_>, arith: Arith, output: &[i64]) -> Result<(), Diagnostic> {
    let fused = activation_range_i32(e.activation()?).map_err(|m| e.unsupported(m))?;
    let (combine, range) = match arith {
        Arith::Add => ("arith.addi", None),
        Arith::Sub => ("arith.subi", Some(fused)),
        Arith::Mul => ("arith.muli", Some(fused)),
    };
    let inputs = [e.inputs[0], e.inputs[1]];
    let out = e.output;
    broadcast_nest(e, output, &inputs, &mut |e, _, buffer, indices| Ok(e.load(buffer, indices)), &mut |e, ivs, xs| {
        let mut value = e.binary(combine, xs[0], xs[1]);
        if let Some((low, high)) = range {
            let (low, high) = (e.i32(low), e.i32(high));
            value = e.clamp_si(value, low, high);
        }
        e.store(value, out, ivs);
        Ok(())
    })
}

/// What the quantized kernels compute with, fixed at compile time.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct QuantizedParams {
    /// `-zero_point` of each input.
    input_offsets: [i32; 2],
    /// add/sub: inputs are scaled up by `2^left_shift` before rescaling (TFLite's `left_shift`:
    /// 20 for int8, 15 for int16, so `65535 << 15` still fits an `int32`).
    left_shift: i32,
    /// `(multiplier, shift)` rescaling each input (add/sub only).
    input_multipliers: [(i32, i32); 2],
    /// `(multiplier, shift)` rescaling the result to the output scale.
    output_multiplier: (i32, i32),
    /// The output zero point.
    output_offset: i32,
}

/// `QuantizeMultiplier(0.5)`, the rescaling of the input of the larger scale: on a value
/// shifted left by at least one it is exactly a shift right by one
/// (`SaturatingRoundingDoublingHighMul(2v, 2^30) = v`).
const HALF: (i32, i32) = (1 << 30, 0);

impl QuantizedParams {
    /// The parameters of `arith` on elements of `storage` (int8 or int16) for inputs of scales `s1`,
    /// `s2` and zero points `z1`, `z2` and an output of `(so, zo)`, derived as TFLite Micro's
    /// `Prepare` derives them.
    fn new(
        arith: Arith,
        bits: u32,
        (s1, z1): (f32, i32),
        (s2, z2): (f32, i32),
        (so, zo): (f32, i32),
    ) -> Result<Self, String> {
        let input_offsets = [-z1, -z2];
        let left_shift = if bits == 16 { 15 } else { 20 };
        let (input_multipliers, output_multiplier) = match arith {
            Arith::Add | Arith::Sub => {
                // CalculateOpDataAdd / CalculateOpDataSub: everything in double.
                let twice_max = 2.0 * f64::from(s1.max(s2));
                let output = twice_max / (f64::from(1 << left_shift) * f64::from(so));
                (
                    [
                        quantize_multiplier_smaller_than_one("add/sub", f64::from(s1) / twice_max)?,
                        quantize_multiplier_smaller_than_one("add/sub", f64::from(s2) / twice_max)?,
                    ],
                    quantize_multiplier_smaller_than_one("add/sub", output)?,
                )
            }
            Arith::Mul => {
                // CalculateOpDataMul: input1_scale * input2_scale / output_scale in double.
                let real = f64::from(s1) * f64::from(s2) / f64::from(so);
                ([(0, 0); 2], quantize_multiplier(real))
            }
        };
        Ok(QuantizedParams { input_offsets, left_shift, input_multipliers, output_multiplier, output_offset: zo })
    }

    /// add/sub: what input `k` contributes for its stored value `x` (TFLite's
    /// `MultiplyByQuantizedMultiplierSmallerThanOneExp((x + offset) << left_shift, ...)`).
    fn scaled_input(&self, k: usize, x: i32) -> i32 {
        let (multiplier, shift) = self.input_multipliers[k];
        let shifted = (x + self.input_offsets[k]) * (1 << self.left_shift);
        reference::multiply_by_quantized_multiplier(shifted, multiplier, shift)
    }

    /// add/sub on int8: [`Self::scaled_input`] for each of input `k`'s values -128..=127.
    fn scaled_input_table(&self, k: usize) -> Vec<i64> {
        (-128..=127).map(|x| i64::from(self.scaled_input(k, x))).collect()
    }
}

/// The int8 and int16 kernels (`storage`: every operand's).
fn lower_quantized(e: &mut KernelEmitter<'_>, arith: Arith, output: &[i64], bits: u32) -> Result<(), Diagnostic> {
    let inputs = [e.inputs[0], e.inputs[1]];
    let out = e.output;
    let quant = |e: &KernelEmitter<'_>, v: Value| e.per_tensor(v).map(|(s, z)| (s as f32, z as i32));
    let (q1, q2, qo) = (quant(e, inputs[0])?, quant(e, inputs[1])?, quant(e, out)?);
    let p = QuantizedParams::new(arith, bits, q1, q2, qo).map_err(|m| e.unsupported(m))?;
    let range = fused_range_quantized(e, out)?;
    // int8 add/sub rescale each input by a function of its value alone: a 256-entry table.
    let tables = match arith {
        Arith::Add | Arith::Sub if bits == 8 => {
            Some([0, 1].map(|k| e.table("rescaled_input", 32, &p.scaled_input_table(k))))
        }
        _ => None,
    };
    let mut load = |e: &mut KernelEmitter<'_>, k: usize, buffer: Value, indices: &[Value]| {
        let x = e.load(buffer, indices);
        let x = e.extsi_i32(x);
        if let Some(tables) = tables {
            let bias = e.i32(128);
            let entry = e.addi(x, bias);
            let index_type = e.b.ctx.index_type();
            let entry = e.unary("arith.index_cast", entry, index_type);
            return Ok(e.load(tables[k], &[entry]));
        }
        let offset = e.i32(p.input_offsets[k]);
        let centered = e.addi(x, offset);
        Ok(match arith {
            Arith::Mul => centered,
            // The input of the larger scale is rescaled by exactly one half: a shift.
            Arith::Add | Arith::Sub if p.input_multipliers[k] == HALF => {
                let left_shift = e.i32(p.left_shift - 1);
                e.binary("arith.shli", centered, left_shift)
            }
            Arith::Add | Arith::Sub => {
                let left_shift = e.i32(p.left_shift);
                let shifted = e.binary("arith.shli", centered, left_shift);
                Scale::constant(e, p.input_multipliers[k]).apply(e, shifted)
            }
        })
    };
    broadcast_nest(e, output, &inputs, &mut load, &mut |e, ivs, xs| {
        let combine = match arith {
            Arith::Add => "arith.addi",
            Arith::Sub => "arith.subi",
            Arith::Mul => "arith.muli",
        };
        let raw = e.binary(combine, xs[0], xs[1]);
        let scale = Scale::constant(e, p.output_multiplier);
        let value = requantize(e, raw, scale, p.output_offset, range, bits);
        e.store(value, out, ivs);
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// TFLite's quantized `AddElementwise`/`SubElementwise`/`MulElementwise` on one pair of
    /// stored values, from the parameters, clamped to `range`.
    fn reference_op(arith: Arith, p: &QuantizedParams, x: i32, y: i32, range: (i32, i32)) -> i32 {
        let raw = match arith {
            Arith::Mul => (x + p.input_offsets[0]) * (y + p.input_offsets[1]),
            Arith::Add => p.scaled_input(0, x) + p.scaled_input(1, y),
            Arith::Sub => p.scaled_input(0, x) - p.scaled_input(1, y),
        };
        let (m, s) = p.output_multiplier;
        (reference::multiply_by_quantized_multiplier(raw, m, s) + p.output_offset).clamp(range.0, range.1)
    }

    use crate::conversion::buffer_to_loop::quantization::{INT8_RANGE as INT8, INT16_RANGE as INT16};

    #[test]
    fn int8_parameters_follow_tflite_micro() {
        // Equal scales: each input is rescaled by one half; the output by 2·s / (2^20·so).
        let p = QuantizedParams::new(Arith::Add, 8, (0.5, 3), (0.5, -7), (0.25, 1)).unwrap();
        assert_eq!(p.input_offsets, [-3, 7]);
        assert_eq!(p.left_shift, 20);
        assert_eq!(p.input_multipliers, [(1 << 30, 0), (1 << 30, 0)]);
        assert_eq!(p.output_multiplier, (1 << 30, -17));
        // (2 - 3)·0.5 + (9 + 7)·0.5 = 7.5, over 0.25 plus the zero point 1: 31.
        assert_eq!(reference_op(Arith::Add, &p, 2, 9, INT8), 31);
        let p = QuantizedParams::new(Arith::Sub, 8, (0.5, 3), (0.5, -7), (0.25, 1)).unwrap();
        assert_eq!(reference_op(Arith::Sub, &p, 2, 9, INT8), -33);
        // The table holds the rescaled input for every byte.
        assert_eq!(p.scaled_input_table(1)[(9 + 128) as usize], i64::from(p.scaled_input(1, 9)));
        // mul: 0.5·0.5/0.25 = 1.
        let p = QuantizedParams::new(Arith::Mul, 8, (0.5, 3), (0.5, -7), (0.25, 1)).unwrap();
        assert_eq!(p.output_multiplier, (1 << 30, 1));
        assert_eq!(reference_op(Arith::Mul, &p, 5, -5, INT8), 5);
        // An output scale so small that the output rescale is not below one is rejected.
        assert!(QuantizedParams::new(Arith::Add, 8, (1.0, 0), (1.0, 0), (1e-7, 0)).is_err());
    }

    #[test]
    fn int16_parameters_follow_tflite_micro() {
        // int16 add/sub shift left by 15: the output rescale of equal scales is 2·s / (2^15·so).
        let p = QuantizedParams::new(Arith::Add, 16, (0.5, 0), (0.5, 0), (0.25, 0)).unwrap();
        assert_eq!(p.left_shift, 15);
        assert_eq!(p.input_multipliers, [(1 << 30, 0), (1 << 30, 0)]);
        assert_eq!(p.output_multiplier, (1 << 30, -12));
        // (1000 + 3000)·0.5 / 0.25 = 8000, exactly.
        assert_eq!(reference_op(Arith::Add, &p, 1000, 3000, INT16), 8000);
        // The input of the larger scale is halved: exactly a shift by 14, for every value.
        for x in (-32768..=32767).step_by(7).chain([32767]) {
            assert_eq!(p.scaled_input(0, x), x << 14);
        }
        // Saturation at both ends.
        assert_eq!(reference_op(Arith::Add, &p, 20000, 20000, INT16), 32767);
        assert_eq!(reference_op(Arith::Add, &p, -20000, -20000, INT16), -32768);
        let p = QuantizedParams::new(Arith::Sub, 16, (0.5, 0), (0.5, 0), (0.25, 0)).unwrap();
        assert_eq!(reference_op(Arith::Sub, &p, -32768, 32767, INT16), -32768);
        assert_eq!(reference_op(Arith::Sub, &p, 100, -50, INT16), 300);
        // The extreme stored values with extreme zero points fit the 32-bit accumulator:
        // (32767 + 32768) << 15 < 2^31.
        let p = QuantizedParams::new(Arith::Add, 16, (1.0, -32768), (1.0, 32767), (1.0, 0)).unwrap();
        assert_eq!(p.scaled_input(0, 32767), 65535 << 14);
        assert_eq!(reference_op(Arith::Add, &p, 32767, -32768, INT16), 0);
        // Different scales: the smaller one is rescaled by s2 / (2·s1) < 1/2.
        let p = QuantizedParams::new(Arith::Add, 16, (0.002, 0), (0.0005, 0), (0.001, 0)).unwrap();
        assert_eq!(p.input_multipliers[0], (1 << 30, 0));
        assert_eq!(p.input_multipliers[1], quantize_multiplier(f64::from(0.0005f32) / (2.0 * f64::from(0.002f32))));
        // 100·0.002 + 400·0.0005 = 0.4 -> 400 at scale 0.001.
        assert_eq!(reference_op(Arith::Add, &p, 100, 400, INT16), 400);
        // mul: a multiplier above one (0.5·0.5/0.01 = 25) and below one (0.01·0.01/0.5).
        let p = QuantizedParams::new(Arith::Mul, 16, (0.5, 0), (0.5, 0), (0.01, 0)).unwrap();
        assert!(p.output_multiplier.1 > 0);
        assert_eq!(reference_op(Arith::Mul, &p, 30, -40, INT16), -30000);
        assert_eq!(reference_op(Arith::Mul, &p, 300, 300, INT16), 32767);
        let p = QuantizedParams::new(Arith::Mul, 16, (0.01, 0), (0.01, 0), (0.5, 0)).unwrap();
        assert!(p.output_multiplier.1 < 0);
        assert_eq!(reference_op(Arith::Mul, &p, 1000, -2000, INT16), -400);
    }
}
