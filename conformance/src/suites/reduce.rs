//! The reductions over axes against TFLite Micro.
//!
//! Every reduction also takes its one axis as a 0-D tensor (Keras' 1-D global poolings), and an
//! empty axes list (an empty constant, without buffer data): every element its own result.
//!
//! `MEAN`, int8, int16 and float: over axes [1, 2] of a 4-D input (global average pooling, with
//! and without `keep_dims`), over one axis (also negative), over the batch and channel axes
//! together, over two axes of a 5-D input, with equal and with different input and output
//! quantization, extreme zero points, a saturating output scale, and (int16) an `int32` sum that
//! wraps as TFLite Micro's does.
//!
//! `SUM`, int8, int16 and float: the same axes (repeated, negative, a whole tensor, rank 5), output
//! scales that keep most sums in range and ones that saturate at both ends, extreme zero points,
//! and (int16) an `int32` sum that wraps.
//!
//! `REDUCE_MAX` and `REDUCE_MIN`, int8 (the output quantized as the input, as TFLM requires) and
//! float: the same axes, repeated axes, a whole tensor, and float inputs with infinities and NaNs
//! (TFLM starts from `±FLT_MAX` and a NaN never wins).
//!
//! `REDUCE_ALL`, bool: ranks 1 to 4, one axis, several, negative, repeated, a 0-D axis, a whole
//! tensor, with and without `keep_dims`, on inputs mostly true (so that both results occur), all
//! true and all false.

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{BuiltinOp, BuiltinOptions, ReducerOptions};

/// One reduction to test.
#[derive(Clone)]
struct Spec {
    /// `MEAN`, `SUM`, `REDUCE_MAX` or `REDUCE_MIN`.
    op: BuiltinOp,
    name: &'static str,
    input: Vec<usize>,
    axes: Vec<i32>,
    /// The one axis as a 0-D tensor (what Keras' 1-D global poolings write) instead of 1-D.
    scalar_axis: bool,
    keep_dims: bool,
    /// Input and output `(scale, zero point)` (int8 or int16).
    quant: [(f32, i64); 2],
}

impl Spec {
    fn new(name: &'static str, input: &[usize], axes: &[i32], keep_dims: bool) -> Spec {
        Spec {
            op: BuiltinOp::Mean,
            name,
            input: input.to_vec(),
            axes: axes.to_vec(),
            scalar_axis: false,
            keep_dims,
            quant: [(0.05, -3); 2],
        }
    }

    fn output_shape(&self) -> Vec<usize> {
        let rank = self.input.len() as i32;
        let reduced = |d: usize| self.axes.iter().any(|&a| (a + rank) % rank == d as i32);
        (0..self.input.len())
            .filter_map(|d| match (reduced(d), self.keep_dims) {
                (false, _) => Some(self.input[d]),
                (true, true) => Some(1),
                (true, false) => None,
            })
            .collect()
    }

    /// The one-op model of `dtype` (int8, int16, or float and bool unquantized) on a random input.
    fn case(&self, dtype: DType, rng: &mut Rng) -> Case {
        self.case_on(dtype, Tensor::random(dtype, &self.input, rng))
    }

    /// The one-op model of `dtype` on `input`.
    fn case_on(&self, dtype: DType, input: Tensor) -> Case {
        let dims = |s: &[usize]| s.iter().map(|&d| d as i32).collect::<Vec<_>>();
        let quantized = matches!(dtype, DType::Int8 | DType::Int16);
        let q = |(scale, zero_point): (f32, i64)| quantized.then(|| Quant::tensor(scale, zero_point));
        let mut m = OneOp::new();
        let x = m.input("x", &dims(&self.input), dtype, q(self.quant[0]));
        let axes_shape: &[i32] = if self.scalar_axis { &[] } else { &[self.axes.len() as i32] };
        let axes = m.constant_i32("axes", axes_shape, &self.axes, None);
        let y = m.output("y", &dims(&self.output_shape()), dtype, q(self.quant[1]));
        m.op(self.op, &[x, axes], &[y], BuiltinOptions::Reducer(ReducerOptions { keep_dims: self.keep_dims }));
        let kind = if dtype == DType::Float32 { "float" } else { dtype.numpy() };
        m.case(&format!("{} {} ({kind})", self.op.name(), self.name), vec![input])
    }
}

