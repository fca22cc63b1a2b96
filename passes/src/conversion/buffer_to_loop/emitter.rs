//! [`KernelEmitter`]: what a kernel lowering builds loop nests with. It sits before the
//! `buffer.kernel` being lowered, reads the kernel's operands, types and attributes, and builds
//! loops, loads, stores, scalar `arith`, workspaces and constant tables in front of it.

use crate::conversion::module_globals::ModuleGlobals;
use mc_dialects::arith::ConstantOp;
use mc_dialects::arith::build::{binary, constant_int_value, unary};
use mc_dialects::buffer::{AllocOp, GetGlobalOp, GlobalOp, KernelOp, Role, RowOrder};
use mc_dialects::graph::attributes::{dense_int_elements, i64_array, int_elements};
use mc_dialects::graph::shapes::WindowPadding;
use mc_dialects::graph::{Activation, Padding, support, window_padding};
use mc_dialects::loops::{ForOp, IfOp, LoadOp, StoreOp, YieldOp};
use mc_ir::printer::attributes::type_to_string;
use mc_ir::quant::QuantizedType;
use mc_ir::{
    AttrKind, Attribute, Builder, Diagnostic, FloatKind, InsertPoint, LocKind, OpId, Signedness, Type, TypeKind, Value,
};
use rustc_hash::FxHashMap;

/// Builds the loop nest of one kernel (or copy) in front of it.
pub struct KernelEmitter<'a> {
    /// Inserts before the kernel op (or inside the loop being built).
    pub b: Builder<'a>,
    /// The op being lowered: attributes are read from it, errors reported at it.
    pub op: OpId,
    /// The kernel's name (`conv_2d`), `copy` for a `buffer.copy`.
    pub name: String,
    /// The buffers read, in the graph op's operand order.
    pub inputs: Vec<Value>,
    /// The buffer written (the first, for a graph op with several results: see
    /// [`Self::result_output`]).
    pub output: Value,
    /// The globals of the module holding the op, where constant tables go.
    globals: &'a mut ModuleGlobals,
    /// The target vectorizes over output channels (`buffer-to-loop`'s `output-channel-vectors`):
    /// convolutions loop over output channels one at a time, their filters reordered with the
    /// output channel innermost.
    pub output_channel_vectors: bool,
    /// Scalar constants built so far, in front of everything built for the op (so they
    /// dominate the whole nest).
    constants: FxHashMap<(Attribute, Type), Value>,
    /// The op before the kernel op when lowering began (`None`: it was first in its block):
    /// constants go right after it.
    before: Option<OpId>,
}

impl<'a> KernelEmitter<'a> {
    /// An emitter inserting before `op`, which reads `inputs` and writes `output`;
    /// constant tables go to `globals`.
    pub fn new(
        b: Builder<'a>,
        op: OpId,
        name: String,
        inputs: Vec<Value>,
        output: Value,
        globals: &'a mut ModuleGlobals,
        output_channel_vectors: bool,
    ) -> Self {
        let before = b.ctx.operation(op).prev();
        KernelEmitter {
            b,
            op,
            name,
            inputs,
            output,
            globals,
            output_channel_vectors,
            constants: FxHashMap::default(),
            before,
        }
    }

    // ----- Reading the kernel -----

    /// An error at the kernel: `'buffer.kernel' op <name>: unsupported: <reason>`. Lowerings
    /// return it for every operand type or attribute combination they have no kernel for, so
    /// nothing computes wrong numbers at run time.
    ///
    /// The kernel's TFLite operator and tensor follow ([`unsupported_kernel`]).
    pub fn unsupported(&self, reason: impl AsRef<str>) -> Diagnostic {
        unsupported_kernel(self.b.ctx, self.op, &self.name, reason.as_ref())
    }

    /// [`unsupported`](Self::unsupported) for a one-input kernel's element types: `from '<input
    /// type>' to '<output type>'`, then `why` in parentheses when given.
    pub fn unsupported_types(&self, why: &str) -> Diagnostic {
        let (input, output) = (self.type_text(self.inputs[0]), self.type_text(self.output));
        let why = if why.is_empty() { String::new() } else { format!(" ({why})") };
        self.unsupported(format!("from '{input}' to '{output}'{why}"))
    }

