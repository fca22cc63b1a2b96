//! Canonicalization patterns of the `arith` ops: reassociating constants and cancelling
//! operations, after MLIR's `ArithCanonicalization.td`. Each pattern is named after its MLIR
//! counterpart (so `canonicalize{disable-patterns=...}` takes the same names) where there is one.
//!
//! | pattern | rewrite |
//! |---|---|
//! | `AddIAddConstant` | `addi(addi(x, c0), c1)` → `addi(x, c0 + c1)` |
//! | `AddISubConstantRHS` | `addi(subi(x, c0), c1)` → `addi(x, c1 - c0)` |
//! | `AddISubConstantLHS` | `addi(subi(c0, x), c1)` → `subi(c0 + c1, x)` |
//! | `AddISubCancel` | `addi(subi(x, y), y)` and `addi(y, subi(x, y))` → `x` |
//! | `SubIRHSAddConstant` | `subi(addi(x, c0), c1)` → `addi(x, c0 - c1)` |
//! | `SubILHSAddConstant` | `subi(c1, addi(x, c0))` → `subi(c1 - c0, x)` |
//! | `SubIRHSSubConstantRHS` | `subi(subi(x, c0), c1)` → `subi(x, c0 + c1)` |
//! | `SubIAddCancel` | `subi(addi(x, y), y)` → `x`, `subi(addi(x, y), x)` → `y` |
//! | `MulIMulIConstant` | `muli(muli(x, c0), c1)` → `muli(x, c0 * c1)` |
//! | `ExtSIOfExtSI`, `ExtUIOfExtUI` | `ext(ext(x))` → `ext(x)` |
//! | `ExtSIOfExtUI` | `extsi(extui(x))` → `extui(x)` (the inner result's sign bit is 0) |
//! | `TruncIExtToValue` | `trunci(ext(x))` → `x` when the types match |
//! | `TruncIExtToTruncI` | `trunci(ext(x))` → `trunci(x)` when the result is narrower than `x` |
//! | `TruncIExtToExt` | `trunci(ext(x))` → `ext(x)` when the result is wider than `x` |
//! | `TruncITruncI` | `trunci(trunci(x))` → `trunci(x)` |
//!
//! Constants are scalar integer constants (`arith.constant`); arithmetic on them wraps at the
//! type's width. Rewritten ops drop `overflowFlags`, which may not hold for the new operands.

use mc_ir::rewrite::fold::constant_value;
use mc_ir::rewrite::pattern::{FnPattern, PatternRewriter, RewritePatternSet};
use mc_ir::{AttrKind, Context, OpId, Type, TypeKind, Value, sign_extend};

/// Integer widths whose constants fit the `i128` attributes.
const MAX_WIDTH: u32 = 128;

/// The op defining `value` if it is named `name`.
fn def_named(ctx: &Context, value: Value, name: &str) -> Option<OpId> {
    ctx.defining_op(value).filter(|&op| ctx.op_name_of(op) == name)
}

/// The value of a scalar integer constant of at most [`MAX_WIDTH`] bits.
fn const_int(ctx: &Context, value: Value) -> Option<i128> {
    let ty = ctx.value_type(value);
    let is_small_int = match ctx.type_kind(ty) {
        TypeKind::Integer { width, .. } => *width <= MAX_WIDTH,
        TypeKind::Index => true,
        _ => false,
    };
    if !is_small_int {
        return None;
    }
    match ctx.attr_kind(constant_value(ctx, value)?) {
        AttrKind::Integer { value, .. } => Some(*value),
        AttrKind::Bool(b) => Some(i128::from(*b)),
        _ => None,
    }
}

/// `value` wrapped to the width of `ty` (`index` is 64 bits).
fn wrap(ctx: &Context, ty: Type, value: i128) -> i128 {
    match ctx.type_kind(ty) {
        TypeKind::Integer { width, .. } => sign_extend(value, *width),
        _ => sign_extend(value, 64),
    }
}

/// Operand `index` of `op`.
fn operand(ctx: &Context, op: OpId, index: usize) -> Value {
    ctx.operation(op).operand(index)
}

/// A constant operand of the commutative `op` and the other operand, if it has one.
fn split_constant(ctx: &Context, op: OpId) -> Option<(Value, i128)> {
    let (lhs, rhs) = (operand(ctx, op, 0), operand(ctx, op, 1));
    match (const_int(ctx, lhs), const_int(ctx, rhs)) {
        (_, Some(c)) => Some((lhs, c)),
        (Some(c), None) => Some((rhs, c)),
        (None, None) => None,
    }
}

