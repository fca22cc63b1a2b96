//! The run a patch covers: the first kernels of a function body, each a windowed operator
//! reading the buffer the one before wrote and nothing else reading it, with each layer's
//! windows ([`AxisWindow`]) along height and width. A windowed kernel may be followed by unary
//! elementwise kernels running in place on its output (`buffer-inplace`'s doing: the same
//! buffer, or a view of it with other quantization, as a MobileNetV3's `hard_swish`): they
//! belong to its layer and run per tile with it.

use super::geometry::AxisWindow;
use mc_dialects::buffer::{AllocOp, ELEMENTWISE_KERNELS, KernelOp, STRIDED_ACTIVATION_KERNELS, ViewOp, root_buffer};
use mc_dialects::graph::shapes::Window;
use mc_dialects::graph::window_padding;
use mc_ir::{BlockId, Context, Diagnostic, Value};

/// The kernels a patch runs through: the windowed operators on NHWC buffers.
pub const WINDOWED_KERNELS: &[&str] = &["conv_2d", "depthwise_conv_2d", "avg_pool_2d", "max_pool_2d", "l2_pool_2d"];

/// One layer of a run.
#[derive(Clone, Debug)]
pub struct Layer {
    /// The kernel.
    pub kernel: KernelOp,
    /// The unary elementwise kernels after it, each in place on what the one before wrote.
    pub followers: Vec<KernelOp>,
    /// Its windows along height and width.
    pub windows: [AxisWindow; 2],
    /// Whether it reads its input and writes its output through any layout (else row-major).
    pub strided: bool,
}

impl Layer {
    /// What the layer leaves for the next: its last follower's output, else its kernel's.
    pub fn output(&self, ctx: &Context) -> Value {
        self.followers.last().unwrap_or(&self.kernel).output(ctx)
    }

    /// Its kernels: the windowed one, then the followers.
    pub fn kernels(&self) -> impl Iterator<Item = KernelOp> + '_ {
        std::iter::once(self.kernel).chain(self.followers.iter().copied())
    }
}

/// A run of layers, first first.
#[derive(Clone, Debug)]
pub struct Run {
    /// The layers.
    pub layers: Vec<Layer>,
    /// The buffer the first layer reads.
    pub input: Value,
    /// The buffer the last layer writes.
    pub output: Value,
}

impl Run {
    /// The last output's height and width.
    pub fn output_size(&self, ctx: &Context) -> [i64; 2] {
        let shape = &ctx.buffer(ctx.value_type(self.output)).expect("a buffer").shape;
        [shape[1], shape[2]]
    }

    /// The windows of every layer, first first.
    pub fn windows(&self) -> Vec<[AxisWindow; 2]> {
        self.layers.iter().map(|layer| layer.windows).collect()
    }
}

/// The run of the first `count` kernels of `block`.
///
/// # Errors
///
/// Fewer kernels than `count`; a kernel that is not windowed (the error names it and is at its
/// location); a layer whose output something besides the next layer uses, or which the next
/// layer does not read as its first input.
pub fn find_run(ctx: &Context, block: BlockId, count: usize, anchor: mc_ir::OpId) -> Result<Run, Diagnostic> {
    let kernels: Vec<KernelOp> = ctx.block_ops(block).filter_map(|op| KernelOp::cast(ctx, op)).collect();
    if kernels.len() < count {
        return Err(ctx.op_error(
            anchor,
            format!(
                "buffer-patch: the run of {count} layers is longer than the {} kernels of the function",
                kernels.len()
            ),
        ));
    }
    let mut layers: Vec<Layer> = Vec::with_capacity(count);
    let mut next = 0;
    for index in 0..count {
        let Some(&kernel) = kernels.get(next) else {
            return Err(ctx.op_error(
                anchor,
                format!("buffer-patch: the run of {count} layers is longer than the function's windowed kernels"),
            ));
        };
        next += 1;
        let name = kernel.kernel_name(ctx).unwrap_or("?");
        if !WINDOWED_KERNELS.contains(&name) {
            return Err(ctx.op_error(
                kernel.op(),
                format!(
                    "buffer-patch: layer {} ('{name}') is not a windowed operator; a patch runs through {} (each \
                     followed by any unary elementwise kernels running in place on its output)",
                    index + 1,
                    WINDOWED_KERNELS.join(", ")
                ),
            ));
        }
        if let Some(previous) = layers.last() {
            check_link(ctx, previous, kernel, index)?;
        }
        let mut followers = Vec::new();
        while let Some(&follower) = kernels.get(next).filter(|f| follows_in_place(ctx, **f, kernel, &followers)) {
            followers.push(follower);
            next += 1;
        }
        layers.push(Layer {
            kernel,
            followers,
            windows: windows(ctx, kernel, name)
                .map_err(|why| ctx.op_error(kernel.op(), format!("buffer-patch: {why}")))?,
            strided: STRIDED_ACTIVATION_KERNELS.contains(&name),
        });
    }
    let output = layers[count - 1].output(ctx);
    Ok(Run { input: kernels[0].inputs(ctx)[0], output, layers })
}

