//! A checkpoint as a teaching instrument: for a question asked before an event, every
//! candidate a learner may click, the number that decides it, which candidates are
//! right, and why — worked out from the geometry of the question alone.
//!
//! The numbers are the ones a learner can reason with:
//!
//! | question | candidates | value | right |
//! | --- | --- | --- | --- |
//! | next support point | the vertices of `A − B` | how far it reaches along `d`: `w·d/|d|` | the largest |
//! | kept feature | the simplex's points, edges and inside | how far the origin is from the feature's Voronoi region | 0 (the region holds it) |
//! | closest edge | the polytope's edges | the distance from the origin to the edge's line | the smallest |
//! | separating axis | every edge of A and B | the overlap of the shadows on its normal, `min(a₁ − b₀, b₁ − a₀)` | every negative one (a gap) |
//! | MTV axis | every edge of A and B | the same overlap | the smallest |
//! | centre region | a polygon's vertices, edges and inside | the circle centre's distance from the part's region | 0 |
//! | reference edge (clipping) | every edge of A and B | how far the other shape reaches past it along its normal | the smallest (tied: all) |
//! | reference face (face separation, box vs box) | every edge of A and B | its separation `s = n·(w − v)`, `w` the other shape's vertex deepest along `−n` | the largest (tied: all) |
//! | next swap | each two neighbours of the end-point list | right − left (negative: out of order) | the leftmost negative |
//! | ray entry (shape cast) | the crossings of the edges of `A − B` facing the ray | how far along the ray | the largest |
//! | deepest point (time of impact) | the other shape's vertices at `t2` | the separation from the face along `n` | the smallest |
//! | safe step (conservative advancement) | times on the time line: the rule's `t + (d − s)/μ` and its misreadings' | `Δt` | the rule's |
//! | sample hit (the sampled checks) | each sample's time, and "no sample" | the gap at the sample (negative: overlap) | the first at most 0, else "no sample" |
//!
//! Ties within a question's tolerance are all right: two vertices of `A − B` equally far
//! along `d`, two parallel edges of a box (the same axis); where every candidate below
//! zero is right (the axes with a gap), a wrong pick's reply names them all. The app
//! draws each
//! candidate's marker at [`Candidate::at`] and judges a click by the nearest marker,
//! never by the geometry under the pointer. `gjk-lab lesson NAME --checkpoints` prints
//! these sheets for a lesson's scene (`docs/cli.md`).

use crate::algorithms::{Algorithm, UnknownName};
use crate::minkowski::MinkowskiDifference;
use crate::shapes::Shape;
use glam::DVec2;
use serde::{Deserialize, Serialize};

/// What a checkpoint asks the learner to click.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "&'static str")]
pub enum Checkpoint {
    /// The next support point on `A − B` (GJK, GJK distance).
    NextSupport,
    /// The simplex feature (point or edge) kept by the next Voronoi test.
    KeptFeature,
    /// The polytope edge EPA expands next (the one nearest the origin).
    ClosestEdge,
    /// The edge whose normal SAT will find separating.
    SeparatingAxis,
    /// The edge whose normal gives SAT's minimum translation vector.
    MtvAxis,
    /// The reference edge of clipping: the face of least overlap.
    ReferenceEdge,
    /// The reference face of face separation and of box vs box: the face of largest
    /// separation `s = n·(w − v)` (the same face as clipping's reference edge, told by
    /// the sign and rule those algorithms use).
    ReferenceFace,
    /// Circle against polygon: the polygon's Voronoi region (a vertex's, an edge's, or
    /// the inside) that holds the circle's centre.
    CentreRegion,
    /// The two neighbouring end points sweep and prune's insertion sort swaps next.
    NextSwap,
    /// Where the shape cast's ray from the origin first enters `A − B`: the time of
    /// impact.
    RayEntry,
    /// The time of impact's deepest point along a face at `t2`: the other shape's
    /// vertex of smallest separation from the face.
    DeepestPoint,
    /// Conservative advancement's next time: `t + (d − s)/μ`, chosen on the time line.
    SafeStep,
    /// The sampled checks (the discrete check, sub-stepping): the first sample that
    /// finds the shapes within the target, or none (they tunnel or stay apart).
    SampleHit,
}

impl Checkpoint {
    /// Every kind.
    pub const ALL: [Checkpoint; 13] = [
        Checkpoint::NextSupport,
        Checkpoint::KeptFeature,
        Checkpoint::ClosestEdge,
        Checkpoint::SeparatingAxis,
        Checkpoint::MtvAxis,
        Checkpoint::ReferenceEdge,
        Checkpoint::ReferenceFace,
        Checkpoint::CentreRegion,
        Checkpoint::NextSwap,
        Checkpoint::RayEntry,
        Checkpoint::DeepestPoint,
        Checkpoint::SafeStep,
        Checkpoint::SampleHit,
    ];

