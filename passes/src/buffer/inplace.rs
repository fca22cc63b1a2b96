//! `buffer-inplace`: an elementwise kernel writes its result over one of its inputs when that
//! is safe, and the output's alloc goes away.
//!
//! An elementwise `buffer.kernel` ([`ELEMENTWISE_KERNELS`]) whose output is a scratch
//! `buffer.alloc` takes over the buffer of input `x` when all of these hold (DESIGN.md §5):
//!
//! 1. **No growth**: the output is exactly as large as `x` (same element size, same storage
//!    bytes): a `dequantize` (i8 → f32) or a quantize from f32 never runs in place.
//! 2. **Same index, same element**: output element `i` depends only on element `i` of `x`: `x`
//!    has the output's shape (not broadcast) and layout, so each element is read before the
//!    same place is written and never read again; its element type is the output's or shares
//!    its storage width (a requantizing `quantize` i8 → i8; the output then becomes a
//!    `buffer.view` of `x` with the output's element type).
//! 3. **Last reader**: the kernel is the last reader of `x`'s storage: `x` is (a view of) a
//!    scratch alloc, not a function argument (caller memory, which may be read later), not a
//!    persistent buffer (a variable) and not a global; no op after the kernel uses that alloc
//!    or any view of it, and the kernel's other inputs do not read it through another view.
//!
//! Inputs are tried in order (`lhs` before `rhs`). Kernels are visited in block order, so a
//! chain `conv → relu → logistic` ends up in the convolution's buffer.
//!
//! ```mlir
//! %a = buffer.alloc() {role = "scratch"} : !buffer<1x8xf32>
//! buffer.kernel fully_connected ins(%x, %w : ...) outs(%a : !buffer<1x8xf32>) {...}
//! %b = buffer.alloc() {role = "scratch"} : !buffer<1x8xf32>
//! buffer.kernel relu ins(%a : !buffer<1x8xf32>) outs(%b : !buffer<1x8xf32>)
//! // becomes
//! %a = buffer.alloc() {role = "scratch"} : !buffer<1x8xf32>
//! buffer.kernel fully_connected ins(%x, %w : ...) outs(%a : !buffer<1x8xf32>) {...}
//! buffer.kernel relu ins(%a : !buffer<1x8xf32>) outs(%a : !buffer<1x8xf32>)
//! ```

use mc_dialects::buffer::layout::is_reinterpretable;
use mc_dialects::buffer::{AllocOp, ELEMENTWISE_KERNELS, KernelOp, Role, ViewOp, aliases, root_buffer};
use mc_ir::pass::{AnalysisManager, Pass};
use mc_ir::{BlockId, Builder, Context, Failure, InsertPoint, OpId, Value};
use rustc_hash::FxHashMap;

/// The `buffer-inplace` pass.
#[derive(Default)]
pub struct BufferInplace;

impl Pass for BufferInplace {
    fn argument(&self) -> &str {
        "buffer-inplace"
    }

    fn summary(&self) -> &str {
        "Run elementwise kernels in place over an input they read last"
    }

    fn description(&self) -> &str {
        "An elementwise buffer.kernel writes into an input's buffer, and its output alloc is \
         removed, when the output is no larger than the input, each output element depends only \
         on the same input element (same shape and layout, no broadcasting), and the kernel is \
         the last reader of the input's scratch alloc (not a function argument, persistent \
         buffer or global)."
    }

    fn run(&mut self, ctx: &mut Context, op: OpId, analyses: &mut AnalysisManager) -> Result<(), Failure> {
        if run_inplace(ctx, op) == 0 {
            analyses.mark_all_preserved();
        }
        Ok(())
    }
}

/// Why an input cannot take a kernel's output (or `Ok` with the alloc it would reuse).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The output alloc is larger than the input, or its elements are.
    Grows,
    /// The input is broadcast, laid out differently, or of an element type the output cannot
    /// view.
    NotSameIndex,
    /// The input's storage is not a scratch alloc: a function argument, a persistent buffer, a
    /// global.
    NotScratch,
    /// Another op reads the input's storage after the kernel (or the kernel reads it through
    /// another view).
    ReadLater,
}

