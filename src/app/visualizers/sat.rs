//! SAT, the separating axis theorem, and its OBB fast path: one step per axis, each
//! drawn as a line beside the shapes with both projections as intervals on it, their
//! overlap and the running minimum; an early exit on a separating axis; the minimum
//! translation vector (MTV) at the end. In A − B an axis is a face normal, and its
//! overlap is the distance from the origin to that face's line.
//!
//! Both methods share this file: they differ only in the pseudo-code and in how an
//! axis is measured, and the core's events say which.

use super::{num, then, vec2, AxisRole, Claim, Item, Projections, Step, Visualizer};
use crate::app::i18n::tr;
use gjk_lab_core::algorithms::answer::Side;
use gjk_lab_core::algorithms::sat::{
    AxisSource, AxisTest, Interval, NotApplicable, Sat, SatEvent, SatMethod, SatOutcome, Verdict,
};
use gjk_lab_core::algorithms::variant::Variant;
use gjk_lab_core::algorithms::{record, Algorithm};
use gjk_lab_core::geometry::perp_ccw;
use gjk_lab_core::lesson::Checkpoint;
use gjk_lab_core::minkowski::Tolerance;
use gjk_lab_core::query::{query, PairQuery};
use gjk_lab_core::settings::Settings;
use gjk_lab_core::shapes::{Geometry, Shape};
use glam::DVec2;

/// The SAT visualiser, for the general method or the OBB fast path.
pub struct SatVisualizer {
    method: SatMethod,
}

impl SatVisualizer {
    /// General SAT: every edge normal (plus a circle's closest-vertex axis).
    pub const GENERAL: SatVisualizer = SatVisualizer {
        method: SatMethod::General,
    };
    /// The OBB fast path: two box axes each.
    pub const OBB: SatVisualizer = SatVisualizer {
        method: SatMethod::Obb,
    };
}

impl Visualizer for SatVisualizer {
    fn algorithm(&self) -> Algorithm {
        match self.method {
            SatMethod::General => Algorithm::Sat,
            SatMethod::Obb => Algorithm::SatObb,
        }
    }

    fn comparison(&self, a: &Shape, b: &Shape) -> Option<super::Comparison> {
        Some(super::Comparison::SatEpa(Box::new(compare(a, b))))
    }

    /// SAT draws its axes beside the shapes, 38 pixels off, with their shadows.
    fn world_room_px(&self) -> f32 {
        50.0
    }

    fn intro(&self) -> String {
        match self.method {
            SatMethod::General => tr!("sat-intro-general"),
            SatMethod::Obb => tr!("sat-intro-obb"),
        }
    }

    fn steps(&self, a: &Shape, b: &Shape) -> Vec<Step> {
        steps_of(a, b, Sat::with_method(a, b, self.method))
    }

    fn configured_steps(
        &self,
        a: &Shape,
        b: &Shape,
        variant: Option<Variant>,
        settings: &Settings,
    ) -> Option<Vec<Step>> {
        let machine = match variant {
            Some(v) => Sat::with_variant(a, b, Some(v)),
            None => Sat::with_method(a, b, self.method),
        }
        .with_settings(settings);
        (machine.method() == self.method).then(|| steps_of(a, b, machine))
    }
}

/// The steps of one SAT machine (gjk-lab's or a seed's version) on A and B.
fn steps_of<'s>(a: &'s Shape, b: &'s Shape, machine: Sat<'s>) -> Vec<Step> {
    let frames = record(machine);
    let story = Story {
        a,
        b,
        origin: a.position(),
        axis_count: frames.first().map_or(0, |f| f.state.axis_count()),
        corners: [a, b].map(|s| {
            let bb = s.aabb();
            [
                bb.min,
                bb.max,
                DVec2::new(bb.min.x, bb.max.y),
                DVec2::new(bb.max.x, bb.min.y),
            ]
        }),
    };
    frames
        .into_iter()
        .map(|frame| story.step(frame.event, &frame.state))
        .collect()
}

