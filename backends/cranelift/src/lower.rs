//! Lowering of one `func.func` (with `arith`, `math` and `loop` ops) to a Cranelift function.
//!
//! ```text
//! %r = loop.for %iv = %lb to %ub step %s iter_args(%a = %init) -> (i32) { body; loop.yield %n }
//!
//!     jump header(lb, init)
//!   header(iv, a):  brif iv <s ub, body, exit(a)
//!   body:           ...; jump header(iv + s, n)
//!   exit(r):        ...
//!
//! %r = loop.if %c -> (i32) { ...; loop.yield %x } else { ...; loop.yield %y }
//! loop.while { ...; loop.condition(%c) : i1 } do { ...; loop.yield }  (generic form: two regions)
//!
//!     brif c, then, else
//!   then: ...; jump merge(x)      else: ...; jump merge(y)
//!   merge(r): ...
//! ```
//!
//! Scalars map to Cranelift types (`i1` is an `i8` holding 0 or 1, `index` the pointer type);
//! memory values (`!buffer`) are pointers whose layout comes from their type
//! ([`crate::memory`]). Integer semantics are MLIR's: wrapping arithmetic, `divsi` rounding to
//! zero, `remsi` with the dividend's sign; division by zero and `MIN / -1` (undefined in MLIR)
//! give an unspecified value instead of trapping. Ops with no lowering are reported at their
//! location; [`LowerHook`]s lower ops of other dialects.

use crate::jit::JitOptions;
use crate::memory::{is_memory, layout_of};
use crate::runtime::{BOUNDS_FAILURE, float_function};
use cranelift_codegen::ir::{
    self, AbiParam, BlockArg, InstBuilder, MemFlagsData, Signature, TrapCode, condcodes::FloatCC, condcodes::IntCC,
    immediates::Ieee32, immediates::Ieee64,
};
use cranelift_frontend::FunctionBuilder;
use cranelift_jit::JITModule;
use cranelift_module::{DataId, FuncId, Module};
use mc_dialects::arith::build::constant_int_value;
use mc_dialects::arith::{CMPF_PREDICATES, CMPI_PREDICATES, predicate_keyword};
use mc_ir::printer::attributes::type_to_string;
use mc_ir::{AttrKind, BlockId, Context, Diagnostic, FloatKind, OpId, Type, TypeKind, Value};
use std::collections::{HashMap, HashSet};
use std::ffi::CString;

mod vector;

pub(crate) use vector::unlowerable_vector_type;

/// Lowers one op of a dialect the backend does not know (registered with [`JitOptions::with_hook`]
/// by op name). It reads operands with [`FunctionLowering::value`], emits instructions through
/// [`FunctionLowering::builder`] and defines the op's results with [`FunctionLowering::define`].
///
/// A hook replaces the built-in lowering of an op of the same name (e.g. `buffer.alloc` as an
/// offset into a planned pool rather than a stack slot).
pub type LowerHook = fn(&mut FunctionLowering<'_, '_>, OpId) -> Result<(), Diagnostic>;

/// A function of the module as the lowering calls it.
#[derive(Clone, Debug)]
pub(crate) struct FuncDecl {
    pub(crate) id: FuncId,
    pub(crate) signature: Signature,
}

/// What every function lowering shares: the module's functions and host functions.
pub(crate) struct ModuleDecls {
    /// `func.func`s by symbol name.
    pub(crate) funcs: HashMap<String, FuncDecl>,
    /// Host functions by symbol.
    pub(crate) host: HashMap<&'static str, FuncDecl>,
    /// The data objects of `buffer.global`s by symbol name.
    pub(crate) globals: HashMap<String, DataId>,
}

/// The kinds of value that values lower to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Scalar {
    /// A signless integer of this width (1, 8, 16, 32 or 64 bits).
    Int(u32),
    /// `index`.
    Index,
    /// A float.
    Float(FloatKind),
    /// A memory value (pointer).
    Memory,
    /// A one-dimensional fixed vector of `lanes` integers of `width` bits (8 to 64) that fits in
    /// 128 bits: a Cranelift vector of that lane type filling 128 bits, the lanes from `lanes`
    /// on unspecified (`lower::vector`).
    Vector { lanes: u32, width: u32 },
    /// A `vector<lanes x i1>` lane mask: the count of its leading set lanes, `index`-typed
    /// (`vector.create_mask` makes every mask mc's passes use).
    Mask { lanes: u32 },
}

/// The Cranelift type of a value of type `ty`, or why there is none.
pub(crate) fn clif_type(ctx: &Context, ty: Type, pointer: ir::Type) -> Result<ir::Type, String> {
    Ok(match scalar_kind(ctx, ty)? {
        Scalar::Int(1 | 8) => ir::types::I8,
        Scalar::Int(16) => ir::types::I16,
        Scalar::Int(32) => ir::types::I32,
        Scalar::Int(64) => ir::types::I64,
        Scalar::Int(_) => unreachable!("scalar_kind checks widths"),
        Scalar::Index | Scalar::Memory | Scalar::Mask { .. } => pointer,
        Scalar::Vector { width, .. } => vector::register_type(width),
        Scalar::Float(FloatKind::F32) => ir::types::F32,
        Scalar::Float(FloatKind::F64) => ir::types::F64,
        Scalar::Float(_) => unreachable!("scalar_kind checks float kinds"),
    })
}

pub(crate) fn scalar_kind(ctx: &Context, ty: Type) -> Result<Scalar, String> {
    let unsupported = || format!("type '{}' is not supported by the Cranelift backend", type_to_string(ctx, ty));
    match ctx.type_kind(ty) {
        TypeKind::Integer { width: w @ (1 | 8 | 16 | 32 | 64), signedness: mc_ir::Signedness::Signless } => {
            Ok(Scalar::Int(*w))
        }
        TypeKind::Index => Ok(Scalar::Index),
        TypeKind::Float(kind @ (FloatKind::F32 | FloatKind::F64)) => Ok(Scalar::Float(*kind)),
        TypeKind::Buffer(_) if layout_of(ctx, ty).is_some() => Ok(Scalar::Memory),
        TypeKind::Vector { .. } => vector::vector_kind(ctx, ty).ok_or_else(unsupported),
        TypeKind::Tensor { .. } => Err(format!(
            "tensor values ('{}') are not supported by the Cranelift backend: lower to loops first",
            type_to_string(ctx, ty)
        )),
        _ => Err(unsupported()),
    }
}

/// True if a function with `results` results returns them through a trailing pointer parameter
/// to 8-byte slots (result `i` at byte `8 i`) rather than in registers, which the host ABIs
/// limit: mc functions with more than one result do.
pub(crate) fn returns_via_pointer(results: usize) -> bool {
    results > 1
}

