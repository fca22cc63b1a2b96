//! Lowering of one `func.func` to an LLVM function: values, structured control flow, calls,
//! loads and stores. Scalar ops are in [`crate::scalar`], `buffer` ops in [`crate::data`].
//!
//! ```text
//! %r = loop.for %iv = %lb to %ub step %s iter_args(%a = %init) -> (i32) { body; loop.yield %n }
//!
//!   pre:     br header
//!   header:  iv = phi [lb, pre], [iv.next, latch]; a = phi [init, pre], [n, latch]
//!            br (icmp slt iv, ub), body, exit
//!   body:    ...; iv.next = add iv, s; br header        (the latch: the body's last block)
//!   exit:    r = a
//!
//! %r = loop.if %c -> (i32) { ...; loop.yield %x } else { ...; loop.yield %y }
//! loop.while { ...; loop.condition(%c) : i1 } do { ...; loop.yield }  (generic form: two regions)
//!
//!   br c, then, else
//!   then: ...; br merge      else: ...; br merge
//!   merge: r = phi [x, then.end], [y, else.end]
//! ```
//!
//! Loads and stores address `base + offset + Σ index · stride` bytes ([`crate::layout`]) with an
//! in-bounds `getelementptr i8` and the element's natural alignment: buffers handed to the code
//! must be aligned to their element size (pools and constants are aligned by the planner). `i1`
//! elements take a byte in memory. There are no run-time bounds checks; constant indices are
//! checked at compile time.

use crate::layout::{Index, MemoryLayout};
use crate::target::CoreExtensions;
use crate::types::{Scalar, TypeMap};
use inkwell::IntPredicate;
use inkwell::basic_block::BasicBlock;
use inkwell::builder::{Builder, BuilderError};
use inkwell::module::Module;
use inkwell::values::{BasicValue, BasicValueEnum, FunctionValue, IntValue, PointerValue, ValueKind};
use mc_dialects::arith::build::constant_int_value;
use mc_ir::printer::attributes::type_to_string;
use mc_ir::{BlockId, Context, Diagnostic, OpId, Value};
use std::collections::HashMap;

/// The module-level symbols functions refer to, by IR symbol name.
pub(crate) struct ModuleSymbols<'ll> {
    /// `func.func`s.
    pub(crate) funcs: HashMap<String, FunctionValue<'ll>>,
    /// `buffer.global`s.
    pub(crate) constants: HashMap<String, PointerValue<'ll>>,
}

/// The state of lowering one function.
pub(crate) struct FunctionLowering<'a, 'll> {
    pub(crate) ctx: &'a Context,
    pub(crate) types: TypeMap<'ll>,
    pub(crate) module: &'a Module<'ll>,
    pub(crate) builder: Builder<'ll>,
    pub(crate) symbols: &'a ModuleSymbols<'ll>,
    /// The base of each `buffer.pool` by name: the entry function's leading parameters.
    pub(crate) pools: HashMap<String, PointerValue<'ll>>,
    /// The core's DSP and MVE extensions.
    pub(crate) extensions: CoreExtensions,
    function: FunctionValue<'ll>,
    entry: BasicBlock<'ll>,
    values: HashMap<Value, BasicValueEnum<'ll>>,
}

impl<'a, 'll> FunctionLowering<'a, 'll> {
    /// Starts lowering the body of `function`, whose entry block it creates. Its first
    /// parameters are the bases of the pools named `pools`, in order; the IR's parameters follow.
    /// `extensions.dsp` lets four-term int8 dot products use DSP instructions (`dot`),
    /// `extensions.mve` the fixed-point vector ops MVE's instructions (`vector`).
    pub(crate) fn new(
        ctx: &'a Context,
        types: TypeMap<'ll>,
        module: &'a Module<'ll>,
        symbols: &'a ModuleSymbols<'ll>,
        function: FunctionValue<'ll>,
        pools: &[String],
        extensions: CoreExtensions,
    ) -> Self {
        let entry = types.llvm.append_basic_block(function, "entry");
        let builder = types.llvm.create_builder();
        builder.position_at_end(entry);
        let pools = pools
            .iter()
            .zip(function.get_param_iter())
            .map(|(name, param)| {
                let base = param.into_pointer_value();
                base.set_name(&format!("pool.{name}"));
                (name.clone(), base)
            })
            .collect();
        FunctionLowering {
            ctx,
            types,
            module,
            builder,
            symbols,
            pools,
            extensions,
            function,
            entry,
            values: HashMap::new(),
        }
    }

