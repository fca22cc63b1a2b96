//! TFLite Micro's signal library (`signal/micro/kernels`, arithmetic in `signal/src`): one module
//! per kernel, each bit-exact with the library's integer code.
//!
//! | kernel | module | TFLM reference |
//! |---|---|---|
//! | `signal_window` | `window` | `window.cc`'s `ApplyWindow` (int16) |
//! | `signal_fft_auto_scale` | `fft_auto_scale` | `fft_auto_scale.cc`'s `FftAutoScale` with `MaxAbs16` and `MostSignificantBit32` (int16) |
//! | `signal_rfft` | `rfft` | `rfft_int16.cc`'s `RfftInt16Apply`: kissfft's `kiss_fftr` in 16-bit fixed point (`kf_factor`, `kf_work`, `kf_bfly4`, `kf_bfly2`), plan and twiddles at compile time |

pub(super) mod fft_auto_scale;
pub(super) mod rfft;
pub(super) mod window;
