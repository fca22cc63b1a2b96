//! `buffer.copy`: copies every element of one buffer into another of the same shape.

use mc_ir::printer::attributes::type_to_string;
use mc_ir::{Builder, Context, Diagnostic, OpId, Value, define_op};

define_op! {
    /// Copies `source` into `target`, element by element, each read and written through its own
    /// layout (so a copy from a transposed view materializes the transpose). Shapes and element
    /// types are equal.
    ///
    /// ```mlir
    /// buffer.copy %src, %dst : !buffer<3x2xf32, strides: [1, 3], offset: 0>, !buffer<3x2xf32>
    /// ```
    pub struct CopyOp = "buffer.copy" {
        summary: "copy a buffer",
        traits: [],
        operands: [source, target],
        results: [],
        attributes: [],
        verify: verify_copy,
        format: "$source `,` $target attr-dict `:` type($source) `,` type($target)",
    }
}

impl CopyOp {
    /// Builds `buffer.copy source, target`.
    pub fn build(b: &mut Builder<'_>, source: Value, target: Value) -> Self {
        CopyOp(b.create(Self::NAME, &[source, target], &[], vec![], vec![]))
    }
}

fn verify_copy(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let copy = CopyOp(op);
    let (source_type, target_type) = (ctx.value_type(copy.source(ctx)), ctx.value_type(copy.target(ctx)));
    let ty = |t| type_to_string(ctx, t);
    let (Some(source), Some(target)) = (ctx.buffer(source_type), ctx.buffer(target_type)) else {
        for (what, t) in [("source", source_type), ("target", target_type)] {
            if !ctx.is_buffer_type(t) {
                diags.push(ctx.op_error(op, format!("{what} must be a buffer, but got '{}'", ty(t))));
            }
        }
        return;
    };
    if source.shape != target.shape || source.element != target.element {
        diags.push(ctx.op_error(
            op,
            format!(
                "source '{}' and target '{}' must have the same shape and element type",
                ty(source_type),
                ty(target_type)
            ),
        ));
    }
}
