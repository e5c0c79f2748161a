//! The outline of A − B the views draw, worked out once per change of the pair and
//! kept in the two-shape mode between frames (issue 22: the views, the fit and the
//! figures ask for it several times a frame).

use super::{distinct_pair, PairMode};
use crate::app::lab::Lab;
use gjk_lab_core::minkowski::MinkowskiDifference;
use gjk_lab_core::shapes::{Geometry, Pose, Shape};
use glam::DVec2;
use std::sync::Arc;

/// What the outline of A − B depends on: the shapes (their revision, and, belt and
/// braces, the two poses and vertex counts), which two they are, and the samples of a
/// curved outline.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct OutlineKey {
    revision: u64,
    pair: [usize; 2],
    poses: [Pose; 2],
    vertices: [usize; 2],
    samples: usize,
}

impl PairMode {
    /// The Minkowski difference outline of A and B with `samples` directions for
    /// curved shapes (empty without a pair). Worked out once per change of the pair
    /// (the edge merge of two polygons, `O(n + m)`), then shared.
    pub fn minkowski_outline(&self, lab: &Lab, samples: usize) -> Arc<[DVec2]> {
        let Some((a, b)) = distinct_pair(&lab.scene.shapes, lab.a, lab.b) else {
            return Arc::new([]);
        };
        let curved = |s: &Shape| !matches!(s.geometry(), Geometry::Polygon(_));
        let key = OutlineKey {
            revision: lab.revision,
            pair: [lab.a, lab.b],
            poses: [a.pose(), b.pose()],
            vertices: [a, b].map(|s| s.geometry().polygon_vertices().map_or(0, |v| v.len())),
            samples: if curved(a) || curved(b) { samples } else { 0 },
        };
        if let Some((cached, outline)) = &*self.outline_cache.borrow() {
            if *cached == key {
                return outline.clone();
            }
        }
        let Some((a, b)) = self.stepped_pair(lab) else {
            return Arc::new([]);
        };
        let outline: Arc<[DVec2]> = MinkowskiDifference::new(&a, &b).outline(samples).into();
        *self.outline_cache.borrow_mut() = Some((key, outline.clone()));
        outline
    }

    /// The outline of the *core* difference when a shape is a circle (GJK and EPA
    /// walk on it: a circle's core is its centre), or `None` when it equals A − B.
    pub fn minkowski_core_outline(&self, lab: &Lab, samples: usize) -> Option<Vec<DVec2>> {
        if !lab.has_pair() {
            return None;
        }
        let (a, b) = self.stepped_pair(lab)?;
        let md = MinkowskiDifference::new(&a, &b);
        (md.margin() > 0.0).then(|| md.core_outline(samples))
    }
}
