//! kissfft (`kiss_fft.c`, `tools/kiss_fftr.c`) as TFLite Micro's signal library builds it, in
//! 16-bit or 32-bit fixed point (`FIXED_POINT 16`, `FIXED_POINT 32`) or in `float`: what the real
//! FFT (`rfft`) and its inverse (`irfft`) share.
//!
//! Everything kissfft computes once (`kiss_fftr_alloc`) is computed here at compile time: the
//! radices (`kf_factor`: fours, then a two), the order in which `kf_work`'s recursion reads the
//! input (a permutation table), and the twiddles (fixed point: `floor(0.5 + SAMP_MAX *
//! cos(phase))`, the same for `sin`, `SAMP_MAX` the scalar's largest value; float: `(float)
//! cos(phase)`; the inverse's phases negated), as constant tables. The recursion's butterflies
//! then run stage by stage, deepest first (the sub-transforms of one stage are independent), each
//! value kept as kissfft keeps it: a `kiss_fft_scalar` after every assignment (fixed point: held
//! sign-extended in twice its width, kissfft's `SAMPPROD`, and wrapped after each assignment).
//! The helpers are kissfft's, in fixed point with `w` the scalar's width:
//!
//! ```text
//! sround(x)        = (x + (1 << (w - 2))) >> (w - 1)              // on the SAMPPROD product
//! C_MUL(a, b)      = (sround(a.r*b.r - a.i*b.i), sround(a.r*b.i + a.i*b.r))
//! C_FIXDIV(c, d)   = each part x: sround(x * (SAMP_MAX / d))      // float: nothing
//! kf_bfly4         = C_FIXDIV by 4 of the four inputs, three twiddle products, sums/differences
//!                    (legs 1 and 3 rotated by -i forward, +i inverse)
//! kf_bfly2         = C_FIXDIV by 2 of the two inputs, one twiddle product, sum and difference
//! ```

use super::super::emitter::{ElementKind, KernelEmitter};
use mc_ir::{Diagnostic, FloatKind, Type, Value};

/// What kissfft's `kiss_fft_scalar` is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Scalar {
    /// `FIXED_POINT` of this many bits (16 or 32): values held in twice the width.
    Fixed(u32),
    /// `float`.
    Float,
}

impl Scalar {
    /// The scalar of TFLite Micro's kernel for elements of `kind`.
    pub(super) fn of(kind: ElementKind) -> Option<Scalar> {
        match kind {
            ElementKind::Int16 => Some(Scalar::Fixed(16)),
            ElementKind::Int32 => Some(Scalar::Fixed(32)),
            ElementKind::F32 => Some(Scalar::Float),
            _ => None,
        }
    }

    /// The type values are computed in: twice the fixed-point width (`SAMPPROD`), or `f32`.
    pub(super) fn wide(self, e: &mut KernelEmitter<'_>) -> Type {
        match self {
            Scalar::Fixed(width) => e.b.ctx.integer_type(2 * width),
            Scalar::Float => e.b.ctx.float_type(FloatKind::F32),
        }
    }

    /// The constant `value` in [`Scalar::wide`].
    pub(super) fn constant(self, e: &mut KernelEmitter<'_>, value: i64) -> Value {
        match self {
            Scalar::Fixed(width) => e.int(value, 2 * width),
            Scalar::Float => e.f32(value as f32),
        }
    }
}

/// kissfft's fixed-point full scale `SAMP_MAX` for `width`-bit scalars.
pub(super) fn samp_max(width: u32) -> i64 {
    (1 << (width - 1)) - 1
}

/// What `kiss_fftr_alloc` computes for a real FFT of `2 * n` points: the complex transform of `n`.
pub(super) struct Plan {
    /// `(radix, sub-transform length)` per stage, outermost first (`kf_factor`'s list).
    pub(super) stages: Vec<(usize, usize)>,
    /// The complex input sample `kf_work` copies to each position before the butterflies.
    pub(super) permutation: Vec<i64>,
    /// The phases of the twiddles `exp(∓2πik/n)` (`-` forward, `+` inverse).
    pub(super) twiddles: Vec<f64>,
    /// The phases of the real transform's split, `exp(∓iπ((k + 1)/n + 1/2))` for `k < n/2`.
    pub(super) super_twiddles: Vec<f64>,
}

