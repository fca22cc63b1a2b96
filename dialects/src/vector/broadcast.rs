//! `vector.broadcast`: every lane of a vector set to one scalar, as MLIR's (scalar sources only).

use mc_ir::printer::attributes::type_to_string;
use mc_ir::{Builder, Context, Diagnostic, OpId, Value, define_op};

define_op! {
    /// A vector whose lanes all hold `source` (a scalar of the vector's element type).
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
    match ctx.vector_parts(result) {
        Some((_, element)) if element == source => {}
        Some(_) => diags.push(ctx.op_error(
            op,
            format!(
                "source type '{}' is not the element type of '{}'",
                type_to_string(ctx, source),
                type_to_string(ctx, result)
            ),
        )),
        None => diags.push(ctx.op_error(
            op,
            format!(
                "result #0 must be a one-dimensional fixed-length vector, but got '{}'",
                type_to_string(ctx, result)
            ),
        )),
    }
}