    /// An error about lowering `op`.
    pub(crate) fn error(&self, op: OpId, message: impl AsRef<str>) -> Diagnostic {
        let name = self.ctx.op_name_of(op);
        Diagnostic::error(self.ctx.operation(op).loc(), format!("cannot lower '{name}' to LLVM: {}", message.as_ref()))
    }

    /// The result of an LLVM builder call, its error reported at `op`.
    pub(crate) fn built<T>(&self, op: OpId, result: Result<T, BuilderError>) -> Result<T, Diagnostic> {
        result.map_err(|e| self.error(op, format!("LLVM builder error: {e}")))
    }

    /// The LLVM value of an already lowered `value`.
    pub(crate) fn value(&self, value: Value) -> Result<BasicValueEnum<'ll>, Diagnostic> {
        self.values.get(&value).copied().ok_or_else(|| {
            Diagnostic::error(self.ctx.value_loc(value), "internal error: value used before it was lowered")
        })
    }

    /// Operand `index` of `op`.
    pub(crate) fn operand(&self, op: OpId, index: usize) -> Result<BasicValueEnum<'ll>, Diagnostic> {
        self.value(self.ctx.operation(op).operand(index))
    }

    fn operand_values(&self, op: OpId) -> Result<Vec<BasicValueEnum<'ll>>, Diagnostic> {
        self.ctx.operation(op).operands().map(|v| self.value(v)).collect()
    }

    /// Records that result `index` of `op` is `lowered`.
    pub(crate) fn define(&mut self, op: OpId, index: usize, lowered: BasicValueEnum<'ll>) {
        self.values.insert(op.result(index), lowered);
    }

    /// The kind of result 0 of `op`.
    pub(crate) fn result_kind(&self, op: OpId) -> Result<Scalar, Diagnostic> {
        Scalar::of(self.ctx, self.ctx.operation(op).result_type(0)).map_err(|m| self.error(op, m))
    }

    /// The kind of operand `index` of `op`.
    pub(crate) fn operand_kind(&self, op: OpId, index: usize) -> Result<Scalar, Diagnostic> {
        let ty = self.ctx.value_type(self.ctx.operation(op).operand(index));
        Scalar::of(self.ctx, ty).map_err(|m| self.error(op, m))
    }

    /// Lowers the function body `body` and its terminator `func.return`.
    pub(crate) fn lower_body(mut self, func: OpId, body: BlockId) -> Result<(), Diagnostic> {
        let params = self.function.get_param_iter().skip(self.pools.len());
        for (arg, param) in self.ctx.block_args(body).into_iter().zip(params) {
            self.values.insert(arg, param);
        }
        let terminator =
            self.lower_ops(body)?.ok_or_else(|| self.error(func, "the function body has no terminator"))?;
        if self.ctx.op_name_of(terminator) != "func.return" {
            return Err(self.error(terminator, "unexpected terminator in a function body"));
        }
        let values = self.operand_values(terminator)?;
        let returned = match values.as_slice() {
            [] => self.builder.build_return(None),
            [value] => self.builder.build_return(Some(value)),
            values => self.builder.build_aggregate_return(values),
        };
        self.built(terminator, returned)?;
        Ok(())
    }

    /// Lowers the ops of `block` up to its terminator, which it returns unlowered.
    fn lower_ops(&mut self, block: BlockId) -> Result<Option<OpId>, Diagnostic> {
        let (ops, terminator) = self.ctx.ops_and_terminator(block);
        for op in ops {
            self.lower_op(op)?;
        }
        Ok(terminator)
    }

    /// Lowers one non-terminator op.
    fn lower_op(&mut self, op: OpId) -> Result<(), Diagnostic> {
        for ty in self.ctx.operation(op).result_types() {
            Scalar::of(self.ctx, ty).map_err(|m| self.error(op, m))?;
        }
        let name = self.ctx.op_name_of(op);
        match name {
            "loop.for" => self.lower_for(op),
            "loop.if" => self.lower_if(op),
            "loop.while" => self.lower_while(op),
            "loop.load" => self.lower_load(op),
            "loop.store" => self.lower_store(op),
            "func.call" => self.lower_call(op),
            "buffer.alloc" => self.lower_alloc(op),
            "buffer.view" => self.lower_view(op),
            "buffer.get_global" => self.lower_get_global(op),
            "buffer.pool_view" => self.lower_pool_view(op),
            _ if name.starts_with("arith.") && crate::lanewise::is_lanewise(self.ctx, op) => {
                self.lower_lanewise(op, name)
            }
            _ if name.starts_with("arith.") || name.starts_with("math.") => self.lower_scalar(op, name),
            _ if name.starts_with("vector.") => self.lower_vector(op, name),
            _ => Err(self.error(op, "no lowering for this op")),
        }
    }

    /// A new block after the current one.
    fn block(&self, name: &str) -> BasicBlock<'ll> {
        self.types.llvm.append_basic_block(self.function, name)
    }

    fn current_block(&self, op: OpId) -> Result<BasicBlock<'ll>, Diagnostic> {
        self.builder.get_insert_block().ok_or_else(|| self.error(op, "internal error: no insertion block"))
    }

    /// Lowers the single-block region `region` of `op`, returning the values its `loop.yield`
    /// yields and the block the code ended in.
    fn lower_region(
        &mut self,
        op: OpId,
        block: BlockId,
    ) -> Result<(Vec<BasicValueEnum<'ll>>, BasicBlock<'ll>), Diagnostic> {
        let terminator = self.lower_ops(block)?.ok_or_else(|| self.error(op, "a region has no terminator"))?;
        let yielded = self.operand_values(terminator)?;
        Ok((yielded, self.current_block(op)?))
    }

    fn lower_for(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let operands = self.operand_values(op)?;
        let (lb, ub, step, inits) = (operands[0], operands[1], operands[2], &operands[3..]);
        let body = ctx.entry_block(ctx.operation(op).regions()[0]).ok_or_else(|| self.error(op, "no body"))?;
        let pre = self.current_block(op)?;
        let (header, body_block, exit) = (self.block("for.header"), self.block("for.body"), self.block("for.exit"));
        self.built(op, self.builder.build_unconditional_branch(header))?;

        self.builder.position_at_end(header);
        let iv = self.built(op, self.builder.build_phi(self.types.index, "iv"))?;
        let mut iters = Vec::with_capacity(inits.len());
        for init in inits {
            iters.push(self.built(op, self.builder.build_phi(init.get_type(), "iter"))?);
        }
        let iv_value = iv.as_basic_value().into_int_value();
        let more =
            self.built(op, self.builder.build_int_compare(IntPredicate::SLT, iv_value, ub.into_int_value(), "more"))?;
        self.built(op, self.builder.build_conditional_branch(more, body_block, exit))?;

        self.builder.position_at_end(body_block);
        let args = ctx.block_args(body);
        self.values.insert(args[0], iv.as_basic_value());
        for (&arg, phi) in args[1..].iter().zip(&iters) {
            self.values.insert(arg, phi.as_basic_value());
        }
        let (yielded, latch) = self.lower_region(op, body)?;
        let next = self.built(op, self.builder.build_int_add(iv_value, step.into_int_value(), "iv.next"))?;
        self.built(op, self.builder.build_unconditional_branch(header))?;

        iv.add_incoming(&[(&lb, pre), (&next, latch)]);
        for ((phi, init), value) in iters.iter().zip(inits).zip(&yielded) {
            phi.add_incoming(&[(init, pre), (value, latch)]);
        }
        self.builder.position_at_end(exit);
        for (index, phi) in iters.iter().enumerate() {
            self.define(op, index, phi.as_basic_value());
        }
        Ok(())
    }

    fn lower_if(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let condition = self.operand(op, 0)?.into_int_value();
        let regions = ctx.operation(op).regions();
        let then_region = ctx.entry_block(regions[0]).ok_or_else(|| self.error(op, "no 'then' block"))?;
        let else_region = regions.get(1).and_then(|&r| ctx.entry_block(r));
        let then_block = self.block("if.then");
        let else_block = else_region.map(|_| self.block("if.else"));
        let merge = self.block("if.end");
        self.built(op, self.builder.build_conditional_branch(condition, then_block, else_block.unwrap_or(merge)))?;

        let mut arms = Vec::new();
        for (block, region) in [(then_block, then_region)].into_iter().chain(else_block.zip(else_region)) {
            self.builder.position_at_end(block);
            let (yielded, end) = self.lower_region(op, region)?;
            self.built(op, self.builder.build_unconditional_branch(merge))?;
            arms.push((yielded, end));
        }
        self.builder.position_at_end(merge);
        for index in 0..ctx.operation(op).num_results() {
            let ty = arms[0].0[index].get_type();
            let phi = self.built(op, self.builder.build_phi(ty, "if.result"))?;
            for (yielded, end) in &arms {
                phi.add_incoming(&[(&yielded[index], *end)]);
            }
            self.define(op, index, phi.as_basic_value());
        }
        Ok(())
    }

    /// `loop.while`: a header block computing the condition, the body branching back to it.
    fn lower_while(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let regions = ctx.operation(op).regions();
        let (Some(before), Some(after)) = (ctx.entry_block(regions[0]), ctx.entry_block(regions[1])) else {
            return Err(self.error(op, "no 'before' or 'after' block"));
        };
        let header = self.block("while.cond");
        let body = self.block("while.body");
        let exit = self.block("while.end");
        self.built(op, self.builder.build_unconditional_branch(header))?;
        self.builder.position_at_end(header);
        let (flag, _) = self.lower_region(op, before)?;
        let flag = flag.first().ok_or_else(|| self.error(op, "no condition"))?.into_int_value();
        self.built(op, self.builder.build_conditional_branch(flag, body, exit))?;
        self.builder.position_at_end(body);
        self.lower_region(op, after)?;
        self.built(op, self.builder.build_unconditional_branch(header))?;
        self.builder.position_at_end(exit);
        Ok(())
    }

    fn lower_call(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let callee =
            ctx.flat_symbol_attr(op, "callee").ok_or_else(|| self.error(op, "expected a flat 'callee' symbol"))?;
        let function =
            *self.symbols.funcs.get(callee).ok_or_else(|| self.error(op, format!("unknown function @{callee}")))?;
        let args: Vec<_> = self.operand_values(op)?.into_iter().map(Into::into).collect();
        let call = self.built(op, self.builder.build_call(function, &args, ""))?;
        let count = ctx.operation(op).num_results();
        let ValueKind::Basic(result) = call.try_as_basic_value() else { return Ok(()) };
        if count == 1 {
            self.define(op, 0, result);
            return Ok(());
        }
        for index in 0..count {
            let value =
                self.built(op, self.builder.build_extract_value(result.into_struct_value(), index as u32, ""))?;
            self.define(op, index, value);
        }
        Ok(())
    }

    /// The address of the element of the buffer operand `buffer_index` of `op` at the indices
    /// that follow it (up to the last operand).
    pub(crate) fn element_address(
        &self,
        op: OpId,
        buffer_index: usize,
    ) -> Result<(PointerValue<'ll>, MemoryLayout), Diagnostic> {
        self.element_address_of(op, buffer_index, self.ctx.operation(op).num_operands())
    }

    /// [`Self::element_address`] with the indices ending before operand `end`.
    pub(crate) fn element_address_of(
        &self,
        op: OpId,
        buffer_index: usize,
        end: usize,
    ) -> Result<(PointerValue<'ll>, MemoryLayout), Diagnostic> {
        let ctx = self.ctx;
        let operation = ctx.operation(op);
        let buffer = operation.operand(buffer_index);
        let ty = ctx.value_type(buffer);
        let layout = MemoryLayout::of(ctx, ty)
            .ok_or_else(|| self.error(op, format!("'{}' is not a memory type", type_to_string(ctx, ty))))?;
        let mut indices = Vec::new();
        for index in operation.operands().take(end).skip(buffer_index + 1) {
            indices.push(match constant_int_value(ctx, index) {
                Some(c) => Index::Constant(mc_ir::sign_extend(c, 64) as i64),
                None => Index::Dynamic(self.value(index)?.into_int_value()),
            });
        }
        let address = layout.element_address(indices).map_err(|m| self.error(op, m))?;
        let index = self.types.index;
        // Σ index · scale, plus the constant part unless it is zero.
        let mut offset: Option<IntValue<'ll>> =
            (address.constant_bytes != 0).then(|| index.const_int(address.constant_bytes as u64, true));
        for (value, scale) in address.terms {
            let term = if scale == 1 {
                value
            } else {
                self.built(op, self.builder.build_int_mul(value, index.const_int(scale as u64, true), ""))?
            };
            offset = Some(match offset {
                Some(sum) => self.built(op, self.builder.build_int_add(sum, term, ""))?,
                None => term,
            });
        }
        let offset = offset.unwrap_or_else(|| index.const_zero());
        let base = self.value(buffer)?.into_pointer_value();
        let i8_type = self.types.llvm.i8_type();
        // SAFETY (LLVM's, not Rust's): the index is within the buffer's storage for in-bounds
        // accesses, which the IR promises.
        let pointer = self.built(op, unsafe { self.builder.build_in_bounds_gep(i8_type, base, &[offset], "") })?;
        Ok((pointer, layout))
    }

    fn lower_load(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let kind = self.result_kind(op)?;
        let (pointer, layout) = self.element_address(op, 0)?;
        let memory_kind = if kind == Scalar::Int(1) { Scalar::Int(8) } else { kind };
        let loaded = self.built(op, self.builder.build_load(self.types.basic(memory_kind), pointer, ""))?;
        set_alignment(loaded, layout.element_size);
        let value = if kind == Scalar::Int(1) {
            let bit = self.types.llvm.bool_type();
            self.built(op, self.builder.build_int_truncate(loaded.into_int_value(), bit, ""))?.into()
        } else {
            loaded
        };
        self.define(op, 0, value);
        Ok(())
    }

    fn lower_store(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let kind = self.operand_kind(op, 0)?;
        if kind == Scalar::Memory {
            return Err(self.error(op, "cannot store a memory value"));
        }
        let mut value = self.operand(op, 0)?;
        if kind == Scalar::Int(1) {
            let byte = self.types.llvm.i8_type();
            value = self.built(op, self.builder.build_int_z_extend(value.into_int_value(), byte, ""))?.into();
        }
        let (pointer, layout) = self.element_address(op, 1)?;
        let store = self.built(op, self.builder.build_store(pointer, value))?;
        store.set_alignment(layout.element_size as u32).ok();
        Ok(())
    }

    /// A builder positioned at the start of the entry block, where allocas go.
    pub(crate) fn entry_builder(&self) -> Builder<'ll> {
        let builder = self.types.llvm.create_builder();
        match self.entry.get_first_instruction() {
            Some(first) => builder.position_before(&first),
            None => builder.position_at_end(self.entry),
        }
        builder
    }
}

/// Sets the alignment of the load that produced `value`.
fn set_alignment(value: BasicValueEnum<'_>, bytes: i64) {
    if let Some(instruction) = value.as_instruction_value() {
        instruction.set_alignment(bytes as u32).ok();
    }
}
