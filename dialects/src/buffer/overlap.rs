//! `buffer.overlap`: a planning hint that a kernel's output may share storage with the input it
//! consumes, within a byte distance on one side. It has no run-time effect; the memory planner
//! reads and erases it.

use mc_ir::printer::attributes::{attr_to_string, type_to_string};
use mc_ir::{Builder, Context, Diagnostic, OpId, Value, define_op};

/// Where a kernel's output may start relative to its input's start, `delta = offset(output) -
/// offset(input)` in bytes, for the pair to share bytes (placements farther apart than the
/// buffers' sizes are always allowed).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum DeltaBound {
    /// `delta <= d`: a kernel writing its output rows in increasing order, over input rows it
    /// has finished reading below them (usually `d < 0`: the output starts below the input).
    AtMost(i64),
    /// `delta >= d`: a kernel writing its rows in decreasing order, over input rows above them
    /// (usually `d > 0`: the output ends above the input).
    AtLeast(i64),
}

impl DeltaBound {
    /// True if the output `delta` bytes after the input may share bytes with it.
    pub fn admits(self, delta: i128) -> bool {
        match self {
            DeltaBound::AtMost(d) => delta <= i128::from(d),
            DeltaBound::AtLeast(d) => delta >= i128::from(d),
        }
    }

    /// The bound in bytes.
    pub fn bytes(self) -> i64 {
        match self {
            DeltaBound::AtMost(d) | DeltaBound::AtLeast(d) => d,
        }
    }

    /// The hint attribute spelling this side: `max_delta` or `min_delta`.
    pub fn attribute_name(self) -> &'static str {
        match self {
            DeltaBound::AtMost(_) => "max_delta",
            DeltaBound::AtLeast(_) => "min_delta",
        }
    }
}

define_op! {
    /// States that the kernel right after it may have its `output` overlap its `input` when
    /// `offset(output) - offset(input)` is at most `max_delta` (a kernel writing output rows in
    /// increasing order: the output starts below the input and grows into bytes already read) or
    /// at least `min_delta` (rows in decreasing order: the output ends above the input and grows
    /// down into bytes already read), because it writes each output byte only once the input
    /// bytes that byte may land on are no longer read (vMCU, MLSys 2024). Exactly one of the two
    /// is given. Placements farther apart than the buffers' sizes stay allowed.
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
    /// | `max_delta` | `i64` bytes: the largest allowed `offset(output) - offset(input)` (rows ascending) |
    /// | `min_delta` | `i64` bytes: the smallest allowed `offset(output) - offset(input)` (rows descending) |
    ///
    /// ```mlir
    /// buffer.overlap %out, %in {max_delta = -96 : i64} : !buffer<1x4x4x8xi8>, !buffer<1x6x6x8xi8>
    /// buffer.overlap %out, %in {min_delta = 160 : i64} : !buffer<1x4x4x8xi8>, !buffer<1x6x6x8xi8>
    /// ```
    pub struct OverlapOp = "buffer.overlap" {
        summary: "planning hint: a kernel's output may overlap its input",
        traits: [],
        operands: [output, input],
        results: [],
        attributes: [],
        optional_attributes: [max_delta: Integer, min_delta: Integer],
        verify: verify_overlap,
        format: "$output `,` $input attr-dict `:` type($output) `,` type($input)",
    }
}

impl OverlapOp {
    /// Builds `buffer.overlap output, input {max_delta | min_delta}`.
    pub fn build(b: &mut Builder<'_>, output: Value, input: Value, bound: DeltaBound) -> Self {
        let i64_type = b.ctx.integer_type(64);
        let delta = b.ctx.integer_attr(i128::from(bound.bytes()), i64_type);
        OverlapOp(b.create(
            Self::NAME,
            &[output, input],
            &[],
            vec![(bound.attribute_name().to_string(), delta)],
            vec![],
        ))
    }

    /// The bound the hint states (`None` unless exactly one of `max_delta`, `min_delta` is an
    /// `i64`).
    pub fn bound(self, ctx: &Context) -> Option<DeltaBound> {
        let bytes = |attr| ctx.integer_value(attr).and_then(|v| i64::try_from(v).ok());
        match (self.max_delta(ctx), self.min_delta(ctx)) {
            (Some(max), None) => bytes(max).map(DeltaBound::AtMost),
            (None, Some(min)) => bytes(min).map(DeltaBound::AtLeast),
            _ => None,
        }
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
    let given: Vec<_> = [("max_delta", hint.max_delta(ctx)), ("min_delta", hint.min_delta(ctx))]
        .into_iter()
        .filter_map(|(name, attr)| Some((name, attr?)))
        .collect();
    match given.as_slice() {
        [(name, attr)] => {
            if ctx.integer_value(*attr).and_then(|v| i64::try_from(v).ok()).is_none() {
                diags.push(
                    ctx.op_error(op, format!("'{name}' must be an i64 integer, but is {}", attr_to_string(ctx, *attr))),
                );
            }
        }
        [] => diags.push(ctx.op_error(op, "requires 'max_delta' or 'min_delta'".to_string())),
        _ => diags.push(ctx.op_error(op, "takes 'max_delta' or 'min_delta', not both".to_string())),
    }
}
