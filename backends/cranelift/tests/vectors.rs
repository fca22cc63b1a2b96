//! `vector` code JIT-compiled to SSE and checked against plain Rust: a 16-lane int8 dot product
//! with a masked tail, chained dot products, the fixed-point requantization ops (rounding shifts by every amount), lane
//! casts and lane-by-lane shifts.

mod common;

use common::{Rng, jit, jit_with};
use mc_backend_cranelift::{JitArg, JitOptions, JitValue, host_runs_vectors};

/// `out[0] = Σ a[k] · b[k]` over `n` (run time) int8 elements: 16 lanes a step, the tail one
/// masked step.
const DOT: &str = r#"
func.func @dot(%a: !buffer<40xi8>, %b: !buffer<40xi8>, %out: !buffer<1xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0 : i32
  %z8 = arith.constant 0 : i8
  %pass = vector.broadcast %z8 : i8 to vector<16xi8>
  %full = arith.divsi %n, %c16 : index
  %body = arith.muli %full, %c16 : index
  %sum = loop.for %i = %c0 to %body step %c16 iter_args(%acc = %zero) -> (i32) {
    %x = vector.load %a[%i] : !buffer<40xi8>, vector<16xi8>
    %y = vector.load %b[%i] : !buffer<40xi8>, vector<16xi8>
    %d = vector.widening_dot %x, %y, %acc : vector<16xi8>, vector<16xi8> into i32
    loop.yield %d : i32
  }
  %rest = arith.subi %n, %body : index
  %m = vector.create_mask %rest : vector<16xi1>
  %x = vector.maskedload %a[%body], %m, %pass : !buffer<40xi8>, vector<16xi1>, vector<16xi8> into vector<16xi8>
  %y = vector.maskedload %b[%body], %m, %pass : !buffer<40xi8>, vector<16xi1>, vector<16xi8> into vector<16xi8>
  %total = vector.widening_dot %x, %y, %sum : vector<16xi8>, vector<16xi8> into i32
  loop.store %total, %out[%c0] : !buffer<1xi32>
  return
}
"#;

#[test]
fn a_dot_product_with_a_masked_tail_matches_scalar_code() {
    if !host_runs_vectors() {
        return;
    }
    let jit = jit_with(DOT, &JitOptions::default().keep_clif());
    // The loop carries the sum as four i32 lanes (one horizontal add after it, one for the tail).
    let clif = jit.clif("dot").unwrap();
    assert!(clif.contains("scalar_to_vector.i32x4"), "{clif}");
    assert_eq!(clif.matches("extractlane").count(), 2, "{clif}");
    let mut rng = Rng(11);
    for n in [0usize, 5, 16, 31, 32, 40] {
        let mut a: Vec<i8> = (0..40).map(|_| rng.i8()).collect();
        let mut b: Vec<i8> = (0..40).map(|_| rng.i8()).collect();
        let expected: i32 = a.iter().zip(&b).take(n).map(|(&x, &y)| i32::from(x) * i32::from(y)).sum();
        let mut out = [0i32];
        let args = &mut [
            JitArg::memory(&mut a),
            JitArg::memory(&mut b),
            JitArg::memory(&mut out),
            JitArg::Value(JitValue::Index(n as i64)),
        ];
        jit.call("dot", args).unwrap();
        assert_eq!(out[0], expected, "n = {n}");
    }
}

/// TFLite's requantization steps on four `i32` lanes, then a clamp and a narrowing store: the
/// int8 outputs of a depthwise convolution's channels.
const REQUANTIZE: &str = r#"
func.func @requantize(%acc: !buffer<8xi32>, %mul: !buffer<8xi32>, %shift: !buffer<8xi32>, %out: !buffer<8xi8>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c31 = arith.constant 31 : i32
  %lo = arith.constant -128 : i32
  %hi = arith.constant 127 : i32
  %s31 = vector.broadcast %c31 : i32 to vector<4xi32>
  %vlo = vector.broadcast %lo : i32 to vector<4xi32>
  %vhi = vector.broadcast %hi : i32 to vector<4xi32>
  loop.for %i = %c0 to %c8 step %c4 {
    %x = vector.load %acc[%i] : !buffer<8xi32>, vector<4xi32>
    %m = vector.load %mul[%i] : !buffer<8xi32>, vector<4xi32>
    %r = vector.load %shift[%i] : !buffer<8xi32>, vector<4xi32>
    %h = vector.rounding_doubling_high_mul %x, %m : vector<4xi32>
    %sign = arith.shrsi %h, %s31 : vector<4xi32>
    %q = vector.rounding_shift_right %h, %r : vector<4xi32>
    %t = arith.addi %q, %sign : vector<4xi32>
    %a = arith.maxsi %t, %vlo : vector<4xi32>
    %b = arith.minsi %a, %vhi : vector<4xi32>
    %n = arith.trunci %b : vector<4xi32> to vector<4xi8>
    vector.store %n, %out[%i] : !buffer<8xi8>, vector<4xi8>
  }
  return
}
"#;

