//! `CUMSUM` against TFLite Micro, which takes float32 and int8: every axis of ranks 1 to 5
//! (negative ones too, the axis as a 0-D and as a 1-D tensor), each with the four
//! `exclusive`/`reverse` combinations; int8 with equal and different scales, extreme zero points
//! (TFLM starts the int8 sum from the input offset, not from zero) and outputs that saturate at
//! both ends; float with infinities and cancellations that the order of the sums decides.

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{BuiltinOp, BuiltinOptions, CumsumOptions};

/// One running sum to test.
struct Spec {
    name: &'static str,
    shape: &'static [usize],
    axis: i32,
    /// The axis tensor is 0-D (as TensorFlow's converter writes it), else `[1]`.
    scalar_axis: bool,
    /// Input and output `(scale, zero point)` (int8 only).
    quant: [(f32, i64); 2],
}

impl Spec {
    /// The one-op model on `input` with `options`.
    fn case_on(&self, input: Tensor, (exclusive, reverse): (bool, bool)) -> Case {
        let dtype = input.dtype;
        let dims: Vec<i32> = self.shape.iter().map(|&d| d as i32).collect();
        let q = |(scale, zero_point): (f32, i64)| (dtype != DType::Float32).then(|| Quant::tensor(scale, zero_point));
        let mut m = OneOp::new();
        let x = m.input("x", &dims, dtype, q(self.quant[0]));
        let axis_shape: &[i32] = if self.scalar_axis { &[] } else { &[1] };
        let axis = m.constant_i32("axis", axis_shape, &[self.axis], None);
        let y = m.output("y", &dims, dtype, q(self.quant[1]));
        m.op(BuiltinOp::Cumsum, &[x, axis], &[y], BuiltinOptions::Cumsum(CumsumOptions { exclusive, reverse }));
        let kind = if dtype == DType::Float32 { "float" } else { dtype.numpy() };
        let flags = match (exclusive, reverse) {
            (false, false) => "",
            (true, false) => " exclusive",
            (false, true) => " reverse",
            (true, true) => " exclusive reverse",
        };
        m.case(&format!("Cumsum {} axis {}{flags} ({kind})", self.name, self.axis), vec![input])
    }

    /// The four option combinations on random inputs of `dtype`.
    fn cases(&self, dtype: DType, rng: &mut Rng) -> Vec<Case> {
        OPTIONS.iter().map(|&options| self.case_on(Tensor::random(dtype, self.shape, rng), options)).collect()
    }
}

/// `(exclusive, reverse)`.
const OPTIONS: [(bool, bool); 4] = [(false, false), (true, false), (false, true), (true, true)];

/// The axes and shapes every type runs, with `quant` the int8 quantization.
fn specs(quant: [[(f32, i64); 2]; 3]) -> Vec<Spec> {
    let spec = |name, shape, axis, scalar_axis, quant| Spec { name, shape, axis, scalar_axis, quant };
    vec![
        spec("a vector", &[9], 0, true, quant[0]),
        spec("[3,5]", &[3, 5], 1, false, quant[1]),
        spec("[4,3]", &[4, 3], -2, true, quant[2]),
        spec("[2,3,4]", &[2, 3, 4], 1, true, quant[0]),
        spec("[1,4,3,5]", &[1, 4, 3, 5], -1, false, quant[1]),
        spec("[2,2,3,2,3]", &[2, 2, 3, 2, 3], 3, true, quant[2]),
    ]
}

/// The `float_cumsum` suite: random inputs, and lines of infinities, overflows, signed zeros and
/// cancellations (compared exactly: TFLM adds in the axis' order from `0.f`, as mc does). No line
/// adds infinities of both signs: the bits of the NaN that makes are the host's, not the kernel's.
pub fn float_cumsum() -> Vec<Case> {
    let mut rng = Rng(0xC5F3);
    let none = [(1.0, 0); 2];
    let mut cases: Vec<Case> = specs([none; 3]).iter().flat_map(|s| s.cases(DType::Float32, &mut rng)).collect();
    let inf = f32::INFINITY;
    let lines = [1e30, 1.0, -1e30, 1.0, -inf, 2.0, -1.0, 3.0, -0.0, -0.0, f32::MAX, f32::MAX, 1e8, 1.0, 1.0, -1e8];
    let spec = Spec { name: "special values", shape: &[4, 4], axis: 1, scalar_axis: true, quant: none };
    for options in OPTIONS {
        cases.push(spec.case_on(Tensor::from_f32(&[4, 4], &lines), options));
    }
    cases
}

/// The `int8_cumsum` suite: random inputs with three quantizations, and constant inputs at both
/// ends whose sums saturate.
pub fn int8_cumsum() -> Vec<Case> {
    let mut rng = Rng(0xC508);
    let quant = [[(0.05, -3), (0.4, 7)], [(0.02, -128), (0.1, 127)], [(0.1, 127), (0.1, -128)]];
    let mut cases: Vec<Case> = specs(quant).iter().flat_map(|s| s.cases(DType::Int8, &mut rng)).collect();
    for (name, value) in [("all -128", -128), ("all 127", 127)] {
        let spec = Spec { name, shape: &[3, 8], axis: 1, scalar_axis: true, quant: [(0.05, 5), (0.08, -5)] };
        for options in [(false, false), (true, true)] {
            cases.push(spec.case_on(Tensor::from_ints(DType::Int8, &[3, 8], &[value; 24]), options));
        }
    }
    cases
}
