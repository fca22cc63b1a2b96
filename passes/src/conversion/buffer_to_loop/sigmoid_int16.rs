//! `logistic` and `tanh` from int16 to int16 (zero points 0, output scale 2^-15), as TFLite
//! Micro's `reference_integer_ops::Logistic(int16)` and `Tanh(int16)` compute them: through
//! TFLite's 256-entry table of `sigmoid(i / 24)` in Q0.16 ([`SIGMOID_TABLE`]), linearly
//! interpolated, using `tanh(x) = 2 · sigmoid(2x) - 1` and the symmetry of both functions.
//!
//! The input is first brought to the table's scale, `1 / (3 · 4096)` (±2^17 is ±10.7), by a
//! multiplier and right shift [`Int16SigmoidParams`] derives as TFLM's `Prepare` does: for a
//! power-of-two scale of 2^-12 (also 2^-11 for tanh; "power of two" to within 10^-3 in log2)
//! the multiplier is 3 or 6 with no shift, for any other scale the multiplier is
//! `scale · 3 · 4096` doubled until it passes 32767 / 2 (at most 31 times) and truncated. Per
//! element, at run time (`k` = 9 for logistic, 8 for tanh):
//!
//! ```text
//! v = (x · multiplier + round) >> shift                  (round = 2^(shift - 1), or 0)
//! a = |v|            h = a >> k            t = a & (2^k - 1)
//! r = h >= 255 ? saturated : (table[h] << k) + t · (table[h + 1] - table[h])
//! logistic: y = (v >= 0 ? r + 2^9 : 2^25 - r + 2^9 - 1) >> 10          (saturated = 0x7FFF << 10)
//! tanh:     y = (v >= 0 ? r - 2^23 + 2^7 : 2^23 - r + 2^7 - 1) >> 8     (saturated = 0xFFFF << 8)
//! ```
//!
//! Every intermediate fits `i32` (TFLM computes `r` in `uint32_t`, below 2^26) as long as
//! `x · multiplier` does, which mc requires (multipliers up to 65535, scales below 16/3).

use super::activation::Function;
use super::emitter::KernelEmitter;
use super::quantization::checked_log2;
use mc_dialects::arith::build::{cmpi, select};
use mc_ir::{Diagnostic, Value};

/// TFLite's `sigmoid_table_uint16` (`kernels/internal/common.h`): `sigmoid(i / 24)` for `i` in
/// `0..256` in Q0.16, saturated at 65535. The values are TFLite's own, not a rounding of the
/// function (many sit one above it, up to 1.11 away), so they are data here rather than computed.
pub const SIGMOID_TABLE: [u16; 256] = [
    32768, 33451, 34133, 34813, 35493, 36169, 36843, 37513, 38180, 38841, 39498, 40149, 40794, 41432, 42064, 42688,
    43304, 43912, 44511, 45102, 45683, 46255, 46817, 47369, 47911, 48443, 48964, 49475, 49975, 50464, 50942, 51409,
    51865, 52311, 52745, 53169, 53581, 53983, 54374, 54755, 55125, 55485, 55834, 56174, 56503, 56823, 57133, 57433,
    57724, 58007, 58280, 58544, 58800, 59048, 59288, 59519, 59743, 59959, 60168, 60370, 60565, 60753, 60935, 61110,
    61279, 61441, 61599, 61750, 61896, 62036, 62172, 62302, 62428, 62549, 62666, 62778, 62886, 62990, 63090, 63186,
    63279, 63368, 63454, 63536, 63615, 63691, 63765, 63835, 63903, 63968, 64030, 64090, 64148, 64204, 64257, 64308,
    64357, 64405, 64450, 64494, 64536, 64576, 64614, 64652, 64687, 64721, 64754, 64786, 64816, 64845, 64873, 64900,
    64926, 64950, 64974, 64997, 65019, 65039, 65060, 65079, 65097, 65115, 65132, 65149, 65164, 65179, 65194, 65208,
    65221, 65234, 65246, 65258, 65269, 65280, 65291, 65301, 65310, 65319, 65328, 65337, 65345, 65352, 65360, 65367,
    65374, 65381, 65387, 65393, 65399, 65404, 65410, 65415, 65420, 65425, 65429, 65433, 65438, 65442, 65445, 65449,
    65453, 65456, 65459, 65462, 65465, 65468, 65471, 65474, 65476, 65479, 65481, 65483, 65485, 65488, 65489, 65491,
    65493, 65495, 65497, 65498, 65500, 65501, 65503, 65504, 65505, 65507, 65508, 65509, 65510, 65511, 65512, 65513,
    65514, 65515, 65516, 65517, 65517, 65518, 65519, 65520, 65520, 65521, 65522, 65522, 65523, 65523, 65524, 65524,
    65525, 65525, 65526, 65526, 65526, 65527, 65527, 65528, 65528, 65528, 65529, 65529, 65529, 65529, 65530, 65530,
    65530, 65530, 65531, 65531, 65531, 65531, 65531, 65532, 65532, 65532, 65532, 65532, 65532, 65533, 65533, 65533,
    65533, 65533, 65533, 65533, 65533, 65534, 65534, 65534, 65534, 65534, 65534, 65534, 65534, 65534, 65534, 65535,
];

