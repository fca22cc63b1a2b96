//! Folders of the `arith` ops: constant evaluation and algebraic identities on scalars.

use mc_ir::{AttrKind, Attribute, Context, FoldResult, Folded, OpId, Signedness, Type, TypeKind, sign_extend};

/// The integer value of a constant operand.
pub(super) fn int(ctx: &Context, attr: Option<Attribute>) -> Option<i128> {
    match ctx.attr_kind(attr?) {
        AttrKind::Integer { value, .. } => Some(*value),
        AttrKind::Bool(b) => Some(*b as i128),
        _ => None,
    }
}

/// The float value of a constant operand.
pub(super) fn float(ctx: &Context, attr: Option<Attribute>) -> Option<f64> {
    ctx.float_value(attr?)
}

/// Widest integers the folders evaluate: attributes hold `i128` values.
const MAX_FOLD_WIDTH: u32 = 128;

/// Bit width of a scalar integer type; `index` counts as 64. `None` for other types and for
/// integers wider than [`MAX_FOLD_WIDTH`], which are not folded.
pub(super) fn type_width(ctx: &Context, ty: Type) -> Option<u32> {
    match ctx.type_kind(ty) {
        TypeKind::Integer { width, .. } if *width <= MAX_FOLD_WIDTH => Some(*width),
        TypeKind::Index => Some(64),
        _ => None,
    }
}

/// Bit width of the op's first operand (or result) scalar integer type, see [`type_width`].
pub(super) fn width(ctx: &Context, op: OpId) -> Option<u32> {
    let operation = ctx.operation(op);
    let ty = operation.operands().next().map(|v| ctx.value_type(v)).unwrap_or_else(|| operation.result_type(0));
    type_width(ctx, ty)
}

/// `value` read as an unsigned number of `width` bits.
pub(super) fn unsigned(value: i128, width: u32) -> u128 {
    if width >= 128 { value as u128 } else { (value as u128) & ((1u128 << width) - 1) }
}

pub(super) fn result_int(ctx: &mut Context, op: OpId, value: i128) -> Folded {
    let ty = ctx.operation(op).result_type(0);
    let attr = ctx.integer_attr(value, ty);
    Folded::Results(vec![FoldResult::Attr(attr)])
}

pub(super) fn result_float(ctx: &mut Context, op: OpId, value: f64) -> Folded {
    let ty = ctx.operation(op).result_type(0);
    let attr = ctx.float_attr(value, ty);
    Folded::Results(vec![FoldResult::Attr(attr)])
}

pub(super) fn operand(ctx: &Context, op: OpId, index: usize) -> Folded {
    Folded::Results(vec![FoldResult::Value(ctx.operation(op).operand(index))])
}

/// Folds an integer binary op: both operands constant, or one of the identities given.
pub(super) fn int_binary(
    ctx: &mut Context,
    op: OpId,
    constants: &[Option<Attribute>],
    eval: fn(i128, i128, u32) -> Option<i128>,
    identity: fn(Option<i128>, Option<i128>) -> Option<Identity>,
) -> Folded {
    let Some(w) = width(ctx, op) else { return Folded::Unchanged };
    let (a, b) = (int(ctx, constants[0]), int(ctx, constants[1]));
    if let (Some(a), Some(b)) = (a, b)
        && let Some(value) = eval(a, b, w)
    {
        return result_int(ctx, op, sign_extend(value, w));
    }
    match identity(a, b) {
        Some(Identity::Lhs) => operand(ctx, op, 0),
        Some(Identity::Rhs) => operand(ctx, op, 1),
        Some(Identity::Constant(c)) => result_int(ctx, op, c),
        None => Folded::Unchanged,
    }
}

/// What an algebraic identity folds to.
pub(super) enum Identity {
    Lhs,
    Rhs,
    Constant(i128),
}

fn no_identity(_: Option<i128>, _: Option<i128>) -> Option<Identity> {
    None
}

pub(super) fn fold_constant(ctx: &mut Context, op: OpId, _: &[Option<Attribute>]) -> Folded {
    match ctx.attr(op, "value") {
        Some(value) => Folded::Results(vec![FoldResult::Attr(value)]),
        None => Folded::Unchanged,
    }
}

