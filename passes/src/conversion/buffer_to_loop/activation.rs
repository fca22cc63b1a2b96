//! The elementwise activations `relu`, `relu6`, `relu_n1_to_1`, `leaky_relu`, `logistic` and `tanh`: one
//! loop per output dimension, each element loaded, mapped and stored at the same indices (so
//! strided operands work and the kernel runs in place).
//!
//! | kernel | int8 (TFLite Micro) | int16 (TFLite Micro) | float |
//! |---|---|---|---|
//! | `relu` | `ReluQuantized`: `clamp(out_zp + MBQM(x - in_zp), max(out_zp, -128), 127)` (no MBQM for equal scales) | `ReluQuantized<int16_t>`: the same in `[0, 32767]`, zero points 0 (`ReluPrepare` requires them) | `x < 0 ? 0 : x` |
//! | `relu_n1_to_1` | TFLite's `ReluX` (TFLM has no kernel): as `relu`, clamped to quantized ±1 | none: TFLM has no kernel and TFLite's takes no int16 (the support table refuses it) | `clamp(x, -1, 1)` |
//! | `leaky_relu` | `QuantizeLeakyRelu`: `clamp(out_zp + MBQM(x - in_zp, x ≥ in_zp ? identity : alpha), -128, 127)` | `QuantizeLeakyRelu<int16_t>`: the same in `[-32768, 32767]`, any zero points | `x > 0 ? x : x · alpha` |
//! | `relu6` | `Relu6Quantized`: `clamp(x, in_zp, quantized 6)` in the *input's* quantization, no rescaling | `Relu6Quantized<int16_t>`: the same, any zero point | `clamp(x, 0, 6)` |
//! | `logistic` | `reference_integer_ops::Logistic`, as a 256-entry table | `reference_integer_ops::Logistic(int16)`: TFLite's sigmoid table, interpolated ([`sigmoid_int16`](super::sigmoid_int16)) | `1 / (1 + exp(-x))` with TFLM's cutoffs |
//! | `tanh` | `reference_integer_ops::Tanh`, as a 256-entry table | `reference_integer_ops::Tanh(int16)`: the same table at twice the input | `math.tanh` |
//!
//! An int8 logistic or tanh depends on nothing but the input byte, so mc evaluates TFLM's
//! gemmlowp arithmetic ([`reference`]) for all 256 input values at compile time and the nest is
//! one table load per element. TFLM requires an int8 logistic's output to be quantized as scale
//! 1/256 zero point -128 (others are rejected); its int8 tanh checks nothing and writes units of
//! 1/128 with zero point 0 whatever the output's quantization says, and so does mc. An int16 input has
//! too many values for a table of results: int16 logistic and tanh interpolate TFLite's sigmoid
//! table per element.

use super::emitter::{ElementKind, KernelEmitter};
use super::gemmlowp::reference;
use super::lut::lookup_int8;
use super::quantization::{
    INT8_RANGE, INT16_RANGE, Scale, activation_range_quantized, clamp_f32, quantize_multiplier, requantize,
};
use super::sigmoid_int16::Int16Sigmoid;
use mc_dialects::arith::CMPF_PREDICATES;
use mc_dialects::arith::build::{cmpi, select};
use mc_dialects::arith::fixed_point::reference::{multiply_by_quantized_multiplier, rounding_divide_by_pot};
use mc_dialects::graph::Activation;
use mc_ir::{Diagnostic, Value};

/// Lowers one of the five activations (`e.name` says which).
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    match (e.kind(input), e.kind(output)) {
        (ElementKind::F32, ElementKind::F32) => lower_f32(e),
        (ElementKind::Int8, ElementKind::Int8) => lower_int8(e),
        (ElementKind::Int16, ElementKind::Int16) => lower_int16(e),
        _ => Err(e.unsupported_types("")),
    }
}

