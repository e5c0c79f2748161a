//! Moving shapes: the six casts of [`gjk_lab_core::algorithms::cast`] — the discrete
//! check, sub-stepping, the shape cast (GJK-raycast), the SAT cast, conservative
//! advancement and the time of impact — as steps, one file each. Every step places A and B at the time it looks at
//! (ghosts in the world view), marks that time on a time line from 0 to 1, and, for
//! the casts that follow a turn, draws `A − B` at that time in the A − B view; the
//! shape cast draws its ray through `A − B` at `t = 0` instead. The figures are
//! drawn by `app/view/cast.rs`.

mod advancement;
mod sampled;
mod sat_cast;
mod shape_cast;
mod toi;

use super::{num, then, vec2, Claim, Item, Step, Visualizer};
use crate::app::i18n::tr;
use advancement::advancement_steps;
use gjk_lab_core::algorithms::cast::advancement::Advancement;
use gjk_lab_core::algorithms::cast::sampled::Sampled;
use gjk_lab_core::algorithms::cast::sat_cast::SatCast;
use gjk_lab_core::algorithms::cast::shape_cast::ShapeCast;
use gjk_lab_core::algorithms::cast::toi::TimeOfImpact;
use gjk_lab_core::algorithms::cast::{CastOptions, CastResult};
use gjk_lab_core::algorithms::{Algorithm, CastAlgorithm};
use gjk_lab_core::lesson::checkpoint::Advance;
use gjk_lab_core::minkowski::MinkowskiDifference;
use gjk_lab_core::motion::Motion;
use gjk_lab_core::shapes::{Pose, Shape};
use glam::DVec2;
use sampled::sampled_steps;
use sat_cast::sat_cast_steps;
use shape_cast::shape_cast_steps;
use toi::toi_steps;

/// How many earlier poses a step keeps as faint ghosts (a crawl takes hundreds).
const EARLIER_GHOSTS: usize = 12;

/// Directions sampled for a curved difference's outline.
const OUTLINE_SAMPLES: usize = 64;

/// The visualiser of one cast.
pub struct CastVisualizer(pub CastAlgorithm);

impl CastVisualizer {
    /// The discrete check.
    pub const DISCRETE: CastVisualizer = CastVisualizer(CastAlgorithm::Discrete);
    /// Sub-stepping.
    pub const SUB_STEPPING: CastVisualizer = CastVisualizer(CastAlgorithm::SubStepping);
    /// The shape cast.
    pub const SHAPE_CAST: CastVisualizer = CastVisualizer(CastAlgorithm::ShapeCast);
    /// The SAT cast.
    pub const SAT_CAST: CastVisualizer = CastVisualizer(CastAlgorithm::SatCast);
    /// Conservative advancement.
    pub const ADVANCEMENT: CastVisualizer = CastVisualizer(CastAlgorithm::ConservativeAdvancement);
    /// The time of impact.
    pub const TIME_OF_IMPACT: CastVisualizer = CastVisualizer(CastAlgorithm::TimeOfImpact);
}

impl Visualizer for CastVisualizer {
    fn algorithm(&self) -> Algorithm {
        self.0.algorithm()
    }

    fn intro(&self) -> String {
        match self.0 {
            CastAlgorithm::Discrete => tr!("cast-intro-discrete"),
            CastAlgorithm::SubStepping => tr!("cast-intro-sub-stepping"),
            CastAlgorithm::ShapeCast => tr!("cast-intro-shape-cast"),
            CastAlgorithm::SatCast => tr!("cast-intro-sat-cast"),
            CastAlgorithm::ConservativeAdvancement => tr!("cast-intro-advancement"),
            CastAlgorithm::TimeOfImpact => tr!("cast-intro-toi"),
        }
    }

    fn steps(&self, a: &Shape, b: &Shape) -> Vec<Step> {
        self.moving_steps(a, Motion::NONE, b, Motion::NONE)
    }

    fn world_room_px(&self) -> f32 {
        // The time line along the bottom of the world view.
        56.0
    }