pub(super) fn fold_addi(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    int_binary(
        ctx,
        op,
        c,
        |a, b, _| Some(a.wrapping_add(b)),
        |a, b| match (a, b) {
            (_, Some(0)) => Some(Identity::Lhs),
            (Some(0), _) => Some(Identity::Rhs),
            _ => None,
        },
    )
}

pub(super) fn fold_subi(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    if ctx.operation(op).operand(0) == ctx.operation(op).operand(1) {
        return result_int(ctx, op, 0);
    }
    int_binary(ctx, op, c, |a, b, _| Some(a.wrapping_sub(b)), |_, b| (b == Some(0)).then_some(Identity::Lhs))
}

pub(super) fn fold_muli(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    int_binary(
        ctx,
        op,
        c,
        |a, b, _| Some(a.wrapping_mul(b)),
        |a, b| match (a, b) {
            (_, Some(0)) | (Some(0), _) => Some(Identity::Constant(0)),
            (_, Some(1)) => Some(Identity::Lhs),
            (Some(1), _) => Some(Identity::Rhs),
            _ => None,
        },
    )
}

pub(super) fn div_identity(_: Option<i128>, b: Option<i128>) -> Option<Identity> {
    (b == Some(1)).then_some(Identity::Lhs)
}

/// The smallest signed value of a `width`-bit integer.
pub(super) fn signed_min(width: u32) -> i128 {
    if width >= 128 { i128::MIN } else { -(1i128 << (width - 1)) }
}

pub(super) fn fold_divsi(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    // Division by zero and the overflowing `MIN / -1` are undefined behavior: left for run time.
    int_binary(
        ctx,
        op,
        c,
        |a, b, w| (b != 0 && !(b == -1 && sign_extend(a, w) == signed_min(w))).then(|| a.wrapping_div(b)),
        div_identity,
    )
}

pub(super) fn fold_divui(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    int_binary(ctx, op, c, |a, b, w| (b != 0).then(|| (unsigned(a, w) / unsigned(b, w)) as i128), div_identity)
}

/// `x % 1` is 0.
fn rem_identity(_: Option<i128>, b: Option<i128>) -> Option<Identity> {
    (b == Some(1)).then_some(Identity::Constant(0))
}

pub(super) fn fold_remsi(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    int_binary(ctx, op, c, |a, b, _| (b != 0).then(|| a.wrapping_rem(b)), rem_identity)
}

pub(super) fn fold_remui(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    int_binary(ctx, op, c, |a, b, w| (b != 0).then(|| (unsigned(a, w) % unsigned(b, w)) as i128), rem_identity)
}

/// True if both operands of `op` are the same value.
pub(super) fn same_operands(ctx: &Context, op: OpId) -> bool {
    let operation = ctx.operation(op);
    operation.operand(0) == operation.operand(1)
}

/// Folds a min/max op: `op(x, x)` is `x`, constants are evaluated.
fn min_max(ctx: &mut Context, op: OpId, c: &[Option<Attribute>], eval: fn(i128, i128, u32) -> Option<i128>) -> Folded {
    if same_operands(ctx, op) {
        return operand(ctx, op, 0);
    }
    int_binary(ctx, op, c, eval, no_identity)
}

pub(super) fn fold_minsi(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    min_max(ctx, op, c, |a, b, _| Some(a.min(b)))
}

pub(super) fn fold_maxsi(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    min_max(ctx, op, c, |a, b, _| Some(a.max(b)))
}

pub(super) fn fold_minui(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    min_max(ctx, op, c, |a, b, w| Some(if unsigned(a, w) <= unsigned(b, w) { a } else { b }))
}

pub(super) fn fold_maxui(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    min_max(ctx, op, c, |a, b, w| Some(if unsigned(a, w) >= unsigned(b, w) { a } else { b }))
}

/// Folds a float binary op whose operands are both constant, or `op(x, identity)` to `x`.
///
/// A NaN made from non-NaN operands (`0.0 / 0.0`) is the positive quiet NaN, as with LLVM's
/// `APFloat`, whatever the host produces.
fn float_binary(
    ctx: &mut Context,
    op: OpId,
    c: &[Option<Attribute>],
    eval: fn(f64, f64) -> f64,
    identity: Option<f64>,
) -> Folded {
    match (float(ctx, c[0]), float(ctx, c[1])) {
        (Some(a), Some(b)) => {
            let value = eval(a, b);
            let value = if value.is_nan() && !a.is_nan() && !b.is_nan() { f64::NAN } else { value };
            result_float(ctx, op, value)
        }
        // Bitwise: `x + -0.0` is `x`, but `x + 0.0` is not (for `x = -0.0`).
        (_, Some(b)) if identity.is_some_and(|i| i.to_bits() == b.to_bits()) => operand(ctx, op, 0),
        _ => Folded::Unchanged,
    }
}

