//! Element and layout relations the buffer ops check: which element types may view the same
//! storage, and whether one buffer's elements lie inside another's span.

use mc_ir::{BufferType, Context, Type, TypeKind};

/// Bit width of an integer or quantized element's storage; `None` for other types.
pub fn integer_storage_width(ctx: &Context, element: Type) -> Option<u32> {
    match ctx.type_kind(element) {
        TypeKind::Integer { width, .. } => Some(*width),
        TypeKind::Quantized(q) => Some(q.storage_width),
        _ => None,
    }
}

/// True if storage holding `a` elements may be read as `b` elements: the same type, or integer
/// and quantized types of one storage width (`i8`, `!quant.uniform<i8:f32, 0.5>`,
/// `!quant.uniform<i8:f32, 0.25:3>`): the bytes stay, only what they stand for changes.
pub fn is_reinterpretable(ctx: &Context, a: Type, b: Type) -> bool {
    a == b || matches!((integer_storage_width(ctx, a), integer_storage_width(ctx, b)), (Some(x), Some(y)) if x == y)
}

/// True if every storage element `inner` may touch is one `outer` may touch (span inclusion;
/// a strided `outer` has holes that this does not look at). A buffer with no elements is inside
/// anything.
pub fn span_contains(outer: &BufferType, inner: &BufferType) -> bool {
    if inner.extent() == 0 {
        return true;
    }
    let (outer, inner) = (outer.span(), inner.span());
    outer.start <= inner.start && inner.end <= outer.end
}

#[cfg(test)]
mod tests {
    use super::*;
    use mc_ir::FloatKind;

    #[test]
    fn reinterpretation_keeps_the_storage_width() {
        let mut ctx = Context::new();
        let (i8, i16, f32) = (ctx.integer_type(8), ctx.integer_type(16), ctx.float_type(FloatKind::F32));
        let q = ctx.uniform_quantized_type(8, true, f32, 0.5, 0);
        let q2 = ctx.uniform_quantized_type(8, true, f32, 0.25, 3);
        let u = ctx.uniform_quantized_type(8, false, f32, 0.25, 3);
        let q16 = ctx.uniform_quantized_type(16, true, f32, 0.25, 0);
        assert!(is_reinterpretable(&ctx, q, q2) && is_reinterpretable(&ctx, q, i8) && is_reinterpretable(&ctx, q, u));
        assert!(!is_reinterpretable(&ctx, q, q16) && !is_reinterpretable(&ctx, i8, i16));
        assert!(is_reinterpretable(&ctx, f32, f32) && !is_reinterpretable(&ctx, f32, i8));
        assert_eq!(integer_storage_width(&ctx, q16), Some(16));
    }

    #[test]
    fn spans_nest() {
        let mut ctx = Context::new();
        let i8 = ctx.integer_type(8);
        let whole = BufferType::identity(vec![8, 8], i8);
        let window = whole.with_layout(vec![8, 1], 2);
        let window = BufferType { shape: vec![4, 4], ..window };
        assert!(span_contains(&whole, &window));
        let past_end = BufferType { offset: 40, ..window.clone() };
        assert!(!span_contains(&whole, &past_end));
        assert!(!span_contains(&window, &whole));
        let empty = BufferType::identity(vec![0], i8).with_layout(vec![1], 100);
        assert!(span_contains(&window, &empty));
    }
}
