//! Where the views' text labels go: each label wants a spot next to what it names,
//! and the placer moves it, as little as it can, out of the way of the labels placed
//! before it and inside its view, so that no two labels overlap and none is cut off.
//!
//! A label that only says again what another label of its view says is left out
//! ([`repeats`]): a number is shown once, with the narration's two decimals.
//!
//! Text sizes are estimated from the character count (the default font is
//! monospaced), so the layout is the same in the window and in the tests that check
//! it without one.

use super::camera::Viewport;
use glam::Vec2;

/// Pixel size of labels in the views.
pub const LABEL_SIZE: f32 = 22.0;

/// Width of one character of the views' font at [`LABEL_SIZE`] (macroquad's default
/// font is monospaced; measured 11 px at size 22, rounded up).
const CHAR_WIDTH: f32 = 11.5;

/// How far above its baseline a label's text reaches, and how far below.
const ASCENT: f32 = 0.8 * LABEL_SIZE;
const DESCENT: f32 = 0.25 * LABEL_SIZE;

/// Room kept between a label and the view's edge.
const EDGE: f32 = 3.0;

/// A screen rectangle, `min` top-left.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    /// Top-left corner.
    pub min: Vec2,
    /// Bottom-right corner.
    pub max: Vec2,
}

impl Rect {
    /// Whether the two rectangles share more than a pixel's sliver.
    #[cfg(test)]
    pub fn overlaps(&self, other: &Rect) -> bool {
        self.min.x < other.max.x - 0.5
            && other.min.x < self.max.x - 0.5
            && self.min.y < other.max.y - 0.5
            && other.min.y < self.max.y - 0.5
    }

    /// Whether it lies inside the viewport.
    #[cfg(test)]
    pub fn inside(&self, v: Viewport) -> bool {
        self.min.x >= v.x && self.min.y >= v.y && self.max.x <= v.x + v.w && self.max.y <= v.y + v.h
    }

    /// The area it shares with another.
    fn shared_area(&self, other: &Rect) -> f32 {
        let w = (self.max.x.min(other.max.x) - self.min.x.max(other.min.x)).max(0.0);
        let h = (self.max.y.min(other.max.y) - self.min.y.max(other.min.y)).max(0.0);
        w * h
    }
}

/// The estimated width of a label's text: a Chinese character (CJK, full width)
/// takes about two of the built-in font's columns.
pub fn text_width(text: &str) -> f32 {
    text.chars()
        .map(|c| if c as u32 >= 0x2E80 { 1.6 } else { 1.0 })
        .sum::<f32>()
        * CHAR_WIDTH
}

/// The rectangle a label's text covers with its baseline's left end at `at`.
pub fn text_rect(text: &str, at: Vec2) -> Rect {
    Rect {
        min: Vec2::new(at.x, at.y - ASCENT),
        max: Vec2::new(at.x + text_width(text), at.y + DESCENT),
    }
}

/// The screen direction on the left of going from `from` to `to` (zero for a segment
/// too short to have a side). Two arrows that point at each other have their left
/// sides opposite.
pub fn left_of(from: Vec2, to: Vec2) -> Vec2 {
    if from.distance(to) < 2.0 {
        return Vec2::ZERO;
    }
    let along = (to - from).normalize();
    Vec2::new(along.y, -along.x)
}

/// The baseline position of a label whose text lies beside `point` towards `side` (a
/// unit screen direction), its box clear of the point by a few pixels whatever the
/// direction; with no side (zero), above and right of the point.
pub fn beside(text: &str, point: Vec2, side: Vec2) -> Vec2 {
    if side == Vec2::ZERO {
        return point + Vec2::new(8.0, -8.0);
    }
    let (w, h) = (text_width(text), ASCENT + DESCENT);
    let reach = 6.0 + side.x.abs() * w / 2.0 + side.y.abs() * h / 2.0;
    let centre = point + side * reach;
    Vec2::new(centre.x - w / 2.0, centre.y + (ASCENT - DESCENT) / 2.0)
}

/// The baseline position that keeps a label's rectangle inside the viewport (when it
/// fits at all).
fn keep_inside(text: &str, at: Vec2, v: Viewport) -> Vec2 {
    let w = text_width(text);
    let x = at.x.min(v.x + v.w - w - EDGE).max(v.x + EDGE);
    let y =
        at.y.max(v.y + ASCENT + EDGE)
            .min(v.y + v.h - DESCENT - EDGE);
    Vec2::new(x, y)
}