    /// Its name in files and in `--status` ("next-support").
    pub fn name(&self) -> &'static str {
        match self {
            Checkpoint::NextSupport => "next-support",
            Checkpoint::KeptFeature => "kept-feature",
            Checkpoint::ClosestEdge => "closest-edge",
            Checkpoint::SeparatingAxis => "separating-axis",
            Checkpoint::MtvAxis => "mtv-axis",
            Checkpoint::ReferenceEdge => "reference-edge",
            Checkpoint::ReferenceFace => "reference-face",
            Checkpoint::CentreRegion => "centre-region",
            Checkpoint::NextSwap => "next-swap",
            Checkpoint::RayEntry => "ray-entry",
            Checkpoint::DeepestPoint => "deepest-point",
            Checkpoint::SafeStep => "safe-step",
            Checkpoint::SampleHit => "sample-hit",
        }
    }

    /// The question the app asks.
    pub fn question(&self) -> &'static str {
        match self {
            Checkpoint::NextSupport => {
                "Predict: where is the next support point? Choose it in A − B (the purple view)."
            }
            Checkpoint::KeptFeature => {
                "Predict: which part of the simplex is nearest the origin and kept? Choose \
                 that point or edge in A − B (the purple view)."
            }
            Checkpoint::ClosestEdge => {
                "Predict: which polytope edge will EPA expand next? Choose it in A − B (the purple view)."
            }
            Checkpoint::SeparatingAxis => {
                "Predict: the normal of which edge shows a gap between the two shadows? Choose \
                 that edge in the world view (any edge whose normal shows a gap is right)."
            }
            Checkpoint::MtvAxis => {
                "Predict: the normal of which edge gives the smallest overlap (the MTV)? \
                 Choose that edge in the world view."
            }
            Checkpoint::ReferenceEdge => {
                "Predict: which edge will be the reference edge? Choose it in the world view."
            }
            Checkpoint::ReferenceFace => {
                "Predict: which face will be the reference face? Choose its edge in the world \
                 view."
            }
            Checkpoint::CentreRegion => {
                "Predict: in which region of the polygon is the circle's centre: a vertex's, an \
                 edge's, or the inside? Choose that vertex, the middle of that edge, or the \
                 polygon's middle in the world view."
            }
            Checkpoint::NextSwap => {
                "Predict: which two neighbouring end points will insertion sort swap next? \
                 Choose the gap between them in the end-point list."
            }
            Checkpoint::RayEntry => {
                "Predict: where does the ray from the origin first enter A − B? Choose that \
                 point on the ray in A − B (the purple view)."
            }
            Checkpoint::DeepestPoint => {
                "Predict: at t2, which vertex of the other shape lies deepest against the \
                 face (the smallest separation along its normal n)? Choose it in the world \
                 view, where the shapes are drawn at t2."
            }
            Checkpoint::SafeStep => {
                "Predict: to which time will the safe step take t? Choose it on the time line \
                 under the world view."
            }
            Checkpoint::SampleHit => {
                "Predict: which sample will first find A and B touching? Choose its time on \
                 the time line under the world view, or the ring after t = 1 if none will."
            }
        }
    }

    /// The algorithms whose steps this question can be asked about.
    pub fn algorithms(&self) -> &'static [Algorithm] {
        match self {
            Checkpoint::NextSupport => &[Algorithm::Gjk, Algorithm::Distance, Algorithm::ShapeCast],
            Checkpoint::KeptFeature => &[Algorithm::Gjk, Algorithm::Distance],
            Checkpoint::ClosestEdge => &[Algorithm::Epa],
            Checkpoint::SeparatingAxis | Checkpoint::MtvAxis => {
                &[Algorithm::Sat, Algorithm::SatObb]
            }
            Checkpoint::ReferenceEdge => &[Algorithm::Clip],
            Checkpoint::ReferenceFace => &[Algorithm::FaceSeparation, Algorithm::BoxBox],
            Checkpoint::CentreRegion => &[Algorithm::CirclePolygon],
            // Sweep and prune is not a two-shape algorithm: its pages are in the
            // many-shapes mode.
            Checkpoint::NextSwap => &[],
            Checkpoint::RayEntry => &[Algorithm::ShapeCast, Algorithm::SatCast],
            Checkpoint::DeepestPoint => &[Algorithm::TimeOfImpact],
            Checkpoint::SafeStep => &[Algorithm::ConservativeAdvancement],
            Checkpoint::SampleHit => &[Algorithm::Discrete, Algorithm::SubStepping],
        }
    }

    /// Whether this question is about sweep and prune (a many-shapes page).
    pub fn is_broad_phase(&self) -> bool {
        *self == Checkpoint::NextSwap
    }

    /// Whether this question is about the whole run and asked before its first step
    /// (SAT's: which axis shows a gap, which gives the MTV; the sampled checks': which
    /// sample sees a hit), rather than just before the step that answers it.
    pub fn asked_before_the_run(&self) -> bool {
        matches!(
            self,
            Checkpoint::SeparatingAxis | Checkpoint::MtvAxis | Checkpoint::SampleHit
        )
    }
}

impl From<Checkpoint> for &'static str {
    fn from(c: Checkpoint) -> &'static str {
        c.name()
    }
}

impl TryFrom<String> for Checkpoint {
    type Error = UnknownName;
    fn try_from(name: String) -> Result<Self, UnknownName> {
        match Checkpoint::ALL.into_iter().find(|c| c.name() == name) {
            Some(c) => Ok(c),
            None => Err(UnknownName {
                kind: "checkpoint",
                name,
                expected: Checkpoint::ALL.iter().map(|c| c.name()).collect(),
            }),
        }
    }
}

/// Where a candidate's marker is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Space {
    /// The world view (coordinates in the world).
    World,
    /// The `A − B` view (coordinates of the Minkowski difference).
    Minkowski,
    /// Sweep and prune's end-point list: `at.x` is the border between cells
    /// `at.x − 0.5` and `at.x + 0.5` (0-based), `at.y` is 0.
    List,
    /// The casts' time line under the world view: `at.x` is the time `t` (0 to 1;
    /// above 1, "no time": just past the line's end), `at.y` is 0.
    Time,
}

