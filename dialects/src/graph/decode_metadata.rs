//! TFLite Micro's compressed tensors: the DECODE Common Metadata (DCM) header of a `DECODE`
//! operator's ancillary tensor, and the decoding of an encoded tensor with it, element for
//! element as TFLite Micro's `DecodeStateLut` and `DecodeStatePrune` decode.
//!
//! The ancillary tensor is a 16-byte DCM, then the decode type's data:
//!
//! | bytes | DCM field | LUT (type 0) | pruning (type 2) |
//! |---|---|---|---|
//! | 0 | decode type (0 LUT, 1 Huffman, 2 pruning, 128-255 custom) | | |
//! | 1 | DCM version (1) | | |
//! | 4 | | LUT version (1) | pruning version (1) |
//! | 5 | | bit width in the low 3 bits (1 to 7) | |
//! | 6 | | the value table's channel stride, in elements | |
//! | 16.. | | one value table per channel, `stride` elements apart | the kept values, in order |
//!
//! The encoded tensor is a bit stream read from each byte's most significant bit down: LUT
//! indices of `bit width` bits, one per element, each picking a value of its channel's table;
//! or, for pruning, one bit per element, set for an element that takes the next kept value and
//! clear for one that is its channel's zero point.
//!
//! Channels are the output's quantization channels (one when it is not quantized per axis):
//! along its first dimension, elements of a channel are consecutive; along its last (TFLite
//! Micro's "alternate axis"), they are interleaved.

/// The size of the DCM header.
pub const DCM_SIZE: usize = 16;
/// The LUT indices' widest bit width TFLite Micro decodes.
pub const MAX_LUT_BIT_WIDTH: u8 = 7;

/// A decode type mc decodes, with its parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecodeType {
    /// Indices into per-channel value tables.
    Lut {
        /// Bits per index (1 to 7).
        bit_width: u8,
        /// Elements from one channel's table to the next.
        stride: usize,
    },
    /// A bitmask of kept elements and the kept values; the others are their channel's zero point.
    Prune,
}

/// How the output's elements split into channels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputLayout {
    /// Bytes per element.
    pub element_size: usize,
    /// Elements.
    pub count: usize,
    /// Channels (at least one).
    pub channels: usize,
    /// Channels along the last dimension (interleaved), else along the first (consecutive).
    pub interleaved: bool,
    /// Each channel's zero point, which pruned elements take.
    pub zero_points: Vec<i64>,
}

impl OutputLayout {
    /// The channel of element `i`.
    fn channel(&self, i: usize) -> usize {
        if self.interleaved { i % self.channels } else { i / (self.count / self.channels).max(1) }
    }
}

/// Reads the DCM header of `ancillary`.
///
/// # Errors
///
/// What is wrong with the header: too short, a DCM or decode type version other than 1, a
/// decode type mc does not decode (Huffman, custom or unknown), a LUT bit width out of range.
pub fn parse_header(ancillary: &[u8]) -> Result<DecodeType, String> {
    if ancillary.len() < DCM_SIZE {
        return Err(format!(
            "the ancillary tensor holds {} bytes, fewer than the {DCM_SIZE}-byte DCM header",
            ancillary.len()
        ));
    }
    if ancillary[1] != 1 {
        return Err(format!("DCM version {} is not supported (TFLite Micro decodes version 1)", ancillary[1]));
    }
    let decode_type = ancillary[0];
    let name = match decode_type {
        0 => "LUT",
        2 => "pruning",
        1 => return Err("decode type 1 (Huffman) is not supported (mc decodes LUT and pruning)".to_string()),
        128.. => return Err(format!("custom decode type {decode_type} is not supported (mc decodes LUT and pruning)")),
        _ => return Err(format!("unknown decode type {decode_type} (0 is LUT, 1 Huffman, 2 pruning)")),
    };
    if ancillary[4] != 1 {
        return Err(format!("{name} version {} is not supported (TFLite Micro decodes version 1)", ancillary[4]));
    }
    if decode_type == 2 {
        return Ok(DecodeType::Prune);
    }
    let bit_width = ancillary[5] & 0x07;
    if bit_width == 0 {
        return Err(format!(
            "LUT bit width {bit_width} is out of range (1 to {MAX_LUT_BIT_WIDTH}, the low 3 bits of byte 5)"
        ));
    }
    Ok(DecodeType::Lut { bit_width, stride: usize::from(ancillary[6]) })
}

