//! `buffer-transpose-views`: the layout transposes at a model's edges cost no copy. PyTorch
//! exports (ai-edge-torch, onnx2tf) turn the NCHW input into NHWC with a `TRANSPOSE` and may turn
//! an NHWC result back into NCHW with another; `graph-to-buffer` writes each as a `buffer.copy` of
//! a strided `buffer.view` whenever a reader needs row-major buffers. Kernels that read and write
//! their activations through any layout ([`accepts_strided_operand`]: the elementwise kernels,
//! `conv_2d` and `depthwise_conv_2d`) need no copy:
//!
//! - **Input edge**: a copy of a strided view of a function argument (the caller's input) into a
//!   scratch alloc becomes that view, when every reader of the alloc takes a strided buffer at
//!   the operand it reads (the first convolution, also with a folded `PAD`), or is a copy reading
//!   it, and nothing writes the argument. The alloc goes; the readers read the caller's buffer.
//! - **Output edge**: a copy of a strided view of a scratch alloc into a function argument (the
//!   caller's output) goes, when one kernel writes the alloc and may write a strided output, and
//!   the alloc has no other use: the kernel writes the output argument through the inverse
//!   transpose's view, and the alloc goes.
//!
//! Where an edge transpose must stay a copy, its planned buffer (the input's copy, or the
//! alloc the output's copy reads) gets the attribute `not_a_view` saying which op needs
//! row-major data, and the residency report shows it. Inner transposes are left to
//! `graph-to-buffer` (a view for elementwise readers): there a strided convolution input would
//! lose the contiguous channel loop the kernels are fast with, for RAM the planner reuses anyway.
//!
//! ```mlir
//! %v = buffer.view %arg0 : !buffer<1x3x8x8xi8> to !buffer<1x8x8x3xi8, strides: [192, 8, 1, 64], offset: 0>
//! %t = buffer.alloc() {role = "scratch"} : !buffer<1x8x8x3xi8>
//! buffer.copy %v, %t : ...
//! buffer.kernel conv_2d ins(%t, %w, %b : ...) outs(...)
//! // becomes
//! %v = buffer.view %arg0 : !buffer<1x3x8x8xi8> to !buffer<1x8x8x3xi8, strides: [192, 8, 1, 64], offset: 0>
//! buffer.kernel conv_2d ins(%v, %w, %b : ...) outs(...)
//! ```

use super::position_in;
use mc_dialects::buffer::{AllocOp, CopyOp, KernelOp, Role, ViewOp, accepts_strided_operand, aliases, root_buffer};
use mc_ir::pass::{AnalysisManager, Pass};
use mc_ir::{BlockId, BufferType, Builder, Context, Failure, InsertPoint, OpId, Value};
use rustc_hash::FxHashMap;

/// The discardable attribute of an alloc holding an edge transpose's copy (or its producer's
/// output): why the transpose is not a view.
pub const NOT_A_VIEW: &str = "not_a_view";

/// The `buffer-transpose-views` pass.
#[derive(Default)]
pub struct BufferTransposeViews;

impl Pass for BufferTransposeViews {
    fn argument(&self) -> &str {
        "buffer-transpose-views"
    }

    fn summary(&self) -> &str {
        "Make the transposes of model inputs and outputs strided views"
    }

    fn description(&self) -> &str {
        "A buffer.copy of a strided view of a function argument (a model input's TRANSPOSE) \
         becomes the view itself when every reader takes strided buffers (elementwise kernels, \
         conv_2d and depthwise_conv_2d at their input); a copy of a strided view of a kernel's \
         output into a function argument (a model output's TRANSPOSE) goes when that kernel may \
         write a strided output, which then writes the argument through the inverse view. Where \
         not, the alloc gets `not_a_view` naming the op that needs row-major data."
    }

    fn run(&mut self, ctx: &mut Context, op: OpId, analyses: &mut AnalysisManager) -> Result<(), Failure> {
        if make_transpose_views(ctx, op) == 0 {
            analyses.mark_all_preserved();
        }
        Ok(())
    }
}

/// Makes every edge transpose under `root` that may be a view one; returns how many.
pub fn make_transpose_views(ctx: &mut Context, root: OpId) -> usize {
    let mut done = 0;
    for block in super::kernel_blocks(ctx, root) {
        let copies: Vec<CopyOp> = ctx.block_ops(block).filter_map(|op| CopyOp::cast(ctx, op)).collect();
        for copy in copies {
            let outcome = match edge(ctx, copy) {
                Some(Edge::Input(view)) => input_view(ctx, block, copy, view),
                Some(Edge::Output(view, alloc)) => output_view(ctx, copy, view, alloc),
                None => continue,
            };
            match outcome {
                Ok(true) => done += 1,
                Ok(false) => {}
                Err((alloc, reason)) => {
                    let note = format!("{} {reason}", describe(ctx, copy));
                    let attr = ctx.string_attr(&note);
                    ctx.set_attr(alloc.op(), NOT_A_VIEW, Some(attr));
                }
            }
        }
    }
    done
}

