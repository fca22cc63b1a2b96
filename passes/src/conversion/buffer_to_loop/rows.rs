//! The row driver of the kernels that work along the last dimension, each row on its own
//! (`log_softmax`, `l2_normalization`): a nest over every dimension but the last, and per row,
//! loops over its elements that reduce them ([`Row::reduce`]) or map them to the output at the
//! same index ([`Row::map`]).
//!
//! ```text
//! loop.for %r0 ... loop.for %rk ... {        (every dimension but the last)
//!   %acc = loop.for %c ... iter_args(init)   step(acc, x[r, c])
//!   loop.for %c ... { loop.store f(x[r, c]), %out[r, c] }
//! }
//! ```

use super::emitter::KernelEmitter;
use mc_ir::{Diagnostic, Value};

/// The indices of element `c` of the row at `row`.
pub fn at(row: &[Value], c: Value) -> Vec<Value> {
    let mut indices = row.to_vec();
    indices.push(c);
    indices
}

/// One row: its outer indices and its length.
pub struct Row<'r> {
    /// The induction variables of the dimensions before the last.
    pub indices: &'r [Value],
    /// The length of the last dimension.
    pub depth: i64,
}

impl Row<'_> {
    /// A loop over the row carrying one value from `init`: `step(e, carried, x)` with `x` the
    /// row's element of `input`; returns the last carried value.
    pub fn reduce(
        &self,
        e: &mut KernelEmitter<'_>,
        input: Value,
        init: Value,
        step: impl FnOnce(&mut KernelEmitter<'_>, Value, Value) -> Value,
    ) -> Result<Value, Diagnostic> {
        let results = e.for_range(0, self.depth, &[init], |e, c, carried| {
            let x = e.load(input, &at(self.indices, c));
            Ok(vec![step(e, carried[0], x)])
        })?;
        Ok(results[0])
    }

    /// A loop over the row storing `f(e, x)` of each element `x` of `input` at its index of
    /// `output` (each element is read before its output is written: the kernel runs in place).
    pub fn map(
        &self,
        e: &mut KernelEmitter<'_>,
        input: Value,
        output: Value,
        f: impl FnOnce(&mut KernelEmitter<'_>, Value) -> Value,
    ) -> Result<(), Diagnostic> {
        e.for_range(0, self.depth, &[], |e, c, _| {
            let x = e.load(input, &at(self.indices, c));
            let y = f(e, x);
            e.store(y, output, &at(self.indices, c));
            Ok(Vec::new())
        })?;
        Ok(())
    }
}

/// Runs `body` on each row of the kernel's input and output, which must have one shape of rank 1
/// or more (an error at the kernel otherwise).
pub fn for_each_row(
    e: &mut KernelEmitter<'_>,
    body: impl FnOnce(&mut KernelEmitter<'_>, &Row<'_>) -> Result<(), Diagnostic>,
) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let shape = e.shape(output);
    if shape.is_empty() || e.shape(input) != shape {
        return Err(e.unsupported_types("rank 1 or more, to the same shape"));
    }
    let (rows, depth) = (&shape[..shape.len() - 1], shape[shape.len() - 1]);
    e.nest(rows, |e, indices| body(e, &Row { indices, depth }))
}
