//! `PRELU` against TFLite Micro: f32 (rank <= 4, TFLM's float kernel), int8 and int16 with an
//! int8 alpha (up to rank 5 here; TFLM's quantized broadcast takes rank 8). Alpha per channel
//! (the usual model), of the input's shape, a single value, of lower rank, broadcasting the
//! input in turn, as a constant and as a second input; inputs over the whole range, quantized
//! with random and extreme zero points, output scales that saturate at both ends, and alphas
//! of both signs.

use super::binary::{broadcast, dims};
use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{BuiltinOp, BuiltinOptions};

/// Input and alpha shapes (the output is their broadcast).
const SHAPES: [(&[usize], &[usize]); 7] = [
    (&[1, 4, 4, 3], &[3]),
    (&[1, 4, 4, 3], &[1, 1, 3]),
    (&[2, 3, 5], &[2, 3, 5]),
    (&[2, 3, 5], &[1]),
    (&[6], &[6]),
    (&[3, 1], &[1, 4]),
    (&[2, 2, 3, 4], &[2, 1, 1, 4]),
];

/// The `(scale, zero point)` of input, alpha and output.
type Quants = [(f32, i64); 3];

/// One PRELU: `dtypes` (input and output, alpha), `quants` (input, alpha, output) when
/// quantized, the alpha a constant or a second input.
struct Spec<'a> {
    dtypes: (DType, DType),
    quants: Option<Quants>,
    input: Tensor,
    alpha: Tensor,
    alpha_constant: bool,
    what: &'a str,
}

impl Spec<'_> {
    fn case(self) -> Case {
        let (a, b) = (self.input.shape.clone(), self.alpha.shape.clone());
        let out = broadcast(&a, &b);
        let q = |i: usize| self.quants.map(|q| Quant::tensor(q[i].0, q[i].1));
        let mut m = OneOp::new();
        let x = m.input("x", &dims(&a), self.dtypes.0, q(0));
        let mut inputs = vec![self.input];
        let alpha = if self.alpha_constant {
            m.constant("alpha", &dims(&b), self.dtypes.1, &self.alpha.data, q(1))
        } else {
            inputs.push(self.alpha);
            m.input("alpha", &dims(&b), self.dtypes.1, q(1))
        };
        let y = m.output("y", &dims(&out), self.dtypes.0, q(2));
        m.op(BuiltinOp::Prelu, &[x, alpha], &[y], BuiltinOptions::None);
        let kind = if self.alpha_constant { "constant" } else { "input" };
        let quant = self.quants.map(|q| format!(" {q:?}")).unwrap_or_default();
        m.case(&format!("Prelu {a:?} {kind} alpha {b:?} {:?}{quant} {}", self.dtypes.0, self.what), inputs)
    }
}

/// Every shape, with the alpha alternately constant and an input, on full-range inputs; `quant`
/// draws the quantization of each case.
fn cases_of(
    dtypes: (DType, DType),
    seed: u64,
    extra: &[(&[usize], &[usize])],
    quant: &dyn Fn(&mut Rng) -> Option<Quants>,
) -> Vec<Case> {
    let mut rng = Rng(seed);
    SHAPES
        .iter()
        .chain(extra)
        .enumerate()
        .map(|(i, (a, b))| {
            let quants = quant(&mut rng);
            let input = Tensor::full_range(dtypes.0, a, &mut rng);
            let alpha = Tensor::full_range(dtypes.1, b, &mut rng);
            Spec { dtypes, quants, input, alpha, alpha_constant: i % 2 == 0, what: "full range" }.case()
        })
        .collect()
}

/// A random per-tensor quantization: scale in `scale_range`, zero point in `zero_points`.
fn random_quant(rng: &mut Rng, scale_range: (f32, f32), zero_points: (i64, i64)) -> (f32, i64) {
    (rng.float(scale_range.0, scale_range.1), rng.range(zero_points.0, zero_points.1))
}

/// The `float_prelu` suite: values in [-1, 1), signed zeros, infinities.
pub fn float_prelu() -> Vec<Case> {
    let mut cases = cases_of((DType::Float32, DType::Float32), 0x9E10, &[], &|_| None);
    let inf = f32::INFINITY;
    let input = Tensor::from_f32(&[2, 4], &[0.0, -0.0, inf, -inf, 1e30, -1e30, -2.5, 3.0]);
    let alpha = Tensor::from_f32(&[4], &[-0.5, 2.0, 0.0, 1e10]);
    let spec = Spec {
        dtypes: (DType::Float32, DType::Float32),
        quants: None,
        input,
        alpha,
        alpha_constant: true,
        what: "special values",
    };
    cases.push(spec.case());
    cases
}

/// The `int8_prelu` suite: random quantizations, zero points at the ends, saturating outputs.
pub fn int8_prelu() -> Vec<Case> {
    let rank5: &[(&[usize], &[usize])] = &[(&[2, 1, 3, 1, 2], &[1, 2, 1, 2, 1])];
    let mut cases = cases_of((DType::Int8, DType::Int8), 0x9E08, rank5, &|rng| {
        Some([
            random_quant(rng, (0.01, 0.1), (-128, 127)),
            random_quant(rng, (0.002, 0.02), (-128, 127)),
            random_quant(rng, (0.01, 0.1), (-128, 127)),
        ])
    });
    let mut rng = Rng(0x9E09);
    for (what, quants) in [
        ("zero points at the ends", [(0.05, -128), (0.01, 127), (0.05, 127)]),
        ("saturating", [(0.1, 0), (0.05, -20), (0.002, 0)]),
        ("alpha above 1", [(0.02, 3), (0.1, -128), (0.03, -5)]),
    ] {
        let input = Tensor::full_range(DType::Int8, &[2, 4, 5], &mut rng);
        let alpha = Tensor::full_range(DType::Int8, &[5], &mut rng);
        let dtypes = (DType::Int8, DType::Int8);
        cases.push(Spec { dtypes, quants: Some(quants), input, alpha, alpha_constant: true, what }.case());
    }
    cases
}

/// The `int16_prelu` suite: int16 input and output with an int8 alpha (TFLM's only int16 form),
/// any zero points.
pub fn int16_prelu() -> Vec<Case> {
    let rank5: &[(&[usize], &[usize])] = &[(&[2, 1, 3, 1, 2], &[1, 2, 1, 2, 1])];
    let mut cases = cases_of((DType::Int16, DType::Int8), 0x9E16, rank5, &|rng| {
        Some([
            random_quant(rng, (0.0002, 0.002), (-32768, 32767)),
            random_quant(rng, (0.002, 0.02), (-128, 127)),
            random_quant(rng, (0.0002, 0.002), (-32768, 32767)),
        ])
    });
    let mut rng = Rng(0x9E17);
    for (what, quants) in
        [("zero points 0", [(0.001, 0), (0.01, 0), (0.001, 0)]), ("saturating", [(0.01, 0), (0.05, -20), (0.00002, 0)])]
    {
        let input = Tensor::full_range(DType::Int16, &[2, 4, 5], &mut rng);
        let alpha = Tensor::full_range(DType::Int8, &[5], &mut rng);
        let dtypes = (DType::Int16, DType::Int8);
        cases.push(Spec { dtypes, quants: Some(quants), input, alpha, alpha_constant: true, what }.case());
    }
    cases
}