    /// The attribute `name` of the kernel.
    pub fn attr(&self, name: &str) -> Option<Attribute> {
        self.b.ctx.attr(self.op, name)
    }

    /// The integer attribute `name` (an error naming it if it is missing).
    pub fn int_attr(&self, name: &str) -> Result<i64, Diagnostic> {
        self.attr(name)
            .and_then(|a| self.b.ctx.integer_value(a))
            .and_then(|v| i64::try_from(v).ok())
            .ok_or_else(|| self.unsupported(format!("missing integer attribute '{name}'")))
    }

    /// The float attribute `name` (`beta` of softmax), as `f32` as TFLite stores it.
    pub fn float_attr(&self, name: &str) -> Result<f32, Diagnostic> {
        self.attr(name)
            .and_then(|a| self.b.ctx.float_value(a))
            .map(|v| v as f32)
            .ok_or_else(|| self.unsupported(format!("missing float attribute '{name}'")))
    }

    /// The boolean attribute `name`, false when absent.
    pub fn bool_attr(&self, name: &str) -> bool {
        self.attr(name).is_some_and(|a| matches!(self.b.ctx.attr_kind(a), AttrKind::Bool(true)))
    }

    /// The `i64` list attribute `name` (`array<i64: ...>`).
    pub fn list_attr(&self, name: &str) -> Result<Vec<i64>, Diagnostic> {
        self.attr(name)
            .and_then(|a| i64_array(self.b.ctx, a))
            .ok_or_else(|| self.unsupported(format!("missing list attribute '{name}'")))
    }

    /// The buffer the kernel writes for the graph op's result `index` (`None`: the result is
    /// unused, or the op is a copy and `index` is not 0). Kernels of graph ops with several
    /// results (`lstm`) read their outputs here; the others write [`Self::output`].
    pub fn result_output(&self, index: usize) -> Option<Value> {
        match KernelOp::cast(self.b.ctx, self.op) {
            Some(kernel) => kernel.result_output(self.b.ctx, index),
            None => (index == 0).then_some(self.output),
        }
    }

    /// The order the kernel computes its output rows in (`row_order`; a copy: ascending).
    pub fn row_order(&self) -> RowOrder {
        KernelOp::cast(self.b.ctx, self.op).and_then(|k| k.row_order_value(self.b.ctx)).unwrap_or_default()
    }

    /// TFLite's `padding` attribute.
    pub fn padding(&self) -> Result<Padding, Diagnostic> {
        self.attr("padding")
            .and_then(|a| Padding::from_attr(self.b.ctx, a))
            .ok_or_else(|| self.unsupported("missing attribute 'padding'"))
    }

    /// A windowed kernel's padding: its `padding` mode or its explicit `pad` amounts.
    pub fn window_padding(&self) -> Result<WindowPadding, Diagnostic> {
        window_padding(self.b.ctx, self.op).ok_or_else(|| self.unsupported("missing a valid 'padding' or 'pad'"))
    }

    /// The `fused_activation` attribute (`NONE` when absent).
    pub fn activation(&self) -> Result<Activation, Diagnostic> {
        match self.attr("fused_activation") {
            None => Ok(Activation::None),
            Some(a) => {
                Activation::from_attr(self.b.ctx, a).ok_or_else(|| self.unsupported("unknown 'fused_activation'"))
            }
        }
    }

    /// The shape of buffer `value`.
    pub fn shape(&self, value: Value) -> Vec<i64> {
        let ty = self.b.ctx.value_type(value);
        self.b.ctx.buffer(ty).map(|b| b.shape.clone()).unwrap_or_default()
    }

    /// The element type of buffer `value` (a quantized type for quantized buffers).
    pub fn element(&self, value: Value) -> Type {
        let ty = self.b.ctx.value_type(value);
        self.b.ctx.element_type(ty)
    }

    /// The quantization of buffer `value`'s elements, if quantized.
    pub fn quantization(&self, value: Value) -> Option<QuantizedType> {
        self.b.ctx.quantization(self.element(value)).cloned()
    }