/// Builds `arith.constant value : ty` before the op being rewritten.
fn constant(rewriter: &mut PatternRewriter<'_>, loc: mc_ir::Location, ty: Type, value: i128) -> Value {
    let value = wrap(rewriter.ctx, ty, value);
    let attr = rewriter.ctx.integer_attr(value, ty);
    let op = rewriter.create_op("arith.constant", loc, &[], &[ty], vec![("value".to_string(), attr)]);
    op.result(0)
}

/// Replaces `op` by a new `name(lhs, rhs)` of the same type.
fn replace_with_binary(rewriter: &mut PatternRewriter<'_>, op: OpId, name: &str, lhs: Value, rhs: Value) {
    let (loc, ty) = (rewriter.ctx.operation(op).loc(), rewriter.ctx.operation(op).result_type(0));
    let new = rewriter.create_op(name, loc, &[lhs, rhs], &[ty], Vec::new());
    rewriter.replace_op(op, &[new.result(0)]);
}

/// Replaces `op` by `name(lhs_const, rhs)` or `name(lhs, rhs_const)` built from a folded constant.
fn replace_with_constant_operand(
    rewriter: &mut PatternRewriter<'_>,
    op: OpId,
    name: &str,
    value: Value,
    folded: i128,
    constant_first: bool,
) {
    let (loc, ty) = (rewriter.ctx.operation(op).loc(), rewriter.ctx.operation(op).result_type(0));
    let c = constant(rewriter, loc, ty, folded);
    let (lhs, rhs) = if constant_first { (c, value) } else { (value, c) };
    replace_with_binary(rewriter, op, name, lhs, rhs);
}

/// `addi(addi(x, c0), c1)` → `addi(x, c0 + c1)`.
fn add_add_constant(op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
    let ctx = &*rewriter.ctx;
    let Some((inner_value, c1)) = split_constant(ctx, op) else { return false };
    let Some(inner) = def_named(ctx, inner_value, "arith.addi") else { return false };
    let Some((x, c0)) = split_constant(ctx, inner) else { return false };
    replace_with_constant_operand(rewriter, op, "arith.addi", x, c0.wrapping_add(c1), false);
    true
}

/// `addi(subi(x, c0), c1)` → `addi(x, c1 - c0)`.
fn add_sub_constant_rhs(op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
    let ctx = &*rewriter.ctx;
    let Some((inner_value, c1)) = split_constant(ctx, op) else { return false };
    let Some(inner) = def_named(ctx, inner_value, "arith.subi") else { return false };
    let Some(c0) = const_int(ctx, operand(ctx, inner, 1)) else { return false };
    let x = operand(ctx, inner, 0);
    replace_with_constant_operand(rewriter, op, "arith.addi", x, c1.wrapping_sub(c0), false);
    true
}

/// `addi(subi(c0, x), c1)` → `subi(c0 + c1, x)`.
fn add_sub_constant_lhs(op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
    let ctx = &*rewriter.ctx;
    let Some((inner_value, c1)) = split_constant(ctx, op) else { return false };
    let Some(inner) = def_named(ctx, inner_value, "arith.subi") else { return false };
    let Some(c0) = const_int(ctx, operand(ctx, inner, 0)) else { return false };
    let x = operand(ctx, inner, 1);
    replace_with_constant_operand(rewriter, op, "arith.subi", x, c0.wrapping_add(c1), true);
    true
}

/// `addi(subi(x, y), y)` and `addi(y, subi(x, y))` → `x`.
fn add_sub_cancel(op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
    let ctx = &*rewriter.ctx;
    let (lhs, rhs) = (operand(ctx, op, 0), operand(ctx, op, 1));
    for (sub_value, other) in [(lhs, rhs), (rhs, lhs)] {
        if let Some(sub) = def_named(ctx, sub_value, "arith.subi")
            && operand(ctx, sub, 1) == other
        {
            let x = operand(ctx, sub, 0);
            rewriter.replace_op(op, &[x]);
            return true;
        }
    }
    false
}