/// Which end of the values wins a "best" question.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Better {
    /// The largest value.
    Max,
    /// The smallest value.
    Min,
}

/// Which candidates a question accepts.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "accept", rename_all = "kebab-case")]
pub enum Accept {
    /// The best value, and every value within `tolerance` of it.
    Best {
        /// Largest or smallest.
        better: Better,
        /// Ties within it are all right.
        tolerance: f64,
    },
    /// Every candidate whose value is below zero (every axis with a gap).
    Negative,
    /// The first candidate, in list order, whose value is below zero.
    FirstNegative,
    /// Every candidate whose value is within `tolerance` of the rule's `answer` (the
    /// rule's result beside its misreadings').
    Equal {
        /// The rule's value.
        answer: f64,
        /// Values this near it are the rule's too.
        tolerance: f64,
    },
    /// The first candidate, in list order, whose value is at most zero (a sample
    /// within the target); when there is none, the last candidate ("no sample").
    FirstWithin,
}

/// One thing a learner may click.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Candidate {
    /// Its name, as the learner sees it ("B's edge with normal (0.00, 1.00)").
    pub label: String,
    /// The same name in parts, for the app to word in another language.
    #[serde(skip)]
    pub part: Part,
    /// Where its marker is drawn (a point itself, an edge's middle, a triangle's
    /// centroid).
    pub at: DVec2,
    /// Which view the marker is in.
    pub space: Space,
    /// The number that decides it.
    pub value: f64,
    /// Whether choosing it is right.
    pub accepted: bool,
    /// Why: its number, and for a wrong one the answer's number beside it.
    pub why: String,
    /// SAT: the axis (the edge's unit outward normal).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub axis: Option<DVec2>,
    /// The edge, for an edge candidate.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub edge: Option<[DVec2; 2]>,
}

impl Candidate {
    /// A candidate not yet judged (no edge, no axis): [`Sheet::judged`] sets
    /// `accepted` and `why`.
    fn new(part: Part, at: DVec2, space: Space, value: f64) -> Candidate {
        Candidate {
            label: part.english(),
            part,
            at,
            space,
            value,
            accepted: false,
            why: String::new(),
            axis: None,
            edge: None,
        }
    }
}

/// A question with its candidates, judged.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Sheet {
    /// What is asked.
    #[serde(serialize_with = "kind_name")]
    pub kind: Checkpoint,
    /// The search direction `d` of a support question.
    pub direction: Option<DVec2>,
    /// Which candidates are right.
    #[serde(flatten)]
    pub accept: Accept,
    /// The candidates.
    pub candidates: Vec<Candidate>,
}

fn kind_name<S: serde::Serializer>(kind: &Checkpoint, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(kind.name())
}

/// The names of the two shapes as the learner sees them (each shape's own name, with
/// its role when it differs: "C (as B)").
#[derive(Clone, Debug, PartialEq)]
pub struct Names {
    /// Shape A's.
    pub a: String,
    /// Shape B's.
    pub b: String,
}

impl Names {
    /// A shape named `name` in the role `role` ("A" or "B").
    pub fn with_role(name: &str, role: &str) -> String {
        if name == role {
            name.to_string()
        } else {
            format!("{name} (as {role})")
        }
    }
}

/// A number as the verdicts print it: two decimals, three below 0.1, with a true
/// minus sign.
pub fn number(x: f64) -> String {
    let s = if x.abs() < 0.1 && x != 0.0 {
        format!("{x:.3}")
    } else {
        format!("{x:.2}")
    };
    let s = if s
        .trim_start_matches('-')
        .chars()
        .all(|c| c == '0' || c == '.')
    {
        s.trim_start_matches('-').to_string()
    } else {
        s
    };
    s.replace('-', "−")
}

/// A point as the verdicts print it: "(1.00, −2.00)".
pub fn point(p: DVec2) -> String {
    format!("({}, {})", number(p.x), number(p.y))
}

/// Candidates grouped by their axis, either way round (a box's two parallel edges
/// test one axis), in the order each axis first comes; a candidate without an axis
/// is a group of its own.
pub fn same_axis_groups<'a>(candidates: &[&'a Candidate]) -> Vec<Vec<&'a Candidate>> {
    let mut groups: Vec<Vec<&Candidate>> = vec![];
    for &c in candidates {
        let parallel = |g: &Vec<&Candidate>| match (g[0].axis, c.axis) {
            (Some(x), Some(y)) => {
                x.perp_dot(y).abs() <= 1e-9
                    && (g[0].value - c.value).abs() <= 1e-9 * (1.0 + c.value.abs())
            }
            _ => false,
        };
        match groups.iter_mut().find(|g| parallel(g)) {
            Some(g) => g.push(c),
            None => groups.push(vec![c]),
        }
    }
    groups
}

/// Whose edges a group of parallel edges is, for a reply: "A's 2 edges", or "2 edges
/// of A and B" (each label starts with its owner: "A's edge with normal …").
fn whose_edges(group: &[&Candidate]) -> String {
    let mut owners: Vec<&str> = vec![];
    for c in group {
        let owner = c.label.split_once("'s ").map_or("", |(o, _)| o);
        if !owners.contains(&owner) {
            owners.push(owner);
        }
    }
    match owners[..] {
        [one] if !one.is_empty() => format!("{one}'s {} edges", group.len()),
        _ => format!("{} edges of {}", group.len(), owners.join(" and ")),
    }
}