pub(super) fn fold_addf(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    float_binary(ctx, op, c, |a, b| a + b, Some(-0.0))
}

pub(super) fn fold_subf(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    float_binary(ctx, op, c, |a, b| a - b, Some(0.0))
}

pub(super) fn fold_mulf(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    float_binary(ctx, op, c, |a, b| a * b, Some(1.0))
}

pub(super) fn fold_divf(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    float_binary(ctx, op, c, |a, b| a / b, Some(1.0))
}

pub(super) fn fold_remf(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    // Rust's `%` on floats is C's `fmod`, exact in any precision.
    float_binary(ctx, op, c, |a, b| a % b, None)
}

/// IEEE 754-2019 `minimum`: NaN if either is NaN, and -0.0 is less than +0.0.
fn minimum(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        f64::NAN
    } else if a == b {
        if a.is_sign_negative() { a } else { b }
    } else {
        a.min(b)
    }
}

/// IEEE 754-2019 `maximum`: NaN if either is NaN, and +0.0 is greater than -0.0.
fn maximum(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        f64::NAN
    } else if a == b {
        if a.is_sign_negative() { b } else { a }
    } else {
        a.max(b)
    }
}

pub(super) fn fold_minimumf(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    if same_operands(ctx, op) {
        return operand(ctx, op, 0);
    }
    float_binary(ctx, op, c, minimum, None)
}

pub(super) fn fold_maximumf(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    if same_operands(ctx, op) {
        return operand(ctx, op, 0);
    }
    float_binary(ctx, op, c, maximum, None)
}

fn bool_result(ctx: &mut Context, value: bool) -> Folded {
    let attr = ctx.bool_attr(value);
    Folded::Results(vec![FoldResult::Attr(attr)])
}

fn is_scalar_result(ctx: &Context, op: OpId) -> bool {
    ctx.tensor_parts(ctx.operation(op).result_type(0)).is_none()
}

pub(super) fn fold_cmpi(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    let predicate = ctx.attr(op, "predicate").and_then(|a| ctx.integer_value(a));
    let (Some(w), Some(predicate)) = (width(ctx, op), predicate) else { return Folded::Unchanged };
    if !is_scalar_result(ctx, op) {
        return Folded::Unchanged;
    }
    let same = ctx.operation(op).operand(0) == ctx.operation(op).operand(1);
    let (a, b) = match (int(ctx, c[0]), int(ctx, c[1])) {
        (Some(a), Some(b)) => (a, b),
        _ if same => (0, 0),
        _ => return Folded::Unchanged,
    };
    let (ua, ub) = (unsigned(a, w), unsigned(b, w));
    let value = match predicate {
        0 => a == b,
        1 => a != b,
        2 => a < b,
        3 => a <= b,
        4 => a > b,
        5 => a >= b,
        6 => ua < ub,
        7 => ua <= ub,
        8 => ua > ub,
        9 => ua >= ub,
        _ => return Folded::Unchanged,
    };
    bool_result(ctx, value)
}

pub(super) fn fold_cmpf(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    let predicate = ctx.attr(op, "predicate").and_then(|a| ctx.integer_value(a));
    let (Some(a), Some(b), Some(predicate)) = (float(ctx, c[0]), float(ctx, c[1]), predicate) else {
        return Folded::Unchanged;
    };
    if !is_scalar_result(ctx, op) {
        return Folded::Unchanged;
    }
    let unordered = a.is_nan() || b.is_nan();
    let value = match predicate {
        0 => false,
        1 => !unordered && a == b,
        2 => !unordered && a > b,
        3 => !unordered && a >= b,
        4 => !unordered && a < b,
        5 => !unordered && a <= b,
        6 => !unordered && a != b,
        7 => !unordered,
        8 => unordered || a == b,
        9 => unordered || a > b,
        10 => unordered || a >= b,
        11 => unordered || a < b,
        12 => unordered || a <= b,
        13 => unordered || a != b,
        14 => unordered,
        15 => true,
        _ => return Folded::Unchanged,
    };
    bool_result(ctx, value)
}

