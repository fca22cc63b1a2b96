//! The `vector` dialect and `arith` on vectors as Cranelift SIMD: every vector is one 128-bit
//! register (SSE4.1 on x86-64) of its lane type, its lanes from the vector's length on
//! unspecified. A `vector<N x i1>` mask of a masked load or store is the count of its leading set
//! lanes (`vector.create_mask` makes those); the mask of an `arith.cmpi`, which only
//! `arith.select` reads, is a register of the compared lane type, each lane all ones or zeros.
//!
//! ```text
//! vector<4xi8> load/store          one 32-bit load/store, scalar_to_vector + bitcast to i8x16
//!                                  (12 bytes: an 8-byte and a 4-byte piece)
//! vector.maskedload/store          a constant count: the set lanes' pieces, bitselect with pass_thru
//!                                  (none over zeros: the pieces' other lanes are zeros);
//!                                  else a full-width access when the count is the length, the
//!                                  counted elements one by one through a stack slot when not
//! widening_dot a, b, acc (i8)      acc + reduce(wpdp(swiden_low a, swiden_low b) + wpdp(swiden_high a, swiden_high b)),
//!                                  the low half only where an operand has at most 8 nonzero lanes
//! rounding_doubling_high_mul a, b  low halves of ((swiden a · swiden b + 2^30) >> 31) in i64x2 (pmuldq),
//!                                  INT32_MAX where a = b = INT32_MIN
//! rounding_shift_right x, r        k = r & 31: the doubled high product of x and 2^(31-k) (as above), x where k = 0
//! arith.extsi / extui / trunci     swiden_low / uwiden_low per doubling, a byte shuffle
//! arith shifts                     one shift by the scalar when the amount is a broadcast, else lane by lane
//! loop-carried dot-product sum     an i32x4 of partial sums through the loop, its lanes added after it
//! chain of widening_dots           an i32x4 of partial sums from dot to dot, its lanes added at the last
//! ```
//!
//! (`wpdp` is the pairwise dot product of `i16x8`s that Cranelift matches to x86's `pmaddwd`.) Accesses are bounds-checked
//! as scalar ones are: every element a vector access touches is inside its dimension.

use super::{FunctionLowering, Reach, Scalar, scalar_kind};
use cranelift_codegen::ir::{self, ConstantData, Endianness, InstBuilder, MemFlagsData, condcodes::IntCC, types};
use mc_dialects::arith::build::constant_int_value;
use mc_dialects::vector::{BroadcastOp, ExtractOp};
use mc_ir::{BlockId, Context, Diagnostic, OpId, Type, Value};

/// The kind of a one-dimensional fixed vector type of integers the backend lowers.
pub(super) fn vector_kind(ctx: &Context, ty: Type) -> Option<Scalar> {
    let (lanes, element) = ctx.vector_parts(ty)?;
    let width = ctx.integer_width(element)?;
    let lanes = u32::try_from(lanes).ok()?;
    match width {
        1 => Some(Scalar::Mask { lanes }),
        8 | 16 | 32 | 64 if lanes * width <= 128 => Some(Scalar::Vector { lanes, width }),
        _ => None,
    }
}

/// The first vector type among the results of the ops under `root` that the backend cannot
/// lower (wider than 128 bits, or not of integers), if any: code the caller should keep scalar.
pub(crate) fn unlowerable_vector_type(ctx: &Context, root: OpId) -> Option<Type> {
    ctx.walk_preorder(root)
        .into_iter()
        .flat_map(|op| ctx.operation(op).result_types().collect::<Vec<_>>())
        .find(|&ty| ctx.vector_shape(ty).is_some() && vector_kind(ctx, ty).is_none())
}

/// The 128-bit Cranelift vector type of `width`-bit lanes.
pub(super) fn register_type(width: u32) -> ir::Type {
    match width {
        8 => types::I8X16,
        16 => types::I16X8,
        32 => types::I32X4,
        _ => types::I64X2,
    }
}

/// The scalar Cranelift integer type of `bits` bits.
fn int_type(bits: u32) -> ir::Type {
    ir::Type::int(bits as u16).expect("8 to 128 bits")
}

/// Flags of a bitcast between vector types (lane order as in memory).
fn little() -> MemFlagsData {
    MemFlagsData::new().with_endianness(Endianness::Little)
}

