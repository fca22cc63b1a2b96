//! `buffer.kernel`: one graph operator in destination-passing style.
//!
//! The op names the graph op it computes (`kernel = "conv_2d"`) and carries that op's
//! attributes; its operands are the graph op's data operands (the inputs, read) followed by the
//! buffer it writes (the output; for a graph op with several results, one buffer per used result,
//! listed by the `results` attribute). Everything the graph op's verifier and shape rule check is
//! checked on the buffers' shapes and element types through a graph [`Signature`], so the TFLite
//! rules live once, in the graph dialect. Shape-like lists (`perm`, `axes`, `paddings`,
//! `begin`/`end`/`strides`) are attributes, never operands.

use crate::graph::{self, Shaped, Signature};
use mc_ir::parser::{OpAsmParser, ParseResult, lexer::TokenKind};
use mc_ir::printer::attributes::type_to_string;
use mc_ir::printer::{OpAsmPrinter, PrintFailed, PrintResult};
use mc_ir::{Attribute, Builder, Context, Diagnostic, OpId, OperationState, Type, Value, define_op};

/// The graph ops that run as kernels, by their names without the `graph.` prefix. The others
/// are not operators on buffers: `const` is a `buffer.global`, `reshape`, `squeeze` and
/// `expand_dims` a `buffer.view`,
/// `transpose` a strided `buffer.view` (or a `buffer.copy` of one), `split`, `split_v` and
/// `unpack` a `buffer.copy` of a strided view per result, and the variable ops a persistent
/// `buffer.alloc` with copies.
pub const KERNELS: &[&str] = &[
    "conv_2d",
    "depthwise_conv_2d",
    "transpose_conv",
    "fully_connected",
    "batch_matmul",
    "add",
    "sub",
    "mul",
    "maximum",
    "minimum",
    "neg",
    "abs",
    "rsqrt",
    "sqrt",
    "exp",
    "log",
    "square",
    "sin",
    "cos",
    "floor",
    "ceil",
    "round",
    "elu",
    "div",
    "floor_div",
    "floor_mod",
    "squared_difference",
    "add_n",
    "equal",
    "not_equal",
    "less",
    "less_equal",
    "greater",
    "greater_equal",
    "logical_and",
    "logical_or",
    "logical_not",
    "select_v2",
    "avg_pool_2d",
    "max_pool_2d",
    "l2_pool_2d",
    "softmax",
    "log_softmax",
    "l2_normalization",
    "logistic",
    "tanh",
    "relu",
    "relu6",
    "relu_n1_to_1",
    "leaky_relu",
    "prelu",
    "hard_swish",
    "mean",
    "sum",
    "cumsum",
    "reduce_max",
    "reduce_min",
    "reduce_all",
    "arg_max",
    "arg_min",
    "pad",
    "padv2",
    "mirror_pad",
    "concatenation",
    "reverse_v2",
    "pack",
    "broadcast_to",
    "strided_slice",
    "slice",
    "dynamic_update_slice",
    "gather",
    "gather_nd",
    "embedding_lookup",
    "shape",
    "zeros_like",
    "fill",
    "broadcast_args",
    "resize_bilinear",
    "resize_nearest_neighbor",
    "depth_to_space",
    "space_to_depth",
    "space_to_batch_nd",
    "batch_to_space_nd",
    "quantize",
    "dequantize",
    "svdf_state",
    "svdf",
    "lstm",
    "circular_buffer",
    "cast",
    "detection_postprocess",
    "signal_window",
    "signal_fft_auto_scale",
    "signal_rfft",
    "signal_irfft",
    "signal_energy",
    "signal_filter_bank",
    "signal_filter_bank_square_root",
    "signal_filter_bank_spectral_subtraction",
    "signal_pcan",
    "signal_filter_bank_log",
    "signal_delay",
    "signal_framer",
    "signal_stacker",
    "signal_overlap_add",
];

