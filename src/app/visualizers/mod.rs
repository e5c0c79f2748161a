//! One visualiser per algorithm, each registered in [`visualizer`].
//!
//! A visualiser runs its algorithm's step machine with [`record`], and turns each
//! recorded frame into an owned [`Step`]: a title, a narration with the live numbers,
//! the pseudo-code line it executes, and the [`Item`]s to draw. Items are drawn by the
//! shared code in [`super::views`], in both the world view and the Minkowski view, so
//! visualisers never draw anything themselves and never repeat each other.
//!
//! The broad phase is not a pair algorithm: [`sweep`] records a whole frame of sweep
//! and prune for the many-shapes mode, drawn by [`crate::app::broad_view`].
//!
//! [`record`]: gjk_lab_core::algorithms::record

// One file per algorithm: parts of this module, which shows what the app uses of them.
mod box_box;
mod cast;
mod circle_polygon;
mod clip;
mod distance;
mod ellipse_polygon;
mod epa;
mod face_separation;
mod gjk;
mod polygon_distance;
mod pseudo_epa;
mod sat;

#[cfg(test)]
mod lang_tests;

pub mod keys;
pub mod sweep;
pub mod trail;

pub use cast::{extent as cast_extent, time as cast_time};
pub use cast::{Figure as CastFigure, MarkKind, PoseRole, Poses, TimeMark};
pub use circle_polygon::Figure as ClosedFormFigure;
pub use keys::key_of;
pub use pseudo_epa::{Answer as PseudoEpaAnswer, Comparison as PseudoEpaComparison};
pub use sat::{Agreement, Comparison as SatEpaComparison};

use gjk_lab_core::algorithms::answer::Side;
use gjk_lab_core::algorithms::sat::Interval;
use gjk_lab_core::algorithms::simplex::{Region, Simplex};
use gjk_lab_core::algorithms::variant::Variant;
use gjk_lab_core::algorithms::Algorithm;
use gjk_lab_core::lesson::Checkpoint;
use gjk_lab_core::minkowski::SupportPoint;
use gjk_lab_core::motion::Motion;
use gjk_lab_core::settings::Settings;
use gjk_lab_core::shapes::{Geometry, Shape};
use glam::DVec2;

use crate::app::i18n::tr;

/// What one visualiser knows about its algorithm.
pub trait Visualizer {
    /// The algorithm it shows (its pseudo-code is [`Algorithm::pseudo_code`]). The
    /// tests check the registry against it.
    #[cfg_attr(not(test), allow(dead_code))]
    fn algorithm(&self) -> Algorithm;
    /// What step 0 (before the first event) says, in the language shown.
    fn intro(&self) -> String;
    /// Runs the algorithm on A and B and returns one step per event (step 1 onwards).
    fn steps(&self, a: &Shape, b: &Shape) -> Vec<Step>;
    /// The steps on A moving by `motion_a` and B by `motion_b` over the step
    /// `t ∈ [0, 1]`: the casts follow the motions; the algorithms on shapes standing
    /// still answer the shapes where they are ([`Visualizer::steps`]).
    fn moving_steps(&self, a: &Shape, motion_a: Motion, b: &Shape, motion_b: Motion) -> Vec<Step> {
        let _ = (motion_a, motion_b);
        self.steps(a, b)
    }
    /// The steps of a run with a seed's version (if any) and `settings` (the Advanced
    /// panel's tolerances, cap and precision: the same machine, configured); `None`
    /// when the algorithm takes neither.
    fn configured_steps(
        &self,
        _a: &Shape,
        _b: &Shape,
        _variant: Option<Variant>,
        _settings: &Settings,
    ) -> Option<Vec<Step>> {
        None
    }
    /// Another method's answer on A and B that the panel shows beside this one's
    /// (computed with the steps, when the pair changes), if any.
    fn comparison(&self, _a: &Shape, _b: &Shape) -> Option<Comparison> {
        None
    }
    /// Room (pixels) a fit of the world view leaves around the shapes: for their
    /// labels, and for whatever this algorithm draws beside them.
    fn world_room_px(&self) -> f32 {
        WORLD_ROOM_PX
    }
}

/// Room a fit leaves around the world's shapes for their labels, in pixels.
pub const WORLD_ROOM_PX: f32 = 16.0;

/// Another method's answer shown beside an algorithm's (see
/// [`Visualizer::comparison`]).
#[derive(Clone, Debug)]
pub enum Comparison {
    /// SAT's and EPA's answers side by side, and whether they agree (SAT, its OBB
    /// path, EPA).
    SatEpa(Box<sat::Comparison>),
    /// Pseudo-EPA's and EPA's answers (pseudo-EPA).
    PseudoEpa(pseudo_epa::Comparison),
}

/// Every visualiser, in menu order (for the tests, which run them all).
#[cfg(test)]
pub fn registry() -> impl Iterator<Item = &'static dyn Visualizer> {
    Algorithm::ALL.into_iter().map(visualizer)
}

