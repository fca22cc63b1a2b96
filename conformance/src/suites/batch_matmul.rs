//! `BATCH_MATMUL` against TFLite Micro: float, int8 (any zero points, saturating output scales)
//! and int16 (zero points 0), over ranks 2 to 5, batch dimensions broadcast either way (a rank-2
//! right operand, size-1 dimensions on either side, the `[..., 1, K, N]` right operand TFLM
//! folds into the left one), every combination of `adj_x` and `adj_y`, and the right operand an
//! activation or a constant.

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{BatchMatMulOptions, BuiltinOp, BuiltinOptions};

/// One product to test: logical `lhs [..., M, K]` and `rhs [..., K, N]` (stored transposed in
/// their last two dimensions under `adj_x` / `adj_y`).
#[derive(Clone, Copy)]
struct Spec {
    name: &'static str,
    lhs: &'static [usize],
    rhs: &'static [usize],
    adj_x: bool,
    adj_y: bool,
    constant_rhs: bool,
    /// Output scale relative to the typical sum: below 1 saturates.
    output_range: f32,
}

const fn spec(name: &'static str, lhs: &'static [usize], rhs: &'static [usize]) -> Spec {
    Spec { name, lhs, rhs, adj_x: false, adj_y: false, constant_rhs: false, output_range: 1.0 }
}

/// `shape` with its last two dimensions swapped when `swapped`.
fn stored(shape: &[usize], swapped: bool) -> Vec<usize> {
    let mut shape = shape.to_vec();
    if swapped {
        let n = shape.len();
        shape.swap(n - 2, n - 1);
    }
    shape
}

impl Spec {
    /// The result's shape: the batch dimensions broadcast, then `[M, N]`.
    fn output(&self) -> Vec<usize> {
        let rank = self.lhs.len().max(self.rhs.len());
        let dim = |s: &[usize], i: usize| if i + s.len() >= rank { s[i + s.len() - rank] } else { 1 };
        let mut shape: Vec<usize> = (0..rank - 2).map(|i| dim(self.lhs, i).max(dim(self.rhs, i))).collect();
        shape.extend([self.lhs[self.lhs.len() - 2], self.rhs[self.rhs.len() - 1]]);
        shape
    }

    /// The one-op model of `dtype` with random operands.
    fn case(&self, dtype: DType, rng: &mut Rng) -> Case {
        let (lhs_shape, rhs_shape) = (stored(self.lhs, self.adj_x), stored(self.rhs, self.adj_y));
        let depth = self.lhs[self.lhs.len() - 1] as f32;
        let dims = |s: &[usize]| s.iter().map(|&d| d as i32).collect::<Vec<_>>();
        // Per operand: scale and zero point (int8 any, int16 0); the output's from a typical sum.
        let (quants, output_quant) = match dtype {
            DType::Int8 => {
                let zero_point = |rng: &mut Rng| [-128, 127, 0, rng.range(-128, 127)][rng.range(0, 3) as usize];
                let (l, r) = (Quant::tensor(0.05, zero_point(rng)), Quant::tensor(0.02, zero_point(rng)));
                // Offset values span ±255: a typical sum is √K · 147².
                let typical = 0.05 * 0.02 * depth.sqrt() * 147.0 * 147.0 * 2.0 / 128.0;
                (Some((l, r)), Some(Quant::tensor(typical * self.output_range, rng.range(-20, 20))))
            }
            DType::Int16 => {
                let (l, r) = (Quant::tensor(1.0 / 4096.0, 0), Quant::tensor(1.0 / 2048.0, 0));
                let typical = depth.sqrt() * 18918.0 * 18918.0 / 4096.0 / 2048.0 * 3.0 / 32768.0;
                (Some((l, r)), Some(Quant::tensor(typical * self.output_range, 0)))
            }
            _ => (None, None),
        };
        let (lq, rq) = match quants {
            Some((l, r)) => (Some(l), Some(r)),
            None => (None, None),
        };
        let mut m = OneOp::new();
        let lhs = m.input("lhs", &dims(&lhs_shape), dtype, lq);
        let rhs_value = Tensor::random(dtype, &rhs_shape, rng);
        let rhs = if self.constant_rhs {
            m.constant("rhs", &dims(&rhs_shape), dtype, &rhs_value.data, rq)
        } else {
            m.input("rhs", &dims(&rhs_shape), dtype, rq)
        };
        let y = m.output("y", &dims(&self.output()), dtype, output_quant);
        let options = BatchMatMulOptions { adj_x: self.adj_x, adj_y: self.adj_y, asymmetric_quantize_inputs: false };
        m.op(BuiltinOp::BatchMatMul, &[lhs, rhs], &[y], BuiltinOptions::BatchMatMul(options));
        let mut inputs = vec![Tensor::random(dtype, &lhs_shape, rng)];
        if !self.constant_rhs {
            inputs.push(rhs_value);
        }
        let name = format!(
            "batch_matmul {dtype:?} {} {:?}x{:?}{}{}{}",
            self.name,
            self.lhs,
            self.rhs,
            if self.adj_x { " adj_x" } else { "" },
            if self.adj_y { " adj_y" } else { "" },
            if self.constant_rhs { " constant rhs" } else { "" }
        );
        m.case(&name, inputs)
    }
}

