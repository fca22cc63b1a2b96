//! `signal_rfft`: TFLite Micro's int16 `SignalRfft` (`RfftInt16Apply` of
//! `signal/src/rfft_int16.cc`), which is kissfft's `kiss_fftr` in 16-bit fixed point
//! (`FIXED_POINT 16`): the row, zero-padded to `fft_length`, read as `fft_length / 2` complex
//! samples, transformed by `kiss_fft`, then split into the real signal's spectrum.
//!
//! Everything kissfft computes once (`kiss_fftr_alloc`) is computed here at compile time: the
//! radices (`kf_factor`: fours, then a two), the order in which `kf_work`'s recursion reads the
//! input (a permutation table), and the twiddles (`floor(0.5 + 32767 * cos(phase))`, the same for
//! `sin`), as constant tables. The recursion's butterflies then run stage by stage, deepest first
//! (the sub-transforms of one stage are independent), each value kept as kissfft keeps it: an
//! `int16_t` after every assignment. The fixed-point helpers are kissfft's:
//!
//! ```text
//! sround(x)        = (x + (1 << 14)) >> 15                       // on the int32 product
//! C_MUL(a, b)      = (sround(a.r*b.r - a.i*b.i), sround(a.r*b.i + a.i*b.r))
//! C_FIXDIV(c, d)   = each part x: sround(x * (32767 / d))         // 8191 for 4, 16383 for 2
//! kf_bfly4         = C_FIXDIV by 4 of the four inputs, three twiddle products, sums/differences
//! kf_bfly2         = C_FIXDIV by 2 of the two inputs, one twiddle product, sum and difference
//! kiss_fftr's tail = bins 0 and N: (dc.r ± dc.i) / 2; bins k and N - k from
//!                    (X[k] ± conj(X[N - k])) / 2 and a super twiddle, halved with `>> 1`
//! ```
//!
//! The scratch buffers are TFLM's: the zero-padded row (`work_area`) and kissfft's `tmpbuf`.

use super::super::emitter::{ElementKind, KernelEmitter};
use mc_ir::{Diagnostic, Value};

/// kissfft's 16-bit full scale (`SAMP_MAX`).
const SAMP_MAX: f64 = 32767.0;

/// What `kiss_fftr_alloc` computes for a real FFT of `2 * n` points: the complex transform of `n`.
struct Plan {
    /// `(radix, sub-transform length)` per stage, outermost first (`kf_factor`'s list).
    stages: Vec<(usize, usize)>,
    /// The complex input sample `kf_work` copies to each position before the butterflies.
    permutation: Vec<i64>,
    /// `exp(-2πik/n)` in Q15, real and imaginary parts.
    twiddles: (Vec<i64>, Vec<i64>),
    /// `exp(-iπ((k + 1)/n + 1/2))` in Q15 for `k < n/2`, the real transform's split.
    super_twiddles: (Vec<i64>, Vec<i64>),
}

/// `kf_cexp` in fixed point: `floor(0.5 + 32767 * cos(phase))` and the same of `sin`.
fn cexp(phase: f64) -> (i64, i64) {
    ((0.5 + SAMP_MAX * phase.cos()).floor() as i64, (0.5 + SAMP_MAX * phase.sin()).floor() as i64)
}

impl Plan {
    /// The plan of a complex transform of `n` points, `n` a power of two from 2 on.
    fn new(n: usize) -> Plan {
        // kf_factor: radix 4 while it divides, then 2 (a power of two needs no other).
        let mut stages = Vec::new();
        let mut rest = n;
        while rest > 1 {
            let radix = if rest % 4 == 0 { 4 } else { 2 };
            rest /= radix;
            stages.push((radix, rest));
        }
        let mut permutation = vec![0; n];
        permute(&mut permutation, 0, 0, 1, &stages);
        let pi = std::f64::consts::PI;
        let twiddles = (0..n).map(|i| cexp(-2.0 * pi * i as f64 / n as f64)).unzip();
        let super_twiddles = (0..n / 2).map(|i| cexp(-pi * ((i + 1) as f64 / n as f64 + 0.5))).unzip();
        Plan { stages, permutation, twiddles, super_twiddles }
    }
}

/// `kf_work`'s copies: position `out + j` (or the sub-transform at `out + j·m`) takes input sample
/// `input + j·stride`, recursively.
fn permute(permutation: &mut [i64], out: usize, input: usize, stride: usize, stages: &[(usize, usize)]) {
    let (radix, m) = stages[0];
    for j in 0..radix {
        if m == 1 {
            permutation[out + j] = (input + j * stride) as i64;
        } else {
            permute(permutation, out + j * m, input + j * stride, stride * radix, &stages[1..]);
        }
    }
}

