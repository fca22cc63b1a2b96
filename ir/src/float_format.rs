//! Bit patterns of every float format: a value (kept as an `f64`, which holds every finite value
//! of the formats narrower than 64 bits exactly) to the format's bits, rounding to nearest even,
//! and back. NaN payloads survive the trip: a NaN's payload sits in the top mantissa bits of its
//! `f64`, so signaling NaNs stay signaling (`0x7F800001 : f32` prints back as is).

use crate::types::FloatKind;

/// How a format spells infinities and NaNs.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Specials {
    /// IEEE 754: the all-ones exponent holds infinities and NaNs.
    Ieee,
    /// No infinities; NaN is the all-ones pattern (`f8E4M3FN`).
    NanAllOnes,
    /// No infinities, no negative zero; NaN is the negative-zero pattern (`...FNUZ`).
    NanNegativeZero,
    /// Finite values only (`f6E2M3FN`, `f6E3M2FN`, `f4E2M1FN`).
    FiniteOnly,
}

/// The layout of a binary float format with an implicit leading bit.
#[derive(Copy, Clone, Debug)]
struct Layout {
    exponent_bits: u32,
    mantissa_bits: u32,
    bias: i32,
    specials: Specials,
}

fn layout(kind: FloatKind) -> Layout {
    let ieee = |exponent_bits: u32, mantissa_bits: u32| Layout {
        exponent_bits,
        mantissa_bits,
        bias: (1 << (exponent_bits - 1)) - 1,
        specials: Specials::Ieee,
    };
    let with = |exponent_bits, mantissa_bits, bias, specials| Layout { exponent_bits, mantissa_bits, bias, specials };
    match kind {
        FloatKind::F16 => ieee(5, 10),
        FloatKind::BF16 => ieee(8, 7),
        FloatKind::F32 => ieee(8, 23),
        // The wide formats hold every f64 exactly and are stored as f64 here (see below).
        FloatKind::F64 | FloatKind::F80 | FloatKind::F128 => ieee(11, 52),
        FloatKind::TF32 => ieee(8, 10),
        FloatKind::F8E5M2 => ieee(5, 2),
        FloatKind::F8E4M3 => ieee(4, 3),
        FloatKind::F8E3M4 => ieee(3, 4),
        FloatKind::F8E4M3FN => with(4, 3, 7, Specials::NanAllOnes),
        FloatKind::F8E5M2FNUZ => with(5, 2, 16, Specials::NanNegativeZero),
        FloatKind::F8E4M3FNUZ => with(4, 3, 8, Specials::NanNegativeZero),
        FloatKind::F8E4M3B11FNUZ => with(4, 3, 11, Specials::NanNegativeZero),
        FloatKind::F6E2M3FN => with(2, 3, 1, Specials::FiniteOnly),
        FloatKind::F6E3M2FN => with(3, 2, 3, Specials::FiniteOnly),
        FloatKind::F4E2M1FN => with(2, 1, 1, Specials::FiniteOnly),
        // f8E8M0FNU has no mantissa and no sign; handled separately.
        FloatKind::F8E8M0FNU => with(8, 0, 127, Specials::NanAllOnes),
    }
}

