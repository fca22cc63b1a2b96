//! `arith` ops on vectors (`vector<4xi32>` operands), lane by lane, as MLIR's `arith` ops on
//! vector types: the same LLVM instructions as [`scalar`](crate::scalar) on LLVM vector types,
//! with the same semantics in every lane (integers wrap, shift amounts are taken modulo the
//! width). Only the integer ops the vectorized int8 kernels use (the accumulation, TFLite's
//! requantization, the clamp) have a lane-wise lowering; the others are reported.

use crate::function::FunctionLowering;
use inkwell::types::BasicTypeEnum;
use inkwell::values::{BasicValueEnum, VectorValue};
use mc_ir::{Context, Diagnostic, OpId};

/// True if `op` has a vector operand or result (and so lowers lane by lane).
pub(crate) fn is_lanewise(ctx: &Context, op: OpId) -> bool {
    let operation = ctx.operation(op);
    let vector = |ty| ctx.vector_parts(ty).is_some();
    operation.operands().any(|v| vector(ctx.value_type(v))) || operation.result_types().any(vector)
}

impl<'ll> FunctionLowering<'_, 'll> {
    /// Lowers the `arith` op `op` named `name` on vectors.
    pub(crate) fn lower_lanewise(&mut self, op: OpId, name: &str) -> Result<(), Diagnostic> {
        let b = &self.builder;
        let value: BasicValueEnum<'ll> = match name {
            "arith.addi" => self.built(op, b.build_int_add(self.lanes(op, 0)?, self.lanes(op, 1)?, ""))?.into(),
            "arith.subi" => self.built(op, b.build_int_sub(self.lanes(op, 0)?, self.lanes(op, 1)?, ""))?.into(),
            "arith.muli" => self.built(op, b.build_int_mul(self.lanes(op, 0)?, self.lanes(op, 1)?, ""))?.into(),
            "arith.andi" => self.built(op, b.build_and(self.lanes(op, 0)?, self.lanes(op, 1)?, ""))?.into(),
            "arith.ori" => self.built(op, b.build_or(self.lanes(op, 0)?, self.lanes(op, 1)?, ""))?.into(),
            "arith.xori" => self.built(op, b.build_xor(self.lanes(op, 0)?, self.lanes(op, 1)?, ""))?.into(),
            "arith.shli" => self.built(op, b.build_left_shift(self.lanes(op, 0)?, self.shift_amount(op)?, ""))?.into(),
            "arith.shrsi" | "arith.shrui" => {
                let signed = name == "arith.shrsi";
                let shifted = b.build_right_shift(self.lanes(op, 0)?, self.shift_amount(op)?, signed, "");
                self.built(op, shifted)?.into()
            }
            "arith.minsi" => self.lanewise_intrinsic(op, "llvm.smin")?,
            "arith.maxsi" => self.lanewise_intrinsic(op, "llvm.smax")?,
            "arith.minui" => self.lanewise_intrinsic(op, "llvm.umin")?,
            "arith.maxui" => self.lanewise_intrinsic(op, "llvm.umax")?,
            "arith.cmpi" => {
                let predicate = self.int_predicate(op)?;
                self.built(op, b.build_int_compare(predicate, self.lanes(op, 0)?, self.lanes(op, 1)?, ""))?.into()
            }
            "arith.select" => {
                let (t, f) = (self.lanes(op, 1)?, self.lanes(op, 2)?);
                self.built(op, b.build_select(self.lanes(op, 0)?, t, f, ""))?
            }
            "arith.extsi" | "arith.extui" | "arith.trunci" => {
                let BasicTypeEnum::VectorType(target) =
                    self.types.of(self.ctx, self.ctx.operation(op).result_type(0)).map_err(|m| self.error(op, m))?
                else {
                    return Err(self.error(op, "expected a vector result"));
                };
                let signed = name == "arith.extsi";
                self.built(op, b.build_int_cast_sign_flag(self.lanes(op, 0)?, target, signed, ""))?.into()
            }
            _ => return Err(self.error(op, "no lowering for this op on vectors")),
        };
        self.define(op, 0, value);
        Ok(())
    }

    /// Operand `index` of `op`, a vector.
    fn lanes(&self, op: OpId, index: usize) -> Result<VectorValue<'ll>, Diagnostic> {
        match self.operand(op, index)? {
            BasicValueEnum::VectorValue(v) => Ok(v),
            _ => Err(self.error(op, "expected vector operands (broadcast scalars with vector.broadcast)")),
        }
    }

    /// The shift amounts (operand 1) of a shift, modulo the lanes' width.
    fn shift_amount(&self, op: OpId) -> Result<VectorValue<'ll>, Diagnostic> {
        let amount = self.lanes(op, 1)?;
        let ty = amount.get_type();
        let width = ty.get_element_type().into_int_type().get_bit_width();
        self.built(op, self.builder.build_and(amount, self.lane_constants(ty, i64::from(width) - 1), ""))
    }

    /// A call of the intrinsic `name` overloaded on the vector type of both operands.
    fn lanewise_intrinsic(&self, op: OpId, name: &str) -> Result<BasicValueEnum<'ll>, Diagnostic> {
        let (x, y) = (self.operand(op, 0)?, self.operand(op, 1)?);
        self.call_overloaded(op, name, &[x.get_type()], &[x, y])
    }
}
