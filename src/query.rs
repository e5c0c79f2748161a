//! The fast queries: each runs the same step machines as the stepped view, to the end.
//!
//! Conventions (also in the README):
//! - Touching shapes intersect, with depth ≈ 0.
//! - Separated: `distance > 0` and the closest points on A and on B (world).
//! - Intersecting: `distance = 0`, the penetration `depth ≥ 0` and the unit `normal`
//!   pointing from A towards B: moving B by `depth·normal` separates the shapes; and the
//!   `contacts`, one or two points on the incident shape with their depths (clipping).
//! - A circle and a convex polygon, either way round, are answered by the closed form
//!   ([`CirclePolygon`]: the centre's Voronoi region of the polygon) for every query.
//! - Two convex polygons get their penetration and contacts from face separation
//!   ([`FaceSeparation`]: each face's separation, the reference face, clipping), with
//!   neither EPA nor a second GJK (two rectangles: [`BoxBox`], the same method on
//!   four axes in closed form); their intersection and distance are
//!   [`PolygonDistance`]'s: bounding circles or face separation's face steps give a
//!   separating direction, then a closest-feature walk climbs from it (intersection
//!   ends at the first step that decides). A touching verdict of face separation is
//!   confirmed by the walk: between slivers a face can separate by less than the
//!   touching tolerance while the polygons are far apart.
//! - An ellipse and a convex polygon, either way round, get their intersection and
//!   distance from [`EllipsePolygon`] (squash the ellipse into a circle, then climb to
//!   the distance by Newton's method); when they overlap, the same method measures
//!   the depth: the shortest way out, across a face or through a vertex inside the
//!   ellipse to its boundary.

use crate::algorithms::box_box::BoxBox;
use crate::algorithms::circle_polygon::CirclePolygon;
use crate::algorithms::clip::{Clip, Contact, Contacts};
use crate::algorithms::distance::{DistanceOutcome, DistanceResult, GjkDistance};
use crate::algorithms::ellipse_polygon::EllipsePolygon;
use crate::algorithms::epa::{Epa, EpaOutcome, Penetration};
use crate::algorithms::face_separation::{FaceSeparation, FaceSeparationOutcome};
use crate::algorithms::gjk::Gjk;
use crate::algorithms::polygon_distance::PolygonDistance;
use crate::algorithms::sat::{Sat, SatOutcome};
use crate::compound;
use crate::minkowski::MinkowskiDifference;
use crate::shapes::Shape;
use glam::DVec2;
use serde::Serialize;

/// Support points each algorithm computed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Iterations {
    /// GJK distance.
    pub gjk: usize,
    /// EPA (0 when the shapes are separated).
    pub epa: usize,
}

/// Everything about one pair: the answer of `gjk-lab query`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairQuery {
    /// Whether the shapes intersect (touching counts).
    pub intersects: bool,
    /// Distance between the shapes (0 when they intersect).
    pub distance: f64,
    /// Closest point on A (world), when separated.
    pub closest_a: Option<DVec2>,
    /// Closest point on B (world), when separated.
    pub closest_b: Option<DVec2>,
    /// Penetration depth (0 when separated or touching).
    pub depth: f64,
    /// Unit normal from A towards B, when intersecting.
    pub normal: Option<DVec2>,
    /// Support points per algorithm.
    pub iterations: Iterations,
    /// How GJK distance ended.
    pub gjk_outcome: DistanceOutcome,
    /// How EPA ended (when it ran).
    pub epa_outcome: Option<EpaOutcome>,
    /// Contact points by clipping, when intersecting (1 or 2 per convex pair; empty
    /// when separated).
    pub contacts: Vec<Contact>,
    /// For a pair with a concave shape: the decisive part of A and part of B (see
    /// [`crate::compound`]); `None` (and not serialised) for convex pairs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parts: Option<[usize; 2]>,
}