    /// The per-tensor `(scale, zero point)` of a quantized buffer; an unsupported error if it
    /// is not quantized per tensor.
    pub fn per_tensor(&self, value: Value) -> Result<(f64, i64), Diagnostic> {
        self.quantization(value).and_then(|q| q.per_tensor()).ok_or_else(|| {
            let ty = type_to_string(self.b.ctx, self.b.ctx.value_type(value));
            self.unsupported(format!("'{ty}' is not quantized per tensor"))
        })
    }

    /// What the elements of `value` are, for choosing a kernel.
    pub fn kind(&self, value: Value) -> ElementKind {
        let element = self.element(value);
        if let Some(q) = self.b.ctx.quantization(element) {
            return match (q.storage_width, q.signed) {
                (4, true) => ElementKind::Int4,
                (8, true) => ElementKind::Int8,
                (8, false) => ElementKind::UInt8,
                (16, true) => ElementKind::Int16,
                (32, true) => ElementKind::Int32,
                _ => ElementKind::Other,
            };
        }
        match self.b.ctx.type_kind(element) {
            TypeKind::Float(FloatKind::F32) => ElementKind::F32,
            TypeKind::Integer { width: 1, .. } => ElementKind::Bool,
            TypeKind::Integer { width: 32, signedness: Signedness::Unsigned } => ElementKind::UInt32,
            TypeKind::Integer { width: 64, signedness: Signedness::Unsigned } => ElementKind::UInt64,
            TypeKind::Integer { width: 8, .. } => ElementKind::Int8,
            TypeKind::Integer { width: 16, .. } => ElementKind::Int16,
            TypeKind::Integer { width: 32, .. } => ElementKind::Int32,
            TypeKind::Integer { width: 64, .. } => ElementKind::Int64,
            _ => ElementKind::Other,
        }
    }

    /// The integer elements (storage values for quantized types) of `value`, row-major, if it
    /// is a `buffer.get_global` of a global whose data is in the module — so a lowering can fold
    /// weight-dependent terms (sums of weights, biases) into constants; `None` otherwise (a
    /// run-time buffer, a float global, an elided resource blob).
    pub fn constant_ints(&self, value: Value) -> Option<Vec<i64>> {
        let ctx = &*self.b.ctx;
        let get = GetGlobalOp::cast(ctx, ctx.defining_op(value)?)?;
        let global = GlobalOp::cast(ctx, ctx.lookup_symbol(get.op(), get.name(ctx))?)?;
        int_elements(ctx, global.value(ctx))
    }

    /// The `f32` elements of `value`, row-major, if it is a `buffer.get_global` of an `f32`
    /// global whose data is in the module (as [`constant_ints`](Self::constant_ints)).
    pub fn constant_f32s(&self, value: Value) -> Option<Vec<f32>> {
        let ctx = &*self.b.ctx;
        let get = GetGlobalOp::cast(ctx, ctx.defining_op(value)?)?;
        let global = GlobalOp::cast(ctx, ctx.lookup_symbol(get.op(), get.name(ctx))?)?;
        let (ty, splat, data) = match ctx.attr_kind(global.value(ctx)) {
            AttrKind::DenseElements { ty, splat, data } => (*ty, *splat, data.as_slice()),
            AttrKind::DenseResource { name, ty } => (*ty, false, ctx.resources.get(name)?.data.as_slice()),
            _ => return None,
        };
        if !matches!(ctx.type_kind(ctx.element_type(ty)), TypeKind::Float(FloatKind::F32)) {
            return None;
        }
        let values: Vec<f32> = data.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
        let count = ctx.num_elements(ty)? as usize;
        match (splat, values.len()) {
            (true, 1) => Some(vec![values[0]; count]),
            (false, n) if n == count => Some(values),
            _ => None,
        }
    }

    /// The type of `value`, printed (for messages).
    pub fn type_text(&self, value: Value) -> String {
        type_to_string(self.b.ctx, self.b.ctx.value_type(value))
    }

    // ----- Constants and scalar arithmetic -----

