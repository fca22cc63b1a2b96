//! Custom operators' options: TFLite stores them in an operator's `custom_options` as a
//! FlexBuffer map, read here with the `flexbuffers` crate into typed options, key by key as
//! TFLite Micro's `Init` reads them.
//!
//! | custom code | options | TFLite Micro kernel |
//! |---|---|---|
//! | `TFLite_Detection_PostProcess` | [`DetectionPostprocessOptions`] | `detection_postprocess.cc` |
//! | `SignalWindow` | [`SignalWindowOptions`] | `signal/micro/kernels/window.cc` |
//! | `SignalFftAutoScale` | none (TFLite Micro's kernel has no `Init`) | `signal/micro/kernels/fft_auto_scale_kernel.cc` |
//! | `SignalRfft` | [`SignalRfftOptions`] | `signal/micro/kernels/rfft.cc` |
//! | `SignalIrfft` | [`SignalRfftOptions`] (the same keys) | `signal/micro/kernels/irfft.cc` |
//! | `SignalEnergy` | `end_index`, `start_index` ([`read_signal_options`]) | `signal/micro/kernels/energy.cc` |
//! | `SignalFilterBank` | `num_channels` | `signal/micro/kernels/filter_bank.cc` |
//! | `SignalFilterBankSquareRoot` | none (TFLite Micro's kernel has no `Init`) | `signal/micro/kernels/filter_bank_square_root.cc` |
//! | `SignalFilterBankSpectralSubtraction` | [`SPECTRAL_SUBTRACTION_OPTIONS`] | `signal/micro/kernels/filter_bank_spectral_subtraction.cc` |
//! | `SignalPCAN` | `snr_shift` | `signal/micro/kernels/pcan.cc` |
//! | `SignalFilterBankLog` | `input_correction_bits`, `output_scale` | `signal/micro/kernels/filter_bank_log.cc` |
//! | `SignalDelay` | `delay_length` | `signal/micro/kernels/delay.cc` |
//! | `SignalFramer` | `frame_size`, `frame_step`, `prefill` | `signal/micro/kernels/framer.cc` |
//! | `SignalStacker` | [`STACKER_OPTIONS`] | `signal/micro/kernels/stacker.cc` |
//! | `SignalOverlapAdd` | `T`, `frame_step` | `signal/micro/kernels/overlap_add.cc` |
//! | `CIRCULAR_BUFFER` | `cycles_max` (none: 0) | `kernels/circular_buffer.cc` |
//! | `TFLM_DECODE` | none (the ancillary tensors say how to decode) | `kernels/decode.cc` |

use crate::DType;
use flexbuffers::{FlexBufferType, MapReader, Reader};

/// The custom code of SSD detectors' post-processing operator.
pub const DETECTION_POSTPROCESS: &str = "TFLite_Detection_PostProcess";

/// `TFLite_Detection_PostProcess`'s options (TFLite Micro's `OpData`). TFLite Micro reads a
/// missing key as 0; mc requires every key but `detections_per_class` (default 100) and
/// `use_regular_nms` (default false), whose defaults are TFLite Micro's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DetectionPostprocessOptions {
    /// `max_detections`: how many boxes the outputs hold.
    pub max_detections: i32,
    /// `max_classes_per_detection`: classes kept per box by the fast NMS.
    pub max_classes_per_detection: i32,
    /// `detections_per_class`: boxes kept per class by the regular NMS.
    pub detections_per_class: i32,
    /// `use_regular_nms`: one NMS per class (else one over each box's best class).
    pub use_regular_nms: bool,
    /// `nms_score_threshold`: scores below it are dropped.
    pub nms_score_threshold: f32,
    /// `nms_iou_threshold`: a box overlapping a kept one by more is suppressed.
    pub nms_iou_threshold: f32,
    /// `num_classes`: classes without the background.
    pub num_classes: i32,
    /// `y_scale`, `x_scale`, `h_scale`, `w_scale`: the box encodings' scales.
    pub scales: [f32; 4],
}