/// Builds the nest over the output: `map` turns each loaded input element into the output one.
pub(super) fn elementwise(
    e: &mut KernelEmitter<'_>,
    map: impl Fn(&mut KernelEmitter<'_>, Value) -> Value,
) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let shape = e.shape(output);
    e.nest(&shape, |e, ivs| {
        let x = e.load(input, ivs);
        let y = map(e, x);
        e.store(y, output, ivs);
        Ok(())
    })
}

/// `arith.cmpf predicate, lhs, rhs`.
pub(super) fn cmpf(e: &mut KernelEmitter<'_>, predicate: &str, lhs: Value, rhs: Value) -> Value {
    let index = CMPF_PREDICATES.iter().position(|&p| p == predicate).expect("a cmpf predicate keyword");
    let (i64, i1) = (e.b.ctx.integer_type(64), e.b.ctx.integer_type(1));
    let attr = e.b.ctx.integer_attr(index as i128, i64);
    e.b.create("arith.cmpf", &[lhs, rhs], &[i1], vec![("predicate".to_string(), attr)], Vec::new()).result(0)
}

/// `reference_ops::Logistic` of one `f32`: 1 above 16.619047, `exp(x)` below -9, else
/// `1 / (1 + exp(-x))`; one exp per element.
pub(super) fn logistic_f32(e: &mut KernelEmitter<'_>, x: Value) -> Value {
    let f32 = e.b.ctx.value_type(x);
    let (upper, lower, one) = (e.f32(16.619_047), e.f32(-9.0), e.f32(1.0));
    let below = cmpf(e, "olt", x, lower);
    let negated = e.unary("arith.negf", x, f32);
    let argument = select(&mut e.b, below, x, negated);
    let exp = e.unary("math.exp", argument, f32);
    let denominator = e.binary("arith.addf", one, exp);
    let logistic = e.binary("arith.divf", one, denominator);
    let result = select(&mut e.b, below, exp, logistic);
    let above = cmpf(e, "ogt", x, upper);
    select(&mut e.b, above, one, result)
}

/// TFLM's float kernels.
fn lower_f32(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    match e.name.as_str() {
        // ReluFloat: val < 0 ? 0 : val (keeps -0.0, unlike a maximum).
        "relu" => elementwise(e, |e, x| {
            let zero = e.f32(0.0);
            let negative = cmpf(e, "olt", x, zero);
            select(&mut e.b, negative, zero, x)
        }),
        // Relu6Float: val > 6 ? 6 : val < 0 ? 0 : val.
        "relu6" => elementwise(e, |e, x| {
            let (zero, six) = (e.f32(0.0), e.f32(6.0));
            let negative = cmpf(e, "olt", x, zero);
            let low = select(&mut e.b, negative, zero, x);
            let above = cmpf(e, "ogt", x, six);
            select(&mut e.b, above, six, low)
        }),
        "relu_n1_to_1" => elementwise(e, |e, x| clamp_f32(e, x, (-1.0, 1.0))),
        // reference_ops::LeakyRelu: val > 0 ? val : val * alpha (alpha may be negative or above 1).
        "leaky_relu" => {
            let alpha = e.float_attr("alpha")?;
            elementwise(e, |e, x| {
                let (zero, alpha) = (e.f32(0.0), e.f32(alpha));
                let positive = cmpf(e, "ogt", x, zero);
                let scaled = e.binary("arith.mulf", x, alpha);
                select(&mut e.b, positive, x, scaled)
            })
        }
        "logistic" => elementwise(e, logistic_f32),
        "tanh" => elementwise(e, |e, x| {
            let f32 = e.b.ctx.value_type(x);
            e.unary("math.tanh", x, f32)
        }),
        other => Err(e.unsupported(format!("unknown activation '{other}'"))),
    }
}