/// The visualiser of an algorithm (every algorithm has one: a new algorithm does not
/// compile until it is registered here).
pub fn visualizer(algorithm: Algorithm) -> &'static dyn Visualizer {
    match algorithm {
        Algorithm::Gjk => &gjk::GjkVisualizer,
        Algorithm::Distance => &distance::DistanceVisualizer,
        Algorithm::Epa => &epa::EpaVisualizer,
        Algorithm::PseudoEpa => &pseudo_epa::PseudoEpaVisualizer,
        Algorithm::Sat => &sat::SatVisualizer::GENERAL,
        Algorithm::SatObb => &sat::SatVisualizer::OBB,
        Algorithm::Clip => &clip::ClipVisualizer,
        Algorithm::CirclePolygon => &circle_polygon::CirclePolygonVisualizer,
        Algorithm::FaceSeparation => &face_separation::FaceSeparationVisualizer,
        Algorithm::BoxBox => &box_box::BoxBoxVisualizer,
        Algorithm::EllipsePolygon => &ellipse_polygon::EllipsePolygonVisualizer,
        Algorithm::PolygonDistance => &polygon_distance::PolygonDistanceVisualizer,
        Algorithm::Discrete => &cast::CastVisualizer::DISCRETE,
        Algorithm::SubStepping => &cast::CastVisualizer::SUB_STEPPING,
        Algorithm::ShapeCast => &cast::CastVisualizer::SHAPE_CAST,
        Algorithm::SatCast => &cast::CastVisualizer::SAT_CAST,
        Algorithm::ConservativeAdvancement => &cast::CastVisualizer::ADVANCEMENT,
        Algorithm::TimeOfImpact => &cast::CastVisualizer::TIME_OF_IMPACT,
    }
}

/// How deep B moved by `offset` still is in A, when that is more than rounding (for a
/// seed's version, whose answer may not separate the shapes: its narration must then
/// say so instead of claiming it does).
pub fn still_deep(a: &Shape, b: &Shape, offset: DVec2) -> Option<f64> {
    let mut moved = b.clone();
    let mut pose = moved.pose();
    pose.position += offset;
    moved.set_pose(pose);
    let q = gjk_lab_core::query::query(a, &moved);
    let tolerance = 1e-7 * (1.0 + a.bounding_radius() + b.bounding_radius());
    (q.intersects && q.depth > tolerance).then_some(q.depth)
}

/// The sentence for a seed's answer that does not separate the shapes (the step then
/// draws no ghost of B, which the views label "B moved out").
pub fn seed_miss(offset: DVec2, depth_left: f64) -> String {
    tr!(
        "vis-seed-miss",
        offset = vec2(offset),
        depth = num(depth_left)
    )
}

/// Two sentences one after the other, as the language writes them (English puts a
/// space between them, Chinese does not).
pub fn then(first: &str, second: &str) -> String {
    tr!("vis-then", first = first, second = second)
}

/// One step as the app shows it: owned data, no borrow of the shapes.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// A few words: "Support point", "Voronoi region", …
    pub title: String,
    /// The step in sentences, with its numbers.
    pub narration: String,
    /// The pseudo-code line it executes (index into [`Algorithm::pseudo_code`]).
    pub line: Option<usize>,
    /// What to draw.
    pub items: Vec<Item>,
    /// What the narration says that the picture must show (checked by the tests
    /// over every step of every preset).
    pub claims: Vec<Claim>,
    /// The kind of question this step answers (the event a Predict question asks the
    /// learner to foresee), said by the visualiser that made it.
    pub answers: Option<Checkpoint>,
}

/// A fact a narration states about its picture. Each is made from the same value the
/// narration prints, and the consistency test checks it against what the views drew.
#[derive(Clone, Debug, PartialEq)]
pub enum Claim {
    /// A vector the text names and gives: drawn as an arrow with this label pointing
    /// along `value` (the text prints `value` itself).
    Vector {
        /// The arrow's label ("n", "d", "-n").
        label: &'static str,
        /// The vector.
        value: DVec2,
    },
    /// The overlap of the two shadows drawn (negative: minus their gap); the text
    /// prints its size.
    Overlap(f64),
    /// A point, line or edge the text names, drawn with exactly this label.
    Labelled(String),
    /// A polygon edge the text names, highlighted (world end points, either order).
    Edge {
        /// One end.
        from: DVec2,
        /// The other end.
        to: DVec2,
    },
    /// "Moving B by `offset` separates the shapes": the ghost of B drawn there
    /// touches A at most (for a concave shape: the part pair `parts`, or the whole
    /// shapes when `None`).
    Separates {
        /// B's move.
        offset: DVec2,
        /// The part pair it is true of, or `None` for the whole shapes.
        parts: Option<[usize; 2]>,
    },
}