/// Whether `text` is a number and nothing else ("0.27", "-1.09": a point's value).
fn is_number(text: &str) -> bool {
    !text.is_empty() && text.parse::<f64>().is_ok()
}

/// The number a *value label* ends with ("depth 0.27", "MTV: depth 0.27" → "0.27"):
/// words, a space, then a number with a decimal point.
fn stated_value(text: &str) -> Option<&str> {
    let (words, value) = text.rsplit_once(' ')?;
    (!words.trim().is_empty() && value.contains('.') && is_number(value)).then_some(value)
}

/// Which labels repeat another of their view (`true`: leave it out). Of `(text,
/// optional)` pairs in drawing order, a value label ("depth 0.27") repeats
/// - an earlier label that ends with it, after a space ("MTV: depth 0.27");
/// - a number label of the view that is its value (a contact point's "0.27": the
///   point keeps its number, the value is not said again beside it).
///
/// Number labels are each a point's own and are all kept; so are optional labels
/// (the grid's ticks), which neither repeat nor are repeated.
pub fn repeats(labels: &[(&str, bool)]) -> Vec<bool> {
    let numbers: Vec<&str> = labels
        .iter()
        .filter(|(text, optional)| !optional && is_number(text))
        .map(|&(text, _)| text)
        .collect();
    labels
        .iter()
        .enumerate()
        .map(|(k, &(text, optional))| {
            let Some(value) = stated_value(text).filter(|_| !optional) else {
                return false;
            };
            let said_before = labels[..k].iter().any(|&(earlier, optional)| {
                !optional
                    && earlier
                        .strip_suffix(text)
                        .is_some_and(|head| head.ends_with(' '))
            });
            said_before || numbers.contains(&value)
        })
        .collect()
}

/// Moves tried, in order, from a label's wanted spot: none, then ever larger steps
/// up, down, right, left and diagonally.
fn nudges() -> impl Iterator<Item = Vec2> {
    let directions = [
        Vec2::new(0.0, -1.0),
        Vec2::new(0.0, 1.0),
        Vec2::new(1.0, 0.0),
        Vec2::new(-1.0, 0.0),
        Vec2::new(1.0, -1.0),
        Vec2::new(-1.0, -1.0),
        Vec2::new(1.0, 1.0),
        Vec2::new(-1.0, 1.0),
    ];
    std::iter::once(Vec2::ZERO).chain(
        (1..=24).flat_map(move |r| directions.into_iter().map(move |d| d * (r as f32 * 9.0))),
    )
}

