//! Four-term int8 dot products on cores with Arm's DSP extension: an `i32` chain
//!
//! ```text
//! s1 = addi(acc, muli(extsi a0, extsi b0)); s2 = addi(s1, muli(extsi a1, extsi b1));
//! s3 = addi(s2, ...a2, b2...);              s4 = addi(s3, ...a3, b3...)     (a_k, b_k: i8)
//! ```
//!
//! (operands of `addi` and `muli` in either order) whose `a_k` and `b_k` are loads of consecutive
//! elements, as the int8 convolution and fully connected kernels emit for four consecutive input
//! channels, is lowered at `s4` to two packed multiply-accumulates:
//!
//! ```text
//! a = a0 | a1 << 8 | a2 << 16 | a3 << 24                    (b likewise)
//! s4 = smlad(sxtb16(a ror 8), sxtb16(b ror 8), smlad(sxtb16(a), sxtb16(b), acc))
//! ```
//!
//! `sxtb16(x)` sign-extends bytes 0 and 2 into two 16-bit lanes (`ror 8`: bytes 1 and 3), and
//! `smlad(x, y, acc) = acc + x.lo · y.lo + x.hi · y.hi`, wrapping. Each product of two `i8`
//! values is exact in 16-bit lanes and 32-bit sums (`|i8 · i8| ≤ 2^14`), and `i32` addition
//! wraps (a ring), so the four products added to `acc` in another order give the same bits as
//! the chain. The chain's own values are lowered as usual too: where nothing else uses them,
//! LLVM deletes them. LLVM reads each side's four consecutive bytes as one word, and computes
//! `sxtb16` of a word shared by several chains once.

use crate::function::FunctionLowering;
use inkwell::values::{BasicValueEnum, IntValue};
use mc_dialects::arith::build::constant_int_value;
use mc_ir::{Context, Diagnostic, OpId, TypeKind, Value};

/// Terms of one packed dot product.
const TERMS: usize = 4;

/// The `(acc, [(a_k, b_k)])` of the chain ending at the `arith.addi` `op`, if it has the shape.
fn dot_chain(ctx: &Context, op: OpId) -> Option<(Value, [(Value, Value); TERMS])> {
    let width = |value: Value| match ctx.type_kind(ctx.value_type(value)) {
        TypeKind::Integer { width, .. } => Some(*width),
        _ => None,
    };
    let defined_as = |value: Value, name: &str| ctx.defining_op(value).filter(|&d| ctx.op_name_of(d) == name);
    // `muli(extsi a, extsi b)` of two `i8` values.
    let term = |value: Value| -> Option<(Value, Value)> {
        let mul = defined_as(value, "arith.muli")?;
        let operation = ctx.operation(mul);
        let narrow = |v: Value| defined_as(v, "arith.extsi").map(|e| ctx.operation(e).operand(0));
        let (a, b) = (narrow(operation.operand(0))?, narrow(operation.operand(1))?);
        (width(a)? == 8 && width(b)? == 8).then_some((a, b))
    };
    let mut terms = [(op.result(0), op.result(0)); TERMS];
    let mut sum = op.result(0);
    for slot in (0..TERMS).rev() {
        let add = defined_as(sum, "arith.addi")?;
        if width(sum)? != 32 {
            return None;
        }
        let operation = ctx.operation(add);
        let (lhs, rhs) = (operation.operand(0), operation.operand(1));
        let (rest, pair) = match (term(rhs), term(lhs)) {
            (Some(pair), _) => (lhs, pair),
            (None, Some(pair)) => (rhs, pair),
            (None, None) => return None,
        };
        terms[slot] = pair;
        sum = rest;
    }
    // Each side reads one buffer: products name their factors in either order.
    let buffer = |value: Value| {
        ctx.defining_op(value).filter(|&d| ctx.op_name_of(d) == "loop.load").map(|d| ctx.operation(d).operand(0))
    };
    let side = buffer(terms[0].0);
    for pair in &mut terms[1..] {
        if buffer(pair.0) != side {
            *pair = (pair.1, pair.0);
        }
    }
    let consecutive = |side: fn(&(Value, Value)) -> Value| consecutive_loads(ctx, &terms.map(|t| side(&t)));
    (consecutive(|t| t.0) && consecutive(|t| t.1)).then_some((sum, terms))
}