    /// The constant `value : ty`, built once per kernel in front of the kernel op so it
    /// dominates every loop of the nest.
    fn constant(&mut self, value: Attribute, ty: Type) -> Value {
        if let Some(&constant) = self.constants.get(&(value, ty)) {
            return constant;
        }
        let ctx = &*self.b.ctx;
        let ip = match self.before {
            Some(before) => InsertPoint::after(ctx, before),
            None => {
                let block = ctx.operation(self.op).parent_block().expect("the kernel is in a block");
                InsertPoint::before(ctx, ctx.first_op(block).expect("the block holds the kernel"))
            }
        };
        let saved = self.b.ip;
        self.b.ip = Some(ip);
        let constant =
            self.b.create(ConstantOp::NAME, &[], &[ty], vec![("value".to_string(), value)], Vec::new()).result(0);
        self.b.ip = saved;
        self.constants.insert((value, ty), constant);
        constant
    }

    /// `arith.constant value : index`.
    pub fn index(&mut self, value: i64) -> Value {
        let ty = self.b.ctx.index_type();
        let attr = self.b.ctx.integer_attr(i128::from(value), ty);
        self.constant(attr, ty)
    }

    /// `arith.constant value : i<width>`.
    pub fn int(&mut self, value: i64, width: u32) -> Value {
        let ty = self.b.ctx.integer_type(width);
        let attr = self.b.ctx.integer_attr(i128::from(value), ty);
        self.constant(attr, ty)
    }

    /// `arith.constant value : i32`.
    pub fn i32(&mut self, value: i32) -> Value {
        self.int(i64::from(value), 32)
    }

    /// `arith.constant value : f32`.
    pub fn f32(&mut self, value: f32) -> Value {
        let ty = self.b.ctx.float_type(FloatKind::F32);
        let attr = self.b.ctx.float_attr(f64::from(value), ty);
        self.constant(attr, ty)
    }

    /// `arith.constant value : f64`.
    pub fn f64(&mut self, value: f64) -> Value {
        let ty = self.b.ctx.float_type(FloatKind::F64);
        let attr = self.b.ctx.float_attr(value, ty);
        self.constant(attr, ty)
    }

    /// A binary `arith` op (`arith.addi`, ...) whose result has the operands' type.
    pub fn binary(&mut self, name: &str, lhs: Value, rhs: Value) -> Value {
        binary(&mut self.b, name, lhs, rhs)
    }

    /// `lhs + rhs` (integers or indices).
    pub fn addi(&mut self, lhs: Value, rhs: Value) -> Value {
        self.binary("arith.addi", lhs, rhs)
    }

    /// `lhs * rhs` (integers or indices).
    pub fn muli(&mut self, lhs: Value, rhs: Value) -> Value {
        self.binary("arith.muli", lhs, rhs)
    }

    /// A cast or other one-operand op `name` to type `ty`.
    pub fn unary(&mut self, name: &str, value: Value, ty: Type) -> Value {
        unary(&mut self.b, name, value, ty)
    }

    /// Sign-extends an integer to `i32` (a no-op on `i32`).
    pub fn extsi_i32(&mut self, value: Value) -> Value {
        let i32 = self.b.ctx.integer_type(32);
        if self.b.ctx.value_type(value) == i32 { value } else { self.unary("arith.extsi", value, i32) }
    }

    /// Extends a loaded storage integer of `kind` to `i32`: zero-extends `UInt8` (whose loads
    /// are `i8`), sign-extends the others.
    pub fn extend_i32(&mut self, value: Value, kind: ElementKind) -> Value {
        if kind != ElementKind::UInt8 {
            return self.extsi_i32(value);
        }
        let i32 = self.b.ctx.integer_type(32);
        self.unary("arith.extui", value, i32)
    }

    /// Truncates an `i32` to `i<width>` (a no-op at width 32).
    pub fn trunci(&mut self, value: Value, width: u32) -> Value {
        let ty = self.b.ctx.integer_type(width);
        if self.b.ctx.value_type(value) == ty { value } else { self.unary("arith.trunci", value, ty) }
    }

    /// `min(max(value, low), high)` on signed integers.
    pub fn clamp_si(&mut self, value: Value, low: Value, high: Value) -> Value {
        let raised = self.binary("arith.maxsi", value, low);
        self.binary("arith.minsi", raised, high)
    }

    // ----- Memory -----

    /// `loop.load buffer[indices]` (the storage integer for quantized buffers).
    pub fn load(&mut self, buffer: Value, indices: &[Value]) -> Value {
        LoadOp::build(&mut self.b, buffer, indices).result()
    }