    fn moving_steps(&self, a: &Shape, motion_a: Motion, b: &Shape, motion_b: Motion) -> Vec<Step> {
        let options = CastOptions::default();
        let pair = Pair {
            a,
            b,
            motions: [motion_a, motion_b],
        };
        match self.0 {
            CastAlgorithm::Discrete => sampled_steps(
                Sampled::endpoints(a, motion_a, b, motion_b, &options),
                pair,
                self.0,
            ),
            CastAlgorithm::SubStepping => sampled_steps(
                Sampled::new(a, motion_a, b, motion_b, &options),
                pair,
                self.0,
            ),
            CastAlgorithm::ShapeCast => {
                shape_cast_steps(ShapeCast::new(a, motion_a, b, motion_b, &options), pair)
            }
            CastAlgorithm::SatCast => {
                sat_cast_steps(SatCast::new(a, motion_a, b, motion_b, &options), pair)
            }
            CastAlgorithm::ConservativeAdvancement => {
                advancement_steps(Advancement::new(a, motion_a, b, motion_b, &options), pair)
            }
            CastAlgorithm::TimeOfImpact => {
                toi_steps(TimeOfImpact::new(a, motion_a, b, motion_b, &options), pair)
            }
        }
    }
}

/// The box around what the steps draw in A − B besides A − B itself: the ray's end,
/// A − B at other times (`None` when they draw nothing there).
pub fn extent(steps: &[Step]) -> Option<(DVec2, DVec2)> {
    let mut points = vec![];
    for item in steps.iter().flat_map(|s| &s.items) {
        match item {
            Item::Cast(Figure::Ray { ray, .. }) => points.extend([DVec2::ZERO, *ray]),
            Item::Cast(Figure::Poses(Poses {
                difference: Some(outline),
                ..
            })) => points.extend(outline.iter().copied()),
            _ => {}
        }
    }
    let first = *points.first()?;
    Some(
        points
            .iter()
            .fold((first, first), |(lo, hi), &p| (lo.min(p), hi.max(p))),
    )
}

/// What the cast figures show (drawn by `app/view/cast.rs`).
#[derive(Clone, Debug, PartialEq)]
pub enum Figure {
    /// A and B placed at time `t`: ghosts in the world view, and `A − B` at `t` in the
    /// A − B view when `difference` holds its outline.
    Poses(Poses),
    /// GJK-raycast's ray in A − B: from the origin along `r = v_B − v_A` (its end is
    /// `t = 1`), with `x = λ·r` marked.
    Ray {
        /// `r`.
        ray: DVec2,
        /// `λ`.
        lambda: f64,
    },
    /// GJK-raycast's search direction `d` in A − B, from `from` (the simplex's point
    /// nearest `x`, or a point inside A − B) to `x`.
    Search {
        /// Where `v` starts.
        from: DVec2,
        /// `d`.
        vector: DVec2,
    },
    /// A line in A − B that all of A − B lies behind: GJK-raycast's test line through
    /// the support point `w`, or (`edge`) the SAT cast's edge of A − B.
    Plane {
        /// Unit normal `d/|d|` (the edge's outward normal).
        normal: DVec2,
        /// A point of the line: the support point `w` (on a rounded pair, `w` moved out
        /// along the normal by `σ`: the line the support point's test measures from),
        /// or a point of the edge.
        point: DVec2,
        /// Whether it is an edge of A − B (the SAT cast), not w's line.
        edge: bool,
    },
    /// An arrow in the world view from `at` along the unit `vector`, labelled.
    Arrow {
        /// Its foot (world).
        at: DVec2,
        /// Unit direction.
        vector: DVec2,
        /// Its label ("n").
        label: &'static str,
    },
    /// Two world points joined by a line, labelled with the gap between them: the
    /// deepest points along an axis, or (`from_face`) the SAT cast's gap from a face's
    /// line to the other shape's deepest vertex.
    Gap {
        /// A's point (the foot on the face's line).
        a: DVec2,
        /// B's point (the deepest vertex).
        b: DVec2,
        /// The label ("s2 = 0.12").
        label: String,
        /// Whether it runs from a face's line (the SAT cast).
        from_face: bool,
    },
    /// The time line from 0 to 1 under the world view, with the times looked at so
    /// far.
    Times(Vec<TimeMark>),
    /// What conservative advancement's next step is made of (the time, the gap, the
    /// bound's parts): not drawn, a question asks where the step takes `t`.
    NextAdvance(Advance),
    /// The gap at each sample a sampled check plans, `(t_k, distance − target)`
    /// (minus the depth when the shapes overlap), whether or not the check gets
    /// there: not drawn, a question asks which sample first sees a hit.
    Samples(Vec<(f64, f64)>),
    /// What the next step of the time of impact looks for, when it follows a face: the
    /// other shape's vertices at `t2` (world) and the face there (its outward normal,
    /// the axis followed, and a point of it). Not drawn: a question asks which vertex
    /// goes deepest.
    NextDeepest {
        /// The face's outward normal at `t2` (towards the other shape).
        normal: DVec2,
        /// A point of the face at `t2` (its middle).
        face: DVec2,
        /// The other shape's vertices at `t2`.
        vertices: Vec<DVec2>,
    },
}

