//! Float literals spelled exactly as MLIR's printer spells them (`printFloatValue` over LLVM's
//! `APFloat::toString`): `1.500000e+00` when six decimals read back to the same value, else the
//! shortest round-tripping form (`3.14159274`, `1.0E-45`), else hex bits (`0x7F800000`).
//!
//! The digit generation follows `APFloat::toString` step by step, including its early
//! truncation of the exact decimal significand and its round-half-up, so the output matches
//! upstream byte for byte. For `f80` and `f128` the check that six decimals read back to the
//! same value is done exactly, on big integers.

use crate::float_format::{float_from_bits, float_to_bits};
use crate::types::FloatKind;
use crate::wide_float;
use std::cmp::Ordering;

/// A little-endian unsigned big integer, just big enough for exact float-to-decimal conversion.
#[derive(Clone, Debug)]
struct BigUint(Vec<u32>);

impl BigUint {
    fn from_u128(value: u128) -> Self {
        let mut n = BigUint((0..4).map(|i| (value >> (32 * i)) as u32).collect());
        n.trim();
        n
    }

    /// Multiplies in place by `5^count`.
    fn mul_pow5(&mut self, mut count: u32) {
        while count >= 13 {
            self.mul_small(1_220_703_125); // 5^13
            count -= 13;
        }
        self.mul_small(5u32.pow(count));
    }