    /// `loop.store value, buffer[indices]`.
    pub fn store(&mut self, value: Value, buffer: Value, indices: &[Value]) {
        StoreOp::build(&mut self.b, value, buffer, indices);
    }

    /// A workspace of this kernel: a scratch `buffer.alloc` of `shape` and `element` built where
    /// the emitter is (at the top of the kernel's nest), so the memory planner sees it live only
    /// during the kernel; it records the kernel (placement rules match it).
    pub fn workspace(&mut self, shape: Vec<i64>, element: Type) -> Value {
        let ty = self.b.ctx.buffer_type(shape, element);
        let alloc = AllocOp::build(&mut self.b, ty, Role::Scratch);
        alloc.record_kernel(self.b.ctx, &self.name);
        alloc.result()
    }

    /// A constant table (per-channel multipliers, shifts, lookup tables): a module-level
    /// `buffer.global` named after `hint` holding `values` as `i<width>` (one global per
    /// distinct table), and its buffer.
    pub fn table(&mut self, hint: &str, width: u32, values: &[i64]) -> Value {
        self.shaped_table(hint, width, &[values.len() as i64], values)
    }

    /// [`table`](Self::table) of `shape` (`values` row-major): a reordered filter.
    pub fn shaped_table(&mut self, hint: &str, width: u32, shape: &[i64], values: &[i64]) -> Value {
        let element = self.b.ctx.integer_type(width);
        let tensor = self.b.ctx.tensor_type(shape.to_vec(), element);
        let value = dense_int_elements(self.b.ctx, tensor, values);
        self.global_table(hint, value, shape.to_vec(), element)
    }

    /// [`table`](Self::table) of `f32` values (kissfft's float twiddles).
    pub fn f32_table(&mut self, hint: &str, values: &[f32]) -> Value {
        let element = self.b.ctx.float_type(FloatKind::F32);
        let ty = self.b.ctx.tensor_type(vec![values.len() as i64], element);
        let data = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        let value = self.b.ctx.intern_attr(AttrKind::DenseElements { ty, splat: false, data });
        self.global_table(hint, value, vec![values.len() as i64], element)
    }

    /// The buffer of a module-level `buffer.global` named after `hint` holding `value` (dense
    /// elements of `shape` and type `element`), one global per distinct value.
    fn global_table(&mut self, hint: &str, value: Attribute, shape: Vec<i64>, element: Type) -> Value {
        let buffer = self.b.ctx.buffer_type(shape, element);
        let loc = self.b.loc;
        let name = self.globals.global(self.b.ctx, loc, value, buffer, hint);
        GetGlobalOp::build(&mut self.b, &name, buffer).result()
    }

    // ----- Structure -----

    /// `loop.for %i = lb to ub step 1 iter_args(inits)`: `body` builds the loop body from the
    /// induction variable and the carried values and returns the values to yield; returns the
    /// loop's results.
    pub fn for_loop(
        &mut self,
        lb: Value,
        ub: Value,
        inits: &[Value],
        body: impl FnOnce(&mut Self, Value, &[Value]) -> Result<Vec<Value>, Diagnostic>,
    ) -> Result<Vec<Value>, Diagnostic> {
        let step = self.index(1);
        let (for_op, block) = ForOp::build(&mut self.b, lb, ub, step, inits);
        let saved = self.b.ip;
        self.b.set_insertion_point_to_end(block);
        let args = self.b.ctx.block_args(block);
        let yielded = body(self, args[0], &args[1..]);
        self.b.ip = saved;
        let yielded = yielded?;
        YieldOp::build_at_end(&mut self.b, block, &yielded);
        Ok(self.b.ctx.results(for_op.op()))
    }

    /// [`for_loop`](Self::for_loop) from constant `lb` to constant `ub`.
    pub fn for_range(
        &mut self,
        lb: i64,
        ub: i64,
        inits: &[Value],
        body: impl FnOnce(&mut Self, Value, &[Value]) -> Result<Vec<Value>, Diagnostic>,
    ) -> Result<Vec<Value>, Diagnostic> {
        let (lb, ub) = (self.index(lb), self.index(ub));
        self.for_loop(lb, ub, inits, body)
    }