/// What every step of one run needs.
struct Story<'s> {
    a: &'s Shape,
    b: &'s Shape,
    /// A's position: the core measures projections from it.
    origin: DVec2,
    axis_count: usize,
    /// The corners of both shapes' bounding boxes, found once per run (a box is a loop
    /// over the vertices: per axis, it made a run quadratic in the vertex count).
    corners: [[DVec2; 4]; 2],
}

impl Story<'_> {
    /// The step of one event; `state` is the machine right after it.
    fn step(&self, event: SatEvent, state: &Sat) -> Step {
        let line = event.line();
        match event {
            SatEvent::Axis {
                test,
                verdict,
                best,
            } => self.axis_step(
                (oriented(test), verdict),
                best.map(oriented),
                state.axes_tested(),
                line,
            ),
            SatEvent::Done { outcome } => self.done_step(outcome, state, line),
        }
    }

    fn axis_step(
        &self,
        (test, verdict): (AxisTest, Verdict),
        best: Option<AxisTest>,
        tested: usize,
        line: Option<usize>,
    ) -> Step {
        let t = self.projections(&test, AxisRole::Tested, String::new());
        // The numbers the text prints are the drawn shadows' own ends.
        let (push_plus, push_minus) = (t.a.max - t.b.min, t.b.max - t.a.min);
        let shadows = tr!(
            "sat-axis",
            tested = tested.to_string(),
            count = self.axis_count.to_string(),
            n = vec2(test.axis),
            source = describe_source(test.source),
            a0 = num(t.a.min),
            a1 = num(t.a.max),
            b0 = num(t.b.min),
            b1 = num(t.b.max),
            plus = num(push_plus),
            minus = num(push_minus),
            overlap = num(test.overlap)
        );
        let (verdict_text, label) = match verdict {
            Verdict::Separating => (
                tr!(
                    "sat-separating",
                    gap = num(-test.overlap),
                    left = (self.axis_count - tested).to_string()
                ),
                tr!("sat-label-gap", gap = num(-test.overlap)),
            ),
            Verdict::NewMinimum => (
                tr!(
                    "sat-new-minimum",
                    overlap = num(test.overlap),
                    way = way_out_text(&test)
                ),
                tr!("sat-label-new-minimum", overlap = num(test.overlap)),
            ),
            Verdict::NotSmaller => (
                not_smaller_text(&test, best),
                tr!("sat-label-overlap", overlap = num(test.overlap)),
            ),
        };
        let role = match verdict {
            Verdict::Separating => AxisRole::Separating,
            _ => AxisRole::Tested,
        };
        let mut claims = self.axis_claims(&t);
        if verdict == Verdict::NewMinimum && test.against_axis() {
            claims.push(Claim::Vector {
                label: "-n",
                value: -test.axis,
            });
        }
        let way_out = verdict == Verdict::NewMinimum;
        let mut items = vec![Item::Projections(Projections {
            role,
            label,
            way_out,
            ..t
        })];
        // The running minimum, unless this axis is it or has just ended SAT.
        if let Some(best) = best.filter(|_| verdict == Verdict::NotSmaller) {
            let label = tr!("sat-label-minimum", overlap = num(best.overlap));
            items.push(Item::Projections(self.projections(
                &best,
                AxisRole::RunningMinimum,
                label,
            )));
        }
        let title = match verdict {
            Verdict::Separating => tr!("sat-title-separating"),
            Verdict::NewMinimum => tr!("sat-title-new-minimum"),
            Verdict::NotSmaller => tr!("sat-title-overlap"),
        };
        let step = Step::new(&title, then(&shadows, &verdict_text), line, items);
        let step = step.claiming(claims);
        match verdict {
            Verdict::Separating => step.answering(Checkpoint::SeparatingAxis),
            _ => step,
        }
    }

    /// What an axis step's text says the picture shows: the axis `n` as an arrow, the
    /// overlap of the drawn shadows, and the edge the axis comes from.
    fn axis_claims(&self, p: &Projections) -> Vec<Claim> {
        let mut claims = vec![
            Claim::Vector {
                label: "n",
                value: p.axis,
            },
            Claim::Overlap(p.overlap),
        ];
        if let Some((from, to, _)) = p.source.filter(|_| p.source_is_edge) {
            claims.push(Claim::Edge { from, to });
        }
        claims
    }

    fn done_step(&self, outcome: SatOutcome, state: &Sat, line: Option<usize>) -> Step {
        match outcome {
            SatOutcome::Overlapping {
                depth,
                normal,
                source,
                axes_tested,
            } => {
                let best = state.best().map(oriented);
                let miss = (state.variant().is_some() && depth > 0.0)
                    .then(|| super::still_deep(self.a, self.b, normal * depth))
                    .flatten();
                let way = if depth <= 0.0 {
                    "touch"
                } else if miss.is_some() {
                    "miss"
                } else {
                    "move"
                };
                let narration = tr!(
                    "sat-done-overlap",
                    axes = axes_tested.to_string(),
                    depth = num(depth),
                    n = best.map_or_else(String::new, |b| vec2(b.axis)),
                    source = describe_source(source),
                    way = way,
                    normal = vec2(normal),
                    miss = miss
                        .map(|left| super::seed_miss(normal * depth, left))
                        .unwrap_or_default()
                );
                let mut items = vec![];
                let mut claims = vec![];
                if let Some(best) = best {
                    let label = tr!("sat-label-mtv", depth = num(depth));
                    let mut p = self.projections(&best, AxisRole::Minimum, label);
                    p.way_out = true;
                    claims = self.axis_claims(&p);
                    items.push(Item::Projections(p));
                }
                if miss.is_none() {
                    items.push(Item::Penetration {
                        normal,
                        depth,
                        points: None,
                    });
                    claims.push(Claim::Separates {
                        offset: normal * depth,
                        parts: None,
                    });
                }
                Step::result(narration, line, items)
                    .claiming(claims)
                    .answering(Checkpoint::MtvAxis)
            }
            SatOutcome::Separated {
                gap,
                normal,
                source,
                axes_tested,
            } => {
                let separating = state.separating().map(oriented);
                let narration = tr!(
                    "sat-done-separated",
                    n = separating.map_or_else(String::new, |t| vec2(t.axis)),
                    source = describe_source(source),
                    tested = axes_tested.to_string(),
                    count = self.axis_count.to_string(),
                    gap = num(gap)
                );
                let (items, claims) = separating
                    .map(|t| {
                        let label = tr!("sat-label-separated", gap = num(gap));
                        let mut p = self.projections(&t, AxisRole::Separating, label);
                        p.normal = normal;
                        let claims = self.axis_claims(&p);
                        (vec![Item::Projections(p)], claims)
                    })
                    .unwrap_or_default();
                Step::result(narration, line, items)
                    .claiming(claims)
                    .answering(Checkpoint::MtvAxis)
            }
            SatOutcome::NotApplicable { why } => not_applicable_step(why),
        }
    }

    /// An axis test as the views draw it, in world values.
    fn projections(&self, test: &AxisTest, role: AxisRole, label: String) -> Projections {
        let axis = test.axis;
        let shift = self.origin.dot(axis);
        let world = |i: Interval| Interval {
            min: i.min + shift,
            max: i.max + shift,
        };
        let side = beside_direction(axis);
        // Past both shapes' bounding boxes: no loop over their vertices per axis.
        let beside = self
            .corners
            .iter()
            .flatten()
            .map(|c| c.dot(side))
            .fold(f64::NEG_INFINITY, f64::max);
        let source = self.source_feature(test.source, axis);
        Projections {
            axis,
            a: world(test.a),
            b: world(test.b),
            overlap: test.overlap,
            normal: test.normal,
            ends_a: test.ends_a,
            ends_b: test.ends_b,
            side,
            beside,
            source,
            source_is_edge: matches!(
                test.source,
                AxisSource::Edge { .. } | AxisSource::BoxAxis { .. }
            ),
            way_out: false,
            role,
            label,
        }
    }

    /// The feature an axis comes from, in world points.
    fn source_feature(&self, source: AxisSource, axis: DVec2) -> Option<(DVec2, DVec2, Side)> {
        let shape = |side: Side| match side {
            Side::A => self.a,
            Side::B => self.b,
        };
        match source {
            AxisSource::Edge { shape: side, edge } => {
                edge_points(shape(side), edge as usize).map(|(p, q)| (p, q, side))
            }
            AxisSource::BoxAxis { shape: side, .. } => {
                // The box edge whose outward normal is this (oriented) axis.
                let s = shape(side);
                let Geometry::Polygon(polygon) = s.geometry() else {
                    return None;
                };
                let k = (0..polygon.vertices().len()).max_by(|&i, &j| {
                    let d = |k: usize| s.rotate(polygon.normal(k)).dot(axis);
                    d(i).total_cmp(&d(j))
                })?;
                edge_points(s, k).map(|(p, q)| (p, q, side))
            }
            AxisSource::ClosestVertex {
                shape: side,
                vertex,
            } => {
                let polygon = shape(side);
                let Geometry::Polygon(p) = polygon.geometry() else {
                    return None;
                };
                let circle = shape(side.other());
                Some((
                    polygon.to_world(p.vertex(vertex as usize)),
                    circle.position(),
                    side,
                ))
            }
            AxisSource::Centres => Some((self.a.position(), self.b.position(), Side::A)),
        }
    }
}

