//! `graph-to-buffer`: bufferization. Every tensor value of the graph dialect gets a buffer and
//! every operator writes its result into one (destination-passing style).
//!
//! | graph | buffer |
//! |---|---|
//! | a tensor value | a `buffer.alloc` (role `scratch`, identity layout) written by the op producing it |
//! | function inputs | buffer arguments (caller-provided memory) |
//! | function results | more buffer arguments, after the inputs: the function returns nothing; the op producing a returned value writes into its argument |
//! | `graph.const` | a module-level `buffer.global` (role `constant`, same `value` attribute: a `dense_resource` blob is referenced, not copied; one global per value and type) and a `buffer.get_global` |
//! | `graph.reshape`, `graph.squeeze`, `graph.expand_dims` | a `buffer.view` (no byte moves) |
//! | `graph.transpose` | a strided `buffer.view` when every user reads strided buffers ([`ELEMENTWISE_KERNELS`], another transpose, a split, a return, an assignment) or when only unit dimensions move; else a `buffer.copy` of that view into a new alloc |
//! | `graph.split`, `graph.split_v`, `graph.unpack` | per used result, a strided `buffer.view` of its piece of the input copied (`buffer.copy`) into the result's buffer, as TFLite Micro's `SplitImpl`/`UnpackImpl` copy it; an unused result gets no buffer |
//! | `graph.var_handle` | a `buffer.alloc` (role `persistent`, `name` = the variable's `shared_name`) at the top of the function, one per variable |
//! | `graph.read_variable` | the variable's buffer itself; a copy into a scratch alloc (a snapshot) only if an assignment can run between the read and a use of the value, regions included (the `snapshots` module) |
//! | `graph.assign_variable` | a `buffer.copy` into the variable's buffer (none if the value was written there) |
//! | `graph.if` | a `loop.if` on the condition's element, each region converted in place and its yielded buffers copied into the results' (the `control_flow` module) |
//! | `graph.while` | a `loop.while` over the results' buffers, which carry the values (the `control_flow` module) |
//! | `graph.call_once` | a `loop.if` on a persistent flag (`name` = `call_once_<k>`, zero after init and reset_state) running the init region and setting the flag (the `control_flow` module) |
//! | every other graph op | a `buffer.kernel` with the op's attributes, writing its alloc; constant shape-like operands (`shape`, `perm`, `axes`, `paddings`, `begin`/`end`/`strides`) become the attributes the graph canonicalizer would make of them |
//! | `graph.lstm` (three results) | one `buffer.kernel` with an output per used result (`results` lists which; an unused one gets no buffer) |
//! | a new state (`graph.svdf_state`'s result, `graph.lstm`'s final states, `graph.circular_buffer`'s next buffer) assigned back to the variable its state operand read | written into that variable in place (no scratch, no copy), as TFLite Micro updates its state tensors, when nothing reads the old value after the op |
//!
//! ```mlir
//! func.func @main(%x: tensor<1x8xf32>) -> tensor<1x8xf32> {
//!   %0 = "graph.relu"(%x) : (tensor<1x8xf32>) -> tensor<1x8xf32>
//!   %1 = "graph.logistic"(%0) : (tensor<1x8xf32>) -> tensor<1x8xf32>
//!   return %1 : tensor<1x8xf32>
//! }
//! // becomes
//! func.func @main(%arg0: !buffer<1x8xf32>, %arg1: !buffer<1x8xf32>) {
//!   %alloc = buffer.alloc() {role = "scratch"} : !buffer<1x8xf32>
//!   buffer.kernel relu ins(%arg0 : !buffer<1x8xf32>) outs(%alloc : !buffer<1x8xf32>)
//!   buffer.kernel logistic ins(%alloc : !buffer<1x8xf32>) outs(%arg1 : !buffer<1x8xf32>)
//!   return
//! }
//! ```
//!
//! # Results are written in place
//!
//! A returned value is written straight into its output argument by the op that produces it:
//! a kernel's output, a transpose's copy target. A reshape of such a value passes the argument
//! on: the op producing the reshape's input writes into a view of the output argument, and the
//! reshape costs nothing. A value that no op writes (an input, a constant, a variable's value)
//! or that is returned a second time is copied into the output argument before the return.
//! The caller's input and output buffers must not overlap (as TFLite Micro assumes).
//!
//! # What fails
//!
//! Anything with tensors that is not a graph op of a single-block function (calls, other
//! dialects' ops on tensors, control flow), a shape-like operand that is not a constant (a shape
//! computed from data at run time: mc compiles static shapes only), tensor
//! element types a buffer cannot hold, or a variable handle used by something other than a read
//! or an assignment: each gets an error at the op, and the pass fails, leaving the IR partially
//! converted.
//!
//! # Why not the conversion driver
//!
//! The driver replaces an op's results with values of converted types; bufferization instead
//! removes the results (the destination is an operand) and picks each destination from how the
//! value is used later (returned, reshaped, transposed for strided readers, read before an
//! assignment), and it rewrites the function signature. A walk in block order with a value map
//! says that directly.

use mc_dialects::buffer::{AllocOp, CopyOp, ELEMENTWISE_KERNELS, GetGlobalOp, KernelOp, Role, ViewOp, is_kernel};
use mc_dialects::func::{FuncOp, ReturnOp};
use mc_dialects::graph::attributes::i64_array_attr;
use mc_dialects::graph::shapes::constant_ints;
use mc_dialects::graph::{
    self, AssignVariableOp, ConstOp, ExpandDimsOp, Pieces, ReadVariableOp, ReshapeOp, Signature, SplitOp, SplitVOp,
    SqueezeOp, TransposeOp, UnpackOp, VarHandleOp, is_resource_type, support,
};
use mc_ir::buffer::{BufferType, is_valid_buffer_element, row_major_strides};
use mc_ir::pass::{AnalysisManager, Pass};
use mc_ir::printer::attributes::type_to_string;
use mc_ir::{Attribute, BlockId, Builder, Context, Diagnostic, Failure, InsertPoint, OpId, Type, Value};
use rustc_hash::{FxHashMap, FxHashSet};

use super::module_globals::ModuleGlobals;

mod control_flow;
mod parallel_copy;
mod snapshots;

use snapshots::{ancestor_in, block_positions, read_needs_snapshot};