/// A complex value as two `i32`s, each holding an `int16_t`.
#[derive(Clone, Copy)]
struct Complex {
    r: Value,
    i: Value,
}

/// The kernel's buffers and tables.
struct Buffers {
    /// kissfft's `tmpbuf`: `[n, 2]` i16.
    data: Value,
    twiddles: (Value, Value),
    super_twiddles: (Value, Value),
}

/// Lowers `signal_rfft`.
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let (in_shape, out_shape) = (e.shape(input), e.shape(output));
    let length = e.int_attr("fft_length")?;
    let row = in_shape.last().copied().unwrap_or(0);
    let int16 = e.kind(input) == ElementKind::Int16 && e.kind(output) == ElementKind::Int16;
    let shapes = !in_shape.is_empty()
        && in_shape.len() == out_shape.len()
        && in_shape[..in_shape.len() - 1] == out_shape[..out_shape.len() - 1]
        && out_shape.last() == Some(&(length + 2))
        && row <= length;
    if !int16 || !shapes || length < 4 || length.count_ones() != 1 {
        return Err(e.unsupported_types(
            "TFLite Micro's int16 real FFT takes i16 rows of at most fft_length (a power of two from 4) and writes \
             fft_length + 2 i16 values per row",
        ));
    }
    let n = (length / 2) as usize;
    let plan = Plan::new(n);
    let (i16_type, index_type) = (e.b.ctx.integer_type(16), e.b.ctx.index_type());
    let padded = e.workspace(vec![length], i16_type);
    let data = e.workspace(vec![n as i64, 2], i16_type);
    let permutation = e.table("rfft_permutation", 32, &plan.permutation);
    let buffers = Buffers {
        data,
        twiddles: (
            e.table("rfft_twiddles_re", 16, &plan.twiddles.0),
            e.table("rfft_twiddles_im", 16, &plan.twiddles.1),
        ),
        super_twiddles: (
            e.table("rfft_super_twiddles_re", 16, &plan.super_twiddles.0),
            e.table("rfft_super_twiddles_im", 16, &plan.super_twiddles.1),
        ),
    };
    let zero16 = e.int(0, 16);
    e.nest(&in_shape[..in_shape.len() - 1], |e, ivs| {
        // RfftEval: the row into the work area, zero-padded.
        e.for_range(0, row, &[], |e, j, _| {
            let indices: Vec<Value> = ivs.iter().copied().chain([j]).collect();
            let sample = e.load(input, &indices);
            e.store(sample, padded, &[j]);
            Ok(Vec::new())
        })?;
        e.for_range(row, length, &[], |e, j, _| {
            e.store(zero16, padded, &[j]);
            Ok(Vec::new())
        })?;
        // kf_work's copies: complex sample `permutation[i]` of the padded row to position i.
        e.for_range(0, n as i64, &[], |e, i, _| {
            let source = e.load(permutation, &[i]);
            let source = e.unary("arith.index_cast", source, index_type);
            let two = e.index(2);
            let real_at = e.muli(source, two);
            let one = e.index(1);
            let imaginary_at = e.addi(real_at, one);
            for (part, at) in [(0, real_at), (1, imaginary_at)] {
                let value = e.load(padded, &[at]);
                let part = e.index(part);
                e.store(value, data, &[i, part]);
            }
            Ok(Vec::new())
        })?;
        butterflies(e, &plan, &buffers)?;
        split(e, n as i64, &buffers, output, ivs)
    })
}

