//! The `vector` dialect as LLVM vector code: `vector<16xi8>` is `<16 x i8>`, loads and stores
//! are vector loads and stores at the first element's address (element alignment), masked
//! loads and stores are `llvm.masked.load` and `llvm.masked.store`, a mask `icmp slt <0, 1, ..>, splat(n)` (a constant vector for a
//! constant count), `vector.from_elements` and `vector.extract` are `insertelement`s and an
//! `extractelement` (one-dimensional vectors, static lanes), and `vector.widening_dot` is MVE's `vmlava.s8`/`vmlava.s16` where the core
//! has MVE, else its definition:
//!
//! ```text
//! widening_dot a, b, acc  MVE: llvm.arm.mve.vmldava(signed, add, no exchange, acc, a, b)
//!                         else acc + llvm.vector.reduce.add(mul(sext a to <16 x i32>, sext b to <16 x i32>))
//! ```
//!
//! (cores without vectors get the definition scalarized; LLVM would match it to `vmlava` too,
//! but not once it has folded one side into a constant, a window of constant weights).
//!
//! The fixed-point ops are MVE's instructions where the core has MVE, else their definitions
//! on 64-bit lanes:
//!
//! ```text
//! rounding_doubling_high_mul a, b  MVE: llvm.arm.mve.vqrdmulh(a, b)
//!                                  else trunc(smin((sext a · sext b + 2^30) >> 31, INT32_MAX))
//! rounding_shift_right x, r        MVE: llvm.arm.mve.vshl.vector(x, -(r & 31), round)   (vrshl)
//!                                  else trunc((sext x + ((1 << (r & 31)) >> 1)) >> (r & 31))
//! ```

use crate::function::FunctionLowering;
use inkwell::IntPredicate;
use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::types::{BasicType, VectorType};
use inkwell::values::{BasicMetadataValueEnum, BasicValue, BasicValueEnum, IntValue, ValueKind, VectorValue};
use mc_dialects::arith::build::constant_int_value;
use mc_dialects::vector::ExtractOp;
use mc_ir::{Diagnostic, OpId};