/// The `graph-to-buffer` pass.
#[derive(Default)]
pub struct GraphToBuffer;

impl Pass for GraphToBuffer {
    fn argument(&self) -> &str {
        "graph-to-buffer"
    }

    fn summary(&self) -> &str {
        "Give every tensor a buffer and every graph op a destination (bufferization)"
    }

    fn description(&self) -> &str {
        "Converts the graph dialect to the buffer dialect: tensors become buffer.alloc'd buffers, \
         function results become output arguments written in place, constants become \
         buffer.global symbols (blobs referenced, not copied), reshapes become views, transposes \
         strided views or copies, variables persistent buffers, and every operator a \
         buffer.kernel writing its output. Runs on a module (globals are added to it)."
    }

    fn anchor(&self) -> Option<&str> {
        Some("builtin.module")
    }

    fn run(&mut self, ctx: &mut Context, op: OpId, _: &mut AnalysisManager) -> Result<(), Failure> {
        convert_module(ctx, op)
    }
}

/// Converts every function of `module` (an op with one region holding the functions).
///
/// # Errors
///
/// Every op that cannot be converted gets a diagnostic; the IR is then partially converted.
pub fn convert_module(ctx: &mut Context, module: OpId) -> Result<(), Failure> {
    let Some(globals) = ModuleGlobals::new(ctx, module) else {
        return Ok(());
    };
    let body = globals.body();
    // Operators whose element types the support table does not list are not lowered.
    let unsupported: Vec<Diagnostic> = ctx
        .walk_preorder(module)
        .into_iter()
        .filter(|&op| ctx.op_name_of(op).starts_with("graph.") && ConstOp::cast(ctx, op).is_none())
        // A region's terminator is part of its control-flow op.
        .filter(|&op| graph::YieldOp::cast(ctx, op).is_none())
        .filter_map(|op| {
            let message = support::check(ctx, &Signature::of_op(ctx, op)).err()?;
            Some(ctx.op_error(op, format!("cannot be converted to buffers: {message}")))
        })
        .collect();
    if !unsupported.is_empty() {
        return Err(Failure(unsupported));
    }
    let mut module = ModuleState { globals, diags: Vec::new() };
    let funcs: Vec<FuncOp> = ctx.block_ops(body).filter_map(|op| FuncOp::cast(ctx, op)).collect();
    for func in funcs {
        convert_func(ctx, &mut module, func);
    }
    if module.diags.is_empty() { Ok(()) } else { Err(Failure(module.diags)) }
}

/// What the conversion of one module keeps across its functions.
struct ModuleState {
    /// The globals created.
    globals: ModuleGlobals,
    diags: Vec<Diagnostic>,
}

/// The identity-layout buffer type of a tensor type; `None` for other types or elements a
/// buffer cannot hold.
fn buffer_of_tensor(ctx: &mut Context, ty: Type) -> Option<Type> {
    let (shape, element) = ctx.tensor_parts(ty)?;
    let shape = shape.to_vec();
    is_valid_buffer_element(ctx, element).then(|| ctx.buffer_type(shape, element))
}

/// True for types graph-to-buffer replaces: tensors and variable handles.
fn is_graph_value_type(ctx: &Context, ty: Type) -> bool {
    ctx.tensor_parts(ty).is_some() || is_resource_type(ctx, ty)
}

/// The op defining `value` if it is in `block`.
fn def_in(ctx: &Context, value: Value, block: BlockId) -> Option<OpId> {
    ctx.defining_op(value).filter(|&op| ctx.operation(op).parent_block() == Some(block))
}

/// The graph op name without prefix of `op` if it runs as a kernel.
fn kernel_name(ctx: &Context, op: OpId) -> Option<&str> {
    ctx.op_name_of(op).strip_prefix("graph.").filter(|short| is_kernel(short))
}

/// True if `op` cuts its input into several results (`split`, `split_v`, `unpack`).
fn is_split(ctx: &Context, op: OpId) -> bool {
    [SplitOp::NAME, SplitVOp::NAME, UnpackOp::NAME].contains(&ctx.op_name_of(op))
}

/// Which returned values are written straight into an output argument: maps each such value to
/// the index of its output argument among the outputs.
///
/// Return operands are visited in order; a value is claimed by the first output that returns
/// it, if an op of `block` writes it: a kernel, a transpose or split (its copy), a variable read in
/// `snapshots` (its copy), or a reshape whose input can be claimed too (that input is then
/// written into a reshaped view of the same output).
pub fn output_destinations(
    ctx: &Context,
    block: BlockId,
    returned: &[Value],
    snapshots: &FxHashSet<Value>,
) -> FxHashMap<Value, usize> {
    let mut claims = FxHashMap::default();
    for (index, &value) in returned.iter().enumerate() {
        if claimable(ctx, block, value, &claims, snapshots) {
            let mut value = value;
            loop {
                claims.insert(value, index);
                match def_in(ctx, value, block).and_then(|op| graph::reshaped_input(ctx, op)) {
                    Some(input) => value = input,
                    None => break,
                }
            }
        }
    }
    claims
}

/// True if an op of `block` writes `value` and no output claimed it yet.
fn claimable(
    ctx: &Context,
    block: BlockId,
    value: Value,
    claims: &FxHashMap<Value, usize>,
    snapshots: &FxHashSet<Value>,
) -> bool {
    if claims.contains_key(&value) {
        return false;
    }
    let Some(op) = def_in(ctx, value, block) else { return false };
    if kernel_name(ctx, op).is_some()
        || TransposeOp::cast(ctx, op).is_some()
        || is_split(ctx, op)
        || snapshots.contains(&value)
    {
        return true;
    }
    graph::reshaped_input(ctx, op).is_some_and(|input| claimable(ctx, block, input, claims, snapshots))
}

/// The layout of `input` transposed by `perm` (`result[i] = input[perm[i]]`), seen as
/// `element`: permuted shape and strides, same offset. A layout that only moves dimensions of
/// size 1 is row-major, and gets the row-major strides.
pub fn transposed_layout(input: &BufferType, perm: &[usize], element: Type) -> BufferType {
    let shape: Vec<i64> = perm.iter().map(|&p| input.shape[p]).collect();
    let strides: Vec<i64> = perm.iter().map(|&p| input.strides[p]).collect();
    let mut layout = BufferType { shape, element, strides, offset: input.offset };
    if layout.is_row_major_contiguous() {
        layout.strides = row_major_strides(&layout.shape);
    }
    layout
}

