//! Lowering of the `arith` and `math` ops, with the semantics of the Cranelift backend (the
//! reference lowering), so both backends compute the same bits:
//!
//! - integers wrap; shift amounts are taken modulo the width (as Cranelift's shifts do; MLIR
//!   leaves larger shifts undefined);
//! - `x / 0` and signed `MIN / -1` (undefined in MLIR, immediate undefined behaviour in LLVM)
//!   give the unspecified value Cranelift gives: the divisor becomes 1 (and the quotient by -1
//!   is `-x`);
//! - `fptosi`/`fptoui` saturate at 32 bits (or the result's width if wider), then truncate;
//! - `minimumf`/`maximumf` propagate NaN and order -0 below +0, expanded inline (compare,
//!   select, the sign bits of equal operands combined, NaN through `a + b`): `llvm.minimum` and
//!   `llvm.maximum` would become calls of C23's `fminimumf`/`fmaximumf` on targets without the
//!   instruction, which newlib and picolibc do not have;
//! - `math.exp`, `math.log`, `math.sin`, `math.cos`, `math.tanh` and `math.round` are LLVM
//!   intrinsics, and `arith.remf` is `frem`; they become calls of the C library's
//!   `expf`/`exp`, `logf`, `sinf`, `cosf`, `tanhf`, `roundf`, `fmodf` where the target has no
//!   instruction: firmware links a libm (newlib's or picolibc's `libm.a`);
//! - `math.expm1`, which LLVM has no intrinsic for, is a call of the C library's `expm1f`/`expm1`.

use crate::function::FunctionLowering;
use crate::types::Scalar;
use inkwell::intrinsics::Intrinsic;
use inkwell::types::BasicTypeEnum;
use inkwell::values::{BasicMetadataValueEnum, BasicValueEnum, IntValue, ValueKind};
use inkwell::{FloatPredicate, IntPredicate};
use mc_dialects::arith::build::constant_int_value;
use mc_dialects::arith::{CMPF_PREDICATES, CMPI_PREDICATES, predicate_keyword};
use mc_ir::{AttrKind, Diagnostic, FloatKind, OpId};

/// An integer binary operation.
#[derive(Clone, Copy)]
enum IntOp {
    Add,
    Sub,
    Mul,
    And,
    Or,
    Xor,
    Shl,
    ShrU,
    ShrS,
}

/// A float binary operation.
#[derive(Clone, Copy)]
enum FloatOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