/// What became of an edge transpose: a view (`true`), left alone (`false`), or a copy because of
/// the reason given, noted on the alloc.
type Outcome = Result<bool, (AllocOp, String)>;

/// Which edge a copy is the transpose of.
enum Edge {
    /// It copies this strided view of an argument (a model input) into an alloc.
    Input(ViewOp),
    /// It copies this strided view of the scratch alloc into an argument (a model output).
    Output(ViewOp, AllocOp),
}

/// The edge `copy` transposes, if it copies a strided view of an argument or into an argument.
fn edge(ctx: &Context, copy: CopyOp) -> Option<Edge> {
    let (source, target) = (copy.source(ctx), copy.target(ctx));
    let view = ctx.defining_op(source).and_then(|op| ViewOp::cast(ctx, op))?;
    let (seen, viewed) = (ctx.buffer(ctx.value_type(source))?, ctx.buffer(ctx.value_type(view.source(ctx)))?);
    // A transpose: a strided view of every element of its source.
    let count = |b: &BufferType| b.shape.iter().product::<i64>();
    if seen.has_row_major_strides() || seen.offset != viewed.offset || count(seen) != count(viewed) {
        return None;
    }
    let is_argument = |value: Value| ctx.defining_op(root_buffer(ctx, value)).is_none();
    if is_argument(view.source(ctx)) {
        return Some(Edge::Input(view));
    }
    let alloc = ctx.defining_op(view.source(ctx)).and_then(|op| AllocOp::cast(ctx, op))?;
    (is_argument(target) && alloc.role_value(ctx) == Some(Role::Scratch)).then_some(Edge::Output(view, alloc))
}

/// `TRANSPOSE 'name' of a model input` or `... to a model output`, for notes.
fn describe(ctx: &Context, copy: CopyOp) -> String {
    let name = ctx.loc_name(ctx.operation(copy.op()).loc()).unwrap_or("?");
    let to_output = ctx.defining_op(root_buffer(ctx, copy.target(ctx))).is_none();
    let edge = if to_output { "to the model output" } else { "of the model input" };
    format!("TRANSPOSE '{name}' {edge} is a copy:")
}

/// `'name' (kernel)` of a user op, for notes.
fn user_text(ctx: &Context, user: OpId) -> String {
    let name = ctx.loc_name(ctx.operation(user).loc()).unwrap_or("?");
    let kind = KernelOp::cast(ctx, user).and_then(|k| k.kernel_name(ctx)).unwrap_or(ctx.op_name_of(user));
    format!("'{name}' ({kind})")
}

/// The input edge: the copy's target alloc is replaced by `view` if its readers allow; else the
/// alloc and why not.
fn input_view(ctx: &mut Context, block: BlockId, copy: CopyOp, view: ViewOp) -> Outcome {
    let target = copy.target(ctx);
    // A copy into the caller's output (a returned transpose of an input) is the one copy needed.
    let Some(alloc) = ctx.defining_op(target).and_then(|op| AllocOp::cast(ctx, op)) else { return Ok(false) };
    let refuse = |reason: String| Err((alloc, reason));
    if alloc.role_value(ctx) != Some(Role::Scratch) {
        return refuse("its buffer is not scratch".into());
    }
    let positions: FxHashMap<OpId, usize> = ctx.block_ops(block).enumerate().map(|(i, op)| (op, i)).collect();
    let Some(here) = positions.get(&copy.op()).copied() else { return Ok(false) };
    for u in ctx.uses(target) {
        if u.user == copy.op() {
            continue;
        }
        if position_in(ctx, u.user, &positions).is_none_or(|p| p < here) {
            return refuse(format!("{} uses it before", user_text(ctx, u.user)));
        }
        if let Some(kernel) = KernelOp::cast(ctx, u.user) {
            let (name, inputs) = (kernel.kernel_name(ctx).unwrap_or(""), kernel.inputs(ctx).len());
            let index = u.index as usize;
            if index == inputs {
                return refuse(format!("{} writes it", user_text(ctx, u.user)));
            }
            if !accepts_strided_operand(name, index, inputs) {
                return refuse(format!("{} reads row-major input #{index} only", user_text(ctx, u.user)));
            }
        } else if CopyOp::cast(ctx, u.user).is_none_or(|c| c.source(ctx) != target) {
            return refuse(format!("{} needs row-major data", user_text(ctx, u.user)));
        }
    }
    // The caller's input stays put while the readers read it.
    let argument = root_buffer(ctx, view.result());
    let written = aliases(ctx, argument).into_iter().any(|alias| {
        ctx.uses(alias).any(|u| {
            position_in(ctx, u.user, &positions).is_none_or(|p| p > here) && super::may_write(ctx, u.user, alias)
        })
    });
    if written {
        return refuse("its argument is written later".into());
    }
    ctx.erase_op(copy.op());
    ctx.replace_all_uses_with(target, view.result());
    ctx.erase_op(alloc.op());
    Ok(true)
}