/// The layout of result `index` of a split of `input` into `pieces`, seen as `element`: the
/// piece's shape with the input's strides (without the cut dimension's when the results drop
/// it), its offset moved to the piece's first element.
pub fn piece_layout(input: &BufferType, pieces: &Pieces, index: usize, element: Type) -> BufferType {
    let mut strides = input.strides.clone();
    let offset = input.offset + pieces.ranges[index].0 * strides[pieces.axis];
    if !pieces.keep_axis {
        strides.remove(pieces.axis);
    }
    BufferType { shape: pieces.shape(&input.shape, index), element, strides, offset }
}

/// Converts one function (signature and body).
fn convert_func(ctx: &mut Context, module: &mut ModuleState, func: FuncOp) {
    let op = func.op();
    let (inputs, results) = func.signature(ctx);
    let mut diags = Vec::new();
    let mut buffer_type = |ctx: &mut Context, ty: Type, what: String| -> Option<Type> {
        let converted = buffer_of_tensor(ctx, ty);
        if converted.is_none() {
            diags.push(ctx.op_error(op, format!("{what} type '{}' cannot be a buffer", type_to_string(ctx, ty))));
        }
        converted
    };
    let mut new_inputs = Vec::new();
    for (index, &ty) in inputs.iter().enumerate() {
        if ctx.tensor_parts(ty).is_some() {
            new_inputs.push(buffer_type(ctx, ty, format!("argument #{index}")).unwrap_or(ty));
        } else {
            new_inputs.push(ty);
        }
    }
    // Tensor results become output arguments; other results stay results.
    let mut outputs = Vec::new();
    let mut kept_results = Vec::new();
    for (index, &ty) in results.iter().enumerate() {
        if ctx.tensor_parts(ty).is_some() {
            outputs.push((index, buffer_type(ctx, ty, format!("result #{index}")).unwrap_or(ty)));
        } else {
            kept_results.push((index, ty));
        }
    }
    if !diags.is_empty() {
        module.diags.extend(diags);
        return;
    }
    let regions = ctx.operation(op).regions().to_vec();
    let blocks = regions.first().map(|&r| ctx.region_blocks(r).to_vec()).unwrap_or_default();
    if blocks.len() > 1 {
        module.diags.push(ctx.op_error(op, "cannot be converted to buffers: it has more than one block"));
        return;
    }
    if let Some(&block) = blocks.first() {
        for (index, &ty) in new_inputs.iter().enumerate() {
            let arg = ctx.block_arg(block, index);
            ctx.set_value_type(arg, ty);
        }
        let loc = ctx.operation(op).loc();
        let out_args: Vec<Value> = outputs.iter().map(|&(_, ty)| ctx.add_block_arg(block, ty, loc)).collect();
        let mut body = BodyConverter::new(ctx, module, block, outputs.iter().map(|&(i, _)| i).collect(), out_args);
        body.run(ctx);
        let mut errors = std::mem::take(&mut body.diags);
        if !errors.is_empty() {
            module.diags.append(&mut errors);
            return;
        }
    }
    // The new signature, with argument and result attributes moved along.
    let all_inputs: Vec<Type> = new_inputs.iter().copied().chain(outputs.iter().map(|&(_, ty)| ty)).collect();
    let function_type = ctx.function_type(all_inputs, kept_results.iter().map(|&(_, ty)| ty).collect());
    let type_attr = ctx.type_attr(function_type);
    ctx.set_attr(op, "function_type", Some(type_attr));
    move_result_attrs(ctx, op, inputs.len(), &outputs, &kept_results, results.len());
}

/// Moves the `res_attrs` of results that became output arguments to `arg_attrs`.
fn move_result_attrs(
    ctx: &mut Context,
    op: OpId,
    num_inputs: usize,
    outputs: &[(usize, Type)],
    kept: &[(usize, Type)],
    num_results: usize,
) {
    let dicts = |ctx: &mut Context, name: &str, count: usize| -> Vec<Attribute> {
        let existing = ctx.attr(op, name).and_then(|a| ctx.array_value(a)).map(<[Attribute]>::to_vec);
        match existing {
            Some(list) if list.len() == count => list,
            _ => vec![ctx.empty_dictionary(); count],
        }
    };
    let (arg_dicts, res_dicts) = (dicts(ctx, "arg_attrs", num_inputs), dicts(ctx, "res_attrs", num_results));
    let empty = ctx.empty_dictionary();
    let new_args: Vec<Attribute> = arg_dicts.into_iter().chain(outputs.iter().map(|&(i, _)| res_dicts[i])).collect();
    let new_results: Vec<Attribute> = kept.iter().map(|&(i, _)| res_dicts[i]).collect();
    let set = |ctx: &mut Context, name: &str, list: Vec<Attribute>| {
        let value = list.iter().any(|&d| d != empty).then(|| ctx.array_attr(list));
        ctx.set_attr(op, name, value);
    };
    set(ctx, "arg_attrs", new_args);
    set(ctx, "res_attrs", new_results);
}

/// Why an op was not converted.
enum Fail {
    /// It cannot be: the message says why.
    Message(String),
    /// An operand comes from an op that failed (which has its own error).
    Skip,
}

impl From<String> for Fail {
    fn from(message: String) -> Self {
        Fail::Message(message)
    }
}

impl From<&str> for Fail {
    fn from(message: &str) -> Self {
        Fail::Message(message.to_string())
    }
}

/// Converts the ops of one function body.
struct BodyConverter<'m> {
    module: &'m mut ModuleState,
    block: BlockId,
    /// For each output argument, the index of the result it replaces.
    output_results: Vec<usize>,
    out_args: Vec<Value>,
    /// Output (index into `out_args`) each claimed value is written to.
    claims: FxHashMap<Value, usize>,
    /// The buffer of each converted tensor value.
    buffers: FxHashMap<Value, Value>,
    /// The persistent buffer of each variable handle value, and of each variable by name.
    handles: FxHashMap<Value, Value>,
    variables: FxHashMap<(String, String), Value>,
    /// The last persistent alloc created: the next goes after it.
    last_persistent: Option<OpId>,
    /// `graph.call_once` ops converted so far (each gets its own persistent flag).
    call_onces: usize,
    /// Position of each op of the block, and of each op nested in it in its own block.
    positions: FxHashMap<OpId, usize>,
    /// The assignments to each variable, nested ones too.
    assigns: FxHashMap<(String, String), Vec<OpId>>,
    /// Variable reads whose value is copied out of the variable (an assignment can run between
    /// the read and a use).
    snapshots: FxHashSet<Value>,
    /// Graph ops converted, to erase at the end.
    converted: Vec<OpId>,
    /// Results of ops that could not be converted.
    failed: FxHashSet<Value>,
    diags: Vec<Diagnostic>,
}