impl<'ll> FunctionLowering<'_, 'll> {
    /// Lowers an `arith.*` or `math.*` op.
    pub(crate) fn lower_scalar(&mut self, op: OpId, name: &str) -> Result<(), Diagnostic> {
        let value = match name {
            "arith.constant" => self.constant(op)?,
            "arith.addi" => match self.packed_dot(op)? {
                Some(value) => value,
                None => self.int_binary(op, IntOp::Add)?,
            },
            "arith.subi" => self.int_binary(op, IntOp::Sub)?,
            "arith.muli" => self.int_binary(op, IntOp::Mul)?,
            "arith.andi" => self.int_binary(op, IntOp::And)?,
            "arith.ori" => self.int_binary(op, IntOp::Or)?,
            "arith.xori" => self.int_binary(op, IntOp::Xor)?,
            "arith.shli" => self.int_binary(op, IntOp::Shl)?,
            "arith.shrui" => self.int_binary(op, IntOp::ShrU)?,
            "arith.shrsi" => self.int_binary(op, IntOp::ShrS)?,
            "arith.minsi" => self.intrinsic(op, "llvm.smin", 2)?,
            "arith.maxsi" => self.intrinsic(op, "llvm.smax", 2)?,
            "arith.minui" => self.intrinsic(op, "llvm.umin", 2)?,
            "arith.maxui" => self.intrinsic(op, "llvm.umax", 2)?,
            "arith.divsi" => self.division(op, true, false)?,
            "arith.divui" => self.division(op, false, false)?,
            "arith.remsi" => self.division(op, true, true)?,
            "arith.remui" => self.division(op, false, true)?,
            "arith.addf" => self.float_binary(op, FloatOp::Add)?,
            "arith.subf" => self.float_binary(op, FloatOp::Sub)?,
            "arith.mulf" => self.float_binary(op, FloatOp::Mul)?,
            "arith.divf" => self.float_binary(op, FloatOp::Div)?,
            "arith.remf" => self.float_binary(op, FloatOp::Rem)?,
            "arith.minimumf" => self.min_max_f(op, false)?,
            "arith.maximumf" => self.min_max_f(op, true)?,
            "arith.negf" => {
                let x = self.float_operand(op, 0)?;
                self.built(op, self.builder.build_float_neg(x, ""))?.into()
            }
            "arith.cmpi" => self.cmpi(op)?,
            "arith.cmpf" => self.cmpf(op)?,
            "arith.select" => {
                let (c, t, f) = (self.operand(op, 0)?, self.operand(op, 1)?, self.operand(op, 2)?);
                self.built(op, self.builder.build_select(c.into_int_value(), t, f, ""))?
            }
            "arith.extsi" | "arith.index_cast" => self.int_cast(op, true)?,
            "arith.extui" | "arith.trunci" | "arith.index_castui" => self.int_cast(op, false)?,
            "arith.sitofp" | "arith.uitofp" => {
                let x = self.int_operand(op, 0)?;
                let target = self.result_type(op)?.into_float_type();
                if name == "arith.sitofp" {
                    self.built(op, self.builder.build_signed_int_to_float(x, target, ""))?.into()
                } else {
                    self.built(op, self.builder.build_unsigned_int_to_float(x, target, ""))?.into()
                }
            }
            "arith.fptosi" | "arith.fptoui" => self.float_to_int(op, name == "arith.fptosi")?,
            "arith.extf" => {
                let (x, target) = (self.float_operand(op, 0)?, self.result_type(op)?.into_float_type());
                self.built(op, self.builder.build_float_ext(x, target, ""))?.into()
            }
            "arith.truncf" => {
                let (x, target) = (self.float_operand(op, 0)?, self.result_type(op)?.into_float_type());
                self.built(op, self.builder.build_float_trunc(x, target, ""))?.into()
            }
            "math.absf" => self.intrinsic(op, "llvm.fabs", 1)?,
            "math.ceil" => self.intrinsic(op, "llvm.ceil", 1)?,
            "math.floor" => self.intrinsic(op, "llvm.floor", 1)?,
            "math.roundeven" => self.intrinsic(op, "llvm.roundeven", 1)?,
            "math.sqrt" => self.intrinsic(op, "llvm.sqrt", 1)?,
            "math.exp" => self.intrinsic(op, "llvm.exp", 1)?,
            "math.expm1" => self.libm_call(op, "expm1")?,
            "math.log" => self.intrinsic(op, "llvm.log", 1)?,
            "math.sin" => self.intrinsic(op, "llvm.sin", 1)?,
            "math.cos" => self.intrinsic(op, "llvm.cos", 1)?,
            "math.tanh" => self.intrinsic(op, "llvm.tanh", 1)?,
            "math.round" => self.intrinsic(op, "llvm.round", 1)?,
            "math.rsqrt" => {
                let root = self.intrinsic(op, "llvm.sqrt", 1)?.into_float_value();
                let one = root.get_type().const_float(1.0);
                self.built(op, self.builder.build_float_div(one, root, ""))?.into()
            }
            "math.absi" => {
                if self.result_kind(op)? == Scalar::Int(1) {
                    // |0| = 0 and |-1| = 1 in i1, which is -1 again: the identity.
                    self.operand(op, 0)?
                } else {
                    let poison_on_min = self.types.llvm.bool_type().const_zero();
                    self.call_intrinsic(op, "llvm.abs", &[self.operand(op, 0)?, poison_on_min.into()], 1)?
                }
            }
            _ => return Err(self.error(op, "no lowering for this op")),
        };
        self.define(op, 0, value);
        Ok(())
    }

    fn result_type(&self, op: OpId) -> Result<BasicTypeEnum<'ll>, Diagnostic> {
        Ok(self.types.basic(self.result_kind(op)?))
    }

    fn int_operand(&self, op: OpId, index: usize) -> Result<IntValue<'ll>, Diagnostic> {
        match self.operand(op, index)? {
            BasicValueEnum::IntValue(v) => Ok(v),
            _ => Err(self.error(op, "expected integer operands")),
        }
    }

    fn float_operand(&self, op: OpId, index: usize) -> Result<inkwell::values::FloatValue<'ll>, Diagnostic> {
        match self.operand(op, index)? {
            BasicValueEnum::FloatValue(v) => Ok(v),
            _ => Err(self.error(op, "expected float operands")),
        }
    }

    fn constant(&self, op: OpId) -> Result<BasicValueEnum<'ll>, Diagnostic> {
        let ctx = self.ctx;
        let attr = ctx.attr(op, "value").ok_or_else(|| self.error(op, "missing 'value'"))?;
        let kind = self.result_kind(op)?;
        let ty = self.types.basic(kind);
        Ok(match (ctx.attr_kind(attr), kind) {
            // `const_int` truncates to the type's width.
            (AttrKind::Integer { value, .. }, Scalar::Int(_) | Scalar::Index) => {
                ty.into_int_type().const_int(*value as u64, false).into()
            }
            (AttrKind::Bool(b), Scalar::Int(1)) => ty.into_int_type().const_int(u64::from(*b), false).into(),
            (AttrKind::Float { .. }, Scalar::Float(FloatKind::F32)) => {
                let v = ctx.float_value(attr).unwrap_or(0.0) as f32;
                ty.into_float_type().const_float(f64::from(v)).into()
            }
            (AttrKind::Float { .. }, Scalar::Float(_)) => {
                ty.into_float_type().const_float(ctx.float_value(attr).unwrap_or(0.0)).into()
            }
            _ => return Err(self.error(op, "only scalar integer and float constants are supported")),
        })
    }

    fn int_binary(&self, op: OpId, which: IntOp) -> Result<BasicValueEnum<'ll>, Diagnostic> {
        let (x, mut y) = (self.int_operand(op, 0)?, self.int_operand(op, 1)?);
        let b = &self.builder;
        if matches!(which, IntOp::Shl | IntOp::ShrU | IntOp::ShrS) {
            let width = x.get_type().get_bit_width();
            y = self.built(op, b.build_and(y, x.get_type().const_int(u64::from(width - 1), false), ""))?;
        }
        let value = match which {
            IntOp::Add => b.build_int_add(x, y, ""),
            IntOp::Sub => b.build_int_sub(x, y, ""),
            IntOp::Mul => b.build_int_mul(x, y, ""),
            IntOp::And => b.build_and(x, y, ""),
            IntOp::Or => b.build_or(x, y, ""),
            IntOp::Xor => b.build_xor(x, y, ""),
            IntOp::Shl => b.build_left_shift(x, y, ""),
            IntOp::ShrU => b.build_right_shift(x, y, false, ""),
            IntOp::ShrS => b.build_right_shift(x, y, true, ""),
        };
        Ok(self.built(op, value)?.into())
    }

    /// Division and remainder, never undefined (see the module documentation).
    fn division(&self, op: OpId, signed: bool, remainder: bool) -> Result<BasicValueEnum<'ll>, Diagnostic> {
        let (x, y) = (self.int_operand(op, 0)?, self.int_operand(op, 1)?);
        let ty = x.get_type();
        let width = ty.get_bit_width();
        let divisor = self.ctx.operation(op).operand(1);
        let constant = constant_int_value(self.ctx, divisor).map(|c| mc_ir::sign_extend(c, width));
        let b = &self.builder;
        let emit = |divisor: IntValue<'ll>| match (signed, remainder) {
            (true, false) => b.build_int_signed_div(x, divisor, ""),
            (true, true) => b.build_int_signed_rem(x, divisor, ""),
            (false, false) => b.build_int_unsigned_div(x, divisor, ""),
            (false, true) => b.build_int_unsigned_rem(x, divisor, ""),
        };
        if constant.is_some_and(|c| c != 0 && (!signed || c != -1)) {
            return Ok(self.built(op, emit(y))?.into());
        }
        let (zero, one, minus_one) = (ty.const_zero(), ty.const_int(1, false), ty.const_all_ones());
        let is_zero = self.built(op, b.build_int_compare(IntPredicate::EQ, y, zero, ""))?;
        if !signed {
            let divisor = self.built(op, b.build_select(is_zero, one, y, ""))?.into_int_value();
            return Ok(self.built(op, emit(divisor))?.into());
        }
        let is_minus_one = self.built(op, b.build_int_compare(IntPredicate::EQ, y, minus_one, ""))?;
        let bad = self.built(op, b.build_or(is_zero, is_minus_one, ""))?;
        let divisor = self.built(op, b.build_select(bad, one, y, ""))?.into_int_value();
        let result = self.built(op, emit(divisor))?;
        if remainder {
            return Ok(result.into());
        }
        let negated = self.built(op, b.build_int_neg(x, ""))?;
        self.built(op, b.build_select(is_minus_one, negated, result, ""))
    }

    fn float_binary(&self, op: OpId, which: FloatOp) -> Result<BasicValueEnum<'ll>, Diagnostic> {
        let (x, y) = (self.float_operand(op, 0)?, self.float_operand(op, 1)?);
        let b = &self.builder;
        let value = match which {
            FloatOp::Add => b.build_float_add(x, y, ""),
            FloatOp::Sub => b.build_float_sub(x, y, ""),
            FloatOp::Mul => b.build_float_mul(x, y, ""),
            FloatOp::Div => b.build_float_div(x, y, ""),
            FloatOp::Rem => b.build_float_rem(x, y, ""),
        };
        Ok(self.built(op, value)?.into())
    }

    /// IEEE 754-2019 `maximum` (`is_max`) or `minimum` of the two float operands: NaN if either is
    /// NaN (`a + b` quiets and passes it on), and of two equal operands the one with the sign
    /// bit the order wants (-0 below +0): their bits ANDed for the maximum, ORed for the minimum
    /// (two equal non-zero floats have the same bits, so only the zeros' sign is combined).
    fn min_max_f(&self, op: OpId, is_max: bool) -> Result<BasicValueEnum<'ll>, Diagnostic> {
        let (a, b) = (self.float_operand(op, 0)?, self.float_operand(op, 1)?);
        let bld = &self.builder;
        let order = if is_max { FloatPredicate::OGT } else { FloatPredicate::OLT };
        let first = self.built(op, bld.build_float_compare(order, a, b, ""))?;
        let picked = self.built(op, bld.build_select(first, a, b, ""))?;
        let int_type = match self.operand_kind(op, 0)? {
            Scalar::Float(FloatKind::F64) => self.types.llvm.i64_type(),
            _ => self.types.llvm.i32_type(),
        };
        let (a_bits, b_bits) = (
            self.built(op, bld.build_bit_cast(a, int_type, ""))?.into_int_value(),
            self.built(op, bld.build_bit_cast(b, int_type, ""))?.into_int_value(),
        );
        let signs = if is_max { bld.build_and(a_bits, b_bits, "") } else { bld.build_or(a_bits, b_bits, "") };
        let signs = self.built(op, signs)?;
        let zero = self.built(op, bld.build_bit_cast(signs, a.get_type(), ""))?;
        let equal = self.built(op, bld.build_float_compare(FloatPredicate::OEQ, a, b, ""))?;
        let ordered = self.built(op, bld.build_select(equal, zero, picked, ""))?;
        let nan = self.built(op, bld.build_float_compare(FloatPredicate::UNO, a, b, ""))?;
        let propagated = self.built(op, bld.build_float_add(a, b, ""))?;
        self.built(op, bld.build_select(nan, propagated.into(), ordered, ""))
    }

    /// The keyword of a comparison's `predicate` attribute.
    fn predicate(&self, op: OpId, cases: &[&'static str]) -> Result<&'static str, Diagnostic> {
        predicate_keyword(self.ctx, op, cases).ok_or_else(|| self.error(op, "invalid predicate"))
    }

    fn cmpi(&self, op: OpId) -> Result<BasicValueEnum<'ll>, Diagnostic> {
        let predicate = self.int_predicate(op)?;
        let (x, y) = (self.int_operand(op, 0)?, self.int_operand(op, 1)?);
        Ok(self.built(op, self.builder.build_int_compare(predicate, x, y, ""))?.into())
    }

    /// The LLVM predicate of the `arith.cmpi` `op`.
    pub(crate) fn int_predicate(&self, op: OpId) -> Result<IntPredicate, Diagnostic> {
        Ok(match self.predicate(op, &CMPI_PREDICATES)? {
            "eq" => IntPredicate::EQ,
            "ne" => IntPredicate::NE,
            "slt" => IntPredicate::SLT,
            "sle" => IntPredicate::SLE,
            "sgt" => IntPredicate::SGT,
            "sge" => IntPredicate::SGE,
            "ult" => IntPredicate::ULT,
            "ule" => IntPredicate::ULE,
            "ugt" => IntPredicate::UGT,
            _ => IntPredicate::UGE,
        })
    }

    fn cmpf(&self, op: OpId) -> Result<BasicValueEnum<'ll>, Diagnostic> {
        let predicate = match self.predicate(op, &CMPF_PREDICATES)? {
            "false" => FloatPredicate::PredicateFalse,
            "true" => FloatPredicate::PredicateTrue,
            "oeq" => FloatPredicate::OEQ,
            "ogt" => FloatPredicate::OGT,
            "oge" => FloatPredicate::OGE,
            "olt" => FloatPredicate::OLT,
            "ole" => FloatPredicate::OLE,
            "one" => FloatPredicate::ONE,
            "ord" => FloatPredicate::ORD,
            "ueq" => FloatPredicate::UEQ,
            "ugt" => FloatPredicate::UGT,
            "uge" => FloatPredicate::UGE,
            "ult" => FloatPredicate::ULT,
            "ule" => FloatPredicate::ULE,
            "une" => FloatPredicate::UNE,
            _ => FloatPredicate::UNO,
        };
        let (x, y) = (self.float_operand(op, 0)?, self.float_operand(op, 1)?);
        Ok(self.built(op, self.builder.build_float_compare(predicate, x, y, ""))?.into())
    }

    /// `extsi`/`index_cast` (`signed`) and `extui`/`trunci`/`index_castui`: extend or truncate
    /// to the result's width.
    fn int_cast(&self, op: OpId, signed: bool) -> Result<BasicValueEnum<'ll>, Diagnostic> {
        let x = self.int_operand(op, 0)?;
        let BasicTypeEnum::IntType(target) = self.result_type(op)? else {
            return Err(self.error(op, "expected integer or index types"));
        };
        Ok(self.built(op, self.builder.build_int_cast_sign_flag(x, target, signed, ""))?.into())
    }

    /// `fptosi`/`fptoui`, rounding towards zero; out-of-range values saturate at 32 bits (or
    /// the result's width if wider), then the result is truncated, as in the Cranelift backend.
    fn float_to_int(&self, op: OpId, signed: bool) -> Result<BasicValueEnum<'ll>, Diagnostic> {
        let x = self.operand(op, 0)?;
        let BasicTypeEnum::IntType(target) = self.result_type(op)? else {
            return Err(self.error(op, "expected an integer result"));
        };
        let wide = if target.get_bit_width() < 32 { self.types.llvm.i32_type() } else { target };
        let name = if signed { "llvm.fptosi.sat" } else { "llvm.fptoui.sat" };
        let saturated = self.call_overloaded(op, name, &[wide.into(), x.get_type()], &[x])?.into_int_value();
        Ok(self.built(op, self.builder.build_int_truncate_or_bit_cast(saturated, target, ""))?.into())
    }

    /// A call of the C library's one-operand float function `name` (`expm1`), its `f` variant for
    /// an `f32` operand, declared in the module on first use.
    fn libm_call(&self, op: OpId, name: &str) -> Result<BasicValueEnum<'ll>, Diagnostic> {
        let x = self.float_operand(op, 0)?;
        let ty = x.get_type();
        let symbol = if ty == self.module.get_context().f32_type() { format!("{name}f") } else { name.to_string() };
        let function = self
            .module
            .get_function(&symbol)
            .unwrap_or_else(|| self.module.add_function(&symbol, ty.fn_type(&[ty.into()], false), None));
        let call = self.built(op, self.builder.build_call(function, &[x.into()], ""))?;
        match call.try_as_basic_value() {
            ValueKind::Basic(value) => Ok(value),
            ValueKind::Instruction(_) => Err(self.error(op, format!("{symbol} returns no value"))),
        }
    }

    /// A call of the intrinsic `name` overloaded on the type of the first operand, with the
    /// first `arity` operands of `op`.
    fn intrinsic(&self, op: OpId, name: &str, arity: usize) -> Result<BasicValueEnum<'ll>, Diagnostic> {
        let args = (0..arity).map(|i| self.operand(op, i)).collect::<Result<Vec<_>, _>>()?;
        self.call_intrinsic(op, name, &args, 1)
    }

    /// A call of the intrinsic `name` with `args`, overloaded on the types of the first
    /// `overloaded` arguments.
    fn call_intrinsic(
        &self,
        op: OpId,
        name: &str,
        args: &[BasicValueEnum<'ll>],
        overloaded: usize,
    ) -> Result<BasicValueEnum<'ll>, Diagnostic> {
        let types: Vec<BasicTypeEnum<'ll>> = args[..overloaded].iter().map(|a| a.get_type()).collect();
        self.call_overloaded(op, name, &types, args)
    }

    /// A call of the intrinsic `name` declared for the overload `types`, with `args`.
    pub(crate) fn call_overloaded(
        &self,
        op: OpId,
        name: &str,
        types: &[BasicTypeEnum<'ll>],
        args: &[BasicValueEnum<'ll>],
    ) -> Result<BasicValueEnum<'ll>, Diagnostic> {
        let intrinsic = Intrinsic::find(name).ok_or_else(|| self.error(op, format!("LLVM has no intrinsic {name}")))?;
        let function = intrinsic
            .get_declaration(self.module, types)
            .ok_or_else(|| self.error(op, format!("LLVM cannot declare {name} for these types")))?;
        let args: Vec<BasicMetadataValueEnum<'ll>> = args.iter().map(|&a| a.into()).collect();
        let call = self.built(op, self.builder.build_call(function, &args, ""))?;
        match call.try_as_basic_value() {
            ValueKind::Basic(value) => Ok(value),
            ValueKind::Instruction(_) => Err(self.error(op, format!("{name} returns no value"))),
        }
    }
}