/// A box axis stands for two opposite edges. Name it by the edge B crosses on its way
/// out — A's edge facing the way out, B's edge facing A — so that `n` is that edge's
/// outward normal, as for the general SAT: the shadows are then measured along it.
fn oriented(test: AxisTest) -> AxisTest {
    let AxisSource::BoxAxis { shape, .. } = test.source else {
        return test;
    };
    let crossed = match shape {
        Side::A => test.normal,
        Side::B => -test.normal,
    };
    if crossed.dot(test.axis) >= 0.0 {
        return test;
    }
    let flip = |i: Interval| Interval {
        min: -i.max,
        max: -i.min,
    };
    AxisTest {
        axis: -test.axis,
        a: flip(test.a),
        b: flip(test.b),
        ends_a: [test.ends_a[1], test.ends_a[0]],
        ends_b: [test.ends_b[1], test.ends_b[0]],
        ..test
    }
}

/// Which way B leaves along the axis, and what that means for the edge it comes from.
fn way_out_text(test: &AxisTest) -> String {
    let against = test.against_axis();
    let (sign, vector) = if against {
        ("−n", vec2(-test.axis))
    } else {
        ("+n", vec2(test.axis))
    };
    let (why, edge) = match (test.source, against) {
        (
            AxisSource::Edge {
                shape: Side::A,
                edge,
            },
            true,
        ) => ("a-against", edge.to_string()),
        (AxisSource::Edge { edge, .. }, true) => ("b-against", edge.to_string()),
        (
            AxisSource::Edge {
                shape: Side::B,
                edge,
            },
            false,
        ) => ("b-along", edge.to_string()),
        _ => ("none", String::new()),
    };
    tr!(
        "sat-way-out",
        sign = sign,
        vector = vector,
        why = why,
        edge = edge
    )
}

