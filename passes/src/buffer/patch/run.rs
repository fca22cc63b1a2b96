//! The run a patch covers: the first kernels of a function body, each a windowed operator
//! reading the buffer the one before wrote and nothing else reading it, with each layer's
//! windows ([`AxisWindow`]) along height and width.

use super::geometry::AxisWindow;
use mc_dialects::buffer::{AllocOp, KernelOp, STRIDED_ACTIVATION_KERNELS, root_buffer};
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
    /// Its windows along height and width.
    pub windows: [AxisWindow; 2],
    /// Whether it reads its input and writes its output through any layout (else row-major).
    pub strided: bool,
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
    let kernels: Vec<KernelOp> = ctx.block_ops(block).filter_map(|op| KernelOp::cast(ctx, op)).take(count).collect();
    if kernels.len() < count {
        return Err(ctx.op_error(
            anchor,
            format!(
                "buffer-patch: the run of {count} layers is longer than the {} kernels of the function",
                kernels.len()
            ),
        ));
    }
    let mut layers = Vec::with_capacity(count);
    for (index, &kernel) in kernels.iter().enumerate() {
        let name = kernel.kernel_name(ctx).unwrap_or("?");
        if !WINDOWED_KERNELS.contains(&name) {
            return Err(ctx.op_error(
                kernel.op(),
                format!(
                    "buffer-patch: layer {} ('{name}') is not a windowed operator; a patch runs through {}",
                    index + 1,
                    WINDOWED_KERNELS.join(", ")
                ),
            ));
        }
        if index > 0 {
            check_link(ctx, kernels[index - 1], kernel, index)?;
        }
        layers.push(Layer {
            kernel,
            windows: windows(ctx, kernel, name)
                .map_err(|why| ctx.op_error(kernel.op(), format!("buffer-patch: {why}")))?,
            strided: STRIDED_ACTIVATION_KERNELS.contains(&name),
        });
    }
    Ok(Run { input: kernels[0].inputs(ctx)[0], output: kernels[count - 1].output(ctx), layers })
}

/// Checks that `next` (layer `index`, from 0) reads what `previous` wrote, an alloc nothing else
/// uses.
fn check_link(ctx: &Context, previous: KernelOp, next: KernelOp, index: usize) -> Result<(), Diagnostic> {
    let written = previous.output(ctx);
    let error = |why: &str| {
        Err(ctx.op_error(next.op(), format!("buffer-patch: layer {} does not continue the run: {why}", index + 1)))
    };
    if next.inputs(ctx).first() != Some(&written) {
        return error("its first input is not the previous layer's output");
    }
    let is_alloc = root_buffer(ctx, written) == written
        && ctx.defining_op(written).and_then(|op| AllocOp::cast(ctx, op)).is_some();
    if !is_alloc {
        return error("the previous layer's output is not a buffer of its own");
    }
    let users: Vec<_> = ctx.uses(written).map(|u| u.user).collect();
    if users.iter().any(|&user| user != previous.op() && user != next.op()) || next.inputs(ctx)[1..].contains(&written)
    {
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
