//! The built sequences against the reference functions: each case builds the sequence on
//! constant inputs in a function, folds it with the greedy driver (so the `arith` folders
//! evaluate it) and compares the constant returned. Run-time values are checked through the
//! Cranelift JIT in `backends/cranelift/tests/`.

use super::reference as r;
use super::*;
use crate::arith::build::constant_int;
use crate::func::FuncOp;
use mc_ir::rewrite::greedy::{GreedyRewriteConfig, apply_patterns_greedily};
use mc_ir::rewrite::pattern::RewritePatternSet;
use mc_ir::{AttrKind, Context, InsertPoint};

/// A small deterministic generator (xorshift64*), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn i32(&mut self) -> i32 {
        self.next() as i32
    }

    fn range(&mut self, low: i64, high: i64) -> i64 {
        low + (self.next() % (high - low + 1) as u64) as i64
    }
}

/// How an input reaches the sequence: as an `arith.constant` (the builder may specialize on it)
/// or through an `arith.addi` with 0 that only folding removes (the run-time path).
#[derive(Copy, Clone, Debug)]
enum Input {
    Constant(i64),
    Dynamic(i64),
}

/// Builds `build(inputs)` in a function, folds it, and returns the folded constant.
fn evaluate(inputs: &[(Input, u32)], build: impl FnOnce(&mut Builder<'_>, &[Value]) -> Value) -> i64 {
    let mut ctx = Context::new();
    crate::register_all(&mut ctx);
    let loc = ctx.unknown_loc();
    let i32 = ctx.integer_type(32);
    let func = FuncOp::build(&mut ctx, loc, "f", vec![], vec![i32]);
    let block = func.entry_block(&ctx).expect("a body");
    let mut b = Builder::at(&mut ctx, InsertPoint::end(block), loc);
    let values: Vec<Value> = inputs
        .iter()
        .map(|&(input, width)| {
            let ty = b.ctx.integer_type(width);
            match input {
                Input::Constant(v) => constant_int(&mut b, i128::from(v), ty),
                Input::Dynamic(v) => {
                    let value = constant_int(&mut b, i128::from(v), ty);
                    let zero = constant_int(&mut b, 0, ty);
                    binary(&mut b, "arith.addi", value, zero)
                }
            }
        })
        .collect();
    let result = build(&mut b, &values);
    b.create("func.return", &[result], &[], Vec::new(), Vec::new());
    let patterns = RewritePatternSet::default().freeze();
    let config = GreedyRewriteConfig { max_iterations: None, ..GreedyRewriteConfig::default() };
    apply_patterns_greedily(&mut ctx, func.op(), &patterns, &config).expect("converges");
    let ret = ctx.last_op(block).expect("a return");
    let value = ctx.operation(ret).operand(0);
    let attr = mc_ir::rewrite::fold::constant_value(&ctx, value).expect("the sequence folds to a constant");
    match ctx.attr_kind(attr) {
        AttrKind::Integer { value, .. } => *value as i64,
        other => panic!("not an integer: {other:?}"),
    }
}

fn check_mbqm(x: i32, multiplier: i32, shift: i32, dynamic: bool) {
    let wrap = |v: i64| if dynamic { Input::Dynamic(v) } else { Input::Constant(v) };
    let inputs = [(Input::Dynamic(x.into()), 32), (wrap(multiplier.into()), 32), (wrap(shift.into()), 32)];
    let got = evaluate(&inputs, |b, v| multiply_by_quantized_multiplier(b, v[0], v[1], v[2]));
    let expected = r::multiply_by_quantized_multiplier(x, multiplier, shift);
    assert_eq!(got, i64::from(expected), "mbqm({x}, {multiplier}, {shift}), dynamic: {dynamic}");
}

/// Values where the rounding and saturation edges lie.
const EDGES: [i32; 12] =
    [i32::MIN, i32::MIN + 1, -(1 << 30) - 1, -(1 << 30), -3, -1, 0, 1, 3, 1 << 30, (1 << 30) + 1, i32::MAX];

#[test]
fn reference_matches_known_values() {
    assert_eq!(r::saturating_rounding_doubling_high_mul(i32::MIN, i32::MIN), i32::MAX);
    assert_eq!(r::saturating_rounding_doubling_high_mul(1 << 30, 1 << 30), 1 << 29);
    // 2·a·b / 2^32 = 0.5 rounds up, -0.5 rounds up too (gemmlowp's nudge).
    assert_eq!(r::saturating_rounding_doubling_high_mul(1, 1 << 30), 1);
    assert_eq!(r::saturating_rounding_doubling_high_mul(-1, 1 << 30), 0);
    assert_eq!(r::rounding_divide_by_pot(5, 1), 3);
    assert_eq!(r::rounding_divide_by_pot(-5, 1), -3);
    assert_eq!(r::rounding_divide_by_pot(-4, 1), -2);
    assert_eq!(r::rounding_divide_by_pot(7, 0), 7);
    assert_eq!(r::rounding_divide_by_pot(i32::MIN, 31), -1);
    assert_eq!(r::rounding_divide_by_pot(i32::MAX, 31), 1);
    assert_eq!(r::quantize_multiplier(0.5), (1 << 30, 0));
    assert_eq!(r::quantize_multiplier(1.0), (1 << 30, 1));
    assert_eq!(r::quantize_multiplier(0.25), (1 << 30, -1));
    assert_eq!(r::quantize_multiplier(1e-12), (0, 0));
    // 0.75 · 2^31 exactly; (1 - 2^-40) rounds up to 2^31 and renormalizes.
    assert_eq!(r::quantize_multiplier(0.375), (0x6000_0000, -1));
    assert_eq!(r::quantize_multiplier(1.0 - 2f64.powi(-40)), (1 << 30, 1));
    assert_eq!(r::frexp(8.0), (0.5, 4));
    assert_eq!(r::frexp(-0.75), (-0.75, 0));
    assert_eq!(r::frexp(f64::MIN_POSITIVE / 4.0), (0.5, -1023));
    assert_eq!(r::multiply_by_quantized_multiplier(100, 1 << 30, 0), 50);
    assert_eq!(r::multiply_by_quantized_multiplier(100, 1 << 30, 2), 200);
    assert_eq!(r::multiply_by_quantized_multiplier(100, 1 << 30, -3), 6);
}

#[test]
fn srdhm_sequence_is_bit_exact() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut cases: Vec<(i32, i32)> = EDGES.iter().flat_map(|&a| EDGES.iter().map(move |&b| (a, b))).collect();
    cases.extend((0..200).map(|_| (rng.i32(), rng.i32())));
    for (a, b) in cases {
        let inputs = [(Input::Dynamic(a.into()), 32), (Input::Dynamic(b.into()), 32)];
        let got = evaluate(&inputs, |bld, v| saturating_rounding_doubling_high_mul(bld, v[0], v[1]));
        assert_eq!(got, i64::from(r::saturating_rounding_doubling_high_mul(a, b)), "srdhm({a}, {b})");
    }
}

