//! Axes: ticks at round numbers and their labels, bytes at powers of two (0, 8 KiB, 16 KiB, ...),
//! steps and counts at 1, 2 or 5 times a power of ten (0, 50, 100, ...; 0, 500k, 1M, ...), and
//! the ticks drawn along a frame's left or bottom edge.

use super::label::Rect;
use std::fmt::Write;

/// Pixels between two ticks at least, along an x axis and along a y axis.
const X_SPACING: f64 = 64.0;
const Y_SPACING: f64 = 36.0;

/// What an axis counts, which decides its round numbers and how a tick reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    /// Bytes: ticks at powers of two, read `512 B`, `8 KiB`, `1.5 MiB`.
    Bytes,
    /// Plan steps or layer indices: ticks at 1, 2 or 5 times a power of ten, read as integers.
    Steps,
    /// Large counts (instructions): ticks at 1, 2 or 5 times a power of ten, read `500k`, `1.5M`.
    Count,
}

/// The smallest round distance between ticks that puts at most `most` ticks above 0 on an axis
/// from 0 to `max` (at least 1).
pub fn step(max: u64, most: u64, scale: Scale) -> u64 {
    let candidate = |k: u32| match scale {
        Scale::Bytes => 1u64.checked_shl(k),
        Scale::Steps | Scale::Count => 10u64.checked_pow(k / 3).and_then(|p| p.checked_mul([1, 2, 5][k as usize % 3])),
    };
    (0..64).filter_map(candidate).find(|&step| max.div_ceil(step) <= most.max(1)).unwrap_or(u64::MAX)
}

/// The ticks `0, step, 2 step, ...` up to `max` inclusive.
pub fn up_to(max: u64, step: u64) -> impl Iterator<Item = u64> {
    (0..=max / step.max(1)).map(move |k| k * step.max(1))
}

/// The top of a y axis as tall as `frame` that shows values up to `max`: the first tick at or
/// above it, so [`draw_y`] labels the top.
pub fn y_top(max: u64, frame: Rect, scale: Scale) -> u64 {
    let step = step(max, (frame.height / Y_SPACING) as u64, scale);
    max.div_ceil(step).max(1) * step
}

/// Ticks up to `max` along the bottom edge of `frame`: a mark, the label below it; `x` places a
/// value.
pub fn draw_x(svg: &mut String, frame: Rect, max: u64, scale: Scale, x: impl Fn(u64) -> f64) {
    let bottom = frame.y + frame.height;
    for value in up_to(max, step(max, (frame.width / X_SPACING) as u64, scale)) {
        let at = x(value);
        let _ = writeln!(
            svg,
            r##"<line x1="{at:.1}" y1="{bottom:.1}" x2="{at:.1}" y2="{:.1}" stroke="#666"/><text x="{at:.1}" y="{:.1}" text-anchor="middle">{}</text>"##,
            bottom + 4.0,
            bottom + 15.0,
            label(value, scale)
        );
    }
}

/// Ticks up to `max` along the left edge of `frame`: a mark, the label left of it and a faint
/// grid line across the frame; `y` places a value.
pub fn draw_y(svg: &mut String, frame: Rect, max: u64, scale: Scale, y: impl Fn(u64) -> f64) {
    for value in up_to(max, step(max, (frame.height / Y_SPACING) as u64, scale)) {
        let at = y(value);
        let _ = writeln!(
            svg,
            r##"<line x1="{:.1}" y1="{at:.1}" x2="{:.1}" y2="{at:.1}" stroke="#ddd"/><line x1="{:.1}" y1="{at:.1}" x2="{:.1}" y2="{at:.1}" stroke="#666"/><text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"##,
            frame.x,
            frame.x + frame.width,
            frame.x - 4.0,
            frame.x,
            frame.x - 6.0,
            at + 4.0,
            label(value, scale)
        );
    }
}

/// `value` as a tick reads on a `scale` axis.
pub fn label(value: u64, scale: Scale) -> String {
    let scaled = |unit: u64, suffix: &str| format!("{}{suffix}", trim(value as f64 / unit as f64));
    match scale {
        Scale::Bytes if value >= 1 << 20 => scaled(1 << 20, " MiB"),
        Scale::Bytes if value >= 1 << 10 => scaled(1 << 10, " KiB"),
        Scale::Bytes if value == 0 => "0".to_string(),
        Scale::Bytes => format!("{value} B"),
        Scale::Count if value >= 1_000_000_000 => scaled(1_000_000_000, "G"),
        Scale::Count if value >= 1_000_000 => scaled(1_000_000, "M"),
        Scale::Count if value >= 1_000 => scaled(1_000, "k"),
        Scale::Steps | Scale::Count => value.to_string(),
    }
}

/// `x` with at most two decimals and no trailing zeros: `1.5`, `1.25`, `8`.
fn trim(x: f64) -> String {
    let text = format!("{x:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_ticks_are_powers_of_two_read_in_kib() {
        // vww's scratch pool: 37248 bytes, at most 8 ticks above 0.
        let step = step(37248, 8, Scale::Bytes);
        assert_eq!(step, 8192);
        let labels: Vec<String> = up_to(37248, step).map(|v| label(v, Scale::Bytes)).collect();
        assert_eq!(labels, ["0", "8 KiB", "16 KiB", "24 KiB", "32 KiB"]);
        assert_eq!(super::step(64, 8, Scale::Bytes), 8);
        assert_eq!(label(1536, Scale::Bytes), "1.5 KiB");
        assert_eq!(label(48, Scale::Bytes), "48 B");
        assert_eq!(label(3 << 20, Scale::Bytes), "3 MiB");
    }

    #[test]
    fn step_and_count_ticks_are_one_two_or_five_times_a_power_of_ten() {
        assert_eq!(step(424, 10, Scale::Steps), 50);
        assert_eq!(step(9, 10, Scale::Steps), 1);
        assert_eq!(step(0, 10, Scale::Steps), 1);
        assert_eq!(step(2_091_417, 6, Scale::Count), 500_000);
        let labels: Vec<String> = up_to(2_000_000, 500_000).map(|v| label(v, Scale::Count)).collect();
        assert_eq!(labels, ["0", "500k", "1M", "1.5M", "2M"]);
        assert_eq!(label(1000, Scale::Steps), "1000");
        assert_eq!(label(1200, Scale::Count), "1.2k");
    }

    #[test]
    fn there_are_never_more_ticks_than_asked() {
        for scale in [Scale::Bytes, Scale::Steps, Scale::Count] {
            for max in [1, 7, 100, 1023, 65_537, 123_456_789] {
                for most in 1..12 {
                    let s = step(max, most, scale);
                    assert!(max.div_ceil(s) <= most, "{scale:?} {max} {most}: step {s}");
                    assert!(up_to(max, s).count() as u64 <= most + 1);
                }
            }
        }
    }
}