/// The bits of the value of `kind` nearest `value`; out-of-range values become infinity, NaN
/// (formats without infinity) or the largest finite value (formats without NaN).
///
/// `f80` and `f128` values read from decimal literals are `f64` values, which they hold exactly:
/// for them (as for `f64`) these are the bits of the `f64`; their own bit patterns, which hex
/// literals give, are handled by [`crate::wide_float`].
pub fn float_to_bits(value: f64, kind: FloatKind) -> u64 {
    if matches!(kind, FloatKind::F64 | FloatKind::F80 | FloatKind::F128) {
        return value.to_bits();
    }
    if kind == FloatKind::F8E8M0FNU {
        return e8m0_bits(value);
    }
    let l = layout(kind);
    let sign_shift = l.exponent_bits + l.mantissa_bits;
    let exponent_max = (1u64 << l.exponent_bits) - 1;
    let mantissa_mask = (1u64 << l.mantissa_bits) - 1;
    let negative = value.is_sign_negative();
    let sign = u64::from(negative) << sign_shift;
    let nan = || match l.specials {
        Specials::Ieee => {
            let payload = (value.to_bits() & ((1 << 52) - 1)) >> (52 - l.mantissa_bits);
            let payload = if payload == 0 { 1 << (l.mantissa_bits - 1) } else { payload };
            sign | (exponent_max << l.mantissa_bits) | payload
        }
        Specials::NanAllOnes => sign | (exponent_max << l.mantissa_bits) | mantissa_mask,
        Specials::NanNegativeZero => 1 << sign_shift,
        Specials::FiniteOnly => 0,
    };
    if value.is_nan() {
        return nan();
    }
    let largest = match l.specials {
        Specials::Ieee => (exponent_max - 1) << l.mantissa_bits | mantissa_mask,
        Specials::NanAllOnes => (exponent_max << l.mantissa_bits) | (mantissa_mask - 1),
        Specials::NanNegativeZero | Specials::FiniteOnly => (exponent_max << l.mantissa_bits) | mantissa_mask,
    };
    let overflow = || match l.specials {
        Specials::Ieee => sign | (exponent_max << l.mantissa_bits),
        Specials::FiniteOnly => sign | largest,
        _ => nan(),
    };
    if value.is_infinite() {
        return overflow();
    }
    let magnitude = value.abs();
    if magnitude == 0.0 {
        return if l.specials == Specials::NanNegativeZero { 0 } else { sign };
    }
    // Scale to units of the smallest subnormal, then round to nearest even.
    let min_exponent = 1 - l.bias;
    let (mantissa, exponent) = frexp(magnitude);
    // magnitude = mantissa * 2^exponent, mantissa in [0.5, 1).
    let unbiased = exponent - 1;
    let quantum_exponent = unbiased.max(min_exponent) - l.mantissa_bits as i32;
    let scaled = ldexp(mantissa, exponent - quantum_exponent);
    let mut units = scaled.floor();
    let rest = scaled - units;
    if rest > 0.5 || (rest == 0.5 && units % 2.0 == 1.0) {
        units += 1.0;
    }
    let units = units as u64;
    if units == 0 {
        return if l.specials == Specials::NanNegativeZero { 0 } else { sign };
    }
    // `units` counts quanta of 2^quantum_exponent; normalize into exponent and mantissa fields.
    let implicit = 1u64 << l.mantissa_bits;
    let (biased, mantissa_field) = if units < implicit && quantum_exponent == min_exponent - l.mantissa_bits as i32 {
        (0u64, units)
    } else {
        let mut e = quantum_exponent + l.mantissa_bits as i32;
        let mut u = units;
        if u >= implicit << 1 {
            u >>= 1;
            e += 1;
        }
        ((e + l.bias) as u64, u - implicit)
    };
    let bits = (biased << l.mantissa_bits) | mantissa_field;
    if biased > exponent_max || bits > largest {
        return overflow();
    }
    sign | bits
}