/// The keys of [`DetectionPostprocessOptions::scales`], in order.
const SCALE_KEYS: [&str; 4] = ["y_scale", "x_scale", "h_scale", "w_scale"];

impl DetectionPostprocessOptions {
    /// Reads the options from `custom_options`.
    ///
    /// # Errors
    ///
    /// A message naming what is wrong: `custom_options are missing`, `option
    /// 'num_classes' is missing`, `option 'max_detections' is a String, not a number`.
    pub fn read(bytes: &[u8]) -> Result<Self, String> {
        let map = options_map(bytes)?;
        let int = |key| number(&map, key).map(|r| r.as_i32());
        let float = |key| number(&map, key).map(|r| r.as_f32());
        let max_detections = int("max_detections")?;
        let max_classes_per_detection = int("max_classes_per_detection")?;
        let detections_per_class = match optional(&map, "detections_per_class")? {
            None => 100,
            Some(_) => int("detections_per_class")?,
        };
        let use_regular_nms = match optional(&map, "use_regular_nms")? {
            None => false,
            Some(r)
                if matches!(r.flexbuffer_type(), FlexBufferType::Bool | FlexBufferType::Int | FlexBufferType::UInt) =>
            {
                r.as_bool()
            }
            Some(r) => return Err(format!("option 'use_regular_nms' is a {:?}, not a bool", r.flexbuffer_type())),
        };
        let nms_score_threshold = float("nms_score_threshold")?;
        let nms_iou_threshold = float("nms_iou_threshold")?;
        let num_classes = int("num_classes")?;
        let mut scales = [0.0; 4];
        for (scale, key) in scales.iter_mut().zip(SCALE_KEYS) {
            *scale = float(key)?;
        }
        Ok(DetectionPostprocessOptions {
            max_detections,
            max_classes_per_detection,
            detections_per_class,
            use_regular_nms,
            nms_score_threshold,
            nms_iou_threshold,
            num_classes,
            scales,
        })
    }
}

#[cfg(any(test, feature = "writer"))]
impl DetectionPostprocessOptions {
    /// The options as `custom_options` (a FlexBuffer map with every key, as TensorFlow's
    /// exporter writes them), for the writer's models.
    pub fn to_flexbuffer(&self) -> Vec<u8> {
        let mut b = flexbuffers::Builder::default();
        let mut m = b.start_map();
        m.push("max_detections", self.max_detections);
        m.push("max_classes_per_detection", self.max_classes_per_detection);
        m.push("detections_per_class", self.detections_per_class);
        m.push("use_regular_nms", self.use_regular_nms);
        m.push("nms_score_threshold", self.nms_score_threshold);
        m.push("nms_iou_threshold", self.nms_iou_threshold);
        m.push("num_classes", self.num_classes);
        for (key, scale) in SCALE_KEYS.iter().zip(self.scales) {
            m.push(key, scale);
        }
        m.end_map();
        b.view().to_vec()
    }
}

/// The custom code of TFLite Micro's signal library's window (`signal/micro/kernels/window.cc`).
pub const SIGNAL_WINDOW: &str = "SignalWindow";

/// The custom code of TFLite Micro's signal library's FFT auto scale
/// (`signal/micro/kernels/fft_auto_scale_kernel.cc`).
pub const SIGNAL_FFT_AUTO_SCALE: &str = "SignalFftAutoScale";

/// The custom code of TFLite Micro's signal library's real FFT (`signal/micro/kernels/rfft.cc`).
pub const SIGNAL_RFFT: &str = "SignalRfft";

/// `SignalRfft`'s and `SignalIrfft`'s options (TFLite Micro's `TfLiteAudioFrontendRfftParams`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SignalRfftOptions {
    /// `T`: the samples' type, which selects the kernel (int16, int32 or float32).
    pub tensor_type: DType,
    /// `fft_length`: the transform's length (rows are zero-padded to it).
    pub fft_length: i32,
}

