//! Integer and float semantics of the lowered `arith` ops, against Rust on edge values.

mod common;

use common::{Rng, jit};
use mc_backend_cranelift::{JitArg, JitValue};

fn i32s(values: &[JitValue]) -> Vec<i32> {
    values
        .iter()
        .map(|v| match v {
            JitValue::I32(x) => *x,
            other => panic!("not an i32: {other:?}"),
        })
        .collect()
}

const EDGES: [i32; 11] = [i32::MIN, i32::MIN + 1, -100, -7, -1, 0, 1, 2, 7, 100, i32::MAX];

#[test]
fn integer_binary_ops_match_rust() {
    let jit = jit(r#"
func.func @ops(%a: i32, %b: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %a, %b : i32
  %2 = arith.muli %a, %b : i32
  %3 = arith.divsi %a, %b : i32
  %4 = arith.remsi %a, %b : i32
  %5 = arith.divui %a, %b : i32
  %6 = arith.remui %a, %b : i32
  %7 = arith.minsi %a, %b : i32
  %8 = arith.maxsi %a, %b : i32
  %9 = arith.minui %a, %b : i32
  %10 = arith.maxui %a, %b : i32
  %11 = arith.andi %a, %b : i32
  %12 = arith.ori %a, %b : i32
  %13 = arith.xori %a, %b : i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
}
"#);
    let mut rng = Rng(11);
    let pairs = EDGES.iter().flat_map(|&a| EDGES.iter().map(move |&b| (a, b)));
    let pairs: Vec<(i32, i32)> = pairs.chain((0..200).map(|_| (rng.i32(), rng.i32() >> (rng.next() % 31)))).collect();
    for (a, b) in pairs {
        let out =
            i32s(&jit.call("ops", &mut [JitArg::Value(JitValue::I32(a)), JitArg::Value(JitValue::I32(b))]).unwrap());
        let (ua, ub) = (a as u32, b as u32);
        assert_eq!(out[0..3], [a.wrapping_add(b), a.wrapping_sub(b), a.wrapping_mul(b)], "{a}, {b}");
        // Division by zero and MIN / -1 are undefined in MLIR: any value, but no trap.
        if b != 0 && !(a == i32::MIN && b == -1) {
            assert_eq!(out[3..5], [a / b, a % b], "signed division {a} / {b}");
        }
        if b == -1 {
            // Rounds to zero and keeps the dividend's sign: x / -1 = -x, x % -1 = 0.
            assert_eq!(out[3..5], [a.wrapping_neg(), 0], "{a} / -1");
        }
        if b != 0 {
            assert_eq!(out[5..7], [(ua / ub) as i32, (ua % ub) as i32], "unsigned division {ua} / {ub}");
        }
        assert_eq!(out[7..11], [a.min(b), a.max(b), ua.min(ub) as i32, ua.max(ub) as i32], "{a}, {b}");
        assert_eq!(out[11..14], [a & b, a | b, a ^ b], "{a}, {b}");
    }
}

#[test]
fn division_with_constant_divisors() {
    let jit = jit(r#"
func.func @div(%a: i32) -> (i32, i32, i32, i32, i32, i32) {
  %m1 = arith.constant -1 : i32
  %c7 = arith.constant 7 : i32
  %m7 = arith.constant -7 : i32
  %0 = arith.divsi %a, %m1 : i32
  %1 = arith.remsi %a, %m1 : i32
  %2 = arith.divsi %a, %c7 : i32
  %3 = arith.remsi %a, %c7 : i32
  %4 = arith.divsi %a, %m7 : i32
  %5 = arith.remsi %a, %m7 : i32
  return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i32, i32, i32
}
"#);
    for a in EDGES {
        let out = i32s(&jit.call("div", &mut [JitArg::Value(JitValue::I32(a))]).unwrap());
        assert_eq!(out, [a.wrapping_neg(), 0, a / 7, a % 7, a / -7, a % -7], "{a}");
    }
}

#[test]
fn division_by_zero_does_not_trap() {
    let jit = jit(r#"
func.func @div(%a: i32, %b: i32, %c: i8) -> (i32, i32, i32, i32, i8) {
  %0 = arith.divsi %a, %b : i32
  %1 = arith.remsi %a, %b : i32
  %2 = arith.divui %a, %b : i32
  %3 = arith.remui %a, %b : i32
  %min = arith.constant -128 : i8
  %4 = arith.divsi %min, %c : i8
  return %0, %1, %2, %3, %4 : i32, i32, i32, i32, i8
}
"#);
    // Undefined in MLIR; here some value, and the process lives on.
    jit.call(
        "div",
        &mut [JitArg::Value(JitValue::I32(5)), JitArg::Value(JitValue::I32(0)), JitArg::Value(JitValue::I8(-1))],
    )
    .unwrap();
    jit.call(
        "div",
        &mut [JitArg::Value(JitValue::I32(i32::MIN)), JitArg::Value(JitValue::I32(-1)), JitArg::Value(JitValue::I8(0))],
    )
    .unwrap();
}

#[test]
fn shifts_within_the_width() {
    let jit = jit(r#"
func.func @shifts(%a: i32, %s: i32) -> (i32, i32, i32) {
  %0 = arith.shli %a, %s : i32
  %1 = arith.shrsi %a, %s : i32
  %2 = arith.shrui %a, %s : i32
  return %0, %1, %2 : i32, i32, i32
}
"#);
    // Shifting by the width or more is poison in MLIR: only 0..32 is checked.
    for a in EDGES {
        for s in 0..32 {
            let out = i32s(
                &jit.call("shifts", &mut [JitArg::Value(JitValue::I32(a)), JitArg::Value(JitValue::I32(s))]).unwrap(),
            );
            assert_eq!(out, [a << s, a >> s, ((a as u32) >> s) as i32], "{a} by {s}");
        }
    }
}

#[test]
fn comparisons_and_select() {
    let jit = jit(r#"
func.func @cmp(%a: i8, %b: i8) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i8) {
  %0 = arith.cmpi eq, %a, %b : i8
  %1 = arith.cmpi ne, %a, %b : i8
  %2 = arith.cmpi slt, %a, %b : i8
  %3 = arith.cmpi sle, %a, %b : i8
  %4 = arith.cmpi sgt, %a, %b : i8
  %5 = arith.cmpi sge, %a, %b : i8
  %6 = arith.cmpi ult, %a, %b : i8
  %7 = arith.cmpi ule, %a, %b : i8
  %8 = arith.cmpi ugt, %a, %b : i8
  %9 = arith.cmpi uge, %a, %b : i8
  %10 = arith.select %2, %a, %b : i8
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i8
}
"#);
    let values = [i8::MIN, -1, 0, 1, i8::MAX];
    for a in values {
        for b in values {
            let out = jit.call("cmp", &mut [JitArg::Value(JitValue::I8(a)), JitArg::Value(JitValue::I8(b))]).unwrap();
            let (ua, ub) = (a as u8, b as u8);
            let expected: Vec<JitValue> =
                [a == b, a != b, a < b, a <= b, a > b, a >= b, ua < ub, ua <= ub, ua > ub, ua >= ub]
                    .into_iter()
                    .map(JitValue::I1)
                    .chain([JitValue::I8(a.min(b))])
                    .collect();
            assert_eq!(out, expected, "{a} vs {b}");
        }
    }
}

#[test]
fn casts_between_widths_index_and_floats() {
    let jit = jit(r#"
func.func @casts(%a: i8, %x: f32) -> (i32, i32, i8, index, i16, index, f32, f32, i32, i8, f64, f32, i32) {
  %0 = arith.extsi %a : i8 to i32
  %1 = arith.extui %a : i8 to i32
  %w = arith.constant 300 : i32
  %sum = arith.addi %0, %w : i32
  %2 = arith.trunci %sum : i32 to i8
  %3 = arith.index_cast %a : i8 to index
  %4 = arith.index_cast %3 : index to i16
  %5 = arith.index_castui %a : i8 to index
  %6 = arith.sitofp %a : i8 to f32
  %7 = arith.uitofp %a : i8 to f32
  %8 = arith.fptosi %x : f32 to i32
  %9 = arith.fptoui %x : f32 to i8
  %10 = arith.extf %x : f32 to f64
  %11 = arith.truncf %10 : f64 to f32
  %m = math.absi %0 : i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %m : i32, i32, i8, index, i16, index, f32, f32, i32, i8, f64, f32, i32
}
"#);
    for (a, x) in [(-128i8, 3.75f32), (-1, 200.9), (0, 0.5), (5, 17.0), (127, 255.0)] {
        let out = jit.call("casts", &mut [JitArg::Value(JitValue::I8(a)), JitArg::Value(JitValue::F32(x))]).unwrap();
        let expected = vec![
            JitValue::I32(a.into()),
            JitValue::I32((a as u8).into()),
            JitValue::I8((i32::from(a) + 300) as i8),
            JitValue::Index(a.into()),
            JitValue::I16(a.into()),
            JitValue::Index((a as u8).into()),
            JitValue::F32(a.into()),
            JitValue::F32((a as u8).into()),
            JitValue::I32(x as i32),
            JitValue::I8(x as u8 as i8),
            JitValue::F64(x.into()),
            JitValue::F32(x),
            JitValue::I32(i32::from(a).abs()),
        ];
        assert_eq!(out, expected, "a = {a}, x = {x}");
    }
}

#[test]
fn i1_arithmetic_is_one_bit() {
    let jit = jit(r#"
func.func @bits(%a: i1, %b: i1) -> (i1, i1, i1, i1, i32, i32, i1, i1, f32) {
  %0 = arith.addi %a, %b : i1
  %1 = arith.andi %a, %b : i1
  %2 = arith.xori %a, %b : i1
  %3 = arith.cmpi slt, %a, %b : i1
  %4 = arith.extsi %a : i1 to i32
  %5 = arith.extui %a : i1 to i32
  %6 = arith.minsi %a, %b : i1
  %big = arith.constant 3 : i32
  %7 = arith.trunci %big : i32 to i1
  %8 = arith.sitofp %a : i1 to f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : i1, i1, i1, i1, i32, i32, i1, i1, f32
}
"#);
    for a in [false, true] {
        for b in [false, true] {
            let out = jit.call("bits", &mut [JitArg::Value(JitValue::I1(a)), JitArg::Value(JitValue::I1(b))]).unwrap();
            // As signed values, true is -1.
            let (sa, sb) = (-i32::from(a), -i32::from(b));
            let expected = vec![
                JitValue::I1(a ^ b),
                JitValue::I1(a & b),
                JitValue::I1(a ^ b),
                JitValue::I1(sa < sb),
                JitValue::I32(sa),
                JitValue::I32(a.into()),
                JitValue::I1(sa.min(sb) != 0),
                JitValue::I1(true),
                JitValue::F32(sa as f32),
            ];
            assert_eq!(out, expected, "{a}, {b}");
        }
    }
}

#[test]
fn i64_and_index_arithmetic() {
    let jit = jit(r#"
func.func @wide(%a: i64, %b: i64, %i: index) -> (i64, i64, index) {
  %0 = arith.muli %a, %b : i64
  %1 = arith.shrsi %a, %b : i64
  %c3 = arith.constant 3 : index
  %2 = arith.muli %i, %c3 : index
  return %0, %1, %2 : i64, i64, index
}
"#);
    let out = jit
        .call(
            "wide",
            &mut [
                JitArg::Value(JitValue::I64(-(1 << 40))),
                JitArg::Value(JitValue::I64(5)),
                JitArg::Value(JitValue::Index(-7)),
            ],
        )
        .unwrap();
    assert_eq!(out, vec![JitValue::I64(-(5 << 40)), JitValue::I64(-(1 << 35)), JitValue::Index(-21)]);
}

#[test]
fn float_comparisons_and_nan() {
    let jit = jit(r#"
func.func @cmpf(%a: f32, %b: f32) -> (i1, i1, i1, i1, i1, i1, f32, f32) {
  %0 = arith.cmpf olt, %a, %b : f32
  %1 = arith.cmpf ult, %a, %b : f32
  %2 = arith.cmpf oeq, %a, %b : f32
  %3 = arith.cmpf une, %a, %b : f32
  %4 = arith.cmpf uno, %a, %b : f32
  %5 = arith.cmpf true, %a, %b : f32
  %6 = arith.minimumf %a, %b : f32
  %7 = arith.maximumf %a, %b : f32
  return %0, %1, %2, %3, %4, %5, %6, %7 : i1, i1, i1, i1, i1, i1, f32, f32
}
"#);
    let call = |a: f32, b: f32| {
        jit.call("cmpf", &mut [JitArg::Value(JitValue::F32(a)), JitArg::Value(JitValue::F32(b))]).unwrap()
    };
    let out = call(1.0, 2.0);
    assert_eq!(out[..6], [true, true, false, true, false, true].map(JitValue::I1));
    assert_eq!(out[6..], [JitValue::F32(1.0), JitValue::F32(2.0)]);
    let out = call(f32::NAN, 2.0);
    assert_eq!(out[..6], [false, true, false, true, true, true].map(JitValue::I1));
    assert!(matches!(out[6], JitValue::F32(v) if v.is_nan()) && matches!(out[7], JitValue::F32(v) if v.is_nan()));
    // minimumf orders -0 below +0.
    let out = call(0.0, -0.0);
    assert!(matches!(out[6], JitValue::F32(v) if v == 0.0 && v.is_sign_negative()));
    assert!(matches!(out[7], JitValue::F32(v) if v == 0.0 && v.is_sign_positive()));
}