/// Something a step shows. Points are in the Minkowski difference `A − B`; support
/// points also carry their sources on A and on B (world), which the world view draws.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// The search direction `d` (drawn from the origin of A − B, and from A's and B's
    /// centres in the world view as `d` and `−d`).
    Direction(DVec2),
    /// A new support point `w = a − b`, joined to its sources `a` on A and `b` on B.
    Support(SupportPoint),
    /// The simplex (or pseudo-EPA's triangle), its points named by `names`.
    Simplex {
        /// The points, in order.
        points: Vec<SupportPoint>,
        /// Their labels.
        names: Vec<String>,
    },
    /// GJK distance's bound: the line through the support point `w` normal to `d`;
    /// all of A − B lies on its far side, so the origin's distance to it bounds the
    /// distance from below.
    BoundLine {
        /// Unit direction `d/|d|`.
        axis: DVec2,
        /// The support point the line passes through.
        support: DVec2,
    },
    /// Face separation: a face as an edge of A − B, on the line `x·normal = offset`
    /// (A's face: its own normal; B's: its normal negated; `offset = −s`). A − B lies on
    /// the origin's side of it exactly when `s ≤ 0`.
    FaceEdge {
        /// Unit outward normal of the edge of A − B.
        normal: DVec2,
        /// Its distance from the origin along `normal`, `−s`.
        offset: f64,
    },
    /// Points just dropped from the simplex (ghosted).
    Dropped(Vec<SupportPoint>),
    /// The Voronoi region of the simplex feature that holds the origin, as the
    /// half-planes `n·x ≤ c` that bound it.
    Region(Vec<HalfPlane>),
    /// The closest point `v` to the origin, with the matching points on A and B when
    /// known.
    Closest {
        /// `v`.
        point: DVec2,
        /// `Σ λᵢ aᵢ`.
        on_a: Option<DVec2>,
        /// `Σ λᵢ bᵢ`.
        on_b: Option<DVec2>,
    },
    /// The origin's foot on a line (pseudo-EPA compares two).
    Foot(DVec2),
    /// EPA's polytope, counter-clockwise.
    Polytope(Vec<SupportPoint>),
    /// The edge nearest the origin, its outward normal and its distance.
    Edge {
        /// First end.
        from: DVec2,
        /// Second end.
        to: DVec2,
        /// Unit outward normal.
        normal: DVec2,
        /// Distance from the origin to its line.
        distance: f64,
    },
    /// A point just inserted into the polytope.
    Inserted(SupportPoint),
    /// GJK's separating axis: the supporting line through `support` normal to `axis`
    /// separates A − B from the origin.
    Separation {
        /// Unit axis.
        axis: DVec2,
        /// The support point that failed to pass the origin.
        support: SupportPoint,
    },
    /// The overlap was proved (GJK): the origin is enclosed.
    Overlap,
    /// Final answer when separated: closest points and their distance.
    Distance {
        /// Closest point on A.
        on_a: DVec2,
        /// Closest point on B.
        on_b: DVec2,
    },
    /// Final answer when overlapping: B moved by `depth·normal` separates the shapes.
    Penetration {
        /// Unit normal from A towards B.
        normal: DVec2,
        /// Depth.
        depth: f64,
        /// Deepest points on A and B, when known.
        points: Option<(DVec2, DVec2)>,
    },
    /// With a concave shape: B moved by this much clears every part pair (the whole
    /// shapes), drawn as a second, dotted ghost of B.
    WholeShapesOut(DVec2),
    /// SAT: an axis with both shapes' projections drawn on it.
    Projections(Projections),
    /// A sentence the views show in large type (why an algorithm does not apply, why
    /// there is nothing to show).
    Notice(String),
    /// An algorithm that answers this pair instead (the panel offers a button).
    Instead(Algorithm),
    /// Clipping: a polygon edge and its part in the method.
    Feature(Feature),
    /// Clipping: a side plane of the reference edge, the line through one of its end
    /// points perpendicular to it.
    SidePlane {
        /// A point of the plane (world).
        point: DVec2,
        /// Unit normal pointing to the side that is kept.
        normal: DVec2,
        /// 1 or 2.
        plane: u32,
        /// Whether this step clips by it (else it is drawn faintly).
        current: bool,
    },
    /// Clipping: the incident edge's points before (ghosted) and after a clip.
    Clipped {
        /// Before.
        before: Vec<DVec2>,
        /// After.
        after: Vec<DVec2>,
    },
    /// Clipping: a clipped point and its depth below the reference face.
    Candidate {
        /// The point (world).
        point: DVec2,
        /// Depth below the reference face (negative: above it).
        depth: f64,
        /// Whether it is kept as a contact.
        kept: bool,
    },
    /// A contact point of the manifold.
    Contact {
        /// Where (world).
        point: DVec2,
        /// How deep.
        depth: f64,
        /// The collision normal (A towards B).
        normal: DVec2,
    },
    /// The closed form (circle against polygon): one of its figures.
    ClosedForm(circle_polygon::Figure),
    /// Moving shapes (the casts): one of their figures.
    Cast(cast::Figure),
    /// The collision normal the contact is built on, drawn from the origin of A − B
    /// with its depth and where it came from.
    CollisionNormal {
        /// Unit normal, A towards B.
        normal: DVec2,
        /// Depth.
        depth: f64,
        /// Which algorithm found it ("EPA", "reference face").
        source: &'static str,
    },
}

/// What an axis drawn with its projections stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AxisRole {
    /// The axis this step tests.
    Tested,
    /// The smallest overlap so far, beside the axis tested (drawn in the world as its
    /// source edge only, to keep the tested axis readable).
    RunningMinimum,
    /// SAT's answer: the smallest overlap, the MTV's axis.
    Minimum,
    /// An axis whose projections are apart: the shapes are separated.
    Separating,
}