/// An axis written the one way of its two: x positive, or on the y axis, y positive.
pub fn either_way(axis: DVec2) -> DVec2 {
    if axis.x < -1e-12 || (axis.x.abs() <= 1e-12 && axis.y < 0.0) {
        -axis
    } else {
        axis
    }
}

impl Sheet {
    /// Builds a sheet: marks the accepted candidates and writes every `why`.
    /// `quantity` says a candidate's number in words, `{}` standing for the number
    /// ("overlap {}", "reaches {} along d").
    fn judged(
        kind: Checkpoint,
        direction: Option<DVec2>,
        accept: Accept,
        mut candidates: Vec<Candidate>,
        quantity: &str,
    ) -> Sheet {
        let best = match accept {
            Accept::Best { better, .. } => {
                candidates
                    .iter()
                    .map(|c| c.value)
                    .reduce(|x, y| match better {
                        Better::Max => x.max(y),
                        Better::Min => x.min(y),
                    })
            }
            _ => None,
        };
        let first_negative = candidates.iter().position(|c| c.value < 0.0);
        let first_within = candidates
            .iter()
            .position(|c| c.value <= 0.0)
            .or(candidates.len().checked_sub(1));
        for (k, c) in candidates.iter_mut().enumerate() {
            c.accepted = match accept {
                Accept::Best { tolerance, .. } => {
                    best.is_some_and(|b| (c.value - b).abs() <= tolerance)
                }
                Accept::Negative => c.value < 0.0,
                Accept::FirstNegative => Some(k) == first_negative,
                Accept::Equal { answer, tolerance } => (c.value - answer).abs() <= tolerance,
                Accept::FirstWithin => Some(k) == first_within,
            };
        }
        let says =
            |c: &Candidate| format!("{}: {}", c.label, quantity.replace("{}", &number(c.value)));
        let answers = match accept {
            // Every right candidate is an answer: a wrong pick's reply names them all
            // (parallel edges once), as the picture marks them all after the answer.
            Accept::Negative => {
                let right: Vec<&Candidate> = candidates.iter().filter(|c| c.accepted).collect();
                let groups = same_axis_groups(&right);
                let named: Vec<String> = groups
                    .iter()
                    .map(|group| match group[..] {
                        [one] => says(one),
                        _ => format!(
                            "{} with normal ±{}: {}",
                            whose_edges(&group[..]),
                            point(either_way(group[0].axis.unwrap_or_default())),
                            quantity.replace("{}", &number(group[0].value))
                        ),
                    })
                    .collect();
                (!named.is_empty())
                    .then(|| format!("the answers, every one below zero: {}", named.join("; ")))
            }
            _ => candidates
                .iter()
                .find(|c| c.accepted)
                .map(|a| format!("the answer, {}", says(a))),
        };
        let rule = kind.rule();
        for c in &mut candidates {
            let mine = says(c);
            c.why = match (&answers, c.accepted) {
                (_, true) => format!("{mine} — right: {rule}"),
                (Some(answers), false) => format!("{mine}; {answers} — {rule}"),
                (None, false) => format!("{mine} — {rule}"),
            };
        }
        Sheet {
            kind,
            direction,
            accept,
            candidates,
        }
    }

    /// The indices of the accepted candidates.
    pub fn accepted(&self) -> Vec<usize> {
        (0..self.candidates.len())
            .filter(|&k| self.candidates[k].accepted)
            .collect()
    }

    /// How clearly the question is decided, and the value the share of it is taken
    /// of: for a question of the best value, the smallest gap between the value of an
    /// accepted candidate and that of a wrong one, and the answer's value; for "every
    /// one below zero" (the axes with a gap), the value nearest zero, and the answer's
    /// value; for the next swap, the smaller of the answer's own disorder and the
    /// smallest in-order gap left of it (the gaps the eye must judge: [`SwapMargin`]),
    /// and the largest gap of the list (the picture's scale); for the first sample
    /// within the target, the gap nearest zero of the samples up to the answer (all of
    /// them for "no sample"), and the largest gap. `None` without a right and a wrong
    /// candidate.
    pub fn margin(&self) -> Option<(f64, f64)> {
        let right: Vec<f64> = self
            .candidates
            .iter()
            .filter(|c| c.accepted)
            .map(|c| c.value)
            .collect();
        let wrong: Vec<f64> = self
            .candidates
            .iter()
            .filter(|c| !c.accepted)
            .map(|c| c.value)
            .collect();
        let answer = *right.first()?;
        if wrong.is_empty() {
            return None;
        }
        Some(match self.accept {
            Accept::Negative => (
                right
                    .iter()
                    .chain(&wrong)
                    .map(|v| v.abs())
                    .fold(f64::INFINITY, f64::min),
                answer,
            ),
            Accept::FirstNegative => {
                let m = self.swap_margin()?;
                (
                    m.disorder.min(m.in_order.unwrap_or(f64::INFINITY)),
                    m.largest,
                )
            }
            Accept::FirstWithin => {
                let k = self.candidates.iter().position(|c| c.accepted)?;
                let deciding = self.candidates[..=k].iter().map(|c| c.value.abs());
                let largest = self.candidates.iter().map(|c| c.value.abs());
                (
                    deciding.fold(f64::INFINITY, f64::min),
                    largest.fold(0.0, f64::max),
                )
            }
            Accept::Best { .. } | Accept::Equal { .. } => (
                right
                    .iter()
                    .flat_map(|r| wrong.iter().map(move |w| (r - w).abs()))
                    .fold(f64::INFINITY, f64::min),
                answer,
            ),
        })
    }

