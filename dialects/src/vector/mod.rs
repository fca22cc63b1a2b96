//! The `vector` dialect: fixed-length one-dimensional vectors (`vector<16xi8>`) between the loop
//! level and the backends, as MLIR's `vector` dialect sits between `scf` and LLVM. The ops it
//! shares with MLIR verify as MLIR's do (memrefs, n-D and scalable vectors, broadcasts of
//! vectors, one mask count per dimension), so upstream IR reads unchanged; the backends lower the
//! one-dimensional fixed forms on `!buffer` that mc's passes build. Its ops are
//! the vector work of int8 kernels on SIMD cores (Helium/MVE on the Cortex-M55): contiguous
//! loads and stores on `!buffer` memory with a lane mask for the tail, broadcasts, single lanes
//! gathered into and taken out of a vector, and the
//! widening multiply-accumulate reduction of a dot product (MVE's `vmlava`). Lane-wise work
//! (the per-channel multiply-accumulate and requantization of a depthwise convolution) is
//! `arith` on vector types, as in MLIR, but for the two fixed-point steps of requantization that
//! would need 64-bit lanes.
//!
//! | op | custom form (MLIR's where MLIR has the op) |
//! |---|---|
//! | `vector.create_mask` | `%m = vector.create_mask %n : vector<16xi1>` (lanes below `%n` set) |
//! | `vector.load` | `%v = vector.load %buf[%i, %j] : !buffer<4x64xi8>, vector<16xi8>` |
//! | `vector.maskedload` | `%v = vector.maskedload %buf[%i], %m, %pass : !buffer<40xi8>, vector<16xi1>, vector<16xi8> into vector<16xi8>` |
//! | `vector.store` | `vector.store %v, %buf[%i] : !buffer<64xi8>, vector<16xi8>` |
//! | `vector.maskedstore` | `vector.maskedstore %buf[%i], %m, %v : !buffer<6xi8>, vector<4xi1>, vector<4xi8>` |
//! | `vector.broadcast` | `%v = vector.broadcast %s : i8 to vector<16xi8>` |
//! | `vector.from_elements` | `%v = vector.from_elements %a, %b, %c, %d : vector<4xi32>` (lane `i` the `i`-th operand) |
//! | `vector.extract` | `%a = vector.extract %v[2] : i32 from vector<4xi32>` (constant or `index` positions; the backends lower a constant lane) |
//! | `vector.rounding_doubling_high_mul` | `%h = vector.rounding_doubling_high_mul %a, %b : vector<4xi32>` (MVE's `vqrdmulh`) |
//! | `vector.rounding_shift_right` | `%q = vector.rounding_shift_right %x, %r : vector<4xi32>` (MVE's `vrshl` by `-r`) |
//! | `vector.widening_dot` | `%r = vector.widening_dot %a, %b, %acc : vector<16xi8>, vector<16xi8> into i32` |
//!
//! Loads and stores move the lanes along the innermost dimension from the indices on, which
//! must be contiguous (unit stride); like `loop.load`, they move the storage integers of
//! quantized elements.
//!
//! Upstream's `insert`, `shuffle`, `transpose`, `reduction`, `shape_cast`, `bitcast`, `fma` and
//! `constant_mask` are defined too, with MLIR's forms and verifiers, so upstream vector IR reads
//! and verifies; mc's passes do not build them and the backends report them as errors.

mod broadcast;
mod casts;
mod constant_mask;
mod create_mask;
mod extract_insert;
mod fixed_point;
mod fma;
mod from_elements;
mod index_list;
mod memory;
mod reduction;
mod shuffle;
mod transpose;
mod widening_dot;

pub use broadcast::BroadcastOp;
pub use casts::{BitCastOp, ShapeCastOp};
pub use constant_mask::ConstantMaskOp;
pub use create_mask::CreateMaskOp;
pub use extract_insert::{ExtractOp, InsertOp};
pub use fixed_point::{RoundingDoublingHighMulOp, RoundingShiftRightOp};
pub use fma::FmaOp;
pub use from_elements::FromElementsOp;
pub use memory::{LoadOp, MaskedLoadOp, MaskedStoreOp, StoreOp};
pub use reduction::ReductionOp;
pub use shuffle::ShuffleOp;
pub use transpose::TransposeOp;
pub use widening_dot::WideningDotOp;

use mc_ir::Dialect;

/// The `vector` dialect.
pub fn dialect() -> Dialect {
    let ops = vec![
        BroadcastOp::def(),
        CreateMaskOp::def(),
        FromElementsOp::def(),
        LoadOp::def(),
        MaskedLoadOp::def(),
        MaskedStoreOp::def(),
        StoreOp::def(),
        RoundingDoublingHighMulOp::def(),
        RoundingShiftRightOp::def(),
        WideningDotOp::def(),
        ExtractOp::def(),
        InsertOp::def(),
        ReductionOp::def(),
        ShuffleOp::def(),
        TransposeOp::def(),
        ShapeCastOp::def(),
        BitCastOp::def(),
        FmaOp::def(),
        ConstantMaskOp::def(),
    ];
    Dialect { name: "vector", ops, materialize_constant: None }
}