/// TFLM's int8 kernels.
fn lower_int8(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let (input_scale, input_zero_point) = e.per_tensor(input)?;
    let (output_scale, output_zero_point) = e.per_tensor(output)?;
    let input_q = (input_scale as f32, input_zero_point as i32);
    let output_q = (output_scale as f32, output_zero_point as i32);
    match e.name.as_str() {
        "relu" => lower_relu_x(e, Activation::Relu, input_q, output_q, (8, INT8_RANGE)),
        "relu_n1_to_1" => lower_relu_x(e, Activation::ReluN1To1, input_q, output_q, (8, INT8_RANGE)),
        "relu6" => lower_relu6(e, input_q, (8, INT8_RANGE)),
        "leaky_relu" => lower_leaky_relu(e, input_q, output_q, (8, INT8_RANGE)),
        "logistic" | "tanh" => {
            let function = if e.name == "logistic" { Function::Logistic } else { Function::Tanh };
            if let Some((scale, zero_point)) = function.required_output_quantization()
                && output_q != (scale, zero_point)
            {
                return Err(e.unsupported(format!(
                    "int8 output scale {output_scale}, zero point {output_zero_point} (TFLite Micro requires {scale}, {zero_point})"
                )));
            }
            let params = GemmlowpParams::new(input_q).map_err(|m| e.unsupported(m))?;
            let values: Vec<i64> = (-128..=127).map(|x| i64::from(params.evaluate(function, x))).collect();
            lookup_int8(e, function.table_name(), &values)
        }
        other => Err(e.unsupported(format!("unknown activation '{other}'"))),
    }
}

/// TFLM's int16 kernels: `relu` (`ReluQuantized<int16_t>`, zero points 0 as `ReluPrepare`
/// requires), `relu6` (`Relu6Quantized<int16_t>`, any zero point), `leaky_relu`
/// (`QuantizeLeakyRelu<int16_t>`, any zero points), `logistic` and `tanh`
/// (`reference_integer_ops::Logistic`/`Tanh` of `int16_t`, [`sigmoid_int16`](super::sigmoid_int16)).
fn lower_int16(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let (input_scale, input_zero_point) = e.per_tensor(input)?;
    let (output_scale, output_zero_point) = e.per_tensor(output)?;
    let input_q = (input_scale as f32, input_zero_point as i32);
    let output_q = (output_scale as f32, output_zero_point as i32);
    match e.name.as_str() {
        "relu" if (input_zero_point, output_zero_point) != (0, 0) => Err(e.unsupported(format!(
            "int16 relu with zero points {input_zero_point} -> {output_zero_point} (TFLite Micro requires 0)"
        ))),
        "relu" => lower_relu_x(e, Activation::Relu, input_q, output_q, (16, INT16_RANGE)),
        "relu6" => lower_relu6(e, input_q, (16, INT16_RANGE)),
        "leaky_relu" => lower_leaky_relu(e, input_q, output_q, (16, INT16_RANGE)),
        "logistic" | "tanh" => {
            let function = if e.name == "logistic" { Function::Logistic } else { Function::Tanh };
            let sigmoid = Int16Sigmoid::prepare(e, function)?;
            elementwise(e, |e, x| sigmoid.apply(e, x))
        }
        other => Err(e.unsupported(format!("int16 {other} has no lowering"))),
    }
}

/// `relu6` on int8 or int16 (`bits` and `storage` range): `Relu6Quantized` clamps to `[zero_point, quantized 6]`
/// in the *input's* quantization (`FloatToQuantizedType`, cut to the storage range), ignoring
/// the output's.
fn lower_relu6(
    e: &mut KernelEmitter<'_>,
    (scale, zero_point): (f32, i32),
    (bits, storage): (u32, (i32, i32)),
) -> Result<(), Diagnostic> {
    let (low, high) = activation_range_quantized(Activation::Relu6, scale.into(), zero_point.into(), storage)
        .map_err(|m| e.unsupported(m))?;
    elementwise(e, |e, x| {
        let (low, high) = (e.int(low.into(), bits), e.int(high.into(), bits));
        e.clamp_si(x, low, high)
    })
}