    /// For the next swap (the leftmost two neighbours out of order), the gaps a
    /// learner must see on the axis to answer: see [`SwapMargin`]. `None` for other
    /// questions, or when nothing is out of order.
    pub fn swap_margin(&self) -> Option<SwapMargin> {
        if self.accept != Accept::FirstNegative {
            return None;
        }
        let k = self.candidates.iter().position(|c| c.accepted)?;
        let in_order = self.candidates[..k]
            .iter()
            .map(|c| c.value)
            .reduce(f64::min);
        Some(SwapMargin {
            disorder: -self.candidates[k].value,
            in_order,
            largest: self
                .candidates
                .iter()
                .map(|c| c.value.abs())
                .fold(0.0, f64::max),
        })
    }
}

/// What the eye must judge to find the next swap of insertion sort on the axis: the
/// answer's own disorder (its left end point this far right of its right one), and
/// left of it, the in-order neighbours nearest a tie (the smallest right − left there;
/// a learner must see that they are in order to pass them over). Neighbours right of
/// the answer decide nothing. `largest` is the largest gap between neighbours, the
/// scale the picture is drawn at.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SwapMargin {
    /// How far out of order the answer's two end points are (positive).
    pub disorder: f64,
    /// The smallest gap of the neighbours left of the answer (none when the answer is
    /// the first pair).
    pub in_order: Option<f64>,
    /// The largest gap between neighbours, either way.
    pub largest: f64,
}

impl Checkpoint {
    /// The rule that decides the question, in one sentence: what the *Hint* says (it
    /// points at the rule, not at the answer).
    pub fn rule(&self) -> &'static str {
        match self {
            Checkpoint::NextSupport => {
                "the support point is the point of A − B farthest along the arrow d"
            }
            Checkpoint::KeptFeature => {
                "GJK keeps the part of the simplex whose Voronoi region holds the origin: the \
                 smallest part that holds the simplex's point nearest the origin"
            }
            Checkpoint::ClosestEdge => {
                "EPA expands the polytope edge whose line passes nearest the origin"
            }
            Checkpoint::SeparatingAxis => {
                "an axis separates when the two shadows on it have a gap: overlap = \
                 min(a1 − b0, b1 − a0) below zero (any such axis is right)"
            }
            Checkpoint::MtvAxis => {
                "when every axis overlaps, the MTV is along the axis with the smallest overlap"
            }
            Checkpoint::ReferenceEdge => {
                "the reference edge is the edge the other shape reaches past least, along its \
                 outward normal: the face of least overlap (parallel faces tie: either is \
                 right; the app keeps A's)"
            }
            Checkpoint::ReferenceFace => {
                "the reference face is the face of largest separation s = n·(w − v), w the \
                 other shape's vertex deepest along −n: the face the other shape reaches \
                 behind least (parallel faces tie: either is right; the app keeps A's)"
            }
            Checkpoint::CentreRegion => {
                "the centre's region is the one of the polygon's nearest part to it: a vertex \
                 (the centre lies beyond both of its edges' ends), an edge (it lies beside the \
                 edge, between its ends), or the inside"
            }
            Checkpoint::NextSwap => {
                "insertion sort swaps the leftmost two neighbours that are out of order (the \
                 left end point larger than the right)"
            }
            Checkpoint::RayEntry => {
                "the ray is inside A − B once it has crossed the line of every edge that \
                 faces it, so it enters at the last of those crossings: the largest λ"
            }
            Checkpoint::DeepestPoint => {
                "the deepest vertex is the one farthest against the face's normal n at t2: \
                 the smallest separation n·(b − a) from the face, the support point against n"
            }
            Checkpoint::SafeStep => {
                "the gap d − s cannot close faster than μ = (v_A − v_B)·n + |ω_A|·R_A + \
                 |ω_B|·R_B (the closing speed along n, plus what the turns can add), so t \
                 moves on by Δt = (d − s)/μ"
            }
            Checkpoint::SampleHit => {
                "a sampled check sees a hit at the first sample where A and B are within the \
                 target (a gap of at most 0; below 0 they overlap); when every sample finds \
                 them apart it sees none, even if they meet between two samples"
            }
        }
    }
}

/// The next support point along `d`: every vertex of `A − B` (for a curved shape, the
/// support points of its core in 48 directions, and the exact one along `d`), each
/// valued by how far it reaches along `d`.
pub fn next_support(a: &Shape, b: &Shape, d: DVec2) -> Sheet {
    let md = MinkowskiDifference::new(a, b);
    let unit = d.normalize_or_zero();
    let curved = md.is_curved()
        || a.geometry().polygon_vertices().is_none()
        || b.geometry().polygon_vertices().is_none();
    let mut points = md.core_outline(48);
    // The exact support point, when the outline does not hold it: on a curve, or in
    // the middle of an edge of A − B (a vertex difference the hull drops as collinear).
    let exact = md.support(d).p;
    if !points
        .iter()
        .any(|p| p.distance(exact) <= 1e-9 * (1.0 + exact.length()))
    {
        points.push(exact);
    }
    let scale = points
        .iter()
        .fold(0.0f64, |m, p| m.max(p.length()))
        .max(1e-300);
    // A sampled curve's neighbouring points differ by about (1 − cos(π/24))·r along d:
    // a click on either is the same answer.
    let tolerance = if curved { 0.02 * scale } else { 1e-9 * scale };
    let candidates = points
        .into_iter()
        .map(|w| {
            Candidate::new(
                Part::Point {
                    symbol: "w",
                    at: point(w),
                },
                w,
                Space::Minkowski,
                w.dot(unit),
            )
        })
        .collect();
    Sheet::judged(
        Checkpoint::NextSupport,
        Some(d),
        Accept::Best {
            better: Better::Max,
            tolerance,
        },
        candidates,
        "reaches {} along d",
    )
}