/// `kf_cexp` in `width`-bit fixed point: `floor(0.5 + SAMP_MAX * cos(phase))` and the same of
/// `sin`.
pub(super) fn fixed_cexp(phase: f64, width: u32) -> (i64, i64) {
    let full = samp_max(width) as f64;
    ((0.5 + full * phase.cos()).floor() as i64, (0.5 + full * phase.sin()).floor() as i64)
}

impl Plan {
    /// The plan of a complex transform of `n` points, `n` a power of two from 2 on, forward or
    /// `inverse` (`kiss_fft_alloc` and `kiss_fftr_alloc` negate every phase).
    pub(super) fn new(n: usize, inverse: bool) -> Plan {
        // kf_factor: radix 4 while it divides, then 2 (a power of two needs no other).
        let mut stages = Vec::new();
        let mut rest = n;
        while rest > 1 {
            let radix = if rest.is_multiple_of(4) { 4 } else { 2 };
            rest /= radix;
            stages.push((radix, rest));
        }
        let mut permutation = vec![0; n];
        permute(&mut permutation, 0, 0, 1, &stages);
        let pi = std::f64::consts::PI;
        let sign = if inverse { -1.0 } else { 1.0 };
        let twiddles = (0..n).map(|i| sign * (-2.0 * pi * i as f64 / n as f64)).collect();
        let super_twiddles = (0..n / 2).map(|i| sign * (-pi * ((i + 1) as f64 / n as f64 + 0.5))).collect();
        Plan { stages, permutation, twiddles, super_twiddles }
    }
}

/// The (real, imaginary) tables of `kf_cexp` of `phases` for `scalar`, as globals named after
/// `hint`.
fn cexp_tables(e: &mut KernelEmitter<'_>, scalar: Scalar, hint: &str, phases: &[f64]) -> (Value, Value) {
    let (real, imaginary) = (format!("{hint}_re"), format!("{hint}_im"));
    match scalar {
        Scalar::Fixed(width) => {
            let (re, im): (Vec<i64>, Vec<i64>) = phases.iter().map(|&p| fixed_cexp(p, width)).unzip();
            (e.table(&real, width, &re), e.table(&imaginary, width, &im))
        }
        Scalar::Float => {
            let (re, im): (Vec<f32>, Vec<f32>) = phases.iter().map(|&p| (p.cos() as f32, p.sin() as f32)).unzip();
            (e.f32_table(&real, &re), e.f32_table(&imaginary, &im))
        }
    }
}

/// The operands of a real FFT kernel (`what` it is, for the error): the scalar of its input and
/// output (of one type), `fft_length` (a power of two from 4) and the input's shape, if
/// `rows_fit(input row, output row, fft_length)` and the leading dimensions agree.
pub(super) fn transform_operands(
    e: &KernelEmitter<'_>,
    what: &str,
    rows_fit: impl Fn(i64, i64, i64) -> bool,
) -> Result<(Scalar, i64, Vec<i64>), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let (in_shape, out_shape) = (e.shape(input), e.shape(output));
    let length = e.int_attr("fft_length")?;
    let scalar = Scalar::of(e.kind(input)).filter(|_| e.kind(input) == e.kind(output));
    let fits = match (in_shape.split_last(), out_shape.split_last()) {
        (Some((&in_row, in_rows)), Some((&out_row, out_rows))) => {
            in_rows == out_rows && rows_fit(in_row, out_row, length)
        }
        _ => false,
    };
    match scalar {
        Some(scalar) if fits && length >= 4 && length.count_ones() == 1 => Ok((scalar, length, in_shape)),
        _ => Err(e.unsupported_types(what)),
    }
}

impl Buffers {
    /// What a transform of `n` complex points of `element`s (its `scalar`) needs, forward or
    /// `inverse`: the plan, the permutation table, the buffer `kf_work` transforms in and the
    /// twiddle tables, their globals named after `hint`.
    pub(super) fn new(
        e: &mut KernelEmitter<'_>,
        hint: &str,
        (scalar, element): (Scalar, Type),
        n: usize,
        inverse: bool,
    ) -> (Plan, Value, Buffers) {
        let plan = Plan::new(n, inverse);
        let permutation = e.table(&format!("{hint}_permutation"), 32, &plan.permutation);
        let buffers = Buffers {
            scalar,
            inverse,
            data: e.workspace(vec![n as i64, 2], element),
            twiddles: cexp_tables(e, scalar, &format!("{hint}_twiddles"), &plan.twiddles),
            super_twiddles: cexp_tables(e, scalar, &format!("{hint}_super_twiddles"), &plan.super_twiddles),
        };
        (plan, permutation, buffers)
    }
}