impl<'m> BodyConverter<'m> {
    fn new(
        ctx: &Context,
        module: &'m mut ModuleState,
        block: BlockId,
        output_results: Vec<usize>,
        out_args: Vec<Value>,
    ) -> Self {
        let positions = block_positions(ctx, block);
        let mut assigns: FxHashMap<(String, String), Vec<OpId>> = FxHashMap::default();
        for op in ctx.block_ops(block).flat_map(|top| ctx.walk_preorder(top)) {
            if let Some(assign) = AssignVariableOp::cast(ctx, op)
                && let Some(key) = variable_key(ctx, assign.handle(ctx))
            {
                assigns.entry(key).or_default().push(op);
            }
        }
        BodyConverter {
            module,
            block,
            output_results,
            out_args,
            claims: FxHashMap::default(),
            buffers: FxHashMap::default(),
            handles: FxHashMap::default(),
            variables: FxHashMap::default(),
            last_persistent: None,
            call_onces: 0,
            positions,
            assigns,
            snapshots: FxHashSet::default(),
            converted: Vec::new(),
            failed: FxHashSet::default(),
            diags: Vec::new(),
        }
    }

    fn run(&mut self, ctx: &mut Context) {
        let ops: Vec<OpId> = ctx.block_ops(self.block).collect();
        let terminator = ops.last().copied().filter(|&op| ReturnOp::cast(ctx, op).is_some());
        // Reads whose value must be copied out of their variable, nested ones too.
        for op in ops.iter().flat_map(|&top| ctx.walk_preorder(top)) {
            if let Some(read) = ReadVariableOp::cast(ctx, op)
                && let Some(key) = variable_key(ctx, read.handle(ctx))
            {
                let assigns = self.assigns.get(&key).map(Vec::as_slice).unwrap_or_default();
                if read_needs_snapshot(ctx, op, assigns, &self.positions) {
                    self.snapshots.insert(read.result());
                }
            }
        }
        if let Some(ret) = terminator {
            let returned: Vec<Value> = self.output_results.iter().map(|&i| ctx.operation(ret).operand(i)).collect();
            self.claims = output_destinations(ctx, self.block, &returned, &self.snapshots);
        }
        for &arg in &ctx.block_args(self.block) {
            self.buffers.insert(arg, arg);
        }
        for &op in &ops {
            if Some(op) == terminator {
                self.convert_return(ctx, op);
            } else if ctx.op_name_of(op).starts_with("graph.") {
                self.convert_graph_op(ctx, op);
            } else {
                self.check_other(ctx, op);
            }
        }
        if !self.diags.is_empty() {
            return;
        }
        for &op in self.converted.iter().rev() {
            ctx.erase_op(op);
        }
    }

    fn error(&mut self, ctx: &Context, op: OpId, message: impl Into<String>) {
        self.diags.push(ctx.op_error(op, format!("cannot be converted to buffers: {}", message.into())));
    }

    /// An op of another dialect: fine unless it touches tensors or variable handles.
    fn check_other(&mut self, ctx: &Context, op: OpId) {
        let nested = ctx.walk_preorder(op);
        let touches = nested.iter().any(|&o| {
            let operation = ctx.operation(o);
            operation.operands().any(|v| is_graph_value_type(ctx, ctx.value_type(v)))
                || operation.result_types().any(|t| is_graph_value_type(ctx, t))
        });
        if touches {
            self.failed.extend(ctx.results(op));
            self.error(ctx, op, "it uses or defines tensors");
        }
    }

    /// The buffer of the tensor `value` (converted earlier in block order).
    fn buffer(&self, value: Value) -> Option<Value> {
        self.buffers.get(&value).copied()
    }

    /// The buffer an op producing `value` writes: the claimed output argument (or a view of it
    /// with `value`'s shape), else a new scratch alloc.
    fn destination(&mut self, b: &mut Builder<'_>, value: Value) -> Option<Value> {
        let tensor = b.ctx.value_type(value);
        let ty = buffer_of_tensor(b.ctx, tensor)?;
        Some(match self.claims.get(&value) {
            Some(&index) => {
                let out = self.out_args[index];
                if b.ctx.value_type(out) == ty { out } else { ViewOp::build(b, out, ty, 0).result() }
            }
            None => AllocOp::build(b, ty, Role::Scratch).result(),
        })
    }

    /// `buffer` itself if its strides are row-major, else a copy of it into a new alloc.
    fn row_major(b: &mut Builder<'_>, buffer: Value) -> Value {
        let layout = b.ctx.buffer(b.ctx.value_type(buffer)).cloned();
        match layout {
            Some(layout) if !layout.has_row_major_strides() => {
                let ty = b.ctx.buffer_type(layout.shape, layout.element);
                let copy = AllocOp::build(b, ty, Role::Scratch).result();
                CopyOp::build(b, buffer, copy);
                copy
            }
            _ => buffer,
        }
    }

