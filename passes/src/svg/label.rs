//! Text labels fitted into boxes: a label is drawn whole when it fits, cut with an ellipsis when
//! only its start fits, left out when not even that fits, and never drawn over another label
//! ([`Placed`]). Widths are estimated (no font metrics): every character counts as
//! [`CHAR_WIDTH`] ems, more than the average sans-serif character, so an estimate errs on the
//! wide side and a label does not spill out of its box.

/// The estimated width of one character, in ems (font sizes).
pub const CHAR_WIDTH: f64 = 0.62;

/// The fewest characters of a cut label before its ellipsis.
const MIN_CHARS: usize = 3;

/// A box, in SVG user units: its left and top edges, width and height.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    /// Left edge.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Width.
    pub width: f64,
    /// Height.
    pub height: f64,
}

impl Rect {
    /// Whether the two boxes share some area.
    pub fn intersects(&self, other: &Rect) -> bool {
        self.x < other.x + other.width
            && other.x < self.x + self.width
            && self.y < other.y + other.height
            && other.y < self.y + self.height
    }
}

/// The estimated width of `text` at font size `size`.
pub fn width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * CHAR_WIDTH * size
}

/// `text` as it fits on one line at font size `size` into a box `width` wide and `height` high:
/// whole, or its first characters and `…`, or `None` when the box is lower than the font or
/// narrower than [`MIN_CHARS`] characters and the ellipsis.
pub fn fit(text: &str, width: f64, height: f64, size: f64) -> Option<String> {
    if height < size || text.is_empty() {
        return None;
    }
    let room = (width / (CHAR_WIDTH * size)).floor() as usize;
    let chars = text.chars().count();
    if chars <= room {
        Some(text.to_string())
    } else if room > MIN_CHARS {
        Some(text.chars().take(room - 1).chain(['…']).collect())
    } else {
        None
    }
}

/// The boxes of the labels drawn so far on one picture.
#[derive(Default)]
pub struct Placed(Vec<Rect>);

impl Placed {
    /// Takes `label`'s box when it is clear of every label taken before; false when it is not.
    pub fn take(&mut self, label: Rect) -> bool {
        if self.0.iter().any(|placed| placed.intersects(&label)) {
            return false;
        }
        self.0.push(label);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_is_whole_cut_or_left_out() {
        // 10 px font: a character is 6.2 px.
        assert_eq!(fit("conv1", 40.0, 12.0, 10.0).as_deref(), Some("conv1"));
        assert_eq!(fit("model/conv2d/Relu", 40.0, 12.0, 10.0).as_deref(), Some("model…"));
        assert_eq!(fit("model/conv2d/Relu", 24.0, 12.0, 10.0), None);
        assert_eq!(fit("conv1", 40.0, 9.0, 10.0), None);
        assert_eq!(fit("", 40.0, 12.0, 10.0), None);
        // What is drawn fits the box.
        for w in [20.0, 33.0, 50.0, 77.0, 200.0] {
            if let Some(text) = fit("model/activation_3/Relu;model/batch_normalization_3", w, 12.0, 10.0) {
                assert!(width(&text, 10.0) <= w, "{text} in {w}");
            }
        }
    }

    #[test]
    fn labels_never_overlap() {
        let mut placed = Placed::default();
        let at = |x, y| Rect { x, y, width: 30.0, height: 10.0 };
        assert!(placed.take(at(0.0, 0.0)));
        assert!(!placed.take(at(29.0, 9.0)));
        assert!(placed.take(at(30.0, 0.0)));
        assert!(placed.take(at(0.0, 10.0)));
        assert!(!placed.take(at(15.0, 5.0)));
    }
}