/// The flat positions of the real and imaginary parts of complex value `k` in interleaved pairs.
pub(super) fn pair_at(e: &mut KernelEmitter<'_>, k: Value) -> [Value; 2] {
    let two = e.index(2);
    let real_at = e.muli(k, two);
    let one = e.index(1);
    [real_at, e.addi(real_at, one)]
}

/// Stores `value`, narrowed to the row's type ([`narrow`]), as the (real, imaginary) pair at
/// `2k`, `2k + 1` of `buffer`'s last dimension, after the leading indices `row`.
pub(super) fn store_pair(e: &mut KernelEmitter<'_>, s: Scalar, value: Complex, buffer: Value, row: &[Value], k: Value) {
    let [real_at, imaginary_at] = pair_at(e, k);
    for (part, at) in [(value.r, real_at), (value.i, imaginary_at)] {
        let narrow = narrow(e, s, part);
        let indices: Vec<Value> = row.iter().copied().chain([at]).collect();
        e.store(narrow, buffer, &indices);
    }
}

/// `kf_work`'s copies: position `out + j` (or the sub-transform at `out + j·m`) takes input sample
/// `input + j·stride`, recursively.
pub(super) fn permute(permutation: &mut [i64], out: usize, input: usize, stride: usize, stages: &[(usize, usize)]) {
    let (radix, m) = stages[0];
    for j in 0..radix {
        if m == 1 {
            permutation[out + j] = (input + j * stride) as i64;
        } else {
            permute(permutation, out + j * m, input + j * stride, stride * radix, &stages[1..]);
        }
    }
}

/// A complex value as two [`Scalar::wide`] values, each holding a `kiss_fft_scalar`.
#[derive(Clone, Copy)]
pub(super) struct Complex {
    pub(super) r: Value,
    pub(super) i: Value,
}

/// A transform's scalar, direction, buffers and tables.
pub(super) struct Buffers {
    pub(super) scalar: Scalar,
    /// `kiss_fft_alloc`'s `inverse`: the direction of `kf_bfly4`'s rotations.
    pub(super) inverse: bool,
    /// Where `kf_work` transforms in place: `[n, 2]` of the scalar.
    pub(super) data: Value,
    pub(super) twiddles: (Value, Value),
    pub(super) super_twiddles: (Value, Value),
}

/// Every stage of `kf_work`'s butterflies, deepest first: stage `s` runs `stride` sub-transforms
/// (`stride` the product of the radices before it) of `radix · m` points each.
pub(super) fn butterflies(e: &mut KernelEmitter<'_>, plan: &Plan, b: &Buffers) -> Result<(), Diagnostic> {
    let strides: Vec<usize> =
        plan.stages.iter().scan(1, |stride, &(radix, _)| Some(std::mem::replace(stride, *stride * radix))).collect();
    for (&(radix, m), &stride) in plan.stages.iter().zip(&strides).rev() {
        e.for_range(0, stride as i64, &[], |e, group, _| {
            e.for_range(0, m as i64, &[], |e, k, _| {
                let span = e.index((radix * m) as i64);
                let start = e.muli(group, span);
                let base = e.addi(start, k);
                let legs: Vec<Value> = (0..radix)
                    .map(|j| {
                        let offset = e.index((j * m) as i64);
                        e.addi(base, offset)
                    })
                    .collect();
                let twiddles: Vec<Value> = (1..radix)
                    .map(|j| {
                        let step = e.index((j * stride) as i64);
                        e.muli(k, step)
                    })
                    .collect();
                if radix == 4 {
                    butterfly4(e, b, &legs, &twiddles)
                } else {
                    butterfly2(e, b, &legs, twiddles[0])
                }
                Ok(Vec::new())
            })?;
            Ok(Vec::new())
        })?;
    }
    Ok(())
}

