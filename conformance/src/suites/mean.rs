//! `MEAN` against TFLite Micro, int8 and float: over axes [1, 2] of a 4-D input (global average
//! pooling, with and without `keep_dims`), over one axis (also negative), over the batch and
//! channel axes together, with equal and with different input and output quantization, extreme
//! zero points and a saturating output scale.

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{BuiltinOp, BuiltinOptions, ReducerOptions};

/// One mean to test.
#[derive(Clone)]
struct Spec {
    name: &'static str,
    input: Vec<usize>,
    axes: Vec<i32>,
    keep_dims: bool,
    /// Input and output `(scale, zero point)` (int8).
    quant: [(f32, i64); 2],
}

impl Spec {
    fn new(name: &'static str, input: &[usize], axes: &[i32], keep_dims: bool) -> Spec {
        Spec { name, input: input.to_vec(), axes: axes.to_vec(), keep_dims, quant: [(0.05, -3); 2] }
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

    /// The one-op model (int8 or float) on a random input.
    fn case(&self, float: bool, rng: &mut Rng) -> Case {
        let dims = |s: &[usize]| s.iter().map(|&d| d as i32).collect::<Vec<_>>();
        let dtype = if float { DType::Float32 } else { DType::Int8 };
        let q = |(scale, zero_point): (f32, i64)| (!float).then(|| Quant::tensor(scale, zero_point));
        let mut m = OneOp::new();
        let x = m.input("x", &dims(&self.input), dtype, q(self.quant[0]));
        let axes = m.constant_i32("axes", &[self.axes.len() as i32], &self.axes, None);
        let y = m.output("y", &dims(&self.output_shape()), dtype, q(self.quant[1]));
        m.op(BuiltinOp::Mean, &[x, axes], &[y], BuiltinOptions::Reducer(ReducerOptions { keep_dims: self.keep_dims }));
        let kind = if float { "float" } else { "int8" };
        m.case(&format!("{} ({kind})", self.name), vec![Tensor::random(dtype, &self.input, rng)])
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
        Spec::new("axes 0,3", &[2, 3, 2, 5], &[0, 3], false),
        Spec {
            quant: [(0.05, -3), (0.02, 10)],
            ..Spec::new("rescaled axes 1,2 keep_dims", &[1, 5, 5, 8], &[1, 2], true)
        },
        Spec { quant: [(0.03, 4), (0.07, -9)], ..Spec::new("rescaled axis 2", &[2, 3, 6], &[2], false) },
        Spec { quant: [(0.05, -128), (0.05, 127)], ..Spec::new("zero points -128/127", &[1, 4, 4, 3], &[1, 2], true) },
        Spec { quant: [(0.05, 127), (0.001, -128)], ..Spec::new("saturating", &[1, 3, 5, 6], &[1, 2], false) },
    ]
}

/// The `int8_mean` suite.
pub fn int8_mean() -> Vec<Case> {
    let mut rng = Rng(0x3E01);
    let cases: Vec<Case> = specs().iter().flat_map(|s| [s.case(false, &mut rng), s.case(false, &mut rng)]).collect();
    cases
}

/// The `float_mean` suite.
pub fn float_mean() -> Vec<Case> {
    let mut rng = Rng(0x3E02);
    let cases: Vec<Case> = specs().iter().flat_map(|s| [s.case(true, &mut rng), s.case(true, &mut rng)]).collect();
    cases
}