/// Places labels in order (earlier ones keep their spot): each at the nearest spot to
/// where it wants to be that keeps it inside the view and off every label placed
/// before it; when no spot is free, the one that overlaps least. *Optional* labels
/// (`true`: the grid's tick labels) come last and only at their own spot, and are left
/// out where they would touch another. Returns the baseline positions, one per label
/// (`None`: left out).
pub fn place(labels: &[(&str, Vec2, bool)], v: Viewport) -> Vec<Option<Vec2>> {
    let mut placed: Vec<Rect> = Vec::with_capacity(labels.len());
    let mut positions = vec![None; labels.len()];
    for (k, &(text, want, _)) in labels.iter().enumerate().filter(|(_, l)| !l.2) {
        let overlap = |r: &Rect| placed.iter().map(|p| r.shared_area(p)).sum::<f32>();
        let mut best: Option<(f32, Vec2)> = None;
        for nudge in nudges() {
            let at = keep_inside(text, want + nudge, v);
            let cost = overlap(&text_rect(text, at));
            if best.is_none_or(|(c, _)| cost < c) {
                best = Some((cost, at));
            }
            if cost == 0.0 {
                break;
            }
        }
        let at = best.map_or(want, |(_, at)| at);
        placed.push(text_rect(text, at));
        positions[k] = Some(at);
    }
    for (k, &(text, want, _)) in labels.iter().enumerate().filter(|(_, l)| l.2) {
        let at = keep_inside(text, want, v);
        let rect = text_rect(text, at);
        if placed.iter().all(|p| rect.shared_area(p) == 0.0) {
            placed.push(rect);
            positions[k] = Some(at);
        }
    }
    positions
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_wanting_one_spot_are_moved_apart_and_kept_inside() {
        let v = Viewport::new(0.0, 0.0, 400.0, 300.0);
        let at = Vec2::new(390.0, 5.0);
        let labels = [
            ("n", at, false),
            ("d", at, false),
            ("overlap 0.20", at, false),
            ("A - B", at, false),
        ];
        let positions: Vec<Vec2> = place(&labels, v).into_iter().flatten().collect();
        assert_eq!(positions.len(), labels.len());
        let rects: Vec<Rect> = labels
            .iter()
            .zip(&positions)
            .map(|(&(t, _, _), &p)| text_rect(t, p))
            .collect();
        for (i, r) in rects.iter().enumerate() {
            assert!(r.inside(v), "{i}: {r:?}");
            for (j, s) in rects.iter().enumerate().skip(i + 1) {
                assert!(!r.overlaps(s), "{i} and {j}: {r:?} {s:?}");
            }
        }
        // The first keeps its spot (moved only inside the view).
        assert_eq!(positions[0], keep_inside("n", at, v));
    }

    #[test]
    fn a_value_is_said_once_in_a_view() {
        let flags = |labels: &[(&str, bool)]| repeats(labels);
        // SAT's last step: the MTV axis says the depth; the ghost's arrow need not.
        assert_eq!(
            flags(&[("MTV: depth 0.27", false), ("depth 0.27", false)]),
            [false, true]
        );
        // A contact point shows its depth: the arrow beside it does not say it again.
        assert_eq!(
            flags(&[("depth 0.09", false), ("0.09", false), ("0.09", false)]),
            [true, false, false]
        );
        // Different values, or the same value said of different things, stay.
        assert_eq!(
            flags(&[("overlap 0.09", false), ("n: minimum so far 0.09", false)]),
            [false, false]
        );
        assert_eq!(
            flags(&[("MTV: depth 0.27", false), ("depth 0.28", false)]),
            [false, false]
        );
        // A word that merely ends like another ("redepth 0.27") is not a repeat; names
        // and the grid's ticks are never left out.
        assert_eq!(
            flags(&[("redepth 0.27", false), ("depth 0.27", false)]),
            [false, false]
        );
        assert_eq!(
            flags(&[
                ("0.5", true),
                ("w1", false),
                ("w1", false),
                ("x 0.5", false)
            ]),
            [false, false, false, false]
        );
    }

    #[test]
    fn a_label_beside_a_segment_clears_it_on_its_left() {
        let beside_middle = |text: &str, from: Vec2, to: Vec2| {
            text_rect(text, beside(text, (from + to) / 2.0, left_of(from, to)))
        };
        // Rightwards: the label is above the middle; leftwards, below it.
        let (from, to) = (Vec2::new(100.0, 100.0), Vec2::new(200.0, 100.0));
        let above = beside_middle("d", from, to);
        assert!(above.max.y < 100.0 && above.min.x < 150.0 && above.max.x > 150.0);
        let below = beside_middle("-d", to, from);
        assert!(below.min.y > 100.0 && below.min.x < 150.0 && below.max.x > 150.0);
        // Upwards: the label is left of the segment.
        let up = beside_middle("w1", Vec2::new(100.0, 200.0), from);
        assert!(up.max.x < 100.0 && up.min.y < 150.0 && up.max.y > 150.0);
        // A point has no side: above and right, as any label.
        assert_eq!(left_of(from, from), Vec2::ZERO);
        assert_eq!(beside("w1", from, Vec2::ZERO), from + Vec2::new(8.0, -8.0));
    }

    #[test]
    fn a_label_with_room_stays_where_it_wants() {
        let v = Viewport::new(0.0, 0.0, 400.0, 300.0);
        let want = Vec2::new(100.0, 100.0);
        assert_eq!(place(&[("w1", want, false)], v), vec![Some(want)]);
    }

    #[test]
    fn an_optional_label_gives_way() {
        let v = Viewport::new(0.0, 0.0, 400.0, 300.0);
        let at = Vec2::new(100.0, 100.0);
        // The tick label comes first but is placed last, and only where it is free.
        let labels = [
            ("1.5", at, true),
            ("w1", at, false),
            ("2.0", Vec2::new(300.0, 200.0), true),
        ];
        let positions = place(&labels, v);
        assert_eq!(positions[0], None);
        assert_eq!(positions[1], Some(at));
        assert_eq!(positions[2], Some(Vec2::new(300.0, 200.0)));
    }
}