/// Every stage of `kf_work`'s butterflies, deepest first: stage `s` runs `stride` sub-transforms
/// (`stride` the product of the radices before it) of `radix · m` points each.
fn butterflies(e: &mut KernelEmitter<'_>, plan: &Plan, b: &Buffers) -> Result<(), Diagnostic> {
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

/// `kf_bfly4` (forward) on positions `legs` with twiddles `tw1`, `tw2`, `tw3` at `twiddles`.
fn butterfly4(e: &mut KernelEmitter<'_>, b: &Buffers, legs: &[Value], twiddles: &[Value]) {
    let inputs: Vec<Complex> = legs
        .iter()
        .map(|&at| {
            let value = load_complex(e, b.data, at);
            fixdiv(e, value, 4)
        })
        .collect();
    let products: Vec<Complex> = (0..3)
        .map(|j| {
            let twiddle = table_complex(e, b.twiddles, twiddles[j]);
            complex_mul(e, inputs[j + 1], twiddle)
        })
        .collect();
    let s5 = complex_op(e, "arith.subi", inputs[0], products[1]);
    let first = complex_op(e, "arith.addi", inputs[0], products[1]);
    let s3 = complex_op(e, "arith.addi", products[0], products[2]);
    let s4 = complex_op(e, "arith.subi", products[0], products[2]);
    let out2 = complex_op(e, "arith.subi", first, s3);
    let out0 = complex_op(e, "arith.addi", first, s3);
    let out1 = Complex { r: wrapping(e, "arith.addi", s5.r, s4.i), i: wrapping(e, "arith.subi", s5.i, s4.r) };
    let out3 = Complex { r: wrapping(e, "arith.subi", s5.r, s4.i), i: wrapping(e, "arith.addi", s5.i, s4.r) };
    for (&at, value) in legs.iter().zip([out0, out1, out2, out3]) {
        store_complex(e, value, b.data, at);
    }
}

/// `kf_bfly2` on positions `legs` with the twiddle at `twiddle`.
fn butterfly2(e: &mut KernelEmitter<'_>, b: &Buffers, legs: &[Value], twiddle: Value) {
    let first = load_complex(e, b.data, legs[0]);
    let first = fixdiv(e, first, 2);
    let second = load_complex(e, b.data, legs[1]);
    let second = fixdiv(e, second, 2);
    let twiddle = table_complex(e, b.twiddles, twiddle);
    let t = complex_mul(e, second, twiddle);
    let out1 = complex_op(e, "arith.subi", first, t);
    let out0 = complex_op(e, "arith.addi", first, t);
    store_complex(e, out1, b.data, legs[1]);
    store_complex(e, out0, b.data, legs[0]);
}

/// `kiss_fftr`'s tail: the `n + 1` bins of the real signal from the complex transform, into the
/// output row at `ivs`.
fn split(e: &mut KernelEmitter<'_>, n: i64, b: &Buffers, output: Value, ivs: &[Value]) -> Result<(), Diagnostic> {
    let store_bin = |e: &mut KernelEmitter<'_>, bin: Value, value: Complex| {
        let two = e.index(2);
        let real_at = e.muli(bin, two);
        let one = e.index(1);
        let imaginary_at = e.addi(real_at, one);
        for (part, at) in [(value.r, real_at), (value.i, imaginary_at)] {
            let narrow = e.trunci(part, 16);
            let indices: Vec<Value> = ivs.iter().copied().chain([at]).collect();
            e.store(narrow, output, &indices);
        }
    };
    let zero = e.index(0);
    let dc = load_complex(e, b.data, zero);
    let dc = fixdiv(e, dc, 2);
    let nothing = e.i32(0);
    let sum = wrapping(e, "arith.addi", dc.r, dc.i);
    store_bin(e, zero, Complex { r: sum, i: nothing });
    let difference = wrapping(e, "arith.subi", dc.r, dc.i);
    let last = e.index(n);
    store_bin(e, last, Complex { r: difference, i: nothing });
    let one32 = e.i32(1);
    e.for_range(1, n / 2 + 1, &[], |e, k, _| {
        let fpk = load_complex(e, b.data, k);
        let n_index = e.index(n);
        let mirror = e.binary("arith.subi", n_index, k);
        let fpnk = load_complex(e, b.data, mirror);
        let zero32 = e.i32(0);
        let conjugate = Complex { r: fpnk.r, i: wrapping(e, "arith.subi", zero32, fpnk.i) };
        let fpk = fixdiv(e, fpk, 2);
        let fpnk = fixdiv(e, conjugate, 2);
        let f1k = complex_op(e, "arith.addi", fpk, fpnk);
        let f2k = complex_op(e, "arith.subi", fpk, fpnk);
        let one = e.index(1);
        let previous = e.binary("arith.subi", k, one);
        let twiddle = table_complex(e, b.super_twiddles, previous);
        let tw = complex_mul(e, f2k, twiddle);
        let half = |e: &mut KernelEmitter<'_>, op: &str, a: Value, c: Value| {
            let whole = e.binary(op, a, c);
            e.binary("arith.shrsi", whole, one32)
        };
        let low = Complex { r: half(e, "arith.addi", f1k.r, tw.r), i: half(e, "arith.addi", f1k.i, tw.i) };
        store_bin(e, k, low);
        let high = Complex { r: half(e, "arith.subi", f1k.r, tw.r), i: half(e, "arith.subi", tw.i, f1k.i) };
        store_bin(e, mirror, high);
        Ok(Vec::new())
    })?;
    Ok(())
}