/// The means every test runs.
fn specs() -> Vec<Spec> {
    vec![
        Spec::new("axes 1,2 keep_dims", &[1, 5, 5, 8], &[1, 2], true),
        Spec::new("axes 2,1 keep_dims batch 2", &[2, 4, 3, 5], &[2, 1], true),
        Spec::new("axes 1,2", &[1, 6, 7, 4], &[1, 2], false),
        Spec::new("axis 1", &[2, 3, 4], &[1], false),
        Spec::new("axis -1 keep_dims", &[3, 4, 5], &[-1], true),
        Spec { scalar_axis: true, ..Spec::new("0-D axis 1", &[1, 10, 8], &[1], false) },
        Spec::new("axes 0,3", &[2, 3, 2, 5], &[0, 3], false),
        Spec {
            quant: [(0.05, -3), (0.02, 10)],
            ..Spec::new("rescaled axes 1,2 keep_dims", &[1, 5, 5, 8], &[1, 2], true)
        },
        Spec { quant: [(0.03, 4), (0.07, -9)], ..Spec::new("rescaled axis 2", &[2, 3, 6], &[2], false) },
        Spec { quant: [(0.05, -128), (0.05, 127)], ..Spec::new("zero points -128/127", &[1, 4, 4, 3], &[1, 2], true) },
        Spec { quant: [(0.05, 127), (0.001, -128)], ..Spec::new("saturating", &[1, 3, 5, 6], &[1, 2], false) },
        // An empty axes list (an empty constant): every element its own mean, requantized.
        Spec { quant: [(0.03, 4), (0.07, -9)], ..Spec::new("no axes", &[2, 3, 4], &[], false) },
    ]
}

/// The `int8_mean` suite.
pub fn int8_mean() -> Vec<Case> {
    let mut rng = Rng(0x3E01);
    let cases: Vec<Case> =
        specs().iter().flat_map(|s| [s.case(DType::Int8, &mut rng), s.case(DType::Int8, &mut rng)]).collect();
    cases
}

/// The means of the `int16_mean` suite: int16 scales, zero points at both ends.
fn int16_specs() -> Vec<Spec> {
    let spec = |name, input: &[usize], axes: &[i32], keep_dims, quant| Spec {
        quant,
        ..Spec::new(name, input, axes, keep_dims)
    };
    let same = [(0.001, 0), (0.001, 0)];
    vec![
        spec("axes 1,2 keep_dims", &[1, 5, 5, 8], &[1, 2], true, same),
        spec("axes 2,1 keep_dims batch 2", &[2, 4, 3, 5], &[2, 1], true, same),
        spec("axes 1,2", &[1, 6, 7, 4], &[1, 2], false, same),
        spec("axis 1", &[2, 3, 4], &[1], false, same),
        spec("axis -1 keep_dims", &[3, 4, 5], &[-1], true, same),
        spec("axes 0,3", &[2, 3, 2, 5], &[0, 3], false, same),
        spec("rank 5 axes 1,4", &[2, 3, 2, 5, 2], &[1, 4], true, same),
        spec("a whole vector", &[50], &[0], false, same),
        spec("rescaled up axes 1,2 keep_dims", &[1, 5, 5, 8], &[1, 2], true, [(0.001, 0), (0.0004, 0)]),
        spec("rescaled down axis 2", &[2, 3, 6], &[2], false, [(0.0003, 0), (0.002, 0)]),
        spec("zero points -32768/32767", &[1, 4, 4, 3], &[1, 2], true, [(0.001, -32768), (0.001, 32767)]),
        spec("zero points", &[1, 4, 4, 3], &[1, 2], true, [(0.001, 12345), (0.0007, -300)]),
        spec("saturating", &[1, 3, 5, 6], &[1, 2], false, [(0.01, 0), (0.00001, 0)]),
        spec("no axes", &[3, 5], &[], true, [(0.0003, 0), (0.002, 0)]),
    ]
}

/// The `int16_mean` suite: TFLite Micro runs int16 through the int8 arithmetic
/// (`QuantizedMeanOrSum<int16_t>`) with any zero points.
pub fn int16_mean() -> Vec<Case> {
    let mut rng = Rng(0x16E4);
    let mut cases: Vec<Case> = int16_specs().iter().map(|s| s.case(DType::Int16, &mut rng)).collect();
    // 2^17 values of 32767 per output: the int32 sum wraps.
    let wraps = Spec { quant: [(0.001, 0), (0.001, 0)], ..Spec::new("int32 sum wraps", &[2, 1 << 17], &[1], false) };
    let maxima = Tensor { dtype: DType::Int16, shape: wraps.input.clone(), data: [0xFF, 0x7F].repeat(2 << 17) };
    cases.push(wraps.case_on(DType::Int16, maxima));
    cases
}

