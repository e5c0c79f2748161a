//! Where the views' text labels go: each label wants a spot next to what it names,
//! and the placer moves it, as little as it can, out of the way of the labels placed
//! before it and inside its view, so that no two labels overlap and none is cut off.
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

/// The estimated width of a label's text.
pub fn text_width(text: &str) -> f32 {
    text.chars().count() as f32 * CHAR_WIDTH
}

/// The rectangle a label's text covers with its baseline's left end at `at`.
pub fn text_rect(text: &str, at: Vec2) -> Rect {
    Rect {
        min: Vec2::new(at.x, at.y - ASCENT),
        max: Vec2::new(at.x + text_width(text), at.y + DESCENT),
    }
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