/// `kInputIntegerBits` of TFLM's int16 logistic and tanh: the input scale `2^-12` is the
/// power-of-two case (`15 - 3 + log2(scale) = 0`).
const INPUT_INTEGER_BITS: i32 = 3;

/// `kOutputFractionalBits`: the output scale is `2^-15`.
const OUTPUT_FRACTIONAL_BITS: i32 = 15;

/// The largest multiplier for which `x · multiplier` cannot overflow `int32_t` for any int16 `x`
/// (TFLM's `DCHECK` asks for 32767 at most; its release build computes up to here exactly).
const MAX_MULTIPLIER: i32 = 65535;

/// The input rescaling TFLM's int16 `LogisticPrepare`/`TanhPrepare` derive.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Int16SigmoidParams {
    /// `input_multiplier`, already tripled in the power-of-two case as the kernel does.
    pub multiplier: i32,
    /// `input_left_shift`, a right shift with rounding (0 in the power-of-two case).
    pub shift: i32,
}

impl Int16SigmoidParams {
    /// The parameters of `function` for an input of `scale`, from the `float` scale as TFLM
    /// derives them; an error for scales whose multiplier would overflow TFLM's `int32_t`
    /// product (16/3 and above).
    pub fn new(function: Function, scale: f32) -> Result<Int16SigmoidParams, String> {
        let (log2, power_of_two) = checked_log2(scale);
        let left_shift = (15 - INPUT_INTEGER_BITS) + log2;
        let power_of_two_shifts: &[i32] = match function {
            Function::Logistic => &[0],
            Function::Tanh => &[0, 1],
        };
        if power_of_two && power_of_two_shifts.contains(&left_shift) {
            return Ok(Int16SigmoidParams { multiplier: 3 << left_shift, shift: 0 });
        }
        let mut multiplier = f64::from(scale) * 4096.0 * 3.0;
        let mut shift = 0;
        while multiplier <= 32767.0 / 2.0 && shift <= 30 {
            shift += 1;
            multiplier *= 2.0;
        }
        if !multiplier.is_finite() || multiplier >= f64::from(MAX_MULTIPLIER + 1) {
            return Err(format!(
                "int16 input scale {scale} (TFLite Micro's input multiplier {multiplier} overflows its int32 product from scale 16/3 on)"
            ));
        }
        Ok(Int16SigmoidParams { multiplier: multiplier as i32, shift })
    }
}

/// An int16 `logistic` or `tanh` ready to emit: its parameters and the table in the module.
#[derive(Copy, Clone)]
pub struct Int16Sigmoid {
    function: Function,
    params: Int16SigmoidParams,
    /// [`SIGMOID_TABLE`] as an `i16` global (read back unsigned).
    table: Value,
}

impl Int16Sigmoid {
    /// Checks the kernel's quantization as TFLM's `Prepare` does (zero points 0, an output scale
    /// of 2^-15 by `CheckedLog2`), derives the parameters and adds the table to the module.
    pub fn prepare(e: &mut KernelEmitter<'_>, function: Function) -> Result<Int16Sigmoid, Diagnostic> {
        let (input_scale, input_zero_point) = e.per_tensor(e.inputs[0])?;
        let (output_scale, output_zero_point) = e.per_tensor(e.output)?;
        let output_power = checked_log2(output_scale as f32);
        if input_zero_point != 0 || output_zero_point != 0 || output_power != (-OUTPUT_FRACTIONAL_BITS, true) {
            return Err(e.unsupported(format!(
                "int16 input zero point {input_zero_point}, output scale {output_scale} and zero point {output_zero_point} \
                 (TFLite Micro requires zero points 0 and the output scale 2^-15)"
            )));
        }
        let params = Int16SigmoidParams::new(function, input_scale as f32).map_err(|m| e.unsupported(m))?;
        Ok(Int16Sigmoid::with_params(e, function, params))
    }