/// The value of the bits `bits` of `kind` (a NaN keeps its payload in the top mantissa bits).
pub fn float_from_bits(bits: u64, kind: FloatKind) -> f64 {
    if matches!(kind, FloatKind::F64 | FloatKind::F80 | FloatKind::F128) {
        return f64::from_bits(bits);
    }
    if kind == FloatKind::F8E8M0FNU {
        return if bits & 0xff == 0xff { f64::NAN } else { 2f64.powi((bits & 0xff) as i32 - 127) };
    }
    let l = layout(kind);
    let sign_shift = l.exponent_bits + l.mantissa_bits;
    let exponent_max = (1u64 << l.exponent_bits) - 1;
    let mantissa_mask = (1u64 << l.mantissa_bits) - 1;
    let negative = (bits >> sign_shift) & 1 == 1;
    let biased = (bits >> l.mantissa_bits) & exponent_max;
    let mantissa = bits & mantissa_mask;
    let sign = if negative { -1.0 } else { 1.0 };
    match l.specials {
        Specials::Ieee if biased == exponent_max => {
            if mantissa == 0 {
                return sign * f64::INFINITY;
            }
            let payload = mantissa << (52 - l.mantissa_bits);
            return f64::from_bits((u64::from(negative) << 63) | (0x7ff << 52) | payload);
        }
        Specials::NanAllOnes if biased == exponent_max && mantissa == mantissa_mask => return f64::NAN.copysign(sign),
        Specials::NanNegativeZero if negative && biased == 0 && mantissa == 0 => return f64::NAN,
        _ => {}
    }
    let value = if biased == 0 {
        mantissa as f64 * 2f64.powi(1 - l.bias - l.mantissa_bits as i32)
    } else {
        (mantissa | (1 << l.mantissa_bits)) as f64 * 2f64.powi(biased as i32 - l.bias - l.mantissa_bits as i32)
    };
    sign * value
}

/// Rounds `value` to the nearest value of `kind` (NaN payloads kept as far as the format holds
/// them).
pub fn round_to_kind(value: f64, kind: FloatKind) -> f64 {
    float_from_bits(float_to_bits(value, kind), kind)
}

/// The smallest positive (subnormal where the format has them) and the largest finite value of
/// `kind`, as `f64`s; the range of `f64` for `f64`, `f80` and `f128`, whose values are read as
/// `f64`s.
pub fn positive_finite_range(kind: FloatKind) -> (f64, f64) {
    let Layout { exponent_bits, mantissa_bits, bias, specials } = layout(kind);
    if kind == FloatKind::F8E8M0FNU {
        return (ldexp(1.0, -bias), ldexp(1.0, 254 - bias));
    }
    let smallest = ldexp(1.0, 1 - bias - mantissa_bits as i32);
    let top_exponent = (1 << exponent_bits) - 1 - bias;
    let ulp = ldexp(1.0, -(mantissa_bits as i32));
    let largest = match specials {
        Specials::Ieee => (2.0 - ulp) * ldexp(1.0, top_exponent - 1),
        // The all-ones pattern is NaN: the largest mantissa below it.
        Specials::NanAllOnes => (2.0 - 2.0 * ulp) * ldexp(1.0, top_exponent),
        Specials::NanNegativeZero | Specials::FiniteOnly => (2.0 - ulp) * ldexp(1.0, top_exponent),
    };
    (smallest, largest)
}

/// f8E8M0FNU: an unsigned power of two; rounds in the exponent, NaN for non-positive values.
fn e8m0_bits(value: f64) -> u64 {
    if value.is_nan() || value <= 0.0 {
        return 0xff;
    }
    if value.is_infinite() {
        return 0xff;
    }
    let (mantissa, exponent) = frexp(value);
    // value = mantissa * 2^exponent with mantissa in [0.5, 1): nearest power is 2^(exponent-1)
    // or 2^exponent (ties, at mantissa 0.75, go to the even exponent field).
    let low = exponent - 1;
    let biased_low = low + 127;
    let pick_high = mantissa > 0.75 || (mantissa == 0.75 && biased_low % 2 == 1);
    let biased = if pick_high { biased_low + 1 } else { biased_low };
    biased.clamp(0, 0xfe) as u64
}

/// `(m, e)` with `x = m * 2^e`, `m` in `[0.5, 1)`, for finite positive `x`.
fn frexp(x: f64) -> (f64, i32) {
    let bits = x.to_bits();
    let exponent = ((bits >> 52) & 0x7ff) as i32;
    if exponent == 0 {
        let (m, e) = frexp(x * 2f64.powi(64));
        return (m, e - 64);
    }
    let m = f64::from_bits((bits & !(0x7ff << 52)) | (1022 << 52));
    (m, exponent - 1022)
}