/// `relu` and `relu_n1_to_1` on int8 or int16 (`bits` and `storage` range): rescale from the input to the output
/// quantization (`QuantizeMultiplier(in_scale / out_scale)`, in double from the float scales),
/// then clamp to the activation's quantized range within the storage range.
fn lower_relu_x(
    e: &mut KernelEmitter<'_>,
    activation: Activation,
    (input_scale, input_zero_point): (f32, i32),
    (output_scale, output_zero_point): (f32, i32),
    (bits, storage): (u32, (i32, i32)),
) -> Result<(), Diagnostic> {
    let (multiplier, shift) = quantize_multiplier(f64::from(input_scale) / f64::from(output_scale));
    if !(-31..=30).contains(&shift) {
        return Err(e.unsupported(format!("input scale {input_scale} over output scale {output_scale} out of range")));
    }
    let range = activation_range_quantized(activation, output_scale.into(), output_zero_point.into(), storage)
        .map_err(|m| e.unsupported(m))?;
    // Equal scales give the multiplier 2^30 · 2^1 / 2^31 = 1, for which MBQM is exactly the
    // identity: only the zero points move.
    let identity = (multiplier, shift) == (1 << 30, 1);
    elementwise(e, |e, x| {
        let x = e.extsi_i32(x);
        if identity {
            let offset = e.i32(output_zero_point - input_zero_point);
            let shifted = e.addi(x, offset);
            let (low, high) = (e.i32(range.0), e.i32(range.1));
            let clamped = e.clamp_si(shifted, low, high);
            return e.trunci(clamped, bits);
        }
        let zero_point = e.i32(input_zero_point);
        let centered = e.binary("arith.subi", x, zero_point);
        let scale = Scale::constant(e, (multiplier, shift));
        requantize(e, centered, scale, output_zero_point, range, bits)
    })
}

/// `leaky_relu` on int8 or int16 (`bits` and `storage` range), as TFLM's `QuantizeLeakyRelu`:
/// the input minus its zero point, rescaled by the identity multiplier where it is non-negative
/// and by the alpha multiplier below, plus the output zero point, clamped to the storage range.
///
/// The installed TFLite Micro differs from upstream's source here (the interpreter wins): it
/// takes both ratios in `double` from the `float` scales and alpha (upstream's `Prepare` divides
/// in `float`), and for a negative alpha it computes `-MultiplyByQuantizedMultiplier(x, |m|)`,
/// so ties round towards zero where a negative multiplier would round them up (the conformance
/// suites pin both down).
fn lower_leaky_relu(
    e: &mut KernelEmitter<'_>,
    (input_scale, input_zero_point): (f32, i32),
    (output_scale, output_zero_point): (f32, i32),
    (bits, storage): (u32, (i32, i32)),
) -> Result<(), Diagnostic> {
    let alpha = e.float_attr("alpha")?;
    let multipliers = LeakyReluMultipliers::new(alpha, input_scale, output_scale);
    for (what, (_, shift)) in
        [("input scale over output scale", multipliers.identity), ("|alpha| times that ratio", multipliers.alpha)]
    {
        if shift > 30 {
            return Err(e.unsupported(format!(
                "{what} out of range (input scale {input_scale}, alpha {alpha}, output scale {output_scale})"
            )));
        }
    }
    elementwise(e, |e, x| {
        let x = e.extsi_i32(x);
        let zero_point = e.i32(input_zero_point);
        let centered = e.binary("arith.subi", x, zero_point);
        let zero = e.i32(0);
        let non_negative = cmpi(&mut e.b, "sge", centered, zero);
        let (identity_multiplier, identity_shift) = (e.i32(multipliers.identity.0), e.i32(multipliers.identity.1));
        let (alpha_multiplier, alpha_shift) = (e.i32(multipliers.alpha.0), e.i32(multipliers.alpha.1));
        let multiplier = select(&mut e.b, non_negative, identity_multiplier, alpha_multiplier);
        let shift = select(&mut e.b, non_negative, identity_shift, alpha_shift);
        let mut scaled = Scale::General(multiplier, shift).apply(e, centered);
        if multipliers.negate_alpha {
            let negated = e.binary("arith.subi", zero, scaled);
            scaled = select(&mut e.b, non_negative, scaled, negated);
        }
        let offset = e.i32(output_zero_point);
        let shifted = e.addi(scaled, offset);
        let (low, high) = (e.i32(storage.0), e.i32(storage.1));
        let clamped = e.clamp_si(shifted, low, high);
        e.trunci(clamped, bits)
    })
}

