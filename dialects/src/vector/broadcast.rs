//! `vector.broadcast`: a scalar or a lower-rank vector stretched to a vector type, as MLIR's: the
//! source's dimensions line up with the result's trailing ones, each equal or a fixed 1.

use mc_ir::printer::attributes::type_to_string;
use mc_ir::{Builder, Context, Diagnostic, OpId, TypeKind, Value, define_op};

define_op! {
    /// A vector whose lanes all hold `source` (a scalar of the vector's element type), or copies of
    /// `source` (a vector) along the leading and unit dimensions.
    pub struct BroadcastOp = "vector.broadcast" {
        summary: "broadcast a scalar to every lane",
        traits: [PURE],
        operands: [source],
        results: [vector],
        attributes: [],
        verify: verify_broadcast,
        format: "$source attr-dict `:` type($source) `to` type($vector)",
    }
}

impl BroadcastOp {
    /// Builds `vector.broadcast source` to `lanes` lanes.
    pub fn build(b: &mut Builder<'_>, source: Value, lanes: i64) -> BroadcastOp {
        let element = b.ctx.value_type(source);
        let ty = b.ctx.vector_type(lanes, element);
        BroadcastOp(b.create(Self::NAME, &[source], &[ty], Vec::new(), Vec::new()))
    }
}

fn verify_broadcast(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let operation = ctx.operation(op);
    let (source, result) = (ctx.value_type(operation.operand(0)), operation.result_type(0));
    let Some((shape, scalable, element)) = ctx.vector_shape(result) else {
        let message = format!("result #0 must be a vector, but got '{}'", type_to_string(ctx, result));
        return diags.push(ctx.op_error(op, message));
    };
    if ctx.element_type(source) != element {
        return diags.push(ctx.op_error(op, "failed to verify that source operand and result have same element type"));
    }
    let Some((source_shape, source_scalable, _)) = ctx.vector_shape(source) else {
        if !matches!(ctx.type_kind(source), TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_)) {
            diags.push(ctx.op_error(op, "source type is not a vector"));
        }
        return;
    };
    if source_shape.len() > shape.len() {
        return diags.push(ctx.op_error(op, "source rank higher than destination rank"));
    }
    let lead = shape.len() - source_shape.len();
    let dim = |size: i64, scalable: bool| if scalable { format!("[{size}]") } else { size.to_string() };
    for (i, (&size, &is_scalable)) in source_shape.iter().zip(source_scalable).enumerate() {
        let (target, target_scalable) = (shape[lead + i], scalable[lead + i]);
        let stretched = size == 1 && !is_scalable;
        if !stretched && (size, is_scalable) != (target, target_scalable) {
            let message = format!("dimension mismatch ({} vs. {})", dim(size, is_scalable), dim(target, target_scalable));
            return diags.push(ctx.op_error(op, message));
        }
    }
}