/// The "not smaller" sentence: the minimum so far, and whether a tie within the
/// tolerance keeps the earlier axis, so rounding noise never decides.
fn not_smaller_text(test: &AxisTest, best: Option<AxisTest>) -> String {
    let (tie, by) = match best {
        Some(b) if test.overlap < b.overlap => {
            ("smaller", format!("{:.1e}", b.overlap - test.overlap))
        }
        Some(b) if test.overlap == b.overlap => ("exact", String::new()),
        _ => ("none", String::new()),
    };
    tr!(
        "sat-not-smaller",
        overlap = num(test.overlap),
        best = best.map_or_else(|| "—".into(), |b| num(b.overlap)),
        source = best.map_or_else(String::new, |b| describe_source(b.source)),
        tie = tie,
        by = by
    )
}

/// The world end points of a polygon's edge `k`.
fn edge_points(shape: &Shape, k: usize) -> Option<(DVec2, DVec2)> {
    match shape.geometry() {
        Geometry::Polygon(p) => {
            Some((shape.to_world(p.vertex(k)), shape.to_world(p.vertex(k + 1))))
        }
        _ => None,
    }
}

/// The direction, perpendicular to `axis`, in which its line is drawn off the shapes:
/// below them (screen) unless the axis is nearly vertical, then to their right.
fn beside_direction(axis: DVec2) -> DVec2 {
    let s = perp_ccw(axis);
    let s = if s.y.abs() > 0.3 {
        s * -s.y.signum()
    } else {
        s * s.x.signum()
    };
    if s.is_finite() && s.length_squared() > 0.5 {
        s
    } else {
        DVec2::NEG_Y
    }
}

