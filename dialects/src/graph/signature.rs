//! What a graph op's rules (its checks and its shape rule, in its family's module) are applied
//! to: the op's name, the types of its operands and results, and the op whose attributes they
//! read; and the lookups of graph ops by name, which read the families' tables.
//!
//! A graph op's own signature is read from the op ([`Signature::of_op`]): operands and results
//! are tensors. An op that computes what a graph op computes in another form builds one itself,
//! so the TFLite rules are written once: `buffer.kernel` (destination-passing style) passes its
//! inputs as the operands, its output buffer as the result, and its own attributes, which are the
//! graph op's ([`Shaped::Buffer`]). Rule messages then say "buffer" where a graph op's say
//! "tensor", and start with the signature's `prefix` (the kernel's name).

use super::ops;
use mc_ir::{Context, Diagnostic, OpDef, OpId, OpShape, Type};

/// Which shaped types a signature's operands and results are.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Shaped {
    /// `tensor<...>` (graph ops).
    Tensor,
    /// `!buffer<...>` (`buffer.kernel`), of any layout.
    Buffer,
}

impl Shaped {
    /// Shape and element type of `ty` if it is of this kind.
    pub fn parts(self, ctx: &Context, ty: Type) -> Option<(&[i64], Type)> {
        match self {
            Shaped::Tensor => ctx.tensor_parts(ty),
            Shaped::Buffer => ctx.buffer_parts(ty),
        }
    }

    /// How messages name a value of this kind.
    pub fn noun(self) -> &'static str {
        match self {
            Shaped::Tensor => "tensor",
            Shaped::Buffer => "buffer",
        }
    }
}

/// The operands and results a graph op's rules check, and where they report.
#[derive(Clone, Debug)]
pub struct Signature<'a> {
    /// The op whose attributes the rules read and at which they report.
    pub op: OpId,
    /// The graph op whose rules apply (`graph.conv_2d`).
    pub name: &'a str,
    /// Operand types, in the graph op's order.
    pub operands: Vec<Type>,
    /// Result types.
    pub results: Vec<Type>,
    /// Which of the graph op's results `results` are, in order: all of them for a graph op; for
    /// a kernel, those it writes a buffer for (an unused result of `graph.lstm` has none).
    pub result_indices: Vec<usize>,
    /// Whether operands and results are tensors or buffers.
    pub shaped: Shaped,
    /// Put before every message (`"conv_2d: "` for a kernel; empty for a graph op).
    pub prefix: String,
}

impl<'a> Signature<'a> {
    /// The signature of the graph op `op` itself.
    pub fn of_op(ctx: &'a Context, op: OpId) -> Self {
        let operation = ctx.operation(op);
        Signature {
            op,
            name: ctx.op_name_of(op),
            operands: operation.operands().map(|v| ctx.value_type(v)).collect(),
            results: operation.result_types().collect(),
            result_indices: (0..operation.num_results()).collect(),
            shaped: Shaped::Tensor,
            prefix: String::new(),
        }
    }

    /// An error at the signature's op: `'<op name>' op <prefix><message>`.
    pub fn error(&self, ctx: &Context, message: impl Into<String>) -> Diagnostic {
        ctx.op_error(self.op, format!("{}{}", self.prefix, message.into()))
    }

    /// True if the operands are the op's own tensor operands, so a shape-like operand can be
    /// read from the `graph.const` defining it.
    pub fn has_own_operands(&self) -> bool {
        self.shaped == Shaped::Tensor
    }
}

/// Definitions of every graph op.
pub(super) fn all_defs() -> Vec<OpDef> {
    ops::entries().map(|entry| (entry.def)()).collect()
}

/// The declared structure (operand counts, attributes and their kinds) of the graph op named
/// `name` (`graph.conv_2d`).
pub fn op_shape(name: &str) -> Option<OpShape> {
    ops::entry(name).map(|entry| entry.shape)
}

/// The full name of the graph op called `short` without the dialect prefix (`conv_2d`).
pub fn op_name(short: &str) -> Option<&'static str> {
    ops::entries().map(|entry| entry.name).find(|name| name.strip_prefix("graph.") == Some(short))
}

/// The index of the first shape-like operand of the graph op `name` (`shape`, `perm`, `axes`,
/// `paddings`, `begin`/`end`/`strides`): operands from there on are small integer lists that
/// the op may take as attributes instead; the operands before it are data.
pub fn first_list_operand(name: &str) -> Option<usize> {
    ops::entry(name)?.lists.map(|(first, _)| first)
}

/// The attributes that carry the lists of [`first_list_operand`] on, in operand order.
pub fn list_attributes(name: &str) -> &'static [&'static str] {
    ops::entry(name).and_then(|entry| entry.lists).map_or(&[], |(_, attributes)| attributes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{AddOp, ConcatenationOp, Conv2DOp, PadOp, StridedSliceOp};

    #[test]
    fn names_and_shapes_cover_every_op() {
        let defs = all_defs();
        assert_eq!(defs.len(), 121);
        for def in &defs {
            let short = def.name.strip_prefix("graph.").expect("graph prefix");
            assert_eq!(op_name(short), Some(def.name));
            assert!(op_shape(def.name).is_some(), "{}", def.name);
        }
        assert_eq!(op_name("conv_2d"), Some(Conv2DOp::NAME));
        assert_eq!(op_name("graph.conv_2d"), None);
        assert_eq!(op_shape(Conv2DOp::NAME).map(|s| s.operand_range()), Some((2, Some(3))));
        assert_eq!(op_shape(ConcatenationOp::NAME).map(|s| s.operand_range()), Some((0, None)));
        assert_eq!(op_shape("graph.nope").map(|s| s.operand_range()), None);
        assert_eq!(first_list_operand(PadOp::NAME), Some(1));
        assert_eq!(list_attributes(StridedSliceOp::NAME), ["begin", "end", "strides"]);
        assert_eq!(first_list_operand(AddOp::NAME), None);
    }
}