/// One SAT axis as the views draw it: in the world, the axis as a line beside the
/// shapes with both projections as intervals on it; in A − B, the supporting line
/// `x·normal = overlap` (the face of A − B with that normal) and its distance from
/// the origin.
#[derive(Clone, Debug, PartialEq)]
pub struct Projections {
    /// The unit axis.
    pub axis: DVec2,
    /// A's projection, world values `x·axis`.
    pub a: Interval,
    /// B's projection.
    pub b: Interval,
    /// The overlap of the shadows, `min(a.max − b.min, b.max − a.min)`: how far B
    /// must move along `normal` to end it (negative: minus the gap).
    pub overlap: f64,
    /// `±axis`, the way B moves out (from A towards B).
    pub normal: DVec2,
    /// A's points at its smallest and largest projection (world).
    pub ends_a: [DVec2; 2],
    /// B's points at its smallest and largest projection.
    pub ends_b: [DVec2; 2],
    /// Unit direction, perpendicular to the axis, in which the axis line is moved off
    /// the shapes.
    pub side: DVec2,
    /// The largest `x·side` over both shapes: the axis line is drawn past it.
    pub beside: f64,
    /// The feature the axis comes from (an edge, or a vertex and a circle's centre),
    /// world end points, and whose it is.
    pub source: Option<(DVec2, DVec2, Side)>,
    /// Whether `source` is a polygon edge (else a vertex and a centre).
    pub source_is_edge: bool,
    /// Whether the narration gives B's way out (then `-n` is drawn when the way out
    /// is against the axis).
    pub way_out: bool,
    /// What the axis stands for.
    pub role: AxisRole,
    /// A short label ("overlap 0.43, new minimum").
    pub label: String,
}

/// A polygon edge's part in clipping.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FeatureRole {
    /// The reference edge: its face and side planes clip the other edge.
    Reference,
    /// The incident edge: the one that is clipped.
    Incident,
    /// An edge facing the other shape, not chosen as the reference.
    Facing,
}

/// A polygon edge in clipping.
#[derive(Clone, Debug, PartialEq)]
pub struct Feature {
    /// First end (world).
    pub from: DVec2,
    /// Second end.
    pub to: DVec2,
    /// Unit outward normal.
    pub normal: DVec2,
    /// Whose edge.
    pub shape: Side,
    /// Its part.
    pub role: FeatureRole,
    /// Its label ("reference edge (A, edge 2)").
    pub label: String,
}

/// The half-plane `normal·x ≤ offset`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HalfPlane {
    /// Outward normal (need not be unit).
    pub normal: DVec2,
    /// Offset.
    pub offset: f64,
}

impl HalfPlane {
    /// The half-plane of points `x` with `(x − p)·n ≤ 0`.
    fn through(p: DVec2, n: DVec2) -> Self {
        HalfPlane {
            normal: n,
            offset: n.dot(p),
        }
    }

    /// Whether `x` lies inside (with a small tolerance).
    #[cfg(test)]
    pub fn contains(&self, x: DVec2) -> bool {
        self.normal.dot(x) <= self.offset + 1e-9 * (1.0 + self.offset.abs())
    }
}

/// Clips a convex polygon by a half-plane (Sutherland–Hodgman, one plane).
pub fn clip(polygon: &[DVec2], plane: HalfPlane) -> Vec<DVec2> {
    let mut out = Vec::with_capacity(polygon.len() + 1);
    let n = polygon.len();
    for i in 0..n {
        let (p, q) = (polygon[i], polygon[(i + 1) % n]);
        let (dp, dq) = (
            plane.normal.dot(p) - plane.offset,
            plane.normal.dot(q) - plane.offset,
        );
        if dp <= 0.0 {
            out.push(p);
        }
        if (dp < 0.0) != (dq < 0.0) && dp != dq {
            out.push(p + (q - p) * (dp / (dp - dq)));
        }
    }
    out
}

/// The half-planes bounding the Voronoi region of `region` of the simplex `points`
/// (Ericson §5.1.5): a vertex region lies behind the vertex along every edge from it;
/// an edge region lies between its two ends and, in a triangle, on the side away
/// from the third point; the interior is the triangle.
pub fn voronoi_region(points: &[DVec2], region: Region) -> Vec<HalfPlane> {
    let get = |i: usize| points.get(i).copied();
    match region {
        Region::Vertex(i) => {
            let Some(w) = get(i) else { return vec![] };
            points
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &q)| HalfPlane::through(w, q - w))
                .collect()
        }
        Region::Edge(i, j) => {
            let (Some(p), Some(q)) = (get(i), get(j)) else {
                return vec![];
            };
            let mut planes = vec![HalfPlane::through(p, p - q), HalfPlane::through(q, q - p)];
            if let Some(&r) = (0..points.len())
                .find(|&k| k != i && k != j)
                .map(|k| &points[k])
            {
                // Towards the third point is inside the triangle: exclude that side.
                let side = gjk_lab_core::geometry::perp_ccw(q - p);
                let toward_r = if side.dot(r - p) > 0.0 { side } else { -side };
                planes.push(HalfPlane::through(p, toward_r));
            }
            planes
        }
        Region::Interior => {
            if points.len() < 3 {
                return vec![];
            }
            let orientation =
                gjk_lab_core::geometry::cross(points[1] - points[0], points[2] - points[0]);
            (0..3)
                .map(|k| {
                    let (p, q) = (points[k], points[(k + 1) % 3]);
                    let out = gjk_lab_core::geometry::perp_cw(q - p);
                    HalfPlane::through(p, if orientation >= 0.0 { out } else { -out })
                })
                .collect()
        }
    }
}

