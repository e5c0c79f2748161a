//! The pair-kind dispatch for two convex shapes: which method answers which query
//! (see the conventions in [`super`]). Every branch runs a step machine to its end —
//! the same code the stepped view records.

use super::pair::{MethodOutcome, PairQuery};
use crate::algorithms::answer::{Contacts, Penetration, Side};
use crate::algorithms::box_box::BoxBox;
use crate::algorithms::circle_polygon::CirclePolygon;
use crate::algorithms::clip::Clip;
use crate::algorithms::distance::{DistanceOutcome, DistanceResult, GjkDistance};
use crate::algorithms::ellipse_polygon::EllipsePolygon;
use crate::algorithms::epa::{Epa, EpaOutcome};
use crate::algorithms::face_separation::{FaceSeparation, FaceSeparationOutcome};
use crate::algorithms::gjk::Gjk;
use crate::algorithms::polygon_distance::PolygonDistance;
use crate::minkowski::MinkowskiDifference;
use crate::shapes::Shape;
use glam::DVec2;

/// Whether `a` and `b` intersect (touching counts): the pair's own method (closed form,
/// squashed picture, the polygon walk's steps), else the GJK intersection test.
#[inline]
pub fn intersects(a: &Shape, b: &Shape) -> bool {
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

/// Penetration depth and normal (closed form, face separation, squash and climb's ways
/// out, or GJK distance then EPA), or `None` when separated.
#[inline]
pub fn penetration(a: &Shape, b: &Shape) -> Option<Penetration> {
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

/// The contact points of an intersecting pair (none when separated; one or two, a
/// fixed-size value, no allocation).
#[inline]
pub fn contacts(a: &Shape, b: &Shape) -> Contacts {
    quick_contacts(a, b).unwrap_or_else(|| general_contacts(a, b))
}

/// The contacts of the cheapest pair kinds — two rectangles, a circle and a polygon —
/// or `None` for any other pair (a concave shape is neither). Asked first: deciding
/// the pair kind is part of their time.
#[inline(always)]
pub fn quick_contacts(a: &Shape, b: &Shape) -> Option<Contacts> {
    if let Some(boxes) = BoxBox::for_pair(a, b) {
        return Some(confirmed_contacts(a, b, boxes.contacts()));
    }
    CirclePolygon::for_pair(a, b).map(|closed_form| closed_form.contacts())
}

/// The contacts of a convex pair that [`quick_contacts`] does not answer: face
/// separation for two polygons, else clipping after the pair's depth method.
pub fn general_contacts(a: &Shape, b: &Shape) -> Contacts {
    if let Some(faces) = FaceSeparation::for_pair(a, b) {
        return confirmed_contacts(a, b, faces.contacts());
    }
    clipping(a, b).run().contacts()
}

/// Clipping for any convex pair, ready to step: the normal comes first from the
/// pair's depth method — squash and climb's ways out for an ellipse and a polygon,
/// else GJK distance and EPA (the same fast queries as `gjk-lab query`). A separated
/// pair's machine ends at once, with no contact.
pub fn clipping<'s>(a: &'s Shape, b: &'s Shape) -> Clip<'s> {
    if let Some(squashed) = EllipsePolygon::for_pair(a, b) {
        let r = squashed.run();
        if let Some(p) = r.penetration {
            return Clip::new(a, b, p);
        }
        if !r.intersects {
            return Clip::not_intersecting(a, b, r.distance);
        }
    }
    let gjk = GjkDistance::new(a, b).run_unrefined();
    let md = MinkowskiDifference::new(a, b);
    let penetration = gjk
        .intersects
        .then(|| Epa::from_gjk(md, &gjk).run())
        .and_then(|epa| epa.penetration_or_touching(&md));
    match penetration {
        Some(p) => Clip::new(a, b, p),
        None => Clip::not_intersecting(a, b, gjk.distance),
    }
}

/// The full answer for one pair: the pair's own methods, or GJK distance and EPA (see
/// the conventions in [`super`]).
pub fn query(a: &Shape, b: &Shape) -> PairQuery {
    if let Some(closed_form) = CirclePolygon::for_pair(a, b) {
        return PairQuery::from(&closed_form.run());
    }
    if let Some(walk) = PolygonDistance::for_pair(a, b) {
        return polygon_query(a, b, walk);
    }
    if let Some(squashed) = EllipsePolygon::for_pair(a, b) {
        return ellipse_polygon_query(a, b, squashed);
    }
    let gjk = GjkDistance::new(a, b).run();
    if let Some(apart) = PairQuery::apart(&gjk, MethodOutcome::Distance(gjk.outcome)) {
        return apart;
    }
    gjk_epa_query(a, b, &gjk)
}

/// GJK distance found the shapes intersecting: EPA measures the depth, clipping
/// finds the contacts. When EPA could not build a polytope (named in `epa_outcome`)
/// this is touching along the line between the centres.
fn gjk_epa_query(a: &Shape, b: &Shape, gjk: &DistanceResult) -> PairQuery {
    let md = MinkowskiDifference::new(a, b);
    let epa = Epa::from_gjk(md, gjk).run();
    let mut q = PairQuery::new(
        true,
        gjk.distance,
        gjk.iterations,
        gjk.outcome,
        MethodOutcome::Epa(epa.outcome),
    );
    q.iterations.epa = epa.iterations;
    q.epa_outcome = Some(epa.outcome);
    if let Some(p) = epa.penetration_or_touching(&md) {
        q.depth = p.depth;
        q.normal = Some(p.normal);
        q.contacts = Clip::new(a, b, p).run().contacts().iter().collect();
    }
    q
}

/// An ellipse and a polygon: the squash-and-climb answer is the whole one, apart or
/// overlapping (the ways out's depth).
fn ellipse_polygon_query(a: &Shape, b: &Shape, squashed: EllipsePolygon) -> PairQuery {
    let r = squashed.run();
    let outcome = MethodOutcome::EllipsePolygon(r.outcome);
    if let Some(apart) = PairQuery::apart(&r.distance_result(), outcome) {
        return apart;
    }
    if let Some(p) = r.penetration {
        let mut q = PairQuery::new(true, 0.0, r.support_points, r.distance_outcome(), outcome);
        q.depth = p.depth;
        q.normal = Some(p.normal);
        // The ending as EPA would name it.
        q.epa_outcome = Some(EpaOutcome::Converged {
            depth: p.depth,
            normal: p.normal,
        });
        q.contacts = Clip::new(a, b, p).run().contacts().iter().collect();
        return q;
    }
    let gjk = GjkDistance::new(a, b).run();
    if gjk.intersects {
        return gjk_epa_query(a, b, &gjk);
    }
    // Squash and climb found them intersecting but measured no depth (its face's way
    // out failed its check) and GJK found them a hair apart, within rounding of
    // touching: touching, depth 0, along GJK's closest points.
    touching(a, b, &gjk, outcome)
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
    let walked = MethodOutcome::PolygonDistance(r.outcome);
    if let Some(apart) = PairQuery::apart(&r.distance_result(), walked) {
        return apart;
    }
    let mut q = PairQuery::new(true, 0.0, r.support_points, r.distance_outcome(), walked);
    if let Some(boxes) = BoxBox::for_pair(a, b) {
        let outcome = boxes.run();
        polygon_contact(a, b, outcome, &mut q);
        q.outcome = MethodOutcome::BoxBox(outcome);
    } else if let Some(faces) = FaceSeparation::for_pair(a, b) {
        let outcome = faces.run();
        polygon_contact(a, b, outcome, &mut q);
        q.outcome = MethodOutcome::FaceSeparation(outcome);
    }
    if q.depth == 0.0 {
        // Touching: no face separates them by more than the touching tolerance.
        q.gjk_outcome = DistanceOutcome::OriginOnSimplex { distance: 0.0 };
    }
    q
}

/// A pair GJK left a hair apart that another method found intersecting: touching at
/// depth 0, the normal along GJK's closest points, the contacts clipping finds.
fn touching(a: &Shape, b: &Shape, gjk: &DistanceResult, outcome: MethodOutcome) -> PairQuery {
    let (point_a, point_b) = gjk.closest.unwrap_or((a.position(), b.position()));
    let normal = crate::geometry::normalize_or(point_b - point_a, DVec2::X);
    let p = Penetration {
        depth: 0.0,
        normal,
        point_a,
        point_b,
    };
    let reached = DistanceOutcome::OriginOnSimplex {
        distance: gjk.distance,
    };
    let mut q = PairQuery::new(true, 0.0, gjk.iterations, reached, outcome);
    q.normal = Some(normal);
    q.epa_outcome = Some(EpaOutcome::Converged { depth: 0.0, normal });
    q.contacts = Clip::new(a, b, p).run().contacts().iter().collect();
    q
}

/// Fills in the depth, normal and contacts of two intersecting convex polygons from
/// face separation. The walk found them intersecting (distance within the touching
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
                Side::A => face.edge.normal,
                Side::B => -face.edge.normal,
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