impl<'ll> FunctionLowering<'_, 'll> {
    /// Lowers the `vector` op `op` named `name`.
    pub(crate) fn lower_vector(&mut self, op: OpId, name: &str) -> Result<(), Diagnostic> {
        let value = match name {
            "vector.create_mask" => self.create_mask(op)?,
            "vector.broadcast" => {
                let source = self.ctx.value_type(self.ctx.operation(op).operand(0));
                if self.ctx.vector_shape(source).is_some() {
                    return Err(self.error(op, "only broadcasts of scalars lower to LLVM"));
                }
                let ty = self.vector_type(op)?;
                self.splat(op, self.operand(op, 0)?, ty)?.into()
            }
            "vector.load" => {
                let (pointer, layout) = self.element_address(op, 0)?;
                let loaded = self.built(op, self.builder.build_load(self.vector_type(op)?, pointer, ""))?;
                if let Some(load) = loaded.as_instruction_value() {
                    load.set_alignment(layout.element_size as u32).ok();
                }
                loaded
            }
            "vector.maskedload" => self.masked_load(op)?,
            "vector.store" => {
                let value = self.operand(op, 0)?;
                let (pointer, layout) = self.element_address(op, 1)?;
                let store = self.built(op, self.builder.build_store(pointer, value))?;
                store.set_alignment(layout.element_size as u32).ok();
                return Ok(());
            }
            "vector.maskedstore" => return self.masked_store(op),
            "vector.widening_dot" => self.widening_dot(op)?,
            "vector.from_elements" => self.from_elements(op)?,
            "vector.extract" => {
                let operation = self.ctx.operation(op);
                let one_dimensional = self.ctx.vector_parts(self.ctx.value_type(operation.operand(0))).is_some();
                let lane = match ExtractOp(op).position(self.ctx)[..] {
                    [lane] if one_dimensional && operation.num_operands() == 1 => u64::try_from(lane).ok(),
                    _ => None,
                };
                let lane = lane.ok_or_else(|| {
                    self.error(op, "only static single lanes of one-dimensional vectors lower to LLVM")
                })?;
                let source = self.operand(op, 0)?.into_vector_value();
                let index = self.types.llvm.i32_type().const_int(lane, false);
                self.built(op, self.builder.build_extract_element(source, index, ""))?
            }
            "vector.rounding_doubling_high_mul" => self.rounding_doubling_high_mul(op)?,
            "vector.rounding_shift_right" => self.rounding_shift_right(op)?,
            _ => return Err(self.error(op, "no lowering for this op")),
        };
        self.define(op, 0, value);
        Ok(())
    }

    /// The LLVM vector type of result 0 of `op`.
    fn vector_type(&self, op: OpId) -> Result<VectorType<'ll>, Diagnostic> {
        let ty = self.ctx.operation(op).result_type(0);
        let lowered = self.types.of(self.ctx, ty).map_err(|m| self.error(op, m))?;
        Ok(lowered.into_vector_type())
    }

    /// Every lane of a `ty` vector set to `scalar`.
    fn splat(
        &self,
        op: OpId,
        scalar: BasicValueEnum<'ll>,
        ty: VectorType<'ll>,
    ) -> Result<VectorValue<'ll>, Diagnostic> {
        let index = self.types.llvm.i32_type();
        let single =
            self.built(op, self.builder.build_insert_element(ty.get_undef(), scalar, index.const_zero(), ""))?;
        let zeros = VectorType::const_vector(&vec![index.const_zero(); ty.get_size() as usize]);
        self.built(op, self.builder.build_shuffle_vector(single, ty.get_undef(), zeros, ""))
    }

    /// `vector.from_elements`: one `insertelement` per lane into an undefined vector.
    fn from_elements(&self, op: OpId) -> Result<BasicValueEnum<'ll>, Diagnostic> {
        let ty = self.vector_type(op)?;
        let index = self.types.llvm.i32_type();
        let mut vector = ty.get_undef();
        for lane in 0..self.ctx.operation(op).num_operands() {
            let element = self.operand(op, lane)?;
            let at = index.const_int(lane as u64, false);
            vector = self.built(op, self.builder.build_insert_element(vector, element, at, ""))?;
        }
        Ok(vector.into())
    }

    /// `vector.create_mask n`: lanes below `n` (signed) set.
    fn create_mask(&self, op: OpId) -> Result<BasicValueEnum<'ll>, Diagnostic> {
        let ty = self.vector_type(op)?;
        let lanes = ty.get_size();
        let bit = self.types.llvm.bool_type();
        let count = self.ctx.operation(op).operand(0);
        if let Some(count) = constant_int_value(self.ctx, count) {
            let bits: Vec<IntValue<'ll>> =
                (0..lanes).map(|lane| bit.const_int(u64::from(i128::from(lane) < count), false)).collect();
            return Ok(VectorType::const_vector(&bits).into());
        }
        let index = self.types.index;
        let steps: Vec<IntValue<'ll>> = (0..lanes).map(|lane| index.const_int(u64::from(lane), false)).collect();
        let counts = self.splat(op, self.operand(op, 0)?, index.vec_type(lanes))?;
        let mask = self.builder.build_int_compare(IntPredicate::SLT, VectorType::const_vector(&steps), counts, "mask");
        Ok(self.built(op, mask)?.into())
    }

    /// `vector.maskedload`: `llvm.masked.load` at the first element (element alignment).
    fn masked_load(&self, op: OpId) -> Result<BasicValueEnum<'ll>, Diagnostic> {
        let count = self.ctx.operation(op).num_operands();
        let (mask, pass_thru) = (self.operand(op, count - 2)?, self.operand(op, count - 1)?);
        let result = self.vector_type(op)?.as_basic_type_enum();
        let call = self.masked_memory(op, "llvm.masked.load", result, None, [mask, pass_thru])?;
        match call.try_as_basic_value() {
            ValueKind::Basic(value) => Ok(value),
            ValueKind::Instruction(_) => Err(self.error(op, "llvm.masked.load returns no value")),
        }
    }

    /// `vector.maskedstore`: `llvm.masked.store` at the first element (element alignment).
    fn masked_store(&self, op: OpId) -> Result<(), Diagnostic> {
        let count = self.ctx.operation(op).num_operands();
        let (mask, value) = (self.operand(op, count - 2)?, self.operand(op, count - 1)?);
        self.masked_memory(op, "llvm.masked.store", value.get_type(), Some(value), [mask])?;
        Ok(())
    }

    /// A call of the masked memory intrinsic `name` for vectors of type `vector`, at the address
    /// of operands `0 .. count - 2` of `op` (buffer and indices): arguments `value` (if any), the
    /// pointer, the alignment where LLVM wants it as an operand, then `trailing`.
    fn masked_memory<const N: usize>(
        &self,
        op: OpId,
        name: &str,
        vector: inkwell::types::BasicTypeEnum<'ll>,
        value: Option<BasicValueEnum<'ll>>,
        trailing: [BasicValueEnum<'ll>; N],
    ) -> Result<inkwell::values::CallSiteValue<'ll>, Diagnostic> {
        let count = self.ctx.operation(op).num_operands();
        let (pointer, layout) = self.element_address_of(op, 0, count - 2)?;
        let types = [vector, pointer.get_type().as_basic_type_enum()];
        let function = inkwell::intrinsics::Intrinsic::find(name)
            .and_then(|intrinsic| intrinsic.get_declaration(self.module, &types))
            .ok_or_else(|| self.error(op, format!("LLVM cannot declare {name}")))?;
        let mut args: Vec<BasicMetadataValueEnum<'ll>> = value.into_iter().map(Into::into).collect();
        let pointer_param = args.len() as u32;
        args.push(pointer.into());
        // LLVM before 22 passes the alignment as an operand; since, as the pointer's attribute.
        let operand_alignment = function.count_params() as usize == args.len() + 1 + N;
        if operand_alignment {
            args.push(self.types.llvm.i32_type().const_int(layout.element_size as u64, false).into());
        }
        args.extend(trailing.map(BasicMetadataValueEnum::from));
        let call = self.built(op, self.builder.build_call(function, &args, ""))?;
        if !operand_alignment {
            let align = self
                .types
                .llvm
                .create_enum_attribute(Attribute::get_named_enum_kind_id("align"), layout.element_size as u64);
            call.add_attribute(AttributeLoc::Param(pointer_param), align);
        }
        Ok(call)
    }

    /// `vector.widening_dot a, b, acc` (see the module documentation; MVE's `vmlava` for lanes
    /// narrower than the accumulator).
    fn widening_dot(&self, op: OpId) -> Result<BasicValueEnum<'ll>, Diagnostic> {
        let (lhs, rhs, acc) = (self.operand(op, 0)?, self.operand(op, 1)?, self.operand(op, 2)?.into_int_value());
        let vector = lhs.into_vector_value().get_type();
        if self.extensions.mve && vector.get_element_type().into_int_type().get_bit_width() < 32 {
            let flag = |bit: u64| self.types.llvm.i32_type().const_int(bit, false).into();
            let args = [flag(0), flag(0), flag(0), acc.into(), lhs, rhs];
            return self.call_overloaded(op, "llvm.arm.mve.vmldava", &[vector.into()], &args);
        }
        let lanes = vector.get_size();
        let wide = acc.get_type().vec_type(lanes);
        let widen = |value: BasicValueEnum<'ll>| {
            self.built(op, self.builder.build_int_s_extend(value.into_vector_value(), wide, ""))
        };
        let (lhs, rhs) = (widen(lhs)?, widen(rhs)?);
        let products = self.built(op, self.builder.build_int_mul(lhs, rhs, "products"))?;
        let sum = self.call_overloaded(op, "llvm.vector.reduce.add", &[wide.into()], &[products.into()])?;
        Ok(self.built(op, self.builder.build_int_add(acc, sum.into_int_value(), "dot"))?.into())
    }

    /// `vector.rounding_doubling_high_mul a, b` (see the module documentation).
    fn rounding_doubling_high_mul(&self, op: OpId) -> Result<BasicValueEnum<'ll>, Diagnostic> {
        let (lhs, rhs) = (self.operand(op, 0)?, self.operand(op, 1)?);
        let ty = lhs.into_vector_value().get_type();
        if self.extensions.mve {
            return self.call_overloaded(op, "llvm.arm.mve.vqrdmulh", &[ty.into()], &[lhs, rhs]);
        }
        let wide = self.types.llvm.i64_type().vec_type(ty.get_size());
        let widen = |value: BasicValueEnum<'ll>| {
            self.built(op, self.builder.build_int_s_extend(value.into_vector_value(), wide, ""))
        };
        let product = self.built(op, self.builder.build_int_mul(widen(lhs)?, widen(rhs)?, ""))?;
        let splat = |value: i64| self.lane_constants(wide, value);
        let nudged = self.built(op, self.builder.build_int_add(product, splat(1 << 30), ""))?;
        let high = self.built(op, self.builder.build_right_shift(nudged, splat(31), true, ""))?;
        let max = splat(i64::from(i32::MAX)).into();
        let saturated = self.call_overloaded(op, "llvm.smin", &[wide.into()], &[high.into(), max])?;
        Ok(self.built(op, self.builder.build_int_truncate(saturated.into_vector_value(), ty, ""))?.into())
    }

    /// `vector.rounding_shift_right x, r` (see the module documentation).
    fn rounding_shift_right(&self, op: OpId) -> Result<BasicValueEnum<'ll>, Diagnostic> {
        let (value, amount) = (self.operand(op, 0)?.into_vector_value(), self.operand(op, 1)?.into_vector_value());
        let ty = value.get_type();
        let amount = self.built(op, self.builder.build_and(amount, self.lane_constants(ty, 31), ""))?;
        if self.extensions.mve {
            let left = self.built(op, self.builder.build_int_neg(amount, ""))?;
            let flag = |bit: u64| self.types.llvm.i32_type().const_int(bit, false).into();
            // Not saturating, rounding, signed.
            let args = [value.into(), left.into(), flag(0), flag(1), flag(0)];
            return self.call_overloaded(op, "llvm.arm.mve.vshl.vector", &[ty.into(), ty.into()], &args);
        }
        let wide = self.types.llvm.i64_type().vec_type(ty.get_size());
        let (value, amount) = (
            self.built(op, self.builder.build_int_s_extend(value, wide, ""))?,
            self.built(op, self.builder.build_int_z_extend(amount, wide, ""))?,
        );
        let power = self.built(op, self.builder.build_left_shift(self.lane_constants(wide, 1), amount, ""))?;
        let half = self.built(op, self.builder.build_right_shift(power, self.lane_constants(wide, 1), false, ""))?;
        let rounded = self.built(op, self.builder.build_int_add(value, half, ""))?;
        let shifted = self.built(op, self.builder.build_right_shift(rounded, amount, true, ""))?;
        Ok(self.built(op, self.builder.build_int_truncate(shifted, ty, ""))?.into())
    }

    /// A `ty` vector of integers with every lane `value`.
    pub(crate) fn lane_constants(&self, ty: VectorType<'ll>, value: i64) -> VectorValue<'ll> {
        let lane = ty.get_element_type().into_int_type().const_int(value as u64, true);
        VectorType::const_vector(&vec![lane; ty.get_size() as usize])
    }
}
