//! `buffer.overlap`: a planning hint that a kernel's output may share storage with the input it
//! consumes, up to a byte distance. It has no run-time effect; the memory planner reads and
//! erases it.

use mc_ir::printer::attributes::{attr_to_string, type_to_string};
use mc_ir::{Builder, Context, Diagnostic, OpId, Value, define_op};

define_op! {
    /// States that the kernel right after it may have its `output` placed at most `max_delta`
    /// bytes after the start of its `input` (usually negative: the output starts below the input
    /// and grows into bytes already read), because it writes each output byte only once the
    /// input bytes that byte may land on are no longer read (vMCU, MLSys 2024). Placements
    /// farther apart than the buffers' sizes stay allowed; the planner may place the pair at any
    /// `offset(output) <= offset(input) + max_delta`.
    ///
    /// It also states that the kernel is the input's last reader and the output's first user, so
    /// the pair may share bytes whenever both are live. `buffer-to-loop` emits it in front of
    /// each lowered kernel for which that holds and that declares an allowance; `usmp` turns it
    /// into a planning allowance (when both operands are whole scratch buffers it places) and
    /// erases every one. No backend lowers it.
    ///
    /// | operand/attribute | meaning |
    /// |---|---|
    /// | `output` | the buffer the kernel writes |
    /// | `input` | the buffer it reads |
    /// | `max_delta` | `i64` bytes: the largest allowed `offset(output) - offset(input)` |
    ///
    /// ```mlir
    /// buffer.overlap %out, %in {max_delta = -96 : i64} : !buffer<1x4x4x8xi8>, !buffer<1x6x6x8xi8>
    /// ```
    pub struct OverlapOp = "buffer.overlap" {
        summary: "planning hint: a kernel's output may overlap its input",
        traits: [],
        operands: [output, input],
        results: [],
        attributes: [max_delta: Integer],
        verify: verify_overlap,
        format: "$output `,` $input attr-dict `:` type($output) `,` type($input)",
    }
}

impl OverlapOp {
    /// Builds `buffer.overlap output, input {max_delta}`.
    pub fn build(b: &mut Builder<'_>, output: Value, input: Value, max_delta: i64) -> Self {
        let i64_type = b.ctx.integer_type(64);
        let delta = b.ctx.integer_attr(i128::from(max_delta), i64_type);
        OverlapOp(b.create(Self::NAME, &[output, input], &[], vec![("max_delta".to_string(), delta)], vec![]))
    }

    /// The allowance in bytes (`None` if the attribute is not an `i64`).
    pub fn max_delta_value(self, ctx: &Context) -> Option<i64> {
        ctx.integer_value(self.max_delta(ctx)).and_then(|v| i64::try_from(v).ok())
    }
}

fn verify_overlap(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let hint = OverlapOp(op);
    for (what, value) in [("output", hint.output(ctx)), ("input", hint.input(ctx))] {
        let ty = ctx.value_type(value);
        if !ctx.is_buffer_type(ty) {
            diags.push(ctx.op_error(op, format!("{what} must be a buffer, but got '{}'", type_to_string(ctx, ty))));
        }
    }
    if hint.max_delta_value(ctx).is_none() {
        diags.push(ctx.op_error(
            op,
            format!("'max_delta' must be an i64 integer, but is {}", attr_to_string(ctx, hint.max_delta(ctx))),
        ));
    }
}
