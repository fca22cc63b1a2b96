//! SVG building blocks shared by mc's pictures, the arena ([`crate::usmp::svg`]) and the
//! per-layer bar charts ([`layer_chart`]): the document, XML escaping, axes with ticks at round
//! numbers ([`axis`]) and labels fitted into boxes without overlapping ([`label`]).

pub mod axis;
pub mod label;
pub mod layer_chart;

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