/// True if `candidate` is a unary elementwise kernel running in place on what windowed `kernel`
/// and its `followers` so far wrote last: it reads that and writes the same storage, whole.
fn follows_in_place(ctx: &Context, candidate: KernelOp, kernel: KernelOp, followers: &[KernelOp]) -> bool {
    let last = followers.last().unwrap_or(&kernel).output(ctx);
    let shape = |value: Value| ctx.buffer(ctx.value_type(value)).map(|b| b.shape.clone());
    let output = candidate.output(ctx);
    ELEMENTWISE_KERNELS.contains(&candidate.kernel_name(ctx).unwrap_or("?"))
        && candidate.inputs(ctx) == [last]
        && root_buffer(ctx, output) == root_buffer(ctx, last)
        && shape(output) == shape(last)
}

/// Checks that `next` (layer `index`, from 0) reads what `previous` wrote last, in an alloc
/// only `previous`'s kernels, views of it for them, and `next` use.
fn check_link(ctx: &Context, previous: &Layer, next: KernelOp, index: usize) -> Result<(), Diagnostic> {
    let written = previous.output(ctx);
    let error = |why: &str| {
        Err(ctx.op_error(next.op(), format!("buffer-patch: layer {} does not continue the run: {why}", index + 1)))
    };
    if next.inputs(ctx).first() != Some(&written) {
        return error("its first input is not the previous layer's output");
    }
    let root = root_buffer(ctx, written);
    if ctx.defining_op(root).and_then(|op| AllocOp::cast(ctx, op)).is_none() {
        return error("the previous layer's output is not a buffer of its own");
    }
    let kernels: Vec<_> = previous.kernels().map(|k| k.op()).chain([next.op()]).collect();
    let allowed = |user: mc_ir::OpId| {
        kernels.contains(&user)
            || ViewOp::cast(ctx, user).is_some_and(|view| ctx.uses(view.result()).all(|u| kernels.contains(&u.user)))
    };
    let roots: Vec<Value> = next.inputs(ctx)[1..].iter().map(|&v| root_buffer(ctx, v)).collect();
    if !ctx.uses(root).all(|u| allowed(u.user)) || roots.contains(&root) {
        return error("the previous layer's output is used elsewhere too");
    }
    Ok(())
}

/// The windows of windowed kernel `kernel` (named `name`) along height and width.
fn windows(ctx: &Context, kernel: KernelOp, name: &str) -> Result<[AxisWindow; 2], String> {
    let shape = |value: Value| ctx.buffer(ctx.value_type(value)).map(|b| b.shape.clone()).unwrap_or_default();
    let int = |attr: &str| {
        ctx.attr(kernel.op(), attr)
            .and_then(|a| ctx.integer_value(a))
            .and_then(|v| i64::try_from(v).ok())
            .ok_or_else(|| format!("'{name}' has no integer '{attr}'"))
    };
    let inputs = kernel.inputs(ctx);
    let input = shape(inputs[0]);
    if input.len() != 4 {
        return Err(format!("'{name}' reads a {}-D input, not NHWC", input.len()));
    }
    let (filter, dilation) = if name.ends_with("pool_2d") {
        ([int("filter_h")?, int("filter_w")?], [1, 1])
    } else {
        let filter = inputs.get(1).map(|&f| shape(f)).unwrap_or_default();
        if filter.len() != 4 {
            return Err(format!("'{name}' has no 4-D filter"));
        }
        ([filter[1], filter[2]], [int("dilation_h")?, int("dilation_w")?])
    };
    let padding = window_padding(ctx, kernel.op()).ok_or_else(|| format!("'{name}' has no valid padding"))?;
    let window = Window { filter, stride: [int("stride_h")?, int("stride_w")?], dilation, padding };
    let spatial = [input[1], input[2]];
    let before = window.padding_before(spatial)?;
    Ok([0, 1].map(|a| AxisWindow {
        filter: filter[a],
        stride: window.stride[a],
        dilation: dilation[a],
        pad_before: before[a],
        input: spatial[a],
    }))
}