/// A and B at one time.
#[derive(Clone, Debug, PartialEq)]
pub struct Poses {
    /// The time.
    pub t: f64,
    /// A's pose.
    pub pose_a: Pose,
    /// B's pose.
    pub pose_b: Pose,
    /// What the time is to the step.
    pub role: PoseRole,
    /// The label beside B's ghost ("t = 0.42"), once per view.
    pub label: Option<String>,
    /// The outline of A − B at `t` (A − B view), when the step shows it.
    pub difference: Option<Vec<DVec2>>,
}

/// What a time is to the step that draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PoseRole {
    /// The time this step looks at.
    Current,
    /// A time an earlier step looked at (faint).
    Earlier,
    /// The time of impact found.
    Hit,
    /// Where the shapes truly first touch, which the check did not see.
    Missed,
}

/// A time on the time line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeMark {
    /// The time.
    pub t: f64,
    /// What it is.
    pub kind: MarkKind,
}

/// What a mark on the time line stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkKind {
    /// A time still to be looked at (the samples planned).
    Planned,
    /// A time looked at: the shapes apart by more than the target.
    Apart,
    /// A time looked at: the shapes within the target.
    Within,
    /// The time the step looks at now.
    Now,
    /// The time of impact.
    Hit,
}

/// The pair the steps are of: placed at any pose for the ghosts and A − B at `t`.
#[derive(Clone, Copy)]
struct Pair<'s> {
    a: &'s Shape,
    b: &'s Shape,
    /// A's and B's motions over the step.
    motions: [Motion; 2],
}

impl Pair<'_> {
    /// The distance evaluations `algorithm` (conservative advancement or the time of
    /// impact) takes on this pair, and whether it hits: the other method's run, which a
    /// hit compares with its own.
    fn evaluations(&self, algorithm: CastAlgorithm) -> (usize, bool) {
        let [ma, mb] = self.motions;
        let options = CastOptions::default();
        let result = match algorithm {
            CastAlgorithm::TimeOfImpact => {
                TimeOfImpact::new(self.a, ma, self.b, mb, &options).run()
            }
            _ => Advancement::new(self.a, ma, self.b, mb, &options).run(),
        };
        (result.iterations, result.hit)
    }

    /// The outline of A − B with A at `pose_a` and B at `pose_b`.
    fn difference(&self, pose_a: Pose, pose_b: Pose) -> Vec<DVec2> {
        let (mut a, mut b) = (self.a.clone(), self.b.clone());
        a.set_pose(pose_a);
        b.set_pose(pose_b);
        MinkowskiDifference::new(&a, &b).outline(OUTLINE_SAMPLES)
    }
}