/// The `width`-bit field at bit offset `first` of the most-significant-bit-first `stream`.
fn bits(stream: &[u8], first: usize, width: usize) -> usize {
    (first..first + width).fold(0, |value, bit| (value << 1) | usize::from((stream[bit / 8] >> (7 - bit % 8)) & 1))
}

/// The bytes needed to hold `bits` bits.
fn bytes_for(bits: usize) -> usize {
    bits.div_ceil(8)
}

/// Packs `fields` of `width` bits each into the encoded stream: most significant bit first, as
/// TFLite Micro's compression tooling writes LUT indices (`width` 1 to 7) and pruning masks
/// (`width` 1). Values wider than `width` bits keep their low bits.
pub fn pack(fields: &[usize], width: usize) -> Vec<u8> {
    let mut out = vec![0u8; bytes_for(fields.len() * width)];
    for (i, &field) in fields.iter().enumerate() {
        for b in 0..width {
            if (field >> (width - 1 - b)) & 1 == 1 {
                let bit = i * width + b;
                out[bit / 8] |= 0x80 >> (bit % 8);
            }
        }
    }
    out
}

/// Decodes `encoded` with `ancillary` into the output's little-endian elements.
///
/// # Errors
///
/// The header's errors ([`parse_header`]), and data too short for the output: an encoded
/// stream with fewer bits than the elements need, value tables or kept values past the end of
/// the ancillary tensor.
pub fn decode(encoded: &[u8], ancillary: &[u8], layout: &OutputLayout) -> Result<Vec<u8>, String> {
    let size = layout.element_size;
    let values = &ancillary[DCM_SIZE.min(ancillary.len())..];
    let mut out = Vec::with_capacity(layout.count * size);
    match parse_header(ancillary)? {
        DecodeType::Lut { bit_width, stride } => {
            let width = usize::from(bit_width);
            if encoded.len() < bytes_for(layout.count * width) {
                return Err(format!(
                    "the encoded tensor holds {} bytes, but {} {width}-bit indices need {}",
                    encoded.len(),
                    layout.count,
                    bytes_for(layout.count * width)
                ));
            }
            let tables = layout.channels * stride * size;
            if values.len() < tables {
                return Err(format!(
                    "the value tables ({} channels of {stride} elements of {size} bytes) need {tables} bytes after the \
                     DCM header, but the ancillary tensor holds {}",
                    layout.channels,
                    values.len()
                ));
            }
            for i in 0..layout.count {
                let index = bits(encoded, i * width, width);
                let at = (layout.channel(i) * stride + index) * size;
                let Some(value) = values.get(at..at + size) else {
                    return Err(format!("element {i}'s index {index} reads past the value tables"));
                };
                out.extend_from_slice(value);
            }
        }
        DecodeType::Prune => {
            if encoded.len() < bytes_for(layout.count) {
                return Err(format!(
                    "the encoded tensor holds {} bytes, but a mask of {} elements needs {}",
                    encoded.len(),
                    layout.count,
                    bytes_for(layout.count)
                ));
            }
            let kept = (0..layout.count).filter(|&i| bits(encoded, i, 1) == 1).count();
            if values.len() < kept * size {
                return Err(format!(
                    "the mask keeps {kept} elements of {size} bytes, but the ancillary tensor holds {} bytes of values",
                    values.len()
                ));
            }
            let mut next = values.chunks_exact(size);
            for i in 0..layout.count {
                if bits(encoded, i, 1) == 1 {
                    out.extend_from_slice(next.next().expect("counted above"));
                } else {
                    out.extend_from_slice(&layout.zero_points[layout.channel(i)].to_le_bytes()[..size]);
                }
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(decode_type: u8, params: u8, stride: u8) -> Vec<u8> {
        let mut dcm = vec![0u8; DCM_SIZE];
        dcm[0] = decode_type;
        dcm[1] = 1;
        dcm[4] = 1;
        dcm[5] = params;
        dcm[6] = stride;
        dcm
    }

    fn layout(count: usize, channels: usize, interleaved: bool) -> OutputLayout {
        OutputLayout { element_size: 1, count, channels, interleaved, zero_points: vec![0; channels] }
    }

    #[test]
    fn lut_indices_of_every_width_pick_their_table_values() {
        for width in 1..=7usize {
            let entries = 1usize << width;
            let indices: Vec<usize> = (0..13).map(|i| (i * 5 + 3) % entries).collect();
            let mut dcm = header(0, width as u8, entries as u8);
            dcm.extend((0..entries).map(|v| (v as u8).wrapping_mul(3)));
            let out = decode(&pack(&indices, width), &dcm, &layout(13, 1, false)).unwrap();
            let expected: Vec<u8> = indices.iter().map(|&i| (i as u8).wrapping_mul(3)).collect();
            assert_eq!(out, expected, "width {width}");
        }
    }

    #[test]
    fn lut_channels_are_consecutive_or_interleaved() {
        let mut dcm = header(0, 1, 2);
        dcm.extend([10, 11, 20, 21]);
        let encoded = pack(&[0, 1, 1, 0], 1);
        assert_eq!(decode(&encoded, &dcm, &layout(4, 2, false)).unwrap(), [10, 11, 21, 20]);
        assert_eq!(decode(&encoded, &dcm, &layout(4, 2, true)).unwrap(), [10, 21, 11, 20]);
    }

    #[test]
    fn pruned_elements_take_their_channels_zero_point() {
        let mut dcm = header(2, 0, 0);
        dcm.extend([0x34, 0x12, 0x78, 0x56]);
        let encoded = pack(&[1, 0, 0, 1], 1);
        let mut wide =
            OutputLayout { element_size: 2, count: 4, channels: 2, interleaved: false, zero_points: vec![-1, 7] };
        assert_eq!(decode(&encoded, &dcm, &wide).unwrap(), [0x34, 0x12, 0xff, 0xff, 7, 0, 0x78, 0x56]);
        wide.interleaved = true;
        assert_eq!(decode(&encoded, &dcm, &wide).unwrap(), [0x34, 0x12, 7, 0, 0xff, 0xff, 0x78, 0x56]);
    }

    #[test]
    fn malformed_headers_and_short_data_are_errors() {
        let bad = |dcm: &[u8]| parse_header(dcm).unwrap_err();
        assert!(bad(&[0; 8]).contains("fewer than the 16-byte DCM header"));
        let mut dcm = header(0, 4, 16);
        dcm[1] = 2;
        assert!(bad(&dcm).contains("DCM version 2"));
        assert!(bad(&header(1, 4, 16)).contains("Huffman"));
        assert!(bad(&header(3, 4, 16)).contains("unknown decode type 3"));
        assert!(bad(&header(200, 4, 16)).contains("custom decode type 200"));
        assert!(bad(&header(0, 8, 16)).contains("bit width 0 is out of range"));
        let mut dcm = header(0, 4, 16);
        dcm[4] = 0;
        assert!(bad(&dcm).contains("LUT version 0"));
        let short = decode(&[0], &header(0, 4, 16), &layout(2, 1, false)).unwrap_err();
        assert!(short.contains("value tables"), "{short}");
        let mut dcm = header(0, 4, 16);
        dcm.extend([0; 16]);
        let short = decode(&[0], &dcm, &layout(3, 1, false)).unwrap_err();
        assert!(short.contains("3 4-bit indices need 2"), "{short}");
        let short = decode(&[0xff], &header(2, 0, 0), &layout(8, 1, false)).unwrap_err();
        assert!(short.contains("keeps 8 elements"), "{short}");
    }
}