    /// [`for_loop`](Self::for_loop) taking the indices of `[lb, ub)` in `order`: descending, the
    /// loop counts `i` up and the body gets `lb + ub - 1 - i` (`lb + ub - 1` a constant when both
    /// bounds are).
    pub fn for_loop_in(
        &mut self,
        order: RowOrder,
        lb: Value,
        ub: Value,
        inits: &[Value],
        body: impl FnOnce(&mut Self, Value, &[Value]) -> Result<Vec<Value>, Diagnostic>,
    ) -> Result<Vec<Value>, Diagnostic> {
        match order {
            RowOrder::Ascending => self.for_loop(lb, ub, inits, body),
            RowOrder::Descending => self.for_loop(lb, ub, inits, |e, i, carried| {
                let constants = constant_int_value(e.b.ctx, lb).zip(constant_int_value(e.b.ctx, ub));
                let last = match constants {
                    Some((lb, ub)) => e.index((lb + ub - 1) as i64),
                    None => {
                        let one = e.index(1);
                        let bounds = e.addi(lb, ub);
                        e.binary("arith.subi", bounds, one)
                    }
                };
                let iv = e.binary("arith.subi", last, i);
                body(e, iv, carried)
            }),
        }
    }

    /// [`for_loop_in`](Self::for_loop_in) from constant `lb` to constant `ub`.
    pub fn for_range_in(
        &mut self,
        order: RowOrder,
        lb: i64,
        ub: i64,
        inits: &[Value],
        body: impl FnOnce(&mut Self, Value, &[Value]) -> Result<Vec<Value>, Diagnostic>,
    ) -> Result<Vec<Value>, Diagnostic> {
        let (lb, ub) = (self.index(lb), self.index(ub));
        self.for_loop_in(order, lb, ub, inits, body)
    }

    /// A perfect nest over every index of `bounds` (outermost first); `body` gets the
    /// induction variables. No loop for a rank-0 shape: the body runs once.
    pub fn nest(
        &mut self,
        bounds: &[i64],
        body: impl FnOnce(&mut Self, &[Value]) -> Result<(), Diagnostic>,
    ) -> Result<(), Diagnostic> {
        type Body<'f, 'a> = Box<dyn FnOnce(&mut KernelEmitter<'a>, &[Value]) -> Result<(), Diagnostic> + 'f>;
        fn level<'a>(
            e: &mut KernelEmitter<'a>,
            bounds: &[i64],
            ivs: &mut Vec<Value>,
            body: Body<'_, 'a>,
        ) -> Result<(), Diagnostic> {
            match bounds.split_first() {
                None => body(e, ivs),
                Some((&bound, rest)) => e
                    .for_range(0, bound, &[], |e, iv, _| {
                        ivs.push(iv);
                        level(e, rest, ivs, body)?;
                        Ok(Vec::new())
                    })
                    .map(drop),
            }
        }
        level(self, bounds, &mut Vec::new(), Box::new(body))
    }

    /// `loop.if condition` yielding values of `types`: `then` and `otherwise` build the two
    /// branches and return what they yield; returns the if's results.
    pub fn if_else(
        &mut self,
        condition: Value,
        types: &[Type],
        then: impl FnOnce(&mut Self) -> Result<Vec<Value>, Diagnostic>,
        otherwise: impl FnOnce(&mut Self) -> Result<Vec<Value>, Diagnostic>,
    ) -> Result<Vec<Value>, Diagnostic> {
        let (if_op, then_block, else_block) = IfOp::build(&mut self.b, condition, types, true);
        let else_block = else_block.expect("built with an else block");
        let saved = self.b.ip;
        for (block, branch) in
            [(then_block, Box::new(then) as Box<dyn FnOnce(&mut Self) -> _>), (else_block, Box::new(otherwise))]
        {
            self.b.set_insertion_point_to_end(block);
            let yielded = branch(self);
            self.b.ip = saved;
            YieldOp::build_at_end(&mut self.b, block, &yielded?);
        }
        Ok(self.b.ctx.results(if_op.op()))
    }