impl PairQuery {
    /// The full answer of a pair that a distance method found apart (`None` when it
    /// found them intersecting): distance and closest points, no depth or contacts.
    pub fn apart(d: &DistanceResult) -> Option<PairQuery> {
        let (a, b) = d.closest?;
        Some(PairQuery {
            intersects: false,
            distance: d.distance,
            closest_a: Some(a),
            closest_b: Some(b),
            depth: 0.0,
            normal: None,
            iterations: Iterations {
                gjk: d.iterations,
                epa: 0,
            },
            gjk_outcome: d.outcome,
            epa_outcome: None,
            contacts: Vec::new(),
            parts: None,
        })
    }
}

/// Whether `a` and `b` intersect (touching counts): the pair's own method (closed form,
/// squashed picture, the polygon walk's steps), else the GJK intersection test.
#[inline]
pub fn intersects(a: &Shape, b: &Shape) -> bool {
    if a.is_concave() || b.is_concave() {
        return compound::intersects(a, b);
    }
    if let Some(closed_form) = CirclePolygon::for_pair(a, b) {
        return closed_form.intersects();
    }
    if let Some(squashed) = EllipsePolygon::for_pair(a, b) {
        return squashed.intersects();
    }
    if let Some(walk) = PolygonDistance::for_pair(a, b) {
        return walk.intersects();
    }
    Gjk::new(a, b).run().intersects()
}

/// Distance and closest points (GJK distance, or the closed form / walk of the pair).
#[inline]
pub fn distance(a: &Shape, b: &Shape) -> DistanceResult {
    if a.is_concave() || b.is_concave() {
        return compound::distance(a, b);
    }
    if let Some(walk) = PolygonDistance::for_pair(a, b) {
        return walk.run().distance_result();
    }
    if let Some(closed_form) = CirclePolygon::for_pair(a, b) {
        return closed_form.run().distance_result();
    }
    if let Some(squashed) = EllipsePolygon::for_pair(a, b) {
        return squashed.distance_only().run().distance_result();
    }
    GjkDistance::new(a, b).run()
}

/// Penetration depth and normal (closed form, face separation, or GJK distance then
/// EPA), or `None` when separated.
#[inline]
pub fn penetration(a: &Shape, b: &Shape) -> Option<Penetration> {
    if a.is_concave() || b.is_concave() {
        return compound::penetration(a, b);
    }
    if let Some(closed_form) = CirclePolygon::for_pair(a, b) {
        return closed_form.penetration();
    }
    if let Some(boxes) = BoxBox::for_pair(a, b) {
        return boxes
            .penetration()
            .filter(|p| touching_confirmed(a, b, p.depth));
    }
    if let Some(faces) = FaceSeparation::for_pair(a, b) {
        return faces
            .penetration()
            .filter(|p| touching_confirmed(a, b, p.depth));
    }
    if let Some(squashed) = EllipsePolygon::for_pair(a, b) {
        return squashed.penetration();
    }
    let gjk = GjkDistance::new(a, b).run_unrefined();
    if !gjk.intersects {
        return None;
    }
    Epa::from_gjk(MinkowskiDifference::new(a, b), &gjk)
        .run()
        .penetration
}

/// SAT's answer (the general method; see [`Sat`] for the OBB fast path).
#[inline]
pub fn sat(a: &Shape, b: &Shape) -> SatOutcome {
    Sat::new(a, b).run()
}

/// The contact points of an intersecting pair (none when separated; one or two, a
/// fixed-size value, no allocation); for a concave shape, the decisive part pair's.
pub fn contacts(a: &Shape, b: &Shape) -> Contacts {
    // The cheapest pairs first: deciding the pair type is part of their time.
    if let Some(boxes) = BoxBox::for_pair(a, b) {
        return confirmed_contacts(a, b, boxes.contacts());
    }
    if let Some(closed_form) = CirclePolygon::for_pair(a, b) {
        return closed_form.contacts();
    }
    if a.is_concave() || b.is_concave() {
        return compound::query(a, b).contacts.into_iter().collect();
    }
    if let Some(faces) = FaceSeparation::for_pair(a, b) {
        return confirmed_contacts(a, b, faces.contacts());
    }
    Clip::for_pair(a, b).run().contacts()
}