/// `kf_bfly4` (forward or inverse) on positions `legs` with twiddles `tw1`, `tw2`, `tw3` at `twiddles`.
pub(super) fn butterfly4(e: &mut KernelEmitter<'_>, b: &Buffers, legs: &[Value], twiddles: &[Value]) {
    let s = b.scalar;
    let inputs: Vec<Complex> = legs
        .iter()
        .map(|&at| {
            let value = load_complex(e, s, b.data, at);
            fixdiv(e, s, value, 4)
        })
        .collect();
    let products: Vec<Complex> = (0..3)
        .map(|j| {
            let twiddle = table_complex(e, s, b.twiddles, twiddles[j]);
            complex_mul(e, s, inputs[j + 1], twiddle)
        })
        .collect();
    let s5 = complex_op(e, s, Op::Sub, inputs[0], products[1]);
    let first = complex_op(e, s, Op::Add, inputs[0], products[1]);
    let s3 = complex_op(e, s, Op::Add, products[0], products[2]);
    let s4 = complex_op(e, s, Op::Sub, products[0], products[2]);
    let out2 = complex_op(e, s, Op::Sub, first, s3);
    let out0 = complex_op(e, s, Op::Add, first, s3);
    // Forward: out1 = s5 - i·s4, out3 = s5 + i·s4; inverse the other way round.
    let (minus, plus) = if b.inverse { (Op::Add, Op::Sub) } else { (Op::Sub, Op::Add) };
    let out1 = Complex { r: wrapping(e, s, plus, s5.r, s4.i), i: wrapping(e, s, minus, s5.i, s4.r) };
    let out3 = Complex { r: wrapping(e, s, minus, s5.r, s4.i), i: wrapping(e, s, plus, s5.i, s4.r) };
    for (&at, value) in legs.iter().zip([out0, out1, out2, out3]) {
        store_complex(e, s, value, b.data, at);
    }
}

/// `kf_bfly2` on positions `legs` with the twiddle at `twiddle`.
pub(super) fn butterfly2(e: &mut KernelEmitter<'_>, b: &Buffers, legs: &[Value], twiddle: Value) {
    let s = b.scalar;
    let first = load_complex(e, s, b.data, legs[0]);
    let first = fixdiv(e, s, first, 2);
    let second = load_complex(e, s, b.data, legs[1]);
    let second = fixdiv(e, s, second, 2);
    let twiddle = table_complex(e, s, b.twiddles, twiddle);
    let t = complex_mul(e, s, second, twiddle);
    let out1 = complex_op(e, s, Op::Sub, first, t);
    let out0 = complex_op(e, s, Op::Add, first, t);
    store_complex(e, s, out1, b.data, legs[1]);
    store_complex(e, s, out0, b.data, legs[0]);
}

/// An arithmetic operation of kissfft's macros, integer or float by the scalar.
#[derive(Clone, Copy)]
pub(super) enum Op {
    Add,
    Sub,
    Mul,
}

/// `a op b` in [`Scalar::wide`], unwrapped.
pub(super) fn arith(e: &mut KernelEmitter<'_>, s: Scalar, op: Op, a: Value, b: Value) -> Value {
    let name = match (op, s) {
        (Op::Add, Scalar::Fixed(_)) => "arith.addi",
        (Op::Sub, Scalar::Fixed(_)) => "arith.subi",
        (Op::Mul, Scalar::Fixed(_)) => "arith.muli",
        (Op::Add, Scalar::Float) => "arith.addf",
        (Op::Sub, Scalar::Float) => "arith.subf",
        (Op::Mul, Scalar::Float) => "arith.mulf",
    };
    e.binary(name, a, b)
}

/// `x` as an assignment to a `kiss_fft_scalar` leaves it: fixed point truncated to the scalar's
/// width, sign-extended back.
pub(super) fn to_scalar(e: &mut KernelEmitter<'_>, s: Scalar, x: Value) -> Value {
    match s {
        Scalar::Fixed(width) => {
            let narrow = e.trunci(x, width);
            let wide = s.wide(e);
            e.unary("arith.extsi", narrow, wide)
        }
        Scalar::Float => x,
    }
}

/// `x` narrowed to the scalar's type, to be stored.
pub(super) fn narrow(e: &mut KernelEmitter<'_>, s: Scalar, x: Value) -> Value {
    match s {
        Scalar::Fixed(width) => e.trunci(x, width),
        Scalar::Float => x,
    }
}

/// `a op b` on two scalars, assigned to a scalar.
pub(super) fn wrapping(e: &mut KernelEmitter<'_>, s: Scalar, op: Op, a: Value, b: Value) -> Value {
    let whole = arith(e, s, op, a, b);
    to_scalar(e, s, whole)
}

/// `-x` assigned to a scalar (a float's sign flipped, zeros included).
pub(super) fn negate(e: &mut KernelEmitter<'_>, s: Scalar, x: Value) -> Value {
    match s {
        Scalar::Fixed(_) => {
            let zero = s.constant(e, 0);
            wrapping(e, s, Op::Sub, zero, x)
        }
        Scalar::Float => {
            let ty = s.wide(e);
            e.unary("arith.negf", x, ty)
        }
    }
}