    fn cmp(&self, other: &BigUint) -> Ordering {
        self.0.len().cmp(&other.0.len()).then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    fn is_zero(&self) -> bool {
        self.0.is_empty()
    }

    fn bit_length(&self) -> u32 {
        self.0.last().map_or(0, |&top| (self.0.len() as u32 - 1) * 32 + (32 - top.leading_zeros()))
    }

    fn mul_small(&mut self, factor: u32) {
        let mut carry = 0u64;
        for limb in &mut self.0 {
            let product = u64::from(*limb) * u64::from(factor) + carry;
            *limb = product as u32;
            carry = product >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    fn shl(&mut self, bits: u32) {
        for _ in 0..bits / 32 {
            self.0.insert(0, 0);
        }
        let rest = bits % 32;
        if rest > 0 {
            self.mul_small(1 << rest);
        }
    }

    fn add_small(&mut self, addend: u32) {
        let mut carry = u64::from(addend);
        for limb in &mut self.0 {
            let sum = u64::from(*limb) + carry;
            *limb = sum as u32;
            carry = sum >> 32;
            if carry == 0 {
                return;
            }
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    /// Divides in place by `divisor`, returning the remainder.
    fn div_small(&mut self, divisor: u32) -> u32 {
        let mut remainder = 0u64;
        for limb in self.0.iter_mut().rev() {
            let current = (remainder << 32) | u64::from(*limb);
            *limb = (current / u64::from(divisor)) as u32;
            remainder = current % u64::from(divisor);
        }
        self.trim();
        remainder as u32
    }
}

/// Bits of precision (including the implicit bit) of each format.
fn precision_bits(kind: FloatKind) -> u32 {
    match kind {
        FloatKind::F16 => 11,
        FloatKind::BF16 => 8,
        FloatKind::F32 => 24,
        FloatKind::F64 => 53,
        FloatKind::F80 | FloatKind::F128 => wide_float::precision(kind),
        FloatKind::TF32 => 11,
        FloatKind::F8E5M2 | FloatKind::F8E5M2FNUZ | FloatKind::F6E3M2FN => 3,
        FloatKind::F8E4M3 | FloatKind::F8E4M3FN | FloatKind::F8E4M3FNUZ | FloatKind::F8E4M3B11FNUZ => 4,
        FloatKind::F8E3M4 | FloatKind::F6E2M3FN => 5,
        FloatKind::F8E8M0FNU => 1,
        FloatKind::F4E2M1FN => 2,
    }
}

/// `APFloat::toString`'s `AdjustToPrecision` on decimal digits (least significant first):
/// keeps `precision` significant digits, rounding half up and dropping trailing zeros.
fn adjust_digits(digits: &mut Vec<u8>, exp: &mut i32, precision: usize) {
    let n = digits.len();
    if n <= precision {
        return;
    }
    let mut first = n - precision;
    if digits[first - 1] < 5 {
        while first < n && digits[first] == 0 {
            first += 1;
        }
        *exp += first as i32;
        digits.drain(..first);
        return;
    }
    let mut carried = first;
    for digit in &mut digits[first..] {
        if *digit == 9 {
            carried += 1;
        } else {
            *digit += 1;
            break;
        }
    }
    let first = carried;
    *exp += first as i32;
    if first == n {
        digits.clear();
        digits.push(1);
    } else {
        digits.drain(..first);
    }
}

/// `APFloat::toString(Str, format_precision, max_padding, truncate_zero)` for the finite value
/// `(-1)^negative * mantissa * 2^exponent` of a format with `bits` bits of precision.
fn apfloat_to_string(
    negative: bool,
    mantissa: u128,
    exponent: i32,
    bits: u32,
    format_precision: u32,
    max_padding: u32,
    truncate_zero: bool,
) -> String {
    let mut out = String::new();
    if negative {
        out.push('-');
    }
    if mantissa == 0 {
        if max_padding != 0 {
            out.push('0');
        } else if truncate_zero {
            out.push_str("0.0E+0");
        } else {
            out.push_str("0.0");
            for _ in 1..format_precision.max(1) {
                out.push('0');
            }
            out.push_str("e+00");
        }
        return out;
    }
    let precision = if format_precision == 0 { 2 + bits * 59 / 196 } else { format_precision };
    let trailing = mantissa.trailing_zeros();
    let mut exp = exponent + trailing as i32;
    let mut significand = BigUint::from_u128(mantissa >> trailing);
    if exp > 0 {
        significand.shl(exp as u32);
        exp = 0;
    } else if exp < 0 {
        // N * 2^-e == N * 5^e * 10^-e.
        significand.mul_pow5(-exp as u32);
    }
    // Drop decimal digits far below the requested precision (a floor division, as LLVM does).
    let active = significand.bit_length();
    let required = (precision * 196).div_ceil(59);
    if active > required {
        let mut removable = (active - required) * 59 / 196;
        exp += removable as i32;
        while removable >= 9 {
            significand.div_small(1_000_000_000);
            removable -= 9;
        }
        significand.div_small(10u32.pow(removable));
    }
    let mut digits: Vec<u8> = Vec::new();
    let mut in_trail = true;
    while !significand.is_zero() {
        let digit = significand.div_small(10) as u8;
        if in_trail && digit == 0 {
            exp += 1;
        } else {
            digits.push(digit);
            in_trail = false;
        }
    }
    adjust_digits(&mut digits, &mut exp, precision as usize);
    let n = digits.len();
    let scientific = if max_padding == 0 {
        true
    } else if exp >= 0 {
        exp as u32 > max_padding || n as u32 + exp as u32 > precision
    } else {
        let msd = exp + n as i32 - 1;
        msd < 0 && (-msd) as u32 > max_padding
    };
    let digit = |i: usize| char::from(b'0' + digits[i]);
    if scientific {
        exp += n as i32 - 1;
        out.push(digit(n - 1));
        out.push('.');
        if n == 1 && truncate_zero {
            out.push('0');
        } else {
            (1..n).for_each(|i| out.push(digit(n - 1 - i)));
        }
        if !truncate_zero && precision as usize > n - 1 {
            (0..precision as usize - n + 1).for_each(|_| out.push('0'));
        }
        out.push(if truncate_zero { 'E' } else { 'e' });
        out.push(if exp >= 0 { '+' } else { '-' });
        let magnitude = exp.unsigned_abs();
        if !truncate_zero && magnitude < 10 {
            out.push('0');
        }
        out.push_str(&magnitude.to_string());
        return out;
    }
    if exp >= 0 {
        (0..n).for_each(|i| out.push(digit(n - 1 - i)));
        (0..exp).for_each(|_| out.push('0'));
        return out;
    }
    let whole = exp + n as i32;
    let mut i = 0;
    if whole > 0 {
        while i < whole as usize {
            out.push(digit(n - 1 - i));
            i += 1;
        }
        out.push('.');
    } else {
        out.push_str("0.");
        (0..-whole).for_each(|_| out.push('0'));
    }
    while i < n {
        out.push(digit(n - 1 - i));
        i += 1;
    }
    out
}

/// `text` parsed as a value of `kind`, as bits (correctly rounded for `f32`/`f64`).
fn parse_bits(text: &str, kind: FloatKind) -> Option<u64> {
    Some(match kind {
        FloatKind::F64 | FloatKind::F80 | FloatKind::F128 => text.parse::<f64>().ok()?.to_bits(),
        FloatKind::F32 => u64::from(text.parse::<f32>().ok()?.to_bits()),
        _ => float_to_bits(text.parse::<f64>().ok()?, kind),
    })
}

/// How MLIR prints a float attribute's value of type `kind`.
pub fn float_to_string(value: f64, kind: FloatKind) -> String {
    if wide_float::is_wide(kind) {
        return wide_float_to_string(wide_float::bits_from_f64(value, kind), kind);
    }
    let bits = float_to_bits(value, kind);
    // The value as stored in `kind`, widened exactly to f64.
    let exact = float_from_bits(bits, kind);
    if exact.is_finite() {
        let raw = exact.to_bits();
        let negative = raw >> 63 == 1;
        let biased = ((raw >> 52) & 0x7ff) as i32;
        let fraction = raw & ((1 << 52) - 1);
        let (mantissa, exponent) = if biased == 0 { (fraction, -1074) } else { (fraction | (1 << 52), biased - 1075) };
        let precision = precision_bits(kind);
        let mantissa = u128::from(mantissa);
        let text = apfloat_to_string(negative, mantissa, exponent, precision, 6, 0, false);
        if parse_bits(&text, kind) == Some(bits) {
            return text;
        }
        let text = apfloat_to_string(negative, mantissa, exponent, precision, 0, 3, true);
        if text.contains('.') {
            return text;
        }
    }
    format!("0x{bits:X}")
}

/// How MLIR prints the `f80` or `f128` value with the bits `bits`.
pub fn wide_float_to_string(bits: u128, kind: FloatKind) -> String {
    if let Some((negative, significand, exponent)) = wide_float::finite_parts(bits, kind) {
        let precision = wide_float::precision(kind);
        let text = apfloat_to_string(negative, significand, exponent, precision, 6, 0, false);
        if decimal_rounds_to(&text, significand, exponent, kind) {
            return text;
        }
        let text = apfloat_to_string(negative, significand, exponent, precision, 0, 3, true);
        if text.contains('.') {
            return text;
        }
    }
    format!("0x{bits:0width$X}", width = kind.width() as usize / 4)
}

/// True if the decimal `text` (as `apfloat_to_string` writes it, sign ignored) rounds to nearest
/// even in `kind` to the finite value `significand * 2^exponent`.
fn decimal_rounds_to(text: &str, significand: u128, exponent: i32, kind: FloatKind) -> bool {
    let text = text.trim_start_matches('-');
    let (digits_text, exponent10) = match text.split_once(['e', 'E']) {
        Some((digits, exp)) => (digits, exp.parse::<i32>().unwrap_or(0)),
        None => (text, 0),
    };
    let fraction_digits = digits_text.split_once('.').map_or(0, |(_, fraction)| fraction.len()) as i32;
    let mut decimal = BigUint(Vec::new());
    for digit in digits_text.bytes().filter(u8::is_ascii_digit) {
        decimal.mul_small(10);
        decimal.add_small(u32::from(digit - b'0'));
    }
    // decimal * 10^k is the text's value.
    let k = exponent10 - fraction_digits;
    if significand == 0 || decimal.is_zero() {
        return significand == 0 && decimal.is_zero();
    }
    // Halfway to the neighbours: (2m + 1) * 2^(e - 1) above, (2m - 1) * 2^(e - 1) below, or
    // (4m - 1) * 2^(e - 2) below a power of two that is not the smallest normal exponent.
    let precision = wide_float::precision(kind);
    let even = significand % 2 == 0;
    let above = (BigUint::from_u128(2 * significand + 1), exponent - 1);
    let below = if significand == 1 << (precision - 1) && exponent > wide_float::min_exponent(kind) {
        (BigUint::from_u128(4 * significand - 1), exponent - 2)
    } else {
        (BigUint::from_u128(2 * significand - 1), exponent - 1)
    };
    let versus = |bound: &(BigUint, i32)| compare_scaled(&decimal, k, &bound.0, bound.1);
    let under_above = match versus(&above) {
        Ordering::Less => true,
        Ordering::Equal => even,
        Ordering::Greater => false,
    };
    let over_below = match versus(&below) {
        Ordering::Greater => true,
        Ordering::Equal => even,
        Ordering::Less => false,
    };
    under_above && over_below
}

/// Compares `a * 10^k` with `b * 2^e`.
fn compare_scaled(a: &BigUint, k: i32, b: &BigUint, e: i32) -> Ordering {
    // a * 2^k * 5^k against b * 2^e: multiply both by 2^-min(k, e) * 5^-min(k, 0).
    let (mut left, mut right) = (a.clone(), b.clone());
    let twos = k.min(e);
    left.shl((k - twos) as u32);
    right.shl((e - twos) as u32);
    if k >= 0 {
        left.mul_pow5(k as u32);
    } else {
        right.mul_pow5((-k) as u32);
    }
    left.cmp(&right)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_decimals_when_exact() {
        assert_eq!(float_to_string(1.5, FloatKind::F32), "1.500000e+00");
        assert_eq!(float_to_string(-2.0, FloatKind::F64), "-2.000000e+00");
        assert_eq!(float_to_string(0.1, FloatKind::F32), "1.000000e-01");
        assert_eq!(float_to_string(1e300, FloatKind::F64), "1.000000e+300");
        assert_eq!(float_to_string(0.0, FloatKind::F32), "0.000000e+00");
        assert_eq!(float_to_string(-0.0, FloatKind::F64), "-0.000000e+00");
        assert_eq!(float_to_string(65504.0, FloatKind::F16), "6.550400e+04");
    }

    #[test]
    fn shortest_round_trip_otherwise() {
        assert_eq!(float_to_string(std::f64::consts::PI, FloatKind::F32), "3.14159274");
        assert_eq!(float_to_string(std::f64::consts::PI, FloatKind::F64), "3.1415926535897931");
        assert_eq!(float_to_string(0.1, FloatKind::F64), "1.000000e-01");
        assert_eq!(float_to_string(1.0 / 3.0, FloatKind::F64), "0.33333333333333331");
        assert_eq!(float_to_string(f64::from(f32::from_bits(1)), FloatKind::F32), "1.401300e-45");
        // LLVM truncates the exact digits before rounding: 4.9406564...e-324 prints as 4.940660e-324.
        assert_eq!(float_to_string(5e-324, FloatKind::F64), "4.940660e-324");
    }

    #[test]
    fn wide_formats_print_like_mlir() {
        // Expected strings are mlir-opt-22's.
        let f80 = |bits| wide_float_to_string(bits, FloatKind::F80);
        let f128 = |bits| wide_float_to_string(bits, FloatKind::F128);
        assert_eq!(f80(wide_float::bits_from_f64(1.5, FloatKind::F80)), "1.500000e+00");
        assert_eq!(f80(0x3FFF_8000_0000_0000_0001), "1.00000000000000000011");
        assert_eq!(f80(wide_float::bits_from_f64(1e300, FloatKind::F80)), "1.0000000000000000525E+300");
        assert_eq!(f80(0x8000_0000_0000_0000_0000), "-0.000000e+00");
        assert_eq!(f80(0x7FFF_8000_0000_0000_0000), "0x7FFF8000000000000000");
        assert_eq!(f128(wide_float::bits_from_f64(0.1, FloatKind::F128)), "0.100000000000000005551115123125782702");
        assert_eq!(
            f128(wide_float::bits_from_f64(1e-320, FloatKind::F128)),
            "9.99988867182683005413375236765280058E-321"
        );
        assert_eq!(f128(wide_float::bits_from_f64(3.0, FloatKind::F128)), "3.000000e+00");
        assert_eq!(f128(0x7FFF_0000_0000_0000_0000_0000_0000_0001), "0x7FFF0000000000000000000000000001");
    }

    #[test]
    fn hex_for_special_and_unprintable_values() {
        assert_eq!(float_to_string(f64::INFINITY, FloatKind::F32), "0x7F800000");
        assert_eq!(float_to_string(f64::NEG_INFINITY, FloatKind::F64), "0xFFF0000000000000");
        assert_eq!(float_to_string(123456789.0, FloatKind::F64), "0x419D6F3454000000");
    }
}