    /// The function with parameters a kernel fixes itself (the LSTM's gates), its table added
    /// to the module.
    pub fn with_params(e: &mut KernelEmitter<'_>, function: Function, params: Int16SigmoidParams) -> Int16Sigmoid {
        let values: Vec<i64> = SIGMOID_TABLE.iter().map(|&v| i64::from(v as i16)).collect();
        let table = e.table("sigmoid_table", 16, &values);
        Int16Sigmoid { function, params, table }
    }

    /// The output of one int16 input element `x` (`i16`), as an `i16`.
    pub fn apply(&self, e: &mut KernelEmitter<'_>, x: Value) -> Value {
        let i32 = e.b.ctx.integer_type(32);
        let Int16SigmoidParams { multiplier, shift } = self.params;
        let x = e.extsi_i32(x);
        let multiplier = e.i32(multiplier);
        let mut v = e.muli(x, multiplier);
        if shift > 0 {
            let round = e.i32(1 << (shift - 1));
            v = e.addi(v, round);
            let shift = e.i32(shift);
            v = e.binary("arith.shrsi", v, shift);
        }
        let zero = e.i32(0);
        let negative = cmpi(&mut e.b, "slt", v, zero);
        let negated = e.binary("arith.subi", zero, v);
        let magnitude = select(&mut e.b, negative, negated, v);
        let bits = self.function.interpolation_bits();
        let k = e.i32(bits);
        let high = e.binary("arith.shrui", magnitude, k);
        let last = e.i32(254);
        let saturated = cmpi(&mut e.b, "sgt", high, last);
        // The loads stay in bounds for saturated inputs; their value is not used.
        let entry = e.binary("arith.minsi", high, last);
        let index_ty = e.b.ctx.index_type();
        let index = e.unary("arith.index_cast", entry, index_ty);
        let one = e.index(1);
        let next_index = e.addi(index, one);
        let base = e.load(self.table, &[index]);
        let base = e.unary("arith.extui", base, i32);
        let next = e.load(self.table, &[next_index]);
        let next = e.unary("arith.extui", next, i32);
        let mask = e.i32((1 << bits) - 1);
        let fraction = e.binary("arith.andi", magnitude, mask);
        let slope = e.binary("arith.subi", next, base);
        let step = e.muli(fraction, slope);
        let scaled_base = e.binary("arith.shli", base, k);
        let interpolated = e.addi(scaled_base, step);
        let (saturation, positive_offset, negative_offset, output_shift) = self.function.int16_tail();
        let saturation = e.i32(saturation);
        let r = select(&mut e.b, saturated, saturation, interpolated);
        let positive_offset = e.i32(positive_offset);
        let up = e.addi(r, positive_offset);
        let negative_offset = e.i32(negative_offset);
        let down = e.binary("arith.subi", negative_offset, r);
        let unshifted = select(&mut e.b, negative, down, up);
        let output_shift = e.i32(output_shift);
        let y = e.binary("arith.shrsi", unshifted, output_shift);
        e.trunci(y, 16)
    }
}

impl Function {
    /// The bits of the rescaled input below one table step: entry `i` is `sigmoid(i / 24)` and
    /// the input unit `1 / (3 · 4096)`, so a step is 2^9 units for logistic and 2^8 for tanh,
    /// which reads `sigmoid(2x)`.
    fn interpolation_bits(self) -> i32 {
        match self {
            Function::Logistic => 9,
            Function::Tanh => 8,
        }
    }

    /// TFLM's tail constants: `(saturated r, offset added to r for v >= 0, value r is subtracted
    /// from for v < 0, final right shift)`.
    fn int16_tail(self) -> (i32, i32, i32, i32) {
        match self {
            Function::Logistic => (0x7FFF << 10, 1 << 9, (1 << 25) + (1 << 9) - 1, 10),
            Function::Tanh => (0xFFFF << 8, -(1 << 23) + (1 << 7), (1 << 23) + (1 << 7) - 1, 8),
        }
    }
}