/// The output edge: the kernel writing `alloc` writes the copy's target through the inverse of
/// `view`'s transpose if it may; else the alloc and why not.
fn output_view(ctx: &mut Context, copy: CopyOp, view: ViewOp, alloc: AllocOp) -> Outcome {
    let refuse = |reason: String| Err((alloc, reason));
    let result = alloc.result();
    let mut writer = None;
    for u in ctx.uses(result) {
        if u.user == view.op() && ctx.uses(view.result()).all(|v| v.user == copy.op()) {
            continue;
        }
        match KernelOp::cast(ctx, u.user) {
            Some(kernel) if kernel.output(ctx) == result && writer.is_none() => writer = Some(kernel),
            _ => return refuse(format!("{} reads the untransposed tensor too", user_text(ctx, u.user))),
        }
    }
    let Some(kernel) = writer else { return refuse("no kernel writes its input".into()) };
    let (name, inputs) = (kernel.kernel_name(ctx).unwrap_or(""), kernel.inputs(ctx).len());
    if !accepts_strided_operand(name, inputs, inputs) {
        return refuse(format!("{} writes row-major output only", user_text(ctx, kernel.op())));
    }
    let target = copy.target(ctx);
    let (Some(written), Some(seen), Some(out)) = (
        ctx.buffer(ctx.value_type(result)).cloned(),
        ctx.buffer(ctx.value_type(view.result())).cloned(),
        ctx.buffer(ctx.value_type(target)).cloned(),
    ) else {
        return Ok(false);
    };
    let Some(layout) = inverse_layout(&written, &seen, &out) else {
        return refuse("its view is not a transpose of the whole buffer".into());
    };
    let ty = ctx.intern_buffer_type(layout);
    let loc = ctx.operation(kernel.op()).loc();
    let mut b = Builder::at(ctx, InsertPoint::before(ctx, kernel.op()), loc);
    let target_offset = b.ctx.buffer(b.ctx.value_type(target)).map_or(0, |l| l.offset);
    let offset = b.ctx.buffer(ty).map_or(0, |l| l.offset) - target_offset;
    let through = ViewOp::build(&mut b, target, ty, offset).result();
    let operands = ctx.operation(kernel.op()).num_operands();
    ctx.set_operand(kernel.op(), operands - 1, through);
    ctx.erase_op(copy.op());
    ctx.erase_op(view.op());
    ctx.erase_op(alloc.op());
    Ok(true)
}

/// The layout through which writing `written` (a row-major alloc) fills `out` as the copy of
/// `seen` (a transposed view of the alloc) would: dimension `k` of the alloc gets the strides of
/// the dimension of `out` that `seen` maps to it. `None` unless `seen` permutes the alloc's
/// dimensions (same offset, each dimension of `seen` a distinct one of the alloc, same size and
/// stride) and `out` has `seen`'s shape.
pub fn inverse_layout(written: &BufferType, seen: &BufferType, out: &BufferType) -> Option<BufferType> {
    if seen.offset != written.offset || seen.shape != out.shape || seen.rank() != written.rank() {
        return None;
    }
    let mut strides = vec![None; written.rank()];
    for (j, (&size, &stride)) in seen.shape.iter().zip(&seen.strides).enumerate() {
        let k = (0..written.rank())
            .find(|&k| strides[k].is_none() && written.shape[k] == size && written.strides[k] == stride)?;
        strides[k] = Some(out.strides[j]);
    }
    let strides = strides.into_iter().collect::<Option<Vec<i64>>>()?;
    Some(BufferType { shape: written.shape.clone(), element: written.element, strides, offset: out.offset })
}

#[cfg(test)]
mod tests {
    use super::*;
    use mc_ir::FloatKind;

    #[test]
    fn the_inverse_layout_writes_where_the_copy_would() {
        let mut ctx = Context::new();
        let f32 = ctx.float_type(FloatKind::F32);
        // An NHWC 1x2x3x4 alloc seen as NCHW 1x4x2x3, copied into a row-major NCHW output.
        let written = BufferType::identity(vec![1, 2, 3, 4], f32);
        let seen = written.with_layout(vec![24, 1, 12, 4], 0);
        let seen = BufferType { shape: vec![1, 4, 2, 3], ..seen };
        let out = BufferType::identity(vec![1, 4, 2, 3], f32);
        let layout = inverse_layout(&written, &seen, &out).unwrap();
        assert_eq!(layout.strides, vec![24, 3, 1, 6]);
        // Element (0, y, x, c) of the alloc is element (0, c, y, x) of the output.
        let at = |s: &[i64], i: [i64; 4]| s.iter().zip(i).map(|(a, b)| a * b).sum::<i64>();
        assert_eq!(at(&layout.strides, [0, 1, 2, 3]), at(&out.strides, [0, 3, 1, 2]));
        // A view that is not a permutation of the whole alloc (a slice) has no inverse.
        let half = BufferType { shape: vec![1, 2, 2, 3], ..seen.clone() };
        assert!(inverse_layout(&written, &half, &BufferType::identity(vec![1, 2, 2, 3], f32)).is_none());
    }
}