impl SignalRfftOptions {
    /// Reads the options from `custom_options`: a map holding `T` (a `TensorType` number) and
    /// `fft_length`, the keys TFLite Micro's `RfftInitAll` reads (`fft_length` as the map's
    /// second value: after `T`, its only other one).
    ///
    /// # Errors
    ///
    /// A message naming what is wrong: `option 'T' is missing`, `option 'T' is 42, not a tensor
    /// type`, `option 'size' is not one of the real FFTs' (T, fft_length)`.
    pub fn read(bytes: &[u8]) -> Result<Self, String> {
        let map = options_map(bytes)?;
        if let Some(other) = map.iter_keys().find(|&key| key != "T" && key != "fft_length") {
            return Err(format!("option '{other}' is not one of the real FFTs' (T, fft_length)"));
        }
        let code = number(&map, "T")?.as_i32();
        let tensor_type = i8::try_from(code)
            .ok()
            .and_then(DType::from_code)
            .ok_or_else(|| format!("option 'T' is {code}, not a tensor type"))?;
        Ok(SignalRfftOptions { tensor_type, fft_length: number(&map, "fft_length")?.as_i32() })
    }
}

#[cfg(any(test, feature = "writer"))]
impl SignalRfftOptions {
    /// The options as `custom_options`, as TFLite Micro's signal library writes them.
    pub fn to_flexbuffer(&self) -> Vec<u8> {
        let mut b = flexbuffers::Builder::default();
        let mut m = b.start_map();
        m.push("T", i32::from(self.tensor_type.code()));
        m.push("fft_length", self.fft_length);
        m.end_map();
        b.view().to_vec()
    }
}

/// `SignalWindow`'s options (TFLite Micro's `TFLMSignalWindowParams`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SignalWindowOptions {
    /// `shift`: the right shift applied to each product of a sample and its weight.
    pub shift: i32,
}

impl SignalWindowOptions {
    /// Reads the options from `custom_options`: a map holding `shift`, the one key TFLite Micro's
    /// `WindowInit` reads (as the map's first value: its only one).
    ///
    /// # Errors
    ///
    /// A message naming what is wrong: `custom_options are missing`, `option 'shift' is missing`,
    /// `option 'length' is not one of SignalWindow's (shift)`.
    pub fn read(bytes: &[u8]) -> Result<Self, String> {
        let map = options_map(bytes)?;
        if let Some(other) = map.iter_keys().find(|&key| key != "shift") {
            return Err(format!("option '{other}' is not one of SignalWindow's (shift)"));
        }
        Ok(SignalWindowOptions { shift: number(&map, "shift")?.as_i32() })
    }
}

#[cfg(any(test, feature = "writer"))]
impl SignalWindowOptions {
    /// The options as `custom_options`, as TFLite Micro's signal library writes them.
    pub fn to_flexbuffer(&self) -> Vec<u8> {
        let mut b = flexbuffers::Builder::default();
        let mut m = b.start_map();
        m.push("shift", self.shift);
        m.end_map();
        b.view().to_vec()
    }
}

/// The custom code of the signal library's energy (`signal/micro/kernels/energy.cc`).
pub const SIGNAL_ENERGY: &str = "SignalEnergy";

/// The custom code of the signal library's filter bank (`signal/micro/kernels/filter_bank.cc`).
pub const SIGNAL_FILTER_BANK: &str = "SignalFilterBank";

/// The custom code of the signal library's filter bank square root
/// (`signal/micro/kernels/filter_bank_square_root.cc`).
pub const SIGNAL_FILTER_BANK_SQUARE_ROOT: &str = "SignalFilterBankSquareRoot";

/// The custom code of the signal library's spectral subtraction
/// (`signal/micro/kernels/filter_bank_spectral_subtraction.cc`).
pub const SIGNAL_FILTER_BANK_SPECTRAL_SUBTRACTION: &str = "SignalFilterBankSpectralSubtraction";

