//! Folders of the `arith` ops mc reads for parity with upstream but does not lower: the rounding
//! divisions (`ceildivsi`, `ceildivui`, `floordivsi`), IEEE `minNum`/`maxNum` (`minnumf`,
//! `maxnumf`) and `bitcast`.

use super::fold::{
    div_identity, float, int, int_binary, operand, result_float, result_int, same_operands, signed_min, type_width,
    unsigned, width,
};
use mc_ir::float_format::{float_from_bits, float_to_bits};
use mc_ir::{AttrKind, Attribute, Context, FoldResult, Folded, OpId, TypeKind, sign_extend};

/// `x / 1` is `x`; division by zero and the overflowing `MIN / -1` are left for run time.
fn signed_division(ctx: &mut Context, op: OpId, c: &[Option<Attribute>], round: fn(i128, i128) -> i128) -> Folded {
    let Some(w) = width(ctx, op) else { return Folded::Unchanged };
    let (a, b) = (int(ctx, c[0]), int(ctx, c[1]));
    if let (Some(a), Some(b)) = (a, b)
        && b != 0
        && !(b == -1 && sign_extend(a, w) == signed_min(w))
    {
        return result_int(ctx, op, sign_extend(round(a, b), w));
    }
    if b == Some(1) { operand(ctx, op, 0) } else { Folded::Unchanged }
}

pub(super) fn fold_ceildivsi(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    signed_division(ctx, op, c, |a, b| {
        let q = a / b;
        if a % b != 0 && ((a < 0) == (b < 0)) { q + 1 } else { q }
    })
}

pub(super) fn fold_floordivsi(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    signed_division(ctx, op, c, |a, b| {
        let q = a / b;
        if a % b != 0 && ((a < 0) != (b < 0)) { q - 1 } else { q }
    })
}

pub(super) fn fold_ceildivui(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    int_binary(ctx, op, c, |a, b, w| (b != 0).then(|| unsigned(a, w).div_ceil(unsigned(b, w)) as i128), div_identity)
}

/// IEEE `minNum`/`maxNum`: a NaN operand yields the other; `x op x` is `x`, and the neutral
/// infinity (`+inf` for min, `-inf` for max) yields the other operand.
fn num_min_max(ctx: &mut Context, op: OpId, c: &[Option<Attribute>], pick_max: bool) -> Folded {
    if same_operands(ctx, op) {
        return operand(ctx, op, 0);
    }
    let neutral = if pick_max { f64::NEG_INFINITY } else { f64::INFINITY };
    match (float(ctx, c[0]), float(ctx, c[1])) {
        (Some(a), Some(b)) => {
            let value = if pick_max { maxnum(a, b) } else { minnum(a, b) };
            result_float(ctx, op, value)
        }
        (_, Some(b)) if b == neutral => operand(ctx, op, 0),
        _ => Folded::Unchanged,
    }
}

fn minnum(a: f64, b: f64) -> f64 {
    if a.is_nan() {
        b
    } else if b.is_nan() || a < b || (a == b && a.is_sign_negative()) {
        a
    } else {
        b
    }
}

fn maxnum(a: f64, b: f64) -> f64 {
    if a.is_nan() {
        b
    } else if b.is_nan() || a > b || (a == b && b.is_sign_negative()) {
        a
    } else {
        b
    }
}

pub(super) fn fold_minnumf(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    num_min_max(ctx, op, c, false)
}

pub(super) fn fold_maxnumf(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    num_min_max(ctx, op, c, true)
}

/// Reinterprets a scalar constant's bits as the result type; a bitcast back to the type a bitcast
/// came from is that bitcast's input.
pub(super) fn fold_bitcast(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    let result = ctx.operation(op).result_type(0);
    let input = ctx.operation(op).operand(0);
    if let Some(parent) = ctx.defining_op(input)
        && ctx.operation(parent).name() == ctx.op_name(crate::arith::BitcastOp::NAME)
    {
        let source = ctx.operation(parent).operand(0);
        if ctx.value_type(source) == result {
            return Folded::Results(vec![FoldResult::Value(source)]);
        }
    }
    let Some(attr) = c[0] else { return Folded::Unchanged };
    let bits = match ctx.attr_kind(attr) {
        AttrKind::Float { bits, ty } => match ctx.float_kind(*ty) {
            Some(kind) => float_to_bits(f64::from_bits(*bits), kind),
            None => return Folded::Unchanged,
        },
        AttrKind::Integer { value, ty } => match type_width(ctx, *ty) {
            Some(w) if w <= 64 => unsigned(*value, w) as u64,
            _ => return Folded::Unchanged,
        },
        AttrKind::Bool(b) => u64::from(*b),
        _ => return Folded::Unchanged,
    };
    let folded = match *ctx.type_kind(result) {
        TypeKind::Float(kind) => ctx.float_attr(float_from_bits(bits, kind), result),
        TypeKind::Integer { .. } => ctx.integer_attr(i128::from(bits), result),
        _ => return Folded::Unchanged,
    };
    Folded::Results(vec![FoldResult::Attr(folded)])
}