/// A half-plane `n·x ≤ c`.
pub type HalfPlane = (DVec2, f64);

/// The half-plane of points `x` with `(x − p)·n ≤ 0`.
fn behind(p: DVec2, n: DVec2) -> HalfPlane {
    (n, n.dot(p))
}

/// The distance from the origin to the intersection of half-planes (0 when the origin
/// is in it; infinite when it is empty). The nearest point of a convex region is the
/// origin, the foot on one boundary line, or a corner of two.
pub fn distance_to_region(planes: &[HalfPlane]) -> f64 {
    let inside = |x: DVec2| {
        planes
            .iter()
            .all(|&(n, c)| n.dot(x) <= c + 1e-12 * (n.length() * (1.0 + x.length()) + c.abs()))
    };
    if inside(DVec2::ZERO) {
        return 0.0;
    }
    let mut best = f64::INFINITY;
    for (i, &(n, c)) in planes.iter().enumerate() {
        let nn = n.length_squared();
        if nn > 0.0 {
            let foot = n * (c / nn);
            if inside(foot) {
                best = best.min(foot.length());
            }
        }
        for &(m, e) in &planes[i + 1..] {
            let det = n.perp_dot(m);
            if det.abs() > 1e-300 {
                // Cramer's rule for n·x = c, m·x = e.
                let corner = DVec2::new(c * m.y - e * n.y, n.x * e - m.x * c) / det;
                if inside(corner) {
                    best = best.min(corner.length());
                }
            }
        }
    }
    best
}

/// The Voronoi region, within the simplex, of the feature made of `chosen` points of
/// `simplex` (1, 2 or 3 of them), as half-planes.
fn region(simplex: &[DVec2], chosen: &[usize]) -> Vec<HalfPlane> {
    let others: Vec<usize> = (0..simplex.len()).filter(|k| !chosen.contains(k)).collect();
    match *chosen {
        // A point's region: behind the point as seen from every other point.
        [i] => others
            .iter()
            .map(|&j| behind(simplex[i], simplex[j] - simplex[i]))
            .collect(),
        // An edge's region: between its two end planes, on the far side from the rest.
        [i, j] => {
            let (p, q) = (simplex[i], simplex[j]);
            let mut planes = vec![behind(p, p - q), behind(q, q - p)];
            for &k in &others {
                let e = q - p;
                let mut n = DVec2::new(e.y, -e.x);
                if n.dot(simplex[k] - p) < 0.0 {
                    n = -n;
                }
                planes.push(behind(p, n));
            }
            planes
        }
        // The triangle's inside.
        _ => (0..3)
            .map(|k| {
                let (p, q, r) = (simplex[k], simplex[(k + 1) % 3], simplex[(k + 2) % 3]);
                let e = q - p;
                let mut n = DVec2::new(e.y, -e.x);
                if n.dot(r - p) > 0.0 {
                    n = -n;
                }
                behind(p, n)
            })
            .collect(),
    }
}

/// The parts of a simplex of `n` points, by their points' indices: each point, each
/// edge, and for a triangle its inside.
fn simplex_parts(n: usize) -> Vec<Vec<usize>> {
    let mut parts: Vec<Vec<usize>> = (0..n).map(|k| vec![k]).collect();
    for i in 0..n {
        for j in i + 1..n {
            parts.push(vec![i, j]);
        }
    }
    if n == 3 {
        parts.push(vec![0, 1, 2]);
    }
    parts
}

/// Every part of a simplex (its points, its edges, a triangle's inside) with its
/// Voronoi region as half-planes; the regions cover the plane without overlapping.
pub fn simplex_regions(simplex: &[DVec2]) -> Vec<(Vec<usize>, Vec<HalfPlane>)> {
    simplex_parts(simplex.len())
        .into_iter()
        .map(|f| {
            let planes = region(simplex, &f);
            (f, planes)
        })
        .collect()
}

/// The simplex feature GJK keeps: every point, edge and (for a triangle) the inside,
/// each valued by how far the origin is from the feature's Voronoi region.
/// `names` are the points' labels (as the picture draws them).
pub fn kept_feature(simplex: &[DVec2], names: &[String]) -> Sheet {
    let name = |k: usize| names.get(k).cloned().unwrap_or_else(|| format!("p{k}"));
    let features = simplex_parts(simplex.len());
    let scale = simplex.iter().fold(0.0f64, |m, p| m.max(p.length()));
    let candidates = features
        .iter()
        .filter_map(|f| {
            let value = distance_to_region(&region(simplex, f));
            let points: Vec<DVec2> = f.iter().map(|&k| simplex[k]).collect();
            let label = match f.len() {
                1 => Part::SimplexPoint(name(f[0])),
                2 => Part::SimplexEdge(format!("{}{}", name(f[0]), name(f[1]))),
                _ => Part::Inside(format!("{}{}{}", name(0), name(1), name(2))),
            };
            let at = points.iter().sum::<DVec2>() / points.len() as f64;
            value.is_finite().then(|| Candidate {
                edge: (f.len() == 2).then(|| [points[0], points[1]]),
                ..Candidate::new(label, at, Space::Minkowski, value)
            })
        })
        .collect();
    Sheet::judged(
        Checkpoint::KeptFeature,
        None,
        Accept::Best {
            better: Better::Min,
            tolerance: 1e-9 * (1.0 + scale),
        },
        candidates,
        "the origin is {} from its region",
    )
}