/// The definitions the module documents: `(a·b + 2^30) >> 31` saturated, and `(x + half) >> r`.
fn rounding_doubling_high_mul(a: i32, b: i32) -> i32 {
    ((i64::from(a) * i64::from(b) + (1 << 30)) >> 31).min(i64::from(i32::MAX)) as i32
}

fn rounding_shift_right(x: i32, r: i32) -> i32 {
    let r = r & 31;
    ((i64::from(x) + ((1i64 << r) >> 1)) >> r) as i32
}

#[test]
fn requantization_on_lanes_matches_its_definition() {
    if !host_runs_vectors() {
        return;
    }
    let jit = jit(REQUANTIZE);
    let mut rng = Rng(5);
    for round in 0..50 {
        let mut acc: Vec<i32> = (0..8).map(|_| rng.range(-1 << 20, 1 << 20) as i32).collect();
        let mut mul: Vec<i32> = (0..8).map(|_| rng.range(1 << 29, i32::MAX as i64) as i32).collect();
        let mut shift: Vec<i32> = (0..8).map(|_| rng.range(0, 31) as i32).collect();
        if round == 0 {
            acc[1] = i32::MIN;
            mul[1] = i32::MIN;
        }
        let expected: Vec<i8> = (0..8)
            .map(|k| {
                let h = rounding_doubling_high_mul(acc[k], mul[k]);
                (rounding_shift_right(h, shift[k]) + (h >> 31)).clamp(-128, 127) as i8
            })
            .collect();
        let mut out = vec![0i8; 8];
        let args = &mut [
            JitArg::memory(&mut acc),
            JitArg::memory(&mut mul),
            JitArg::memory(&mut shift),
            JitArg::memory(&mut out),
        ];
        jit.call("requantize", args).unwrap();
        assert_eq!(out, expected, "round {round}");
    }
}

/// `out[0] = bias + Σ a[k] · b[k]` over 48 int8 elements as three chained dot products (the
/// unrolled taps of a convolution), the second of 8 masked lanes.
const CHAIN: &str = r#"
func.func @chain(%a: !buffer<48xi8>, %b: !buffer<48xi8>, %out: !buffer<1xi32>, %bias: i32) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %z8 = arith.constant 0 : i8
  %pass = vector.broadcast %z8 : i8 to vector<16xi8>
  %m = vector.create_mask %c8 : vector<16xi1>
  %x0 = vector.load %a[%c0] : !buffer<48xi8>, vector<16xi8>
  %y0 = vector.load %b[%c0] : !buffer<48xi8>, vector<16xi8>
  %d0 = vector.widening_dot %x0, %y0, %bias : vector<16xi8>, vector<16xi8> into i32
  %x1 = vector.maskedload %a[%c16], %m, %pass : !buffer<48xi8>, vector<16xi1>, vector<16xi8> into vector<16xi8>
  %y1 = vector.maskedload %b[%c16], %m, %pass : !buffer<48xi8>, vector<16xi1>, vector<16xi8> into vector<16xi8>
  %d1 = vector.widening_dot %x1, %y1, %d0 : vector<16xi8>, vector<16xi8> into i32
  %x2 = vector.load %a[%c32] : !buffer<48xi8>, vector<16xi8>
  %y2 = vector.load %b[%c32] : !buffer<48xi8>, vector<16xi8>
  %d2 = vector.widening_dot %x2, %y2, %d1 : vector<16xi8>, vector<16xi8> into i32
  loop.store %d2, %out[%c0] : !buffer<1xi32>
  return
}
"#;