/// Elementwise kernels: output element `i` is computed from input element `i` of each input
/// (broadcast inputs repeat elements). Their loop nests read every input and write the output
/// through its own strides and offset, so they accept strided buffers of any layout; these are
/// the consumers a transpose may feed as a view, and the kernels `buffer-inplace` may run in
/// place. Every other kernel reads and writes row-major buffers (an offset is allowed).
pub const ELEMENTWISE_KERNELS: &[&str] = &[
    "add",
    "sub",
    "mul",
    "maximum",
    "minimum",
    "neg",
    "abs",
    "rsqrt",
    "sqrt",
    "exp",
    "log",
    "square",
    "sin",
    "cos",
    "floor",
    "ceil",
    "round",
    "elu",
    "div",
    "floor_div",
    "floor_mod",
    "squared_difference",
    "add_n",
    "equal",
    "not_equal",
    "less",
    "less_equal",
    "greater",
    "greater_equal",
    "logical_and",
    "logical_or",
    "logical_not",
    "select_v2",
    "logistic",
    "tanh",
    "relu",
    "relu6",
    "relu_n1_to_1",
    "leaky_relu",
    "prelu",
    "hard_swish",
    "quantize",
    "dequantize",
    "cast",
];

/// The kernels that can compute their output rows in decreasing order (`row_order =
/// "descending"`): the windowed ones, whose rows are independent units (the memory planner can
/// then overlap their output with the top of their input, see `buffer.overlap`).
pub const ROW_REVERSIBLE_KERNELS: &[&str] =
    &["conv_2d", "depthwise_conv_2d", "avg_pool_2d", "max_pool_2d", "l2_pool_2d"];

/// The order in which a kernel computes the rows (outermost non-batch dimension, batches taken
/// in the same order) of its output. It never changes the values computed, only which input
/// bytes are still to be read when an output byte is written.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum RowOrder {
    /// First row first (the default, TFLite's order).
    #[default]
    Ascending,
    /// Last row first.
    Descending,
}

impl RowOrder {
    /// The attribute spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            RowOrder::Ascending => "ascending",
            RowOrder::Descending => "descending",
        }
    }

    /// The order spelled `text`.
    pub fn parse(text: &str) -> Option<RowOrder> {
        [RowOrder::Ascending, RowOrder::Descending].into_iter().find(|o| o.as_str() == text)
    }
}

/// The windowed kernels whose nests read their first input (the activation) and write their
/// output element by element through the buffers' strides and offsets, whatever the layout:
/// `buffer-transpose-views` lets them read a model input's transpose and write a model output's
/// transpose as strided views. Their filters and biases stay row-major.
pub const STRIDED_ACTIVATION_KERNELS: &[&str] = &["conv_2d", "depthwise_conv_2d"];

/// True if kernel `name` (without prefix), with `inputs` inputs, accepts a buffer of any layout
/// as operand `index` (the output is operand `inputs`): every operand of an elementwise kernel,
/// the first input and the output of a [`STRIDED_ACTIVATION_KERNELS`] kernel.
pub fn accepts_strided_operand(name: &str, index: usize, inputs: usize) -> bool {
    ELEMENTWISE_KERNELS.contains(&name)
        || (STRIDED_ACTIVATION_KERNELS.contains(&name) && (index == 0 || index == inputs))
}

/// True if `name` (without prefix) is a kernel.
pub fn is_kernel(name: &str) -> bool {
    KERNELS.contains(&name)
}