/// The products every type runs: each shape once per combination of adjoints, the right operand
/// constant every other time.
fn specs() -> Vec<Spec> {
    let shapes = [
        spec("rank 2", &[3, 4], &[4, 5]),
        spec("rank-2 rhs broadcast", &[2, 3, 4], &[4, 5]),
        spec("equal batches", &[2, 3, 4], &[2, 4, 5]),
        spec("rhs [1, K, N] (folded by TFLM)", &[3, 2, 4], &[1, 4, 5]),
        spec("lhs batch 1 broadcast", &[1, 2, 4], &[3, 4, 5]),
        spec("rank 4 against rank 3", &[2, 1, 2, 3], &[3, 3, 4]),
        spec("rank 5 both broadcast", &[1, 2, 1, 2, 3], &[2, 1, 3, 3, 2]),
        spec("depth 1", &[2, 4, 1], &[2, 1, 3]),
    ];
    let mut specs = Vec::new();
    for (i, shape) in shapes.iter().enumerate() {
        for (j, (adj_x, adj_y)) in [(false, false), (false, true), (true, false), (true, true)].into_iter().enumerate()
        {
            // Two adjoint combinations per shape, all four over the shapes.
            if (i + j) % 2 == 0 {
                specs.push(Spec { adj_x, adj_y, constant_rhs: (i / 2 + j / 2) % 2 == 1, ..*shape });
            }
        }
    }
    specs.push(Spec { output_range: 0.05, ..spec("saturating", &[2, 3, 8], &[8, 4]) });
    specs.push(Spec { output_range: 0.05, adj_x: true, constant_rhs: true, ..spec("saturating", &[3, 8], &[8, 5]) });
    specs
}

fn cases(dtype: DType, seed: u64) -> Vec<Case> {
    let mut rng = Rng(seed);
    specs().iter().map(|spec| spec.case(dtype, &mut rng)).collect()
}

/// The `float_batch_matmul` suite.
pub fn float_batch_matmul() -> Vec<Case> {
    cases(DType::Float32, 0xBA7F)
}

/// The `int8_batch_matmul` suite.
pub fn int8_batch_matmul() -> Vec<Case> {
    cases(DType::Int8, 0xBA78)
}

/// The `int16_batch_matmul` suite.
pub fn int16_batch_matmul() -> Vec<Case> {
    cases(DType::Int16, 0xBA716)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_adjoint_combination_and_both_rhs_kinds_are_covered() {
        let specs = specs();
        for adjoints in [(false, false), (false, true), (true, false), (true, true)] {
            for constant in [false, true] {
                assert!(
                    specs.iter().any(|s| (s.adj_x, s.adj_y) == adjoints && s.constant_rhs == constant),
                    "{adjoints:?} constant {constant}"
                );
            }
        }
    }
}
