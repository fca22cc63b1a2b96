//! Per-layer bar charts: one panel per measure (RAM live at each layer, from `mcc analyze`;
//! instructions per layer, from `mc-emu --profile`), one bar per layer in execution order, the
//! layer's index and operator under its bar where they fit (every k-th when the bars are too
//! narrow for all), the measure's axis ticked at round numbers, the largest bar's value written
//! above it, and a tooltip per bar with the exact figure.

use super::axis::{self, Scale};
use super::label::{self, Rect};
use super::{END, LABEL, LEFT, RIGHT, WIDTH, escape, start};
use std::fmt::Write;

const PANEL: f64 = 240.0;
/// Room above a panel for its title, and below it for the layer labels.
const ABOVE: f64 = 40.0;
const BELOW: f64 = 150.0;

/// One layer's bar.
pub struct Bar {
    /// Under the bar: `3 CONV_2D`.
    pub label: String,
    /// The tooltip: everything about the figure.
    pub tooltip: String,
    /// Its height.
    pub value: u64,
}

/// One measure across the layers.
pub struct Panel {
    /// Above the panel.
    pub title: String,
    /// What the values count.
    pub scale: Scale,
    /// One per layer.
    pub bars: Vec<Bar>,
}

/// A layer of a profile: its kernel, output tensor and instructions.
pub struct ProfiledLayer<'a> {
    /// `conv_2d`.
    pub kernel: &'a str,
    /// Its output tensor's name.
    pub output: &'a str,
    /// Instructions from its hook to the next.
    pub instructions: u64,
}

/// The panel of a profile's instructions per layer on `board`, `total` for the whole inference
/// (the layers' and the call's entry and exit).
pub fn instructions_panel(board: &str, layers: &[ProfiledLayer<'_>], total: u64) -> Panel {
    let bars = layers
        .iter()
        .enumerate()
        .map(|(index, layer)| Bar {
            label: format!("{index} {}", layer.kernel),
            tooltip: format!(
                "layer {index} {}: {} instructions, {:.2}% of {total}; output {}",
                layer.kernel,
                layer.instructions,
                100.0 * layer.instructions as f64 / total.max(1) as f64,
                layer.output
            ),
            value: layer.instructions,
        })
        .collect();
    Panel {
        title: format!("instructions per layer on {board} ({total} in the inference, its entry and exit included)"),
        scale: Scale::Count,
        bars,
    }
}

/// The SVG document: `title` above the `panels`.
pub fn render(title: &str, panels: &[Panel]) -> String {
    let height = 24.0 + panels.len() as f64 * (ABOVE + PANEL + BELOW);
    let mut svg = start(WIDTH, height);
    let _ = writeln!(svg, r#"<text x="{LEFT}" y="20" font-size="14" font-weight="bold">{}</text>"#, escape(title));
    for (index, panel) in panels.iter().enumerate() {
        let top = 24.0 + ABOVE + index as f64 * (ABOVE + PANEL + BELOW);
        draw_panel(&mut svg, panel, Rect { x: LEFT, y: top, width: WIDTH - LEFT - RIGHT, height: PANEL });
    }
    svg.push_str(END);
    svg
}

/// One panel in `frame`.
fn draw_panel(svg: &mut String, panel: &Panel, frame: Rect) {
    super::panel(svg, &panel.title, frame);
    let largest = panel.bars.iter().map(|b| b.value).max().unwrap_or(0);
    // Room above the largest bar for its value (a sixteenth of the panel).
    let top = axis::y_top(largest + largest / 15 + 1, frame, panel.scale);
    let bottom = frame.y + frame.height;
    let y = |value: u64| bottom - value as f64 / top as f64 * frame.height;
    axis::draw_y(svg, frame, top, panel.scale, y);
    let pitch = frame.width / panel.bars.len().max(1) as f64;
    let every = label_every(pitch);
    let mut largest_drawn = false;
    for (index, bar) in panel.bars.iter().enumerate() {
        let left = frame.x + index as f64 * pitch;
        let middle = left + pitch / 2.0;
        let _ = writeln!(
            svg,
            r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="hsl(210,60%,60%)" stroke="#335"  stroke-width="0.5"><title>{}</title></rect>"##,
            left + pitch * 0.1,
            y(bar.value),
            pitch * 0.8,
            bottom - y(bar.value),
            escape(&bar.tooltip)
        );
        if index % every == 0
            && let Some(text) = label::fit(&bar.label, BELOW - 8.0, pitch * every as f64, LABEL)
        {
            let at = bottom + 6.0;
            let _ = writeln!(
                svg,
                r#"<text x="{middle:.1}" y="{at:.1}" font-size="{LABEL}" text-anchor="end" transform="rotate(-90 {middle:.1} {at:.1})" dy="{:.1}">{}</text>"#,
                LABEL * 0.35,
                escape(&text)
            );
        }
        if bar.value == largest && !largest_drawn {
            largest_drawn = true;
            let _ = writeln!(
                svg,
                r#"<text x="{middle:.1}" y="{:.1}" text-anchor="{}">{}</text>"#,
                y(bar.value) - 4.0,
                if index * 2 < panel.bars.len() { "start" } else { "end" },
                axis::label(bar.value, panel.scale)
            );
        }
    }
}

/// Every how many bars a label goes, for bars `pitch` apart: labels are a font's height apart at
/// least.
fn label_every(pitch: f64) -> usize {
    ((LABEL * 1.2) / pitch).ceil().max(1.0) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_thin_out_when_bars_are_narrow() {
        assert_eq!(label_every(29.0), 1);
        assert_eq!(label_every(12.0), 1);
        assert_eq!(label_every(6.0), 2);
        assert_eq!(label_every(1.0), 12);
    }

    #[test]
    fn every_bar_has_a_tooltip_and_the_labels_and_ticks_are_there() {
        let layers = [
            ProfiledLayer { kernel: "conv_2d", output: "conv<1>", instructions: 2_091_417 },
            ProfiledLayer { kernel: "softmax", output: "Identity", instructions: 213 },
        ];
        let svg = render("vww on cortex-m4", &[instructions_panel("cortex-m4", &layers, 2_091_700)]);
        assert!(svg.starts_with("<svg") && svg.ends_with(END));
        assert_eq!(svg.matches("<title>").count(), 2);
        assert!(
            svg.contains(
                "<title>layer 0 conv_2d: 2091417 instructions, 99.99% of 2091700; output conv&lt;1&gt;</title>"
            )
        );
        assert!(svg.contains(">0 conv_2d</text>") && svg.contains(">1 softmax</text>"));
        assert!(svg.contains(">instructions per layer on cortex-m4 (2091700 in the inference"));
        // Ticks at round numbers up to the first at or above the largest bar, whose value is written.
        for tick in [">0</text>", ">500k</text>", ">1M</text>", ">2.5M</text>", ">2.09M</text>"] {
            assert!(svg.contains(tick), "{tick}");
        }
    }
}