/// The `float_mean` suite.
pub fn float_mean() -> Vec<Case> {
    let mut rng = Rng(0x3E02);
    let cases: Vec<Case> =
        specs().iter().flat_map(|s| [s.case(DType::Float32, &mut rng), s.case(DType::Float32, &mut rng)]).collect();
    cases
}

/// The sums every test runs, with `scale` the output's scale for inputs of scale 0.05 (int8) or
/// 0.001 (int16).
fn sum_specs(input_scale: f32, scale: f32, zero_points: [i64; 2]) -> Vec<Spec> {
    let spec = |name, input: &[usize], axes: &[i32], keep_dims, quant| Spec {
        op: BuiltinOp::Sum,
        quant,
        ..Spec::new(name, input, axes, keep_dims)
    };
    let [low, high] = zero_points;
    let wide = [(input_scale, 0), (scale, 0)];
    vec![
        spec("axes 1,2 keep_dims", &[1, 5, 5, 8], &[1, 2], true, wide),
        spec("axes 2,1 keep_dims batch 2", &[2, 4, 3, 5], &[2, 1], true, [(input_scale, 3), (scale, -2)]),
        spec("axes 1,2", &[1, 6, 7, 4], &[1, 2], false, wide),
        spec("axis 1", &[2, 3, 4], &[1], false, [(input_scale, -7), (scale / 2.0, 4)]),
        spec("axis -1 keep_dims", &[3, 4, 5], &[-1], true, wide),
        Spec { scalar_axis: true, ..spec("0-D axis -2", &[1, 10, 8], &[-2], true, wide) },
        spec("axes 0,3", &[2, 3, 2, 5], &[0, 3], false, wide),
        spec("repeated axes 1,-2", &[2, 3, 4], &[1, -2], false, wide),
        spec("rank 5 axes 1,4", &[2, 3, 2, 5, 2], &[1, 4], true, wide),
        spec("a whole tensor", &[3, 4, 5], &[0, 1, 2], false, [(input_scale, 0), (scale * 4.0, 0)]),
        spec("equal scales, saturating", &[2, 3, 6], &[2], false, [(input_scale, 0), (input_scale, 0)]),
        spec("zero points at both ends", &[1, 4, 4, 3], &[1, 2], true, [(input_scale, low), (scale, high)]),
        spec("zero points at both ends, swapped", &[1, 4, 4, 3], &[1, 2], true, [(input_scale, high), (scale, low)]),
        spec("rescaled up", &[2, 3, 4], &[2], true, [(input_scale, 1), (input_scale * 0.37, -1)]),
        spec("no axes", &[2, 3, 4], &[], false, [(input_scale, -7), (scale / 2.0, 4)]),
    ]
}

/// The `int8_sum` suite: random inputs and inputs all at one end (sums far out of range).
pub fn int8_sum() -> Vec<Case> {
    let mut rng = Rng(0x5E01);
    let mut cases: Vec<Case> = sum_specs(0.05, 0.4, [-128, 127])
        .iter()
        .flat_map(|s| [s.case(DType::Int8, &mut rng), s.case(DType::Int8, &mut rng)])
        .collect();
    for (name, value) in [("all -128", -128), ("all 127", 127)] {
        let spec =
            Spec { op: BuiltinOp::Sum, quant: [(0.05, 0), (0.1, 0)], ..Spec::new(name, &[2, 3, 4], &[1, 2], false) };
        cases.push(spec.case_on(DType::Int8, Tensor::from_ints(DType::Int8, &spec.input, &[value; 24])));
    }
    cases
}

/// The `int16_sum` suite: TFLite Micro's `QuantizedMeanOrSum<int16_t>` with `compute_sum`, any
/// zero points, and an `int32` sum that wraps.
pub fn int16_sum() -> Vec<Case> {
    let mut rng = Rng(0x5E16);
    let mut cases: Vec<Case> =
        sum_specs(0.001, 0.008, [-32768, 32767]).iter().map(|s| s.case(DType::Int16, &mut rng)).collect();
    // 2^17 values of 32767 per output: the int32 sum wraps.
    let wraps = Spec {
        op: BuiltinOp::Sum,
        quant: [(0.001, 0), (0.001, 0)],
        ..Spec::new("int32 sum wraps", &[2, 1 << 17], &[1], false)
    };
    let maxima = Tensor { dtype: DType::Int16, shape: wraps.input.clone(), data: [0xFF, 0x7F].repeat(2 << 17) };
    cases.push(wraps.case_on(DType::Int16, maxima));
    cases
}