/// The compile-time parameters of an int8 or int16 `leaky_relu`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct LeakyReluMultipliers {
    /// `QuantizeMultiplier(in_scale / out_scale)`, for inputs at or above the zero point.
    identity: (i32, i32),
    /// `QuantizeMultiplier(|in_scale · alpha / out_scale|)`, for inputs below it.
    alpha: (i32, i32),
    /// Whether alpha is negative: the alpha product is negated.
    negate_alpha: bool,
}

impl LeakyReluMultipliers {
    /// The parameters for `alpha` between the given scales, the ratios in `double`.
    fn new(alpha: f32, input_scale: f32, output_scale: f32) -> LeakyReluMultipliers {
        let ratio = f64::from(input_scale) / f64::from(output_scale);
        let alpha_ratio = f64::from(input_scale) * f64::from(alpha) / f64::from(output_scale);
        LeakyReluMultipliers {
            identity: quantize_multiplier(ratio),
            alpha: quantize_multiplier(alpha_ratio.abs()),
            negate_alpha: alpha_ratio < 0.0,
        }
    }
}

/// The gemmlowp function of an int8 `logistic` or `tanh`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Function {
    /// `gemmlowp::logistic`, output Q0.8 offset by -128.
    Logistic,
    /// `gemmlowp::tanh`, output Q0.7.
    Tanh,
}

impl Function {
    /// The output `(scale, zero point)` TFLM's `Prepare` requires: logistic's; tanh's kernel
    /// checks none (it writes Q0.7, 1/128 with zero point 0, into any output).
    fn required_output_quantization(self) -> Option<(f32, i32)> {
        match self {
            Function::Logistic => Some((1.0 / 256.0, -128)),
            Function::Tanh => None,
        }
    }

    /// The name hint of its lookup table.
    fn table_name(self) -> &'static str {
        match self {
            Function::Logistic => "logistic_table",
            Function::Tanh => "tanh_table",
        }
    }
}

/// `kInputIntegerBits` of TFLM's int8 logistic and tanh: the input is rescaled to Q4.27.
const INPUT_INTEGER_BITS: i32 = 4;

/// The parameters TFLM's int8 `LogisticPrepare`/`TanhPrepare` derive from the input
/// quantization.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GemmlowpParams {
    /// The input zero point.
    pub zero_point: i32,
    /// `input_multiplier`: the significand of `scale · 2^27`, in Q0.31.
    pub multiplier: i32,
    /// `input_left_shift`: its exponent (`frexp`).
    pub shift: i32,
    /// `input_range_radius`: inputs at or past it saturate.
    pub radius: i32,
}

impl GemmlowpParams {
    /// The parameters for an input of `(scale, zero_point)`: `frexp(scale · 2^27)` in double,
    /// the significand rounded to Q0.31, `radius = CalculateInputRadius(4, shift, 31)`. An error
    /// for scales so small that TFLM's radius overflows an `int`.
    pub fn new((scale, zero_point): (f32, i32)) -> Result<GemmlowpParams, String> {
        let real = f64::from(scale) * f64::from(1 << (31 - INPUT_INTEGER_BITS));
        let (fraction, shift) = mc_dialects::arith::fixed_point::reference::frexp(real);
        if !(0..=62).contains(&shift) {
            return Err(format!("input scale {scale} out of TFLite Micro's range"));
        }
        let multiplier = (fraction * (1i64 << 31) as f64).round() as i64;
        let multiplier = i32::try_from(multiplier).map_err(|_| format!("input scale {scale}: multiplier overflows"))?;
        let radius = (f64::from((1 << INPUT_INTEGER_BITS) - 1) * (1i64 << (31 - INPUT_INTEGER_BITS)) as f64
            / (1i64 << shift) as f64)
            .floor() as i32;
        Ok(GemmlowpParams { zero_point, multiplier, shift, radius })
    }