/// `m * 2^e`, exact while the result is representable.
fn ldexp(m: f64, e: i32) -> f64 {
    let mut value = m;
    let mut e = e;
    while e > 1000 {
        value *= 2f64.powi(1000);
        e -= 1000;
    }
    while e < -1000 {
        value *= 2f64.powi(-1000);
        e += 1000;
    }
    value * 2f64.powi(e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positive_finite_ranges_match_upstream() {
        // The bounds upstream's quant parser reports ("scale ... out of expressed type range").
        assert_eq!(positive_finite_range(FloatKind::F16), (2f64.powi(-24), 65504.0));
        assert_eq!(positive_finite_range(FloatKind::F32), (2f64.powi(-149), f64::from(f32::MAX)));
        assert_eq!(positive_finite_range(FloatKind::F64), (f64::from_bits(1), f64::MAX));
        assert_eq!(positive_finite_range(FloatKind::TF32).0, 2f64.powi(-136));
        assert_eq!(positive_finite_range(FloatKind::F8E4M3FN), (2f64.powi(-9), 448.0));
        assert_eq!(positive_finite_range(FloatKind::F8E5M2FNUZ).1, 57344.0);
        assert_eq!(positive_finite_range(FloatKind::F4E2M1FN), (0.5, 6.0));
        assert_eq!(positive_finite_range(FloatKind::F8E8M0FNU), (2f64.powi(-127), 2f64.powi(127)));
    }

    #[test]
    fn ieee_formats_round_trip_bits() {
        for bits in [0x3F80_0000u64, 0x7F80_0001, 0xFFC0_0001, 0x0000_0001, 0x8000_0000, 0x7F7F_FFFF] {
            assert_eq!(float_to_bits(float_from_bits(bits, FloatKind::F32), FloatKind::F32), bits);
        }
        for bits in 0..=0xffffu64 {
            assert_eq!(float_to_bits(float_from_bits(bits, FloatKind::F16), FloatKind::F16), bits);
            assert_eq!(float_to_bits(float_from_bits(bits, FloatKind::BF16), FloatKind::BF16), bits);
        }
    }

    #[test]
    fn small_formats_round_trip_bits() {
        for kind in [
            FloatKind::F8E5M2,
            FloatKind::F8E4M3,
            FloatKind::F8E3M4,
            FloatKind::F8E4M3FN,
            FloatKind::F8E5M2FNUZ,
            FloatKind::F8E4M3FNUZ,
            FloatKind::F8E4M3B11FNUZ,
            FloatKind::F8E8M0FNU,
        ] {
            for bits in 0..=0xffu64 {
                let value = float_from_bits(bits, kind);
                assert_eq!(float_to_bits(value, kind), bits, "{kind:?} {bits:#x}");
            }
        }
        for (kind, count) in [(FloatKind::F6E2M3FN, 64), (FloatKind::F6E3M2FN, 64), (FloatKind::F4E2M1FN, 16)] {
            for bits in 0..count {
                assert_eq!(float_to_bits(float_from_bits(bits, kind), kind), bits, "{kind:?} {bits:#x}");
            }
        }
    }

    #[test]
    fn rounding_and_overflow() {
        assert_eq!(float_to_bits(1.5, FloatKind::F8E4M3FN), 0x3C);
        assert_eq!(float_to_bits(448.0, FloatKind::F8E4M3FN), 0x7E);
        assert_eq!(float_to_bits(1000.0, FloatKind::F8E4M3FN), 0x7F);
        assert_eq!(float_to_bits(1e9, FloatKind::F4E2M1FN), 0x7);
        assert_eq!(float_to_bits(0.1, FloatKind::F32), u64::from(0.1f32.to_bits()));
        assert_eq!(float_to_bits(1e-50, FloatKind::F32), 0);
        assert_eq!(float_to_bits(1e39, FloatKind::F32), 0x7F80_0000);
        assert_eq!(float_to_bits(-0.0, FloatKind::F8E4M3FNUZ), 0);
    }
}