/// The polytope edge EPA expands next: every edge, valued by the distance from the
/// origin to its line.
pub fn closest_edge(polytope: &[DVec2]) -> Sheet {
    let n = polytope.len();
    let scale = polytope.iter().fold(0.0f64, |m, p| m.max(p.length()));
    let candidates = (0..n)
        .filter_map(|k| {
            let (p, q) = (polytope[k], polytope[(k + 1) % n]);
            let e = q - p;
            let normal = DVec2::new(e.y, -e.x).try_normalize()?;
            Some(Candidate {
                edge: Some([p, q]),
                ..Candidate::new(
                    Part::Segment(format!("{}–{}", point(p), point(q))),
                    (p + q) / 2.0,
                    Space::Minkowski,
                    normal.dot(p).abs(),
                )
            })
        })
        .collect();
    Sheet::judged(
        Checkpoint::ClosestEdge,
        None,
        Accept::Best {
            better: Better::Min,
            tolerance: 1e-9 * (1.0 + scale),
        },
        candidates,
        "its line passes the origin at {}",
    )
}

/// A polygon's vertices in the world, counter-clockwise.
fn world_polygon(s: &Shape) -> Option<Vec<DVec2>> {
    let local = s.geometry().polygon_vertices()?;
    Some(local.iter().map(|&v| s.to_world(v)).collect())
}

/// The shadow `[lo, hi]` of points on the axis `n`.
fn shadow(points: &[DVec2], n: DVec2) -> (f64, f64) {
    points
        .iter()
        .map(|p| p.dot(n))
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| {
            (lo.min(x), hi.max(x))
        })
}

/// Every edge of both polygons with its outward normal and the overlap of the two
/// shadows on it, `min(a₁ − b₀, b₁ − a₀)`. `None` unless both shapes are polygons.
fn axes(a: &Shape, b: &Shape, names: &Names) -> Option<Vec<Candidate>> {
    let (pa, pb) = (world_polygon(a)?, world_polygon(b)?);
    let mut out = vec![];
    for (poly, owner) in [(&pa, &names.a), (&pb, &names.b)] {
        for k in 0..poly.len() {
            let (p, q) = (poly[k], poly[(k + 1) % poly.len()]);
            let e = q - p;
            let Some(n) = DVec2::new(e.y, -e.x).try_normalize() else {
                continue;
            };
            let ((a0, a1), (b0, b1)) = (shadow(&pa, n), shadow(&pb, n));
            out.push(Candidate {
                axis: Some(n),
                edge: Some([p, q]),
                ..Candidate::new(
                    Part::Side {
                        owner: owner.clone(),
                        face: false,
                        normal: point(n),
                    },
                    (p + q) / 2.0,
                    Space::World,
                    (a1 - b0).min(b1 - a0),
                )
            });
        }
    }
    Some(out)
}

fn pair_scale(a: &Shape, b: &Shape) -> f64 {
    a.bounding_radius().max(b.bounding_radius())
}

/// Which edge's normal separates A and B: every edge, valued by the overlap on its
/// normal; every axis with a gap is right.
pub fn separating_axis(a: &Shape, b: &Shape, names: &Names) -> Option<Sheet> {
    let candidates = axes(a, b, names)?;
    Some(Sheet::judged(
        Checkpoint::SeparatingAxis,
        None,
        Accept::Negative,
        candidates,
        "overlap {}",
    ))
}

/// Which edge's normal gives the minimum translation vector: every edge, valued by the
/// overlap on its normal; the smallest is right (parallel edges share an axis: a tie).
pub fn mtv_axis(a: &Shape, b: &Shape, names: &Names) -> Option<Sheet> {
    let candidates = axes(a, b, names)?;
    let tolerance = 1e-9 * (1.0 + pair_scale(a, b));
    Some(Sheet::judged(
        Checkpoint::MtvAxis,
        None,
        Accept::Best {
            better: Better::Min,
            tolerance,
        },
        candidates,
        "overlap {}",
    ))
}

/// Every edge of both polygons with its outward normal `n` and how far the other
/// polygon reaches past it along `n`, `max_own(n) − min_other(n)` (SAT's one-sided
/// measure; minus face separation's `s`). `None` unless both shapes are polygons.
fn faces(a: &Shape, b: &Shape, names: &Names, face: bool) -> Option<Vec<Candidate>> {
    let (pa, pb) = (world_polygon(a)?, world_polygon(b)?);
    let mut candidates = vec![];
    for (own, other, owner) in [(&pa, &pb, &names.a), (&pb, &pa, &names.b)] {
        for k in 0..own.len() {
            let (p, q) = (own[k], own[(k + 1) % own.len()]);
            let e = q - p;
            let Some(n) = DVec2::new(e.y, -e.x).try_normalize() else {
                continue;
            };
            let reach = other.iter().map(|v| v.dot(n)).fold(f64::INFINITY, f64::min);
            candidates.push(Candidate {
                axis: Some(n),
                edge: Some([p, q]),
                ..Candidate::new(
                    Part::Side {
                        owner: owner.clone(),
                        face,
                        normal: point(n),
                    },
                    (p + q) / 2.0,
                    Space::World,
                    p.dot(n) - reach,
                )
            });
        }
    }
    Some(candidates)
}