/// The `float_sum` suite: random inputs, and rows of infinities, overflows and cancellations
/// (compared exactly: TFLM adds in row-major order as mc does).
pub fn float_sum() -> Vec<Case> {
    let mut rng = Rng(0x5E02);
    let mut cases: Vec<Case> = sum_specs(0.05, 0.4, [0, 0])
        .iter()
        .flat_map(|s| [s.case(DType::Float32, &mut rng), s.case(DType::Float32, &mut rng)])
        .collect();
    let inf = f32::INFINITY;
    // Rows of 4: -inf, inf, a cancellation that order decides, f32::MAX twice (overflows to
    // inf), signed zeros, a small value lost against large ones.
    let rows: [f32; 24] = [
        -inf,
        1.0,
        2.0,
        3.0,
        inf,
        -1.0,
        0.5,
        0.25,
        1e30,
        1.0,
        -1e30,
        1.0,
        f32::MAX,
        f32::MAX,
        -1.0,
        0.0,
        -0.0,
        -0.0,
        -0.0,
        -0.0,
        1e8,
        1.0,
        1.0,
        -1e8,
    ];
    let spec = Spec { op: BuiltinOp::Sum, ..Spec::new("infinities, overflow, order", &[6, 4], &[1], false) };
    let data = rows.iter().flat_map(|v| v.to_le_bytes()).collect();
    cases.push(spec.case_on(DType::Float32, Tensor { dtype: DType::Float32, shape: spec.input.clone(), data }));
    cases
}

/// The maxima and minima every test runs (the output quantized as the input).
fn extremum_specs() -> Vec<Spec> {
    let specs = vec![
        Spec::new("axes 1,2 keep_dims", &[1, 5, 5, 8], &[1, 2], true),
        Spec::new("axes 2,1 keep_dims batch 2", &[2, 4, 3, 5], &[2, 1], true),
        Spec::new("axes 1,2", &[1, 6, 7, 4], &[1, 2], false),
        Spec::new("axis 1", &[2, 3, 4], &[1], false),
        Spec::new("axis -1 keep_dims", &[3, 4, 5], &[-1], true),
        Spec { scalar_axis: true, ..Spec::new("0-D axis 1", &[1, 10, 8], &[1], false) },
        Spec::new("axes 0,3", &[2, 3, 2, 5], &[0, 3], false),
        Spec::new("repeated axes 1,-2", &[2, 3, 4], &[1, -2], false),
        Spec::new("rank 5 axes 1,4", &[2, 3, 2, 5, 2], &[1, 4], true),
        Spec::new("a whole tensor", &[3, 4, 5], &[0, 1, 2], false),
        Spec { quant: [(0.5, 127); 2], ..Spec::new("zero point 127", &[1, 4, 4, 3], &[1, 2], true) },
        Spec { quant: [(0.002, -128); 2], ..Spec::new("zero point -128", &[2, 3, 6], &[2], false) },
        Spec::new("no axes", &[2, 3, 4], &[], true),
    ];
    [BuiltinOp::ReduceMax, BuiltinOp::ReduceMin]
        .into_iter()
        .flat_map(|op| specs.iter().map(move |s| Spec { op, ..s.clone() }))
        .collect()
}

/// The `int8_reduce_max_min` suite: int8 maxima and minima, random inputs, and inputs all at one
/// end of the range.
pub fn int8_reduce_max_min() -> Vec<Case> {
    let mut rng = Rng(0x3E03);
    let mut cases: Vec<Case> =
        extremum_specs().iter().flat_map(|s| [s.case(DType::Int8, &mut rng), s.case(DType::Int8, &mut rng)]).collect();
    for op in [BuiltinOp::ReduceMax, BuiltinOp::ReduceMin] {
        for (name, value) in [("all -128", -128), ("all 127", 127)] {
            let spec = Spec { op, ..Spec::new(name, &[2, 3, 4], &[1, 2], false) };
            cases.push(spec.case_on(DType::Int8, Tensor::from_ints(DType::Int8, &spec.input, &[value; 24])));
        }
    }
    cases
}