/// What the narration of a cast remembers between events: the times looked at, the
/// poses at them and the last normal.
#[derive(Default)]
struct Story {
    /// Times looked at, and whether the shapes were within the target there.
    marks: Vec<TimeMark>,
    /// Poses at the earlier times, oldest first.
    earlier: Vec<(f64, Pose, Pose)>,
    /// The last closest point on A (world).
    closest_a: Option<DVec2>,
}

impl Story {
    /// Remembers a time looked at.
    fn look(&mut self, t: f64, pose_a: Pose, pose_b: Pose, within: bool) {
        self.marks.push(TimeMark {
            t,
            kind: if within {
                MarkKind::Within
            } else {
                MarkKind::Apart
            },
        });
        self.earlier.push((t, pose_a, pose_b));
    }

    /// The time line, with `now` marked as the time of this step.
    fn times(&self, now: Option<f64>) -> Item {
        let mut marks = self.marks.clone();
        if let Some(t) = now {
            marks.push(TimeMark {
                t,
                kind: MarkKind::Now,
            });
        }
        Item::Cast(Figure::Times(marks))
    }

    /// The time line of a last step: the time of impact marked as a hit.
    fn hit_times(&self, hit: Option<f64>) -> Item {
        let mut marks = self.marks.clone();
        if let Some(t) = hit {
            marks.push(TimeMark {
                t,
                kind: MarkKind::Hit,
            });
        }
        Item::Cast(Figure::Times(marks))
    }

    /// The faint ghosts of the earlier times (the latest [`EARLIER_GHOSTS`]), not
    /// counting one at `skip`.
    fn ghosts(&self, skip: f64) -> Vec<Item> {
        self.earlier
            .iter()
            .rev()
            .filter(|(t, ..)| *t != skip)
            .take(EARLIER_GHOSTS)
            .map(|&(t, pose_a, pose_b)| {
                Item::Cast(Figure::Poses(Poses {
                    t,
                    pose_a,
                    pose_b,
                    role: PoseRole::Earlier,
                    label: None,
                    difference: None,
                }))
            })
            .collect()
    }
}

/// The ghost of A and B at `t`, labelled, and the claim that the label is drawn.
fn poses_at(
    t: f64,
    (pose_a, pose_b): (Pose, Pose),
    role: PoseRole,
    label: String,
    difference: Option<Vec<DVec2>>,
) -> (Item, Claim) {
    let claim = Claim::Labelled(label.clone());
    let item = Item::Cast(Figure::Poses(Poses {
        t,
        pose_a,
        pose_b,
        role,
        label: Some(label),
        difference,
    }));
    (item, claim)
}

/// A time for narration and labels: four places ("t = 0.4213"), enough to tell a
/// graze by 1e-6 from a hit only in its distance, which is written in full; a minus
/// sign as such, and no "−0.0000".
pub fn time(t: f64) -> String {
    places(t, 4)
}

/// `t` to `places` decimals, with a true minus sign and no negative zero.
fn places(t: f64, places: usize) -> String {
    let s = format!("{t:.places$}");
    match s.strip_prefix('-') {
        Some(rest) if rest.bytes().all(|c| c == b'0' || c == b'.') => rest.to_string(),
        Some(rest) => format!("−{rest}"),
        None => s,
    }
}

/// Two times a step moves between ("from 0.43631 to 0.43634"): four places, or as many
/// more (up to 12) as it takes for them to differ when they do.
pub fn times_between(from: f64, to: f64) -> (String, String) {
    let mut n = 4;
    while n < 12 && from != to && places(from, n) == places(to, n) {
        n += 1;
    }
    (places(from, n), places(to, n))
}

/// A length of time ("Δt = 0.4750"): four places, or the first digits of one too short
/// for them ("2.1e−6"), so that a step is never written 0.0000.
pub fn duration(dt: f64) -> String {
    if dt != 0.0 && dt.abs() < 5e-5 {
        format!("{dt:.1e}").replace('-', "−")
    } else {
        time(dt)
    }
}