/// The reference edge of clipping: every edge of both polygons, valued by how far the
/// other polygon reaches past it along its outward normal `n`, `max_own(n) −
/// min_other(n)` (SAT's one-sided measure). Clipping takes, of each shape's edge
/// facing the other along the collision normal, the one with the smaller overlap: the
/// edge of least overlap of all. `tolerance` is the pair's touching tolerance:
/// parallel faces tie within it, and either is right.
pub fn reference_edge(a: &Shape, b: &Shape, tolerance: f64, names: &Names) -> Option<Sheet> {
    Some(Sheet::judged(
        Checkpoint::ReferenceEdge,
        None,
        Accept::Best {
            better: Better::Min,
            tolerance,
        },
        faces(a, b, names, false)?,
        "the other shape reaches past it by {}",
    ))
}

/// The reference face of face separation (and of box vs box): every face of both
/// polygons, valued by its separation `s = n·(w − v)`, `w` the other polygon's vertex
/// deepest along `−n` and `v` a vertex of the face — negative when `w` is behind the
/// face; the largest `s` is the reference face (parallel faces tie within the pair's
/// touching `tolerance`). The same face as [`reference_edge`]'s, told with face
/// separation's sign and rule.
pub fn reference_face(a: &Shape, b: &Shape, tolerance: f64, names: &Names) -> Option<Sheet> {
    let mut candidates = faces(a, b, names, true)?;
    for c in &mut candidates {
        c.value = -c.value;
    }
    Some(Sheet::judged(
        Checkpoint::ReferenceFace,
        None,
        Accept::Best {
            better: Better::Max,
            tolerance,
        },
        candidates,
        "s = {}",
    ))
}

/// Circle against polygon: which Voronoi region of the polygon holds the circle's
/// centre `c`. Every vertex (marker on it), every edge (marker at its middle) and the
/// inside (marker at the centroid), each valued by the distance from `c` to its
/// region: the outward wedge of a vertex between its edges' normals, the strip
/// beside an edge, the polygon itself.
pub fn centre_region(polygon: &Shape, c: DVec2, owner: &str) -> Option<Sheet> {
    let v = world_polygon(polygon)?;
    let n = v.len();
    // Half-planes n·x ≤ k about c (so that the region's distance from the origin is
    // its distance from c).
    let about_c = |(normal, k): HalfPlane| (normal, k - normal.dot(c));
    let outward = |i: usize| {
        let e = v[(i + 1) % n] - v[i];
        DVec2::new(e.y, -e.x)
    };
    let mut candidates = vec![];
    let mut push = |label: Part, at: DVec2, planes: Vec<HalfPlane>, edge| {
        let planes: Vec<HalfPlane> = planes.into_iter().map(about_c).collect();
        let value = distance_to_region(&planes);
        candidates.push(Candidate {
            edge,
            ..Candidate::new(label, at, Space::World, value)
        });
    };
    for i in 0..n {
        let (prev, next) = (v[(i + n - 1) % n], v[(i + 1) % n]);
        push(
            Part::OwnersVertex {
                owner: owner.to_string(),
                at: point(v[i]),
            },
            v[i],
            vec![behind(v[i], next - v[i]), behind(v[i], prev - v[i])],
            None,
        );
    }
    for i in 0..n {
        let (p, q) = (v[i], v[(i + 1) % n]);
        push(
            Part::OwnersSegment {
                owner: owner.to_string(),
                ends: format!("{}–{}", point(p), point(q)),
            },
            (p + q) / 2.0,
            vec![behind(p, p - q), behind(q, q - p), behind(p, -outward(i))],
            Some([p, q]),
        );
    }
    let inside: Vec<HalfPlane> = (0..n).map(|i| behind(v[i], outward(i))).collect();
    push(
        Part::Inside(owner.to_string()),
        v.iter().sum::<DVec2>() / n as f64,
        inside,
        None,
    );
    let tolerance = 1e-9 * (1.0 + polygon.bounding_radius() + c.length());
    Some(Sheet::judged(
        Checkpoint::CentreRegion,
        None,
        Accept::Best {
            better: Better::Min,
            tolerance,
        },
        candidates,
        "the centre is {} from its region",
    ))
}

/// The next swap of insertion sort on sweep and prune's end-point list (`values` in
/// list order, `labels` as the list shows them): each two neighbours, valued by
/// right − left; the leftmost negative pair is swapped next.
pub fn next_swap(values: &[f64], labels: &[String]) -> Sheet {
    let candidates = (1..values.len())
        .map(|k| {
            Candidate::new(
                Part::Neighbours(
                    labels.get(k - 1).map_or("?", |s| s).to_string(),
                    labels.get(k).map_or("?", |s| s).to_string(),
                ),
                DVec2::new(k as f64 - 0.5, 0.0),
                Space::List,
                values[k] - values[k - 1],
            )
        })
        .collect();
    Sheet::judged(
        Checkpoint::NextSwap,
        None,
        Accept::FirstNegative,
        candidates,
        "right minus left {}",
    )
}

mod cast;
mod part;
pub use cast::{deepest_point, ray_entry, safe_step, sample_hit, Advance, NO_SAMPLE};
pub use part::Part;

#[cfg(test)]
mod tests;