/// The `float_reduce_max_min` suite: float maxima and minima, random inputs, and rows of
/// infinities and NaNs (compared exactly: a maximum picks one of its inputs or `-FLT_MAX`).
pub fn float_reduce_max_min() -> Vec<Case> {
    let mut rng = Rng(0x3E04);
    let mut cases: Vec<Case> = extremum_specs()
        .iter()
        .flat_map(|s| [s.case(DType::Float32, &mut rng), s.case(DType::Float32, &mut rng)])
        .collect();
    let (inf, nan) = (f32::INFINITY, f32::NAN);
    // Rows of 4: all -inf, all +inf, NaN first, NaN last, NaNs around a value, mixed signs.
    let rows: [f32; 24] = [
        -inf, -inf, -inf, -inf, inf, inf, inf, inf, nan, 1.0, -2.0, 0.5, 3.0, -1.0, 2.0, nan, nan, 7.0, nan, nan, -0.0,
        0.0, -inf, inf,
    ];
    for op in [BuiltinOp::ReduceMax, BuiltinOp::ReduceMin] {
        let spec = Spec { op, ..Spec::new("infinities and NaNs", &[6, 4], &[1], false) };
        let data = rows.iter().flat_map(|v| v.to_le_bytes()).collect();
        cases.push(spec.case_on(DType::Float32, Tensor { dtype: DType::Float32, shape: spec.input.clone(), data }));
    }
    cases
}

/// The `bool_reduce_all` suite: logical and over axes, each case on an input whose elements are
/// false with a chance of one in twice the reduced count (so about half the results are true),
/// and on inputs all true and all false.
pub fn bool_reduce_all() -> Vec<Case> {
    let spec = |name, input: &[usize], axes: &[i32], keep_dims| Spec {
        op: BuiltinOp::ReduceAll,
        ..Spec::new(name, input, axes, keep_dims)
    };
    let specs = [
        spec("rank 1 axis 0", &[7], &[0], false),
        spec("rank 1 axis 0 keep_dims", &[7], &[0], true),
        spec("rank 2 axis 1", &[5, 4], &[1], false),
        spec("rank 2 axis -2 keep_dims", &[5, 4], &[-2], true),
        spec("rank 3 axes 0,2", &[3, 4, 2], &[0, 2], false),
        spec("rank 3 repeated axes 1,-2 keep_dims", &[2, 3, 4], &[1, -2], true),
        spec("rank 4 axes 1,2 keep_dims", &[1, 4, 4, 3], &[1, 2], true),
        spec("rank 4 axes 2,1", &[2, 3, 2, 5], &[2, 1], false),
        spec("rank 4 axes 0,3", &[2, 3, 2, 2], &[0, 3], false),
        spec("rank 4 whole tensor keep_dims", &[2, 2, 3, 2], &[0, 1, 2, 3], true),
        spec("rank 3 whole tensor", &[2, 3, 2], &[2, 0, 1], false),
        Spec { scalar_axis: true, ..spec("0-D axis 1", &[3, 6, 2], &[1], false) },
        // An empty axes list: an empty constant (no buffer data), every element its own result.
        spec("no axes", &[2, 3, 4], &[], false),
        spec("no axes keep_dims", &[3, 5], &[], true),
    ];
    let mut rng = Rng(0xA11);
    let mut cases = Vec::new();
    for s in &specs {
        let rank = s.input.len() as i32;
        let mut reduced: Vec<i32> = s.axes.iter().map(|&a| (a + rank) % rank).collect();
        reduced.sort_unstable();
        reduced.dedup();
        let count: usize = reduced.iter().map(|&d| s.input[d as usize]).product();
        let one_in = 2 * count as u64;
        let len: usize = s.input.iter().product();
        let mostly_true: Vec<i64> = (0..len).map(|_| i64::from(rng.next_u64() % one_in != 0)).collect();
        cases.push(s.case_on(DType::Bool, Tensor::from_ints(DType::Bool, &s.input, &mostly_true)));
        cases.push(s.case(DType::Bool, &mut rng));
    }
    for (name, value) in [("all true", 1), ("all false", 0)] {
        let s = spec(name, &[2, 3, 4], &[1, 2], false);
        cases.push(s.case_on(DType::Bool, Tensor::from_ints(DType::Bool, &s.input, &[value; 24])));
    }
    cases
}