/// The points of a simplex, owned.
pub fn simplex_points(simplex: &Simplex) -> Vec<SupportPoint> {
    simplex.points().collect()
}

/// The names of a run's support points. Each is named when it joins the simplex —
/// w1, w2, w3, w4, … in order — and keeps that name for the whole run, in the text
/// and in the picture alike (a point does not become "w1" because another left).
#[derive(Clone, Debug, Default)]
pub struct Names {
    named: Vec<(DVec2, String)>,
}

impl Names {
    /// The name of `w`, naming it now if it is new.
    pub fn name(&mut self, w: &SupportPoint) -> String {
        if let Some((_, name)) = self.named.iter().find(|(p, _)| *p == w.p) {
            return name.clone();
        }
        let name = format!("w{}", self.named.len() + 1);
        self.named.push((w.p, name.clone()));
        name
    }

    /// The names of `points`, in order.
    pub fn of(&mut self, points: &[SupportPoint]) -> Vec<String> {
        points.iter().map(|w| self.name(w)).collect()
    }

    /// An item for a simplex, its points under their names.
    pub fn simplex_item(&mut self, simplex: &Simplex) -> Item {
        let points = simplex_points(simplex);
        Item::Simplex {
            names: self.of(&points),
            points,
        }
    }

    /// Claims that each of the simplex's points is drawn under its name.
    pub fn claims(&mut self, simplex: &Simplex) -> Vec<Claim> {
        self.of(&simplex_points(simplex))
            .into_iter()
            .map(Claim::Labelled)
            .collect()
    }
}

/// "w1", "edge w1 w2", "the triangle's interior" for a region of a simplex whose
/// points are named `names`.
pub fn describe_region(region: Region, names: &[String]) -> String {
    let name = |i: usize| names.get(i).map_or("?", String::as_str).to_string();
    match region {
        Region::Vertex(i) => tr!("vis-region-vertex", name = name(i)),
        Region::Edge(i, j) => tr!("vis-region-edge", from = name(i), to = name(j)),
        Region::Interior => tr!("vis-region-interior"),
    }
}

/// A number for narration, with a true minus sign.
pub fn num(x: f64) -> String {
    let s = format!("{x:.2}");
    let s = if s == "-0.00" { "0.00".to_string() } else { s };
    s.replace('-', "−")
}

/// A number to four places for the comparison panels ("−0.0000" is written "0.0000").
pub fn num4(x: f64) -> String {
    let s = format!("{x:.4}");
    if s == "-0.0000" {
        "0.0000".to_string()
    } else {
        s
    }
}

/// A vector to four places: "(0.7071, -0.7071)".
pub fn vec4(v: DVec2) -> String {
    format!("({}, {})", num4(v.x), num4(v.y))
}

/// A vector for narration: "(0.71, −0.71)".
pub fn vec2(v: DVec2) -> String {
    format!("({}, {})", num(v.x), num(v.y))
}

/// Where a support point comes from: "A's vertex 3 − B's vertex 1".
pub fn sources(w: &SupportPoint) -> String {
    let side = |name: &str, vertex: Option<u32>, p: DVec2| match vertex {
        Some(i) => tr!("vis-source-vertex", shape = name, index = i.to_string()),
        None => tr!("vis-source-point", shape = name, point = vec2(p)),
    };
    tr!(
        "vis-sources",
        a = side("A", w.vertex_a, w.a),
        b = side("B", w.vertex_b, w.b)
    )
}

/// The items of a Voronoi-region test: the region that held the origin (of the
/// simplex as it was before the drop), the simplex that remains, and the dropped
/// points, ghosted.
pub fn region_items(
    before: &[SupportPoint],
    region: Region,
    kept: &Simplex,
    dropped: &Simplex,
    names: &mut Names,
) -> Vec<Item> {
    let corners: Vec<DVec2> = before.iter().map(|w| w.p).collect();
    let mut items = vec![
        Item::Region(voronoi_region(&corners, region)),
        names.simplex_item(kept),
    ];
    if !dropped.is_empty() {
        items.push(Item::Dropped(simplex_points(dropped)));
    }
    items
}

/// Narration of a Voronoi-region test; `before` names the simplex the region's
/// indices refer to.
pub fn narrate_region(
    region: Region,
    dropped: &Simplex,
    kept: &Simplex,
    before: &[String],
) -> String {
    if kept.len() == 1 && dropped.is_empty() {
        return tr!("vis-region-single-point");
    }
    tr!(
        "vis-region-which",
        feature = describe_region(region, before),
        dropped = dropped.len(),
        kept = kept.len()
    )
}

