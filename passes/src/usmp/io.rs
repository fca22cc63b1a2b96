//! I/O in the workspace (`usmp{use-workspace-io=true}`, TVM's option of the same name): a
//! function's buffer arguments — the model's inputs and outputs, caller memory otherwise — are
//! planned into the scratch pools like every other buffer, so the caller needs no memory of its
//! own for them and the planner may reuse their bytes once an input is read or before an output
//! is written.
//!
//! Each buffer argument becomes a `buffer.alloc {role = "scratch"}` at the top of the function,
//! named `input<i>` or `output<i>` (an argument some op writes — a store, a copy's target, a
//! kernel's output — is an output; the others are inputs, as bufferization orders them). An
//! input is live from the first step (the caller wrote it before the call) to its last use, an
//! output from its first use to the last step (the caller reads it after). The function loses
//! the arguments, and its `usmp.io` attribute says where each one went, so a runtime writes the
//! inputs into the pool and reads the outputs from it:
//!
//! ```mlir
//! func.func @main() attributes {usmp.io = [
//!     {index = 0 : i64, kind = "input", name = "input0", offset = 0 : i64,
//!      pool = @sram_scratch, type = !buffer<1x8xf32>}, ...]}
//! ```
//!
//! The residency report marks the same buffers (`"io": "input 0"`). The buffer arguments must
//! come after any scalar ones.

use super::banks::Bank;
use super::liveness::ModuleLiveness;
use super::pass::{RolePlan, pool_name};
use mc_dialects::buffer::{AllocOp, CopyOp, KernelOp, Role, root_buffer};
use mc_dialects::func::FuncOp;
use mc_dialects::loops::StoreOp;
use mc_ir::{AttrKind, Builder, Context, Failure, InsertPoint, OpId, Value};

/// Whether an argument was read or written by the function.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Kind {
    Input,
    Output,
}

impl Kind {
    fn as_str(self) -> &'static str {
        match self {
            Kind::Input => "input",
            Kind::Output => "output",
        }
    }
}

/// One argument turned into an alloc.
#[derive(Clone, Debug)]
struct IoBuffer {
    func: OpId,
    alloc: AllocOp,
    kind: Kind,
    /// Its position among the function's inputs, or outputs.
    index: usize,
}

/// The arguments of a module's functions turned into allocs.
#[derive(Clone, Debug, Default)]
pub struct IoBuffers {
    buffers: Vec<IoBuffer>,
}

/// True if an op in `func` writes `arg` (or a view of it).
fn written(ctx: &Context, func: OpId, arg: Value) -> bool {
    ctx.walk_preorder(func).into_iter().any(|op| {
        let targets = if let Some(store) = StoreOp::cast(ctx, op) {
            vec![store.buffer(ctx)]
        } else if let Some(copy) = CopyOp::cast(ctx, op) {
            vec![copy.target(ctx)]
        } else if let Some(kernel) = KernelOp::cast(ctx, op) {
            kernel.outputs(ctx)
        } else {
            return false;
        };
        targets.into_iter().any(|target| root_buffer(ctx, target) == arg)
    })
}