/// "the outward normal of A's edge 2", …
pub fn describe_source(source: AxisSource) -> String {
    match source {
        AxisSource::Edge { shape, edge } => tr!(
            "sat-source-edge",
            shape = shape.to_string(),
            edge = edge.to_string()
        ),
        AxisSource::BoxAxis { shape, axis } => tr!(
            "sat-source-box-axis",
            shape = shape.to_string(),
            axis = axis.to_string()
        ),
        AxisSource::ClosestVertex { shape, vertex } => tr!(
            "sat-source-vertex",
            shape = shape.to_string(),
            vertex = vertex.to_string()
        ),
        AxisSource::Centres => tr!("sat-source-centres"),
    }
}

/// The only step of a pair SAT cannot answer: why, and what answers instead.
fn not_applicable_step(why: NotApplicable) -> Step {
    let instead = match why {
        NotApplicable::NotABox { .. } => Algorithm::Sat,
        NotApplicable::Curved { .. }
        | NotApplicable::Concave { .. }
        | NotApplicable::Rounded { .. } => Algorithm::Epa,
    };
    super::instead_step(explain(why), instead)
}

/// Why SAT does not answer the pair, in the learner's language.
fn explain(why: NotApplicable) -> String {
    match why {
        NotApplicable::Curved { shape } => tr!("sat-na-curved", shape = shape.to_string()),
        NotApplicable::NotABox { shape } => tr!("sat-na-not-a-box", shape = shape.to_string()),
        NotApplicable::Concave { shape } => tr!("sat-na-concave", shape = shape.to_string()),
        NotApplicable::Rounded {
            shape,
            shape_kind: "segment",
        } => tr!("sat-na-segment", shape = shape.to_string()),
        NotApplicable::Rounded { shape, shape_kind } => tr!(
            "sat-na-rounded",
            shape = shape.to_string(),
            kind = if shape_kind == "capsule" {
                "capsule"
            } else {
                "rounded"
            }
        ),
    }
}

/// SAT's and EPA's answers for one pair, side by side.
#[derive(Clone, Debug)]
pub struct Comparison {
    /// SAT (general method).
    pub sat: SatOutcome,
    /// GJK distance + EPA (`gjk-lab query`).
    pub epa: PairQuery,
    /// Whether they agree.
    pub agreement: Agreement,
    /// The depth tolerance used (`1e-8 × scale`).
    pub tolerance: f64,
}

/// How SAT's answer compares with EPA's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Agreement {
    /// Same yes/no; when they intersect, the same depth and normal.
    Agree,
    /// The same depth along a different normal: two ways out are equally short (a tie
    /// between parallel faces), and each picked one.
    Tie,
    /// Different answers.
    Disagree,
    /// SAT does not apply to this pair.
    NotApplicable,
}

