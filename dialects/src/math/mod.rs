//! The `math` dialect (a subset of MLIR's): elementary functions the float kernels need, with
//! MLIR's names and custom syntax (`%y = math.exp %x : f32`). Folders evaluate constants in the
//! operand's precision with the host's math library, as MLIR's folders do.
//!
//! | op | computes |
//! |---|---|
//! | `math.absf`, `math.absi` | absolute value (float, integer; `absi` of the minimum wraps) |
//! | `math.ceil`, `math.floor` | rounding up, down |
//! | `math.round` | to nearest, ties away from zero (C's `round`, TFLite's `TfLiteRound`) |
//! | `math.roundeven` | to nearest, ties to even |
//! | `math.exp`, `math.log` | `e^x`, natural logarithm |
//! | `math.expm1` | `e^x - 1`, exact near zero (C's `expm1`) |
//! | `math.sqrt`, `math.rsqrt` | square root, its reciprocal |
//! | `math.sin`, `math.cos` | sine, cosine |
//! | `math.tanh` | hyperbolic tangent |
//! | `math.trunc` | rounding toward zero |
//! | `math.exp2`, `math.log2`, `math.log10` | `2^x`, base-2 and base-10 logarithms |
//! | `math.log1p` | `ln(1 + x)`, exact near zero (C's `log1p`) |
//! | `math.tan`, `math.atan`, `math.asin`, `math.acos` | tangent, arcus tangent, sine, cosine |
//! | `math.sinh`, `math.cosh` | hyperbolic sine, cosine |

mod ops;

pub use ops::*;

use mc_ir::Dialect;

/// The `math` dialect.
pub fn dialect() -> Dialect {
    Dialect { name: "math", ops: ops::all_defs(), materialize_constant: Some(super::arith::materialize_constant) }
}
