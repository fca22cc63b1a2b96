//! `buffer-layer-hooks`: calls a weak, empty `@layer_hook(i32)` before every `buffer.kernel` of
//! the entry function and before its return, so an instruction counter that marks the hook's
//! entries (QEMU's icount plugin, `mc-emu --profile`) sees where each layer's instructions start
//! and end. Kernel `k` of the function (in block order) is layer `k`; the call before the return
//! carries the kernel count.
//!
//! The hook is defined here, empty, with `llvm.weak`: the LLVM backend gives it weak linkage
//! (symbol `<prefix>_layer_hook`), so a firmware may define its own, and LLVM never inlines or
//! drops the calls. Without this pass nothing is emitted: profiles cost nothing unless asked
//! for (`mcc --profile`). The calls sit between kernels, so elementwise kernels are no longer
//! fused across them.
//!
//! ```mlir
//! buffer.kernel conv_2d ins(...) outs(...)
//! func.return
//! // becomes
//! %c0_i32 = arith.constant 0 : i32
//! call @layer_hook(%c0_i32) : (i32) -> ()
//! buffer.kernel conv_2d ins(...) outs(...)
//! %c1_i32 = arith.constant 1 : i32
//! call @layer_hook(%c1_i32) : (i32) -> ()
//! func.return
//! // and, in the module:
//! func.func @layer_hook(%arg0: i32) attributes {llvm.weak} { func.return }
//! ```

use mc_dialects::arith::build::constant_int;
use mc_dialects::buffer::KernelOp;
use mc_dialects::func::{CallOp, FuncOp, ReturnOp};
use mc_ir::builtin::ModuleOp;
use mc_ir::pass::{AnalysisManager, Pass};
use mc_ir::{Builder, Context, Failure, InsertPoint, OpId};

/// The hook function's name in the IR (the backend prefixes its symbol).
pub const LAYER_HOOK: &str = "layer_hook";

/// The attribute that asks the LLVM backend for weak linkage.
pub const WEAK: &str = "llvm.weak";

/// The `buffer-layer-hooks` pass.
#[derive(Default)]
pub struct BufferLayerHooks;

impl Pass for BufferLayerHooks {
    fn argument(&self) -> &str {
        "buffer-layer-hooks"
    }

    fn summary(&self) -> &str {
        "Call a weak, empty @layer_hook(layer) before every buffer.kernel and before the return"
    }

    fn description(&self) -> &str {
        "For per-layer instruction counts: inserts func.call @layer_hook(k) before the k-th \
         buffer.kernel of every function holding kernels and func.call @layer_hook(n) before its \
         return (n kernels), and defines @layer_hook(i32) empty with llvm.weak (weak linkage)."
    }

    fn run(&mut self, ctx: &mut Context, op: OpId, _analyses: &mut AnalysisManager) -> Result<(), Failure> {
        insert_hooks(ctx, op);
        Ok(())
    }
}

/// Inserts the calls under `module` and the hook's definition; returns the calls inserted.
pub fn insert_hooks(ctx: &mut Context, module: OpId) -> usize {
    let mut calls = 0;
    for block in super::kernel_blocks(ctx, module) {
        let ops: Vec<OpId> = ctx.block_ops(block).collect();
        let mut layer = 0;
        for op in ops {
            if KernelOp::cast(ctx, op).is_some() || ReturnOp::cast(ctx, op).is_some() {
                call_hook(ctx, op, layer);
                layer += 1;
                calls += 1;
            }
        }
    }
    if calls > 0 {
        define_hook(ctx, module);
    }
    calls
}

/// `func.call @layer_hook(layer)` right before `op`.
fn call_hook(ctx: &mut Context, op: OpId, layer: i128) {
    let loc = ctx.operation(op).loc();
    let mut b = Builder::at(ctx, InsertPoint::before(ctx, op), loc);
    let i32 = b.ctx.integer_type(32);
    let value = constant_int(&mut b, layer, i32);
    let callee = b.ctx.symbol_ref_attr(LAYER_HOOK);
    b.create(CallOp::NAME, &[value], &[], vec![("callee".to_string(), callee)], Vec::new());
}

/// `func.func @layer_hook(%arg0: i32) attributes {llvm.weak} { func.return }` at the module's end.
fn define_hook(ctx: &mut Context, module: OpId) {
    let module = ModuleOp::cast(ctx, module).expect("the pass runs on a module");
    let loc = ctx.operation(module.op()).loc();
    let i32 = ctx.integer_type(32);
    let func = FuncOp::build(ctx, loc, LAYER_HOOK, vec![i32], Vec::new());
    let weak = ctx.unit_attr();
    ctx.set_attr(func.op(), WEAK, Some(weak));
    let body = func.entry_block(ctx).expect("built with a body");
    Builder::at(ctx, InsertPoint::end(body), loc).create(ReturnOp::NAME, &[], &[], Vec::new(), Vec::new());
    let end = module.body_end(ctx);
    ctx.insert_op(func.op(), end);
}
