//! The fast queries: each runs the same step machines as the stepped view, to the end.
//!
//! Three layers, each calling only the one below it: this module sends a pair with a
//! concave shape to [`compound`] (part by part) and a convex pair to the pair-kind
//! dispatch ([`convex`]), which picks the method; [`pair`] holds the full answer,
//! [`PairQuery`], and how each method's result becomes one.
//!
//! Conventions (also in `docs/conventions.md`):
//! - Touching shapes intersect, with depth ≈ 0.
//! - Separated: `distance > 0` and the closest points on A and on B (world).
//! - Intersecting: `distance = 0`, the penetration `depth ≥ 0` and the unit `normal`
//!   pointing from A towards B: moving B by `depth·normal` separates the shapes; and the
//!   `contacts`, one or two points on the incident shape with their depths (clipping).
//! - A circle and a convex polygon, either way round, are answered by the closed form
//!   ([`CirclePolygon`](crate::algorithms::circle_polygon::CirclePolygon): the centre's Voronoi region of the polygon) for every query.
//! - Two convex polygons get their penetration and contacts from face separation
//!   ([`FaceSeparation`](crate::algorithms::face_separation::FaceSeparation): each face's separation, the reference face, clipping), with
//!   neither EPA nor a second GJK (two rectangles: [`BoxBox`](crate::algorithms::box_box::BoxBox), the same method on
//!   four axes in closed form); their intersection and distance are
//!   [`PolygonDistance`](crate::algorithms::polygon_distance::PolygonDistance)'s: bounding circles or face separation's face steps give a
//!   separating direction, then a closest-feature walk climbs from it (intersection
//!   ends at the first step that decides). A touching verdict of face separation is
//!   confirmed by the walk: between slivers a face can separate by less than the
//!   touching tolerance while the polygons are far apart.
//! - An ellipse and a convex polygon, either way round, get their intersection and
//!   distance from [`EllipsePolygon`](crate::algorithms::ellipse_polygon::EllipsePolygon) (squash the ellipse into a circle, then climb to
//!   the distance by Newton's method); when they overlap, the same method measures
//!   the depth: the shortest way out, across a face or through a vertex inside the
//!   ellipse to its boundary.

pub mod cast;
pub mod compound;
pub mod convex;
pub mod pair;

pub use convex::clipping;
pub use pair::{Iterations, MethodOutcome, PairQuery, JSON_VERSION};

use crate::algorithms::answer::{Contacts, Penetration};
use crate::algorithms::distance::DistanceResult;
use crate::algorithms::sat::{Sat, SatOutcome};
use crate::shapes::Shape;

/// Whether `a` and `b` intersect (touching counts): the pair's own method (closed form,
/// squashed picture, the polygon walk's steps), else the GJK intersection test.
#[inline]
pub fn intersects(a: &Shape, b: &Shape) -> bool {
    if a.is_concave() || b.is_concave() {
        return compound::intersects(a, b);
    }
    convex::intersects(a, b)
}

/// Distance and closest points (GJK distance, or the closed form / walk of the pair).
#[inline]
pub fn distance(a: &Shape, b: &Shape) -> DistanceResult {
    if a.is_concave() || b.is_concave() {
        return compound::distance(a, b);
    }
    convex::distance(a, b)
}

/// Penetration depth and normal (closed form, face separation, squash and climb, or
/// GJK distance then EPA), or `None` when separated.
#[inline]
pub fn penetration(a: &Shape, b: &Shape) -> Option<Penetration> {
    if a.is_concave() || b.is_concave() {
        return compound::penetration(a, b);
    }
    convex::penetration(a, b)
}

/// SAT's answer (the general method; see [`Sat`] for the OBB fast path).
#[inline]
pub fn sat(a: &Shape, b: &Shape) -> SatOutcome {
    Sat::new(a, b).run()
}

/// The contact points of an intersecting pair (none when separated; one or two, a
/// fixed-size value, no allocation); for a concave shape, the decisive part pair's.
#[inline]
pub fn contacts(a: &Shape, b: &Shape) -> Contacts {
    // The cheapest pairs first (neither kind is concave): deciding the pair kind is
    // part of their time.
    if let Some(contacts) = convex::quick_contacts(a, b) {
        return contacts;
    }
    if a.is_concave() || b.is_concave() {
        return compound::contacts(a, b);
    }
    convex::general_contacts(a, b)
}

/// The full answer for one pair: GJK distance and EPA, or the pair's own methods (see
/// the conventions above); for a concave shape, the decisive part pair's.
pub fn query(a: &Shape, b: &Shape) -> PairQuery {
    if a.is_concave() || b.is_concave() {
        return compound::query(a, b);
    }
    convex::query(a, b)
}