    fn convert_graph_op(&mut self, ctx: &mut Context, op: OpId) {
        let before = self.diags.len();
        // Every tensor result must be bufferizable, every tensor operand converted already.
        for ty in ctx.operation(op).result_types().collect::<Vec<_>>() {
            if ctx.tensor_parts(ty).is_some() && buffer_of_tensor(ctx, ty).is_none() {
                self.error(ctx, op, format!("a buffer cannot hold '{}'", type_to_string(ctx, ty)));
            }
        }
        if self.diags.len() > before {
            return;
        }
        let name = ctx.op_name_of(op).to_string();
        let loc = ctx.operation(op).loc();
        let mut b = Builder::at(ctx, InsertPoint::before(ctx, op), loc);
        let done = match name.as_str() {
            ConstOp::NAME => self.convert_const(&mut b, op),
            ReshapeOp::NAME | SqueezeOp::NAME | ExpandDimsOp::NAME => self.convert_reshape(&mut b, op),
            TransposeOp::NAME => self.convert_transpose(&mut b, op),
            _ if is_split(b.ctx, op) => self.convert_split(&mut b, op),
            graph::IfOp::NAME => self.convert_if(&mut b, op),
            graph::WhileOp::NAME => self.convert_while(&mut b, op),
            graph::CallOnceOp::NAME => self.convert_call_once(&mut b, op),
            VarHandleOp::NAME => self.convert_var_handle(&mut b, op),
            ReadVariableOp::NAME => self.convert_read(&mut b, op),
            AssignVariableOp::NAME => self.convert_assign(&mut b, op),
            _ if kernel_name(b.ctx, op).is_some() => self.convert_kernel(&mut b, op),
            _ => Err(format!("'{name}' has no buffer form").into()),
        };
        match done {
            Ok(()) => self.converted.push(op),
            Err(fail) => {
                self.failed.extend(ctx.results(op));
                if let Fail::Message(message) = fail {
                    self.error(ctx, op, message);
                }
            }
        }
    }

    /// The buffer of operand `index` of `op`.
    fn operand_buffer(&self, ctx: &Context, op: OpId, index: usize) -> Result<Value, Fail> {
        let value = ctx.operation(op).operand(index);
        if self.failed.contains(&value) {
            return Err(Fail::Skip);
        }
        self.buffer(value).ok_or_else(|| format!("operand #{index} has no buffer").into())
    }

    fn convert_const(&mut self, b: &mut Builder<'_>, op: OpId) -> Result<(), Fail> {
        let result = op.result(0);
        // A constant read only as a shape-like list becomes attributes, not a global.
        let data_use = b.ctx.uses(result).any(|u| {
            let name = b.ctx.op_name_of(u.user);
            graph::first_list_operand(name).is_none_or(|first| (u.index as usize) < first)
        });
        if !data_use {
            return Ok(());
        }
        let ty = buffer_of_tensor(b.ctx, b.ctx.value_type(result)).ok_or("unsupported constant type")?;
        let value = ConstOp(op).value(b.ctx);
        let name = self.module.globals.global(b.ctx, b.loc, value, ty, "cst");
        let buffer = GetGlobalOp::build(b, &name, ty).result();
        self.buffers.insert(result, buffer);
        Ok(())
    }

    /// A reshape, squeeze or expand_dims: a view of its input in the result's shape. A shape or
    /// axis operand must be a constant: the result type already says the shape, but one computed
    /// at run time could say another.
    fn convert_reshape(&mut self, b: &mut Builder<'_>, op: OpId) -> Result<(), Fail> {
        let result = op.result(0);
        let operation = b.ctx.operation(op);
        if operation.num_operands() == 2 && constant_ints(b.ctx, operation.operand(1)).is_none() {
            return Err(static_shapes_only(b.ctx, op, 1).into());
        }
        let input = self.operand_buffer(b.ctx, op, 0)?;
        let ty = buffer_of_tensor(b.ctx, b.ctx.value_type(result)).ok_or("unsupported result type")?;
        let input_claimed = self.claims.contains_key(&b.ctx.operation(op).operand(0));
        let buffer = match self.claims.get(&result) {
            // The input was written into a view of the output argument: the result is that argument.
            Some(_) if input_claimed => self.destination(b, result).ok_or("unsupported result type")?,
            _ => {
                let input = Self::row_major(b, input);
                let offset = b.ctx.buffer(b.ctx.value_type(input)).map_or(0, |l| l.offset);
                let layout = b.ctx.buffer(ty).expect("a buffer type").clone();
                let view_type = b.ctx.intern_buffer_type(BufferType { offset, ..layout });
                ViewOp::build(b, input, view_type, 0).result()
            }
        };
        self.buffers.insert(result, buffer);
        Ok(())
    }

    fn convert_transpose(&mut self, b: &mut Builder<'_>, op: OpId) -> Result<(), Fail> {
        let transpose = TransposeOp(op);
        let result = op.result(0);
        let perm = match transpose.perm_operand(b.ctx) {
            Some(operand) => constant_ints(b.ctx, operand).ok_or("its perm operand is not a constant")?,
            None => transpose.perm_values(b.ctx).ok_or("it has no perm")?,
        };
        let input = self.operand_buffer(b.ctx, op, 0)?;
        let layout = b.ctx.buffer(b.ctx.value_type(input)).ok_or("its input is not a buffer")?.clone();
        let perm: Vec<usize> = perm.iter().map(|&p| usize::try_from(p).unwrap_or(usize::MAX)).collect();
        if perm.len() != layout.rank() || perm.iter().any(|&p| p >= layout.rank()) {
            return Err("its perm does not fit the input".into());
        }
        let element = b.ctx.element_type(b.ctx.value_type(result));
        let view_type = b.ctx.intern_buffer_type(transposed_layout(&layout, &perm, element));
        let view = ViewOp::build(b, input, view_type, 0).result();
        let row_major = b.ctx.buffer(view_type).is_some_and(|l| l.has_row_major_strides());
        let buffer = if self.claims.contains_key(&result) {
            let target = self.destination(b, result).ok_or("unsupported result type")?;
            CopyOp::build(b, view, target);
            target
        } else if row_major || b.ctx.uses(result).all(|u| reads_strided(b.ctx, u.user)) {
            view
        } else {
            let target = self.destination(b, result).ok_or("unsupported result type")?;
            CopyOp::build(b, view, target);
            target
        };
        self.buffers.insert(result, buffer);
        Ok(())
    }

