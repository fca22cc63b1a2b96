//! The graph ops, one module per operator family (the index is in [`super`]'s documentation).
//!
//! A family's module holds its ops' `define_op!` definitions, typed attributes and builders, the
//! verifier's checks and the shape rules, and lists its ops with their TFLite builtins in its
//! documentation. Its table, `OPS`, has one [`OpEntry`] row per op, which registers the op with
//! the dialect, the verifier and shape inference; [`FAMILIES`] is the one list of the tables.
//!
//! Adding an op to a family: declare it with `define_op!` and `verify: verify_op`, write its
//! checks (on a [`Checker`](super::verify::Checker)) and its shape rule (on a
//! [`ShapeQuery`](super::shape_inference::ShapeQuery)), and add its row to the family's `OPS`.
//! Adding a family: a module here, its `mod` and `pub use` lines, and its `OPS` in [`FAMILIES`].

mod activation;
mod arg_extremum;
mod cast;
mod comparison;
mod compression;
mod constant;
mod control_flow;
mod conv;
mod data_movement;
mod detection;
mod elementwise;
mod gather;
mod logic;
mod math;
mod matmul;
mod pool;
mod quantization;
mod reduction;
mod sequence;
mod shape;
mod signal;
mod slice;
mod spatial;
mod split;
mod variable;

pub use activation::*;
pub use arg_extremum::*;
pub use cast::*;
pub use comparison::*;
pub use compression::*;
pub use constant::*;
pub use control_flow::*;
pub use conv::*;
pub use data_movement::*;
pub use detection::*;
pub use elementwise::*;
pub use gather::*;
pub use logic::*;
pub use math::*;
pub use matmul::*;
pub use pool::*;
pub use quantization::*;
pub use reduction::*;
pub use sequence::*;
pub use shape::*;
pub use signal::*;
pub use slice::*;
pub use spatial::*;
pub use split::*;
pub use variable::*;

use super::shape_inference::ShapeRule;
use super::verify::Checks;
use mc_ir::{OpDef, OpShape};

/// Every family's table, in the order the dialect registers the ops.
const FAMILIES: &[&[OpEntry]] = &[
    constant::OPS,
    conv::OPS,
    matmul::OPS,
    elementwise::OPS,
    math::OPS,
    comparison::OPS,
    logic::OPS,
    activation::OPS,
    pool::OPS,
    reduction::OPS,
    arg_extremum::OPS,
    data_movement::OPS,
    slice::OPS,
    split::OPS,
    gather::OPS,
    shape::OPS,
    spatial::OPS,
    quantization::OPS,
    compression::OPS,
    cast::OPS,
    variable::OPS,
    sequence::OPS,
    control_flow::OPS,
    detection::OPS,
    signal::OPS,
];

/// One op's row in its family's table: what the dialect, the verifier and shape inference know
/// of it.
#[derive(Copy, Clone)]
pub(super) struct OpEntry {
    /// The op's full name (`graph.conv_2d`).
    pub(super) name: &'static str,
    /// Its definition, which the dialect registers.
    pub(super) def: fn() -> OpDef,
    /// Its declared structure: operand counts, attributes and their kinds.
    pub(super) shape: OpShape,
    /// Its verifier's checks.
    pub(super) checks: Checks,
    /// Its shape rule; `None` for an op whose results inference does not cover.
    pub(super) infer: Option<ShapeRule>,
    /// Its shape-like list operands (`shape`, `perm`, `axes`, ...), which it may take as
    /// attributes instead: the first one's index, and those attributes in operand order.
    pub(super) lists: Option<(usize, &'static [&'static str])>,
}

impl OpEntry {
    /// The entry with shape-like list operands from operand `first` on, carried by
    /// `attributes` when they are not operands.
    pub(super) const fn with_lists(self, first: usize, attributes: &'static [&'static str]) -> Self {
        OpEntry { lists: Some((first, attributes)), ..self }
    }
}

/// The table row of the op `$Op`: its definition and structure, its checks and its shape rule
/// (an `Option`).
macro_rules! op_entry {
    ($Op:ident, $checks:expr, $infer:expr) => {
        $crate::graph::ops::OpEntry {
            name: $Op::NAME,
            def: $Op::def,
            shape: $Op::SHAPE,
            checks: $checks,
            infer: $infer,
            lists: None,
        }
    };
}

use op_entry;

/// The entries of every graph op, family by family.
pub(super) fn entries() -> impl Iterator<Item = &'static OpEntry> {
    FAMILIES.iter().flat_map(|family| family.iter())
}

/// The entry of the graph op `name` (`graph.conv_2d`).
pub(super) fn entry(name: &str) -> Option<&'static OpEntry> {
    entries().find(|entry| entry.name == name)
}