/// `subi(addi(x, c0), c1)` → `addi(x, c0 - c1)`.
fn sub_rhs_add_constant(op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
    let ctx = &*rewriter.ctx;
    let Some(c1) = const_int(ctx, operand(ctx, op, 1)) else { return false };
    let Some(inner) = def_named(ctx, operand(ctx, op, 0), "arith.addi") else { return false };
    let Some((x, c0)) = split_constant(ctx, inner) else { return false };
    replace_with_constant_operand(rewriter, op, "arith.addi", x, c0.wrapping_sub(c1), false);
    true
}

/// `subi(c1, addi(x, c0))` → `subi(c1 - c0, x)`.
fn sub_lhs_add_constant(op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
    let ctx = &*rewriter.ctx;
    let Some(c1) = const_int(ctx, operand(ctx, op, 0)) else { return false };
    let Some(inner) = def_named(ctx, operand(ctx, op, 1), "arith.addi") else { return false };
    let Some((x, c0)) = split_constant(ctx, inner) else { return false };
    replace_with_constant_operand(rewriter, op, "arith.subi", x, c1.wrapping_sub(c0), true);
    true
}

/// `subi(subi(x, c0), c1)` → `subi(x, c0 + c1)`.
fn sub_rhs_sub_constant_rhs(op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
    let ctx = &*rewriter.ctx;
    let Some(c1) = const_int(ctx, operand(ctx, op, 1)) else { return false };
    let Some(inner) = def_named(ctx, operand(ctx, op, 0), "arith.subi") else { return false };
    let Some(c0) = const_int(ctx, operand(ctx, inner, 1)) else { return false };
    let x = operand(ctx, inner, 0);
    replace_with_constant_operand(rewriter, op, "arith.subi", x, c0.wrapping_add(c1), false);
    true
}

/// `subi(addi(x, y), y)` → `x` and `subi(addi(x, y), x)` → `y`.
fn sub_add_cancel(op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
    let ctx = &*rewriter.ctx;
    let rhs = operand(ctx, op, 1);
    let Some(add) = def_named(ctx, operand(ctx, op, 0), "arith.addi") else { return false };
    let (x, y) = (operand(ctx, add, 0), operand(ctx, add, 1));
    let remaining = if y == rhs {
        x
    } else if x == rhs {
        y
    } else {
        return false;
    };
    rewriter.replace_op(op, &[remaining]);
    true
}

/// `muli(muli(x, c0), c1)` → `muli(x, c0 * c1)`.
fn mul_mul_constant(op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
    let ctx = &*rewriter.ctx;
    let Some((inner_value, c1)) = split_constant(ctx, op) else { return false };
    let Some(inner) = def_named(ctx, inner_value, "arith.muli") else { return false };
    let Some((x, c0)) = split_constant(ctx, inner) else { return false };
    replace_with_constant_operand(rewriter, op, "arith.muli", x, c0.wrapping_mul(c1), false);
    true
}

/// Replaces the cast `op` by a cast `name` of `input` to the same result type.
fn replace_with_cast(rewriter: &mut PatternRewriter<'_>, op: OpId, name: &str, input: Value) {
    let (loc, ty) = (rewriter.ctx.operation(op).loc(), rewriter.ctx.operation(op).result_type(0));
    let new = rewriter.create_op(name, loc, &[input], &[ty], Vec::new());
    rewriter.replace_op(op, &[new.result(0)]);
}

/// `outer(inner(x))` → `replacement(x)`, for casts.
fn fold_cast_chain(op: OpId, rewriter: &mut PatternRewriter<'_>, inner: &str, replacement: &str) -> bool {
    let ctx = &*rewriter.ctx;
    let Some(inner_op) = def_named(ctx, operand(ctx, op, 0), inner) else { return false };
    let x = operand(ctx, inner_op, 0);
    replace_with_cast(rewriter, op, replacement, x);
    true
}

fn ext_si_of_ext_si(op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
    fold_cast_chain(op, rewriter, "arith.extsi", "arith.extsi")
}

fn ext_ui_of_ext_ui(op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
    fold_cast_chain(op, rewriter, "arith.extui", "arith.extui")
}

fn ext_si_of_ext_ui(op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
    fold_cast_chain(op, rewriter, "arith.extui", "arith.extui")
}

fn trunc_trunc(op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
    fold_cast_chain(op, rewriter, "arith.trunci", "arith.trunci")
}

/// Element width of an integer or tensor-of-integer type.
fn element_width(ctx: &Context, ty: Type) -> Option<u32> {
    let element = ctx.tensor_parts(ty).map_or(ty, |(_, element)| element);
    ctx.integer_width(element)
}