impl FunctionLowering<'_, '_> {
    /// True if an operand or result of `op` is a vector.
    pub(super) fn on_vectors(&self, op: OpId) -> Result<bool, Diagnostic> {
        let operation = self.ctx.operation(op);
        let types = operation.operands().map(|v| self.ctx.value_type(v)).chain(operation.result_types());
        for ty in types {
            if self.ctx.vector_shape(ty).is_some() {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The lanes and lane width of the vector `kind`, or an error at `op`.
    fn vector_parts(&self, op: OpId, kind: Scalar) -> Result<(u32, u32), Diagnostic> {
        match kind {
            Scalar::Vector { lanes, width } => Ok((lanes, width)),
            _ => Err(self.error(op, "expected a vector of integers")),
        }
    }

    fn operand_vector(&self, op: OpId, index: usize) -> Result<(u32, u32), Diagnostic> {
        self.vector_parts(op, self.operand_kind(op, index)?)
    }

    fn result_vector(&self, op: OpId) -> Result<(u32, u32), Diagnostic> {
        self.vector_parts(op, self.result_kind(op)?)
    }

    /// Lowers the `vector` op `op` named `name`.
    pub(super) fn lower_vector(&mut self, op: OpId, name: &str) -> Result<(), Diagnostic> {
        let count = self.ctx.operation(op).num_operands();
        let value = match name {
            "vector.create_mask" => {
                let Scalar::Mask { lanes } = self.result_kind(op)? else {
                    return Err(self.error(op, "expected an i1 vector"));
                };
                let requested = self.operand(op, 0)?;
                let zero = self.builder.ins().iconst(self.pointer, 0);
                let at_least_zero = self.builder.ins().smax(requested, zero);
                let most = self.builder.ins().iconst(self.pointer, i64::from(lanes));
                self.builder.ins().smin(at_least_zero, most)
            }
            "vector.broadcast" => {
                let Some(broadcast) = BroadcastOp::cast(self.ctx, op) else { unreachable!("named vector.broadcast") };
                if self.ctx.vector_shape(self.ctx.value_type(broadcast.source(self.ctx))).is_some() {
                    return Err(self.error(op, "only broadcasts of scalars lower to Cranelift"));
                }
                // A broadcast flag is read where it is used, as a mask of the user's lanes.
                if let Scalar::Mask { .. } = self.result_kind(op)? {
                    let flag = self.operand(op, 0)?;
                    self.set_result(op, flag);
                    return Ok(());
                }
                let (_, width) = self.result_vector(op)?;
                let scalar = self.operand(op, 0)?;
                self.builder.ins().splat(register_type(width), scalar)
            }
            "vector.load" => {
                let (lanes, width) = self.result_vector(op)?;
                let (address, offset) = self.access_address(op, 0, count, Reach::Lanes(i64::from(lanes)))?;
                self.load_lanes(address, offset, lanes, width)
            }
            "vector.maskedload" => self.masked_load(op)?,
            "vector.store" => {
                let (lanes, width) = self.operand_vector(op, 0)?;
                let value = self.operand(op, 0)?;
                let (address, offset) = self.access_address(op, 1, count, Reach::Lanes(i64::from(lanes)))?;
                self.store_lanes(value, address, offset, lanes, width);
                return Ok(());
            }
            "vector.maskedstore" => return self.masked_store(op),
            "vector.from_elements" => {
                let (_, width) = self.result_vector(op)?;
                let first = self.operand(op, 0)?;
                let mut lanes = self.builder.ins().splat(register_type(width), first);
                for lane in 1..count {
                    let element = self.operand(op, lane)?;
                    lanes = self.builder.ins().insertlane(lanes, element, lane as u8);
                }
                lanes
            }
            "vector.extract" => {
                let Some(extract) = ExtractOp::cast(self.ctx, op) else { unreachable!("named vector.extract") };
                let (lanes, _) = self.operand_vector(op, 0)?;
                let lane = match extract.position(self.ctx)[..] {
                    [lane] if (0..i64::from(lanes)).contains(&lane) && count == 1 => lane as u8,
                    _ => return Err(self.error(op, "only a constant lane of a one-dimensional vector lowers to Cranelift")),
                };
                let source = self.operand(op, 0)?;
                self.builder.ins().extractlane(source, lane)
            }
            "vector.widening_dot" => self.widening_dot(op)?,
            "vector.rounding_doubling_high_mul" => self.rounding_doubling_high_mul(op)?,
            "vector.rounding_shift_right" => self.rounding_shift_right(op)?,
            _ => return Err(self.error(op, "no lowering for this op")),
        };
        self.set_result(op, value);
        Ok(())
    }

    /// Lowers the `arith` op `op` named `name` on vectors.
    pub(super) fn lower_lanewise(&mut self, op: OpId, name: &str) -> Result<(), Diagnostic> {
        let value = match name {
            "arith.extsi" | "arith.extui" | "arith.trunci" => self.lane_cast(op, name)?,
            "arith.shli" | "arith.shrsi" | "arith.shrui" => self.lane_shift(op, name)?,
            // A comparison's mask is its operands' lane type, each lane all ones or all zeros.
            "arith.cmpi" => {
                self.operand_vector(op, 0)?;
                let (_, cc) = self.int_condition(op)?;
                let (x, y) = (self.operand(op, 0)?, self.operand(op, 1)?);
                self.builder.ins().icmp(cc, x, y)
            }
            "arith.select" => {
                let (_, width) = self.result_vector(op)?;
                let c = self.lane_mask(op, 0, width)?;
                let (t, f) = (self.operand(op, 1)?, self.operand(op, 2)?);
                self.builder.ins().bitselect(c, t, f)
            }
            _ => {
                // x86 has no 8-bit lane multiply, and no 64-bit lane minimum or maximum before
                // AVX-512 (Cranelift lowers neither).
                let (_, width) = self.result_vector(op)?;
                let minmax = matches!(name, "arith.minsi" | "arith.maxsi" | "arith.minui" | "arith.maxui");
                if (name == "arith.muli" && width == 8) || (minmax && width == 64) {
                    return Err(self.error(op, format!("no SSE lowering for {width}-bit lanes")));
                }
                let (x, y) = (self.operand(op, 0)?, self.operand(op, 1)?);
                let ins = self.builder.ins();
                match name {
                    "arith.addi" => ins.iadd(x, y),
                    "arith.subi" => ins.isub(x, y),
                    "arith.muli" => ins.imul(x, y),
                    "arith.andi" => ins.band(x, y),
                    "arith.ori" => ins.bor(x, y),
                    "arith.xori" => ins.bxor(x, y),
                    "arith.minsi" => ins.smin(x, y),
                    "arith.maxsi" => ins.smax(x, y),
                    "arith.minui" => ins.umin(x, y),
                    "arith.maxui" => ins.umax(x, y),
                    _ => return Err(self.error(op, "no lowering for this op on vectors")),
                }
            }
        };
        self.set_result(op, value);
        Ok(())
    }

    /// The mask operand `index` of `op` (an `arith.cmpi` of vectors, or a `vector.broadcast` of
    /// an `i1`) with lanes of `width` bits, each all ones or all zeros.
    fn lane_mask(&mut self, op: OpId, index: usize, width: u32) -> Result<ir::Value, Diagnostic> {
        let mask = self.ctx.operation(op).operand(index);
        let producer = self.ctx.defining_op(mask);
        if let Some(broadcast) = producer.and_then(|d| BroadcastOp::cast(self.ctx, d)) {
            let flag = self.value(broadcast.source(self.ctx))?;
            let all_ones = self.builder.ins().ineg(flag);
            let lane = if width > 8 { self.builder.ins().sextend(int_type(width), all_ones) } else { all_ones };
            return Ok(self.builder.ins().splat(register_type(width), lane));
        }
        let compare = producer.filter(|&d| self.ctx.op_name_of(d) == "arith.cmpi");
        let Some(compare) = compare else {
            return Err(self.error(op, "only masks that are vector comparisons or broadcasts lower to Cranelift here"));
        };
        let (_, compared) = self.operand_vector(compare, 0)?;
        let value = self.value(mask)?;
        Ok(self.resize_lanes(value, compared, width, true))
    }

    /// `value`'s lanes of `from` bits as lanes of `to` bits: sign- or zero-extended per
    /// doubling, or truncated by a byte shuffle.
    fn resize_lanes(&mut self, value: ir::Value, from: u32, to: u32, signed: bool) -> ir::Value {
        if to < from {
            let (from_bytes, to_bytes) = (from / 8, to / 8);
            let bytes: Vec<u8> =
                (0..16u32).map(|byte| ((byte / to_bytes) * from_bytes + byte % to_bytes) as u8 % 16).collect();
            let shuffled = self.shuffle_bytes(value, &bytes);
            return self.reinterpret(register_type(to), shuffled);
        }
        let mut value = value;
        let mut width = from;
        while width < to {
            value = if signed { self.builder.ins().swiden_low(value) } else { self.builder.ins().uwiden_low(value) };
            width *= 2;
        }
        value
    }

    /// `arith.extsi`, `arith.extui` and `arith.trunci` of vectors (see the module documentation);
    /// a comparison mask extends to 0 or 1 (`extui`) or 0 or -1 (`extsi`).
    fn lane_cast(&mut self, op: OpId, name: &str) -> Result<ir::Value, Diagnostic> {
        let (_, to) = self.result_vector(op)?;
        if let Ok(Scalar::Mask { .. }) = self.operand_kind(op, 0) {
            if name == "arith.trunci" {
                return Err(self.error(op, "expected a wider result"));
            }
            let mask = self.lane_mask(op, 0, to)?;
            if name == "arith.extsi" {
                return Ok(mask);
            }
            let one = self.builder.ins().iconst(int_type(to), 1);
            let ones = self.builder.ins().splat(register_type(to), one);
            return Ok(self.builder.ins().band(mask, ones));
        }
        let (_, from) = self.operand_vector(op, 0)?;
        let value = self.operand(op, 0)?;
        if (name == "arith.trunci") != (to < from) || to == from {
            let wanted = if name == "arith.trunci" { "narrower" } else { "wider" };
            return Err(self.error(op, format!("expected a {wanted} result")));
        }
        Ok(self.resize_lanes(value, from, to, name == "arith.extsi"))
    }

    /// The bytes of `value` (any 128-bit vector) picked by `bytes`, as `i8x16`.
    fn shuffle_bytes(&mut self, value: ir::Value, bytes: &[u8]) -> ir::Value {
        let value = self.as_bytes(value);
        let mask = self.builder.func.dfg.immediates.push(ConstantData::from(bytes.to_vec()));
        self.builder.ins().shuffle(value, value, mask)
    }

    /// `value` (a 128-bit vector) as `i8x16`.
    fn as_bytes(&mut self, value: ir::Value) -> ir::Value {
        if self.builder.func.dfg.value_type(value) == types::I8X16 {
            value
        } else {
            self.builder.ins().bitcast(types::I8X16, little(), value)
        }
    }

    /// A shift of vectors: by one scalar when the amount is a `vector.broadcast`, else lane by
    /// lane.
    fn lane_shift(&mut self, op: OpId, name: &str) -> Result<ir::Value, Diagnostic> {
        let (lanes, _) = self.result_vector(op)?;
        let value = self.operand(op, 0)?;
        let amount = self.ctx.operation(op).operand(1);
        let shift = |b: &mut cranelift_frontend::FunctionBuilder<'_>, x, y| match name {
            "arith.shli" => b.ins().ishl(x, y),
            "arith.shrsi" => b.ins().sshr(x, y),
            _ => b.ins().ushr(x, y),
        };
        if let Some(broadcast) = self.ctx.defining_op(amount).and_then(|d| BroadcastOp::cast(self.ctx, d)) {
            let scalar = self.value(broadcast.source(self.ctx))?;
            return Ok(shift(&mut self.builder, value, scalar));
        }
        let amounts = self.value(amount)?;
        let mut result = value;
        for lane in 0..lanes as u8 {
            let x = self.builder.ins().extractlane(value, lane);
            let y = self.builder.ins().extractlane(amounts, lane);
            let shifted = shift(&mut self.builder, x, y);
            result = self.builder.ins().insertlane(result, shifted, lane);
        }
        Ok(result)
    }

    /// `value` (a 128-bit vector) as a vector of type `ty`.
    fn reinterpret(&mut self, ty: ir::Type, value: ir::Value) -> ir::Value {
        if self.builder.func.dfg.value_type(value) == ty {
            value
        } else {
            self.builder.ins().bitcast(ty, little(), value)
        }
    }

    /// `lanes` elements of `width` bits at `address + offset`, as a 128-bit register whose other
    /// lanes are zero: one load of all 16 bytes, else one load per power-of-two piece of the
    /// bytes (8, 4, 2, 1: 9 bytes are 2 loads), each inserted at its place.
    fn load_lanes(&mut self, address: ir::Value, offset: i64, lanes: u32, width: u32) -> ir::Value {
        let register = register_type(width);
        let bytes = lanes * width / 8;
        if bytes == 16 {
            return self.builder.ins().load(register, MemFlagsData::new(), address, offset as i32);
        }
        let mut vector = None;
        let mut at = 0;
        for piece in [8u32, 4, 2, 1].into_iter().filter(|&piece| bytes & piece != 0) {
            let at_offset = (offset + i64::from(at)) as i32;
            let view = register_type(piece * 8);
            vector = Some(match vector {
                // x86 moves 4 or 8 bytes into a vector register: a narrower first piece is
                // zero-extended to 4.
                None if piece < 4 => {
                    let flags = MemFlagsData::new();
                    let scalar = if piece == 1 {
                        self.builder.ins().uload8(types::I32, flags, address, at_offset)
                    } else {
                        self.builder.ins().uload16(types::I32, flags, address, at_offset)
                    };
                    self.builder.ins().scalar_to_vector(types::I32X4, scalar)
                }
                None => {
                    let scalar = self.builder.ins().load(int_type(piece * 8), MemFlagsData::new(), address, at_offset);
                    self.builder.ins().scalar_to_vector(view, scalar)
                }
                Some(partial) => {
                    let scalar = self.builder.ins().load(int_type(piece * 8), MemFlagsData::new(), address, at_offset);
                    let partial = self.reinterpret(view, partial);
                    self.builder.ins().insertlane(partial, scalar, (at / piece) as u8)
                }
            });
            at += piece;
        }
        match vector {
            Some(vector) => self.reinterpret(register, vector),
            None => self.zeros(register),
        }
    }

    /// Stores the first `lanes` lanes of `value` (`width` bits each) at `address + offset`: one
    /// store of all 16 bytes, else one per power-of-two piece of the bytes.
    fn store_lanes(&mut self, value: ir::Value, address: ir::Value, offset: i64, lanes: u32, width: u32) {
        let bytes = lanes * width / 8;
        if bytes == 16 {
            self.builder.ins().store(MemFlagsData::new(), value, address, offset as i32);
            return;
        }
        let mut at = 0;
        for piece in [8u32, 4, 2, 1].into_iter().filter(|&piece| bytes & piece != 0) {
            let view = self.reinterpret(register_type(piece * 8), value);
            let scalar = self.builder.ins().extractlane(view, (at / piece) as u8);
            self.builder.ins().store(MemFlagsData::new(), scalar, address, (offset + i64::from(at)) as i32);
            at += piece;
        }
    }

    /// A `ty` vector of zeros.
    fn zeros(&mut self, ty: ir::Type) -> ir::Value {
        self.lane_constants(ty, &[0u8; 16])
    }

    /// A `ty` vector of the 16 little-endian `bytes`.
    fn lane_constants(&mut self, ty: ir::Type, bytes: &[u8; 16]) -> ir::Value {
        let constant = self.builder.func.dfg.constants.insert(ConstantData::from(bytes.to_vec()));
        self.builder.ins().vconst(ty, constant)
    }

    /// A 16-byte stack slot (16-byte aligned) and its address.
    fn vector_slot(&mut self) -> ir::Value {
        let slot = self.builder.create_sized_stack_slot(ir::StackSlotData::new(ir::StackSlotKind::ExplicitSlot, 16, 4));
        self.builder.ins().stack_addr(self.pointer, slot, 0)
    }

    /// Copies `count` elements of `width` bits from `from` to `to` (one at a time: a masked
    /// access's tail).
    fn copy_elements(&mut self, from: ir::Value, to: ir::Value, count: ir::Value, width: u32) {
        let header = self.builder.create_block();
        let k = self.builder.append_block_param(header, self.pointer);
        let body = self.builder.create_block();
        let exit = self.builder.create_block();
        let zero = self.builder.ins().iconst(self.pointer, 0);
        self.builder.ins().jump(header, &Self::block_args(&[zero]));
        self.builder.switch_to_block(header);
        let more = self.builder.ins().icmp(IntCC::SignedLessThan, k, count);
        self.builder.ins().brif(more, body, &[], exit, &[]);
        self.builder.switch_to_block(body);
        let bytes = self.builder.ins().imul_imm_s(k, i64::from(width / 8));
        let source = self.builder.ins().iadd(from, bytes);
        let target = self.builder.ins().iadd(to, bytes);
        let element = self.builder.ins().load(int_type(width), MemFlagsData::new(), source, 0);
        self.builder.ins().store(MemFlagsData::new(), element, target, 0);
        let next = self.builder.ins().iadd_imm_s(k, 1);
        self.builder.ins().jump(header, &Self::block_args(&[next]));
        self.builder.switch_to_block(exit);
    }

    /// The lane count operand `index` of `op` holds: a mask made by `vector.create_mask`.
    fn mask_count(&self, op: OpId, index: usize) -> Result<ir::Value, Diagnostic> {
        let mask = self.ctx.operation(op).operand(index);
        if self.ctx.defining_op(mask).is_none_or(|d| self.ctx.op_name_of(d) != "vector.create_mask") {
            return Err(self.error(op, "only masks made by 'vector.create_mask' lower to Cranelift"));
        }
        self.value(mask)
    }

    /// The lanes the mask operand `index` of `op` sets when it is a `vector.create_mask` of a
    /// constant, clamped to `0 ..= lanes`.
    fn constant_mask_count(&self, op: OpId, index: usize, lanes: u32) -> Option<u32> {
        let mask = self.ctx.operation(op).operand(index);
        let create = self.ctx.defining_op(mask).filter(|&d| self.ctx.op_name_of(d) == "vector.create_mask")?;
        let count = constant_int_value(self.ctx, self.ctx.operation(create).operand(0))?;
        Some(mc_ir::sign_extend(count, 64).clamp(0, i128::from(lanes)) as u32)
    }

    /// True if `value` is a `vector.broadcast` of the constant 0.
    fn is_zero_broadcast(&self, value: Value) -> bool {
        let ctx = self.ctx;
        let broadcast = ctx.defining_op(value).and_then(|d| BroadcastOp::cast(ctx, d));
        broadcast.is_some_and(|b| constant_int_value(ctx, b.source(ctx)) == Some(0))
    }

    /// How many leading lanes of operand `index` of `op` may be nonzero: the set lanes of a
    /// `vector.maskedload` by a constant mask over zeros, else all `lanes`.
    fn nonzero_lanes(&self, op: OpId, index: usize, lanes: u32) -> u32 {
        let ctx = self.ctx;
        let operand = ctx.operation(op).operand(index);
        let Some(load) = ctx.defining_op(operand).filter(|&d| ctx.op_name_of(d) == "vector.maskedload") else {
            return lanes;
        };
        let count = ctx.operation(load).num_operands();
        match self.constant_mask_count(load, count - 2, lanes) {
            Some(set) if self.is_zero_broadcast(ctx.operation(load).operand(count - 1)) => set.min(lanes),
            _ => lanes,
        }
    }

    /// `count` lanes of `loaded`, the others `pass_thru`'s.
    fn keep_leading_lanes(&mut self, loaded: ir::Value, pass_thru: ir::Value, count: u32, width: u32) -> ir::Value {
        let mut mask = [0u8; 16];
        mask[..(count * width / 8) as usize].fill(0xff);
        let mask = self.lane_constants(register_type(width), &mask);
        self.builder.ins().bitselect(mask, loaded, pass_thru)
    }

    /// `vector.maskedload buffer[indices], mask, pass_thru`: the set lanes' bytes loaded
    /// directly when the mask is a constant (the others `pass_thru`'s); else one full-width load
    /// when every lane is set, the set lanes one by one over `pass_thru` in a stack slot when not.
    fn masked_load(&mut self, op: OpId) -> Result<ir::Value, Diagnostic> {
        let count = self.ctx.operation(op).num_operands();
        let (lanes, width) = self.result_vector(op)?;
        if let Some(set) = self.constant_mask_count(op, count - 2, lanes) {
            let pass_thru = self.operand(op, count - 1)?;
            let (address, offset) = self.access_address(op, 0, count - 2, Reach::Lanes(i64::from(set)))?;
            if set == lanes {
                return Ok(self.load_lanes(address, offset, lanes, width));
            }
            let loaded = self.load_lanes(address, offset, set, width);
            // The loaded vector's other lanes are zeros already.
            if self.is_zero_broadcast(self.ctx.operation(op).operand(count - 1)) {
                return Ok(loaded);
            }
            return Ok(self.keep_leading_lanes(loaded, pass_thru, set, width));
        }
        let (mask, pass_thru) = (self.mask_count(op, count - 2)?, self.operand(op, count - 1)?);
        let reach = Reach::Masked { count: mask, lanes: i64::from(lanes) };
        let (address, offset) = self.access_address(op, 0, count - 2, reach)?;
        let full = self.builder.create_block();
        let partial = self.builder.create_block();
        let merge = self.builder.create_block();
        let result = self.builder.append_block_param(merge, register_type(width));
        let all_set = self.builder.ins().icmp_imm_s(IntCC::Equal, mask, i64::from(lanes));
        self.builder.ins().brif(all_set, full, &[], partial, &[]);

        self.builder.switch_to_block(full);
        let loaded = self.load_lanes(address, offset, lanes, width);
        self.builder.ins().jump(merge, &Self::block_args(&[loaded]));

        self.builder.switch_to_block(partial);
        self.builder.set_cold_block(partial);
        let slot = self.vector_slot();
        self.builder.ins().store(MemFlagsData::trusted(), pass_thru, slot, 0);
        let first = self.builder.ins().iadd_imm_s(address, offset);
        self.copy_elements(first, slot, mask, width);
        let merged = self.builder.ins().load(register_type(width), MemFlagsData::trusted(), slot, 0);
        self.builder.ins().jump(merge, &Self::block_args(&[merged]));

        self.builder.switch_to_block(merge);
        Ok(result)
    }

    /// `vector.maskedstore buffer[indices], mask, value`: the set lanes' bytes stored directly
    /// when the mask is a constant; else one full-width store when every lane is set, the set
    /// lanes one by one from a stack slot when not.
    fn masked_store(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let count = self.ctx.operation(op).num_operands();
        let (lanes, width) = self.operand_vector(op, count - 1)?;
        if let Some(set) = self.constant_mask_count(op, count - 2, lanes) {
            let value = self.operand(op, count - 1)?;
            let (address, offset) = self.access_address(op, 0, count - 2, Reach::Lanes(i64::from(set)))?;
            self.store_lanes(value, address, offset, set, width);
            return Ok(());
        }
        let (mask, value) = (self.mask_count(op, count - 2)?, self.operand(op, count - 1)?);
        let reach = Reach::Masked { count: mask, lanes: i64::from(lanes) };
        let (address, offset) = self.access_address(op, 0, count - 2, reach)?;
        let full = self.builder.create_block();
        let partial = self.builder.create_block();
        let merge = self.builder.create_block();
        let all_set = self.builder.ins().icmp_imm_s(IntCC::Equal, mask, i64::from(lanes));
        self.builder.ins().brif(all_set, full, &[], partial, &[]);

        self.builder.switch_to_block(full);
        self.store_lanes(value, address, offset, lanes, width);
        self.builder.ins().jump(merge, &[]);

        self.builder.switch_to_block(partial);
        self.builder.set_cold_block(partial);
        let slot = self.vector_slot();
        self.builder.ins().store(MemFlagsData::trusted(), value, slot, 0);
        let first = self.builder.ins().iadd_imm_s(address, offset);
        self.copy_elements(slot, first, mask, width);
        self.builder.ins().jump(merge, &[]);

        self.builder.switch_to_block(merge);
        Ok(())
    }

    /// `value` with the lanes from `lanes` on cleared (when it has any).
    fn clear_upper_lanes(&mut self, value: ir::Value, lanes: u32, width: u32) -> ir::Value {
        let bytes = (lanes * width / 8) as usize;
        if bytes >= 16 {
            return value;
        }
        let mut mask = [0u8; 16];
        mask[..bytes].fill(0xff);
        let mask = self.lane_constants(register_type(width), &mask);
        self.builder.ins().band(value, mask)
    }

    /// True if iteration argument `index` of the `loop.for` `op` (body `body`) is a sum only
    /// `vector.widening_dot`s add to: its one use the accumulator of a dot product in the body
    /// whose one use yields it. The loop then carries it as four `i32` partial sums (wrapping
    /// addition is associative: the total is the same), added up once after the loop.
    pub(super) fn is_dot_accumulator(&self, op: OpId, body: BlockId, index: usize) -> bool {
        let ctx = self.ctx;
        if !matches!(scalar_kind(ctx, ctx.operation(op).result_type(index)), Ok(Scalar::Int(32))) {
            return false;
        }
        let arg = ctx.block_args(body)[index + 1];
        let only_use = |value: Value| {
            let mut uses = ctx.uses(value);
            match (uses.next(), uses.next()) {
                (Some(only), None) => Some(only),
                _ => None,
            }
        };
        let Some(dot) = only_use(arg).filter(|u| u.index == 2 && ctx.op_name_of(u.user) == "vector.widening_dot")
        else {
            return false;
        };
        if ctx.operation(dot.user).parent_block() != Some(body) || self.operand_vector(dot.user, 0).is_err() {
            return false;
        }
        only_use(dot.user.result(0)).is_some_and(|u| {
            u.index as usize == index
                && ctx.op_name_of(u.user) == "loop.yield"
                && ctx.operation(u.user).parent_block() == Some(body)
        })
    }

    /// The sum of the four lanes of an `i32x4`, as an `i32`.
    pub(super) fn add_lanes(&mut self, value: ir::Value) -> ir::Value {
        let swap_halves: Vec<u8> = (8..16).chain(0..8).collect();
        let swapped = self.shuffle_bytes(value, &swap_halves);
        let swapped = self.builder.ins().bitcast(types::I32X4, little(), swapped);
        let pairs = self.builder.ins().iadd(value, swapped);
        let swap_lanes: Vec<u8> = (4..8).chain(0..4).chain(12..16).chain(8..12).collect();
        let neighbours = self.shuffle_bytes(pairs, &swap_lanes);
        let neighbours = self.builder.ins().bitcast(types::I32X4, little(), neighbours);
        let total = self.builder.ins().iadd(pairs, neighbours);
        self.builder.ins().extractlane(total, 0)
    }

    /// The sums of neighbouring products of the `i16x8`s `x` and `y`, as an `i32x4`: the tree
    /// Cranelift matches to x86's `pmaddwd` (wasm's `i32x4.dot_i16x8_s`).
    fn pairwise_dot(&mut self, x: ir::Value, y: ir::Value) -> ir::Value {
        let (x_low, y_low) = (self.builder.ins().swiden_low(x), self.builder.ins().swiden_low(y));
        let (x_high, y_high) = (self.builder.ins().swiden_high(x), self.builder.ins().swiden_high(y));
        let low = self.builder.ins().imul(x_low, y_low);
        let high = self.builder.ins().imul(x_high, y_high);
        self.builder.ins().iadd_pairwise(low, high)
    }

    /// `vector.widening_dot a, b, acc` of `i8` or `i16` lanes into an `i32` (see the module
    /// documentation).
    fn widening_dot(&mut self, op: OpId) -> Result<ir::Value, Diagnostic> {
        let (lanes, width) = self.operand_vector(op, 0)?;
        if !matches!(scalar_kind(self.ctx, self.ctx.operation(op).result_type(0)), Ok(Scalar::Int(32))) {
            return Err(self.error(op, "only i32 accumulators lower to Cranelift"));
        }
        let (a, b, acc) = (self.operand(op, 0)?, self.operand(op, 1)?, self.operand(op, 2)?);
        let a = self.clear_upper_lanes(a, lanes, width);
        // Lanes where an operand is known zero add nothing: a dot of masked loads over zeros
        // with at most 8 set lanes needs no high half.
        let lanes = self.nonzero_lanes(op, 0, lanes).min(self.nonzero_lanes(op, 1, lanes));
        let products = match width {
            8 => {
                let (a_low, b_low) = (self.builder.ins().swiden_low(a), self.builder.ins().swiden_low(b));
                let low = self.pairwise_dot(a_low, b_low);
                if lanes <= 8 {
                    low
                } else {
                    let (a_high, b_high) = (self.builder.ins().swiden_high(a), self.builder.ins().swiden_high(b));
                    let high = self.pairwise_dot(a_high, b_high);
                    self.builder.ins().iadd(low, high)
                }
            }
            16 => self.pairwise_dot(a, b),
            _ => return Err(self.error(op, "only i8 and i16 lanes lower to Cranelift")),
        };
        let accumulator = self.ctx.operation(op).operand(2);
        if self.dot_accumulators.contains(&accumulator) {
            return Ok(self.builder.ins().iadd(acc, products));
        }
        let partial = self.partial_sums.contains(&accumulator);
        if self.feeds_next_dot(op) {
            // The sum stays four partial sums; a scalar accumulator joins them in lane 0.
            let acc = if partial { acc } else { self.builder.ins().scalar_to_vector(types::I32X4, acc) };
            self.partial_sums.insert(op.result(0));
            return Ok(self.builder.ins().iadd(acc, products));
        }
        if partial {
            let sums = self.builder.ins().iadd(acc, products);
            return Ok(self.add_lanes(sums));
        }
        let sum = self.add_lanes(products);
        Ok(self.builder.ins().iadd(acc, sum))
    }

    /// True if the one use of the `vector.widening_dot` `op`'s result is the accumulator of
    /// another in the same block (a chain of dot products into one sum: the unrolled taps of a
    /// convolution): `op` then leaves its sum as four `i32` partial sums, which the next dot adds
    /// its products to, and only the chain's last dot adds the lanes up (wrapping addition is
    /// associative: the total is the same).
    fn feeds_next_dot(&self, op: OpId) -> bool {
        let ctx = self.ctx;
        let mut uses = ctx.uses(op.result(0));
        let (Some(only), None) = (uses.next(), uses.next()) else { return false };
        only.index == 2
            && ctx.op_name_of(only.user) == "vector.widening_dot"
            && ctx.operation(only.user).parent_block() == ctx.operation(op).parent_block()
            && self.operand_vector(only.user, 0).is_ok_and(|(_, width)| matches!(width, 8 | 16))
    }

    /// The low 32 bits of `(sext a · sext b + 2^30) >> 31` in each `i32` lane of `a` and `b`:
    /// `i64x2` products of the low and the high lanes (`pmuldq`), nudged, shifted (logically:
    /// the low 32 bits are the same) and gathered.
    fn doubled_high_products(&mut self, a: ir::Value, b: ir::Value) -> ir::Value {
        let nudge = self.builder.ins().iconst(types::I64, 1 << 30);
        let nudge = self.builder.ins().splat(types::I64X2, nudge);
        let mut halves = Vec::new();
        for high in [false, true] {
            let (x, y) = if high {
                (self.builder.ins().swiden_high(a), self.builder.ins().swiden_high(b))
            } else {
                (self.builder.ins().swiden_low(a), self.builder.ins().swiden_low(b))
            };
            let product = self.builder.ins().imul(x, y);
            let nudged = self.builder.ins().iadd(product, nudge);
            let shift = self.builder.ins().iconst(types::I32, 31);
            halves.push(self.builder.ins().ushr(nudged, shift));
        }
        // The low 32 bits of each 64-bit lane: bytes 0..4 and 8..12 of each half.
        let (low, high) = (self.as_bytes(halves[0]), self.as_bytes(halves[1]));
        let picks: Vec<u8> = [0u8, 8, 16, 24].iter().flat_map(|&start| start..start + 4).collect();
        let mask = self.builder.func.dfg.immediates.push(ConstantData::from(picks));
        let joined = self.builder.ins().shuffle(low, high, mask);
        self.builder.ins().bitcast(types::I32X4, little(), joined)
    }

    /// `vector.rounding_doubling_high_mul a, b` of `i32` lanes (see the module documentation).
    fn rounding_doubling_high_mul(&mut self, op: OpId) -> Result<ir::Value, Diagnostic> {
        let (_, width) = self.result_vector(op)?;
        if width != 32 {
            return Err(self.error(op, "only i32 lanes lower to Cranelift"));
        }
        let (a, b) = (self.operand(op, 0)?, self.operand(op, 1)?);
        let joined = self.doubled_high_products(a, b);
        let min = self.builder.ins().iconst(types::I32, i64::from(i32::MIN as u32));
        let min = self.builder.ins().splat(types::I32X4, min);
        let a_min = self.builder.ins().icmp(IntCC::Equal, a, min);
        let b_min = self.builder.ins().icmp(IntCC::Equal, b, min);
        let overflow = self.builder.ins().band(a_min, b_min);
        let max = self.builder.ins().iconst(types::I32, i64::from(i32::MAX));
        let max = self.builder.ins().splat(types::I32X4, max);
        Ok(self.builder.ins().bitselect(overflow, max, joined))
    }

    /// `vector.rounding_shift_right x, r` of `i32` lanes. x86 before AVX2 has no per-lane
    /// shift (and Cranelift offers none), so it multiplies: with `k = r & 31` in 1..=31,
    /// `(x + 2^(k-1)) >> k` is `(x · 2^(31-k) + 2^30) >> 31`, the doubled high product of
    /// [`Self::doubled_high_products`]; the powers `2^(31-k)` come from float exponents (where
    /// `r` is loop-invariant, Cranelift hoists them out of the loop); lanes with `k = 0` keep `x`.
    fn rounding_shift_right(&mut self, op: OpId) -> Result<ir::Value, Diagnostic> {
        let (_, width) = self.result_vector(op)?;
        if width != 32 {
            return Err(self.error(op, "only i32 lanes lower to Cranelift"));
        }
        let (value, amounts) = (self.operand(op, 0)?, self.operand(op, 1)?);
        let splat = |lowering: &mut Self, c: i64| {
            let c = lowering.builder.ins().iconst(types::I32, c);
            lowering.builder.ins().splat(types::I32X4, c)
        };
        let (low_bits, bias) = (splat(self, 31), splat(self, 127 + 31));
        let k = self.builder.ins().band(amounts, low_bits);
        // 2^(31 - k) as an f32: biased exponent 127 + 31 - k, no mantissa.
        let exponent = self.builder.ins().isub(bias, k);
        let mantissa_bits = self.builder.ins().iconst(types::I32, 23);
        let bits = self.builder.ins().ishl(exponent, mantissa_bits);
        let power = self.builder.ins().bitcast(types::F32X4, little(), bits);
        let power = self.builder.ins().fcvt_to_sint_sat(types::I32X4, power);
        let shifted = self.doubled_high_products(value, power);
        let zero = splat(self, 0);
        let unshifted = self.builder.ins().icmp(IntCC::Equal, k, zero);
        Ok(self.builder.ins().bitselect(unshifted, value, shifted))
    }
}