#[test]
fn chained_dot_products_add_their_lanes_once() {
    if !host_runs_vectors() {
        return;
    }
    let jit = jit_with(CHAIN, &JitOptions::default().keep_clif());
    let clif = jit.clif("chain").unwrap();
    assert_eq!(clif.matches("extractlane").count(), 1, "{clif}");
    // The masked loads over zeros need no blend, and their dot no high half: the full dots
    // widen two high halves of bytes and four of i16s each, the masked one two of i16s.
    assert!(!clif.contains("bitselect"), "{clif}");
    assert_eq!(clif.matches("swiden_high").count(), 14, "{clif}");
    let mut rng = Rng(23);
    for _ in 0..20 {
        let mut a: Vec<i8> = (0..48).map(|_| rng.i8()).collect();
        let mut b: Vec<i8> = (0..48).map(|_| rng.i8()).collect();
        let bias = rng.range(-1 << 30, 1 << 30) as i32;
        let taken = (0..48).filter(|k| !(24..32).contains(k));
        let expected = taken.fold(bias, |sum, k| sum.wrapping_add(i32::from(a[k]) * i32::from(b[k])));
        let mut out = [0i32];
        let args = &mut [
            JitArg::memory(&mut a),
            JitArg::memory(&mut b),
            JitArg::memory(&mut out),
            JitArg::Value(JitValue::I32(bias)),
        ];
        jit.call("chain", args).unwrap();
        assert_eq!(out[0], expected);
    }
}

/// `out = rounding_shift_right(x, r)` on four `i32` lanes.
const SHIFT: &str = r#"
func.func @shift(%x: !buffer<4xi32>, %r: !buffer<4xi32>, %out: !buffer<4xi32>) {
  %c0 = arith.constant 0 : index
  %v = vector.load %x[%c0] : !buffer<4xi32>, vector<4xi32>
  %s = vector.load %r[%c0] : !buffer<4xi32>, vector<4xi32>
  %q = vector.rounding_shift_right %v, %s : vector<4xi32>
  vector.store %q, %out[%c0] : !buffer<4xi32>, vector<4xi32>
  return
}
"#;

#[test]
fn rounding_shifts_by_every_amount_match_their_definition() {
    if !host_runs_vectors() {
        return;
    }
    let jit = jit(SHIFT);
    let mut rng = Rng(17);
    let mut values = vec![i32::MIN, i32::MIN + 1, i32::MAX, i32::MAX - 1, -1, 0, 1, 2, 3, -2, -3, 1 << 30, -(1 << 30)];
    values.extend((0..40).map(|_| rng.range(i64::from(i32::MIN), i64::from(i32::MAX)) as i32));
    // Every amount in 0..32, and amounts whose bits above the low five are set (`r & 31`).
    let amounts: Vec<i32> = (0..32).chain([-1, 32, 33, 63, i32::MIN, i32::MAX]).collect();
    for &x in &values {
        for lanes in amounts.chunks(4) {
            let mut r = [0i32; 4];
            r[..lanes.len()].copy_from_slice(lanes);
            let mut input = [x, x.wrapping_add(1), x.wrapping_sub(7), !x];
            let expected: Vec<i32> = (0..4).map(|k| rounding_shift_right(input[k], r[k])).collect();
            let mut out = [0i32; 4];
            let args = &mut [JitArg::memory(&mut input), JitArg::memory(&mut r), JitArg::memory(&mut out)];
            jit.call("shift", args).unwrap();
            assert_eq!(out.to_vec(), expected, "x = {x}, r = {r:?}");
        }
    }
}

#[test]
fn vectors_wider_than_a_register_are_reported() {
    let text = r#"
func.func @wide(%b: !buffer<8xi32>) {
  %c0 = arith.constant 0 : index
  %v = vector.load %b[%c0] : !buffer<8xi32>, vector<8xi32>
  vector.store %v, %b[%c0] : !buffer<8xi32>, vector<8xi32>
  return
}
"#;
    let Err(message) = common::try_jit(text) else { panic!("a 256-bit vector does not lower") };
    assert!(message.contains("'vector<8xi32>' is not supported by the Cranelift backend"), "{message}");
}