/// The Cranelift signature of a function with these input and result types: inputs in order,
/// then the results pointer if [`returns_via_pointer`]; otherwise the result is returned.
pub(crate) fn signature(
    ctx: &Context,
    module: &JITModule,
    inputs: &[Type],
    results: &[Type],
) -> Result<Signature, String> {
    let pointer = module.target_config().pointer_type();
    let mut sig = module.make_signature();
    for &ty in inputs {
        sig.params.push(AbiParam::new(clif_type(ctx, ty, pointer)?));
    }
    for &ty in results {
        let ty = clif_type(ctx, ty, pointer)?;
        if !returns_via_pointer(results.len()) {
            sig.returns.push(AbiParam::new(ty));
        }
    }
    if returns_via_pointer(results.len()) {
        sig.params.push(AbiParam::new(pointer));
    }
    Ok(sig)
}

/// The state of lowering one function; [`LowerHook`]s get it to lower their ops.
pub struct FunctionLowering<'a, 'b> {
    ctx: &'a Context,
    builder: FunctionBuilder<'b>,
    module: &'a mut JITModule,
    decls: &'a ModuleDecls,
    options: &'a JitOptions,
    /// Messages of bounds-check failures; the module keeps them alive while code runs.
    messages: &'a mut Vec<CString>,
    values: HashMap<Value, ir::Value>,
    func_refs: HashMap<FuncId, ir::FuncRef>,
    /// Addresses of the globals the function has used, by symbol name.
    global_values: HashMap<String, ir::GlobalValue>,
    /// The shared block reporting a failed bounds check (`(message, index, size)`), once needed.
    bounds_failure: Option<ir::Block>,
    /// Loop-carried `i32` sums of `vector.widening_dot`s held as `i32x4` partial sums
    /// (`lower::vector`).
    dot_accumulators: HashSet<Value>,
    /// Results of `vector.widening_dot`s whose one use is the accumulator of the next dot of a
    /// chain, held as `i32x4` partial sums (`lower::vector`).
    partial_sums: HashSet<Value>,
    pointer: ir::Type,
}

impl<'a, 'b> FunctionLowering<'a, 'b> {
    pub(crate) fn new(
        ctx: &'a Context,
        builder: FunctionBuilder<'b>,
        module: &'a mut JITModule,
        decls: &'a ModuleDecls,
        options: &'a JitOptions,
        messages: &'a mut Vec<CString>,
    ) -> Self {
        let pointer = module.target_config().pointer_type();
        FunctionLowering {
            ctx,
            builder,
            module,
            decls,
            options,
            messages,
            values: HashMap::new(),
            func_refs: HashMap::new(),
            global_values: HashMap::new(),
            bounds_failure: None,
            dot_accumulators: HashSet::new(),
            partial_sums: HashSet::new(),
            pointer,
        }
    }