pub(super) fn fold_select(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    let operation = ctx.operation(op);
    if operation.operand(1) == operation.operand(2) {
        return operand(ctx, op, 1);
    }
    if let Some(condition) = int(ctx, c[0]) {
        return operand(ctx, op, if condition != 0 { 1 } else { 2 });
    }
    // `select(c, true, false)` is `c`.
    let i1 = ctx.integer_width(ctx.operation(op).result_type(0)) == Some(1);
    match (int(ctx, c[1]), int(ctx, c[2])) {
        (Some(t), Some(0)) if i1 && t != 0 => operand(ctx, op, 0),
        _ => Folded::Unchanged,
    }
}

/// Folds an integer cast of a constant: `convert` gets the input value and input width.
fn int_cast(ctx: &mut Context, op: OpId, c: &[Option<Attribute>], convert: fn(i128, u32) -> i128) -> Folded {
    let (Some(value), Some(w)) = (int(ctx, c[0]), width(ctx, op)) else { return Folded::Unchanged };
    if !is_scalar_result(ctx, op) || type_width(ctx, ctx.operation(op).result_type(0)).is_none() {
        return Folded::Unchanged;
    }
    result_int(ctx, op, convert(value, w))
}

pub(super) fn fold_extsi(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    int_cast(ctx, op, c, sign_extend)
}

pub(super) fn fold_extui(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    int_cast(ctx, op, c, |v, w| unsigned(v, w) as i128)
}

pub(super) fn fold_trunci(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    int_cast(ctx, op, c, |v, _| v)
}

pub(super) fn fold_sitofp(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    match int(ctx, c[0]) {
        Some(v) if is_scalar_result(ctx, op) => result_float(ctx, op, v as f64),
        _ => Folded::Unchanged,
    }
}

pub(super) fn fold_fptosi(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    fold_fp_to_int(
        ctx,
        op,
        c,
        |width| (-(2f64.powi(width as i32 - 1)), 2f64.powi(width as i32 - 1) - 1.0),
        |t| t as i128,
    )
}

/// Folds a float-to-integer cast to a signless result: the truncated constant, converted by
/// `convert`, if it is finite and within `range(width)`.
fn fold_fp_to_int(
    ctx: &mut Context,
    op: OpId,
    c: &[Option<Attribute>],
    range: fn(u32) -> (f64, f64),
    convert: fn(f64) -> i128,
) -> Folded {
    let Some(v) = float(ctx, c[0]) else { return Folded::Unchanged };
    let result = ctx.operation(op).result_type(0);
    let (Some(width), TypeKind::Integer { signedness: Signedness::Signless, .. }) =
        (type_width(ctx, result), ctx.type_kind(result))
    else {
        return Folded::Unchanged;
    };
    let truncated = v.trunc();
    let (min, max) = range(width);
    if !truncated.is_finite() || truncated < min || truncated > max {
        // Out-of-range conversion is poison in MLIR: leave it for run time.
        return Folded::Unchanged;
    }
    result_int(ctx, op, convert(truncated))
}

pub(super) fn fold_andi(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    fold_and_or::<0, -1>(ctx, op, c, |a, b, _| Some(a & b))
}

pub(super) fn fold_ori(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    fold_and_or::<-1, 0>(ctx, op, c, |a, b, _| Some(a | b))
}

/// Folds `andi`/`ori`: `x op x` is `x`, `ABSORBING` on either side is the result, `NEUTRAL` on
/// one side gives the other.
fn fold_and_or<const ABSORBING: i128, const NEUTRAL: i128>(
    ctx: &mut Context,
    op: OpId,
    c: &[Option<Attribute>],
    eval: fn(i128, i128, u32) -> Option<i128>,
) -> Folded {
    if same_operands(ctx, op) {
        return operand(ctx, op, 0);
    }
    int_binary(ctx, op, c, eval, |a, b| {
        if a == Some(ABSORBING) || b == Some(ABSORBING) {
            Some(Identity::Constant(ABSORBING))
        } else if b == Some(NEUTRAL) {
            Some(Identity::Lhs)
        } else if a == Some(NEUTRAL) {
            Some(Identity::Rhs)
        } else {
            None
        }
    })
}