#[test]
fn constant_masks_load_and_store_exactly_their_lanes() {
    if !host_runs_vectors() {
        return;
    }
    // Every count: the loaded lanes from memory, the others the pass-through's 7; the store
    // writes the set lanes and leaves the rest of `out` alone.
    for count in 0..=16 {
        let text = format!(
            r#"
func.func @copy(%a: !buffer<20xi8>, %out: !buffer<20xi8>) {{
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = arith.constant {count} : index
  %seven = arith.constant 7 : i8
  %pass = vector.broadcast %seven : i8 to vector<16xi8>
  %m = vector.create_mask %n : vector<16xi1>
  %all = vector.create_mask %c2 : vector<16xi1>
  %v = vector.maskedload %a[%c1], %m, %pass : !buffer<20xi8>, vector<16xi1>, vector<16xi8> into vector<16xi8>
  vector.store %v, %out[%c2] : !buffer<20xi8>, vector<16xi8>
  vector.maskedstore %out[%c1], %m, %v : !buffer<20xi8>, vector<16xi1>, vector<16xi8>
  return
}}
"#
        );
        let jit = jit(&text);
        let mut a: Vec<i8> = (0..20).map(|k| 100 - k as i8).collect();
        let mut out = vec![-1i8; 20];
        jit.call("copy", &mut [JitArg::memory(&mut a), JitArg::memory(&mut out)]).unwrap();
        let mut expected = vec![-1i8; 20];
        for lane in 0..16 {
            expected[2 + lane] = if lane < count { a[1 + lane] } else { 7 };
        }
        expected[1..1 + count].copy_from_slice(&a[1..1 + count]);
        assert_eq!(out, expected, "count {count}");
    }
}

#[test]
fn lane_ops_sse_lacks_are_reported() {
    let text = r#"
func.func @square(%b: !buffer<16xi8>) {
  %c0 = arith.constant 0 : index
  %v = vector.load %b[%c0] : !buffer<16xi8>, vector<16xi8>
  %s = arith.muli %v, %v : vector<16xi8>
  vector.store %s, %b[%c0] : !buffer<16xi8>, vector<16xi8>
  return
}
"#;
    let Err(message) = common::try_jit(text) else { panic!("no 8-bit lane multiply") };
    assert!(message.contains("cannot lower 'arith.muli' to Cranelift: no SSE lowering for 8-bit lanes"), "{message}");
}

/// Four scalars gathered into lanes, added lane-wise to themselves reversed, and taken out
/// again: what `vectorize-store-groups` makes of four stores computed alike.
const GATHER: &str = r#"
func.func @gather(%in: !buffer<4xi32>, %out: !buffer<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %a = loop.load %in[%c0] : !buffer<4xi32>
  %b = loop.load %in[%c1] : !buffer<4xi32>
  %c = loop.load %in[%c2] : !buffer<4xi32>
  %d = loop.load %in[%c3] : !buffer<4xi32>
  %v = vector.from_elements %a, %b, %c, %d : vector<4xi32>
  %w = vector.from_elements %d, %c, %b, %a : vector<4xi32>
  %s = arith.muli %v, %w : vector<4xi32>
  %s0 = vector.extract %s[0] : i32 from vector<4xi32>
  %s1 = vector.extract %s[1] : i32 from vector<4xi32>
  %s3 = vector.extract %s[3] : i32 from vector<4xi32>
  loop.store %s3, %out[%c0] : !buffer<4xi32>
  loop.store %s1, %out[%c1] : !buffer<4xi32>
  loop.store %s0, %out[%c3] : !buffer<4xi32>
  return
}
"#;

#[test]
fn lanes_gathered_from_scalars_and_extracted_match_scalar_code() {
    if !host_runs_vectors() {
        return;
    }
    let jit = jit(GATHER);
    let mut input = [3i32, -7, 11, 100_000];
    let mut out = [0i32, 55, 0, 0];
    jit.call("gather", &mut [JitArg::memory(&mut input), JitArg::memory(&mut out)]).unwrap();
    let [a, b, c, d] = input;
    assert_eq!(out, [d * a, b * c, 0, a * d]);
}
