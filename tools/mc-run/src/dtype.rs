//! Which NumPy dtype holds the elements of a buffer: the one place that maps mc element types
//! to `.npy` type strings.
//!
//! | mc element type | npy dtype |
//! |---|---|
//! | `i1` | `\|b1` (bool) |
//! | `i8`, `si8`, `!quant.uniform<i8:...>` | `\|i1` (int8) |
//! | `ui8`, `!quant.uniform<u8:...>` | `\|u1` (uint8) |
//! | `i16`, `i32`, `i64` (and signed quantized storage of those widths) | `<i2`, `<i4`, `<i8` |
//! | `ui16`, `ui32`, `ui64` | `<u2`, `<u4`, `<u8` |
//! | `f16`, `f32`, `f64` | `<f2`, `<f4`, `<f8` |
//!
//! Signless integers are read as signed, as TFLite's tensors are. Multi-byte types are
//! little-endian (the host's order, which the JIT code uses).

use mc_ir::{Context, ElementStorage, FloatKind, Type};

/// The npy type string (`|i1`, `<f4`, ...) for elements of type `element`, `None` if npy has
/// no such dtype.
pub fn npy_dtype(ctx: &Context, element: Type) -> Option<&'static str> {
    Some(match ctx.element_storage(element)? {
        ElementStorage::Bool => "|b1",
        ElementStorage::Float(FloatKind::F16) => "<f2",
        ElementStorage::Float(FloatKind::F32) => "<f4",
        ElementStorage::Float(FloatKind::F64) => "<f8",
        ElementStorage::Int { signed: true, width: 8 } => "|i1",
        ElementStorage::Int { signed: false, width: 8 } => "|u1",
        ElementStorage::Int { signed: true, width: 16 } => "<i2",
        ElementStorage::Int { signed: false, width: 16 } => "<u2",
        ElementStorage::Int { signed: true, width: 32 } => "<i4",
        ElementStorage::Int { signed: false, width: 32 } => "<u4",
        ElementStorage::Int { signed: true, width: 64 } => "<i8",
        ElementStorage::Int { signed: false, width: 64 } => "<u8",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn element_types_map_to_npy_dtypes() {
        let mut ctx = Context::new();
        let f32 = ctx.float_type(FloatKind::F32);
        let i8 = ctx.integer_type(8);
        let u8 = ctx.uniform_quantized_type(8, false, f32, 0.5, 3);
        let q8 = ctx.uniform_quantized_type(8, true, f32, 0.5, -1);
        let i32 = ctx.integer_type(32);
        let i1 = ctx.integer_type(1);
        let i4 = ctx.integer_type(4);
        assert_eq!(npy_dtype(&ctx, i8), Some("|i1"));
        assert_eq!(npy_dtype(&ctx, q8), Some("|i1"));
        assert_eq!(npy_dtype(&ctx, u8), Some("|u1"));
        assert_eq!(npy_dtype(&ctx, i32), Some("<i4"));
        assert_eq!(npy_dtype(&ctx, f32), Some("<f4"));
        assert_eq!(npy_dtype(&ctx, i1), Some("|b1"));
        assert_eq!(npy_dtype(&ctx, i4), None);
    }
}