#[test]
fn rdbpot_sequence_is_bit_exact() {
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    for exponent in 0..=31 {
        let xs = EDGES.iter().copied().chain((0..8).map(|_| rng.i32()));
        // Ties: odd multiples of half the divisor.
        let ties = (exponent > 0).then(|| [3i64 << (exponent - 1), -(3i64 << (exponent - 1))]);
        let xs: Vec<i32> = xs.chain(ties.into_iter().flatten().filter_map(|t| i32::try_from(t).ok())).collect();
        for x in xs {
            for dynamic in [false, true] {
                let e = if dynamic { Input::Dynamic(exponent.into()) } else { Input::Constant(exponent.into()) };
                let got =
                    evaluate(&[(Input::Dynamic(x.into()), 32), (e, 32)], |b, v| rounding_divide_by_pot(b, v[0], v[1]));
                assert_eq!(
                    got,
                    i64::from(r::rounding_divide_by_pot(x, exponent)),
                    "rdbpot({x}, {exponent}), dynamic: {dynamic}"
                );
            }
        }
    }
}

#[test]
fn mbqm_sequence_is_bit_exact() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    // Every shift TFLite produces, with edge inputs and multipliers.
    for shift in -31..=30 {
        for &x in &[i32::MIN, -12345, -1, 0, 1, 77, i32::MAX] {
            for &m in &[0, 1 << 30, i32::MAX] {
                check_mbqm(x, m, shift, shift % 2 == 0);
            }
        }
    }
    check_mbqm(i32::MIN, i32::MIN, 0, false);
    check_mbqm(i32::MIN, i32::MIN, 0, true);
    for _ in 0..300 {
        let (x, m) = (rng.i32(), rng.range(1 << 30, i64::from(i32::MAX)) as i32);
        let shift = rng.range(-31, 30) as i32;
        // Accumulator-sized values are the common case.
        let small = (rng.next() % 1_000_000) as i32 - 500_000;
        check_mbqm(x, m, shift, rng.next().is_multiple_of(2));
        check_mbqm(small, m, shift, rng.next().is_multiple_of(2));
    }
}