pub(super) fn fold_xori(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    if same_operands(ctx, op) {
        return result_int(ctx, op, 0);
    }
    int_binary(
        ctx,
        op,
        c,
        |a, b, _| Some(a ^ b),
        |a, b| match (a, b) {
            (_, Some(0)) => Some(Identity::Lhs),
            (Some(0), _) => Some(Identity::Rhs),
            _ => None,
        },
    )
}

/// A shift amount below the width (larger amounts are poison and left alone).
fn shift_amount(b: i128, width: u32) -> Option<u32> {
    let amount = unsigned(b, width);
    (amount < u128::from(width)).then_some(amount as u32)
}

fn shift_identity(_: Option<i128>, b: Option<i128>) -> Option<Identity> {
    (b == Some(0)).then_some(Identity::Lhs)
}

pub(super) fn fold_shli(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    int_binary(ctx, op, c, |a, b, w| shift_amount(b, w).map(|s| a.wrapping_shl(s)), shift_identity)
}

pub(super) fn fold_shrsi(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    int_binary(ctx, op, c, |a, b, w| shift_amount(b, w).map(|s| sign_extend(a, w) >> s), shift_identity)
}

pub(super) fn fold_shrui(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    int_binary(ctx, op, c, |a, b, w| shift_amount(b, w).map(|s| (unsigned(a, w) >> s) as i128), shift_identity)
}

pub(super) fn fold_negf(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    match float(ctx, c[0]) {
        Some(v) if is_scalar_result(ctx, op) => result_float(ctx, op, -v),
        _ => Folded::Unchanged,
    }
}

pub(super) fn fold_uitofp(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    let (Some(v), Some(w)) = (int(ctx, c[0]), width(ctx, op)) else { return Folded::Unchanged };
    if !is_scalar_result(ctx, op) {
        return Folded::Unchanged;
    }
    let v = unsigned(v, w);
    // Round once, straight to the result's format.
    let value = match ctx.float_kind(ctx.operation(op).result_type(0)) {
        Some(mc_ir::FloatKind::F32) => f64::from(v as f32),
        _ => v as f64,
    };
    result_float(ctx, op, value)
}

pub(super) fn fold_fptoui(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    fold_fp_to_int(ctx, op, c, |width| (0.0, 2f64.powi(width as i32) - 1.0), |t| t as u128 as i128)
}

/// Folds an index cast of a constant: `extend` turns the input (of `width` bits) into the
/// result's value before it is wrapped to the result's width.
fn index_cast(ctx: &mut Context, op: OpId, c: &[Option<Attribute>], extend: fn(i128, u32) -> i128) -> Folded {
    let (Some(value), Some(w)) = (int(ctx, c[0]), width(ctx, op)) else { return Folded::Unchanged };
    let result = ctx.operation(op).result_type(0);
    let Some(out_width) = type_width(ctx, result).filter(|_| is_scalar_result(ctx, op)) else {
        return Folded::Unchanged;
    };
    result_int(ctx, op, sign_extend(extend(value, w), out_width))
}

pub(super) fn fold_index_cast(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    index_cast(ctx, op, c, sign_extend)
}

pub(super) fn fold_index_castui(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    index_cast(ctx, op, c, |v, w| unsigned(v, w) as i128)
}

pub(super) fn fold_extf(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    match float(ctx, c[0]) {
        Some(v) if is_scalar_result(ctx, op) => result_float(ctx, op, v),
        _ => Folded::Unchanged,
    }
}

pub(super) fn fold_truncf(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    // As upstream: only conversions that lose nothing fold (the rounding is left to run time).
    let Some(v) = float(ctx, c[0]) else { return Folded::Unchanged };
    let ty = ctx.operation(op).result_type(0);
    if ctx.float_kind(ty).is_none() || !is_scalar_result(ctx, op) {
        return Folded::Unchanged;
    }
    let rounded = ctx.float_attr(v, ty);
    let exact = ctx.float_value(rounded).is_some_and(|r| r == v || (r.is_nan() && v.is_nan()));
    if exact { result_float(ctx, op, v) } else { Folded::Unchanged }
}