define_op! {
    /// Runs the graph operator `kernel` on the input buffers, writing the output buffer (the
    /// last operand; the last operands for a graph op with several results, see `results`):
    /// destination-passing style, no results.
    ///
    /// | operand | meaning |
    /// |---|---|
    /// | `inputs...` | the graph op's data operands, in its order (a bias is the third input of a convolution) |
    /// | `outputs...` | the buffers written, of the shapes and element types the graph op's results would have: one, or one per entry of `results` |
    ///
    /// | attribute | meaning |
    /// |---|---|
    /// | `kernel` | the graph op's name without `graph.` (one of [`KERNELS`]) |
    /// | `row_order` | optional `"ascending"` (default) or `"descending"` ([`RowOrder`]; descending only for [`ROW_REVERSIBLE_KERNELS`]) |
    /// | `results` | optional `array<i64>`, increasing: which of the graph op's results the outputs are, for an op with several (`graph.lstm`: 0 the sequence, 1 and 2 the final states; an unused result has no buffer); absent: one output, result 0 |
    /// | the graph op's own | `stride_h`, `padding`, `fused_activation`, `perm`, `axes`, ... as the graph dialect spells them |
    ///
    /// Layouts: [`ELEMENTWISE_KERNELS`] take buffers of any layout, [`STRIDED_ACTIVATION_KERNELS`]
    /// a first input and an output of any layout; everything else is row-major.
    ///
    /// ```mlir
    /// buffer.kernel conv_2d ins(%in, %w, %b : !buffer<1x49x10x1x!qi>, !buffer<64x10x4x1x!qw>, !buffer<64x!qb>)
    ///     outs(%alloc : !buffer<1x25x5x64x!qo>) {dilation_h = 1 : i64, ..., padding = "SAME"}
    /// ```
    pub struct KernelOp = "buffer.kernel" {
        summary: "graph operator in destination-passing style",
        traits: [],
        operands: variadic,
        results: [],
        attributes: [kernel: String],
        optional_attributes: [row_order: String, results: DenseArray],
        verify: verify_kernel,
        print: print_kernel,
        parse: parse_kernel,
    }
}

impl KernelOp {
    /// The graph op's rules applied to the kernel: its inputs as the operands, its output buffer
    /// as the result, its own attributes (`None` if `kernel` names no graph op or there is no
    /// output).
    pub fn signature(self, ctx: &Context) -> Option<Signature<'_>> {
        let short = self.kernel_name(ctx)?;
        let name = graph::op_name(short)?;
        let types: Vec<Type> = ctx.operation(self.0).operands().map(|v| ctx.value_type(v)).collect();
        let result_indices = self.result_indices(ctx)?;
        let first_output = types.len().checked_sub(result_indices.len())?;
        Some(Signature {
            op: self.0,
            name,
            operands: types[..first_output].to_vec(),
            results: types[first_output..].to_vec(),
            result_indices,
            shaped: Shaped::Buffer,
            prefix: format!("{short}: "),
        })
    }

    /// Builds `buffer.kernel` computing `kernel` (without prefix) from `inputs` into `output`,
    /// with the graph op's attributes `attrs`.
    pub fn build(
        b: &mut Builder<'_>,
        kernel: &str,
        inputs: &[Value],
        output: Value,
        attrs: Vec<(String, Attribute)>,
    ) -> Self {
        let mut all = vec![("kernel".to_string(), b.ctx.string_attr(kernel))];
        all.extend(attrs.into_iter().filter(|(name, _)| name != "kernel"));
        let operands: Vec<Value> = inputs.iter().copied().chain([output]).collect();
        KernelOp(b.create(Self::NAME, &operands, &[], all, vec![]))
    }

    /// Builds `buffer.kernel` computing the results of a graph op with several: `outputs` holds
    /// a buffer for result `i` at `i` (`None`: the result is unused and gets none). The
    /// `results` attribute records which results the outputs are.
    pub fn build_with_results(
        b: &mut Builder<'_>,
        kernel: &str,
        inputs: &[Value],
        outputs: &[Option<Value>],
        mut attrs: Vec<(String, Attribute)>,
    ) -> Self {
        let indices: Vec<i64> = (0..outputs.len()).filter(|&i| outputs[i].is_some()).map(|i| i as i64).collect();
        attrs.retain(|(name, _)| name != "results");
        attrs.push(("results".to_string(), crate::graph::attributes::i64_array_attr(b.ctx, &indices)));
        attrs.sort_by(|x, y| x.0.cmp(&y.0));
        let mut all = vec![("kernel".to_string(), b.ctx.string_attr(kernel))];
        all.extend(attrs.into_iter().filter(|(name, _)| name != "kernel"));
        let operands: Vec<Value> = inputs.iter().copied().chain(outputs.iter().flatten().copied()).collect();
        KernelOp(b.create(Self::NAME, &operands, &[], all, vec![]))
    }

    /// Which of the graph op's results the outputs are (`results`; `[0]` without it), `None`
    /// if the attribute is no array of indices.
    pub fn result_indices(self, ctx: &Context) -> Option<Vec<usize>> {
        match self.results(ctx) {
            None => Some(vec![0]),
            Some(attr) => crate::graph::attributes::i64_array(ctx, attr)?
                .into_iter()
                .map(|index| usize::try_from(index).ok())
                .collect(),
        }
    }

    /// How many trailing operands are outputs (at most all of them).
    fn num_outputs(self, ctx: &Context) -> usize {
        let count = self.result_indices(ctx).map_or(1, |indices| indices.len());
        count.max(1).min(ctx.operation(self.0).num_operands())
    }

    /// The kernel's name without prefix (`conv_2d`), if the attribute is a string.
    pub fn kernel_name(self, ctx: &Context) -> Option<&str> {
        ctx.string_value(self.kernel(ctx))
    }

    /// The order it computes its output rows in (`None` if `row_order` is not one of the
    /// spellings).
    pub fn row_order_value(self, ctx: &Context) -> Option<RowOrder> {
        match self.row_order(ctx) {
            None => Some(RowOrder::Ascending),
            Some(attr) => ctx.string_value(attr).and_then(RowOrder::parse),
        }
    }

    /// The inputs (every operand but the outputs).
    pub fn inputs(self, ctx: &Context) -> Vec<Value> {
        let operation = ctx.operation(self.0);
        operation.operands().take(operation.num_operands() - self.num_outputs(ctx)).collect()
    }

    /// The first output (the only one but for a graph op with several results).
    pub fn output(self, ctx: &Context) -> Value {
        self.outputs(ctx)[0]
    }

    /// The outputs (the last operands, one per entry of `results`).
    pub fn outputs(self, ctx: &Context) -> Vec<Value> {
        let operation = ctx.operation(self.0);
        operation.operands().skip(operation.num_operands() - self.num_outputs(ctx)).collect()
    }

    /// The buffer written for the graph op's result `index`, if the kernel writes one.
    pub fn result_output(self, ctx: &Context, index: usize) -> Option<Value> {
        let position = self.result_indices(ctx)?.iter().position(|&i| i == index)?;
        self.outputs(ctx).get(position).copied()
    }
}

