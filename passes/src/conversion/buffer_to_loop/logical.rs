//! `logical_and`, `logical_or`, `logical_not`: TFLite Micro's `logical.cc` and `logical_not.cc`
//! (`reference_ops::BinaryFunction`/`BroadcastBinaryFunction4DSlow` with `LogicalAnd`/`LogicalOr`,
//! `reference_ops::LogicalNot`) on `bool` tensors, numpy broadcasting up to the graph's rank 6.
//!
//! ```text
//! loop.for %i ... {
//!   %x = loop.load %lhs[...] : !buffer<...xi1>
//!   loop.for %j ... {
//!     %y = loop.load %rhs[...] : !buffer<...xi1>
//!     %r = arith.andi %x, %y : i1            // arith.ori; logical_not: arith.xori %x, true
//!     loop.store %r, %out[%i, %j]
//! ```
//!
//! Buffers may be strided, and the output may be an input (in place).

use super::activation::elementwise;
use super::broadcast::broadcast_nest;
use super::emitter::{ElementKind, KernelEmitter};
use mc_ir::Diagnostic;

/// Lowers `logical_and`, `logical_or` or `logical_not` (by `e.name`).
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let out = e.output;
    let all_bool = e.inputs.iter().chain([&out]).all(|&v| e.kind(v) == ElementKind::Bool);
    if !all_bool {
        let types: Vec<String> = e.inputs.iter().map(|&v| e.type_text(v)).collect();
        return Err(e.unsupported(format!(
            "operand types {} -> {} (TFLite's logical operators take bool)",
            types.join(", "),
            e.type_text(out)
        )));
    }
    let combine = match e.name.as_str() {
        "logical_and" => "arith.andi",
        "logical_or" => "arith.ori",
        "logical_not" => {
            return elementwise(e, |e, x| {
                let true_ = e.int(1, 1);
                e.binary("arith.xori", x, true_)
            });
        }
        other => return Err(e.unsupported(format!("'{other}' is not a logical operator"))),
    };
    let output = e.shape(out);
    let inputs = [e.inputs[0], e.inputs[1]];
    broadcast_nest(e, &output, &inputs, &mut |e, _, buffer, indices| Ok(e.load(buffer, indices)), &mut |e, ivs, xs| {
        let value = e.binary(combine, xs[0], xs[1]);
        e.store(value, out, ivs);
        Ok(())
    })
}