/// The full answer for one pair: GJK distance and EPA, or the pair's own methods (see
/// the module notes).
pub fn query(a: &Shape, b: &Shape) -> PairQuery {
    if a.is_concave() || b.is_concave() {
        return compound::query(a, b);
    }
    if let Some(closed_form) = CirclePolygon::for_pair(a, b) {
        return closed_form.run().pair_query();
    }
    if let Some(walk) = PolygonDistance::for_pair(a, b) {
        return polygon_query(a, b, walk);
    }
    // An ellipse and a polygon: the squash-and-climb answer is the whole one, apart
    // or overlapping (the ways out's depth).
    let squashed = EllipsePolygon::for_pair(a, b).map(|m| m.run());
    if let Some(apart) = squashed.and_then(|r| r.pair_query()) {
        return apart;
    }
    if let Some((r, p)) = squashed.and_then(|r| Some((r, r.penetration?))) {
        return PairQuery {
            intersects: true,
            distance: 0.0,
            closest_a: None,
            closest_b: None,
            depth: p.depth,
            normal: Some(p.normal),
            iterations: Iterations {
                gjk: r.support_points,
                epa: 0,
            },
            gjk_outcome: r.distance_outcome(),
            // The ending as EPA would name it.
            epa_outcome: Some(EpaOutcome::Converged {
                depth: p.depth,
                normal: p.normal,
            }),
            contacts: Clip::new(a, b, p).run().contacts().iter().collect(),
            parts: None,
        };
    }
    let gjk = GjkDistance::new(a, b).run();
    let mut q = PairQuery {
        intersects: gjk.intersects,
        distance: gjk.distance,
        closest_a: gjk.closest.map(|c| c.0),
        closest_b: gjk.closest.map(|c| c.1),
        depth: 0.0,
        normal: None,
        iterations: Iterations {
            gjk: gjk.iterations,
            epa: 0,
        },
        gjk_outcome: gjk.outcome,
        epa_outcome: None,
        contacts: Vec::new(),
        parts: None,
    };
    if squashed.is_some() && !gjk.intersects {
        // Squash and climb found them intersecting but measured no depth (its face's
        // way out failed its check and EPA's GJK found them a hair apart, within
        // rounding of touching): touching, depth 0, along GJK's closest points.
        touching(a, b, &gjk, &mut q);
        return q;
    }
    if gjk.intersects {
        let md = MinkowskiDifference::new(a, b);
        let epa = Epa::from_gjk(md, &gjk).run();
        q.iterations.epa = epa.iterations;
        q.epa_outcome = Some(epa.outcome);
        // When EPA could not build a polytope (named in `epa_outcome`) this is
        // touching along the line between the centres.
        if let Some(p) = epa.penetration_or_touching(&md) {
            q.depth = p.depth;
            q.normal = Some(p.normal);
            q.contacts = Clip::new(a, b, p).run().contacts().iter().collect();
        }
    }
    q
}

/// Whether two polygons that face separation finds overlapping by `depth` do
/// intersect: surely when deeper than 0; at depth 0 (no face separates by more than
/// the touching tolerance) the walk decides, as slivers can be far apart with every
/// face's separation within it.
#[inline(always)]
fn touching_confirmed(a: &Shape, b: &Shape, depth: f64) -> bool {
    depth > 0.0 || walk_intersects(a, b)
}

/// The distance walk's yes/no, out of line: rarely asked (touching pairs only), it
/// would otherwise weigh on the fast paths that inline [`touching_confirmed`].
#[cold]
#[inline(never)]
fn walk_intersects(a: &Shape, b: &Shape) -> bool {
    PolygonDistance::for_pair(a, b).is_none_or(|walk| walk.intersects())
}

/// Face separation's or box vs box's contacts, none when the walk finds the polygons
/// apart after all (see [`touching_confirmed`]).
#[inline(always)]
fn confirmed_contacts(a: &Shape, b: &Shape, contacts: Contacts) -> Contacts {
    match contacts.iter().map(|c| c.depth).reduce(f64::max) {
        Some(depth) if !touching_confirmed(a, b, depth) => Contacts::default(),
        _ => contacts,
    }
}