/// Rust versions of TFLM's int16 kernels, for tests.
#[cfg(test)]
impl Int16SigmoidParams {
    /// `reference_integer_ops::Logistic`/`Tanh` of one int16 input.
    fn evaluate(&self, function: Function, x: i16) -> i16 {
        let round = if self.shift > 0 { 1 << (self.shift - 1) } else { 0 };
        let v = (i32::from(x) * self.multiplier + round) >> self.shift;
        let a = v.unsigned_abs();
        let bits = function.interpolation_bits() as u32;
        let high = (a >> bits) as usize;
        let (saturation, positive_offset, negative_offset, output_shift) = function.int16_tail();
        let r = if high >= 255 {
            saturation
        } else {
            let (base, next) = (i32::from(SIGMOID_TABLE[high]), i32::from(SIGMOID_TABLE[high + 1]));
            (base << bits) + (a & ((1 << bits) - 1)) as i32 * (next - base)
        };
        let y = if v >= 0 { r + positive_offset } else { negative_offset - r };
        (y >> output_shift) as i16
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_the_sigmoid_in_q0_16() {
        for (i, &entry) in SIGMOID_TABLE.iter().enumerate() {
            let exact = 65536.0 / (1.0 + (-(i as f64) / 24.0).exp());
            assert!((f64::from(entry) - exact.min(65535.0)).abs() < 1.2, "entry {i}: {entry} vs {exact}");
        }
        assert!(SIGMOID_TABLE.windows(2).all(|w| w[0] <= w[1]));
    }

    #[test]
    fn parameters_follow_tflm() {
        let p = |function, scale| Int16SigmoidParams::new(function, scale).unwrap();
        let pair = |p: Int16SigmoidParams| (p.multiplier, p.shift);
        // 2^-12: the power-of-two case of both (multiplier 3).
        assert_eq!(pair(p(Function::Logistic, 1.0 / 4096.0)), (3, 0));
        assert_eq!(pair(p(Function::Tanh, 1.0 / 4096.0)), (3, 0));
        // 2^-11: a power of two only tanh takes as such (6); logistic rescales 24576 · 2^-12.
        assert_eq!(pair(p(Function::Tanh, 1.0 / 2048.0)), (6, 0));
        assert_eq!(pair(p(Function::Logistic, 1.0 / 2048.0)), (24576, 12));
        // Within 10^-3 of 2^-12 in log2: still the power-of-two case.
        assert_eq!(pair(p(Function::Logistic, 1.0003 / 4096.0)), (3, 0));
        // General scales: 0.001 · 12288 = 12.288, doubled 11 times, truncated.
        assert_eq!(pair(p(Function::Logistic, 0.001)), (25165, 11));
        // Large scales: no doubling; 2 · 12288 = 24576, 5.3 · 12288 = 65126 still fits.
        assert_eq!(pair(p(Function::Tanh, 2.0)), (24576, 0));
        assert_eq!(pair(p(Function::Tanh, 5.3)), (65126, 0));
        assert!(Int16SigmoidParams::new(Function::Tanh, 5.4).is_err());
        // Tiny scales stop after 31 doublings.
        assert_eq!(p(Function::Logistic, 1e-12).shift, 31);
    }

    #[test]
    fn outputs_approximate_the_functions() {
        let scale = 0.001f32;
        for function in [Function::Logistic, Function::Tanh] {
            let params = Int16SigmoidParams::new(function, scale).unwrap();
            for x in (i16::MIN..=i16::MAX).step_by(97) {
                let real = f64::from(x) * f64::from(scale);
                let expected = match function {
                    Function::Logistic => 1.0 / (1.0 + (-real).exp()),
                    Function::Tanh => real.tanh(),
                };
                let y = f64::from(params.evaluate(function, x)) / 32768.0;
                assert!((y - expected).abs() < 1e-3, "{function:?}({real}) = {y}, expected {expected}");
            }
        }
        // Saturation: logistic's low end stays at 1 (TFLM's rounding of the mirrored maximum).
        let params = Int16SigmoidParams::new(Function::Logistic, 1.0).unwrap();
        assert_eq!(params.evaluate(Function::Logistic, i16::MIN), 1);
        assert_eq!(params.evaluate(Function::Logistic, i16::MAX), 32767);
        let params = Int16SigmoidParams::new(Function::Tanh, 1.0).unwrap();
        assert_eq!(params.evaluate(Function::Tanh, i16::MIN), -32767);
        assert_eq!(params.evaluate(Function::Tanh, 0), 0);
    }
}
