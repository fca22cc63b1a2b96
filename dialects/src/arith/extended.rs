//! The two-result `arith` ops: `addui_extended` (sum and unsigned carry) and `mulsi_extended` /
//! `mului_extended` (low and high halves of the double-width product), with their folders and
//! upstream's `MulSIExtendedToMulI` / `MulUIExtendedToMulI` (an unused high half makes the op a
//! plain `arith.muli`).

use super::fold::{int, operand, type_width, unsigned};
use super::ops::{is_signless_int_like, split_shaped};
use mc_ir::printer::attributes::type_to_string;
use mc_ir::rewrite::pattern::{FnPattern, PatternRewriter, RewritePatternSet};
use mc_ir::{Attribute, Context, Diagnostic, FoldResult, Folded, OpId, Type, TypeKind, define_op, sign_extend};

define_op! {
    /// Unsigned-overflow-checked addition: `sum = lhs + rhs` (wrapping) and `overflow`, true when
    /// the unsigned sum does not fit.
    pub struct AddUIExtendedOp = "arith.addui_extended" {
        summary: "extended unsigned integer addition operation returning sum and overflow bit",
        traits: [PURE, COMMUTATIVE, SAME_OPERAND_TYPES],
        operands: [lhs, rhs],
        results: [sum, overflow],
        attributes: [],
        verify: verify_addui_extended,
        fold: fold_addui_extended,
        // Upstream spells the sum's type, which is the operands' type.
        format: "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($overflow)",
        infer_result_types: infer_sum_and_overflow,
        result_names: sum_overflow_names,
    }
}

define_op! {
    /// Signed double-width multiplication: `low` and `high` halves of `lhs * rhs`.
    pub struct MulSIExtendedOp = "arith.mulsi_extended" {
        summary: "extended signed integer multiplication operation",
        traits: [PURE, COMMUTATIVE, SAME_OPERAND_TYPES],
        operands: [lhs, rhs],
        results: [low, high],
        attributes: [],
        verify: verify_mul_extended,
        fold: fold_mulsi_extended,
        canonicalize: mulsi_extended_patterns,
        format: "$lhs `,` $rhs attr-dict `:` type($lhs)",
        infer_result_types: infer_two_of_lhs,
        result_names: low_high_names,
    }
}

define_op! {
    /// Unsigned double-width multiplication: `low` and `high` halves of `lhs * rhs`.
    pub struct MulUIExtendedOp = "arith.mului_extended" {
        summary: "extended unsigned integer multiplication operation",
        traits: [PURE, COMMUTATIVE, SAME_OPERAND_TYPES],
        operands: [lhs, rhs],
        results: [low, high],
        attributes: [],
        verify: verify_mul_extended,
        fold: fold_mului_extended,
        canonicalize: mului_extended_patterns,
        format: "$lhs `,` $rhs attr-dict `:` type($lhs)",
        infer_result_types: infer_two_of_lhs,
        result_names: low_high_names,
    }
}

/// Upstream's result names: `%sum, %overflow = arith.addui_extended ...`.
fn sum_overflow_names(_: &Context, _: OpId, names: &mut Vec<(usize, String)>) {
    names.extend([(0, "sum".to_string()), (1, "overflow".to_string())]);
}

/// Upstream's result names: `%low, %high = arith.mulsi_extended ...`.
fn low_high_names(_: &Context, _: OpId, names: &mut Vec<(usize, String)>) {
    names.extend([(0, "low".to_string()), (1, "high".to_string())]);
}

/// The sum has the operands' type, the overflow is `i1` of the same shape.
fn infer_sum_and_overflow(ctx: &mut Context, state: &mc_ir::OperationState) -> Result<Vec<Type>, String> {
    let lhs = state.operands.first().ok_or("expected two operands")?;
    let ty = ctx.value_type(*lhs);
    let i1 = ctx.integer_type(1);
    let overflow = match ctx.type_kind(ty).clone() {
        TypeKind::Vector { shape, scalable, .. } => ctx.intern_type(TypeKind::Vector { shape, scalable, element: i1 }),
        TypeKind::Tensor { shape, .. } => ctx.tensor_type(shape, i1),
        TypeKind::RankedTensor { shape, encoding, .. } => {
            ctx.intern_type(TypeKind::RankedTensor { shape, element: i1, encoding })
        }
        TypeKind::UnrankedTensor { .. } => ctx.intern_type(TypeKind::UnrankedTensor { element: i1 }),
        _ => i1,
    };
    Ok(vec![ty, overflow])
}

fn infer_two_of_lhs(ctx: &mut Context, state: &mc_ir::OperationState) -> Result<Vec<Type>, String> {
    let lhs = state.operands.first().ok_or("expected two operands")?;
    let ty = ctx.value_type(*lhs);
    Ok(vec![ty, ty])
}