impl IoBuffers {
    /// Turns the buffer arguments of every function of `module` into scratch allocs at the top
    /// of its body, and drops them from the signature.
    ///
    /// # Errors
    ///
    /// A function with a buffer argument before a scalar one, at the function.
    pub fn bind(ctx: &mut Context, module: OpId) -> Result<IoBuffers, Failure> {
        let mut buffers = Vec::new();
        let funcs: Vec<FuncOp> = ctx.nested_ops(module).into_iter().filter_map(|op| FuncOp::cast(ctx, op)).collect();
        for func in funcs {
            let Some(body) = func.entry_block(ctx) else { continue };
            let args = ctx.block_args(body);
            let is_buffer: Vec<bool> = args.iter().map(|&a| ctx.buffer(ctx.value_type(a)).is_some()).collect();
            let first = is_buffer.iter().position(|&b| b).unwrap_or(args.len());
            if is_buffer[first..].iter().any(|&b| !b) {
                return Err(ctx
                    .op_error(
                        func.op(),
                        "usmp: use-workspace-io needs a function's buffer arguments after its scalar ones",
                    )
                    .into());
            }
            let kinds: Vec<Kind> = args[first..]
                .iter()
                .map(|&a| if written(ctx, func.op(), a) { Kind::Output } else { Kind::Input })
                .collect();
            let loc = ctx.operation(func.op()).loc();
            let mut counts = [0usize; 2];
            let anchor = ctx.first_op(body);
            for (&arg, &kind) in args[first..].iter().zip(&kinds) {
                let index = counts[kind as usize];
                counts[kind as usize] += 1;
                let ty = ctx.value_type(arg);
                let ip = match anchor {
                    Some(op) => InsertPoint::before(ctx, op),
                    None => InsertPoint::end(body),
                };
                let alloc = AllocOp::build(&mut Builder::at(ctx, ip, loc), ty, Role::Scratch);
                let name = ctx.string_attr(&format!("{}{index}", kind.as_str()));
                ctx.set_attr(alloc.op(), "name", Some(name));
                ctx.replace_all_uses_with(arg, alloc.result());
                buffers.push(IoBuffer { func: func.op(), alloc, kind, index });
            }
            ctx.truncate_block_args(body, first);
            let (inputs, results) = func.signature(ctx);
            let ty = ctx.function_type(inputs[..first].to_vec(), results);
            let ty = ctx.type_attr(ty);
            ctx.set_attr(func.op(), "function_type", Some(ty));
            if let Some(arg_attrs) = ctx.attr(func.op(), "arg_attrs") {
                let AttrKind::Array(entries) = ctx.attr_kind(arg_attrs).clone() else { continue };
                let kept = ctx.array_attr(entries[..first.min(entries.len())].to_vec());
                ctx.set_attr(func.op(), "arg_attrs", Some(kept));
            }
        }
        Ok(IoBuffers { buffers })
    }

    /// Inputs live from the first step, outputs to the last.
    pub fn extend_live_ranges(&self, liveness: &mut ModuleLiveness) {
        for (func, live) in &mut liveness.functions {
            let Ok(live) = live else { continue };
            let last = live.steps.saturating_sub(1);
            for io in self.buffers.iter().filter(|io| io.func == *func) {
                let Some(buffer) = live.buffers.iter_mut().find(|b| b.alloc == io.alloc) else { continue };
                match io.kind {
                    Kind::Input => buffer.request.live.start = 0,
                    Kind::Output => buffer.request.live.end = last,
                }
            }
        }
    }

    /// `input 0`, `output 1`: what `alloc` was, if an argument.
    pub fn label(&self, alloc: AllocOp) -> Option<String> {
        let io = self.buffers.iter().find(|io| io.alloc == alloc)?;
        Some(format!("{} {}", io.kind.as_str(), io.index))
    }

    /// Sets each function's `usmp.io` attribute from the plans: per former argument, in order,
    /// its kind, index, name, pool, offset and type.
    pub(super) fn record(
        &self,
        ctx: &mut Context,
        banks: &[Bank],
        liveness: &ModuleLiveness,
        plans: &[(OpId, Vec<RolePlan>)],
    ) {
        for ((func, role_plans), (_, live)) in plans.iter().zip(&liveness.functions) {
            let Ok(live) = live else { continue };
            let mut entries = Vec::new();
            for kind in [Kind::Input, Kind::Output] {
                for io in self.buffers.iter().filter(|io| io.func == *func && io.kind == kind) {
                    let placed = role_plans.iter().find_map(|plan| {
                        let k = plan.buffers.iter().position(|&b| live.buffers[b].alloc == io.alloc)?;
                        Some((pool_name(&banks[plan.bank].name, plan.role), plan.solution.placement.offsets[k]))
                    });
                    let Some((pool, offset)) = placed else { continue };
                    let i64_type = ctx.integer_type(64);
                    let ty = ctx.operation(io.alloc.op()).result_type(0);
                    let fields = vec![
                        ("kind".to_string(), ctx.string_attr(kind.as_str())),
                        ("index".to_string(), ctx.integer_attr(io.index as i128, i64_type)),
                        ("name".to_string(), ctx.string_attr(&format!("{}{}", kind.as_str(), io.index))),
                        ("pool".to_string(), ctx.symbol_ref_attr(&pool)),
                        ("offset".to_string(), ctx.integer_attr(i128::from(offset), i64_type)),
                        ("type".to_string(), ctx.type_attr(ty)),
                    ];
                    entries.push(ctx.dictionary_attr(fields));
                }
            }
            if !entries.is_empty() {
                let attr = ctx.array_attr(entries);
                ctx.set_attr(*func, "usmp.io", Some(attr));
            }
        }
    }
}