    /// A split, split_v or unpack: each used result a copy of the view of its piece of the
    /// input (where a later view-only form drops the copy); unused results get nothing.
    fn convert_split(&mut self, b: &mut Builder<'_>, op: OpId) -> Result<(), Fail> {
        let operation = b.ctx.operation(op);
        if let Some(index) =
            (1..operation.num_operands()).find(|&i| constant_ints(b.ctx, operation.operand(i)).is_none())
        {
            return Err(static_shapes_only(b.ctx, op, index).into());
        }
        let pieces = graph::pieces(b.ctx, op).ok_or("its pieces do not fit its input")?;
        let input = self.operand_buffer(b.ctx, op, 0)?;
        let layout = b.ctx.buffer(b.ctx.value_type(input)).ok_or("its input is not a buffer")?.clone();
        for index in 0..pieces.ranges.len() {
            let result = op.result(index);
            if b.ctx.uses(result).next().is_none() {
                continue;
            }
            let element = b.ctx.element_type(b.ctx.value_type(result));
            let piece = piece_layout(&layout, &pieces, index, element);
            let delta = piece.offset - layout.offset;
            let view_type = b.ctx.intern_buffer_type(piece);
            let view = ViewOp::build(b, input, view_type, delta).result();
            let target = self.destination(b, result).ok_or("unsupported result type")?;
            CopyOp::build(b, view, target);
            self.buffers.insert(result, target);
        }
        Ok(())
    }

    fn convert_var_handle(&mut self, b: &mut Builder<'_>, op: OpId) -> Result<(), Fail> {
        let handle = op.result(0);
        if let Some(user) =
            b.ctx.uses(handle).map(|u| u.user).find(|&user| {
                ReadVariableOp::cast(b.ctx, user).is_none() && AssignVariableOp::cast(b.ctx, user).is_none()
            })
        {
            return Err(format!("its handle is used by '{}'", b.ctx.op_name_of(user)).into());
        }
        let key = variable_key(b.ctx, handle).ok_or("it names no variable")?;
        let value_type = b.ctx.type_value(VarHandleOp(op).value_type(b.ctx)).ok_or("it has no value type")?;
        let ty = buffer_of_tensor(b.ctx, value_type).ok_or("a buffer cannot hold its value type")?;
        let buffer = match self.variables.get(&key) {
            Some(&buffer) => buffer,
            None => {
                let buffer = self.persistent_buffer(b, ty, &key.1);
                self.variables.insert(key, buffer);
                buffer
            }
        };
        if b.ctx.value_type(buffer) != ty {
            return Err("the variable is declared with another type".into());
        }
        self.handles.insert(handle, buffer);
        Ok(())
    }

    /// A new persistent buffer of type `ty` named `name`: one per variable (or other state), at
    /// the top of the function, in order.
    fn persistent_buffer(&mut self, b: &mut Builder<'_>, ty: Type, name: &str) -> Value {
        let ip = match self.last_persistent {
            Some(last) => InsertPoint::after(b.ctx, last),
            None => InsertPoint::before(b.ctx, b.ctx.first_op(self.block).expect("the function has ops")),
        };
        let mut top = Builder::at(b.ctx, ip, b.loc);
        let alloc = AllocOp::build(&mut top, ty, Role::Persistent);
        let name = top.ctx.string_attr(name);
        top.ctx.set_attr(alloc.op(), "name", Some(name));
        self.last_persistent = Some(alloc.op());
        alloc.result()
    }

    fn convert_read(&mut self, b: &mut Builder<'_>, op: OpId) -> Result<(), Fail> {
        let handle = ReadVariableOp(op).handle(b.ctx);
        if self.failed.contains(&handle) {
            return Err(Fail::Skip);
        }
        let variable = *self.handles.get(&handle).ok_or("its handle is not a graph.var_handle of the function")?;
        let result = op.result(0);
        let buffer = if self.snapshots.contains(&result) {
            let snapshot = self.destination(b, result).ok_or("unsupported result type")?;
            CopyOp::build(b, variable, snapshot);
            snapshot
        } else {
            variable
        };
        self.buffers.insert(result, buffer);
        Ok(())
    }

    fn convert_assign(&mut self, b: &mut Builder<'_>, op: OpId) -> Result<(), Fail> {
        let assign = AssignVariableOp(op);
        if self.failed.contains(&assign.handle(b.ctx)) {
            return Err(Fail::Skip);
        }
        let variable =
            *self.handles.get(&assign.handle(b.ctx)).ok_or("its handle is not a graph.var_handle of the function")?;
        let value = self.operand_buffer(b.ctx, op, 1)?;
        if value != variable {
            CopyOp::build(b, value, variable);
        }
        Ok(())
    }

    fn convert_kernel(&mut self, b: &mut Builder<'_>, op: OpId) -> Result<(), Fail> {
        let name = b.ctx.op_name_of(op);
        let short = name.strip_prefix("graph.").expect("a graph op").to_string();
        let operation = b.ctx.operation(op);
        let count = operation.num_operands();
        let (data, lists) = match graph::first_list_operand(name) {
            Some(first) if count > first => (first, graph::list_attributes(name)),
            _ => (count, &[][..]),
        };
        let mut attrs: Vec<(String, Attribute)> = b.ctx.dictionary_entries(operation.attr_dict()).to_vec();
        if let Some(props) = operation.properties() {
            attrs.extend(b.ctx.dictionary_entries(props).iter().cloned());
        }
        for (offset, &list) in lists.iter().enumerate() {
            let operand = b.ctx.operation(op).operand(data + offset);
            let values = constant_ints(b.ctx, operand)
                .ok_or_else(|| Fail::from(static_shapes_only(b.ctx, op, data + offset)))?;
            attrs.retain(|(n, _)| n != list);
            attrs.push((list.to_string(), i64_array_attr(b.ctx, &values)));
        }
        let strided = ELEMENTWISE_KERNELS.contains(&short.as_str());
        let mut inputs = Vec::with_capacity(data);
        for index in 0..data {
            let buffer = self.operand_buffer(b.ctx, op, index)?;
            inputs.push(if strided { buffer } else { Self::row_major(b, buffer) });
        }
        if b.ctx.operation(op).num_results() > 1 {
            return self.convert_results(b, op, &short, &inputs, attrs);
        }
        let result = op.result(0);
        let output = match self.state_in_place(b.ctx, op, 0) {
            Some(variable) => variable,
            None => self.destination(b, result).ok_or("unsupported result type")?,
        };
        attrs.sort_by(|x, y| x.0.cmp(&y.0));
        KernelOp::build(b, &short, &inputs, output, attrs);
        self.buffers.insert(result, output);
        Ok(())
    }