    /// The IR being lowered.
    pub fn ctx(&self) -> &'a Context {
        self.ctx
    }

    /// The Cranelift function builder, positioned where the current op's code goes.
    pub fn builder(&mut self) -> &mut FunctionBuilder<'b> {
        &mut self.builder
    }

    /// The host pointer type (also `index`'s type).
    pub fn pointer_type(&self) -> ir::Type {
        self.pointer
    }

    /// The Cranelift value of an already lowered `value`.
    pub fn value(&self, value: Value) -> Result<ir::Value, Diagnostic> {
        self.values.get(&value).copied().ok_or_else(|| {
            Diagnostic::error(self.ctx.value_loc(value), "internal error: value used before it was lowered")
        })
    }

    /// Records that `value` is `lowered`.
    pub fn define(&mut self, value: Value, lowered: ir::Value) {
        self.values.insert(value, lowered);
    }

    /// The Cranelift type of an mc type, or an error at `op`.
    pub fn clif_type(&self, op: OpId, ty: Type) -> Result<ir::Type, Diagnostic> {
        clif_type(self.ctx, ty, self.pointer).map_err(|message| self.error(op, message))
    }

    /// An error about lowering `op`.
    pub fn error(&self, op: OpId, message: impl AsRef<str>) -> Diagnostic {
        let name = self.ctx.op_name_of(op);
        Diagnostic::error(
            self.ctx.operation(op).loc(),
            format!("cannot lower '{name}' to Cranelift: {}", message.as_ref()),
        )
    }

    /// Lowers the body of `func` (whose entry block has been created with the signature's
    /// parameters and is current) and finishes the function.
    pub(crate) fn lower_function(mut self, body: BlockId, func: OpId) -> Result<(), Diagnostic> {
        let entry = self.builder.create_block();
        self.builder.append_block_params_for_function_params(entry);
        self.builder.switch_to_block(entry);
        let params = self.builder.block_params(entry).to_vec();
        for (arg, param) in self.ctx.block_args(body).into_iter().zip(params) {
            self.define(arg, param);
        }
        let terminator = self.lower_ops(body)?;
        match terminator {
            Some(op) if self.ctx.op_name_of(op) == "func.return" => {
                let values = self.operand_values(op)?;
                if returns_via_pointer(values.len()) {
                    let results = *params_last(&self.builder, entry);
                    for (index, &value) in values.iter().enumerate() {
                        self.builder.ins().store(MemFlagsData::trusted(), value, results, (index * 8) as i32);
                    }
                    self.builder.ins().return_(&[]);
                } else {
                    self.builder.ins().return_(&values);
                }
            }
            Some(op) => return Err(self.error(op, "unexpected terminator in a function body")),
            None => return Err(self.error(func, "the function body has no terminator")),
        }
        self.finish_bounds_failure();
        self.builder.seal_all_blocks();
        let config = self.module.target_config();
        self.builder.finalize(config);
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

    fn operand_values(&self, op: OpId) -> Result<Vec<ir::Value>, Diagnostic> {
        self.ctx.operation(op).operands().map(|v| self.value(v)).collect()
    }

    fn operand(&self, op: OpId, index: usize) -> Result<ir::Value, Diagnostic> {
        self.value(self.ctx.operation(op).operand(index))
    }

    fn operand_kind(&self, op: OpId, index: usize) -> Result<Scalar, Diagnostic> {
        let ty = self.ctx.value_type(self.ctx.operation(op).operand(index));
        scalar_kind(self.ctx, ty).map_err(|m| self.error(op, m))
    }

    fn result_kind(&self, op: OpId) -> Result<Scalar, Diagnostic> {
        let ty = self.ctx.operation(op).result_type(0);
        scalar_kind(self.ctx, ty).map_err(|m| self.error(op, m))
    }

    fn result_type(&self, op: OpId) -> Result<ir::Type, Diagnostic> {
        self.clif_type(op, self.ctx.operation(op).result_type(0))
    }

    fn set_result(&mut self, op: OpId, value: ir::Value) {
        self.define(op.result(0), value);
    }

    /// Lowers one non-terminator op.
    fn lower_op(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let name = self.ctx.op_name_of(op);
        if let Some(hook) = self.options.hooks.get(name) {
            return hook(self, op);
        }
        // Tensor-typed ops (graph-level IR) have no lowering: say so once, clearly.
        for ty in self.ctx.operation(op).result_types() {
            scalar_kind(self.ctx, ty).map_err(|m| self.error(op, m))?;
        }
        if name.starts_with("vector.") {
            return self.lower_vector(op, name);
        }
        if name.starts_with("arith.") && self.on_vectors(op)? {
            return self.lower_lanewise(op, name);
        }
        match name {
            "arith.constant" => self.lower_constant(op),
            "arith.addi" => self.int_binary(op, |b, x, y| b.ins().iadd(x, y), false),
            "arith.subi" => self.int_binary(op, |b, x, y| b.ins().isub(x, y), false),
            "arith.muli" => self.int_binary(op, |b, x, y| b.ins().imul(x, y), false),
            "arith.andi" => self.int_binary(op, |b, x, y| b.ins().band(x, y), false),
            "arith.ori" => self.int_binary(op, |b, x, y| b.ins().bor(x, y), false),
            "arith.xori" => self.int_binary(op, |b, x, y| b.ins().bxor(x, y), false),
            "arith.shli" => self.int_binary(op, |b, x, y| b.ins().ishl(x, y), false),
            "arith.shrui" => self.int_binary(op, |b, x, y| b.ins().ushr(x, y), false),
            "arith.shrsi" => self.int_binary(op, |b, x, y| b.ins().sshr(x, y), true),
            "arith.minsi" => self.int_binary(op, |b, x, y| b.ins().smin(x, y), true),
            "arith.maxsi" => self.int_binary(op, |b, x, y| b.ins().smax(x, y), true),
            "arith.minui" => self.int_binary(op, |b, x, y| b.ins().umin(x, y), false),
            "arith.maxui" => self.int_binary(op, |b, x, y| b.ins().umax(x, y), false),
            "arith.divsi" => self.lower_division(op, true, false),
            "arith.divui" => self.lower_division(op, false, false),
            "arith.remsi" => self.lower_division(op, true, true),
            "arith.remui" => self.lower_division(op, false, true),
            "arith.addf" => self.float_binary(op, |b, x, y| b.ins().fadd(x, y)),
            "arith.subf" => self.float_binary(op, |b, x, y| b.ins().fsub(x, y)),
            "arith.mulf" => self.float_binary(op, |b, x, y| b.ins().fmul(x, y)),
            "arith.divf" => self.float_binary(op, |b, x, y| b.ins().fdiv(x, y)),
            "arith.remf" => self.lower_float_call(op, "fmod"),
            // Cranelift's fmin/fmax propagate NaN and order -0 below +0, as minimumf/maximumf.
            "arith.minimumf" => self.float_binary(op, |b, x, y| b.ins().fmin(x, y)),
            "arith.maximumf" => self.float_binary(op, |b, x, y| b.ins().fmax(x, y)),
            "arith.negf" => self.float_unary(op, |b, x| b.ins().fneg(x)),
            "arith.cmpi" => self.lower_cmpi(op),
            "arith.cmpf" => self.lower_cmpf(op),
            "arith.select" => {
                let (c, t, f) = (self.operand(op, 0)?, self.operand(op, 1)?, self.operand(op, 2)?);
                let value = self.builder.ins().select(c, t, f);
                self.set_result(op, value);
                Ok(())
            }
            "arith.extsi" | "arith.index_cast" => self.lower_int_cast(op, true),
            "arith.extui" | "arith.trunci" | "arith.index_castui" => self.lower_int_cast(op, false),
            "arith.sitofp" | "arith.uitofp" => self.lower_int_to_float(op, name == "arith.sitofp"),
            "arith.fptosi" | "arith.fptoui" => self.lower_float_to_int(op, name == "arith.fptosi"),
            "arith.extf" => self.float_unary(op, |b, x| b.ins().fpromote(ir::types::F64, x)),
            "arith.truncf" => self.float_unary(op, |b, x| b.ins().fdemote(ir::types::F32, x)),
            "math.absf" => self.float_unary(op, |b, x| b.ins().fabs(x)),
            "math.ceil" => self.float_unary(op, |b, x| b.ins().ceil(x)),
            "math.floor" => self.float_unary(op, |b, x| b.ins().floor(x)),
            "math.roundeven" => self.float_unary(op, |b, x| b.ins().nearest(x)),
            "math.sqrt" => self.float_unary(op, |b, x| b.ins().sqrt(x)),
            "math.rsqrt" => self.lower_rsqrt(op),
            "math.exp" | "math.expm1" | "math.log" | "math.sin" | "math.cos" | "math.tanh" | "math.round" => {
                self.lower_float_call(op, &name[5..])
            }
            "math.absi" => self.lower_absi(op),
            "loop.for" => self.lower_for(op),
            "loop.if" => self.lower_if(op),
            "loop.while" => self.lower_while(op),
            "loop.load" => self.lower_load(op),
            "loop.store" => self.lower_store(op),
            "func.call" => self.lower_call(op),
            "buffer.alloc" => crate::buffer::lower_alloc(self, op),
            "buffer.view" => crate::buffer::lower_view(self, op),
            "buffer.get_global" => crate::buffer::lower_get_global(self, op),
            "buffer.pool_view" => crate::buffer::lower_pool_view(self, op),
            "buffer.overlap" => Err(self.error(
                op,
                "a memory planning hint reached code generation (usmp consumes and erases every buffer.overlap)",
            )),
            _ => Err(self.error(op, "no lowering for this op")),
        }
    }

    // ----- constants and integers ---------------------------------------------------------

    /// The predicate of the `arith.cmpi` `op` and its Cranelift condition.
    fn int_condition(&self, op: OpId) -> Result<(&'a str, IntCC), Diagnostic> {
        let predicate = self.predicate(op, &CMPI_PREDICATES)?;
        let cc = match predicate {
            "eq" => IntCC::Equal,
            "ne" => IntCC::NotEqual,
            "slt" => IntCC::SignedLessThan,
            "sle" => IntCC::SignedLessThanOrEqual,
            "sgt" => IntCC::SignedGreaterThan,
            "sge" => IntCC::SignedGreaterThanOrEqual,
            "ult" => IntCC::UnsignedLessThan,
            "ule" => IntCC::UnsignedLessThanOrEqual,
            "ugt" => IntCC::UnsignedGreaterThan,
            _ => IntCC::UnsignedGreaterThanOrEqual,
        };
        Ok((predicate, cc))
    }

    fn lower_constant(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let attr = ctx.attr(op, "value").ok_or_else(|| self.error(op, "missing 'value'"))?;
        let ty = self.result_type(op)?;
        let value = match (ctx.attr_kind(attr), self.result_kind(op)?) {
            (AttrKind::Integer { value, .. }, Scalar::Int(width)) => self.int_const(ty, *value, width),
            (AttrKind::Bool(b), Scalar::Int(1)) => self.builder.ins().iconst(ty, i64::from(*b)),
            (AttrKind::Integer { value, .. }, Scalar::Index) => self.int_const(ty, *value, 64),
            (AttrKind::Float { .. }, Scalar::Float(FloatKind::F32)) => {
                let v = ctx.float_value(attr).unwrap_or(0.0) as f32;
                self.builder.ins().f32const(Ieee32::with_float(v))
            }
            (AttrKind::Float { .. }, Scalar::Float(FloatKind::F64)) => {
                let v = ctx.float_value(attr).unwrap_or(0.0);
                self.builder.ins().f64const(Ieee64::with_float(v))
            }
            _ => return Err(self.error(op, "only scalar integer and float constants are supported")),
        };
        self.set_result(op, value);
        Ok(())
    }

    /// `iconst` of `value` wrapped to `width` bits (Cranelift wants the immediate zero-extended).
    fn int_const(&mut self, ty: ir::Type, value: i128, width: u32) -> ir::Value {
        let bits = if width >= 64 { value as i64 } else { (value as i64) & ((1i64 << width) - 1) };
        self.builder.ins().iconst(ty, bits)
    }

    /// An `i1` value as the signed integer it stands for in `i8` (0 or -1).
    fn signed_i1(&mut self, value: ir::Value) -> ir::Value {
        self.builder.ins().ineg(value)
    }

    /// Keeps the low bit of an `i1` result.
    fn normalize(&mut self, value: ir::Value, kind: Scalar) -> ir::Value {
        if kind == Scalar::Int(1) { self.builder.ins().band_imm_u(value, 1) } else { value }
    }

    fn int_binary(
        &mut self,
        op: OpId,
        emit: fn(&mut FunctionBuilder<'b>, ir::Value, ir::Value) -> ir::Value,
        signed: bool,
    ) -> Result<(), Diagnostic> {
        let kind = self.result_kind(op)?;
        if !matches!(kind, Scalar::Int(_) | Scalar::Index) {
            return Err(self.error(op, "expected integer operands"));
        }
        let (mut x, mut y) = (self.operand(op, 0)?, self.operand(op, 1)?);
        if signed && kind == Scalar::Int(1) {
            x = self.signed_i1(x);
            y = self.signed_i1(y);
        }
        let value = emit(&mut self.builder, x, y);
        let value = self.normalize(value, kind);
        self.set_result(op, value);
        Ok(())
    }

    /// Division and remainder. MLIR leaves `x / 0` and signed `MIN / -1` undefined; here they
    /// give an unspecified value (never a trap): the divisor is replaced by 1 when it is 0 (and
    /// by 1 when it is -1, the quotient then being `-x`, the remainder 0). A constant divisor
    /// other than 0 and -1 needs no guard.
    fn lower_division(&mut self, op: OpId, signed: bool, remainder: bool) -> Result<(), Diagnostic> {
        let kind = self.result_kind(op)?;
        if !matches!(kind, Scalar::Int(_) | Scalar::Index) {
            return Err(self.error(op, "expected integer operands"));
        }
        let width = match kind {
            Scalar::Int(w) => w,
            _ => 64,
        };
        let rhs_value = self.ctx.operation(op).operand(1);
        let constant = constant_int_value(self.ctx, rhs_value).map(|c| mc_ir::sign_extend(c, width));
        let (mut x, mut y) = (self.operand(op, 0)?, self.operand(op, 1)?);
        if signed && kind == Scalar::Int(1) {
            x = self.signed_i1(x);
            y = self.signed_i1(y);
        }
        let emit = |b: &mut FunctionBuilder<'b>, x, y| match (signed, remainder) {
            (true, false) => b.ins().sdiv(x, y),
            (true, true) => b.ins().srem(x, y),
            (false, false) => b.ins().udiv(x, y),
            (false, true) => b.ins().urem(x, y),
        };
        let safe = constant.is_some_and(|c| c != 0 && (!signed || c != -1));
        let value = if safe {
            emit(&mut self.builder, x, y)
        } else {
            let ty = self.builder.func.dfg.value_type(y);
            let one = self.builder.ins().iconst(ty, 1);
            let is_zero = self.builder.ins().icmp_imm_s(IntCC::Equal, y, 0);
            if signed {
                let minus_one = self.builder.ins().iconst(ty, mask(ty));
                let is_minus_one = self.builder.ins().icmp(IntCC::Equal, y, minus_one);
                let bad = self.builder.ins().bor(is_zero, is_minus_one);
                let divisor = self.builder.ins().select(bad, one, y);
                let result = emit(&mut self.builder, x, divisor);
                if remainder {
                    result
                } else {
                    let negated = self.builder.ins().ineg(x);
                    self.builder.ins().select(is_minus_one, negated, result)
                }
            } else {
                let divisor = self.builder.ins().select(is_zero, one, y);
                emit(&mut self.builder, x, divisor)
            }
        };
        let value = self.normalize(value, kind);
        self.set_result(op, value);
        Ok(())
    }

    fn lower_cmpi(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let (predicate, cc) = self.int_condition(op)?;
        let kind = self.operand_kind(op, 0)?;
        if !matches!(kind, Scalar::Int(_) | Scalar::Index) {
            return Err(self.error(op, "expected integer operands"));
        }
        let (mut x, mut y) = (self.operand(op, 0)?, self.operand(op, 1)?);
        if kind == Scalar::Int(1) && predicate.starts_with('s') {
            x = self.signed_i1(x);
            y = self.signed_i1(y);
        }
        let value = self.builder.ins().icmp(cc, x, y);
        self.set_result(op, value);
        Ok(())
    }

    fn lower_cmpf(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let predicate = self.predicate(op, &CMPF_PREDICATES)?;
        let cc = match predicate {
            "false" | "true" => {
                let value = self.builder.ins().iconst(ir::types::I8, i64::from(predicate == "true"));
                self.set_result(op, value);
                return Ok(());
            }
            "oeq" => FloatCC::Equal,
            "ogt" => FloatCC::GreaterThan,
            "oge" => FloatCC::GreaterThanOrEqual,
            "olt" => FloatCC::LessThan,
            "ole" => FloatCC::LessThanOrEqual,
            "one" => FloatCC::OrderedNotEqual,
            "ord" => FloatCC::Ordered,
            "ueq" => FloatCC::UnorderedOrEqual,
            "ugt" => FloatCC::UnorderedOrGreaterThan,
            "uge" => FloatCC::UnorderedOrGreaterThanOrEqual,
            "ult" => FloatCC::UnorderedOrLessThan,
            "ule" => FloatCC::UnorderedOrLessThanOrEqual,
            "une" => FloatCC::NotEqual,
            _ => FloatCC::Unordered,
        };
        let (x, y) = (self.operand(op, 0)?, self.operand(op, 1)?);
        let value = self.builder.ins().fcmp(cc, x, y);
        self.set_result(op, value);
        Ok(())
    }

    /// The keyword of a comparison's `predicate` attribute.
    fn predicate(&self, op: OpId, cases: &[&'static str]) -> Result<&'static str, Diagnostic> {
        predicate_keyword(self.ctx, op, cases).ok_or_else(|| self.error(op, "invalid predicate"))
    }

    /// `extsi`/`index_cast` (`signed`) and `extui`/`trunci`/`index_castui`: extend or reduce
    /// to the result's width.
    fn lower_int_cast(&mut self, op: OpId, signed: bool) -> Result<(), Diagnostic> {
        let (from, to) = (self.operand_kind(op, 0)?, self.result_kind(op)?);
        let bits = |kind: Scalar| match kind {
            Scalar::Int(w) => Some(w),
            Scalar::Index => Some(64),
            _ => None,
        };
        let (Some(from_bits), Some(to_bits)) = (bits(from), bits(to)) else {
            return Err(self.error(op, "expected integer or index types"));
        };
        let mut value = self.operand(op, 0)?;
        let target = self.result_type(op)?;
        if signed && from_bits == 1 {
            value = self.signed_i1(value);
        }
        let current = self.builder.func.dfg.value_type(value);
        if target.bits() > current.bits() {
            value = if signed {
                self.builder.ins().sextend(target, value)
            } else {
                self.builder.ins().uextend(target, value)
            };
        } else if target.bits() < current.bits() {
            value = self.builder.ins().ireduce(target, value);
        }
        if to_bits == 1 && from_bits != 1 {
            value = self.builder.ins().band_imm_u(value, 1);
        }
        self.set_result(op, value);
        Ok(())
    }

    fn lower_int_to_float(&mut self, op: OpId, signed: bool) -> Result<(), Diagnostic> {
        let from = self.operand_kind(op, 0)?;
        let target = self.result_type(op)?;
        let mut value = self.operand(op, 0)?;
        if signed && from == Scalar::Int(1) {
            value = self.signed_i1(value);
        }
        if self.builder.func.dfg.value_type(value).bits() < 32 {
            value = if signed {
                self.builder.ins().sextend(ir::types::I32, value)
            } else {
                self.builder.ins().uextend(ir::types::I32, value)
            };
        }
        let value = if signed {
            self.builder.ins().fcvt_from_sint(target, value)
        } else {
            self.builder.ins().fcvt_from_uint(target, value)
        };
        self.set_result(op, value);
        Ok(())
    }

    /// `fptosi`/`fptoui`, rounding towards zero; out-of-range values (poison in MLIR) saturate.
    fn lower_float_to_int(&mut self, op: OpId, signed: bool) -> Result<(), Diagnostic> {
        let kind = self.result_kind(op)?;
        let target = self.result_type(op)?;
        let value = self.operand(op, 0)?;
        let wide = if target.bits() < 32 { ir::types::I32 } else { target };
        let mut value = if signed {
            self.builder.ins().fcvt_to_sint_sat(wide, value)
        } else {
            self.builder.ins().fcvt_to_uint_sat(wide, value)
        };
        if wide != target {
            value = self.builder.ins().ireduce(target, value);
        }
        let value = self.normalize(value, kind);
        self.set_result(op, value);
        Ok(())
    }

    fn lower_absi(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let kind = self.result_kind(op)?;
        let x = self.operand(op, 0)?;
        // |0| = 0 and |-1| = 1 in i1, which is -1 again: the identity.
        let value = if kind == Scalar::Int(1) { x } else { self.builder.ins().iabs(x) };
        self.set_result(op, value);
        Ok(())
    }

    // ----- floats -------------------------------------------------------------------------

    fn float_binary(
        &mut self,
        op: OpId,
        emit: fn(&mut FunctionBuilder<'b>, ir::Value, ir::Value) -> ir::Value,
    ) -> Result<(), Diagnostic> {
        let (x, y) = (self.operand(op, 0)?, self.operand(op, 1)?);
        let value = emit(&mut self.builder, x, y);
        self.set_result(op, value);
        Ok(())
    }

    fn float_unary(
        &mut self,
        op: OpId,
        emit: fn(&mut FunctionBuilder<'b>, ir::Value) -> ir::Value,
    ) -> Result<(), Diagnostic> {
        if !matches!(self.result_kind(op)?, Scalar::Float(_)) {
            return Err(self.error(op, "expected a float result"));
        }
        let x = self.operand(op, 0)?;
        let value = emit(&mut self.builder, x);
        self.set_result(op, value);
        Ok(())
    }

    fn lower_rsqrt(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let x = self.operand(op, 0)?;
        let root = self.builder.ins().sqrt(x);
        let one = match self.result_kind(op)? {
            Scalar::Float(FloatKind::F32) => self.builder.ins().f32const(1.0),
            _ => self.builder.ins().f64const(1.0),
        };
        let value = self.builder.ins().fdiv(one, root);
        self.set_result(op, value);
        Ok(())
    }

    /// A float function of the op's operands through a host call (`mc_rt_expf`, ...).
    fn lower_float_call(&mut self, op: OpId, function: &str) -> Result<(), Diagnostic> {
        let single = match self.result_kind(op)? {
            Scalar::Float(FloatKind::F32) => true,
            Scalar::Float(FloatKind::F64) => false,
            _ => return Err(self.error(op, "expected an f32 or f64 result")),
        };
        let symbol = float_function(function, single).ok_or_else(|| self.error(op, "no host function"))?;
        let args = (0..self.ctx.operation(op).num_operands())
            .map(|index| self.operand(op, index))
            .collect::<Result<Vec<_>, _>>()?;
        let results = self.call_host(symbol, &args);
        self.set_result(op, results[0]);
        Ok(())
    }

    /// Calls the host function `symbol`, returning its results.
    fn call_host(&mut self, symbol: &'static str, args: &[ir::Value]) -> Vec<ir::Value> {
        let decl = self.decls.host.get(symbol).cloned().expect("host functions are declared");
        let func_ref = self.func_ref(&decl);
        let call = self.builder.ins().call(func_ref, args);
        self.builder.inst_results(call).to_vec()
    }

    /// The address of the data object of the `buffer.global` named `name`, `None` if the module
    /// has no such global.
    pub(crate) fn global_address(&mut self, name: &str) -> Option<ir::Value> {
        let global = match self.global_values.get(name) {
            Some(&global) => global,
            None => {
                let id = *self.decls.globals.get(name)?;
                let global = self.module.declare_data_in_func(id, self.builder.func);
                self.global_values.insert(name.to_string(), global);
                global
            }
        };
        Some(self.builder.ins().symbol_value(self.pointer, global))
    }

    fn func_ref(&mut self, decl: &FuncDecl) -> ir::FuncRef {
        if let Some(&func_ref) = self.func_refs.get(&decl.id) {
            return func_ref;
        }
        let func_ref = self.module.declare_func_in_func(decl.id, self.builder.func);
        self.func_refs.insert(decl.id, func_ref);
        func_ref
    }

    fn lower_call(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let callee = ctx
            .flat_symbol_attr(op, "callee")
            .ok_or_else(|| self.error(op, "expected a flat 'callee' symbol"))?
            .to_string();
        let decl = self
            .decls
            .funcs
            .get(&callee)
            .cloned()
            .ok_or_else(|| self.error(op, format!("unknown function @{callee}")))?;
        let func_ref = self.func_ref(&decl);
        let mut args = self.operand_values(op)?;
        let count = ctx.operation(op).num_results();
        if !returns_via_pointer(count) {
            let call = self.builder.ins().call(func_ref, &args);
            let results = self.builder.inst_results(call).to_vec();
            for (index, value) in results.into_iter().enumerate() {
                self.define(op.result(index), value);
            }
            return Ok(());
        }
        let slot = self.builder.create_sized_stack_slot(ir::StackSlotData::new(
            ir::StackSlotKind::ExplicitSlot,
            (count * 8) as u32,
            3,
        ));
        let results = self.builder.ins().stack_addr(self.pointer, slot, 0);
        args.push(results);
        self.builder.ins().call(func_ref, &args);
        for index in 0..count {
            let ty = self.clif_type(op, ctx.operation(op).result_type(index))?;
            let value = self.builder.ins().load(ty, MemFlagsData::trusted(), results, (index * 8) as i32);
            self.define(op.result(index), value);
        }
        Ok(())
    }

    // ----- structured control flow --------------------------------------------------------

    fn block_args(values: &[ir::Value]) -> Vec<BlockArg> {
        values.iter().map(|&v| BlockArg::Value(v)).collect()
    }

    fn lower_for(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let operands = self.operand_values(op)?;
        let (lb, ub, step, inits) = (operands[0], operands[1], operands[2], &operands[3..]);
        let types: Vec<ir::Type> =
            ctx.operation(op).result_types().map(|ty| self.clif_type(op, ty)).collect::<Result<_, _>>()?;
        let body = ctx.entry_block(ctx.operation(op).regions()[0]).ok_or_else(|| self.error(op, "no body"))?;

        // Dot-product sums the loop carries as `i32x4` lanes, added up once after it.
        let lanes: Vec<bool> = (0..types.len()).map(|index| self.is_dot_accumulator(op, body, index)).collect();
        let types: Vec<ir::Type> =
            types.iter().zip(&lanes).map(|(&ty, &lanes)| if lanes { ir::types::I32X4 } else { ty }).collect();

        let header = self.builder.create_block();
        let iv = self.builder.append_block_param(header, self.pointer);
        let iters: Vec<ir::Value> = types.iter().map(|&ty| self.builder.append_block_param(header, ty)).collect();
        let body_block = self.builder.create_block();
        let exit = self.builder.create_block();
        let results: Vec<ir::Value> = types.iter().map(|&ty| self.builder.append_block_param(exit, ty)).collect();

        let mut entry_args = vec![lb];
        for (&init, &lanes) in inits.iter().zip(&lanes) {
            entry_args.push(if lanes { self.builder.ins().scalar_to_vector(ir::types::I32X4, init) } else { init });
        }
        self.builder.ins().jump(header, &Self::block_args(&entry_args));

        self.builder.switch_to_block(header);
        let more = self.builder.ins().icmp(IntCC::SignedLessThan, iv, ub);
        self.builder.ins().brif(more, body_block, &[], exit, &Self::block_args(&iters));

        self.builder.switch_to_block(body_block);
        let args = ctx.block_args(body);
        self.define(args[0], iv);
        for ((&arg, &value), &lanes) in args[1..].iter().zip(&iters).zip(&lanes) {
            self.define(arg, value);
            if lanes {
                self.dot_accumulators.insert(arg);
            }
        }
        let terminator = self.lower_ops(body)?.ok_or_else(|| self.error(op, "the body has no terminator"))?;
        let yielded = self.operand_values(terminator)?;
        let next = self.builder.ins().iadd(iv, step);
        let mut back = vec![next];
        back.extend(yielded);
        self.builder.ins().jump(header, &Self::block_args(&back));

        self.builder.switch_to_block(exit);
        for (index, (value, lanes)) in results.into_iter().zip(lanes).enumerate() {
            let value = if lanes { self.add_lanes(value) } else { value };
            self.define(op.result(index), value);
        }
        Ok(())
    }

    fn lower_if(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let condition = self.operand(op, 0)?;
        let types: Vec<ir::Type> =
            ctx.operation(op).result_types().map(|ty| self.clif_type(op, ty)).collect::<Result<_, _>>()?;
        let regions = ctx.operation(op).regions();
        let then_region = ctx.entry_block(regions[0]).ok_or_else(|| self.error(op, "no 'then' block"))?;
        let else_region = ctx.entry_block(regions[1]);

        let then_block = self.builder.create_block();
        let merge = self.builder.create_block();
        let results: Vec<ir::Value> = types.iter().map(|&ty| self.builder.append_block_param(merge, ty)).collect();
        let else_block = else_region.map(|_| self.builder.create_block());
        self.builder.ins().brif(condition, then_block, &[], else_block.unwrap_or(merge), &[]);

        for (block, region) in [(Some(then_block), Some(then_region)), (else_block, else_region)] {
            let (Some(block), Some(region)) = (block, region) else { continue };
            self.builder.switch_to_block(block);
            let terminator = self.lower_ops(region)?.ok_or_else(|| self.error(op, "a region has no terminator"))?;
            let yielded = self.operand_values(terminator)?;
            self.builder.ins().jump(merge, &Self::block_args(&yielded));
        }

        self.builder.switch_to_block(merge);
        for (index, value) in results.into_iter().enumerate() {
            self.define(op.result(index), value);
        }
        Ok(())
    }

    /// `loop.while`: a header block computing the condition, the body jumping back to it.
    fn lower_while(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let regions = ctx.operation(op).regions();
        let (Some(before), Some(after)) = (ctx.entry_block(regions[0]), ctx.entry_block(regions[1])) else {
            return Err(self.error(op, "no 'before' or 'after' block"));
        };
        let header = self.builder.create_block();
        let body = self.builder.create_block();
        let exit = self.builder.create_block();
        self.builder.ins().jump(header, &[]);
        self.builder.switch_to_block(header);
        let condition = self.lower_ops(before)?.ok_or_else(|| self.error(op, "no 'loop.condition'"))?;
        let flag = self.operand(condition, 0)?;
        self.builder.ins().brif(flag, body, &[], exit, &[]);
        self.builder.switch_to_block(body);
        self.lower_ops(after)?;
        self.builder.ins().jump(header, &[]);
        self.builder.switch_to_block(exit);
        Ok(())
    }

    // ----- memory -------------------------------------------------------------------------

    /// The address of the element of `buffer` (operand `buffer_index` of `op`) at the indices
    /// that follow it, as a base value and a constant byte offset. Bounds are checked at
    /// compile time for constant indices and, with [`JitOptions::bounds_checks`], at run time
    /// for the others.
    fn element_address(&mut self, op: OpId, buffer_index: usize) -> Result<(ir::Value, i64), Diagnostic> {
        let end = self.ctx.operation(op).num_operands();
        self.access_address(op, buffer_index, end, Reach::One)
    }

    /// [`Self::element_address`] of an access whose indices are operands `buffer_index + 1 ..
    /// end` of `op` and which reaches `reach` consecutive elements along the innermost
    /// dimension from them: every element it touches is checked to be in bounds.
    pub(crate) fn access_address(
        &mut self,
        op: OpId,
        buffer_index: usize,
        end: usize,
        reach: Reach,
    ) -> Result<(ir::Value, i64), Diagnostic> {
        let ctx = self.ctx;
        let operation = ctx.operation(op);
        let buffer = operation.operand(buffer_index);
        let ty = ctx.value_type(buffer);
        let layout = layout_of(ctx, ty)
            .ok_or_else(|| self.error(op, format!("'{}' is not a memory type", type_to_string(ctx, ty))))?;
        let indices: Vec<Value> = operation.operands().take(end).skip(buffer_index + 1).collect();
        if indices.len() != layout.buffer.rank() {
            return Err(self.error(op, "the number of indices does not match the buffer's rank"));
        }
        let innermost = indices.len().wrapping_sub(1);
        let mut address = self.value(buffer)?;
        let mut constant = layout.buffer.offset * layout.element_size;
        for (dim, (&index, (&size, &stride))) in
            indices.iter().zip(layout.buffer.shape.iter().zip(&layout.buffer.strides)).enumerate()
        {
            let scale = stride * layout.element_size;
            // The elements the access reaches along this dimension from its index on.
            let lanes = if dim == innermost { reach.lanes() } else { 1 };
            if let Some(c) = constant_int_value(ctx, index) {
                let c = mc_ir::sign_extend(c, 64) as i64;
                if c < 0 || c + lanes > size && !matches!(reach, Reach::Masked { .. } if dim == innermost) {
                    let what =
                        if lanes == 1 { format!("index {c} is") } else { format!("{lanes} lanes from index {c} are") };
                    return Err(self.error(op, format!("{what} out of bounds for dimension {dim} of size {size}")));
                }
            }
            let range = index_range(ctx, index, 0);
            let in_bounds = range.is_some_and(|(low, high)| low >= 0 && high + i128::from(lanes) <= i128::from(size));
            let constant_index = constant_int_value(ctx, index).map(|c| mc_ir::sign_extend(c, 64) as i64);
            let index = match constant_index {
                Some(c) => {
                    constant += c * scale;
                    None
                }
                None => Some(self.value(index)?),
            };
            if self.options.bounds_checks && !in_bounds {
                match (reach, dim == innermost) {
                    (Reach::Masked { count, lanes }, true) => {
                        let index = index
                            .unwrap_or_else(|| self.builder.ins().iconst(self.pointer, constant_index.unwrap_or(0)));
                        self.check_masked_bounds(op, dim, index, count, lanes, size);
                    }
                    _ => {
                        let index = index.expect("constant indices are in bounds");
                        self.check_bounds(op, dim, index, size, lanes);
                    }
                }
            }
            if let Some(index) = index {
                let term = if scale == 1 { index } else { self.builder.ins().imul_imm_s(index, scale) };
                address = self.builder.ins().iadd(address, term);
            }
        }
        Ok((address, constant))
    }

    /// Branches to the failure report unless `0 <= index <= size - lanes` (one unsigned
    /// comparison): the `lanes` elements from `index` on are in bounds (never, if they are more
    /// than `size`).
    fn check_bounds(&mut self, op: OpId, dim: usize, index: ir::Value, size: i64, lanes: i64) {
        let limit = (size - lanes + 1).max(0);
        let out_of_bounds = self.builder.ins().icmp_imm_s(IntCC::UnsignedGreaterThanOrEqual, index, limit);
        let limit = self.builder.ins().iconst(ir::types::I64, limit);
        let detail =
            if lanes == 1 { format!("dimension {dim}") } else { format!("dimension {dim}, first of {lanes} lanes") };
        self.branch_to_failure(op, &detail, out_of_bounds, index, limit);
    }

    /// Branches to the failure report unless the `count` masked lanes (at most `lanes`) from
    /// `index` on are in bounds: `0 <= index <= size - count`.
    fn check_masked_bounds(&mut self, op: OpId, dim: usize, index: ir::Value, count: ir::Value, lanes: i64, size: i64) {
        let size_value = self.builder.ins().iconst(self.pointer, size);
        let limit = self.builder.ins().isub(size_value, count);
        let negative_or_past = self.builder.ins().icmp_imm_s(IntCC::UnsignedGreaterThan, index, size);
        let too_many = self.builder.ins().icmp(IntCC::SignedGreaterThan, index, limit);
        let out_of_bounds = self.builder.ins().bor(negative_or_past, too_many);
        let reported = self.builder.ins().iadd_imm_s(limit, 1);
        let detail = format!("dimension {dim}, first of the masked lanes (at most {lanes})");
        self.branch_to_failure(op, &detail, out_of_bounds, index, reported);
    }

    /// Branches to the failure report of `op` (`detail` says which access) when `out_of_bounds`,
    /// reporting `index` outside `[0, size)`.
    fn branch_to_failure(
        &mut self,
        op: OpId,
        detail: &str,
        out_of_bounds: ir::Value,
        index: ir::Value,
        size: ir::Value,
    ) {
        let failure = match self.bounds_failure {
            Some(block) => block,
            None => {
                let block = self.builder.create_block();
                self.builder.set_cold_block(block);
                for ty in [self.pointer, ir::types::I64, ir::types::I64] {
                    self.builder.append_block_param(block, ty);
                }
                self.bounds_failure = Some(block);
                block
            }
        };
        let loc = crate::jit::location_text(self.ctx, self.ctx.operation(op).loc());
        let message = format!("'{}' at {loc}, {detail}", self.ctx.op_name_of(op));
        let message = CString::new(message).unwrap_or_default();
        let message_address = message.as_ptr() as i64;
        self.messages.push(message);
        let message = self.builder.ins().iconst(self.pointer, message_address);
        let next = self.builder.create_block();
        self.builder.ins().brif(out_of_bounds, failure, &Self::block_args(&[message, index, size]), next, &[]);
        self.builder.switch_to_block(next);
    }

    /// Emits the failure block's body once the function's code is complete.
    fn finish_bounds_failure(&mut self) {
        let Some(block) = self.bounds_failure else { return };
        self.builder.switch_to_block(block);
        let args = self.builder.block_params(block).to_vec();
        self.call_host(BOUNDS_FAILURE, &args);
        self.builder.ins().trap(TrapCode::HEAP_OUT_OF_BOUNDS);
    }

    fn lower_load(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let kind = self.result_kind(op)?;
        let ty = self.result_type(op)?;
        let (address, offset) = self.element_address(op, 0)?;
        let offset = i32::try_from(offset).map_err(|_| self.error(op, "offset too large"))?;
        let value = self.builder.ins().load(ty, MemFlagsData::new(), address, offset);
        let value = self.normalize(value, kind);
        self.set_result(op, value);
        Ok(())
    }

    fn lower_store(&mut self, op: OpId) -> Result<(), Diagnostic> {
        if is_memory(self.ctx, self.ctx.value_type(self.ctx.operation(op).operand(0))) {
            return Err(self.error(op, "cannot store a memory value"));
        }
        let value = self.operand(op, 0)?;
        let (address, offset) = self.element_address(op, 1)?;
        let offset = i32::try_from(offset).map_err(|_| self.error(op, "offset too large"))?;
        self.builder.ins().store(MemFlagsData::new(), value, address, offset);
        Ok(())
    }
}

/// How many consecutive elements an access reaches along the innermost dimension of its buffer.
#[derive(Copy, Clone, Debug)]
pub(crate) enum Reach {
    /// One element: a scalar load or store.
    One,
    /// Every lane of a vector of this many lanes.
    Lanes(i64),
    /// The `count` leading lanes (at run time, between 0 and `lanes`) of a masked access.
    Masked { count: ir::Value, lanes: i64 },
}

impl Reach {
    /// The most elements the access can reach.
    fn lanes(self) -> i64 {
        match self {
            Reach::One => 1,
            Reach::Lanes(lanes) | Reach::Masked { lanes, .. } => lanes,
        }
    }
}

/// The values an `index` value can take, `[low, high]`, when known at compile time: constants,
/// induction variables of loops with known bounds, and sums, differences and products of those.
/// Accesses whose indices are known to be in bounds need no run-time check.
fn index_range(ctx: &Context, value: Value, depth: u32) -> Option<(i128, i128)> {
    if depth > 16 || !matches!(ctx.type_kind(ctx.value_type(value)), TypeKind::Index) {
        return None;
    }
    if let Some(c) = constant_int_value(ctx, value) {
        let c = mc_ir::sign_extend(c, 64);
        return Some((c, c));
    }
    let range = |v: Value| index_range(ctx, v, depth + 1);
    // Results stay in i64 (no wrap-around) for the ranges to hold.
    let fits = |(low, high): (i128, i128)| {
        (low >= i128::from(i64::MIN) && high <= i128::from(i64::MAX) && low <= high).then_some((low, high))
    };
    match value {
        Value::Arg { block, index: 0 } => {
            let op = ctx.block_parent_op(block)?;
            if ctx.op_name_of(op) != "loop.for" {
                return None;
            }
            let operation = ctx.operation(op);
            let (lb, ub) = (range(operation.operand(0))?, range(operation.operand(1))?);
            // The body runs only for lb <= iv < ub; with a constant lower bound and a constant
            // positive step, only for the lb + k step below ub.
            let step = constant_int_value(ctx, operation.operand(2)).map(|s| mc_ir::sign_extend(s, 64));
            let high = match step {
                Some(step) if step > 0 && lb.0 == lb.1 && ub.1 > lb.0 => lb.0 + (ub.1 - 1 - lb.0) / step * step,
                _ => ub.1 - 1,
            };
            fits((lb.0, high))
        }
        Value::Result { op, index: 0 } => {
            let operation = ctx.operation(op);
            let operands = || -> Option<((i128, i128), (i128, i128))> {
                Some((range(operation.operand(0))?, range(operation.operand(1))?))
            };
            match ctx.op_name_of(op) {
                "arith.addi" => {
                    let (a, b) = operands()?;
                    fits((a.0 + b.0, a.1 + b.1))
                }
                "arith.subi" => {
                    let (a, b) = operands()?;
                    fits((a.0 - b.1, a.1 - b.0))
                }
                "arith.muli" => {
                    let (a, b) = operands()?;
                    let products = [a.0 * b.0, a.0 * b.1, a.1 * b.0, a.1 * b.1];
                    fits((*products.iter().min()?, *products.iter().max()?))
                }
                _ => None,
            }
        }
        _ => None,
    }
}

/// The last parameter of `block`.
fn params_last<'f>(builder: &'f FunctionBuilder<'_>, block: ir::Block) -> &'f ir::Value {
    builder.block_params(block).last().expect("a results pointer parameter")
}

/// All ones in the width of `ty` (-1 as a zero-extended immediate).
fn mask(ty: ir::Type) -> i64 {
    if ty.bits() >= 64 { -1 } else { (1i64 << ty.bits()) - 1 }
}
