//! The filter bank chain of TFLite Micro's signal library (what audio front ends run after the
//! FFT, on unsigned integers) against TFLite Micro:
//!
//! - `SignalEnergy`: bins of full-range (real, imaginary) pairs, where `(-32768)² · 2` wraps the
//!   `int32_t` sum, every bin or a range of them (the others are not written, so those cases
//!   read the energies through a filter bank that stays inside the range);
//! - `SignalFilterBank`: mel-like triangular channels (Q12 weights, unweights their complement)
//!   and channels of full-range int16 weights (negative ones make the `uint64_t` products wrap),
//!   energies up to `2^32 - 1`, constant tables and weights given at run time;
//! - `SignalFilterBankSquareRoot`: sums around every rounding edge (`Sqrt32`'s `0xFFFF` guard
//!   just below `2^32`, `Sqrt64` above), up to `2^64 - 1`, shifts 0 to 31;
//! - `SignalFilterBankSpectralSubtraction`: six invocations in a row (the noise estimate carries
//!   over), with and without clamping, alternate smoothing on odd channels, full-range inputs;
//! - `SignalPCAN`: estimates 0 to 2 (direct table entries) and up to `2^32 - 1`, a smooth gain
//!   table and a full-range one, shifts from 0 to 63;
//! - `SignalFilterBankLog`: inputs 0, 1 (no log), powers of two and full range, correction
//!   bits 0 to 31 (shifting bits out), micro_speech's output scale and the largest;
//! - `SignalDelay`: delays shorter than the rows, as long and longer (the state then feeds the
//!   whole output), ranks 1 to 3, five invocations in a row;
//! - `SignalFramer` (prefilled): frames shorter than, as long as and longer than the rows,
//!   steps of 1 to the frame size minus 1, ranks 1 to 3, five invocations in a row (the samples
//!   frames overlap carry over);
//! - `SignalStacker`: one to five channels, left and right contexts of 0 to 3 frames, steps of 1
//!   to the frames stacked, ten invocations in a row (the frames carry over; steps of 2 or more
//!   leave invalid invocations between the stacks, whose output repeats the last stack);
//! - `SignalOverlapAdd`: int16 (full-range frames, whose sums saturate) and float, one to four
//!   frames per invocation, steps of 1, part of and the whole frame, ranks 2 to 4, five
//!   invocations in a row (the unfinished tail carries over);
//! - micro_speech's whole preprocessor: window, auto scale, FFT, energy, 40 mel channels, square
//!   root, spectral subtraction, PCAN and log, frame after frame.

use super::signal::{MICRO_SPEECH_WINDOW, hann, i16_bytes};
use crate::models::OneOp;
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{
    SIGNAL_DELAY, SIGNAL_ENERGY, SIGNAL_FFT_AUTO_SCALE, SIGNAL_FILTER_BANK, SIGNAL_FILTER_BANK_LOG,
    SIGNAL_FILTER_BANK_SPECTRAL_SUBTRACTION, SIGNAL_FILTER_BANK_SQUARE_ROOT, SIGNAL_FRAMER, SIGNAL_OVERLAP_ADD,
    SIGNAL_PCAN, SIGNAL_RFFT, SIGNAL_STACKER, SIGNAL_WINDOW, STACKER_OPTIONS, SignalRfftOptions, SignalWindowOptions,
    signal_options_flexbuffer,
};

fn u64_tensor(values: &[u64]) -> Tensor {
    Tensor {
        dtype: DType::UInt64,
        shape: vec![values.len()],
        data: values.iter().flat_map(|v| v.to_le_bytes()).collect(),
    }
}

/// `count` uint32 values: the extremes first, then random ones up to `2^bits - 1`.
fn u32s(rng: &mut Rng, count: usize, bits: u32) -> Vec<u32> {
    let high = (1u64 << bits) - 1;
    let mut values: Vec<u32> = [0, 1, high as u32, high as u32 - 1].into_iter().take(count).collect();
    while values.len() < count {
        values.push(rng.range(0, high as i64) as u32);
    }
    values
}