/// A distance for narration: two places, or the first digits of a tiny one ("1.0e-6")
/// so that a graze is not written 0.00.
pub fn gap(x: f64) -> String {
    if x != 0.0 && x.abs() < 0.005 {
        format!("{x:.1e}").replace('-', "−")
    } else {
        num(x)
    }
}

/// "the shapes overlap or touch" / "the shapes are 0.42 apart" at one time.
fn apart_or_not(distance: f64, target: f64) -> String {
    let state = if distance <= 0.0 {
        "touch"
    } else if target > 0.0 {
        "target"
    } else {
        "apart"
    };
    tr!(
        "cast-apart",
        state = state,
        distance = gap(distance),
        target = gap(target)
    )
}

/// A distance evaluation at time `t` (conservative advancement and the time of
/// impact): the ghosts at `t`, A − B at `t` and its point nearest the origin. `name`
/// is the time's symbol in the narration ("t", or "t1" in the time of impact).
fn distance_step(
    story: &mut Story,
    pair: &Pair,
    (name, t, pose_a, pose_b): (&str, f64, Pose, Pose),
    distance: f64,
    closest: (Option<DVec2>, Option<DVec2>),
    line: usize,
) -> Step {
    let label = format!("t = {}", time(t));
    let difference = Some(pair.difference(pose_a, pose_b));
    let (ghost, claim) = poses_at(t, (pose_a, pose_b), PoseRole::Current, label, difference);
    let narration = tr!(
        "cast-distance",
        name = name,
        t = time(t),
        apart = apart_or_not(distance, 0.0)
    );
    let mut items = story.ghosts(t);
    items.push(ghost);
    if let (Some(on_a), Some(on_b)) = closest {
        items.push(Item::Closest {
            point: on_a - on_b,
            on_a: Some(on_a),
            on_b: Some(on_b),
        });
    }
    items.push(story.times(Some(t)));
    story.look(t, pose_a, pose_b, distance <= 0.0);
    Step::new(&tr!("cast-title-distance"), narration, line, items).claiming(vec![claim])
}