fn verify_kernel(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let kernel = KernelOp(op);
    let error = |message: String| ctx.op_error(op, message);
    let Some(short) = kernel.kernel_name(ctx) else { return };
    let name = graph::op_name(short).filter(|_| is_kernel(short));
    let (Some(name), Some(shape)) = (name, name.and_then(graph::op_shape)) else {
        diags.push(error(format!(
            "'kernel' must name a graph op with a kernel ({}), but is \"{short}\"",
            KERNELS.join(", ")
        )));
        return;
    };
    let operation = ctx.operation(op);
    let graph_results = shape.results.unwrap_or(1);
    match kernel.result_indices(ctx) {
        Some(indices)
            if !indices.is_empty()
                && indices.windows(2).all(|pair| pair[0] < pair[1])
                && indices.iter().all(|&i| i < graph_results) => {}
        _ => {
            diags.push(error(format!(
                "'results' must list increasing indices of {name}'s {graph_results} result(s), at least one"
            )));
            return;
        }
    }
    let outputs = kernel.result_indices(ctx).map_or(1, |indices| indices.len());
    if operation.num_operands() < outputs {
        let wanted = if outputs == 1 {
            "an output buffer as its last operand".to_string()
        } else {
            format!("{outputs} output buffers as its last operands")
        };
        diags.push(error(format!("requires {wanted}")));
        return;
    }
    let before = diags.len();
    for (index, value) in operation.operands().enumerate() {
        let ty = ctx.value_type(value);
        if !ctx.is_buffer_type(ty) {
            diags.push(error(format!("operand #{index} must be a buffer, but got '{}'", type_to_string(ctx, ty))));
        }
    }
    let inputs = operation.num_operands() - outputs;
    let (min, mut max) = shape.operand_range();
    if let Some(first_list) = graph::first_list_operand(name) {
        max = Some(first_list);
    }
    let expected = match max {
        Some(max) if max == min => format!("{min}"),
        Some(max) => format!("{min} to {max}"),
        None => format!("at least {}", min.max(1)),
    };
    if inputs < min.max(1) || max.is_some_and(|max| inputs > max) {
        let lists = graph::list_attributes(name);
        let hint = if lists.is_empty() { String::new() } else { format!(" ('{}' are attributes)", lists.join("', '")) };
        diags.push(error(format!("kernel '{short}' takes {expected} inputs{hint}, but has {inputs}")));
    }
    shape.verify_attributes(ctx, op, diags);
    match kernel.row_order_value(ctx) {
        None => diags.push(error(format!(
            "'row_order' must be \"ascending\" or \"descending\", but is {}",
            mc_ir::printer::attributes::attr_to_string(ctx, kernel.row_order(ctx).expect("given"))
        ))),
        Some(RowOrder::Descending) if !ROW_REVERSIBLE_KERNELS.contains(&short) => diags.push(error(format!(
            "kernel '{short}' computes its rows in ascending order only (descending: {})",
            ROW_REVERSIBLE_KERNELS.join(", ")
        ))),
        Some(_) => {}
    }
    for (index, value) in operation.operands().enumerate() {
        if !accepts_strided_operand(short, index, inputs)
            && ctx.buffer(ctx.value_type(value)).is_some_and(|b| !b.has_row_major_strides())
        {
            let what = if index >= inputs { "output".to_string() } else { format!("input #{index}") };
            diags.push(error(format!(
                "kernel '{short}' needs row-major buffers, but {what} is '{}' (elementwise kernels take strided \
                 buffers, {} a strided input #0 and output)",
                type_to_string(ctx, ctx.value_type(value)),
                STRIDED_ACTIVATION_KERNELS.join(" and ")
            )));
        }
    }
    if diags.len() > before {
        return;
    }
    if let Some(signature) = kernel.signature(ctx) {
        graph::verify::verify_signature(ctx, signature, diags);
    }
}