    /// The kernel of a graph op with several results (`lstm`): a buffer for each used result,
    /// none for an unused one (no kernel at all when none is used). A final state assigned back
    /// to the variable its operand read is written straight into that variable.
    fn convert_results(
        &mut self,
        b: &mut Builder<'_>,
        op: OpId,
        short: &str,
        inputs: &[Value],
        attrs: Vec<(String, Attribute)>,
    ) -> Result<(), Fail> {
        let mut outputs = Vec::new();
        for index in 0..b.ctx.operation(op).num_results() {
            let result = op.result(index);
            if !b.ctx.has_uses(result) {
                outputs.push(None);
                continue;
            }
            let output = match self.state_in_place(b.ctx, op, index) {
                Some(variable) => variable,
                None => self.destination(b, result).ok_or("unsupported result type")?,
            };
            self.buffers.insert(result, output);
            outputs.push(Some(output));
        }
        if outputs.iter().any(Option::is_some) {
            KernelOp::build_with_results(b, short, inputs, &outputs, attrs);
        }
        Ok(())
    }

    /// The variable buffer result `index` of `op` can be written into directly when `op`
    /// computes a new value of a state ([`updated_state`]), as TFLite Micro updates its state
    /// tensors in place: the state operand is that variable's buffer (read, no snapshot) and
    /// nothing else reads it; the result is assigned back to the same variable with no read of
    /// the variable between `op` and that assignment, and no other assignment to it before the
    /// result's last use.
    fn state_in_place(&self, ctx: &Context, op: OpId, index: usize) -> Option<Value> {
        let state = ctx.operation(op).operand(updated_state(ctx, op, index)?);
        let handle = ReadVariableOp::cast(ctx, ctx.defining_op(state)?)?.handle(ctx);
        let variable = *self.handles.get(&handle)?;
        if self.buffer(state) != Some(variable) || ctx.uses(state).count() != 1 {
            return None;
        }
        let key = variable_key(ctx, handle)?;
        let result = op.result(index);
        let assigns: Vec<AssignVariableOp> =
            ctx.uses(result).filter_map(|u| AssignVariableOp::cast(ctx, u.user)).collect();
        let [assign] = assigns.as_slice() else { return None };
        if variable_key(ctx, assign.handle(ctx)).as_ref() != Some(&key) {
            return None;
        }
        // Positions in `op`'s block; a use nested in a region counts at the region-carrying op.
        let block = ctx.operation(op).parent_block()?;
        let here = *self.positions.get(&op)?;
        let assigned = *self.positions.get(&ancestor_in(ctx, assign.op(), block).filter(|&a| a == assign.op())?)?;
        let users = ctx.uses(result).map(|u| ancestor_in(ctx, u.user, block)).collect::<Option<Vec<_>>>()?;
        let last_use = users.into_iter().map(|user| self.positions.get(&user).copied()).max()??;
        let touches = |between: OpId, position: usize| {
            ctx.walk_preorder(between).into_iter().any(|nested| {
                let read = ReadVariableOp::cast(ctx, nested).map(|read| read.handle(ctx));
                let written = AssignVariableOp::cast(ctx, nested).filter(|a| a != assign).map(|a| a.handle(ctx));
                (position < assigned && read.is_some_and(|h| variable_key(ctx, h).as_ref() == Some(&key)))
                    || written.is_some_and(|h| variable_key(ctx, h).as_ref() == Some(&key))
            })
        };
        let end = last_use.max(assigned);
        // The block holds the buffer ops converted so far too: graph ops by their positions (the
        // ops after `op`, not converted yet, still hold their regions).
        let conflict = ctx
            .block_ops(block)
            .any(|between| self.positions.get(&between).is_some_and(|&p| p > here && p <= end && touches(between, p)));
        (!conflict).then_some(variable)
    }

    /// Copies returned values no op wrote into their output arguments and drops tensor operands.
    fn convert_return(&mut self, ctx: &mut Context, op: OpId) {
        let operands: Vec<Value> = ctx.operation(op).operands().collect();
        let loc = ctx.operation(op).loc();
        let mut b = Builder::at(ctx, InsertPoint::before(ctx, op), loc);
        for (output, &result_index) in self.output_results.iter().enumerate() {
            let value = operands[result_index];
            if self.failed.contains(&value) {
                return;
            }
            let Some(buffer) = self.buffer(value) else {
                self.diags.push(
                    b.ctx
                        .op_error(op, format!("cannot be converted to buffers: operand #{result_index} has no buffer")),
                );
                return;
            };
            let out = self.out_args[output];
            if buffer != out {
                CopyOp::build(&mut b, buffer, out);
            }
        }
        let kept: Vec<Value> =
            operands.iter().enumerate().filter(|(i, _)| !self.output_results.contains(i)).map(|(_, &v)| v).collect();
        ctx.set_operands(op, &kept);
    }
}

/// The operand holding the state whose new value is result `index` of `op`: `svdf_state`'s
/// state, `lstm`'s hidden and cell states for its final ones, `circular_buffer`'s buffer for
/// its next one.
fn updated_state(ctx: &Context, op: OpId, index: usize) -> Option<usize> {
    match (ctx.op_name_of(op), index) {
        (graph::SvdfStateOp::NAME, 0) => Some(0),
        (graph::CircularBufferOp::NAME, 2) => Some(1),
        (graph::LstmOp::NAME, graph::LSTM_FINAL_HIDDEN_STATE) => Some(graph::LSTM_HIDDEN_STATE),
        (graph::LstmOp::NAME, graph::LSTM_FINAL_CELL_STATE) => Some(graph::LSTM_CELL_STATE),
        _ => None,
    }
}

/// True if `user` reads a transposed (strided) buffer as is: an elementwise kernel, another
/// transpose or a split (whose views compose the strides), a return (which copies into the
/// output argument) or an assignment (which copies into the variable).
fn reads_strided(ctx: &Context, user: OpId) -> bool {
    kernel_name(ctx, user).is_some_and(|short| ELEMENTWISE_KERNELS.contains(&short))
        || TransposeOp::cast(ctx, user).is_some()
        || is_split(ctx, user)
        || ReturnOp::cast(ctx, user).is_some()
        || AssignVariableOp::cast(ctx, user).is_some()
}