/// Which of the `trunci(ext(x))` rewrites applies, by comparing `x`'s and the result's widths.
#[derive(PartialEq, Eq)]
enum TruncOfExt {
    Value,
    Trunc,
    Ext,
}

fn trunc_of_ext(op: OpId, rewriter: &mut PatternRewriter<'_>, wanted: TruncOfExt) -> bool {
    let ctx = &*rewriter.ctx;
    let input = operand(ctx, op, 0);
    let Some(ext) = def_named(ctx, input, "arith.extsi").or_else(|| def_named(ctx, input, "arith.extui")) else {
        return false;
    };
    let x = operand(ctx, ext, 0);
    let result_ty = ctx.operation(op).result_type(0);
    let (Some(x_width), Some(result_width)) = (element_width(ctx, ctx.value_type(x)), element_width(ctx, result_ty))
    else {
        return false;
    };
    let kind = match x_width.cmp(&result_width) {
        std::cmp::Ordering::Equal => TruncOfExt::Value,
        std::cmp::Ordering::Greater => TruncOfExt::Trunc,
        std::cmp::Ordering::Less => TruncOfExt::Ext,
    };
    if kind != wanted {
        return false;
    }
    match kind {
        TruncOfExt::Value if ctx.value_type(x) == result_ty => rewriter.replace_op(op, &[x]),
        TruncOfExt::Value => return false,
        TruncOfExt::Trunc => replace_with_cast(rewriter, op, "arith.trunci", x),
        TruncOfExt::Ext => {
            let name = ctx.op_name_of(ext).to_string();
            replace_with_cast(rewriter, op, &name, x);
        }
    }
    true
}

/// Registers the patterns rooted at `arith.addi`.
pub(super) fn addi_patterns(set: &mut RewritePatternSet) {
    let root = "arith.addi";
    set.add(FnPattern { name: "AddIAddConstant", root, apply: add_add_constant });
    set.add(FnPattern { name: "AddISubConstantRHS", root, apply: add_sub_constant_rhs });
    set.add(FnPattern { name: "AddISubConstantLHS", root, apply: add_sub_constant_lhs });
    set.add(FnPattern { name: "AddISubCancel", root, apply: add_sub_cancel });
}

/// Registers the patterns rooted at `arith.subi`.
pub(super) fn subi_patterns(set: &mut RewritePatternSet) {
    let root = "arith.subi";
    set.add(FnPattern { name: "SubIRHSAddConstant", root, apply: sub_rhs_add_constant });
    set.add(FnPattern { name: "SubILHSAddConstant", root, apply: sub_lhs_add_constant });
    set.add(FnPattern { name: "SubIRHSSubConstantRHS", root, apply: sub_rhs_sub_constant_rhs });
    set.add(FnPattern { name: "SubIAddCancel", root, apply: sub_add_cancel });
}

/// Registers the patterns rooted at `arith.muli`.
pub(super) fn muli_patterns(set: &mut RewritePatternSet) {
    set.add(FnPattern { name: "MulIMulIConstant", root: "arith.muli", apply: mul_mul_constant });
}

/// Registers the patterns rooted at `arith.extsi`.
pub(super) fn extsi_patterns(set: &mut RewritePatternSet) {
    set.add(FnPattern { name: "ExtSIOfExtSI", root: "arith.extsi", apply: ext_si_of_ext_si });
    set.add(FnPattern { name: "ExtSIOfExtUI", root: "arith.extsi", apply: ext_si_of_ext_ui });
}

/// Registers the patterns rooted at `arith.extui`.
pub(super) fn extui_patterns(set: &mut RewritePatternSet) {
    set.add(FnPattern { name: "ExtUIOfExtUI", root: "arith.extui", apply: ext_ui_of_ext_ui });
}

/// Registers the patterns rooted at `arith.trunci`.
pub(super) fn trunci_patterns(set: &mut RewritePatternSet) {
    let root = "arith.trunci";
    set.add(FnPattern { name: "TruncIExtToValue", root, apply: |op, r| trunc_of_ext(op, r, TruncOfExt::Value) });
    set.add(FnPattern { name: "TruncIExtToTruncI", root, apply: |op, r| trunc_of_ext(op, r, TruncOfExt::Trunc) });
    set.add(FnPattern { name: "TruncIExtToExt", root, apply: |op, r| trunc_of_ext(op, r, TruncOfExt::Ext) });
    set.add(FnPattern { name: "TruncITruncI", root, apply: trunc_trunc });
}