#[test]
fn mbqm_i64_sequence_is_bit_exact() {
    let mut rng = Rng(0xA076_1D64_78BD_642F);
    let mut cases = Vec::new();
    for shift in -31..=7 {
        for &x in &[-(1i64 << 47), -1, 0, 1, (1i64 << 47) - 1] {
            for &m in &[0, 1 << 30, 0x7FFE_FFFF, 0x7FFF_0000, i32::MAX] {
                cases.push((x, m, shift));
            }
        }
    }
    cases.extend((0..300).map(|_| {
        (rng.range(-(1 << 47), (1 << 47) - 1), rng.range(0, i64::from(i32::MAX)) as i32, rng.range(-31, 7) as i32)
    }));
    for (index, (x, m, shift)) in cases.into_iter().enumerate() {
        let dynamic = index % 2 == 1;
        let wrap = |v: i64| if dynamic { Input::Dynamic(v) } else { Input::Constant(v) };
        let inputs = [(Input::Dynamic(x), 64), (wrap(m.into()), 32), (wrap(shift.into()), 32)];
        let got = evaluate(&inputs, |b, v| multiply_by_quantized_multiplier_i64(b, v[0], v[1], v[2]));
        assert_eq!(got, i64::from(r::multiply_by_quantized_multiplier_i64(x, m, shift)), "mbqm64({x}, {m}, {shift})");
    }
}

#[test]
fn wide_scale_parameters_compute_mbqm_i64() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..300 {
        let x = rng.range(-(1 << 47), (1 << 47) - 1);
        let (m, shift) = (rng.range(0, i64::from(i32::MAX)) as i32, rng.range(-31, 7) as i32);
        let scale = WideScale::new(m, shift).expect("in range");
        let inputs = [scale.reduced, scale.rounding, scale.shift].map(|v| (Input::Dynamic(v), 64));
        let inputs = [[(Input::Dynamic(x), 64)].as_slice(), &inputs].concat();
        let got = evaluate(&inputs, |b, v| multiply_by_wide_scale(b, v[0], v[1], v[2], v[3]));
        assert_eq!(got, i64::from(r::multiply_by_quantized_multiplier_i64(x, m, shift)), "mbqm64({x}, {m}, {shift})");
    }
    // TFLite asserts these away.
    assert_eq!(WideScale::new(-1, 0), None);
    assert_eq!(WideScale::new(1 << 30, 8), None);
    assert_eq!(WideScale::new(1 << 30, -32), None);
    assert_eq!(WideScale::new(1 << 30, 7), Some(WideScale { reduced: 1 << 14, rounding: 1 << 7, shift: 8 }));
}