/// `x` as an `int16_t` assignment leaves it: truncated to 16 bits, sign-extended back to `i32`.
fn to_int16(e: &mut KernelEmitter<'_>, x: Value) -> Value {
    let narrow = e.trunci(x, 16);
    e.extsi_i32(narrow)
}

/// `a op b` on two `int16_t`s, assigned to an `int16_t`.
fn wrapping(e: &mut KernelEmitter<'_>, op: &str, a: Value, b: Value) -> Value {
    let whole = e.binary(op, a, b);
    to_int16(e, whole)
}

/// `C_ADD`, `C_SUB` (and `C_ADDTO`): part by part, each assigned to an `int16_t`.
fn complex_op(e: &mut KernelEmitter<'_>, op: &str, a: Complex, b: Complex) -> Complex {
    Complex { r: wrapping(e, op, a.r, b.r), i: wrapping(e, op, a.i, b.i) }
}

/// `sround(x)`: `(x + 2^14) >> 15` on the `int32_t` product, assigned to an `int16_t`.
fn sround(e: &mut KernelEmitter<'_>, x: Value) -> Value {
    let (half, fifteen) = (e.i32(1 << 14), e.i32(15));
    let rounded = e.addi(x, half);
    let shifted = e.binary("arith.shrsi", rounded, fifteen);
    to_int16(e, shifted)
}

/// `C_MUL(a, b)`.
fn complex_mul(e: &mut KernelEmitter<'_>, a: Complex, b: Complex) -> Complex {
    let (rr, ii) = (e.muli(a.r, b.r), e.muli(a.i, b.i));
    let (ri, ir) = (e.muli(a.r, b.i), e.muli(a.i, b.r));
    let real = e.binary("arith.subi", rr, ii);
    let imaginary = e.addi(ri, ir);
    Complex { r: sround(e, real), i: sround(e, imaginary) }
}

/// `C_FIXDIV(c, divisor)`: each part `sround(x * (32767 / divisor))`.
fn fixdiv(e: &mut KernelEmitter<'_>, c: Complex, divisor: i32) -> Complex {
    let factor = e.i32(32767 / divisor);
    let part = |e: &mut KernelEmitter<'_>, x: Value| {
        let product = e.muli(x, factor);
        sround(e, product)
    };
    Complex { r: part(e, c.r), i: part(e, c.i) }
}

/// The complex value at position `at` of `buffer` (`[n, 2]` i16), widened to `i32`s.
fn load_complex(e: &mut KernelEmitter<'_>, buffer: Value, at: Value) -> Complex {
    let part = |e: &mut KernelEmitter<'_>, index: i64| {
        let index = e.index(index);
        let value = e.load(buffer, &[at, index]);
        e.extsi_i32(value)
    };
    Complex { r: part(e, 0), i: part(e, 1) }
}

/// Stores `value` (two `i32`s holding `int16_t`s) at position `at` of `buffer`.
fn store_complex(e: &mut KernelEmitter<'_>, value: Complex, buffer: Value, at: Value) {
    for (index, part) in [(0, value.r), (1, value.i)] {
        let narrow = e.trunci(part, 16);
        let index = e.index(index);
        e.store(narrow, buffer, &[at, index]);
    }
}

/// Entry `at` of a pair of twiddle tables (real, imaginary), widened to `i32`s.
fn table_complex(e: &mut KernelEmitter<'_>, tables: (Value, Value), at: Value) -> Complex {
    let real = e.load(tables.0, &[at]);
    let imaginary = e.load(tables.1, &[at]);
    Complex { r: e.extsi_i32(real), i: e.extsi_i32(imaginary) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kissfft_factors_and_reads_its_input_in_digit_reversed_order() {
        let plan = Plan::new(256);
        assert_eq!(plan.stages, vec![(4, 64), (4, 16), (4, 4), (4, 1)]);
        let plan = Plan::new(8);
        assert_eq!(plan.stages, vec![(4, 2), (2, 1)]);
        // Radix 4 then 2: position 2·a + b (a < 4, b < 2) reads sample a + 4·b.
        assert_eq!(plan.permutation, vec![0, 4, 1, 5, 2, 6, 3, 7]);
        assert_eq!(Plan::new(2).permutation, vec![0, 1]);
    }

    #[test]
    fn twiddles_are_q15_rounded_as_kissfft_rounds_them() {
        let plan = Plan::new(4);
        assert_eq!(plan.twiddles, (vec![32767, 0, -32767, 0], vec![0, -32767, 0, 32767]));
        // exp(-iπ(1/4 + 1/2)) and exp(-iπ(2/4 + 1/2)).
        assert_eq!(plan.super_twiddles, (vec![-23170, -32767], vec![-23170, 0]));
    }
}
