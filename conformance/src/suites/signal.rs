//! TFLite Micro's signal library (the custom operators of audio front ends) against TFLite Micro,
//! which runs them on plain int16 samples (the real FFT on int32 and float ones too):
//!
//! - `SignalWindow`: rows of 4 to 480 samples (micro_speech's 30 ms at 16 kHz), ranks 1 to 3,
//!   shifts 0 (every product saturates), 8, 12 (micro_speech's Q12 Hann window) and 31, constant
//!   weights (a Hann window, full-range random ones) and weights given at run time, samples over
//!   the whole int16 range;
//! - `SignalFftAutoScale`: frames of 1 to 512 samples, quiet ones (scaled by up to 14 bits), loud
//!   ones (not scaled), all zeros, maxima at powers of two and just below, and -32768 first, in
//!   the middle or last (TFLite Micro's `MaxAbs16` turns it back into -32768: the samples after it
//!   decide the scaling);
//! - `SignalRfft` (int16, kissfft's fixed point): lengths 4 (radix 2 only), 8, 16 (radix 4 only),
//!   32, 64 and 512 (micro_speech's), rows as long as the transform or shorter (zero-padded),
//!   batches of rows, full-range samples (where kissfft's 16-bit sums wrap), quiet ones, a pure
//!   tone, an impulse and a full-scale square wave (whose split sums leave 16 bits before
//!   `HALF_OF`'s shift, exact in C's `int`);
//! - `SignalRfft` of int32 (kissfft's 32-bit fixed point) and float: the same lengths, full-range
//!   int32 rows, 24-bit ones and a full-scale square wave (whose split sums wrap), float rows of amplitudes 1 and 30000, batches,
//!   a tone, an impulse and the int32 extremes;
//! - `SignalIrfft` of int16, int32 and float: lengths 4 to 512, spectra of full-range values
//!   (whose fixed-point sums wrap), quiet ones, batches, and the spectrum of an impulse;
//! - the front of micro_speech's preprocessor: a 480-sample Hann window then the auto scale, and
//!   then the 512-point real FFT.

use crate::models::OneOp;
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{
    SIGNAL_FFT_AUTO_SCALE, SIGNAL_IRFFT, SIGNAL_RFFT, SIGNAL_WINDOW, SignalRfftOptions, SignalWindowOptions,
};

/// micro_speech's window: 30 ms at 16 kHz.
pub(super) const MICRO_SPEECH_WINDOW: usize = 480;

/// A Hann window of `length` weights in Q`bits` (micro_speech's, `bits = 12`).
pub(super) fn hann(length: usize, bits: u32) -> Vec<i16> {
    let scale = f64::from(1u32 << bits);
    (0..length)
        .map(|i| {
            let phase = 2.0 * std::f64::consts::PI * (i as f64 + 0.5) / length as f64;
            (scale * 0.5 * (1.0 - phase.cos())).round() as i16
        })
        .collect()
}