/// `HALF_OF(a op b)`: fixed point `>> 1` of the sum in C's `int` (exact for 16-bit scalars,
/// wrapped for 32-bit ones), float `* 0.5f`.
pub(super) fn half_of(e: &mut KernelEmitter<'_>, s: Scalar, op: Op, a: Value, b: Value) -> Value {
    match s {
        Scalar::Fixed(width) => {
            let whole = arith(e, s, op, a, b);
            let sum = if width >= 32 { to_scalar(e, s, whole) } else { whole };
            let one = s.constant(e, 1);
            e.binary("arith.shrsi", sum, one)
        }
        Scalar::Float => {
            let sum = arith(e, s, op, a, b);
            let half = e.f32(0.5);
            e.binary("arith.mulf", sum, half)
        }
    }
}

/// `C_ADD`, `C_SUB` (and `C_ADDTO`): part by part, each assigned to a scalar.
pub(super) fn complex_op(e: &mut KernelEmitter<'_>, s: Scalar, op: Op, a: Complex, b: Complex) -> Complex {
    Complex { r: wrapping(e, s, op, a.r, b.r), i: wrapping(e, s, op, a.i, b.i) }
}

/// `sround(x)`: `(x + 2^(w - 2)) >> (w - 1)` on the `SAMPPROD` product, assigned to a scalar.
pub(super) fn sround(e: &mut KernelEmitter<'_>, s: Scalar, width: u32, x: Value) -> Value {
    let (half, shift) = (s.constant(e, 1 << (width - 2)), s.constant(e, i64::from(width) - 1));
    let rounded = e.addi(x, half);
    let shifted = e.binary("arith.shrsi", rounded, shift);
    to_scalar(e, s, shifted)
}

/// `C_MUL(a, b)`: fixed point rounded with `sround`, float as products and a sum in `float`.
pub(super) fn complex_mul(e: &mut KernelEmitter<'_>, s: Scalar, a: Complex, b: Complex) -> Complex {
    let (rr, ii) = (arith(e, s, Op::Mul, a.r, b.r), arith(e, s, Op::Mul, a.i, b.i));
    let (ri, ir) = (arith(e, s, Op::Mul, a.r, b.i), arith(e, s, Op::Mul, a.i, b.r));
    let real = arith(e, s, Op::Sub, rr, ii);
    let imaginary = arith(e, s, Op::Add, ri, ir);
    match s {
        Scalar::Fixed(width) => Complex { r: sround(e, s, width, real), i: sround(e, s, width, imaginary) },
        Scalar::Float => Complex { r: real, i: imaginary },
    }
}

/// `C_FIXDIV(c, divisor)`: in fixed point each part `sround(x * (SAMP_MAX / divisor))`; nothing
/// in float.
pub(super) fn fixdiv(e: &mut KernelEmitter<'_>, s: Scalar, c: Complex, divisor: i64) -> Complex {
    let Scalar::Fixed(width) = s else { return c };
    let factor = s.constant(e, samp_max(width) / divisor);
    let mut part = |x: Value| {
        let product = e.muli(x, factor);
        sround(e, s, width, product)
    };
    Complex { r: part(c.r), i: part(c.i) }
}

/// The complex value at position `at` of `buffer` (`[n, 2]` scalars), widened.
pub(super) fn load_complex(e: &mut KernelEmitter<'_>, s: Scalar, buffer: Value, at: Value) -> Complex {
    let mut part = |index: i64| {
        let index = e.index(index);
        let value = e.load(buffer, &[at, index]);
        widen(e, s, value)
    };
    Complex { r: part(0), i: part(1) }
}

/// Entry `at` of a pair of twiddle tables (real, imaginary), widened.
pub(super) fn table_complex(e: &mut KernelEmitter<'_>, s: Scalar, tables: (Value, Value), at: Value) -> Complex {
    let real = e.load(tables.0, &[at]);
    let imaginary = e.load(tables.1, &[at]);
    Complex { r: widen(e, s, real), i: widen(e, s, imaginary) }
}