/// A filter bank's configuration: TFLite Micro's `FilterbankConfig` tables.
struct Bank {
    /// Weights and unweights, one pair per bin of each channel.
    weights: Vec<i16>,
    unweights: Vec<i16>,
    /// Per channel (one more than the outputs): first bin, first weight, number of bins.
    starts: Vec<i16>,
    weight_starts: Vec<i16>,
    widths: Vec<i16>,
}

impl Bank {
    /// Channels whose bins are the ranges between consecutive `edges`, rising then falling
    /// (Q12, unweights `4096 - weight`) as mel filters do; `full_range` draws the weights from
    /// the whole int16 range instead.
    fn from_edges(edges: &[i16], full_range: bool, rng: &mut Rng) -> Bank {
        let mut bank = Bank {
            weights: Vec::new(),
            unweights: Vec::new(),
            starts: Vec::new(),
            weight_starts: Vec::new(),
            widths: Vec::new(),
        };
        for pair in edges.windows(2) {
            let width = pair[1] - pair[0];
            bank.starts.push(pair[0]);
            bank.weight_starts.push(bank.weights.len() as i16);
            bank.widths.push(width);
            for j in 0..width {
                let (weight, unweight) = if full_range {
                    (rng.range(-32768, 32767) as i16, rng.range(-32768, 32767) as i16)
                } else {
                    let weight = (4096 * i32::from(width - j) / i32::from(width)) as i16;
                    (weight, 4096 - weight)
                };
                bank.weights.push(weight);
                bank.unweights.push(unweight);
            }
        }
        bank
    }

    /// Mel-spaced channel edges for `channels` channels between bins `low` and `high`.
    fn mel_edges(channels: usize, low: f64, high: f64) -> Vec<i16> {
        let mel = |bin: f64| 1127.0 * (1.0 + bin * 31.25 / 700.0).ln();
        let bin = |m: f64| ((m / 1127.0).exp() - 1.0) * 700.0 / 31.25;
        let (lo, hi) = (mel(low), mel(high));
        let mut edges: Vec<i16> =
            (0..=channels + 1).map(|i| bin(lo + (hi - lo) * i as f64 / (channels + 1) as f64).round() as i16).collect();
        // Every channel at least one bin wide.
        for i in 1..edges.len() {
            edges[i] = edges[i].max(edges[i - 1] + 1);
        }
        edges
    }

    fn channels(&self) -> usize {
        self.widths.len() - 1
    }

    /// Adds the configuration to `m`: constants, or (`run_time`) inputs for the weights, whose
    /// values then go into `inputs`. The five tensors in operand order.
    fn add(&self, m: &mut OneOp, run_time: bool, inputs: &mut Vec<Tensor>) -> [i32; 5] {
        let n = self.weights.len() as i32;
        let c = self.starts.len() as i32;
        let mut weights = |m: &mut OneOp, name: &str, values: &[i16]| {
            if run_time {
                inputs.push(Tensor::from_i16(&[values.len()], values));
                m.input(name, &[n], DType::Int16, None)
            } else {
                m.constant(name, &[n], DType::Int16, &i16_bytes(values), None)
            }
        };
        let w = weights(m, "weights", &self.weights);
        let u = weights(m, "unweights", &self.unweights);
        let starts = m.constant("starts", &[c], DType::Int16, &i16_bytes(&self.starts), None);
        let weight_starts = m.constant("weight_starts", &[c], DType::Int16, &i16_bytes(&self.weight_starts), None);
        let widths = m.constant("widths", &[c], DType::Int16, &i16_bytes(&self.widths), None);
        [w, u, starts, weight_starts, widths]
    }
}

/// `SignalEnergy`'s options.
fn energy_options(start: i64, end: i64) -> Vec<u8> {
    signal_options_flexbuffer(&[("end_index", end), ("start_index", start)], &[])
}

/// `SignalFilterBank`'s options.
fn filter_bank_options(channels: usize) -> Vec<u8> {
    signal_options_flexbuffer(&[("num_channels", channels as i64)], &[])
}

