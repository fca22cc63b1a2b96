//! SVG building blocks shared by mc's pictures, the arena ([`crate::usmp::svg`]) and the
//! per-layer bar charts ([`layer_chart`]): the document, XML escaping, axes with ticks at round
//! numbers ([`axis`]) and labels fitted into boxes without overlapping ([`label`]).

pub mod axis;
pub mod label;
pub mod layer_chart;

use label::Rect;
use std::fmt::Write;

/// Every picture's width.
pub const WIDTH: f64 = 960.0;
/// Room left of a panel for its value ticks, and right of it.
pub const LEFT: f64 = 72.0;
/// Room right of a panel.
pub const RIGHT: f64 = 24.0;
/// The font size of labels inside a panel (names of buffers, layers).
pub const LABEL: f64 = 10.0;

/// A panel: `title` above `frame`, the frame's background and border.
pub fn panel(svg: &mut String, title: &str, frame: Rect) {
    let _ = writeln!(svg, r#"<text x="{}" y="{}" font-size="13">{}</text>"#, frame.x, frame.y - 10.0, escape(title));
    let _ = writeln!(
        svg,
        r##"<rect x="{}" y="{}" width="{}" height="{}" fill="#f7f7f7" stroke="#999"/>"##,
        frame.x, frame.y, frame.width, frame.height
    );
}

/// The opening tag of an SVG document `width` by `height` user units, with the text style every
/// picture uses; the document ends with [`END`].
pub fn start(width: f64, height: f64) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"11\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    )
}

/// The closing tag of a document begun with [`start`].
pub const END: &str = "</svg>\n";

/// `text` with XML's special characters escaped.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}