/// True when `values` are `loop.load`s of consecutive elements of one buffer: indices equal but
/// along one dimension of unit stride (`[..., i, ...]`, `[..., i + 1, ...]`, ...; the last
/// dimension of a row-major buffer, or a width whose trailing dimensions have size 1): the
/// packed form then reads each side as one word. Elsewhere (a depthwise window's taps, a
/// channel stride apart) packing bytes would cost more than it saves.
fn consecutive_loads(ctx: &Context, values: &[Value; TERMS]) -> bool {
    let loads: Option<Vec<Vec<Value>>> = values
        .iter()
        .map(|&v| {
            let load = ctx.defining_op(v).filter(|&d| ctx.op_name_of(d) == "loop.load")?;
            Some(ctx.operation(load).operands().collect())
        })
        .collect();
    let Some(loads) = loads else { return false };
    let first = &loads[0];
    if first.len() < 2 || loads.iter().any(|load| load.len() != first.len() || load[0] != first[0]) {
        return false;
    }
    // The one index (after the buffer operand) where the second load differs.
    let Some(axis) = (1..first.len()).find(|&i| loads[1][i] != first[i]) else { return false };
    let unit_stride = match ctx.type_kind(ctx.value_type(first[0])) {
        TypeKind::Buffer(buffer) => buffer.strides.get(axis - 1) == Some(&1),
        _ => false,
    };
    let follows = |index: Value, k: i128| {
        if let (Some(a), Some(b)) = (constant_int_value(ctx, first[axis]), constant_int_value(ctx, index)) {
            return b - a == k;
        }
        let Some(add) = ctx.defining_op(index).filter(|&d| ctx.op_name_of(d) == "arith.addi") else { return false };
        let operation = ctx.operation(add);
        let (lhs, rhs) = (operation.operand(0), operation.operand(1));
        (lhs == first[axis] && constant_int_value(ctx, rhs) == Some(k))
            || (rhs == first[axis] && constant_int_value(ctx, lhs) == Some(k))
    };
    unit_stride
        && loads.iter().enumerate().skip(1).all(|(k, load)| {
            (1..first.len()).all(|i| if i == axis { follows(load[i], k as i128) } else { load[i] == first[i] })
        })
}

impl<'ll> FunctionLowering<'_, 'll> {
    /// The packed lowering of the `arith.addi` `op` when it ends a four-term dot product and the
    /// core has DSP instructions; `None` otherwise (the caller lowers it plainly).
    pub(crate) fn packed_dot(&self, op: OpId) -> Result<Option<BasicValueEnum<'ll>>, Diagnostic> {
        if !self.extensions.dsp {
            return Ok(None);
        }
        let Some((acc, terms)) = dot_chain(self.ctx, op) else { return Ok(None) };
        let int = |value: Value| self.value(value).map(BasicValueEnum::into_int_value);
        let lhs = terms.iter().map(|&(a, _)| int(a)).collect::<Result<Vec<_>, _>>()?;
        let rhs = terms.iter().map(|&(_, b)| int(b)).collect::<Result<Vec<_>, _>>()?;
        let (a, b) = (self.pack(op, &lhs)?, self.pack(op, &rhs)?);
        let (even_a, odd_a) = self.unpack(op, a)?;
        let (even_b, odd_b) = self.unpack(op, b)?;
        let first = self.call_arm(op, "llvm.arm.smlad", &[even_a, even_b, int(acc)?])?;
        Ok(Some(self.call_arm(op, "llvm.arm.smlad", &[odd_a, odd_b, first])?.into()))
    }

    /// `x0 | x1 << 8 | x2 << 16 | x3 << 24` of four `i8` values.
    fn pack(&self, op: OpId, bytes: &[IntValue<'ll>]) -> Result<IntValue<'ll>, Diagnostic> {
        let (b, i32) = (&self.builder, self.types.llvm.i32_type());
        let mut word = i32.const_zero();
        for (k, &byte) in bytes.iter().enumerate() {
            let wide = self.built(op, b.build_int_z_extend(byte, i32, ""))?;
            let shifted = self.built(op, b.build_left_shift(wide, i32.const_int(8 * k as u64, false), ""))?;
            word = self.built(op, b.build_or(word, shifted, ""))?;
        }
        Ok(word)
    }

    /// `(sxtb16(word), sxtb16(word ror 8))`: bytes 0 and 2, then 1 and 3, as 16-bit lanes.
    fn unpack(&self, op: OpId, word: IntValue<'ll>) -> Result<(IntValue<'ll>, IntValue<'ll>), Diagnostic> {
        let i32 = self.types.llvm.i32_type();
        let even = self.call_arm(op, "llvm.arm.sxtb16", &[word])?;
        let args = [word.into(), word.into(), i32.const_int(24, false).into()];
        let rotated = self.call_overloaded(op, "llvm.fshl", &[i32.into()], &args)?.into_int_value();
        let odd = self.call_arm(op, "llvm.arm.sxtb16", &[rotated])?;
        Ok((even, odd))
    }

    /// A call of a non-overloaded Arm intrinsic on `i32` values.
    fn call_arm(&self, op: OpId, name: &str, args: &[IntValue<'ll>]) -> Result<IntValue<'ll>, Diagnostic> {
        let args: Vec<BasicValueEnum<'ll>> = args.iter().map(|&a| a.into()).collect();
        Ok(self.call_overloaded(op, name, &[], &args)?.into_int_value())
    }
}
