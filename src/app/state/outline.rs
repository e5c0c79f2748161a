//! The outline of A − B the views draw, worked out once per change of the pair and
//! kept in the app between frames (issue 22: the views, the fit and the figures ask
//! for it several times a frame).

use super::App;
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

impl App {
    /// The Minkowski difference outline of A and B with `samples` directions for
    /// curved shapes (empty without a pair). Worked out once per change of the pair
    /// (the edge merge of two polygons, `O(n + m)`), then shared.
    pub fn minkowski_outline(&self, samples: usize) -> Arc<[DVec2]> {
        if !self.has_pair() {
            return Arc::new([]);
        }
        let (Some(a), Some(b)) = (self.scene.shapes.get(self.a), self.scene.shapes.get(self.b))
        else {
            return Arc::new([]);
        };
        let curved = |s: &Shape| !matches!(s.geometry(), Geometry::Polygon(_));
        let key = OutlineKey {
            revision: self.revision,
            pair: [self.a, self.b],
            poses: [a.shape.pose(), b.shape.pose()],
            vertices: [a, b].map(|s| s.shape.geometry().polygon_vertices().map_or(0, |v| v.len())),
            samples: if curved(&a.shape) || curved(&b.shape) {
                samples
            } else {
                0
            },
        };
        if let Some((cached, outline)) = &*self.outline_cache.borrow() {
            if *cached == key {
                return outline.clone();
            }
        }
        let Some((a, b)) = self.stepped_pair() else {
            return Arc::new([]);
        };
        let outline: Arc<[DVec2]> = MinkowskiDifference::new(&a, &b).outline(samples).into();
        *self.outline_cache.borrow_mut() = Some((key, outline.clone()));
        outline
    }

    /// The outline of the *core* difference when a shape is a circle (GJK and EPA
    /// walk on it: a circle's core is its centre), or `None` when it equals A − B.
    pub fn minkowski_core_outline(&self, samples: usize) -> Option<Vec<DVec2>> {
        if !self.has_pair() {
            return None;
        }
        let (a, b) = self.stepped_pair()?;
        let md = MinkowskiDifference::new(&a, &b);
        (md.margin() > 0.0).then(|| md.core_outline(samples))
    }
}