impl Step {
    /// A step from its parts; `line` is the pseudo-code line it executes (a number, or
    /// an event's `Option`).
    pub fn new(
        title: &str,
        narration: String,
        line: impl Into<Option<usize>>,
        items: Vec<Item>,
    ) -> Self {
        Step {
            title: title.to_string(),
            narration,
            line: line.into(),
            items,
            claims: vec![],
            answers: None,
        }
    }

    /// The step marked as the answer to questions of `kind`.
    pub fn answering(mut self, kind: Checkpoint) -> Self {
        self.answers = Some(kind);
        self
    }

    /// The step with the claims its narration makes.
    pub fn claiming(mut self, claims: Vec<Claim>) -> Self {
        self.claims.extend(claims);
        self
    }

    /// The last step of a run: the answer.
    pub fn result(narration: String, line: impl Into<Option<usize>>, items: Vec<Item>) -> Self {
        Step::new(&tr!("vis-title-result"), narration, line, items)
    }
}

/// A shape's kind in words, with its article (the not-applicable texts): "a polygon",
/// "an ellipse", "a concave polygon", "a segment", …
pub fn shape_kind(s: &Shape) -> String {
    let kind = match s.geometry() {
        Geometry::Polygon(_) => "polygon",
        Geometry::Circle(_) => "circle",
        Geometry::Ellipse(_) => "ellipse",
        Geometry::Concave(_) => "concave",
        Geometry::Capsule(c) if c.is_segment() => "segment",
        Geometry::Capsule(_) => "capsule",
        Geometry::Rounded(_) => "rounded",
    };
    tr!("fs-kind", kind = kind)
}

/// The only step for a pair the algorithm does not take: `text` says why, and a
/// button offers the algorithm that answers the pair.
pub fn not_applicable_step(a: &Shape, b: &Shape, text: String) -> Step {
    let circle = [a, b]
        .iter()
        .any(|s| matches!(s.geometry(), Geometry::Circle(_)));
    let polygons = [a, b]
        .iter()
        .all(|s| matches!(s.geometry(), Geometry::Polygon(_)));
    let ellipse = [a, b]
        .iter()
        .any(|s| matches!(s.geometry(), Geometry::Ellipse(_)));
    let polygon = [a, b]
        .iter()
        .any(|s| matches!(s.geometry(), Geometry::Polygon(_)));
    let instead = if polygons {
        Algorithm::FaceSeparation
    } else if ellipse && polygon {
        Algorithm::EllipsePolygon
    } else if circle
        && [a, b]
            .iter()
            .any(|s| matches!(s.geometry(), Geometry::Polygon(_)))
    {
        Algorithm::CirclePolygon
    } else {
        Algorithm::Epa
    };
    instead_step(text, instead)
}

/// The result step of a pair an algorithm does not answer: `text` in large type, and a
/// button (and its key) for the algorithm `instead` that does.
pub fn instead_step(text: String, instead: Algorithm) -> Step {
    let narration = tr!(
        "vis-instead",
        text = text.as_str(),
        algorithm = crate::app::i18n::algorithm_title(instead)
    );
    Step {
        title: tr!("vis-title-result"),
        narration,
        line: None,
        items: vec![Item::Notice(text), Item::Instead(instead)],
        claims: vec![],
        answers: None,
    }
}

/// The first step of GJK and GJK distance: the first search direction, on `line`.
pub fn start_step(direction: DVec2, fallback: bool, line: usize) -> Step {
    let narration = tr!(
        "vis-start",
        fallback = if fallback { "yes" } else { "no" },
        d = vec2(direction)
    );
    Step::new(
        &tr!("vis-title-start"),
        narration,
        line,
        vec![Item::Direction(direction)],
    )
    .claiming(vec![Claim::Vector {
        label: "d",
        value: direction,
    }])
}

/// A support point joins the simplex (GJK and GJK distance) and gets its name.
pub fn added_step(simplex: &Simplex, direction: DVec2, line: usize, names: &mut Names) -> Step {
    let all = names.of(&simplex_points(simplex));
    let newest = all.last().cloned().unwrap_or_default();
    let shape = match all.len() {
        0 | 1 => "point",
        2 => "segment",
        _ => "triangle",
    };
    let narration = tr!(
        "vis-added",
        name = newest,
        shape = shape,
        points = all.join(" ")
    );
    let items = vec![names.simplex_item(simplex), Item::Direction(direction)];
    let claims = names.claims(simplex);
    Step::new(&tr!("vis-title-added"), narration, line, items).claiming(claims)
}

/// Step 0 of every algorithm: nothing computed yet.
pub fn intro_step(visualizer: &dyn Visualizer) -> Step {
    Step {
        title: tr!("vis-title-intro"),
        narration: visualizer.intro(),
        line: None,
        items: vec![],
        claims: vec![],
        answers: None,
    }
}

/// All steps of an algorithm on A and B standing still, step 0 first.
#[cfg(test)]
pub fn trace(visualizer: &dyn Visualizer, a: &Shape, b: &Shape) -> Vec<Step> {
    trace_moving(visualizer, a, b, [Motion::NONE; 2])
}

