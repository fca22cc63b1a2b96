//! `cast`: TFLite Micro's `cast.cc`, `static_cast` of every element as the installed
//! interpreter computes it, between f32, int8, int16, int32 and bool (quantization ignored:
//! stored values are converted).
//!
//! | from → to | per element |
//! |---|---|
//! | same kind | a copy |
//! | f32 → int | `arith.fptosi` to i32 (toward zero, saturating, NaN to 0), then clamped to the narrower range (the interpreter saturates there too: 300.9 becomes 127 in int8) |
//! | int → int | `arith.extsi` or `arith.trunci` (narrowing wraps: 300 becomes 44 in int8) |
//! | int → f32 | `arith.sitofp` of the value in i32 (rounded to nearest) |
//! | any → bool | `x != 0` (`arith.cmpf une`: a NaN is true, `-0.0` false) |
//! | bool → any | 0 or 1 (`arith.extui`, `arith.uitofp`) |
//!
//! ```text
//! loop.for %i ... {
//!   %x = loop.load %in[%i, ...]
//!   %r = <conversion>
//!   loop.store %r, %out[%i, ...]
//! ```
//!
//! Buffers may be strided.

use super::activation::{cmpf, elementwise};
use super::emitter::{ElementKind, KernelEmitter};
use mc_dialects::arith::build::cmpi;
use mc_ir::{Diagnostic, Value};

/// The bits of an integer kind mc casts (`None` for f32 and bool).
fn int_bits(kind: ElementKind) -> Option<u32> {
    match kind {
        ElementKind::Int8 => Some(8),
        ElementKind::Int16 => Some(16),
        ElementKind::Int32 => Some(32),
        _ => None,
    }
}

/// Lowers `cast`.
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let (from, to) = (e.kind(input), e.kind(output));
    let castable = |k: ElementKind| matches!(k, ElementKind::F32 | ElementKind::Bool) || int_bits(k).is_some();
    if !castable(from) || !castable(to) || e.shape(input) != e.shape(output) {
        return Err(
            e.unsupported_types("TFLite Micro casts between float32, int8, int16, int32 and bool, to the same shape")
        );
    }
    elementwise(e, move |e, x| convert(e, x, from, to))
}

/// One element of kind `from` as kind `to`.
fn convert(e: &mut KernelEmitter<'_>, x: Value, from: ElementKind, to: ElementKind) -> Value {
    let ctx = &mut *e.b.ctx;
    let (i32, f32) = (ctx.integer_type(32), ctx.float_type(mc_ir::FloatKind::F32));
    if from == to {
        return x;
    }
    match (from, to) {
        (ElementKind::F32, ElementKind::Bool) => {
            let zero = e.f32(0.0);
            cmpf(e, "une", x, zero)
        }
        (_, ElementKind::Bool) => {
            let zero = e.int(0, int_bits(from).expect("an integer kind"));
            cmpi(&mut e.b, "ne", x, zero)
        }
        (ElementKind::Bool, ElementKind::F32) => {
            let one = e.unary("arith.extui", x, i32);
            e.unary("arith.sitofp", one, f32)
        }
        (ElementKind::Bool, _) => {
            let ty = e.b.ctx.integer_type(int_bits(to).expect("an integer kind"));
            e.unary("arith.extui", x, ty)
        }
        (ElementKind::F32, _) => {
            let wide = e.unary("arith.fptosi", x, i32);
            let bits = int_bits(to).expect("an integer kind");
            if bits == 32 {
                return wide;
            }
            let (low, high) = to.storage().expect("an integer kind").1;
            let (low, high) = (e.i32(low), e.i32(high));
            let clamped = e.clamp_si(wide, low, high);
            e.trunci(clamped, bits)
        }
        (_, ElementKind::F32) => {
            let wide = e.extsi_i32(x);
            e.unary("arith.sitofp", wide, f32)
        }
        _ => {
            let (from_bits, to_bits) = (int_bits(from).expect("an integer"), int_bits(to).expect("an integer"));
            let ty = e.b.ctx.integer_type(to_bits);
            match from_bits.cmp(&to_bits) {
                std::cmp::Ordering::Less => e.unary("arith.extsi", x, ty),
                std::cmp::Ordering::Greater => e.unary("arith.trunci", x, ty),
                std::cmp::Ordering::Equal => x,
            }
        }
    }
}