/// The custom code of the signal library's PCAN gain control (`signal/micro/kernels/pcan.cc`).
pub const SIGNAL_PCAN: &str = "SignalPCAN";

/// The custom code of the signal library's filter bank log
/// (`signal/micro/kernels/filter_bank_log.cc`).
pub const SIGNAL_FILTER_BANK_LOG: &str = "SignalFilterBankLog";

/// The custom code of the signal library's inverse real FFT (`signal/micro/kernels/irfft.cc`).
pub const SIGNAL_IRFFT: &str = "SignalIrfft";

/// The custom code of TFLite Micro's `DECODE` (`kernels/decode.cc`), which has no options.
pub const TFLM_DECODE: &str = "TFLM_DECODE";

/// The custom code of the signal library's delay (`signal/micro/kernels/delay.cc`).
pub const SIGNAL_DELAY: &str = "SignalDelay";

/// The custom code of the signal library's framer (`signal/micro/kernels/framer.cc`).
pub const SIGNAL_FRAMER: &str = "SignalFramer";

/// The custom code of the signal library's stacker (`signal/micro/kernels/stacker.cc`).
pub const SIGNAL_STACKER: &str = "SignalStacker";

/// The custom code of TFLite Micro's circular buffer of streaming models (`kernels/circular_buffer.cc`).
pub const CIRCULAR_BUFFER: &str = "CIRCULAR_BUFFER";

/// The custom code of the signal library's overlap-add (`signal/micro/kernels/overlap_add.cc`).
pub const SIGNAL_OVERLAP_ADD: &str = "SignalOverlapAdd";

/// The keys of `SignalStacker`'s options, in TFLite Micro's (alphabetical) order: all numbers.
pub const STACKER_OPTIONS: [&str; 4] =
    ["num_channels", "stacker_left_context", "stacker_right_context", "stacker_step"];

/// The keys of `SignalFilterBankSpectralSubtraction`'s options, in TFLite Micro's (alphabetical)
/// order; `clamping` is a boolean, the others numbers.
pub const SPECTRAL_SUBTRACTION_OPTIONS: [&str; 9] = [
    "alternate_one_minus_smoothing",
    "alternate_smoothing",
    "clamping",
    "min_signal_remaining",
    "num_channels",
    "one_minus_smoothing",
    "smoothing",
    "smoothing_bits",
    "spectral_subtraction_bits",
];

/// Reads the options of signal library operator `code` whose options are numbers and booleans
/// (booleans read as 0 or 1, as TFLite Micro's `ElementAsInt32` and `ElementAsBool` convert
/// between them): the values of `keys`, in order. TFLite Micro reads the map by position (the
/// keys' alphabetical order), so the map must hold exactly these keys.
///
/// # Errors
///
/// A message naming what is wrong: `custom_options are missing`, `option 'snr_shift' is
/// missing`, `option 'size' is not one of SignalPCAN's (snr_shift)`.
pub fn read_signal_options(bytes: &[u8], code: &str, keys: &[&str]) -> Result<Vec<i64>, String> {
    let map = options_map(bytes)?;
    if let Some(other) = map.iter_keys().find(|key| !keys.contains(key)) {
        return Err(format!("option '{other}' is not one of {code}'s ({})", keys.join(", ")));
    }
    keys.iter()
        .map(|&key| {
            let reader = optional(&map, key)?.ok_or_else(|| format!("option '{key}' is missing"))?;
            match reader.flexbuffer_type() {
                FlexBufferType::Bool => Ok(i64::from(reader.as_bool())),
                _ => number(&map, key).map(|r| r.as_i64()),
            }
        })
        .collect()
}

/// `custom_options` of a signal library operator holding `ints` and `bools`, as TFLite Micro's
/// signal library writes them.
#[cfg(any(test, feature = "writer"))]
pub fn signal_options_flexbuffer(ints: &[(&str, i64)], bools: &[(&str, bool)]) -> Vec<u8> {
    let mut b = flexbuffers::Builder::default();
    let mut m = b.start_map();
    for &(key, value) in ints {
        m.push(key, value);
    }
    for &(key, value) in bools {
        m.push(key, value);
    }
    m.end_map();
    b.view().to_vec()
}

