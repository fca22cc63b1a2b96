//! 2-D pooling: a window slides over each channel of an NHWC input.
//!
//! | op | operands | attributes | result | TFLite builtin |
//! |---|---|---|---|---|
//! | `graph.avg_pool_2d` / `graph.max_pool_2d` | `input` NHWC | `filter_h`, `filter_w`, `stride_h`, `stride_w`, `padding` or `pad`, `fused_activation` | `[N, OH, OW, C]` | `AVERAGE_POOL_2D` (1) / `MAX_POOL_2D` (17) |
//! | `graph.l2_pool_2d` | as `graph.avg_pool_2d` | as `graph.avg_pool_2d` | as `graph.avg_pool_2d` | `L2_POOL_2D` (12) |
//!
//! Output sizes and padding are a sliding window's ([`crate::graph::shapes`]): `padding = "SAME"`
//! or `"VALID"`, or explicit `pad = array<i64: top, bottom, left, right>` (as for convolutions).
//! Padded cells are never read: the window is clipped to the input.
//!
//! Quantization: the result's quantization is the input's. `l2_pool_2d` takes float32 only
//! (TFLite Micro's `L2Prepare` has no quantized kernel).

use super::{OpEntry, op_entry};
use crate::graph::attributes::Activation;
use crate::graph::builders::windowed_attrs;
use crate::graph::shape_inference::{Inference, ShapeQuery};
use crate::graph::shapes::{Window, WindowPadding, window_output_shape};
use crate::graph::verify::{ACTIVATIONS, Checker, Checks, F32, Kind, verify_op};
use mc_ir::{Builder, Context, Type, Value, define_op};

/// Declares 2-D pooling ops.
macro_rules! pool_ops {
    ($($(#[$meta:meta])* $Op:ident = $name:literal, $summary:literal;)*) => {
        $(
            define_op! {
                $(#[$meta])*
                pub struct $Op = $name {
                    summary: $summary,
                    traits: [PURE],
                    operands: [input],
                    results: [result],
                    attributes: [
                        filter_h: Integer, filter_w: Integer, stride_h: Integer, stride_w: Integer,
                        fused_activation: String,
                    ],
                    optional_attributes: [padding: String, pad: DenseArray],
                    verify: verify_op,
                }
            }
        )*
    };
}

pool_ops! {
    /// Average over each window, NHWC (TFLite `AVERAGE_POOL_2D`; padding is not counted).
    AvgPool2DOp = "graph.avg_pool_2d", "2-D average pooling";
    /// Maximum over each window, NHWC (TFLite `MAX_POOL_2D`).
    MaxPool2DOp = "graph.max_pool_2d", "2-D max pooling";
    /// `sqrt(mean(x²))` over each window, NHWC (TFLite `L2_POOL_2D`; padding is not counted).
    L2Pool2DOp = "graph.l2_pool_2d", "2-D L2 pooling";
}

/// The family's ops.
pub(super) const OPS: &[OpEntry] = &[
    op_entry!(AvgPool2DOp, Checks::Signature(check_pool_2d), Some(infer_pool_2d)),
    op_entry!(MaxPool2DOp, Checks::Signature(check_pool_2d), Some(infer_pool_2d)),
    op_entry!(L2Pool2DOp, Checks::Signature(check_l2_pool_2d), Some(infer_pool_2d)),
];

/// The attributes of `graph.avg_pool_2d`, `graph.max_pool_2d` and `graph.l2_pool_2d`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Pool2DAttrs {
    /// Window height (≥ 1).
    pub filter_h: i64,
    /// Window width (≥ 1).
    pub filter_w: i64,
    /// Stride along height (≥ 1).
    pub stride_h: i64,
    /// Stride along width (≥ 1).
    pub stride_w: i64,
    /// Padding mode or explicit amounts.
    pub padding: WindowPadding,
    /// Activation applied to the result.
    pub fused_activation: Activation,
}

windowed_attrs!(Pool2DAttrs { filter_h, filter_w, stride_h, stride_w });

/// Declares `build(b, input, attrs, result)` and `attrs` for the 2-D pooling ops.
macro_rules! pool_builders {
    ($($Op:ident),*) => {
        $(
            impl $Op {
                #[doc = concat!("Builds `", stringify!($Op), "`.")]
                pub fn build(b: &mut Builder<'_>, input: Value, attrs: &Pool2DAttrs, result: Type) -> Self {
                    let attrs = attrs.to_attrs(b.ctx);
                    $Op(b.create(Self::NAME, &[input], &[result], attrs, vec![]))
                }

                /// The attributes, if well-formed.
                pub fn attrs(self, ctx: &Context) -> Option<Pool2DAttrs> {
                    Pool2DAttrs::read(ctx, self.0)
                }
            }
        )*
    };
}

pool_builders!(AvgPool2DOp, MaxPool2DOp, L2Pool2DOp);

/// `avg_pool_2d`, `max_pool_2d`: float32, int8 or int16.
fn check_pool_2d(c: &mut Checker<'_, '_>) {
    check_pool_of(c, ACTIVATIONS);
}

/// `l2_pool_2d`: float32 only, as TFLite Micro's kernel.
fn check_l2_pool_2d(c: &mut Checker<'_, '_>) {
    check_pool_of(c, &[F32]);
}

/// A pool over elements of the `kinds`, the result's element type the input's.
fn check_pool_of(c: &mut Checker<'_, '_>, kinds: &[Kind]) {
    for name in ["filter_h", "filter_w", "stride_h", "stride_w"] {
        c.int_attr(name, 1);
    }
    c.window_padding();
    c.activation();
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    if [c.rank("input", input, 4), c.rank("result", result, 4)].contains(&false) {
        return;
    }
    if let Some(kind) = c.kind("input", input, kinds)
        && c.same_element("result", result, "input", input)
        && kind != F32
    {
        c.per_tensor("input", input);
    }
    c.check_inferred();
}

/// `[N, OH, OW, C]`.
fn infer_pool_2d(q: &ShapeQuery<'_>) -> Inference {
    let input = q.rank(0, 4)?;
    let window = Window {
        filter: [q.int_attr("filter_h")?, q.int_attr("filter_w")?],
        stride: [q.int_attr("stride_h")?, q.int_attr("stride_w")?],
        dilation: [1, 1],
        padding: q.window_padding()?,
    };
    q.one(window_output_shape(input, &window, input[3]))
}
