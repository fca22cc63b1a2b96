//! The `buffer` dialect: logical buffers, views, copies, constants and operators in
//! destination-passing style (DESIGN.md §4, §5). `graph-to-buffer` produces it from the graph
//! dialect; `buffer-inplace` reuses buffers; later the loop dialect replaces each kernel with a
//! loop nest and the memory planner gives every buffer a place.
//!
//! Values are `!buffer<...>` (see [`mc_ir::buffer`]): a shape, an element type and a layout
//! (strides and offset in elements, relative to the underlying storage). A buffer has no
//! address: `buffer.alloc` declares storage with a role and an alignment, `buffer.global` holds
//! constant data, and function arguments are caller-provided memory.
//!
//! # Ops
//!
//! | op | operands | results | attributes | does |
//! |---|---|---|---|---|
//! | `buffer.alloc` | — | buffer | `role` (`"scratch"`, `"persistent"`), `alignment`? (default 16), `name`? | declares storage for the result type |
//! | `buffer.global` | — | — | `sym_name`, `type`, `value`, `role` (`"constant"`), `alignment`? | a module-level constant buffer holding `value` (dense or `dense_resource`) |
//! | `buffer.get_global` | — | buffer | `name` (symbol) | the global's buffer |
//! | `buffer.view` | `source` | buffer | `offset`? (elements) | the source's storage with the result's shape and layout: reshape, transpose, slice, broadcast; no byte moves |
//! | `buffer.copy` | `source`, `target` | — | — | copies elements, each side through its layout |
//! | `buffer.kernel` | `inputs...`, `output` | — | `kernel`, the graph op's attributes, `row_order`? | runs one graph operator, writing `output` (its rows in `row_order`, [`RowOrder`]) |
//! | `buffer.pool` | — | — | `sym_name`, `bank`, `role`, `size`, `alignment`? | a planned arena of a memory bank (made by the memory planner) |
//! | `buffer.pool_view` | — | buffer | `pool` (symbol), `offset` (bytes) | the buffer at a fixed offset of a pool (replaces a planned `buffer.alloc`) |
//! | `buffer.overlap` | `output`, `input` | — | `max_delta` or `min_delta` (bytes) | planning hint: the next kernel's output may share bytes with its input when it starts at most `max_delta` (rows ascending) or at least `min_delta` (rows descending) bytes after the input's start ([`DeltaBound`]; no run-time effect; `usmp` erases it) |
//!
//! Roles are [`Role`]s; an alloc's size is
//! [`buffer_storage_bytes`](mc_ir::Context::buffer_storage_bytes) of its type.
//!
//! # One kernel op, not one op per graph op
//!
//! Operators are a single `buffer.kernel` naming the graph op it computes, with that op's
//! attributes, rather than 20 ops `buffer.conv_2d`, `buffer.add`, ... . The semantics of an
//! operator (which operands it takes, their ranks, element types and quantization, the result
//! shape from strides, padding, broadcasting, axes) are TFLite's, and the graph dialect already
//! states them once: its verifiers and shape rules apply to a graph
//! [`Signature`](crate::graph::Signature) (an op name, operand and result types, an op holding the
//! attributes), and a kernel hands them its input buffers as the operands and its output buffer
//! as the result. One op per graph op would repeat every definition (operands, attributes) for
//! nothing but a name, and each new graph op would need a second one; with `buffer.kernel`, a
//! graph op becomes available on buffers by adding its name to [`KERNELS`]. What is specific to
//! buffers is checked here: all operands are buffers, the input count fits the graph op's data
//! operands, lists are attributes, and layouts suit the kernel. Passes that care which operator
//! a kernel runs match its `kernel` name (e.g. [`ELEMENTWISE_KERNELS`]).
//!
//! # Layouts
//!
//! Elementwise kernels ([`ELEMENTWISE_KERNELS`]: the arithmetic, math, comparison and logic
//! kernels, `select_v2`, the activations, `quantize`, `dequantize` and `cast`) read and write
//! buffers of any layout; `graph-to-buffer` feeds them transposes as strided views. `conv_2d` and
//! `depthwise_conv_2d` ([`STRIDED_ACTIVATION_KERNELS`]) read their input and write their output
//! through any layout (`buffer-transpose-views` hands them a model input's or output's transpose
//! as a strided view); their filters and biases are row-major. All other kernels take row-major
//! buffers (any offset), which the verifier checks.

mod alloc;
mod copy;
mod global;
mod kernel;
pub mod layout;
mod overlap;
mod pool;
mod role;
mod seed;
mod stage;
mod view;
pub mod window;

pub use alloc::{AllocOp, DEFAULT_ALIGNMENT};
pub use copy::CopyOp;
pub use global::{GetGlobalOp, GlobalOp};
pub use kernel::{
    ELEMENTWISE_KERNELS, KERNELS, KernelOp, ROW_REVERSIBLE_KERNELS, RowOrder, STRIDED_ACTIVATION_KERNELS,
    accepts_strided_operand, is_kernel,
};
pub use overlap::{DeltaBound, OverlapOp};
pub use pool::{PoolOp, PoolViewOp};
pub use role::Role;
pub use seed::{Seed, StateBuffer, initial_state_byte, persistent_seeds, state_buffers};
pub use stage::StageOp;
pub use view::ViewOp;
pub use window::{contiguous_window_offset, window_view_type};

use mc_ir::Dialect;

/// The `buffer` dialect.
pub fn dialect() -> Dialect {
    Dialect {
        name: "buffer",
        ops: vec![
            AllocOp::def(),
            GlobalOp::def(),
            GetGlobalOp::def(),
            ViewOp::def(),
            CopyOp::def(),
            KernelOp::def(),
            PoolOp::def(),
            PoolViewOp::def(),
            OverlapOp::def(),
            StageOp::def(),
        ],
        materialize_constant: None,
    }
}

/// The buffer `value` is a view of, through any chain of `buffer.view`s: an alloc's,
/// `get_global`'s or other op's result, or a block argument. Views of one root share storage.
pub fn root_buffer(ctx: &mc_ir::Context, mut value: mc_ir::Value) -> mc_ir::Value {
    while let Some(view) = ctx.defining_op(value).and_then(|op| ViewOp::cast(ctx, op)) {
        value = view.source(ctx);
    }
    value
}

/// Every value sharing `root`'s storage: `root` and the views of it, transitively.
pub fn aliases(ctx: &mc_ir::Context, root: mc_ir::Value) -> Vec<mc_ir::Value> {
    let mut out = vec![root];
    let mut index = 0;
    while index < out.len() {
        let value = out[index];
        out.extend(ctx.uses(value).filter_map(|u| ViewOp::cast(ctx, u.user)).map(|view| view.result()));
        index += 1;
    }
    out
}