/// The FlexBuffer map of `custom_options`.
fn options_map(bytes: &[u8]) -> Result<MapReader<&[u8]>, String> {
    if bytes.is_empty() {
        return Err("custom_options are missing".to_string());
    }
    let root = Reader::get_root(bytes).map_err(|e| format!("custom_options are not a FlexBuffer ({e})"))?;
    root.get_map().map_err(|_| "custom_options are not a FlexBuffer map".to_string())
}

/// The value of `key`, `None` if the map has no such key or it holds null.
fn optional<'a>(map: &MapReader<&'a [u8]>, key: &str) -> Result<Option<Reader<&'a [u8]>>, String> {
    match map.index_key(key) {
        None => Ok(None),
        Some(index) => {
            let reader = map.index(index).map_err(|e| format!("option '{key}' cannot be read ({e})"))?;
            Ok((reader.flexbuffer_type() != FlexBufferType::Null).then_some(reader))
        }
    }
}

/// The number under `key` (an int, unsigned int or float, inline or indirect: TFLite Micro's
/// `AsInt32` and `AsFloat` convert between them).
fn number<'a>(map: &MapReader<&'a [u8]>, key: &str) -> Result<Reader<&'a [u8]>, String> {
    let reader = optional(map, key)?.ok_or_else(|| format!("option '{key}' is missing"))?;
    use FlexBufferType::*;
    match reader.flexbuffer_type() {
        Int | UInt | Float | IndirectInt | IndirectUInt | IndirectFloat => Ok(reader),
        other => Err(format!("option '{key}' is a {other:?}, not a number")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use flexbuffers::Builder;

    /// A map of every option, with `skip` left out and `extra` pushed by the caller.
    fn options(skip: &str, extra: impl FnOnce(&mut flexbuffers::MapBuilder<'_>)) -> Vec<u8> {
        let mut b = Builder::default();
        let mut m = b.start_map();
        for (key, value) in [("max_detections", 10), ("max_classes_per_detection", 1), ("num_classes", 90)] {
            if key != skip {
                m.push(key, value);
            }
        }
        for (key, value) in [
            ("nms_score_threshold", 0.3f32),
            ("nms_iou_threshold", 0.6),
            ("y_scale", 10.0),
            ("x_scale", 10.0),
            ("h_scale", 5.0),
            ("w_scale", 5.0),
        ] {
            if key != skip {
                m.push(key, value);
            }
        }
        extra(&mut m);
        m.end_map();
        b.view().to_vec()
    }

    #[test]
    fn reads_every_option_with_tflite_micros_defaults() {
        let o = DetectionPostprocessOptions::read(&options("", |_| {})).unwrap();
        assert_eq!(o.max_detections, 10);
        assert_eq!(o.num_classes, 90);
        assert_eq!(o.detections_per_class, 100);
        assert!(!o.use_regular_nms);
        assert_eq!(o.nms_score_threshold, 0.3);
        assert_eq!(o.scales, [10.0, 10.0, 5.0, 5.0]);
        let o = DetectionPostprocessOptions::read(&options("", |m| {
            m.push("use_regular_nms", true);
            m.push("detections_per_class", 7.0f64);
        }))
        .unwrap();
        assert!(o.use_regular_nms);
        assert_eq!(o.detections_per_class, 7);
    }

    #[test]
    fn written_options_read_back() {
        let o = DetectionPostprocessOptions {
            max_detections: 3,
            max_classes_per_detection: 1,
            detections_per_class: 2,
            use_regular_nms: true,
            nms_score_threshold: -0.25,
            nms_iou_threshold: 1.0,
            num_classes: 1,
            scales: [1.0, 2.0, 3.0, 4.5],
        };
        assert_eq!(DetectionPostprocessOptions::read(&o.to_flexbuffer()), Ok(o));
    }

    #[test]
    fn signal_options_read_numbers_and_booleans_by_key() {
        let keys = ["clamping", "smoothing"];
        let bytes = signal_options_flexbuffer(&[("smoothing", 655)], &[("clamping", true)]);
        assert_eq!(read_signal_options(&bytes, "Op", &keys), Ok(vec![1, 655]));
        let bytes = signal_options_flexbuffer(&[("smoothing", 655), ("clamping", 0), ("size", 3)], &[]);
        assert_eq!(
            read_signal_options(&bytes, "Op", &keys).unwrap_err(),
            "option 'size' is not one of Op's (clamping, smoothing)"
        );
        let bytes = signal_options_flexbuffer(&[("smoothing", 655)], &[]);
        assert_eq!(read_signal_options(&bytes, "Op", &keys).unwrap_err(), "option 'clamping' is missing");
        let mut b = Builder::default();
        let mut m = b.start_map();
        m.push("smoothing", "fast");
        m.push("clamping", false);
        m.end_map();
        assert_eq!(
            read_signal_options(b.view(), "Op", &keys).unwrap_err(),
            "option 'smoothing' is a String, not a number"
        );
        assert_eq!(read_signal_options(&[], "Op", &keys).unwrap_err(), "custom_options are missing");
    }

    #[test]
    fn signal_window_reads_its_shift_and_refuses_other_keys() {
        let o = SignalWindowOptions { shift: 12 };
        assert_eq!(SignalWindowOptions::read(&o.to_flexbuffer()), Ok(o));
        let mut b = Builder::default();
        let mut m = b.start_map();
        m.push("shift", 8);
        m.push("length", 400);
        m.end_map();
        assert_eq!(
            SignalWindowOptions::read(b.view()).unwrap_err(),
            "option 'length' is not one of SignalWindow's (shift)"
        );
        let mut b = Builder::default();
        b.start_map().end_map();
        assert_eq!(SignalWindowOptions::read(b.view()).unwrap_err(), "option 'shift' is missing");
        assert_eq!(SignalWindowOptions::read(&[]).unwrap_err(), "custom_options are missing");
    }

    #[test]
    fn signal_rfft_reads_its_type_and_length() {
        let o = SignalRfftOptions { tensor_type: DType::Int16, fft_length: 512 };
        assert_eq!(SignalRfftOptions::read(&o.to_flexbuffer()), Ok(o));
        let mut b = Builder::default();
        let mut m = b.start_map();
        m.push("T", 99);
        m.push("fft_length", 512);
        m.end_map();
        assert_eq!(SignalRfftOptions::read(b.view()).unwrap_err(), "option 'T' is 99, not a tensor type");
        let mut b = Builder::default();
        let mut m = b.start_map();
        m.push("T", 7);
        m.end_map();
        assert_eq!(SignalRfftOptions::read(b.view()).unwrap_err(), "option 'fft_length' is missing");
    }

    #[test]
    fn refuses_missing_and_mistyped_options_and_other_buffers() {
        let err = |bytes: &[u8]| DetectionPostprocessOptions::read(bytes).unwrap_err();
        assert_eq!(err(&options("num_classes", |_| {})), "option 'num_classes' is missing");
        assert_eq!(err(&options("h_scale", |_| {})), "option 'h_scale' is missing");
        assert_eq!(
            err(&options("max_detections", |m| m.push("max_detections", "ten"))),
            "option 'max_detections' is a String, not a number"
        );
        assert_eq!(
            err(&options("", |m| m.push("use_regular_nms", 0.5f32))),
            "option 'use_regular_nms' is a Float, not a bool"
        );
        assert_eq!(err(&flexbuffers::singleton(3)), "custom_options are not a FlexBuffer map");
        assert_eq!(err(&[]), "custom_options are missing");
        assert!(err(&[1, 2, 3]).starts_with("custom_options are not a FlexBuffer"));
    }
}
