//! TFLite Micro's signal library (`signal/micro/kernels`, arithmetic in `signal/src`): one module
//! per kernel, each bit-exact with the library's integer code.
//!
//! | kernel | module | TFLM reference |
//! |---|---|---|
//! | `signal_window` | `window` | `window.cc`'s `ApplyWindow` (int16) |
//! | `signal_fft_auto_scale` | `fft_auto_scale` | `fft_auto_scale.cc`'s `FftAutoScale` with `MaxAbs16` and `MostSignificantBit32` (int16) |
//! | `signal_rfft` | `rfft` | `rfft_*.cc`'s `kiss_fftr` in 16-bit, 32-bit fixed point or float |
//! | (shared) | `kiss_fft` | kissfft's `kf_factor`, `kf_work`, `kf_bfly4`, `kf_bfly2` and fixed-point macros, plan and twiddles at compile time |
//! | `signal_energy` | `energy` | `energy.cc`'s `SpectrumToEnergy` (int16 pairs to uint32) |
//! | `signal_filter_bank` | `filter_bank` | `filter_bank.cc`'s `FilterbankAccumulateChannels` (uint32 to uint64, channel 0 scratch) |
//! | `signal_filter_bank_square_root` | `filter_bank_square_root` | `FilterbankSqrt` with `Sqrt64` and its 32-bit shortcut `Sqrt32` (`square_root_{32,64}.cc`) |
//! | `signal_filter_bank_spectral_subtraction` | `spectral_subtraction` | `filter_bank_spectral_subtraction.cc`'s `FilterbankSpectralSubtraction` (uint32, the estimate as an operand and a result) |
//! | `signal_pcan` | `pcan` | `pcan_argc_fixed.cc`'s `ApplyPcanAutoGainControlFixed`, `WideDynamicFunction`, `PcanShrink` (uint32) |
//! | `signal_delay` | `delay` | `delay.cc`'s circular buffer per row (int16, the state as an operand and a result) |
//! | `signal_framer` | `framer` | `framer.cc` with `prefill`: the circular buffer per row as the delay's stream (int16, the state as an operand and a result) |
//! | `signal_irfft` | `irfft` | `irfft_*.cc`'s `kiss_fftri` in 16-bit, 32-bit fixed point or float (then divided by `fft_length`), sharing `kiss_fft` with the real FFT |
//! | `signal_stacker` | `stacker` | `stacker.cc`'s circular buffer of `left_context + 1 + right_context` frames (int16, the state as an operand and a result) |
//! | `signal_overlap_add` | `overlap_add` | `overlap_add.cc`'s `OverlapAdd` per row (int16 saturating, or f32; the state as an operand and a result) |
//! | `signal_filter_bank_log` | `filter_bank_log` | `filter_bank_log.cc`'s `FilterbankLog` with `log.cc`'s `Log32` (uint32 to int16) |
//!
//! Unsigned tensors (`ui32`, `ui64`) load as signless integers of their width; the kernels read
//! them with the unsigned ops (`arith.extui`, `arith.shrui`, `arith.cmpi ult`) where TFLM's
//! `uint32_t`/`uint64_t` arithmetic differs from the signed one.

pub(super) mod delay;
pub(super) mod energy;
pub(super) mod fft_auto_scale;
pub(super) mod filter_bank;
pub(super) mod filter_bank_log;
pub(super) mod filter_bank_square_root;
pub(super) mod framer;
pub(super) mod irfft;
pub(super) mod kiss_fft;
pub(super) mod overlap_add;
pub(super) mod pcan;
pub(super) mod rfft;
pub(super) mod spectral_subtraction;
pub(super) mod stacker;
pub(super) mod window;

use super::emitter::KernelEmitter;
use super::gemmlowp::count_leading_zeros;
use mc_dialects::arith::build::{cmpi, select};
use mc_ir::Value;

/// TFLM's `MostSignificantBit32` of an `i32` read as `uint32_t` (its GCC form): `32 - clz(x)`,
/// and 32 (not 0) for `x = 0`.
fn most_significant_bit_32(e: &mut KernelEmitter<'_>, x: Value) -> Value {
    let zeros = count_leading_zeros(&mut e.b, x);
    let (thirty_two, zero) = (e.i32(32), e.i32(0));
    let significant = e.binary("arith.subi", thirty_two, zeros);
    let is_zero = cmpi(&mut e.b, "eq", x, zero);
    select(&mut e.b, is_zero, thirty_two, significant)
}

/// TFLM's `MostSignificantBit64` of an `i64` read as `uint64_t`, as an `i64`: `64 - clzll(x)`,
/// and 64 for `x = 0`; from the two halves' [`most_significant_bit_32`].
fn most_significant_bit_64(e: &mut KernelEmitter<'_>, x: Value) -> Value {
    let i32_type = e.b.ctx.integer_type(32);
    let i64_type = e.b.ctx.integer_type(64);
    let thirty_two = e.int(32, 64);
    let high = e.binary("arith.shrui", x, thirty_two);
    let high = e.unary("arith.trunci", high, i32_type);
    let low = e.unary("arith.trunci", x, i32_type);
    let (high_bits, low_bits) = (most_significant_bit_32(e, high), most_significant_bit_32(e, low));
    let (zero, above, all) = (e.i32(0), e.i32(32), e.i32(64));
    let in_high = e.addi(high_bits, above);
    let low_is_zero = cmpi(&mut e.b, "eq", low, zero);
    let in_low = select(&mut e.b, low_is_zero, all, low_bits);
    let high_is_zero = cmpi(&mut e.b, "eq", high, zero);
    let bits = select(&mut e.b, high_is_zero, in_low, in_high);
    e.unary("arith.extui", bits, i64_type)
}

/// `x` shifted so that its bit `position` lands on bit `target` (TFLM's `position < target ? x <<
/// (target - position) : x >> (position - target)`), the right shift `right` (`arith.shrui` or
/// `arith.shrsi`); both shift amounts are kept in range and the unused one discarded.
fn align_bit(e: &mut KernelEmitter<'_>, x: Value, position: Value, target: Value, right: &str) -> Value {
    let zero = e.i32(0);
    let up = e.binary("arith.subi", target, position);
    let up = e.binary("arith.maxsi", up, zero);
    let down = e.binary("arith.subi", position, target);
    let down = e.binary("arith.maxsi", down, zero);
    let (left, right) = (e.binary("arith.shli", x, up), e.binary(right, x, down));
    let below = cmpi(&mut e.b, "slt", position, target);
    select(&mut e.b, below, left, right)
}