/// Runs every elementwise kernel under `root` in place where the conditions allow; returns how
/// many were.
pub fn run_inplace(ctx: &mut Context, root: OpId) -> usize {
    super::kernel_blocks(ctx, root).into_iter().map(|block| run_in_block(ctx, block)).sum()
}

/// Position of each op of `block`.
fn positions(ctx: &Context, block: BlockId) -> FxHashMap<OpId, usize> {
    ctx.block_ops(block).enumerate().map(|(i, op)| (op, i)).collect()
}

fn run_in_block(ctx: &mut Context, block: BlockId) -> usize {
    let kernels: Vec<KernelOp> = ctx.block_ops(block).filter_map(|op| KernelOp::cast(ctx, op)).collect();
    let mut done = 0;
    for kernel in kernels {
        let elementwise = kernel.kernel_name(ctx).is_some_and(|name| ELEMENTWISE_KERNELS.contains(&name));
        let Some(out_alloc) = output_alloc(ctx, kernel).filter(|_| elementwise) else { continue };
        let positions = positions(ctx, block);
        // An input already in the output's storage (the kernel runs in place) is no candidate.
        let output = out_alloc.result();
        let candidate = kernel
            .inputs(ctx)
            .into_iter()
            .find(|&input| root_buffer(ctx, input) != output && check(ctx, kernel, input, &positions).is_ok());
        if let Some(input) = candidate {
            reuse(ctx, kernel, input, out_alloc);
            done += 1;
        }
    }
    done
}

/// The scratch alloc `kernel` writes, if its output is one (not a view, argument, ...).
fn output_alloc(ctx: &Context, kernel: KernelOp) -> Option<AllocOp> {
    let alloc = ctx.defining_op(kernel.output(ctx)).and_then(|op| AllocOp::cast(ctx, op))?;
    (alloc.role_value(ctx) == Some(Role::Scratch)).then_some(alloc)
}

/// The op of the block `positions` indexes that is or contains `op`.
fn in_block(ctx: &Context, mut op: OpId, positions: &FxHashMap<OpId, usize>) -> Option<usize> {
    loop {
        if let Some(&p) = positions.get(&op) {
            return Some(p);
        }
        op = ctx.parent_op(op)?;
    }
}

/// Checks the three conditions for `kernel` writing its output over `input`; `Ok` with the
/// alloc holding `input`'s storage.
pub fn check(
    ctx: &Context,
    kernel: KernelOp,
    input: Value,
    positions: &FxHashMap<OpId, usize>,
) -> Result<AllocOp, Refusal> {
    let (input_type, output_type) = (ctx.value_type(input), ctx.value_type(kernel.output(ctx)));
    let (Some(layout), Some(out)) = (ctx.buffer(input_type), ctx.buffer(output_type)) else {
        return Err(Refusal::NotSameIndex);
    };
    // 2. Same index: the output's shape (a broadcast input has fewer elements or zero
    // strides) and layout.
    if layout.shape != out.shape || layout.strides != out.strides || layout.offset != out.offset {
        return Err(Refusal::NotSameIndex);
    }
    // 1. No growth (with one shape and layout, elements of one size).
    if ctx.buffer_element_bytes(output_type) != ctx.buffer_element_bytes(input_type)
        || ctx.buffer_storage_bytes(output_type) > ctx.buffer_storage_bytes(input_type)
    {
        return Err(Refusal::Grows);
    }
    // 2. An element type the output can view (same storage width: not f32 as i32).
    if !is_reinterpretable(ctx, layout.element, out.element) {
        return Err(Refusal::NotSameIndex);
    }
    // 3. Last reader of a scratch alloc.
    let root = root_buffer(ctx, input);
    let alloc = ctx.defining_op(root).and_then(|op| AllocOp::cast(ctx, op));
    let Some(alloc) = alloc.filter(|a| a.role_value(ctx) == Some(Role::Scratch)) else {
        return Err(Refusal::NotScratch);
    };
    let here = positions.get(&kernel.op()).copied().ok_or(Refusal::ReadLater)?;
    for alias in aliases(ctx, root) {
        for u in ctx.uses(alias) {
            if ViewOp::cast(ctx, u.user).is_some() {
                continue;
            }
            if u.user == kernel.op() {
                if alias != input {
                    return Err(Refusal::ReadLater);
                }
                continue;
            }
            if in_block(ctx, u.user, positions).is_none_or(|p| p > here) {
                return Err(Refusal::ReadLater);
            }
        }
    }
    // The output may take the input's place only where the input is defined: the output
    // alloc is used at the kernel and after it, never before.
    let output = kernel.output(ctx);
    if ctx.uses(output).any(|u| in_block(ctx, u.user, positions).is_none_or(|p| p < here)) {
        return Err(Refusal::ReadLater);
    }
    Ok(alloc)
}