    /// `loop.if condition` without results: `then` builds the branch.
    pub fn if_then(
        &mut self,
        condition: Value,
        then: impl FnOnce(&mut Self) -> Result<(), Diagnostic>,
    ) -> Result<(), Diagnostic> {
        let (_, then_block, _) = IfOp::build(&mut self.b, condition, &[], false);
        let saved = self.b.ip;
        self.b.set_insertion_point_to_end(then_block);
        let done = then(self);
        self.b.ip = saved;
        done?;
        YieldOp::build_at_end(&mut self.b, then_block, &[]);
        Ok(())
    }
}

/// What a buffer's elements are, as kernels choose their arithmetic.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ElementKind {
    /// `f32`.
    F32,
    /// A quantized type with `i4` storage (`INT4` weights; loads give `i4`, which
    /// `loop-emulate-narrow-type` reads from packed bytes).
    Int4,
    /// `i8` or a quantized type with `i8` storage.
    Int8,
    /// A quantized type with `u8` storage (loads give its bits as `i8`).
    UInt8,
    /// `i16` or quantized with `i16` storage.
    Int16,
    /// `i32` or quantized with `i32` storage (biases).
    Int32,
    /// `i64` (biases of 16x8 kernels).
    Int64,
    /// `ui32` (TFLite's `UINT32`: energies and filter bank channels of the signal library;
    /// loads give its bits as `i32`).
    UInt32,
    /// `ui64` (TFLite's `UINT64`: filter bank accumulators; loads give its bits as `i64`).
    UInt64,
    /// `i1`, TFLite's `BOOL` (one byte per element in memory).
    Bool,
    /// Anything else (no kernel takes it).
    Other,
}

impl ElementKind {
    /// The bits and the `[min, max]` values of an integer kind's storage up to 32 bits that fit
    /// an `i32`; `None` for `F32`, `Int64`, the unsigned `UInt32` and `UInt64`, `Bool` and `Other`.
    pub fn storage(self) -> Option<(u32, (i32, i32))> {
        match self {
            ElementKind::Int4 => Some((4, (-8, 7))),
            ElementKind::Int8 => Some((8, (i32::from(i8::MIN), i32::from(i8::MAX)))),
            ElementKind::UInt8 => Some((8, (0, i32::from(u8::MAX)))),
            ElementKind::Int16 => Some((16, (i32::from(i16::MIN), i32::from(i16::MAX)))),
            ElementKind::Int32 => Some((32, (i32::MIN, i32::MAX))),
            ElementKind::F32
            | ElementKind::Int64
            | ElementKind::UInt32
            | ElementKind::UInt64
            | ElementKind::Bool
            | ElementKind::Other => None,
        }
    }
}

/// `'buffer.kernel' op <kernel>: unsupported: <reason>`, followed by what an imported model's
/// location says, as the importer's notes say it: `(operator 3 (FULLY_CONNECTED) writing tensor 'fc')`
/// (the file position of an imported operator says nothing); other locations' names follow
/// outermost first: `(at "a" in "b")`.
pub fn unsupported_kernel(ctx: &mc_ir::Context, op: OpId, kernel: &str, reason: &str) -> Diagnostic {
    let names = location_names(ctx, ctx.operation(op).loc());
    let operator = support::by_op(kernel).map_or(kernel, |entry| entry.tflite);
    let at = match names.as_slice() {
        [] => String::new(),
        [tensor, index] if index.strip_prefix("op#").is_some_and(|n| n.parse::<usize>().is_ok()) => {
            format!(" (operator {} ({operator}) writing tensor '{tensor}')", &index[3..])
        }
        [first, rest @ ..] => {
            let quoted: Vec<String> = rest.iter().map(|n| format!("{n:?}")).collect();
            let inner = if quoted.is_empty() { String::new() } else { format!(" in {}", quoted.join(" in ")) };
            format!(" (at {first:?}{inner})")
        }
    };
    ctx.op_error(op, format!("{kernel}: unsupported: {reason}{at}"))
}

/// The names of the name locations nested in `loc`, outermost first.
fn location_names(ctx: &mc_ir::Context, mut loc: mc_ir::Location) -> Vec<String> {
    let mut names = Vec::new();
    while let LocKind::Name { name, child } = ctx.loc_kind(loc) {
        names.push(name.to_string());
        match child {
            Some(child) => loc = *child,
            None => break,
        }
    }
    names
}