/// The error for a shape-like operand (`shape`, `axis`, `perm`, ...) of `op` that is no
/// constant: computed from data at run time, where mc compiles static shapes only.
fn static_shapes_only(ctx: &Context, op: OpId, index: usize) -> String {
    let short = ctx.op_name_of(op).strip_prefix("graph.").unwrap_or_default();
    let operator = support::by_op(short).map_or(short, |entry| entry.tflite);
    let full = ctx.op_name_of(op);
    let name = graph::first_list_operand(full)
        .and_then(|first| graph::list_attributes(full).get(index.checked_sub(first)?).copied())
        .unwrap_or("shape");
    format!(
        "{operator}'s '{name}' operand (#{index}) is computed at run time (a data-dependent shape): \
         mc compiles static shapes only"
    )
}

/// `(container, shared_name)` of the `graph.var_handle` defining `handle`.
fn variable_key(ctx: &Context, handle: Value) -> Option<(String, String)> {
    let def = ctx.defining_op(handle).and_then(|op| VarHandleOp::cast(ctx, op))?;
    let container = ctx.string_value(def.container(ctx))?.to_string();
    let shared_name = ctx.string_value(def.shared_name(ctx))?.to_string();
    Some((container, shared_name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::test_util::{parse, print};
    use mc_ir::FloatKind;

    /// The first function's body block and its return operands.
    fn body(ctx: &Context, module: OpId) -> (BlockId, Vec<Value>) {
        let func = FuncOp::cast(ctx, ctx.nested_ops(module)[0]).expect("a function");
        let block = func.entry_block(ctx).expect("a body");
        let ret = ctx.last_op(block).expect("a return");
        (block, ctx.operation(ret).operands().collect())
    }

    #[test]
    fn returned_values_claim_their_outputs_once() {
        let (ctx, module) = parse(
            r#"func.func @f(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<2x2xf32>, tensor<4xf32>) {
              %r = "graph.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
              %t = "graph.tanh"(%x) : (tensor<4xf32>) -> tensor<4xf32>
              %s = "graph.reshape"(%t) <{new_shape = array<i64: 2, 2>}> : (tensor<4xf32>) -> tensor<2x2xf32>
              return %r, %r, %s, %x : tensor<4xf32>, tensor<4xf32>, tensor<2x2xf32>, tensor<4xf32>
            }"#,
        );
        let (block, returned) = body(&ctx, module);
        let claims = output_destinations(&ctx, block, &returned, &FxHashSet::default());
        let (r, s, x) = (returned[0], returned[2], returned[3]);
        let t = ctx.operation(ctx.defining_op(s).expect("reshape")).operand(0);
        // %r: output 0 (output 1 copies it); %s and the tanh behind it: output 2; %x: nobody.
        assert_eq!(claims.get(&r), Some(&0));
        assert_eq!(claims.get(&s), Some(&2));
        assert_eq!(claims.get(&t), Some(&2));
        assert_eq!(claims.get(&x), None);
        assert_eq!(claims.len(), 3);
        // A read that is snapshotted is written by its copy.
        let snapshots: FxHashSet<Value> = [x].into_iter().collect();
        assert_eq!(
            output_destinations(&ctx, block, &returned, &snapshots).get(&x),
            None,
            "an argument is never claimed"
        );
    }

    #[test]
    fn transposed_layouts_permute_strides() {
        let mut ctx = Context::new();
        let f32 = ctx.float_type(FloatKind::F32);
        let nhwc = BufferType::identity(vec![1, 4, 5, 3], f32);
        let nchw = transposed_layout(&nhwc, &[0, 3, 1, 2], f32);
        assert_eq!((nchw.shape.clone(), nchw.strides.clone()), (vec![1, 3, 4, 5], vec![60, 1, 15, 3]));
        let back = transposed_layout(&nchw, &[0, 2, 3, 1], f32);
        assert!(back.is_identity_layout(), "{back:?}");
        // Only unit dimensions move: row-major.
        let unit = transposed_layout(&BufferType::identity(vec![1, 1, 64], f32), &[2, 0, 1], f32);
        assert_eq!((unit.shape, unit.strides), (vec![64, 1, 1], vec![1, 1, 1]));
        // The offset stays.
        let shifted =
            transposed_layout(&BufferType::identity(vec![2, 3], f32).with_layout(vec![3, 1], 6), &[1, 0], f32);
        assert_eq!((shifted.strides, shifted.offset), (vec![1, 3], 6));
    }

    #[test]
    fn a_model_converts_and_verifies() {
        let (mut ctx, module) = parse(
            r#"func.func @f(%x: tensor<1x4x4x2xf32>) -> tensor<1x8xf32> {
              %w = "graph.const"() <{value = dense<1.0> : tensor<3x1x1x2xf32>}> : () -> tensor<3x1x1x2xf32>
              %c = "graph.conv_2d"(%x, %w) <{stride_h = 2 : i64, stride_w = 2 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x4x4x2xf32>, tensor<3x1x1x2xf32>) -> tensor<1x2x2x3xf32>
              %t = "graph.transpose"(%c) <{perm = array<i64: 0, 3, 1, 2>}> : (tensor<1x2x2x3xf32>) -> tensor<1x3x2x2xf32>
              %r = "graph.relu"(%t) : (tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
              %s = "graph.strided_slice"(%r) <{begin = array<i64: 0, 0, 0, 0>, end = array<i64: 1, 2, 2, 2>, strides = array<i64: 1, 1, 1, 1>, begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64, offset = false}> : (tensor<1x3x2x2xf32>) -> tensor<1x2x2x2xf32>
              %f = "graph.reshape"(%s) <{new_shape = array<i64: 1, 8>}> : (tensor<1x2x2x2xf32>) -> tensor<1x8xf32>
              return %f : tensor<1x8xf32>
            }"#,
        );
        convert_module(&mut ctx, module).expect("converts");
        let printed = print(&ctx, module);
        assert!(!printed.contains("graph."), "{printed}");
        // The relu reads the transposed conv output as a strided view; the slice writes a view
        // of the output argument.
        assert!(printed.contains("-> !buffer<1x3x2x2xf32, strides: [12, 1, 6, 3], offset: 0>"), "{printed}");
        assert!(printed.contains("\"buffer.view\"(%arg1) : (!buffer<1x8xf32>) -> !buffer<1x2x2x2xf32>"), "{printed}");
        assert!(printed.contains("sym_name = \"cst\""), "{printed}");
    }
}
