//! Passes from the loop level to the `vector` level, chosen per target: `mcc` runs them for
//! cores with a vector extension (Helium/MVE on the Cortex-M55); other cores keep their scalar
//! loop nests.
//!
//! | pass | does |
//! |---|---|
//! | `vectorize-dot-products` | an innermost loop of int8 dot products along a contiguous dimension becomes 16-lane `vector.widening_dot`s, its tail one masked step |
//! | `vectorize-channels` | a loop over the channels of int8 NHWC tensors (the depthwise convolution's) becomes 4-lane vector code, one channel per `i32` lane, its tail one masked step |
//! | `vector-fixed-point` | TFLite's requantization on `i32` vectors (64-bit lanes in `arith`) becomes `vector.rounding_doubling_high_mul` and `vector.rounding_shift_right` (MVE's `vqrdmulh`, `vrshl`) |

pub mod channels;
pub mod dot_products;
pub mod fixed_point;