    /// TFLM's `reference_integer_ops::Logistic`/`Tanh` of one int8 input `x`.
    pub fn evaluate(&self, function: Function, x: i32) -> i8 {
        let input = x - self.zero_point;
        if input <= -self.radius {
            return i8::MIN;
        }
        if input >= self.radius {
            return i8::MAX;
        }
        let input_in_q4 = multiply_by_quantized_multiplier(input, self.multiplier, self.shift);
        let output = match function {
            Function::Logistic => {
                rounding_divide_by_pot(reference::logistic(input_in_q4, INPUT_INTEGER_BITS), 31 - 8) - 128
            }
            Function::Tanh => rounding_divide_by_pot(reference::tanh(input_in_q4, INPUT_INTEGER_BITS), 31 - 7),
        };
        output.clamp(-128, 127) as i8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_follow_tflm() {
        // Scale 1/16: 2^23 exactly -> significand 0.5, exponent 24; radius 15 · 2^27 / 2^24.
        let p = GemmlowpParams::new((1.0 / 16.0, 3)).unwrap();
        assert_eq!(p, GemmlowpParams { zero_point: 3, multiplier: 1 << 30, shift: 24, radius: 120 });
        // Scale 8 or more: radius 0, every input saturates.
        let p = GemmlowpParams::new((10.0, 0)).unwrap();
        assert_eq!(p.radius, 0);
        assert_eq!(p.evaluate(Function::Logistic, 0), i8::MIN);
        assert_eq!(p.evaluate(Function::Logistic, 1), i8::MAX);
    }

    #[test]
    fn leaky_relu_multipliers_follow_the_installed_tflm() {
        // Equal scales, alpha -0.5: identity 1 (2^30, shift 1), |alpha| 0.5 (2^30, shift 0), negated.
        let m = LeakyReluMultipliers::new(-0.5, 0.05, 0.05);
        assert_eq!(m, LeakyReluMultipliers { identity: (1 << 30, 1), alpha: (1 << 30, 0), negate_alpha: true });
        // The alpha ratio in double: 0.1 · 1.7 / 0.3 rounds differently in float.
        let m = LeakyReluMultipliers::new(1.7, 0.1, 0.3);
        assert_eq!(m.alpha, (1_216_907_404, 0));
        assert!(!m.negate_alpha);
        // A zero alpha zeroes the branch.
        assert_eq!(LeakyReluMultipliers::new(0.0, 0.1, 0.3).alpha, (0, 0));
    }

    #[test]
    fn tables_approximate_the_functions() {
        let p = GemmlowpParams::new((0.1, 0)).unwrap();
        for x in -128..=127 {
            let real = 0.1 * f64::from(x);
            let logistic = (f64::from(p.evaluate(Function::Logistic, x)) + 128.0) / 256.0;
            assert!((logistic - 1.0 / (1.0 + (-real).exp())).abs() <= 1.0 / 256.0, "logistic({real})");
            let tanh = f64::from(p.evaluate(Function::Tanh, x)) / 128.0;
            assert!((tanh - real.tanh()).abs() <= 1.0 / 128.0, "tanh({real})");
        }
        assert_eq!(p.evaluate(Function::Logistic, 0), 0);
        assert_eq!(p.evaluate(Function::Tanh, 0), 0);
    }
}
