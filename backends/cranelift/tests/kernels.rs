//! Hand-written loop-level kernels, JIT-compiled and checked against plain Rust.

mod common;

use common::{Rng, jit};
use mc_backend_cranelift::{JitArg, JitValue};

#[test]
fn matmul_f32() {
    let jit = jit(r#"
func.func @matmul(%a: !buffer<3x4xf32>, %b: !buffer<4x5xf32>, %c: !buffer<3x5xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %zero = arith.constant 0.0 : f32
  loop.for %i = %c0 to %c3 step %c1 {
    loop.for %j = %c0 to %c5 step %c1 {
      %sum = loop.for %k = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (f32) {
        %x = loop.load %a[%i, %k] : !buffer<3x4xf32>
        %y = loop.load %b[%k, %j] : !buffer<4x5xf32>
        %p = arith.mulf %x, %y : f32
        %s = arith.addf %acc, %p : f32
        loop.yield %s : f32
      }
      loop.store %sum, %c[%i, %j] : !buffer<3x5xf32>
    }
  }
  return
}
"#);
    let mut rng = Rng(7);
    let mut a: Vec<f32> = (0..12).map(|_| rng.float(-2.0, 2.0)).collect();
    let mut b: Vec<f32> = (0..20).map(|_| rng.float(-2.0, 2.0)).collect();
    let mut c = vec![0f32; 15];
    jit.call("matmul", &mut [JitArg::memory(&mut a), JitArg::memory(&mut b), JitArg::memory(&mut c)]).unwrap();
    for i in 0..3 {
        for j in 0..5 {
            // Same order of additions as the kernel: bit-identical.
            let expected = (0..4).fold(0f32, |acc, k| acc + a[i * 4 + k] * b[k * 5 + j]);
            assert_eq!(c[i * 5 + j].to_bits(), expected.to_bits(), "c[{i}][{j}]");
        }
    }
}

#[test]
fn int8_matmul_accumulates_in_i32() {
    let jit = jit(r#"
func.func @matmul(%a: !buffer<2x3xi8>, %b: !buffer<3x2xi8>, %c: !buffer<2x2xi32>, %za: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0 : i32
  loop.for %i = %c0 to %c2 step %c1 {
    loop.for %j = %c0 to %c2 step %c1 {
      %sum = loop.for %k = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> (i32) {
        %x8 = loop.load %a[%i, %k] : !buffer<2x3xi8>
        %y8 = loop.load %b[%k, %j] : !buffer<3x2xi8>
        %x = arith.extsi %x8 : i8 to i32
        %y = arith.extsi %y8 : i8 to i32
        %xs = arith.subi %x, %za : i32
        %p = arith.muli %xs, %y : i32
        %s = arith.addi %acc, %p : i32
        loop.yield %s : i32
      }
      loop.store %sum, %c[%i, %j] : !buffer<2x2xi32>
    }
  }
  return
}
"#);
    let mut a: Vec<i8> = vec![-128, 127, 5, -1, 0, 64];
    let mut b: Vec<i8> = vec![127, -128, -7, 3, 100, -100];
    let mut c = vec![0i32; 4];
    let za = -5;
    jit.call(
        "matmul",
        &mut [JitArg::memory(&mut a), JitArg::memory(&mut b), JitArg::memory(&mut c), JitArg::Value(JitValue::I32(za))],
    )
    .unwrap();
    for i in 0..2 {
        for j in 0..2 {
            let expected: i32 = (0..3).map(|k| (i32::from(a[i * 3 + k]) - za) * i32::from(b[k * 2 + j])).sum();
            assert_eq!(c[i * 2 + j], expected);
        }
    }
}

#[test]
fn iter_args_carry_several_values_and_results_return() {
    // Fibonacci with two loop-carried values, and the count of odd numbers, returned as results.
    let jit = jit(r#"
func.func @fib(%n: index) -> (i64, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a0 = arith.constant 0 : i64
  %b0 = arith.constant 1 : i64
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i64
  %r:3 = loop.for %i = %c0 to %n step %c1 iter_args(%a = %a0, %b = %b0, %odd = %z) -> (i64, i64, i32) {
    %next = arith.addi %a, %b : i64
    %low = arith.andi %a, %one : i64
    %is_odd = arith.trunci %low : i64 to i1
    %inc = arith.extui %is_odd : i1 to i32
    %odd2 = arith.addi %odd, %inc : i32
    loop.yield %b, %next, %odd2 : i64, i64, i32
  }
  return %r#0, %r#2 : i64, i32
}
"#);
    let fib = |n: i64| {
        let (mut a, mut b, mut odd) = (0i64, 1i64, 0);
        for _ in 0..n {
            odd += (a & 1) as i32;
            (a, b) = (b, a + b);
        }
        (a, odd)
    };
    for n in [0, 1, 2, 10, 50] {
        let out = jit.call("fib", &mut [JitArg::Value(JitValue::Index(n))]).unwrap();
        let (a, odd) = fib(n);
        assert_eq!(out, vec![JitValue::I64(a), JitValue::I32(odd)], "n = {n}");
    }
    // An empty range returns the initial values; lb >= ub runs nothing, even when negative.
    let out = jit.call("fib", &mut [JitArg::Value(JitValue::Index(-3))]).unwrap();
    assert_eq!(out, vec![JitValue::I64(0), JitValue::I32(0)]);
}

#[test]
fn loops_with_steps_and_bounds() {
    let jit = jit(r#"
func.func @count(%lb: index, %ub: index, %step: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = loop.for %i = %lb to %ub step %step iter_args(%n = %c0) -> (index) {
    %m = arith.addi %n, %c1 : index
    loop.yield %m : index
  }
  return %r : index
}
"#);
    for (lb, ub, step, expected) in [(0, 10, 3, 4), (-5, 5, 2, 5), (7, 7, 1, 0), (9, 2, 1, 0), (0, 1, 100, 1)] {
        let out = jit
            .call(
                "count",
                &mut [
                    JitArg::Value(JitValue::Index(lb)),
                    JitArg::Value(JitValue::Index(ub)),
                    JitArg::Value(JitValue::Index(step)),
                ],
            )
            .unwrap();
        assert_eq!(out, vec![JitValue::Index(expected)], "{lb}..{ub} step {step}");
    }
}

#[test]
fn strided_views_read_and_write_through_their_layout() {
    // A 3x3 view at offset 5 with row stride 8 and column stride 2 of a 32-element memory, and
    // its transpose written to a column-major 3x3 view.
    let jit = jit(r#"
func.func @copy(%src: !buffer<3x3xi32, strides: [8, 2], offset: 5>, %dst: !buffer<3x3xi32, strides: [1, 3]>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  loop.for %i = %c0 to %c3 step %c1 {
    loop.for %j = %c0 to %c3 step %c1 {
      %v = loop.load %src[%i, %j] : !buffer<3x3xi32, strides: [8, 2], offset: 5>
      loop.store %v, %dst[%i, %j] : !buffer<3x3xi32, strides: [1, 3]>
    }
  }
  return
}
"#);
    // The source view reaches element 5 + 2 * 8 + 2 * 2 = 25: 26 elements are needed.
    let mut src: Vec<i32> = (0..26).collect();
    let mut dst = vec![-1i32; 9];
    jit.call("copy", &mut [JitArg::memory(&mut src), JitArg::memory(&mut dst)]).unwrap();
    for i in 0..3 {
        for j in 0..3 {
            assert_eq!(dst[i + 3 * j], (5 + 8 * i + 2 * j) as i32, "[{i}][{j}]");
        }
    }
}

#[test]
fn rank_zero_and_broadcast_strides() {
    let jit = jit(r#"
func.func @broadcast(%s: !buffer<f32>, %row: !buffer<2x3xf32, strides: [0, 1]>, %out: !buffer<2x3xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %k = loop.load %s[] : !buffer<f32>
  loop.for %i = %c0 to %c2 step %c1 {
    loop.for %j = %c0 to %c3 step %c1 {
      %v = loop.load %row[%i, %j] : !buffer<2x3xf32, strides: [0, 1]>
      %p = arith.mulf %v, %k : f32
      loop.store %p, %out[%i, %j] : !buffer<2x3xf32>
    }
  }
  return
}
"#);
    let (mut s, mut row, mut out) = ([2.0f32], [1.0f32, 2.0, 3.0], [0f32; 6]);
    jit.call("broadcast", &mut [JitArg::memory(&mut s), JitArg::memory(&mut row), JitArg::memory(&mut out)]).unwrap();
    assert_eq!(out, [2.0, 4.0, 6.0, 2.0, 4.0, 6.0]);
}

#[test]
fn conditionals_with_and_without_results() {
    let jit = jit(r#"
func.func @relu_count(%buf: !buffer<8xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %n = loop.for %i = %c0 to %c8 step %c1 iter_args(%count = %zero) -> (i32) {
    %v = loop.load %buf[%i] : !buffer<8xi32>
    %neg = arith.cmpi slt, %v, %zero : i32
    loop.if %neg {
      loop.store %zero, %buf[%i] : !buffer<8xi32>
    }
    %next = loop.if %neg -> (i32) {
      %c = arith.addi %count, %one : i32
      loop.yield %c : i32
    } else {
      loop.yield %count : i32
    }
    loop.yield %next : i32
  }
  return %n : i32
}
"#);
    let mut buf = [3, -1, 0, -7, 8, i32::MIN, 5, -2];
    let out = jit.call("relu_count", &mut [JitArg::memory(&mut buf)]).unwrap();
    assert_eq!(out, vec![JitValue::I32(4)]);
    assert_eq!(buf, [3, 0, 0, 0, 8, 0, 5, 0]);
}

#[test]
fn functions_call_each_other() {
    let jit = jit(r#"
func.func @square(%x: i32) -> i32 {
  %y = arith.muli %x, %x : i32
  return %y : i32
}
func.func @divmod(%a: i32, %b: i32) -> (i32, i32) {
  %q = arith.divsi %a, %b : i32
  %r = arith.remsi %a, %b : i32
  return %q, %r : i32, i32
}
func.func @digits(%x: i32) -> (i32, i32, i32) {
  %ten = arith.constant 10 : i32
  %q, %r = func.call @divmod(%x, %ten) : (i32, i32) -> (i32, i32)
  %q2, %r2 = func.call @divmod(%q, %ten) : (i32, i32) -> (i32, i32)
  return %q2, %r2, %r : i32, i32, i32
}
func.func @sum_of_squares(%buf: !buffer<4xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0 : i32
  %s = loop.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (i32) {
    %v = loop.load %buf[%i] : !buffer<4xi32>
    %q = func.call @square(%v) : (i32) -> i32
    %n = arith.addi %acc, %q : i32
    loop.yield %n : i32
  }
  return %s : i32
}
"#);
    let mut buf = [1, -2, 3, 4];
    assert_eq!(jit.call("sum_of_squares", &mut [JitArg::memory(&mut buf)]).unwrap(), vec![JitValue::I32(30)]);
    assert_eq!(jit.call("square", &mut [JitArg::Value(JitValue::I32(-9))]).unwrap(), vec![JitValue::I32(81)]);
    // Several results go through a results pointer, between JIT functions too.
    assert_eq!(
        jit.call("digits", &mut [JitArg::Value(JitValue::I32(-472))]).unwrap(),
        vec![JitValue::I32(-4), JitValue::I32(-7), JitValue::I32(-2)]
    );
}

#[test]
fn float_math_functions() {
    let jit = jit(r#"
func.func @f(%x: f32, %d: f64) -> (f32, f32, f32, f32, f32, f32, f32, f32, f64, f64) {
  %0 = math.exp %x : f32
  %1 = math.tanh %x : f32
  %2 = math.absf %x : f32
  %3 = math.round %x : f32
  %4 = math.roundeven %x : f32
  %5 = math.floor %x : f32
  %6 = math.ceil %x : f32
  %a = math.absf %x : f32
  %7 = math.sqrt %a : f32
  %8 = math.log %d : f64
  %9 = math.rsqrt %d : f64
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : f32, f32, f32, f32, f32, f32, f32, f32, f64, f64
}
func.func @logistic(%x: f32) -> f32 {
  %one = arith.constant 1.0 : f32
  %n = arith.negf %x : f32
  %e = math.exp %n : f32
  %d = arith.addf %one, %e : f32
  %r = arith.divf %one, %d : f32
  return %r : f32
}
"#);
    for x in [-2.5f32, -0.5, 0.0, 0.5, 1.5, 2.5, 10.0, -88.0] {
        let d = f64::from(x.abs()) + 0.25;
        let out = jit.call("f", &mut [JitArg::Value(JitValue::F32(x)), JitArg::Value(JitValue::F64(d))]).unwrap();
        let expected = [
            JitValue::F32(x.exp()),
            JitValue::F32(x.tanh()),
            JitValue::F32(x.abs()),
            JitValue::F32(x.round()),
            JitValue::F32(x.round_ties_even()),
            JitValue::F32(x.floor()),
            JitValue::F32(x.ceil()),
            JitValue::F32(x.abs().sqrt()),
            JitValue::F64(d.ln()),
            JitValue::F64(1.0 / d.sqrt()),
        ];
        assert_eq!(out, expected, "x = {x}");
        let logistic = jit.call("logistic", &mut [JitArg::Value(JitValue::F32(x))]).unwrap();
        assert_eq!(logistic, vec![JitValue::F32(1.0 / (1.0 + (-x).exp()))]);
    }
}

#[test]
fn softmax_f32_matches_rust() {
    // Max-subtracted softmax over one row, as TFLite's reference float kernel computes it.
    let jit = jit(r#"
func.func @softmax(%in: !buffer<6xf32>, %out: !buffer<6xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %lowest = arith.constant -3.40282347E+38 : f32
  %zero = arith.constant 0.0 : f32
  %max = loop.for %i = %c0 to %c6 step %c1 iter_args(%m = %lowest) -> (f32) {
    %v = loop.load %in[%i] : !buffer<6xf32>
    %n = arith.maximumf %m, %v : f32
    loop.yield %n : f32
  }
  %sum = loop.for %i = %c0 to %c6 step %c1 iter_args(%s = %zero) -> (f32) {
    %v = loop.load %in[%i] : !buffer<6xf32>
    %d = arith.subf %v, %max : f32
    %e = math.exp %d : f32
    loop.store %e, %out[%i] : !buffer<6xf32>
    %n = arith.addf %s, %e : f32
    loop.yield %n : f32
  }
  loop.for %i = %c0 to %c6 step %c1 {
    %e = loop.load %out[%i] : !buffer<6xf32>
    %r = arith.divf %e, %sum : f32
    loop.store %r, %out[%i] : !buffer<6xf32>
  }
  return
}
"#);
    let mut input = [1.0f32, -2.0, 3.5, 0.0, 3.5, -10.0];
    let mut out = [0f32; 6];
    jit.call("softmax", &mut [JitArg::memory(&mut input), JitArg::memory(&mut out)]).unwrap();
    let max = input.iter().copied().fold(f32::MIN, f32::max);
    let exps: Vec<f32> = input.iter().map(|&v| (v - max).exp()).collect();
    let sum = exps.iter().fold(0f32, |s, &e| s + e);
    for (o, e) in out.iter().zip(&exps) {
        assert_eq!(*o, e / sum);
    }
}