pub(super) fn i16_bytes(values: &[i16]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

fn dims(shape: &[usize]) -> Vec<i32> {
    shape.iter().map(|&d| d as i32).collect()
}

/// Where a window's weights come from.
enum Weights {
    /// A constant of these values.
    Constant(Vec<i16>),
    /// A second model input of random full-range values.
    Input,
}

/// A `SignalWindow` model over samples of `shape` and `count` random inputs.
fn window_cases(name: &str, shape: &[usize], weights: Weights, shift: i32, count: usize, rng: &mut Rng) -> Vec<Case> {
    let row = *shape.last().expect("rank 1 or more");
    (0..count)
        .map(|run| {
            let mut m = OneOp::new();
            let samples = m.input("samples", &dims(shape), DType::Int16, None);
            let (window, extra) = match &weights {
                Weights::Constant(values) => {
                    (m.constant("weights", &[row as i32], DType::Int16, &i16_bytes(values), None), None)
                }
                Weights::Input => (
                    m.input("weights", &[row as i32], DType::Int16, None),
                    Some(Tensor::full_range(DType::Int16, &[row], rng)),
                ),
            };
            let output = m.output("windowed", &dims(shape), DType::Int16, None);
            m.custom_op(SIGNAL_WINDOW, &[samples, window], &[output], SignalWindowOptions { shift }.to_flexbuffer());
            let mut inputs = vec![Tensor::full_range(DType::Int16, shape, rng)];
            inputs.extend(extra);
            m.case(&format!("SignalWindow {name} {shape:?} shift {shift} #{run}"), inputs)
        })
        .collect()
}

/// The `signal_window` suite.
pub fn signal_window() -> Vec<Case> {
    let mut rng = Rng(0x5167_0001);
    let random = |rng: &mut Rng, n: usize| Tensor::full_range(DType::Int16, &[n], rng).i16s();
    let mut cases = Vec::new();
    let micro_speech = Weights::Constant(hann(MICRO_SPEECH_WINDOW, 12));
    cases.extend(window_cases("micro_speech Hann", &[MICRO_SPEECH_WINDOW], micro_speech, 12, 3, &mut rng));
    cases.extend(window_cases("Hann Q8", &[2, 32], Weights::Constant(hann(32, 8)), 8, 2, &mut rng));
    let wide = random(&mut rng, 16);
    cases.extend(window_cases("full-range", &[3, 2, 16], Weights::Constant(wide.clone()), 0, 2, &mut rng));
    cases.extend(window_cases("full-range", &[4, 16], Weights::Constant(wide.clone()), 12, 2, &mut rng));
    cases.extend(window_cases("full-range", &[16], Weights::Constant(wide), 31, 2, &mut rng));
    cases.extend(window_cases("run-time weights", &[5, 4], Weights::Input, 3, 3, &mut rng));
    cases
}

/// A `SignalFftAutoScale` model over frames of `length` samples, one case per frame.
fn auto_scale_cases(name: &str, frames: Vec<Vec<i16>>) -> Vec<Case> {
    let length = frames[0].len();
    let model = {
        let mut m = OneOp::new();
        let frame = m.input("frame", &[length as i32], DType::Int16, None);
        let scaled = m.output("scaled", &[length as i32], DType::Int16, None);
        let bits = m.output("scale_bits", &[], DType::Int32, None);
        m.custom_op(SIGNAL_FFT_AUTO_SCALE, &[frame], &[scaled, bits], Vec::new());
        m.finish()
    };
    frames
        .into_iter()
        .enumerate()
        .map(|(run, frame)| Case {
            name: format!("SignalFftAutoScale {name} [{length}] #{run}"),
            model: model.clone(),
            inputs: vec![Tensor::from_i16(&[length], &frame)],
            then: Vec::new(),
            expected: None,
        })
        .collect()
}

/// The `signal_fft_auto_scale` suite.
pub fn signal_fft_auto_scale() -> Vec<Case> {
    let mut rng = Rng(0x5167_0002);
    let mut frame = |length: usize, amplitude: i64| -> Vec<i16> {
        (0..length).map(|_| rng.range(-amplitude, amplitude) as i16).collect()
    };
    let quiet: Vec<Vec<i16>> = [1, 3, 100, 1000, 9000].iter().map(|&a| frame(512, a)).collect();
    let loud = vec![frame(512, 32767), frame(512, 20000)];
    let mut powers = vec![vec![0i16; 16]];
    for max in [1i16, 2, 255, 256, 16383, 16384, 32767, -1, -2, -16384, -32767] {
        let mut values = frame(16, 1);
        values[5] = max;
        powers.push(values);
    }
    let mut minimum = Vec::new();
    for position in [0, 7, 15] {
        let mut values = frame(16, 40);
        values[position] = i16::MIN;
        minimum.push(values);
    }
    minimum.push(vec![i16::MIN; 16]);
    let mut cases = auto_scale_cases("quiet", quiet);
    cases.extend(auto_scale_cases("loud", loud));
    cases.extend(auto_scale_cases("maxima", powers));
    cases.extend(auto_scale_cases("with -32768", minimum));
    cases.extend(auto_scale_cases("one sample", vec![vec![3], vec![-20000], vec![0]]));
    cases
}

/// The `micro_speech_window_and_scale` suite: micro_speech's preprocessor through its FFT, a Q12
/// Hann window of 480 samples shifted by 12, the auto scale, then the 512-point real FFT of the
/// scaled frame, on frames of speech-like loudness (quiet to loud).
pub fn micro_speech_window_and_scale() -> Vec<Case> {
    let mut rng = Rng(0x5167_0003);
    let n = MICRO_SPEECH_WINDOW as i32;
    let mut m = OneOp::new();
    let samples = m.input("audio", &[n], DType::Int16, None);
    let weights = m.constant("hann", &[n], DType::Int16, &i16_bytes(&hann(MICRO_SPEECH_WINDOW, 12)), None);
    let windowed = m.intermediate("windowed", &[n], DType::Int16, None);
    m.custom_op(SIGNAL_WINDOW, &[samples, weights], &[windowed], SignalWindowOptions { shift: 12 }.to_flexbuffer());
    let scaled = m.intermediate("scaled", &[n], DType::Int16, None);
    let bits = m.output("scale_bits", &[], DType::Int32, None);
    m.custom_op(SIGNAL_FFT_AUTO_SCALE, &[windowed], &[scaled, bits], Vec::new());
    let spectrum = m.output("spectrum", &[514], DType::Int16, None);
    let fft = SignalRfftOptions { tensor_type: mc_tflite::DType::Int16, fft_length: 512 };
    m.custom_op(SIGNAL_RFFT, &[scaled], &[spectrum], fft.to_flexbuffer());
    let model = m.finish();
    [30, 500, 4000, 32767]
        .into_iter()
        .map(|amplitude| {
            let audio: Vec<i16> = (0..MICRO_SPEECH_WINDOW).map(|_| rng.range(-amplitude, amplitude) as i16).collect();
            Case {
                name: format!("micro_speech window and auto scale, amplitude {amplitude}"),
                model: model.clone(),
                inputs: vec![Tensor::from_i16(&[MICRO_SPEECH_WINDOW], &audio)],
                then: Vec::new(),
                expected: None,
            }
        })
        .collect()
}

/// A `SignalRfft` (`code` [`SIGNAL_RFFT`]: rows of `shape` to `fft_length + 2` values) or
/// `SignalIrfft` (spectra of `shape` to rows of `fft_length`) of `dtype`, and its cases, one per
/// input.
fn fft_cases(code: &str, name: &str, dtype: DType, shape: &[usize], fft_length: i32, inputs: Vec<Tensor>) -> Vec<Case> {
    let mut out_shape = dims(shape);
    *out_shape.last_mut().expect("rank 1 or more") = if code == SIGNAL_RFFT { fft_length + 2 } else { fft_length };
    let model = {
        let mut m = OneOp::new();
        let input = m.input("input", &dims(shape), dtype, None);
        let output = m.output("output", &out_shape, dtype, None);
        let options = SignalRfftOptions { tensor_type: dtype.tflite(), fft_length };
        m.custom_op(code, &[input], &[output], options.to_flexbuffer());
        m.finish()
    };
    inputs
        .into_iter()
        .enumerate()
        .map(|(run, input)| Case {
            name: format!("{code} {dtype:?} {name} {shape:?} fft_length {fft_length} #{run}"),
            model: model.clone(),
            inputs: vec![input],
            then: Vec::new(),
            expected: None,
        })
        .collect()
}

/// The `signal_rfft` suite (int16).
pub fn signal_rfft() -> Vec<Case> {
    let mut rng = Rng(0x5167_0004);
    let mut random = |shape: &[usize], amplitude: i64| -> Tensor {
        let values: Vec<i16> = (0..shape.iter().product()).map(|_| rng.range(-amplitude, amplitude) as i16).collect();
        Tensor::from_i16(shape, &values)
    };
    let mut cases = Vec::new();
    for (length, row) in RFFT_LENGTHS {
        let inputs = vec![random(&[row], 32767), random(&[row], 32767), random(&[row], 300)];
        cases.extend(fft_cases(SIGNAL_RFFT, "random", DType::Int16, &[row], length, inputs));
    }
    cases.extend(fft_cases(
        SIGNAL_RFFT,
        "batch",
        DType::Int16,
        &[3, 16],
        32,
        vec![random(&[3, 16], 32767), random(&[3, 16], 2000)],
    ));
    cases.extend(fft_cases(SIGNAL_RFFT, "batch", DType::Int16, &[2, 2, 8], 8, vec![random(&[2, 2, 8], 32767)]));
    let tone: Vec<i16> = (0..64).map(|i| (20000.0 * (i as f64 * 0.7).sin()) as i16).collect();
    let mut impulse = vec![0i16; 64];
    impulse[0] = i16::MAX;
    let extremes: Vec<i16> = (0..64).map(|i| if i % 3 == 0 { i16::MIN } else { i16::MAX }).collect();
    let square: Vec<i16> = (0..64).map(|i| if i % 8 < 4 { i16::MAX } else { -i16::MAX }).collect();
    let shapes = [tone, impulse, extremes, vec![0; 64], square].map(|values| Tensor::from_i16(&[64], &values));
    cases.extend(fft_cases(SIGNAL_RFFT, "shapes", DType::Int16, &[64], 64, shapes.into()));
    cases
}

/// The lengths and row lengths of the real FFT suites: every radix mix, padded rows.
const RFFT_LENGTHS: [(i32, usize); 7] = [(4, 4), (8, 8), (16, 16), (32, 32), (64, 50), (512, 512), (512, 480)];

/// The `int32_signal_rfft` suite: kissfft's 32-bit fixed point over full-range rows, rows of
/// 24-bit amplitudes, batches, a tone, an impulse, the extremes and a full-scale square wave
/// (whose split sums wrap).
pub fn int32_signal_rfft() -> Vec<Case> {
    let mut rng = Rng(0x5167_0032);
    let mut random = |shape: &[usize], amplitude: i64| -> Tensor {
        let values: Vec<i64> = (0..shape.iter().product()).map(|_| rng.range(-amplitude, amplitude)).collect();
        Tensor::from_ints(DType::Int32, shape, &values)
    };
    let mut cases = Vec::new();
    for (length, row) in RFFT_LENGTHS {
        let inputs = vec![random(&[row], i64::from(i32::MAX)), random(&[row], 1 << 24), random(&[row], 300)];
        cases.extend(fft_cases(SIGNAL_RFFT, "random", DType::Int32, &[row], length, inputs));
    }
    cases.extend(fft_cases(
        SIGNAL_RFFT,
        "batch",
        DType::Int32,
        &[3, 16],
        32,
        vec![random(&[3, 16], i64::from(i32::MAX))],
    ));
    let tone: Vec<i64> = (0..64).map(|i| (1.0e9 * (i as f64 * 0.7).sin()) as i64).collect();
    let mut impulse = vec![0i64; 64];
    impulse[0] = i64::from(i32::MAX);
    let extremes: Vec<i64> = (0..64).map(|i| if i % 3 == 0 { i32::MIN } else { i32::MAX }.into()).collect();
    // A full-scale square wave of period 8: its bin 8's imaginary part is 1.2 times the full
    // scale, so kiss_fftr's `HALF_OF` sums wrap in int32 before the shift.
    let square: Vec<i64> = (0..64).map(|i| if i % 8 < 4 { i32::MAX } else { -i32::MAX }.into()).collect();
    let shapes = [tone, impulse, extremes, square].map(|values| Tensor::from_ints(DType::Int32, &[64], &values));
    cases.extend(fft_cases(SIGNAL_RFFT, "shapes", DType::Int32, &[64], 64, shapes.into()));
    cases
}

/// The `float_signal_rfft` suite: kissfft's float over rows of amplitudes 1 and 30000, batches,
/// a tone and an impulse.
pub fn float_signal_rfft() -> Vec<Case> {
    let mut rng = Rng(0x5167_0F32);
    let mut random = |shape: &[usize], amplitude: f32| -> Tensor {
        let values: Vec<f32> = (0..shape.iter().product()).map(|_| rng.float(-amplitude, amplitude)).collect();
        Tensor::from_f32(shape, &values)
    };
    let mut cases = Vec::new();
    for (length, row) in RFFT_LENGTHS {
        let inputs = vec![random(&[row], 1.0), random(&[row], 30000.0)];
        cases.extend(fft_cases(SIGNAL_RFFT, "random", DType::Float32, &[row], length, inputs));
    }
    cases.extend(fft_cases(SIGNAL_RFFT, "batch", DType::Float32, &[2, 2, 8], 8, vec![random(&[2, 2, 8], 1.0)]));
    let tone: Vec<f32> = (0..64).map(|i| (i as f32 * 0.7).sin()).collect();
    let mut impulse = vec![0.0f32; 64];
    impulse[0] = 1.0;
    let shapes = [tone, impulse].map(|values| Tensor::from_f32(&[64], &values));
    cases.extend(fft_cases(SIGNAL_RFFT, "shapes", DType::Float32, &[64], 64, shapes.into()));
    cases
}

/// The inverse real FFT's cases of `dtype`: every length of [`RFFT_LENGTHS`] over spectra of
/// values up to each of `amplitudes` (`random` draws them), a batch, and an impulse's flat
/// spectrum of `full_scale`.
fn irfft_suite(
    dtype: DType,
    amplitudes: [f64; 2],
    full_scale: f64,
    mut random: impl FnMut(&[usize], f64) -> Tensor,
) -> Vec<Case> {
    let mut cases = Vec::new();
    for (length, _) in RFFT_LENGTHS {
        let shape = [length as usize + 2];
        let inputs = amplitudes.iter().map(|&a| random(&shape, a)).collect();
        cases.extend(fft_cases(SIGNAL_IRFFT, "random", dtype, &shape, length, inputs));
    }
    cases.extend(fft_cases(SIGNAL_IRFFT, "batch", dtype, &[2, 2, 10], 8, vec![random(&[2, 2, 10], amplitudes[0])]));
    let flat: Vec<f64> = (0..34).map(|i| if i % 2 == 0 { full_scale } else { 0.0 }).collect();
    let flat = match dtype {
        DType::Float32 => Tensor::from_f32(&[34], &flat.iter().map(|&v| v as f32).collect::<Vec<_>>()),
        _ => Tensor::from_ints(dtype, &[34], &flat.iter().map(|&v| v as i64).collect::<Vec<_>>()),
    };
    cases.extend(fft_cases(SIGNAL_IRFFT, "impulse", dtype, &[34], 32, vec![flat]));
    cases
}

/// The `signal_irfft` suite: kissfft's 16-bit inverse over full-range and quiet spectra.
pub fn signal_irfft() -> Vec<Case> {
    let mut rng = Rng(0x5167_1016);
    irfft_suite(DType::Int16, [32767.0, 300.0], 32767.0, |shape, amplitude| {
        let values: Vec<i64> =
            (0..shape.iter().product()).map(|_| rng.range(-amplitude as i64, amplitude as i64)).collect();
        Tensor::from_ints(DType::Int16, shape, &values)
    })
}

/// The `int32_signal_irfft` suite: kissfft's 32-bit inverse over full-range and 24-bit spectra.
pub fn int32_signal_irfft() -> Vec<Case> {
    let mut rng = Rng(0x5167_1032);
    irfft_suite(DType::Int32, [2147483647.0, 16777216.0], 2147483647.0, |shape, amplitude| {
        let values: Vec<i64> =
            (0..shape.iter().product()).map(|_| rng.range(-amplitude as i64, amplitude as i64)).collect();
        Tensor::from_ints(DType::Int32, shape, &values)
    })
}

/// The `float_signal_irfft` suite: kissfft's float inverse (divided by `fft_length`) over spectra
/// of amplitudes 1 and 30000.
pub fn float_signal_irfft() -> Vec<Case> {
    let mut rng = Rng(0x5167_1F32);
    irfft_suite(DType::Float32, [1.0, 30000.0], 1.0, |shape, amplitude| {
        let values: Vec<f32> =
            (0..shape.iter().product()).map(|_| rng.float(-amplitude as f32, amplitude as f32)).collect();
        Tensor::from_f32(shape, &values)
    })
}