/// `kiss_fftr`'s and `kiss_fftri`'s pairing of bins `k` and `N - k` (`x_k`, `x_nk` as read):
/// with `a = C_FIXDIV(x_k, 2)` and `b = C_FIXDIV(conj(x_nk), 2)`, the sum `a + b` and the
/// twiddled difference `(a - b) · super_twiddle[k - 1]`.
pub(super) fn twiddled_pair(
    e: &mut KernelEmitter<'_>,
    s: Scalar,
    (x_k, x_nk): (Complex, Complex),
    super_twiddles: (Value, Value),
    k: Value,
) -> (Complex, Complex) {
    let conjugate = Complex { r: x_nk.r, i: negate(e, s, x_nk.i) };
    let a = fixdiv(e, s, x_k, 2);
    let b = fixdiv(e, s, conjugate, 2);
    let sum = complex_op(e, s, Op::Add, a, b);
    let difference = complex_op(e, s, Op::Sub, a, b);
    let one = e.index(1);
    let previous = e.binary("arith.subi", k, one);
    let twiddle = table_complex(e, s, super_twiddles, previous);
    (sum, complex_mul(e, s, difference, twiddle))
}

/// A loaded scalar in [`Scalar::wide`].
pub(super) fn widen(e: &mut KernelEmitter<'_>, s: Scalar, value: Value) -> Value {
    match s {
        Scalar::Fixed(_) => {
            let wide = s.wide(e);
            e.unary("arith.extsi", value, wide)
        }
        Scalar::Float => value,
    }
}

/// Stores `value` (two widened scalars) at position `at` of `buffer`.
pub(super) fn store_complex(e: &mut KernelEmitter<'_>, s: Scalar, value: Complex, buffer: Value, at: Value) {
    for (index, part) in [(0, value.r), (1, value.i)] {
        let narrow = narrow(e, s, part);
        let index = e.index(index);
        e.store(narrow, buffer, &[at, index]);
    }
}

/// `kf_work`'s copies: complex sample `permutation[i]` of `source` (`[2 n]` scalars, pairs
/// interleaved) to position `i` of `data`.
pub(super) fn permuted_copy(
    e: &mut KernelEmitter<'_>,
    permutation: Value,
    source: Value,
    data: Value,
    n: i64,
) -> Result<(), Diagnostic> {
    let index_type = e.b.ctx.index_type();
    e.for_range(0, n, &[], |e, i, _| {
        let at = e.load(permutation, &[i]);
        let at = e.unary("arith.index_cast", at, index_type);
        let [real_at, imaginary_at] = pair_at(e, at);
        for (part, at) in [(0, real_at), (1, imaginary_at)] {
            let value = e.load(source, &[at]);
            let part = e.index(part);
            e.store(value, data, &[i, part]);
        }
        Ok(Vec::new())
    })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kissfft_factors_and_reads_its_input_in_digit_reversed_order() {
        let plan = Plan::new(256, false);
        assert_eq!(plan.stages, vec![(4, 64), (4, 16), (4, 4), (4, 1)]);
        let plan = Plan::new(8, false);
        assert_eq!(plan.stages, vec![(4, 2), (2, 1)]);
        // Radix 4 then 2: position 2·a + b (a < 4, b < 2) reads sample a + 4·b.
        assert_eq!(plan.permutation, vec![0, 4, 1, 5, 2, 6, 3, 7]);
        assert_eq!(Plan::new(2, false).permutation, vec![0, 1]);
    }

    #[test]
    fn twiddles_are_rounded_as_kissfft_rounds_them() {
        let plan = Plan::new(4, false);
        let q15 = |phases: &[f64]| -> (Vec<i64>, Vec<i64>) { phases.iter().map(|&p| fixed_cexp(p, 16)).unzip() };
        assert_eq!(q15(&plan.twiddles), (vec![32767, 0, -32767, 0], vec![0, -32767, 0, 32767]));
        // exp(-iπ(1/4 + 1/2)) and exp(-iπ(2/4 + 1/2)).
        assert_eq!(q15(&plan.super_twiddles), (vec![-23170, -32767], vec![-23170, 0]));
        // Q31: SAMP_MAX = 2^31 - 1, and sin(-π/2) rounds to -SAMP_MAX.
        assert_eq!(fixed_cexp(plan.twiddles[1], 32), (0, -2147483647));
        assert_eq!(fixed_cexp(plan.super_twiddles[0], 32).0, -1518500249);
        // The inverse's phases are the forward's negated: conjugate twiddles.
        let inverse = Plan::new(4, true);
        assert_eq!(fixed_cexp(inverse.twiddles[1], 16), (0, 32767));
        assert_eq!(fixed_cexp(inverse.super_twiddles[0], 16), (-23170, 23170));
    }
}
