//! `buffer.view`: the same storage seen with another shape, layout or element interpretation.
//! Metadata only: no byte moves.

use super::layout::{is_reinterpretable, span_contains};
use mc_ir::printer::attributes::type_to_string;
use mc_ir::{Builder, Context, Diagnostic, OpId, Type, Value, define_op};

define_op! {
    /// A view of `source`'s storage as the result type, which carries the shape, strides and
    /// offset. Layouts are relative to the underlying storage (an alloc, argument or global):
    /// the result's offset is the source's plus the `offset` attribute (elements, 0 when
    /// absent). Reshape (of a row-major source), transpose (permuted strides), slice (offset,
    /// same strides) and broadcast (zero strides) are views.
    ///
    /// The result's elements stay inside the source's span (its first to last storage element),
    /// and its element type is the source's, or an integer or quantized type of the same storage
    /// width (the bytes are reinterpreted with other quantization parameters).
    ///
    /// ```mlir
    /// %0 = buffer.view %src : !buffer<1x1x1x64xi8> to !buffer<1x64xi8>
    /// %1 = buffer.view %m : !buffer<2x3xf32> to !buffer<3x2xf32, strides: [1, 3], offset: 0>
    /// %2 = buffer.view %m {offset = 3 : i64} : !buffer<2x3xf32> to !buffer<3xf32, strides: [1], offset: 3>
    /// ```
    pub struct ViewOp = "buffer.view" {
        summary: "view of a buffer (metadata only)",
        traits: [PURE],
        operands: [source],
        results: [result],
        attributes: [],
        optional_attributes: [offset: Integer],
        verify: verify_view,
        format: "$source attr-dict `:` type($source) `to` type($result)",
    }
}

impl ViewOp {
    /// Builds a view of `source` as `result`, whose offset is `offset` more than the source's
    /// (the attribute is left out when 0).
    pub fn build(b: &mut Builder<'_>, source: Value, result: Type, offset: i64) -> Self {
        let mut attrs = Vec::new();
        if offset != 0 {
            let i64_type = b.ctx.integer_type(64);
            attrs.push(("offset".to_string(), b.ctx.integer_attr(offset as i128, i64_type)));
        }
        ViewOp(b.create(Self::NAME, &[source], &[result], attrs, vec![]))
    }

    /// The `offset` attribute's value (0 when absent).
    pub fn offset_value(self, ctx: &Context) -> i64 {
        self.offset(ctx).and_then(|a| ctx.integer_value(a)).and_then(|v| i64::try_from(v).ok()).unwrap_or(0)
    }
}

fn verify_view(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let view = ViewOp(op);
    let (source_type, result_type) = (ctx.value_type(view.source(ctx)), ctx.operation(op).result_type(0));
    let ty = |t: Type| type_to_string(ctx, t);
    let (Some(source), Some(result)) = (ctx.buffer(source_type), ctx.buffer(result_type)) else {
        for (what, t) in [("source", source_type), ("result", result_type)] {
            if !ctx.is_buffer_type(t) {
                diags.push(ctx.op_error(op, format!("{what} must be a buffer, but got '{}'", ty(t))));
            }
        }
        return;
    };
    if !is_reinterpretable(ctx, source.element, result.element) {
        diags.push(ctx.op_error(
            op,
            format!(
                "result element type '{}' must be the source's '{}' or share its storage width",
                ty(result.element),
                ty(source.element)
            ),
        ));
    }
    let offset = view.offset_value(ctx);
    if result.offset != source.offset + offset {
        diags.push(ctx.op_error(
            op,
            format!(
                "result offset {} must be the source offset {} plus the view offset {offset}",
                result.offset, source.offset
            ),
        ));
        return;
    }
    if !span_contains(source, result) {
        let (s, r) = (source.span(), result.span());
        diags.push(ctx.op_error(
            op,
            format!(
                "result spans storage elements [{}, {}), outside the source's [{}, {})",
                r.start, r.end, s.start, s.end
            ),
        ));
    }
}