/// All steps of an algorithm on A moving by `motions[0]` and B by `motions[1]` (the
/// casts follow them; the others answer the shapes where they stand), step 0 first.
pub fn trace_moving(
    visualizer: &dyn Visualizer,
    a: &Shape,
    b: &Shape,
    motions: [Motion; 2],
) -> Vec<Step> {
    let mut steps = vec![intro_step(visualizer)];
    steps.extend(visualizer.moving_steps(a, motions[0], b, motions[1]));
    steps
}

#[cfg(test)]
mod tests {
    use super::*;
    use gjk_lab_core::shapes::{Circle, ConvexPolygon, Ellipse, Geometry, Pose};

    fn region_polygon(points: &[DVec2], region: Region) -> Vec<DVec2> {
        let mut poly = vec![
            DVec2::new(-100.0, -100.0),
            DVec2::new(100.0, -100.0),
            DVec2::new(100.0, 100.0),
            DVec2::new(-100.0, 100.0),
        ];
        for plane in voronoi_region(points, region) {
            poly = clip(&poly, plane);
        }
        poly
    }

    fn inside(planes: &[HalfPlane], x: DVec2) -> bool {
        planes.iter().all(|p| p.contains(x))
    }

    #[test]
    fn registry_has_one_visualizer_per_algorithm_in_menu_order() {
        let algorithms: Vec<_> = registry().map(|v| v.algorithm()).collect();
        assert_eq!(algorithms, Algorithm::ALL.to_vec());
    }

    #[test]
    fn vertex_region_of_a_segment_is_behind_the_vertex() {
        let pts = [DVec2::new(1.0, 0.0), DVec2::new(3.0, 0.0)];
        let planes = voronoi_region(&pts, Region::Vertex(0));
        assert!(inside(&planes, DVec2::new(0.0, 5.0)));
        assert!(!inside(&planes, DVec2::new(2.0, 0.0)));
    }

    #[test]
    fn edge_region_of_a_triangle_excludes_the_triangle_side() {
        let pts = [
            DVec2::new(-1.0, 1.0),
            DVec2::new(1.0, 1.0),
            DVec2::new(0.0, 3.0),
        ];
        let planes = voronoi_region(&pts, Region::Edge(0, 1));
        assert!(inside(&planes, DVec2::ZERO));
        assert!(!inside(&planes, DVec2::new(0.0, 2.0)));
        assert!(!inside(&planes, DVec2::new(5.0, 0.0)));
    }

    #[test]
    fn interior_region_is_the_triangle_either_orientation() {
        let ccw = [
            DVec2::new(-1.0, -1.0),
            DVec2::new(1.0, -1.0),
            DVec2::new(0.0, 1.0),
        ];
        let cw = [ccw[0], ccw[2], ccw[1]];
        for pts in [ccw, cw] {
            let planes = voronoi_region(&pts, Region::Interior);
            assert!(inside(&planes, DVec2::ZERO));
            assert!(!inside(&planes, DVec2::new(0.0, 2.0)));
        }
    }

    #[test]
    fn clipping_a_square_by_a_half_plane_halves_it() {
        let poly = region_polygon(
            &[DVec2::new(0.0, 0.0), DVec2::new(1.0, 0.0)],
            Region::Vertex(0),
        );
        // x ≤ 0: the left half of the box.
        assert!(poly.iter().all(|p| p.x <= 1e-9));
        assert_eq!(poly.len(), 4);
    }

    #[test]
    fn numbers_use_a_true_minus_sign() {
        assert_eq!(num(-0.714), "−0.71");
        assert_eq!(num(-0.0001), "0.00");
        assert_eq!(vec2(DVec2::new(0.5, -2.0)), "(0.50, −2.00)");
    }

    fn pairs() -> Vec<(Shape, Shape)> {
        let poly = |x: f64, y: f64, r: f64| {
            Shape::new(
                Geometry::Polygon(ConvexPolygon::regular(6, 1.0, 0.0)),
                Pose::new(DVec2::new(x, y), r),
            )
        };
        let circle = |x: f64| {
            Shape::new(
                Geometry::Circle(Circle { radius: 0.8 }),
                Pose::new(DVec2::new(x, 0.3), 0.0),
            )
        };
        let ellipse = Shape::new(
            Geometry::Ellipse(Ellipse { a: 1.5, b: 0.7 }),
            Pose::new(DVec2::ZERO, 0.4),
        );
        vec![
            (poly(0.0, 0.0, 0.0), poly(1.0, 0.4, 0.3)),
            (poly(0.0, 0.0, 0.0), poly(4.0, 1.0, 0.3)),
            (poly(0.0, 0.0, 0.0), poly(0.0, 0.0, 0.0)),
            (ellipse.clone(), circle(1.5)),
            (ellipse, circle(5.0)),
        ]
    }

