//! Where sweep and prune's end-point list is laid out on screen: a row of named cells
//! ("[a" is box a's min, "a]" its max) under the view's title, and the borders between
//! neighbouring cells where a click chooses the next swap. The many-shapes view draws
//! the list here; the "which swap next?" question puts its candidates on these borders.

use super::camera::Viewport;
use crate::app::visualizers::sweep::SweepTrace;
use gjk_lab_core::algorithms::sap::{Endpoint, SapEvent};
use glam::Vec2;

/// Scenes with at most this many shapes show the end-point list as a row of named
/// cells (the sweep and prune lesson has eight boxes).
pub const LIST_MAX_BOXES: usize = 16;
/// Height of the end-point list's row, in pixels.
pub(crate) const LIST_ROW_PX: f32 = 30.0;
/// Widest cell of the end-point list, in pixels.
const LIST_CELL_MAX_PX: f32 = 56.0;

/// The end-point list's cells for a list of `n` end points in the view `viewport`:
/// each cell's centre (screen), and the cell width; `None` when the scene is too big
/// to show its list as a row.
pub fn list_cells(viewport: Viewport, n: usize, boxes: usize) -> Option<(Vec<Vec2>, f32)> {
    if boxes > LIST_MAX_BOXES || n == 0 {
        return None;
    }
    let width = ((viewport.w - 24.0) / n as f32).min(LIST_CELL_MAX_PX);
    let left = viewport.x + (viewport.w - width * n as f32) / 2.0;
    let y = viewport.y + 58.0 + LIST_ROW_PX / 2.0;
    let centres = (0..n)
        .map(|k| Vec2::new(left + width * (k as f32 + 0.5), y))
        .collect();
    Some((centres, width))
}

/// Where a click chooses the swap of list cells `k` and `k + 1`: the border between
/// them (screen).
pub fn swap_points(viewport: Viewport, n: usize, boxes: usize) -> Vec<Vec2> {
    // On the row's lower border, so that the marks leave the cells' texts readable.
    list_cells(viewport, n, boxes).map_or_else(Vec::new, |(centres, _)| {
        centres
            .windows(2)
            .map(|w| (w[0] + w[1]) / 2.0 + Vec2::new(0.0, LIST_ROW_PX / 2.0))
            .collect()
    })
}

/// An end point's cell text: "[a" for box a's min, "a]" for its max (an interval's
/// brackets).
pub fn cell_text(e: &Endpoint, names: &[String]) -> String {
    let name = names
        .get(e.id as usize)
        .cloned()
        .unwrap_or_else(|| e.id.to_string());
    if e.is_max {
        format!("{name}]")
    } else {
        format!("[{name}")
    }
}

/// Indices in the strip's list of the end points the current step is about: the one
/// the sweep line is at, or the two a swap exchanged.
pub fn current_indices(trace: &SweepTrace) -> Vec<usize> {
    match trace.current().event {
        Some(SapEvent::Enter { index, .. }) | Some(SapEvent::Leave { index, .. }) => vec![index],
        Some(SapEvent::Swap { index, .. }) => vec![index.saturating_sub(1), index],
        _ => vec![],
    }
}