/// Runs SAT and GJK + EPA on the pair and compares them: depths within `1e-8 × scale`
/// and normals within `1e-6` (the property test's tolerances).
pub fn compare(a: &Shape, b: &Shape) -> Comparison {
    let sat = Sat::new(a, b).run();
    let epa = query(a, b);
    let scale = Tolerance::for_scale(a.bounding_radius().max(b.bounding_radius())).scale;
    let tolerance = 1e-8 * scale;
    let agreement = match sat {
        SatOutcome::NotApplicable { .. } => Agreement::NotApplicable,
        SatOutcome::Separated { .. } if !epa.intersects => Agreement::Agree,
        SatOutcome::Overlapping { depth, normal, .. } if epa.intersects => {
            if (depth - epa.depth).abs() > tolerance {
                Agreement::Disagree
            } else if epa.normal.is_some_and(|n| (n - normal).length() <= 1e-6) {
                Agreement::Agree
            } else {
                Agreement::Tie
            }
        }
        _ => Agreement::Disagree,
    };
    Comparison {
        sat,
        epa,
        agreement,
        tolerance,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gjk_lab_core::shapes::{Circle, ConvexPolygon, Ellipse, Pose};

    fn square(x: f64, y: f64, rotation: f64) -> Shape {
        Shape::new(
            Geometry::Polygon(ConvexPolygon::rectangle(1.0, 1.0)),
            Pose::new(DVec2::new(x, y), rotation),
        )
    }

    fn projections(step: &Step) -> Vec<&Projections> {
        step.items
            .iter()
            .filter_map(|i| match i {
                Item::Projections(p) => Some(p),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn every_axis_step_draws_its_projections_and_the_end_the_mtv() {
        let (a, b) = (square(0.0, 0.0, 0.0), square(1.5, 0.2, 0.0));
        // Intro, one step per axis (8 edge normals, or 4 box axes), the result.
        for (v, axes) in [(SatVisualizer::GENERAL, 8), (SatVisualizer::OBB, 4)] {
            let steps = super::super::trace(&v, &a, &b);
            assert_eq!(steps.len(), axes + 2, "{:?}", v.method);
            for s in &steps[1..=axes] {
                let p = projections(s);
                assert!(
                    !p.is_empty() && p[0].role == AxisRole::Tested,
                    "{}",
                    s.title
                );
                // World values: A's shadow on x is [−1, 1], B's on x [0.5, 2.5].
                if p[0].axis.x > 0.9 {
                    assert!((p[0].a.min + 1.0).abs() < 1e-12 && (p[0].b.max - 2.5).abs() < 1e-12);
                }
            }
            let last = steps.last().unwrap();
            let depth = last.items.iter().find_map(|i| match i {
                Item::Penetration { depth, normal, .. } => Some((*depth, *normal)),
                _ => None,
            });
            let (depth, normal) = depth.expect("the MTV");
            assert!((depth - 0.5).abs() < 1e-12 && (normal - DVec2::X).length() < 1e-12);
            assert_eq!(projections(last)[0].role, AxisRole::Minimum);
        }
    }

    #[test]
    fn a_separating_axis_ends_sat_early() {
        let steps = super::super::trace(
            &SatVisualizer::GENERAL,
            &square(0.0, 0.0, 0.0),
            &square(3.0, 0.0, 0.3),
        );
        // A's edge normal +x separates: SAT stops there, before B's four axes.
        let n = steps.len();
        assert!(n <= 6, "{n} steps");
        assert_eq!(projections(&steps[n - 2])[0].role, AxisRole::Separating);
        assert_eq!(projections(&steps[n - 1])[0].role, AxisRole::Separating);
        assert_eq!(
            steps[n - 2].line,
            Some(gjk_lab_core::algorithms::sat::line::SEPARATED)
        );
    }

    #[test]
    fn the_running_minimum_is_drawn_beside_a_larger_overlap() {
        let steps = super::super::trace(
            &SatVisualizer::GENERAL,
            &square(0.0, 0.0, 0.0),
            &square(1.5, 0.2, 0.0),
        );
        let with_minimum = steps
            .iter()
            .filter(|s| {
                projections(s)
                    .iter()
                    .any(|p| p.role == AxisRole::RunningMinimum)
            })
            .count();
        assert!(with_minimum >= 2, "{steps:?}");
    }

    #[test]
    fn ellipses_and_non_boxes_say_why_and_offer_another_algorithm() {
        let ellipse = Shape::new(
            Geometry::Ellipse(Ellipse { a: 2.0, b: 1.0 }),
            Pose::new(DVec2::ZERO, 0.0),
        );
        let hexagon = Shape::new(
            Geometry::Polygon(ConvexPolygon::regular(6, 1.0, 0.0)),
            Pose::new(DVec2::X, 0.0),
        );
        let cases = [
            (
                SatVisualizer::GENERAL,
                &ellipse,
                Algorithm::Epa,
                "SAT does not apply",
            ),
            (
                SatVisualizer::OBB,
                &ellipse,
                Algorithm::Epa,
                "SAT does not apply",
            ),
            (SatVisualizer::OBB, &hexagon, Algorithm::Sat, "not one"),
        ];
        for (v, shape, instead, words) in cases {
            let steps = super::super::trace(&v, &square(0.0, 0.0, 0.0), shape);
            let last = steps.last().unwrap();
            assert!(last.narration.contains(words), "{}", last.narration);
            assert!(last.items.contains(&Item::Instead(instead)));
            assert!(last
                .items
                .iter()
                .any(|i| matches!(i, Item::Notice(t) if t.contains(words))));
        }
    }

    /// Circles (the closest-vertex axis, the centres' line), touching boxes, shapes on
    /// one spot and far from the origin: every step has a finite axis and shadows.
    #[test]
    fn awkward_pairs_give_finite_axes_on_every_step() {
        let circle = |x: f64, y: f64, r: f64| {
            Shape::new(
                Geometry::Circle(Circle { radius: r }),
                Pose::new(DVec2::new(x, y), 0.0),
            )
        };
        let far = 1e6;
        let pairs = [
            (square(0.0, 0.0, 0.0), circle(1.3, 1.3, 0.5)),
            (circle(0.0, 0.0, 1.0), circle(1.5, 0.2, 1.0)),
            (circle(0.0, 0.0, 1.0), circle(0.0, 0.0, 1.0)),
            (square(0.0, 0.0, 0.0), square(2.0, 0.0, 0.0)),
            (square(0.0, 0.0, 0.4), square(0.0, 0.0, 0.4)),
            (square(far, far, 0.1), square(far + 1.5, far, 0.2)),
        ];
        for (a, b) in &pairs {
            for v in [SatVisualizer::GENERAL, SatVisualizer::OBB] {
                let steps = super::super::trace(&v, a, b);
                assert_eq!(steps.last().unwrap().title, "Result");
                for p in steps.iter().flat_map(projections) {
                    let numbers = [p.a.min, p.a.max, p.b.min, p.b.max, p.overlap, p.beside];
                    assert!(numbers.iter().all(|x| x.is_finite()), "{p:?}");
                    assert!(
                        (p.axis.length() - 1.0).abs() < 1e-9 && p.side.dot(p.axis).abs() < 1e-9
                    );
                }
            }
        }
        // Touching boxes overlap by 0 (touching intersects), with the MTV drawn.
        let steps = super::super::trace(
            &SatVisualizer::GENERAL,
            &square(0.0, 0.0, 0.0),
            &square(2.0, 0.0, 0.0),
        );
        assert!(steps
            .last()
            .unwrap()
            .items
            .iter()
            .any(|i| matches!(i, Item::Penetration { depth, .. } if depth.abs() < 1e-12)));
    }

    #[test]
    fn sat_and_epa_agree_on_boxes_and_tie_on_identical_ones() {
        let c = compare(&square(0.0, 0.0, 0.0), &square(1.5, 0.2, 0.3));
        assert_eq!(c.agreement, Agreement::Agree, "{c:?}");
        let c = compare(&square(0.0, 0.0, 0.0), &square(5.0, 0.0, 0.3));
        assert_eq!(c.agreement, Agreement::Agree);
        // Two identical squares at one spot: four equally short ways out.
        let c = compare(&square(0.0, 0.0, 0.0), &square(0.0, 0.0, 0.0));
        assert!(
            matches!(c.agreement, Agreement::Agree | Agreement::Tie),
            "{c:?}"
        );
        let circle = Shape::new(
            Geometry::Circle(Circle { radius: 0.5 }),
            Pose::new(DVec2::new(1.2, 1.2), 0.0),
        );
        assert_eq!(
            compare(&square(0.0, 0.0, 0.0), &circle).agreement,
            Agreement::Agree
        );
        let ellipse = Shape::new(
            Geometry::Ellipse(Ellipse { a: 2.0, b: 1.0 }),
            Pose::new(DVec2::ZERO, 0.0),
        );
        assert_eq!(
            compare(&square(0.0, 0.0, 0.0), &ellipse).agreement,
            Agreement::NotApplicable
        );
    }
}