    /// Like egui's demo test that runs every demo: every visualiser on every preset
    /// scene, with the items each step draws checked for finite numbers.
    #[test]
    fn every_visualizer_runs_on_every_preset() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes");
        let presets = crate::app::state::scene_files(&dir);
        assert!(presets.len() >= 8, "presets in {}", dir.display());
        for path in presets {
            let scene = gjk_lab_core::scene::Scene::load(&path).unwrap_or_else(|e| panic!("{e}"));
            let (a, b) = (scene.view.a.unwrap_or(0), scene.view.b.unwrap_or(1));
            let (a, b) = (&scene.shapes[a].shape, &scene.shapes[b].shape);
            for v in registry() {
                let steps = trace(v, a, b);
                assert!(steps.len() >= 2, "{} {:?}", path.display(), v.algorithm());
                for step in &steps {
                    assert!(
                        step.items.iter().all(item_is_finite),
                        "{} {:?} {}: {:?}",
                        path.display(),
                        v.algorithm(),
                        step.title,
                        step.items
                    );
                }
            }
        }
    }

    fn item_is_finite(item: &Item) -> bool {
        let w = |p: &SupportPoint| p.p.is_finite() && p.a.is_finite() && p.b.is_finite();
        match item {
            Item::Direction(d) | Item::Foot(d) | Item::WholeShapesOut(d) => d.is_finite(),
            Item::BoundLine { axis, support } => axis.is_finite() && support.is_finite(),
            Item::FaceEdge { normal, offset } => normal.is_finite() && offset.is_finite(),
            Item::Support(p) | Item::Inserted(p) => w(p),
            Item::Simplex { points, .. } | Item::Dropped(points) | Item::Polytope(points) => {
                points.iter().all(w)
            }
            Item::Region(planes) => planes
                .iter()
                .all(|h| h.normal.is_finite() && h.offset.is_finite()),
            Item::Closest { point, .. } => point.is_finite(),
            Item::Edge {
                from,
                to,
                normal,
                distance,
            } => from.is_finite() && to.is_finite() && normal.is_finite() && distance.is_finite(),
            Item::Separation { axis, support } => axis.is_finite() && w(support),
            Item::Overlap => true,
            Item::Distance { on_a, on_b } => on_a.is_finite() && on_b.is_finite(),
            Item::Penetration { normal, depth, .. }
            | Item::Contact { normal, depth, .. }
            | Item::CollisionNormal { normal, depth, .. } => {
                normal.is_finite() && depth.is_finite()
            }
            Item::Projections(p) => {
                p.axis.is_finite()
                    && p.normal.is_finite()
                    && p.side.is_finite()
                    && [p.a.min, p.a.max, p.b.min, p.b.max, p.overlap, p.beside]
                        .iter()
                        .all(|x| x.is_finite())
                    && p.ends_a.iter().chain(&p.ends_b).all(|e| e.is_finite())
            }
            Item::Notice(text) => !text.is_empty(),
            Item::Instead(_) => true,
            Item::Feature(f) => f.from.is_finite() && f.to.is_finite() && f.normal.is_finite(),
            Item::SidePlane { point, normal, .. } => point.is_finite() && normal.is_finite(),
            Item::Clipped { before, after } => before.iter().chain(after).all(|p| p.is_finite()),
            Item::Candidate { point, depth, .. } => point.is_finite() && depth.is_finite(),
            Item::ClosedForm(_) => true,
            Item::Cast(figure) => cast_is_finite(figure),
        }
    }

    fn cast_is_finite(figure: &cast::Figure) -> bool {
        use cast::Figure;
        match figure {
            Figure::Poses(p) => {
                p.t.is_finite()
                    && [p.pose_a, p.pose_b]
                        .iter()
                        .all(|q| q.position.is_finite() && q.rotation.is_finite())
                    && p.difference.iter().flatten().all(|q| q.is_finite())
            }
            Figure::Ray { ray, lambda } => ray.is_finite() && lambda.is_finite(),
            Figure::Search { from, vector } => from.is_finite() && vector.is_finite(),
            Figure::Plane { normal, point, .. } => normal.is_finite() && point.is_finite(),
            Figure::Arrow { at, vector, .. } => at.is_finite() && vector.is_finite(),
            Figure::Gap { a, b, .. } => a.is_finite() && b.is_finite(),
            Figure::Times(marks) => marks.iter().all(|m| m.t.is_finite()),
            Figure::NextDeepest {
                normal,
                face,
                vertices,
                ..
            } => normal.is_finite() && face.is_finite() && vertices.iter().all(|v| v.is_finite()),
            Figure::NextAdvance(next) => [
                next.t,
                next.gap,
                next.linear,
                next.angular,
                next.speed,
                next.spin,
            ]
            .iter()
            .chain(&next.touch)
            .all(|x| x.is_finite()),
            Figure::Samples(gaps) => gaps.iter().all(|(t, gap)| t.is_finite() && gap.is_finite()),
        }
    }

    #[test]
    fn every_visualizer_records_every_pair_with_a_final_step() {
        for v in registry() {
            for (a, b) in pairs() {
                let steps = trace(v, &a, &b);
                assert!(
                    steps.len() >= 2,
                    "{:?}: {} steps",
                    v.algorithm(),
                    steps.len()
                );
                assert!(steps[0].items.is_empty());
                let code = v.algorithm().pseudo_code();
                for s in &steps {
                    assert!(!s.narration.is_empty());
                    assert!(
                        s.line.is_none_or(|l| l < code.len()),
                        "{:?} line",
                        v.algorithm()
                    );
                    assert!(!s.narration.contains("NaN"), "{}", s.narration);
                }
                assert_eq!(steps.last().map(|s| s.title.as_str()), Some("Result"));
            }
        }
    }
}