/// Prints `kernel_name ins(%a, %b : t1, t2) outs(%c : t3) {attrs}`.
fn print_kernel(p: &mut OpAsmPrinter<'_, '_>, op: OpId) -> PrintResult {
    let ctx = p.ctx();
    let kernel = KernelOp(op);
    let name = ctx.attr(op, "kernel").and_then(|a| ctx.string_value(a)).ok_or(PrintFailed)?;
    if ctx.operation(op).num_operands() == 0 {
        return Err(PrintFailed);
    }
    let (inputs, outputs) = (kernel.inputs(ctx), kernel.outputs(ctx));
    p.print(" ");
    p.print_keyword_or_string(name);
    p.print(" ins(");
    p.print_operands(inputs.iter().copied());
    if !inputs.is_empty() {
        p.print(" : ");
        let types: Vec<Type> = inputs.iter().map(|&v| ctx.value_type(v)).collect();
        p.print_types(&types);
    }
    p.print(") outs(");
    p.print_operands(outputs.iter().copied());
    p.print(" : ");
    let types: Vec<Type> = outputs.iter().map(|&v| ctx.value_type(v)).collect();
    p.print_types(&types);
    p.print(")");
    let attrs = p.op_attributes(op);
    p.print_optional_attr_dict(&attrs, &["kernel"]);
    Ok(())
}

/// Parses what [`print_kernel`] prints.
fn parse_kernel(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let Some(name) = p.parse_optional_keyword_or_string()? else {
        return Err(p.error_here("expected the kernel name"));
    };
    p.parse_keyword("ins")?;
    p.parse_punct(TokenKind::LParen)?;
    let at = p.current_offset();
    let inputs = p.parse_operand_list()?;
    let input_types = if inputs.is_empty() { Vec::new() } else { p.parse_colon_type_list()? };
    p.parse_punct(TokenKind::RParen)?;
    let mut operands = p.resolve_operands(&inputs, &input_types, at)?;
    p.parse_keyword("outs")?;
    p.parse_punct(TokenKind::LParen)?;
    let at = p.current_offset();
    let outputs = p.parse_operand_list()?;
    let output_types = p.parse_colon_type_list()?;
    p.parse_punct(TokenKind::RParen)?;
    operands.extend(p.resolve_operands(&outputs, &output_types, at)?);
    let kernel = p.string_attr(&name);
    state.attrs.push(("kernel".to_string(), kernel));
    p.parse_optional_attr_dict(&mut state.attrs)?;
    state.operands = operands;
    Ok(())
}
