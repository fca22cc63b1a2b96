//! The float formats wider than `f64`: `f80` (x87 extended precision: 15 exponent bits and a
//! 64-bit significand with an explicit integer bit) and `f128` (IEEE quad precision: 15
//! exponent bits, 112 fraction bits). Their values are kept as their own bit patterns, so hex
//! literals survive exactly; decimal literals are read as `f64` first (as upstream MLIR does),
//! and every `f64` is exactly representable in both.

use crate::types::FloatKind;

/// Exponent bias of both formats.
const BIAS: i32 = 16383;
/// The all-ones exponent field (infinities and NaNs).
const EXPONENT_MAX: u128 = 0x7FFF;

/// True for the formats this module handles.
pub fn is_wide(kind: FloatKind) -> bool {
    matches!(kind, FloatKind::F80 | FloatKind::F128)
}

/// Bits of precision, the integer bit included (64 for `f80`, 113 for `f128`).
pub fn precision(kind: FloatKind) -> u32 {
    if kind == FloatKind::F80 { 64 } else { 113 }
}

/// Bits stored after the exponent field (64 for `f80`, whose integer bit is explicit; 112 for
/// `f128`).
fn significand_field_bits(kind: FloatKind) -> u32 {
    if kind == FloatKind::F80 { 64 } else { 112 }
}

/// The exponent `e` of the smallest normal value's `significand * 2^e` (also that of the
/// subnormal values).
pub fn min_exponent(kind: FloatKind) -> i32 {
    1 - BIAS - (precision(kind) as i32 - 1)
}

/// The bit pattern of `kind` holding `value` exactly (NaN payloads kept in the top fraction bits).
pub fn bits_from_f64(value: f64, kind: FloatKind) -> u128 {
    let field = significand_field_bits(kind);
    let raw = value.to_bits();
    let sign = u128::from(raw >> 63) << (field + 15);
    let biased = ((raw >> 52) & 0x7ff) as i32;
    let fraction = u128::from(raw & ((1 << 52) - 1));
    let integer_bit = if kind == FloatKind::F80 { 1u128 << 63 } else { 0 };
    if biased == 0x7ff {
        // Infinity or NaN: the fraction moves to the top of the wider fraction.
        let fraction_field = if kind == FloatKind::F80 { fraction << 11 } else { fraction << 60 };
        return sign | (EXPONENT_MAX << field) | integer_bit | fraction_field;
    }
    let (significand, exponent) = if biased == 0 { (fraction, -1074) } else { (fraction | 1 << 52, biased - 1075) };
    if significand == 0 {
        return sign;
    }
    // Normalize: the leading one goes to bit `precision - 1`.
    let shift = precision(kind) - (128 - significand.leading_zeros());
    let significand = significand << shift;
    let exponent = exponent - shift as i32;
    let biased = (exponent + BIAS + precision(kind) as i32 - 1) as u128;
    let stored = if kind == FloatKind::F80 { significand } else { significand & ((1 << 112) - 1) };
    sign | (biased << field) | stored
}

/// `bits` as upstream keeps them: an `f80` unnormal (a zero integer bit with an exponent that is
/// neither zero nor all ones) is a NaN, stored with the all-ones exponent.
pub fn canonical_bits(bits: u128, kind: FloatKind) -> u128 {
    let biased = (bits >> 64) & EXPONENT_MAX;
    if kind == FloatKind::F80 && biased != 0 && biased != EXPONENT_MAX && (bits >> 63) & 1 == 0 {
        return bits | (EXPONENT_MAX << 64);
    }
    bits
}

/// `(negative, significand, exponent)` with the value `significand * 2^exponent`, for finite
/// values; `None` for infinities, NaNs and the `f80` encodings upstream reads as NaN (a zero
/// integer bit with a non-zero exponent).
pub fn finite_parts(bits: u128, kind: FloatKind) -> Option<(bool, u128, i32)> {
    let field = significand_field_bits(kind);
    let negative = (bits >> (field + 15)) & 1 == 1;
    let biased = (bits >> field) & EXPONENT_MAX;
    let stored = bits & ((1 << field) - 1);
    if biased == EXPONENT_MAX {
        return None;
    }
    let min = min_exponent(kind);
    let exponent = if biased == 0 { min } else { min + biased as i32 - 1 };
    let significand = match kind {
        FloatKind::F80 if biased != 0 && stored >> 63 == 0 => return None,
        FloatKind::F80 => stored,
        _ if biased == 0 => stored,
        _ => stored | 1 << 112,
    };
    Some((negative, significand, exponent))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn f64_values_widen_exactly() {
        assert_eq!(bits_from_f64(1.5, FloatKind::F80), 0x3FFF_C000_0000_0000_0000);
        assert_eq!(bits_from_f64(3.0, FloatKind::F80), 0x4000_C000_0000_0000_0000);
        assert_eq!(bits_from_f64(-0.0, FloatKind::F80), 0x8000_0000_0000_0000_0000);
        assert_eq!(bits_from_f64(f64::INFINITY, FloatKind::F80), 0x7FFF_8000_0000_0000_0000);
        assert_eq!(bits_from_f64(1.0, FloatKind::F128), 0x3FFF_0000_0000_0000_0000_0000_0000_0000);
        assert_eq!(bits_from_f64(f64::NEG_INFINITY, FloatKind::F128), 0xFFFF_0000_0000_0000_0000_0000_0000_0000);
        // The smallest f64 subnormal is a normal f80 and f128 value.
        assert_eq!(
            finite_parts(bits_from_f64(5e-324, FloatKind::F128), FloatKind::F128),
            Some((false, 1 << 112, -1074 - 112))
        );
    }

    #[test]
    fn parts_of_normal_subnormal_and_special_values() {
        assert_eq!(finite_parts(0x3FFF_8000_0000_0000_0001, FloatKind::F80), Some((false, (1 << 63) | 1, -63)));
        assert_eq!(
            finite_parts(0x0000_0000_0000_0000_0001, FloatKind::F80),
            Some((false, 1, min_exponent(FloatKind::F80)))
        );
        assert_eq!(finite_parts(0x7FFF_8000_0000_0000_0000, FloatKind::F80), None);
        // An unnormal (integer bit clear, exponent not zero) is read as NaN.
        assert_eq!(finite_parts(0x3FFF_0000_0000_0000_0001, FloatKind::F80), None);
        assert_eq!(canonical_bits(0x3FFF_0000_0000_0000_0001, FloatKind::F80), 0x7FFF_0000_0000_0000_0001);
        assert_eq!(canonical_bits(0x3FFF_8000_0000_0000_0001, FloatKind::F80), 0x3FFF_8000_0000_0000_0001);
        assert_eq!(finite_parts(0x7FFF_0000_0000_0000_0000_0000_0000_0001, FloatKind::F128), None);
    }
}