/// The normal at a hit, drawn at the contact point; `narration` with the sentence that
/// gives it after it (unchanged when there is no normal).
fn hit_normal(
    narration: String,
    result: Option<CastResult>,
    items: &mut Vec<Item>,
    claims: &mut Vec<Claim>,
) -> String {
    let Some((n, p)) = result.and_then(|r| r.normal.zip(r.point)) else {
        return narration;
    };
    items.push(Item::Cast(Figure::Arrow {
        at: p,
        vector: n,
        label: "n",
    }));
    claims.push(Claim::Vector {
        label: "n",
        value: n,
    });
    then(&narration, &tr!("cast-hit-normal", n = vec2(n)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::visualizers::Visualizer;
    use gjk_lab_core::algorithms::cast::shape_cast::ShapeCastEvent;
    use gjk_lab_core::algorithms::record;
    use gjk_lab_core::shapes::Geometry;

    fn capsule(x: f64, y: f64) -> Shape {
        let core = Geometry::capsule(DVec2::new(-1.0, 0.0), DVec2::new(1.0, 0.0), 0.3).unwrap();
        Shape::new(core, Pose::new(DVec2::new(x, y), 0.4))
    }

    fn rounded_box(x: f64, y: f64) -> Shape {
        let corners = [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)].map(DVec2::from);
        let core = Geometry::rounded_polygon(&corners, 0.2).unwrap();
        Shape::new(core, Pose::new(DVec2::new(x, y), 0.2))
    }

    #[test]
    fn a_rounded_pairs_support_lines_are_the_ones_its_test_measures_from() {
        // σ > 0 (the radii): the support point's test measures how far x lies beyond
        // the line through w grown by σ; the line drawn is that one, so x lies the
        // event's gap (the narration's number) beyond the line in the picture.
        let (a, b) = (capsule(0.0, 0.0), rounded_box(4.0, 1.3));
        let motion_b = Motion::translation(DVec2::new(-6.0, -1.0));
        let steps =
            CastVisualizer(CastAlgorithm::ShapeCast).moving_steps(&a, Motion::NONE, &b, motion_b);
        let options = CastOptions::default();
        let events = record(ShapeCast::new(&a, Motion::NONE, &b, motion_b, &options));
        let gaps: Vec<f64> = events
            .iter()
            .filter_map(|f| match f.event {
                ShapeCastEvent::Support { plane_gap, .. } => Some(plane_gap),
                _ => None,
            })
            .collect();
        let drawn: Vec<f64> = steps
            .iter()
            .filter(|s| s.narration.starts_with("Support point along d"))
            .map(|s| {
                let line = s.items.iter().find_map(|i| match i {
                    Item::Cast(Figure::Plane { normal, point, .. }) => Some((*normal, *point)),
                    _ => None,
                });
                let x = s.items.iter().find_map(|i| match i {
                    Item::Cast(Figure::Ray { ray, lambda }) => Some(*ray * *lambda),
                    _ => None,
                });
                let ((n, p), x) = (line.unwrap(), x.unwrap());
                assert!(s.narration.contains("grown by σ"), "{}", s.narration);
                (x - p).dot(n)
            })
            .collect();
        assert!(
            gaps.len() >= 3 && gaps.len() == drawn.len(),
            "{gaps:?} {drawn:?}"
        );
        for (gap, drawn) in gaps.iter().zip(&drawn) {
            assert!(
                (gap - drawn).abs() < 1e-12,
                "the event's {gap}, drawn {drawn}"
            );
        }
    }

    #[test]
    fn times_and_durations_are_written_so_that_they_differ() {
        assert_eq!(time(-0.0), "0.0000");
        assert_eq!(time(-0.7), "−0.7000");
        assert_eq!(time(0.47504), "0.4750");
        let (from, to) = times_between(0.436_312, 0.436_314_1);
        assert_ne!(from, to);
        assert_eq!((from.as_str(), to.as_str()), ("0.436312", "0.436314"));
        assert_eq!(times_between(0.25, 0.5), ("0.2500".into(), "0.5000".into()));
        assert_eq!(times_between(0.3, 0.3), ("0.3000".into(), "0.3000".into()));
        assert_eq!(duration(2.1e-6), "2.1e−6");
        assert_eq!(duration(0.475), "0.4750");
        assert_eq!(duration(0.0), "0.0000");
    }

    #[test]
    fn the_time_of_impact_compares_its_count_with_advancements_own() {
        // Head on (the same count either way) and turning (advancement crawls): the
        // hit's sentence says which, from the two methods' own runs.
        let box_at = |x: f64| rounded_box(x, 0.0);
        let cases = [
            (Motion::translation(DVec2::new(-5.0, 0.0)), "takes as many"),
            (
                Motion::new(DVec2::new(-2.6, 0.3), 3.0),
                "the root finder follows",
            ),
        ];
        for (motion, said) in cases {
            let (a, b) = (box_at(0.0), box_at(3.0));
            let options = CastOptions::default();
            let toi = TimeOfImpact::new(&a, Motion::NONE, &b, motion, &options).run();
            let advancement = Advancement::new(&a, Motion::NONE, &b, motion, &options).run();
            assert!(toi.hit && advancement.hit, "{toi:?} {advancement:?}");
            let wanted = match advancement.iterations.cmp(&toi.iterations) {
                std::cmp::Ordering::Greater => "the root finder follows",
                std::cmp::Ordering::Equal => "takes as many",
                std::cmp::Ordering::Less => "takes only",
            };
            assert_eq!(wanted, said, "{toi:?} {advancement:?}");
            let steps = CastVisualizer(CastAlgorithm::TimeOfImpact).moving_steps(
                &a,
                Motion::NONE,
                &b,
                motion,
            );
            let last = &steps.last().unwrap().narration;
            assert!(last.contains(said), "{last}");
        }
    }
}