/// Two convex polygons: apart, the walk's distance and closest points; intersecting,
/// the depth, normal and contacts of face separation (box vs box for rectangles).
fn polygon_query(a: &Shape, b: &Shape, walk: PolygonDistance) -> PairQuery {
    let r = walk.run();
    if let Some(apart) = r.pair_query() {
        return apart;
    }
    let mut q = PairQuery {
        intersects: true,
        distance: 0.0,
        closest_a: None,
        closest_b: None,
        depth: 0.0,
        normal: None,
        iterations: Iterations {
            gjk: r.support_points,
            epa: 0,
        },
        gjk_outcome: r.distance_outcome(),
        epa_outcome: None,
        contacts: Vec::new(),
        parts: None,
    };
    if let Some(boxes) = BoxBox::for_pair(a, b) {
        polygon_contact(a, b, boxes.run(), &mut q);
    } else if let Some(faces) = FaceSeparation::for_pair(a, b) {
        polygon_contact(a, b, faces.run(), &mut q);
    }
    if q.depth == 0.0 {
        // Touching: no face separates them by more than the touching tolerance.
        q.gjk_outcome = DistanceOutcome::OriginOnSimplex { distance: 0.0 };
    }
    q
}

/// A pair GJK left a hair apart that another method found intersecting: touching at
/// depth 0, the normal along GJK's closest points, the contacts clipping finds.
fn touching(a: &Shape, b: &Shape, gjk: &DistanceResult, q: &mut PairQuery) {
    let (point_a, point_b) = gjk.closest.unwrap_or((a.position(), b.position()));
    let normal = crate::geometry::normalize_or(point_b - point_a, DVec2::X);
    let p = Penetration {
        depth: 0.0,
        normal,
        point_a,
        point_b,
    };
    q.intersects = true;
    q.distance = 0.0;
    q.closest_a = None;
    q.closest_b = None;
    q.normal = Some(normal);
    q.gjk_outcome = DistanceOutcome::OriginOnSimplex {
        distance: gjk.distance,
    };
    q.epa_outcome = Some(EpaOutcome::Converged { depth: 0.0, normal });
    q.contacts = Clip::new(a, b, p).run().contacts().iter().collect();
}

/// Fills in the depth, normal and contacts of two intersecting convex polygons from
/// face separation. GJK found them intersecting (distance within the touching
/// tolerance); should rounding make a face separate them by a hair more than that
/// tolerance, they are touching across that face: depth 0, its normal, and the
/// contacts clipping finds against it. `epa_outcome` names the ending as EPA would
/// (`Converged`), so that the JSON keeps its meaning; EPA itself did not run.
fn polygon_contact(a: &Shape, b: &Shape, outcome: FaceSeparationOutcome, q: &mut PairQuery) {
    match outcome {
        FaceSeparationOutcome::Contact {
            depth,
            normal,
            clip,
            ..
        } => {
            q.depth = depth;
            q.normal = Some(normal);
            q.epa_outcome = Some(EpaOutcome::Converged { depth, normal });
            q.contacts = clip.contacts().iter().collect();
        }
        FaceSeparationOutcome::Separated { face } => {
            let normal = match face.edge.shape {
                crate::algorithms::Side::A => face.edge.normal,
                crate::algorithms::Side::B => -face.edge.normal,
            };
            let touching = Penetration {
                depth: 0.0,
                normal,
                point_a: face.deepest,
                point_b: face.deepest,
            };
            let clip =
                Clip::with_reference(a, b, face.edge.shape, face.edge.index as usize, touching);
            q.normal = Some(normal);
            q.epa_outcome = Some(EpaOutcome::Converged { depth: 0.0, normal });
            q.contacts = clip.run().contacts().iter().collect();
        }
        // Circles apart by more than the touching tolerance: the walk, which found
        // them intersecting, measured the same circles (never here).
        FaceSeparationOutcome::CirclesApart { .. } => {}
    }
}
