//! `vector.shape_cast` and `vector.bitcast`: a vector's lanes seen in another shape, or its bits
//! seen as another element type, as MLIR's.
//!
//! ```mlir
//! %s = vector.shape_cast %v : vector<4x2xf32> to vector<8xf32>
//! %b = vector.bitcast %v : vector<4x2xf32> to vector<4x4xi16>
//! ```

use mc_ir::printer::attributes::type_to_string;
use mc_ir::{Context, Diagnostic, OpId, Type, TypeKind, define_op};

define_op! {
    /// `source`'s lanes, in row-major order, in the result's shape.
    pub struct ShapeCastOp = "vector.shape_cast" {
        summary: "shape_cast casts between vector shapes",
        traits: [PURE],
        operands: [source],
        results: [result],
        attributes: [],
        verify: verify_shape_cast,
        format: "$source attr-dict `:` type($source) `to` type($result)",
    }
}

define_op! {
    /// `source`'s bits as a vector of another element type: the innermost dimension may change,
    /// the others stay.
    pub struct BitCastOp = "vector.bitcast" {
        summary: "bitcast casts between vectors",
        traits: [PURE],
        operands: [source],
        results: [result],
        attributes: [],
        verify: verify_bitcast,
        format: "$source attr-dict `:` type($source) `to` type($result)",
    }
}

/// Shape, scalable flags and element type of `op`'s operand and result, if both are vectors
/// (reported as upstream's type constraints word it otherwise).
#[allow(clippy::type_complexity)]
fn operand_and_result<'c>(
    ctx: &'c Context,
    op: OpId,
    diags: &mut Vec<Diagnostic>,
) -> Option<[(&'c [i64], &'c [bool], Type); 2]> {
    let operation = ctx.operation(op);
    let types = [("operand", ctx.value_type(operation.operand(0))), ("result", operation.result_type(0))];
    let mut shapes = Vec::with_capacity(2);
    for (what, ty) in types {
        let Some(shape) = ctx.vector_shape(ty) else {
            let message = format!("{what} #0 must be vector of any type values, but got '{}'", type_to_string(ctx, ty));
            diags.push(ctx.op_error(op, message));
            return None;
        };
        shapes.push(shape);
    }
    shapes.try_into().ok()
}

fn verify_shape_cast(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let Some([(from, from_scalable, from_element), (to, to_scalable, to_element)]) = operand_and_result(ctx, op, diags)
    else {
        return;
    };
    if from_element != to_element {
        return diags.push(ctx.op_error(op, "has different source and result element types"));
    }
    let (from_count, to_count) = (from.iter().product::<i64>(), to.iter().product::<i64>());
    if from_count != to_count {
        let message = format!("has different number of elements at source ({from_count}) and result ({to_count})");
        return diags.push(ctx.op_error(op, message));
    }
    let scalable = |flags: &[bool]| flags.iter().filter(|&&s| s).count();
    let (from_scalable, to_scalable) = (scalable(from_scalable), scalable(to_scalable));
    if from_scalable != to_scalable {
        let message =
            format!("has different number of scalable dims at source ({from_scalable}) and result ({to_scalable})");
        diags.push(ctx.op_error(op, message));
    }
}

/// The bits of a scalar of type `ty` (`index` as 64, as upstream's default data layout has it).
fn bit_width(ctx: &Context, ty: Type) -> Option<u32> {
    match ctx.type_kind(ty) {
        TypeKind::Integer { width, .. } => Some(*width),
        TypeKind::Float(kind) => Some(kind.width()),
        TypeKind::Index => Some(64),
        _ => None,
    }
}

fn verify_bitcast(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let Some([(from, _, from_element), (to, _, to_element)]) = operand_and_result(ctx, op, diags) else { return };
    if from.len() != to.len() {
        return diags.push(ctx.op_error(op, "failed to verify that all of {source, result} have same rank"));
    }
    if let Some(dim) = (0..from.len().saturating_sub(1)).find(|&i| from[i] != to[i]) {
        return diags.push(ctx.op_error(op, format!("dimension size mismatch at: {dim}")));
    }
    let (Some(from_bits), Some(to_bits)) = (bit_width(ctx, from_element), bit_width(ctx, to_element)) else { return };
    let (from_bits, to_bits) = (u64::from(from_bits), u64::from(to_bits));
    match (from.last(), to.last()) {
        (Some(&from_lanes), Some(&to_lanes)) if from_bits * from_lanes as u64 != to_bits * to_lanes as u64 => {
            diags.push(ctx.op_error(op, "source/result bitwidth of the minor 1-D vectors must be equal"));
        }
        (None, _) if from_bits != to_bits => {
            diags.push(ctx.op_error(op, "source/result bitwidth of the 0-D vector element types must be equal"));
        }
        _ => {}
    }
}
