//! Building `arith` ops from Rust: constants, binary ops, comparisons, selects and casts at a
//! [`Builder`]'s insertion point. Lowerings (buffer-to-loop kernels, the fixed-point helpers)
//! use these instead of assembling `OperationState`s by hand.

use super::ops::{CMPI_PREDICATES, ConstantOp};
use mc_ir::rewrite::fold::constant_value;
use mc_ir::{AttrKind, Builder, Context, Type, Value};

/// `arith.constant value : ty` for an integer or `index` type.
pub fn constant_int(b: &mut Builder<'_>, value: i128, ty: Type) -> Value {
    let attr = b.ctx.integer_attr(value, ty);
    b.create(ConstantOp::NAME, &[], &[ty], vec![("value".to_string(), attr)], Vec::new()).result(0)
}

/// `arith.constant value : index`.
pub fn constant_index(b: &mut Builder<'_>, value: i64) -> Value {
    let index = b.ctx.index_type();
    constant_int(b, i128::from(value), index)
}

/// `arith.constant value : ty` for a float type (rounded to its format).
pub fn constant_float(b: &mut Builder<'_>, value: f64, ty: Type) -> Value {
    let attr = b.ctx.float_attr(value, ty);
    b.create(ConstantOp::NAME, &[], &[ty], vec![("value".to_string(), attr)], Vec::new()).result(0)
}

/// A binary op `name` (`arith.addi`, `arith.mulf`, ...) whose result has the operands' type.
pub fn binary(b: &mut Builder<'_>, name: &str, lhs: Value, rhs: Value) -> Value {
    let ty = b.ctx.value_type(lhs);
    b.create(name, &[lhs, rhs], &[ty], Vec::new(), Vec::new()).result(0)
}

/// `arith.cmpi predicate, lhs, rhs` with a predicate keyword (`slt`, `eq`, ...) of
/// [`CMPI_PREDICATES`].
///
/// # Panics
///
/// If `predicate` is not one of them (a bug in the caller).
pub fn cmpi(b: &mut Builder<'_>, predicate: &str, lhs: Value, rhs: Value) -> Value {
    let index = CMPI_PREDICATES.iter().position(|&p| p == predicate).expect("a cmpi predicate keyword");
    let (i64, i1) = (b.ctx.integer_type(64), b.ctx.integer_type(1));
    let attr = b.ctx.integer_attr(index as i128, i64);
    b.create("arith.cmpi", &[lhs, rhs], &[i1], vec![("predicate".to_string(), attr)], Vec::new()).result(0)
}

/// `arith.select condition, if_true, if_false`.
pub fn select(b: &mut Builder<'_>, condition: Value, if_true: Value, if_false: Value) -> Value {
    let ty = b.ctx.value_type(if_true);
    b.create("arith.select", &[condition, if_true, if_false], &[ty], Vec::new(), Vec::new()).result(0)
}

/// A one-operand op `name` (a cast such as `arith.extsi`, or `math.exp`) with result type `ty`.
pub fn unary(b: &mut Builder<'_>, name: &str, value: Value, ty: Type) -> Value {
    b.create(name, &[value], &[ty], Vec::new(), Vec::new()).result(0)
}

/// The value of `value` if an `arith.constant` (or another constant-like op) defines it as an
/// integer.
pub fn constant_int_value(ctx: &Context, value: Value) -> Option<i128> {
    match ctx.attr_kind(constant_value(ctx, value)?) {
        AttrKind::Integer { value, .. } => Some(*value),
        AttrKind::Bool(b) => Some(i128::from(*b)),
        _ => None,
    }
}
