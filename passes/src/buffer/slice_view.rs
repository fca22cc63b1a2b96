//! `buffer-slice-views`: a `slice` or `strided_slice` kernel that reads one contiguous window
//! of its input becomes a `buffer.view` of the input at the window's offset; its output alloc
//! goes and its readers read the input's storage. No byte moves and no RAM is planned for it.
//!
//! A kernel is replaced when all of these hold:
//!
//! 1. **TFLite Micro slices it**: [`kernel_axes`] accepts it (what TFLM refuses stays a kernel,
//!    whose lowering reports the error).
//! 2. **One contiguous window**: every axis reads with stride 1 (or reads one index), and the
//!    window is one run of the row-major input ([`window_view_type`]: along the outermost
//!    non-unit dimension; channels of an NHWC tensor with `H·W > 1` are not).
//! 3. **Its own scratch output**: the output is a scratch `buffer.alloc` used only from the
//!    kernel on (an output argument is written by the kernel straight; a copy would cost the same).
//! 4. **The input stays put**: the input's storage is a scratch alloc, a function argument or a
//!    constant, and nothing writes it after the kernel (not a variable, which an assignment may
//!    change while the view is still read).
//!
//! A `buffer.copy` of a contiguous `buffer.view` into a scratch alloc (what `graph-to-buffer`
//! writes for each piece of a `SPLIT`, `SPLIT_V` or `UNPACK`) becomes a row-major view the same
//! way, under conditions 3 and 4: a split along the outermost non-unit dimension costs no RAM.
//!
//! Liveness treats every reader of a view as a reader of its root, so the input's storage now
//! lives until the view's last reader; `buffer-inplace` looks at all aliases of a root before
//! writing over it. The window rule is [`mc_dialects::buffer::contiguous_window_offset`],
//! which a split or unpack along the outermost non-unit dimension can use the same way.
//!
//! ```mlir
//! %s = buffer.alloc() {role = "scratch"} : !buffer<1x2x4xf32>
//! buffer.kernel slice ins(%x : !buffer<1x8x4xf32>) outs(%s : !buffer<1x2x4xf32>) {begin = array<i64: 0, 3, 0>, size = array<i64: 1, 2, 4>}
//! // becomes
//! %s = buffer.view %x {offset = 12 : i64} : !buffer<1x8x4xf32> to !buffer<1x2x4xf32, strides: [8, 4, 1], offset: 12>
//! ```

use crate::conversion::buffer_to_loop::strided_slice::kernel_axes;
use mc_dialects::buffer::{
    AllocOp, CopyOp, GetGlobalOp, KernelOp, Role, ViewOp, aliases, root_buffer, window_view_type,
};
use mc_ir::buffer::row_major_strides;
use mc_ir::pass::{AnalysisManager, Pass};
use mc_ir::{BlockId, BufferType, Builder, Context, Failure, InsertPoint, OpId, Value};
use rustc_hash::FxHashMap;

/// The `buffer-slice-views` pass.
#[derive(Default)]
pub struct BufferSliceViews;

impl Pass for BufferSliceViews {
    fn argument(&self) -> &str {
        "buffer-slice-views"
    }

    fn summary(&self) -> &str {
        "Make contiguous slices views of their input"
    }

    fn description(&self) -> &str {
        "A slice or strided_slice buffer.kernel that TFLite Micro accepts and that reads one \
         contiguous window of its row-major input (stride 1, along the outermost non-unit \
         dimension) becomes a buffer.view of the input at the window's offset, when its output \
         is its own scratch alloc and nothing writes the input's storage after it."
    }

    fn run(&mut self, ctx: &mut Context, op: OpId, analyses: &mut AnalysisManager) -> Result<(), Failure> {
        if make_slice_views(ctx, op) == 0 {
            analyses.mark_all_preserved();
        }
        Ok(())
    }
}

/// Replaces every slice kernel under `root` that may be a view by one; returns how many.
pub fn make_slice_views(ctx: &mut Context, root: OpId) -> usize {
    let mut done = 0;
    for block in super::kernel_blocks(ctx, root) {
        let kernels: Vec<KernelOp> = ctx.block_ops(block).filter_map(|op| KernelOp::cast(ctx, op)).collect();
        for kernel in kernels {
            if let Some(view) = slice_view(ctx, block, kernel) {
                replace(ctx, kernel.op(), kernel.inputs(ctx)[0], kernel.output(ctx), view);
                done += 1;
            }
        }
        let copies: Vec<CopyOp> = ctx.block_ops(block).filter_map(|op| CopyOp::cast(ctx, op)).collect();
        for copy in copies {
            if let Some((input, view)) = piece_view(ctx, block, copy) {
                let source = copy.source(ctx);
                replace(ctx, copy.op(), input, copy.target(ctx), view);
                if !ctx.has_uses(source) {
                    ctx.erase_op(ctx.defining_op(source).expect("a view"));
                }
                done += 1;
            }
        }
    }
    done
}