/// `x` values where the two roundings of `MultiplyByQuantizedMultiplier(x, m, -right)` tie:
/// `x · m` within a few units of a half-way point of either division.
fn rounding_edges(m: i32, right: i32, rng: &mut Rng) -> Vec<i32> {
    let mut xs = EDGES.to_vec();
    if m > 0 {
        for _ in 0..6 {
            let k = rng.range(-(1 << 20), 1 << 20);
            // x · m ≈ (k + 1/2) · 2^31 (SRDHM's tie) or (k + 1/2) · 2^(31 + right) (RDBPOT's).
            for unit in [1i128 << 31, 1i128 << (31 + right)] {
                let target = (2 * i128::from(k) + 1) * unit / 2;
                let x = target / i128::from(m);
                for dx in -2..=2 {
                    xs.extend(i32::try_from(x + dx).ok());
                }
            }
        }
    }
    xs.extend((0..20).map(|_| rng.i32()));
    xs.extend((0..20).map(|_| rng.range(-300_000, 300_000) as i32));
    xs
}

#[test]
fn downscale_formula_is_mbqm() {
    let mut rng = Rng(0x6A09_E667_F3BC_C908);
    assert_eq!(Downscale::new(1 << 30, -1), None);
    assert_eq!(Downscale::new(1 << 30, 0), None);
    assert_eq!(Downscale::new(-5, -4), None);
    assert_eq!(Downscale::new(1 << 30, -2), Some(Downscale { rounding: 1, shift: 1 }));
    assert_eq!(Downscale::new(1 << 30, -31), Some(Downscale { rounding: 1 << 29, shift: 30 }));
    for right in 2..=31 {
        let multipliers = [0, 1, 1 << 30, (1 << 30) + 1, i32::MAX, rng.range(1 << 30, i64::from(i32::MAX)) as i32];
        for m in multipliers {
            let down = Downscale::new(m, -right).expect("in range");
            for x in rounding_edges(m, right, &mut rng) {
                let expected = r::multiply_by_quantized_multiplier(x, m, -right);
                let got = r::multiply_by_quantized_multiplier_down(x, m, down.rounding, down.shift);
                assert_eq!(got, expected, "down({x}, {m}, {right})");
            }
        }
    }
    for _ in 0..200_000 {
        let (m, right) = (rng.range(0, i64::from(i32::MAX)) as i32, rng.range(2, 31) as i32);
        let x = if rng.next().is_multiple_of(2) { rng.i32() } else { rng.range(-(1 << 22), 1 << 22) as i32 };
        let down = Downscale::new(m, -right).expect("in range");
        let got = r::multiply_by_quantized_multiplier_down(x, m, down.rounding, down.shift);
        assert_eq!(got, r::multiply_by_quantized_multiplier(x, m, -right), "down({x}, {m}, {right})");
    }
}

#[test]
fn downscale_sequence_is_bit_exact() {
    let mut rng = Rng(0xBB67_AE85_84CA_A73B);
    for right in 2..=31 {
        let m = rng.range(1 << 30, i64::from(i32::MAX)) as i32;
        let down = Downscale::new(m, -right).expect("in range");
        for x in rounding_edges(m, right, &mut rng).into_iter().step_by(3) {
            let inputs = [m, down.rounding, down.shift].map(|v| (Input::Dynamic(v.into()), 32));
            let inputs = [[(Input::Dynamic(x.into()), 32)].as_slice(), &inputs].concat();
            let got = evaluate(&inputs, |b, v| multiply_by_quantized_multiplier_down(b, v[0], v[1], v[2], v[3]));
            assert_eq!(got, i64::from(r::multiply_by_quantized_multiplier(x, m, -right)), "down({x}, {m}, {right})");
        }
    }
}