/// The `signal_energy` suite: whole spectra of full-range pairs.
pub fn signal_energy() -> Vec<Case> {
    let mut rng = Rng(0x5167_0101);
    [(1, 4), (8, 3), (257, 3)]
        .into_iter()
        .flat_map(|(bins, count)| {
            let mut m = OneOp::new();
            let spectrum = m.input("spectrum", &[2 * bins], DType::Int16, None);
            let energy = m.output("energy", &[bins], DType::UInt32, None);
            m.custom_op(SIGNAL_ENERGY, &[spectrum], &[energy], energy_options(0, i64::from(bins)));
            let model = m.finish();
            (0..count)
                .map(|run| Case {
                    name: format!("SignalEnergy [{}] #{run}", 2 * bins),
                    model: model.clone(),
                    inputs: vec![Tensor::full_range(DType::Int16, &[2 * bins as usize], &mut rng)],
                    then: Vec::new(),
                    expected: None,
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// A `SignalFilterBank` on `bins` uint32 energies (`bits` wide) with `bank`.
fn filter_bank_case(name: &str, bank: &Bank, bins: usize, bits: u32, run_time: bool, rng: &mut Rng) -> Case {
    let mut m = OneOp::new();
    let energies = m.input("energies", &[bins as i32], DType::UInt32, None);
    let mut inputs = vec![Tensor::from_u32(&[bins], &u32s(rng, bins, bits))];
    let [w, u, starts, weight_starts, widths] = bank.add(&mut m, run_time, &mut inputs);
    let channels = bank.channels();
    let sums = m.output("sums", &[channels as i32], DType::UInt64, None);
    m.custom_op(
        SIGNAL_FILTER_BANK,
        &[energies, w, u, starts, weight_starts, widths],
        &[sums],
        filter_bank_options(channels),
    );
    m.case(&format!("SignalFilterBank {name} {channels} channels over {bins} bins, {bits}-bit energies"), inputs)
}

/// The `signal_filter_bank` suite.
pub fn signal_filter_bank() -> Vec<Case> {
    let mut rng = Rng(0x5167_0102);
    let mel = Bank::from_edges(&Bank::mel_edges(40, 4.0, 240.0), false, &mut rng);
    let wide = Bank::from_edges(&[0, 3, 4, 9, 16, 17, 30], true, &mut rng);
    vec![
        filter_bank_case("mel", &mel, 257, 31, false, &mut rng),
        filter_bank_case("mel", &mel, 257, 32, false, &mut rng),
        filter_bank_case("mel", &mel, 257, 12, false, &mut rng),
        filter_bank_case("full-range weights", &wide, 32, 32, false, &mut rng),
        filter_bank_case("full-range run-time weights", &wide, 30, 32, true, &mut rng),
    ]
}

/// The `signal_filter_bank_square_root` suite.
pub fn signal_filter_bank_square_root() -> Vec<Case> {
    let mut rng = Rng(0x5167_0103);
    let edge = 65535u64 * 65535;
    let mut values: Vec<u64> = vec![
        0,
        1,
        2,
        3,
        4,
        99,
        edge - 1,
        edge,
        edge + 65535,
        edge + 65536,
        edge + 65537,
        (1 << 32) - 1,
        1 << 32,
        (1 << 32) + 1,
        u64::MAX,
        u64::MAX - 1,
        (u64::from(u32::MAX)) * u64::from(u32::MAX),
        1 << 63,
    ];
    for bits in [20, 33, 40, 50, 64] {
        values.extend((0..6).map(|_| rng.next_u64() >> (64 - bits)));
    }
    let channels = values.len();
    let mut m = OneOp::new();
    let sums = m.input("sums", &[channels as i32], DType::UInt64, None);
    let bits = m.input("scale_bits", &[], DType::Int32, None);
    let roots = m.output("roots", &[channels as i32], DType::UInt32, None);
    m.custom_op(SIGNAL_FILTER_BANK_SQUARE_ROOT, &[sums, bits], &[roots], Vec::new());
    let model = m.finish();
    [0, 1, 7, 15, 31]
        .into_iter()
        .map(|shift| Case {
            name: format!("SignalFilterBankSquareRoot [{channels}] scale_bits {shift}"),
            model: model.clone(),
            inputs: vec![u64_tensor(&values), Tensor::from_ints(DType::Int32, &[], &[shift])],
            then: Vec::new(),
            expected: None,
        })
        .collect()
}

/// TFLite Micro's spectral subtraction options: smoothing (even, odd channels) in Q14, the
/// floor, clamping, the extra bits of the estimate.
struct Subtraction {
    smoothing: i64,
    alternate: i64,
    min_signal_remaining: i64,
    clamping: bool,
    smoothing_bits: i64,
    spectral_subtraction_bits: i64,
}

impl Subtraction {
    fn options(&self, channels: usize) -> Vec<u8> {
        let scale = 1 << self.spectral_subtraction_bits;
        signal_options_flexbuffer(
            &[
                ("alternate_one_minus_smoothing", scale - self.alternate),
                ("alternate_smoothing", self.alternate),
                ("min_signal_remaining", self.min_signal_remaining),
                ("num_channels", channels as i64),
                ("one_minus_smoothing", scale - self.smoothing),
                ("smoothing", self.smoothing),
                ("smoothing_bits", self.smoothing_bits),
                ("spectral_subtraction_bits", self.spectral_subtraction_bits),
            ],
            &[("clamping", self.clamping)],
        )
    }
}

/// micro_speech's spectral subtraction (its audio preprocessor's defaults, in Q14).
const MICRO_SPEECH_SUBTRACTION: Subtraction = Subtraction {
    smoothing: 655,
    alternate: 655,
    min_signal_remaining: 819,
    clamping: false,
    smoothing_bits: 10,
    spectral_subtraction_bits: 14,
};

/// The `signal_filter_bank_spectral_subtraction` suite: six invocations per case.
pub fn signal_filter_bank_spectral_subtraction() -> Vec<Case> {
    let mut rng = Rng(0x5167_0104);
    let alternate = Subtraction { alternate: 3000, clamping: true, ..MICRO_SPEECH_SUBTRACTION };
    let strong = Subtraction {
        smoothing: 16000,
        alternate: 200,
        min_signal_remaining: 16383,
        clamping: true,
        smoothing_bits: 3,
        spectral_subtraction_bits: 14,
    };
    let wide =
        Subtraction { smoothing_bits: 0, spectral_subtraction_bits: 31, smoothing: 1 << 30, alternate: 5, ..strong };
    let cases = [
        ("micro_speech", MICRO_SPEECH_SUBTRACTION, 40, 22),
        ("alternate, clamping", alternate, 40, 22),
        ("strong", strong, 9, 28),
        ("shift 31", wide, 7, 32),
    ];
    cases
        .into_iter()
        .map(|(name, options, channels, bits)| {
            let mut m = OneOp::new();
            let input = m.input("channels", &[channels], DType::UInt32, None);
            let output = m.output("subtracted", &[channels], DType::UInt32, None);
            let estimate = m.output("noise_estimate", &[channels], DType::UInt32, None);
            m.custom_op(
                SIGNAL_FILTER_BANK_SPECTRAL_SUBTRACTION,
                &[input],
                &[output, estimate],
                options.options(channels as usize),
            );
            let mut frames =
                (0..6).map(|_| vec![Tensor::from_u32(&[channels as usize], &u32s(&mut rng, channels as usize, bits))]);
            let first = frames.next().expect("six frames");
            m.case(&format!("SignalFilterBankSpectralSubtraction {name} [{channels}]"), first)
                .then_invoked_with(frames.collect())
        })
        .collect()
}

/// A PCAN gain table of 125 entries: a smooth one (gains falling with the noise, as PCAN's
/// `1 / (offset + noise)^strength` does) or full-range random coefficients.
fn gain_lut(smooth: bool, rng: &mut Rng) -> Vec<i16> {
    (0..125)
        .map(|i| if smooth { (30000.0 / (1.0 + i as f64 / 8.0)) as i16 } else { rng.range(-32768, 32767) as i16 })
        .collect()
}

/// The `signal_pcan` suite.
pub fn signal_pcan() -> Vec<Case> {
    let mut rng = Rng(0x5167_0105);
    let mut cases = Vec::new();
    for (name, smooth, snr_shift) in [
        ("smooth", true, 6),
        ("smooth", true, 20),
        ("full-range", false, 0),
        ("full-range", false, 63),
        ("full-range", false, 13),
    ] {
        let lut = gain_lut(smooth, &mut rng);
        let channels = 48usize;
        let mut m = OneOp::new();
        let input = m.input("channels", &[channels as i32], DType::UInt32, None);
        let noise = m.input("noise_estimate", &[channels as i32], DType::UInt32, None);
        let table = m.constant("gain_lut", &[125], DType::Int16, &i16_bytes(&lut), None);
        let output = m.output("normalized", &[channels as i32], DType::UInt32, None);
        let options = signal_options_flexbuffer(&[("snr_shift", snr_shift)], &[]);
        m.custom_op(SIGNAL_PCAN, &[input, noise, table], &[output], options);
        let mut estimates: Vec<u32> = vec![0, 1, 2, 3, 4, 7, 1024, 2047, 2048, 4095, u32::MAX, 1 << 31];
        estimates.extend((0..channels - estimates.len()).map(|i| (rng.next_u64() >> (32 + i % 32)) as u32));
        let inputs = vec![
            Tensor::from_u32(&[channels], &u32s(&mut rng, channels, if smooth { 20 } else { 32 })),
            Tensor::from_u32(&[channels], &estimates),
        ];
        cases.push(m.case(&format!("SignalPCAN {name} table, snr_shift {snr_shift}"), inputs));
    }
    cases
}

/// The `signal_filter_bank_log` suite.
pub fn signal_filter_bank_log() -> Vec<Case> {
    let mut rng = Rng(0x5167_0106);
    let mut values: Vec<u32> = vec![0, 1, 2, 3, 4, 5, 65535, 65536, 65537, 1 << 31, u32::MAX, 100, 1000];
    values.extend((0..32).map(|bit| 1u32 << bit));
    values.extend((0..40).map(|i| (rng.next_u64() >> (32 + i % 32)) as u32));
    let channels = values.len();
    [(0, 1600), (0, 64), (3, 1600), (12, 2000), (31, 64), (0, i64::from(i32::MAX))]
        .into_iter()
        .map(|(bits, scale)| {
            let mut m = OneOp::new();
            let input = m.input("channels", &[channels as i32], DType::UInt32, None);
            let output = m.output("logs", &[channels as i32], DType::Int16, None);
            let options = signal_options_flexbuffer(&[("input_correction_bits", bits), ("output_scale", scale)], &[]);
            m.custom_op(SIGNAL_FILTER_BANK_LOG, &[input], &[output], options);
            m.case(
                &format!("SignalFilterBankLog [{channels}] input_correction_bits {bits} output_scale {scale}"),
                vec![Tensor::from_u32(&[channels], &values)],
            )
        })
        .collect()
}

/// The `micro_speech_preprocessor` suite: micro_speech's audio preprocessor as one model (30 ms
/// frames of 480 samples: a Q12 Hann window, the auto scale, the 512-point FFT, the energy of
/// the 40 mel channels' bins, the filter bank, its square root scaled back by the auto scale's
/// bits, spectral subtraction, PCAN and the log), run on eight frames in a row of quiet to loud
/// noise (the noise estimate carries over).
pub fn micro_speech_preprocessor() -> Vec<Case> {
    let mut rng = Rng(0x5167_0107);
    let samples = MICRO_SPEECH_WINDOW as i32;
    let edges = Bank::mel_edges(40, 4.0, 240.0);
    let (low, high) = (edges[0], edges[edges.len() - 1]);
    let bank = Bank::from_edges(&edges, false, &mut rng);
    let mut m = OneOp::new();
    let audio = m.input("audio", &[samples], DType::Int16, None);
    let weights = m.constant("hann", &[samples], DType::Int16, &i16_bytes(&hann(MICRO_SPEECH_WINDOW, 12)), None);
    let windowed = m.intermediate("windowed", &[samples], DType::Int16, None);
    m.custom_op(SIGNAL_WINDOW, &[audio, weights], &[windowed], SignalWindowOptions { shift: 12 }.to_flexbuffer());
    let scaled = m.intermediate("scaled", &[samples], DType::Int16, None);
    let scale_bits = m.intermediate("scale_bits", &[], DType::Int32, None);
    m.custom_op(SIGNAL_FFT_AUTO_SCALE, &[windowed], &[scaled, scale_bits], Vec::new());
    let spectrum = m.intermediate("spectrum", &[514], DType::Int16, None);
    let fft = SignalRfftOptions { tensor_type: mc_tflite::DType::Int16, fft_length: 512 };
    m.custom_op(SIGNAL_RFFT, &[scaled], &[spectrum], fft.to_flexbuffer());
    let energy = m.intermediate("energy", &[257], DType::UInt32, None);
    m.custom_op(SIGNAL_ENERGY, &[spectrum], &[energy], energy_options(i64::from(low), i64::from(high)));
    let [w, u, starts, weight_starts, widths] = bank.add(&mut m, false, &mut Vec::new());
    let sums = m.intermediate("sums", &[40], DType::UInt64, None);
    m.custom_op(SIGNAL_FILTER_BANK, &[energy, w, u, starts, weight_starts, widths], &[sums], filter_bank_options(40));
    let roots = m.intermediate("roots", &[40], DType::UInt32, None);
    m.custom_op(SIGNAL_FILTER_BANK_SQUARE_ROOT, &[sums, scale_bits], &[roots], Vec::new());
    let subtracted = m.intermediate("subtracted", &[40], DType::UInt32, None);
    let noise = m.output("noise_estimate", &[40], DType::UInt32, None);
    m.custom_op(
        SIGNAL_FILTER_BANK_SPECTRAL_SUBTRACTION,
        &[roots],
        &[subtracted, noise],
        MICRO_SPEECH_SUBTRACTION.options(40),
    );
    let lut = m.constant("gain_lut", &[125], DType::Int16, &i16_bytes(&gain_lut(true, &mut rng)), None);
    let normalized = m.intermediate("normalized", &[40], DType::UInt32, None);
    let pcan = signal_options_flexbuffer(&[("snr_shift", 6)], &[]);
    m.custom_op(SIGNAL_PCAN, &[subtracted, noise, lut], &[normalized], pcan);
    let features = m.output("features", &[40], DType::Int16, None);
    let log = signal_options_flexbuffer(&[("input_correction_bits", 3), ("output_scale", 64)], &[]);
    m.custom_op(SIGNAL_FILTER_BANK_LOG, &[normalized], &[features], log);
    let mut frames = [30, 500, 4000, 32767, 200, 8000, 20, 12000].into_iter().map(|amplitude| {
        let audio: Vec<i16> = (0..samples).map(|_| rng.range(-amplitude, amplitude) as i16).collect();
        vec![Tensor::from_i16(&[MICRO_SPEECH_WINDOW], &audio)]
    });
    let first = frames.next().expect("eight frames");
    vec![m.case("micro_speech preprocessor, eight frames", first).then_invoked_with(frames.collect())]
}

/// The `signal_delay` suite: five invocations per case, the state carrying over.
pub fn signal_delay() -> Vec<Case> {
    let mut rng = Rng(0x5167_0108);
    [(vec![16], 3), (vec![8], 8), (vec![4], 11), (vec![3, 10], 4), (vec![2, 2, 5], 7), (vec![160], 1)]
        .into_iter()
        .map(|(shape, delay)| {
            let dims: Vec<i32> = shape.iter().map(|&d| d as i32).collect();
            let mut m = OneOp::new();
            let input = m.input("rows", &dims, DType::Int16, None);
            let output = m.output("delayed", &dims, DType::Int16, None);
            m.custom_op(SIGNAL_DELAY, &[input], &[output], signal_options_flexbuffer(&[("delay_length", delay)], &[]));
            let mut frames = (0..5).map(|_| vec![Tensor::full_range(DType::Int16, &shape, &mut rng)]);
            let first = frames.next().expect("five frames");
            m.case(&format!("SignalDelay {shape:?} delay_length {delay}"), first).then_invoked_with(frames.collect())
        })
        .collect()
}

/// The `signal_overlap_add` suite: five invocations per case, the unfinished tail carrying over.
pub fn signal_overlap_add() -> Vec<Case> {
    let mut rng = Rng(0x5167_0ADD);
    let layouts: [(&[usize], i64); 5] = [(&[1, 8], 4), (&[3, 6], 2), (&[2, 3, 5], 5), (&[4, 4], 1), (&[2, 1, 2, 7], 3)];
    let mut cases = Vec::new();
    for (shape, step) in layouts {
        // TFLite's tensor type numbers: FLOAT32 0, INT16 7.
        for (dtype, code) in [(DType::Int16, 7), (DType::Float32, 0)] {
            let dims: Vec<i32> = shape.iter().map(|&d| d as i32).collect();
            let (frames, rows) = (shape[shape.len() - 2], &dims[..dims.len() - 2]);
            let stream: Vec<i32> = rows.iter().copied().chain([(frames as i64 * step) as i32]).collect();
            let mut m = OneOp::new();
            let input = m.input("frames", &dims, dtype, None);
            let output = m.output("stream", &stream, dtype, None);
            let options = signal_options_flexbuffer(&[("T", code), ("frame_step", step)], &[]);
            m.custom_op(SIGNAL_OVERLAP_ADD, &[input], &[output], options);
            let mut invocations = (0..5).map(|_| vec![Tensor::full_range(dtype, shape, &mut rng)]);
            let first = invocations.next().expect("five invocations");
            let name = format!("SignalOverlapAdd {dtype:?} {shape:?} frame_step {step}");
            cases.push(m.case(&name, first).then_invoked_with(invocations.collect()));
        }
    }
    cases
}

/// The `signal_framer` suite: prefilled framers, five invocations per case, the samples frames
/// overlap carrying over.
pub fn signal_framer() -> Vec<Case> {
    let mut rng = Rng(0x5167_F4A3);
    let layouts: [(&[usize], i64, i64); 5] =
        [(&[16], 6, 4), (&[3, 8], 5, 2), (&[2, 2, 6], 9, 3), (&[12], 4, 1), (&[2, 10], 10, 5)];
    layouts
        .into_iter()
        .map(|(shape, size, step)| {
            let dims: Vec<i32> = shape.iter().map(|&d| d as i32).collect();
            let (samples, rows) = dims.split_last().expect("rank 1 or more");
            let frames: Vec<i32> = rows.iter().copied().chain([samples / step as i32, size as i32]).collect();
            let mut m = OneOp::new();
            let input = m.input("rows", &dims, DType::Int16, None);
            let output = m.output("frames", &frames, DType::Int16, None);
            let valid = m.output("valid", &[], DType::Bool, None);
            let options =
                signal_options_flexbuffer(&[("frame_size", size), ("frame_step", step)], &[("prefill", true)]);
            m.custom_op(SIGNAL_FRAMER, &[input], &[output, valid], options);
            let mut invocations = (0..5).map(|_| vec![Tensor::full_range(DType::Int16, shape, &mut rng)]);
            let first = invocations.next().expect("five invocations");
            let name = format!("SignalFramer {shape:?} frame_size {size} frame_step {step}");
            m.case(&name, first).then_invoked_with(invocations.collect())
        })
        .collect()
}

/// The `signal_stacker` suite: stacks of one to seven frames, ten invocations per case, the
/// frames not yet stacked carrying over.
pub fn signal_stacker() -> Vec<Case> {
    let mut rng = Rng(0x57AC_4E12);
    // (channels, left context, right context, step)
    let layouts: [(i64, i64, i64, i64); 7] =
        [(3, 0, 0, 1), (4, 2, 1, 1), (2, 1, 2, 2), (5, 3, 0, 4), (1, 0, 3, 3), (2, 2, 2, 5), (3, 3, 3, 2)];
    layouts
        .into_iter()
        .map(|(channels, left, right, step)| {
            let stacked = (left + 1 + right) * channels;
            let mut m = OneOp::new();
            let input = m.input("frame", &[channels as i32], DType::Int16, None);
            let output = m.output("stack", &[stacked as i32], DType::Int16, None);
            let valid = m.output("valid", &[], DType::Bool, None);
            let values = [channels, left, right, step];
            let options = signal_options_flexbuffer(&STACKER_OPTIONS.into_iter().zip(values).collect::<Vec<_>>(), &[]);
            m.custom_op(SIGNAL_STACKER, &[input], &[output, valid], options);
            let shape = [channels as usize];
            let mut invocations = (0..10).map(|_| vec![Tensor::full_range(DType::Int16, &shape, &mut rng)]);
            let first = invocations.next().expect("ten invocations");
            let name = format!("SignalStacker {channels} channels, contexts {left} and {right}, step {step}");
            m.case(&name, first).then_invoked_with(invocations.collect())
        })
        .collect()
}