/// Operands and the first result share one signless-integer-like type.
fn verify_same_integer_type(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) -> Option<Type> {
    let operation = ctx.operation(op);
    let ty = ctx.value_type(operation.operand(0));
    let types = [ty, ctx.value_type(operation.operand(1)), operation.result_type(0)];
    if !is_signless_int_like(ctx, ty) {
        let message = format!("operand #0 must be signless-integer-like, but got '{}'", type_to_string(ctx, ty));
        diags.push(ctx.op_error(op, message));
        return None;
    }
    if types.iter().any(|&t| t != ty) {
        diags.push(ctx.op_error(op, "requires the same type for both operands and the first result"));
        return None;
    }
    Some(ty)
}

fn verify_addui_extended(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let Some(ty) = verify_same_integer_type(ctx, op, diags) else { return };
    let overflow = ctx.operation(op).result_type(1);
    let (shape, element) = split_shaped(ctx, overflow);
    if ctx.integer_width(element) != Some(1) || shape != split_shaped(ctx, ty).0 {
        let message = format!("result #1 must be bool-like, but got '{}'", type_to_string(ctx, overflow));
        diags.push(ctx.op_error(op, message));
    }
}

fn verify_mul_extended(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    if let Some(ty) = verify_same_integer_type(ctx, op, diags)
        && ctx.operation(op).result_type(1) != ty
    {
        diags.push(ctx.op_error(op, "requires the same type for all operands and results"));
    }
}

/// Both results as constants of the results' types (scalars only).
fn two_results(ctx: &mut Context, op: OpId, first: i128, second: i128) -> Folded {
    let (t0, t1) = (ctx.operation(op).result_type(0), ctx.operation(op).result_type(1));
    let a = ctx.integer_attr(first, t0);
    let b = ctx.integer_attr(second, t1);
    Folded::Results(vec![FoldResult::Attr(a), FoldResult::Attr(b)])
}

/// Scalar operand width (up to 64 bits, so double-width products fit in an `i128`).
fn scalar_width(ctx: &Context, op: OpId) -> Option<u32> {
    type_width(ctx, ctx.value_type(ctx.operation(op).operand(0))).filter(|&w| w <= 64)
}

fn fold_addui_extended(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    let Some(w) = scalar_width(ctx, op) else { return Folded::Unchanged };
    match (int(ctx, c[0]), int(ctx, c[1])) {
        (Some(a), Some(b)) => {
            let sum = unsigned(a, w) + unsigned(b, w);
            two_results(ctx, op, sign_extend(sum as i128, w), i128::from(sum >> w != 0))
        }
        // x + 0 never overflows.
        (_, Some(0)) => {
            let sum = operand(ctx, op, 0);
            let no = ctx.bool_attr(false);
            match sum {
                Folded::Results(mut results) => {
                    results.push(FoldResult::Attr(no));
                    Folded::Results(results)
                }
                other => other,
            }
        }
        _ => Folded::Unchanged,
    }
}

fn fold_mul_extended(ctx: &mut Context, op: OpId, c: &[Option<Attribute>], signed: bool) -> Folded {
    let Some(w) = scalar_width(ctx, op) else { return Folded::Unchanged };
    let (Some(a), Some(b)) = (int(ctx, c[0]), int(ctx, c[1])) else { return Folded::Unchanged };
    let product =
        if signed { sign_extend(a, w) * sign_extend(b, w) } else { (unsigned(a, w) * unsigned(b, w)) as i128 };
    two_results(ctx, op, sign_extend(product, w), sign_extend(product >> w, w))
}

fn fold_mulsi_extended(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    fold_mul_extended(ctx, op, c, true)
}

fn fold_mului_extended(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    fold_mul_extended(ctx, op, c, false)
}

/// An extended multiplication whose high half is unused is `arith.muli` of its operands.
fn extended_to_muli(op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
    let ctx = &*rewriter.ctx;
    if ctx.has_uses(op.result(1)) {
        return false;
    }
    let operation = ctx.operation(op);
    let (loc, operands, ty) = (operation.loc(), [operation.operand(0), operation.operand(1)], operation.result_type(0));
    let muli = rewriter.create_op("arith.muli", loc, &operands, &[ty], Vec::new());
    rewriter.replace_op(op, &[muli.result(0)]);
    true
}

fn mulsi_extended_patterns(set: &mut RewritePatternSet) {
    set.add(FnPattern { name: "MulSIExtendedToMulI", root: "arith.mulsi_extended", apply: extended_to_muli });
}

fn mului_extended_patterns(set: &mut RewritePatternSet) {
    set.add(FnPattern { name: "MulUIExtendedToMulI", root: "arith.mului_extended", apply: extended_to_muli });
}