/// Makes `kernel` write over `input`: the output alloc's uses take `input` (or a view of it with
/// the output's element type), the alloc goes, and the input's alloc keeps the larger alignment.
fn reuse(ctx: &mut Context, kernel: KernelOp, input: Value, out_alloc: AllocOp) {
    let output = out_alloc.result();
    let (input_type, output_type) = (ctx.value_type(input), ctx.value_type(output));
    let replacement = if input_type == output_type {
        input
    } else {
        let loc = ctx.operation(kernel.op()).loc();
        let mut b = Builder::at(ctx, InsertPoint::before(ctx, kernel.op()), loc);
        ViewOp::build(&mut b, input, output_type, 0).result()
    };
    if let Some(root) = ctx.defining_op(root_buffer(ctx, input)).and_then(|op| AllocOp::cast(ctx, op)) {
        let alignment = root.alignment_value(ctx).max(out_alloc.alignment_value(ctx));
        root.set_alignment(ctx, alignment);
    }
    ctx.replace_all_uses_with(output, replacement);
    ctx.erase_op(out_alloc.op());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::test_util::{body_ops, parse, print};

    /// The refusal (or success) of each input of each elementwise kernel of the first function.
    fn verdicts(text: &str) -> Vec<Vec<Result<(), Refusal>>> {
        let (ctx, module) = parse(text);
        let func = ctx.nested_ops(module)[0];
        let block = ctx.operation(ctx.nested_ops(func)[0]).parent_block().expect("a body");
        let positions = positions(&ctx, block);
        ctx.block_ops(block)
            .filter_map(|op| KernelOp::cast(&ctx, op))
            .map(|k| k.inputs(&ctx).into_iter().map(|i| check(&ctx, k, i, &positions).map(|_| ())).collect())
            .collect()
    }

    fn func(args: &str, body: &str) -> String {
        format!(
            "\"func.func\"() <{{function_type = ({args}) -> (), sym_name = \"f\"}}> ({{\n^bb0({}):\n{body}  \"func.return\"() : () -> ()\n}}) : () -> ()",
            args.split(", ").enumerate().map(|(i, t)| format!("%a{i}: {t}")).collect::<Vec<_>>().join(", ")
        )
    }

    const ALLOC8: &str = "\"buffer.alloc\"() <{role = \"scratch\"}> : () -> !buffer<8xf32>";

    #[test]
    fn each_condition_refuses() {
        let text = func(
            "!buffer<8xf32>, !buffer<8xi8>",
            &format!(
                "  %x = {ALLOC8}\n  \"buffer.kernel\"(%a0, %x) <{{kernel = \"relu\"}}> : (!buffer<8xf32>, !buffer<8xf32>) -> ()\n\
                 \x20 %y = {ALLOC8}\n  \"buffer.kernel\"(%x, %y) <{{kernel = \"relu\"}}> : (!buffer<8xf32>, !buffer<8xf32>) -> ()\n\
                 \x20 %z = {ALLOC8}\n  \"buffer.kernel\"(%x, %z) <{{kernel = \"tanh\"}}> : (!buffer<8xf32>, !buffer<8xf32>) -> ()\n\
                 \x20 %d = {ALLOC8}\n  \"buffer.kernel\"(%a1, %d) <{{kernel = \"dequantize\"}}> : (!buffer<8xi8>, !buffer<8xf32>) -> ()\n"
            ),
        );
        // relu of an argument; relu of %x read again by tanh; tanh, the last reader; dequantize grows.
        let dequantize_input = "!buffer<8x!quant.uniform<i8:f32, 5.000000e-01>>";
        let text = text.replace("!buffer<8xi8>", dequantize_input);
        assert_eq!(
            verdicts(&text),
            vec![
                vec![Err(Refusal::NotScratch)],
                vec![Err(Refusal::ReadLater)],
                vec![Ok(())],
                vec![Err(Refusal::Grows)]
            ]
        );
    }

    #[test]
    fn broadcast_inputs_and_views_of_the_input_refuse() {
        let text = func(
            "!buffer<8xf32>",
            &format!(
                "  %x = {ALLOC8}\n  \"buffer.kernel\"(%a0, %x) <{{kernel = \"relu\"}}> : (!buffer<8xf32>, !buffer<8xf32>) -> ()\n\
                 \x20 %b = \"buffer.view\"(%x) : (!buffer<8xf32>) -> !buffer<4x8xf32, strides: [0, 1], offset: 0>\n\
                 \x20 %r = \"buffer.alloc\"() <{{role = \"scratch\"}}> : () -> !buffer<4x8xf32>\n\
                 \x20 %y = \"buffer.alloc\"() <{{role = \"scratch\"}}> : () -> !buffer<4x8xf32>\n\
                 \x20 \"buffer.kernel\"(%b, %r, %y) <{{kernel = \"add\"}}> {{fused_activation = \"NONE\"}} : (!buffer<4x8xf32, strides: [0, 1], offset: 0>, !buffer<4x8xf32>, !buffer<4x8xf32>) -> ()\n"
            ),
        );
        // The broadcast view of %x: not the same index. %r: fine (scratch, last reader).
        assert_eq!(verdicts(&text)[1], vec![Err(Refusal::NotSameIndex), Ok(())]);
    }

    #[test]
    fn chains_collapse_into_the_first_buffer() {
        let text = func(
            "!buffer<8xf32>, !buffer<8xf32>",
            &format!(
                "  %x = {ALLOC8}\n  \"buffer.kernel\"(%a0, %a0, %x) <{{kernel = \"add\"}}> {{fused_activation = \"NONE\"}} : (!buffer<8xf32>, !buffer<8xf32>, !buffer<8xf32>) -> ()\n\
                 \x20 %y = {ALLOC8}\n  \"buffer.kernel\"(%x, %y) <{{kernel = \"relu\"}}> : (!buffer<8xf32>, !buffer<8xf32>) -> ()\n\
                 \x20 %z = {ALLOC8}\n  \"buffer.kernel\"(%y, %z) <{{kernel = \"logistic\"}}> : (!buffer<8xf32>, !buffer<8xf32>) -> ()\n\
                 \x20 \"buffer.copy\"(%z, %a1) : (!buffer<8xf32>, !buffer<8xf32>) -> ()\n"
            ),
        );
        let (mut ctx, module) = parse(&text);
        assert_eq!(run_inplace(&mut ctx, module), 2);
        assert_eq!(
            body_ops(&ctx, module),
            ["buffer.alloc", "buffer.kernel", "buffer.kernel", "buffer.kernel", "buffer.copy", "func.return"]
        );
        let printed = print(&ctx, module);
        assert!(printed.contains("\"buffer.kernel\"(%0, %0) <{kernel = \"relu\"}>"), "{printed}");
        assert!(printed.contains("\"buffer.kernel\"(%0, %0) <{kernel = \"logistic\"}>"), "{printed}");
        assert!(printed.contains("\"buffer.copy\"(%0, %arg1)"), "{printed}");
        assert_eq!(run_inplace(&mut ctx, module), 0);
    }

    #[test]
    fn kernels_already_in_place_stay_so() {
        // The last kernel's result is read by nobody: a second run must not take its own
        // storage for a candidate.
        let text = func(
            "!buffer<8xf32>",
            &format!(
                "  %x = {ALLOC8}\n  \"buffer.kernel\"(%a0, %x) <{{kernel = \"relu\"}}> : (!buffer<8xf32>, !buffer<8xf32>) -> ()\n\
                 \x20 %y = {ALLOC8}\n  \"buffer.kernel\"(%x, %y) <{{kernel = \"tanh\"}}> : (!buffer<8xf32>, !buffer<8xf32>) -> ()\n"
            ),
        );
        let (mut ctx, module) = parse(&text);
        assert_eq!(run_inplace(&mut ctx, module), 1);
        let once = print(&ctx, module);
        assert!(once.contains("\"buffer.kernel\"(%0, %0) <{kernel = \"tanh\"}>"), "{once}");
        assert_eq!(run_inplace(&mut ctx, module), 0);
        assert_eq!(print(&ctx, module), once);
    }
}