/// For a copy of a contiguous view into its own scratch buffer (a split's piece): the viewed
/// buffer and the row-major view type that may replace the copy's target.
fn piece_view(ctx: &Context, block: BlockId, copy: CopyOp) -> Option<(Value, BufferType)> {
    let (source, target) = (copy.source(ctx), copy.target(ctx));
    let view = ctx.defining_op(source).and_then(|op| ViewOp::cast(ctx, op))?;
    let (piece, result) = (ctx.buffer(ctx.value_type(source))?, ctx.buffer(ctx.value_type(target))?);
    if !piece.is_row_major_contiguous() || piece.shape != result.shape || piece.element != result.element {
        return None;
    }
    let positions: FxHashMap<OpId, usize> = ctx.block_ops(block).enumerate().map(|(i, op)| (op, i)).collect();
    let here = positions.get(&copy.op()).copied()?;
    own_scratch_output(ctx, target, here, &positions)?;
    let ty = BufferType::identity(result.shape.clone(), piece.element)
        .with_layout(row_major_strides(&result.shape), piece.offset);
    stays_put(ctx, source, here, &positions).then_some((view.source(ctx), ty))
}

/// Condition 3: `output` is a scratch alloc used only from position `here` on.
fn own_scratch_output(ctx: &Context, output: Value, here: usize, positions: &FxHashMap<OpId, usize>) -> Option<()> {
    let alloc = ctx.defining_op(output).and_then(|op| AllocOp::cast(ctx, op))?;
    let early_use = ctx.uses(output).any(|u| super::position_in(ctx, u.user, positions).is_none_or(|p| p < here));
    (alloc.role_value(ctx) == Some(Role::Scratch) && !early_use).then_some(())
}

/// The type of the view that may replace `kernel`'s output (a kernel of `block`), if the
/// conditions of the module docs hold.
pub fn slice_view(ctx: &Context, block: BlockId, kernel: KernelOp) -> Option<BufferType> {
    let name = kernel.kernel_name(ctx).filter(|&n| n == "slice" || n == "strided_slice")?;
    let input = *kernel.inputs(ctx).first()?;
    let output = kernel.output(ctx);
    let source = ctx.buffer(ctx.value_type(input))?;
    let result = ctx.buffer(ctx.value_type(output))?;
    // 1. TFLite Micro slices it; 2. one contiguous window of stride 1.
    let axes = kernel_axes(ctx, kernel.op(), name, &source.shape).ok()?;
    let (mut begin, mut size) = (vec![0; source.rank()], source.shape.clone());
    for axis in axes {
        let d = axis.input_dim?;
        let count = axis.size.unwrap_or(1);
        if axis.stride != 1 && count > 1 {
            return None;
        }
        (begin[d], size[d]) = (axis.start, count);
    }
    let view = window_view_type(source, &begin, &size, &result.shape)?;
    if result.element != source.element {
        return None;
    }
    // 3. Its own scratch output, used from the kernel on.
    let positions: FxHashMap<OpId, usize> = ctx.block_ops(block).enumerate().map(|(i, op)| (op, i)).collect();
    let here = positions.get(&kernel.op()).copied()?;
    own_scratch_output(ctx, output, here, &positions)?;
    // 4. The input's storage stays put.
    stays_put(ctx, input, here, &positions).then_some(view)
}

/// True if `value`'s storage is a scratch alloc, an argument or a constant that no op after
/// position `here` of the block `positions` indexes writes.
fn stays_put(ctx: &Context, value: Value, here: usize, positions: &FxHashMap<OpId, usize>) -> bool {
    let root = root_buffer(ctx, value);
    let kind_ok = match ctx.defining_op(root) {
        None => true,
        Some(def) => {
            GetGlobalOp::cast(ctx, def).is_some()
                || AllocOp::cast(ctx, def).is_some_and(|a| a.role_value(ctx) == Some(Role::Scratch))
        }
    };
    kind_ok
        && aliases(ctx, root).into_iter().all(|alias| {
            ctx.uses(alias).all(|u| {
                let after = super::position_in(ctx, u.user, positions).is_none_or(|p| p > here);
                !after || !super::may_write(ctx, u.user, alias)
            })
        })
}

/// Replaces `op` (a slice kernel or a piece's copy) and its `output` alloc by a view of `input`
/// typed `view`. The alloc's own views (a reshape of the slice) now start at the view's offset
/// into the input's storage.
fn replace(ctx: &mut Context, op: OpId, input: Value, output: Value, view: BufferType) {
    let source_offset = ctx.buffer(ctx.value_type(input)).map_or(0, |b| b.offset);
    let offset = view.offset - source_offset;
    super::shift_views(ctx, output, view.offset);
    let ty = ctx.intern_buffer_type(view);
    let loc = ctx.operation(op).loc();
    let mut b = Builder::at(ctx, InsertPoint::before(ctx, op), loc);
    let result = ViewOp::build(&mut b, input, ty, offset).result();
    let alloc = ctx.defining_op(output).expect("an alloc");
    ctx.erase_op(op);
    ctx.replace_all_uses_with(output, result);
    ctx.erase_op(alloc);
}
