//! The moving shapes' questions: where the shape cast's ray enters `A − B`
//! ([`ray_entry`]), the time of impact's deepest point ([`deepest_point`]),
//! conservative advancement's next time ([`safe_step`]) and the sampled checks' first
//! sample within the target ([`sample_hit`]).

use super::*;

/// Where the ray `λ·r` (`λ ≥ 0`) from the origin first enters the convex polygon
/// `outline` (A − B at `t = 0`). Each edge facing the ray's start (outward normal `n`,
/// `n·r < 0`) is crossed where `n·(λ·r − p) = 0`, at `λ = n·p / n·r`; the ray is
/// inside once it has crossed every such line, so it enters at the largest of them,
/// if it is no later than where it leaves (the smallest crossing of the edges facing
/// away). The candidates are those crossings, valued by how far along the ray they lie
/// (`λ·|r|`, world units: the margins are measured on screen); `None` when the ray
/// misses or starts inside.
pub fn ray_entry(outline: &[DVec2], ray: DVec2) -> Option<Sheet> {
    let n = outline.len();
    if n < 3 || ray == DVec2::ZERO {
        return None;
    }
    // Counter-clockwise, so that `(e.y, −e.x)` points out of every edge `e`.
    let area: f64 = (0..n)
        .map(|i| outline[i].perp_dot(outline[(i + 1) % n]))
        .sum();
    let turn = if area < 0.0 { -1.0 } else { 1.0 };
    let mut entering = vec![];
    let mut leaves = f64::INFINITY;
    for i in 0..n {
        let (p, q) = (outline[i], outline[(i + 1) % n]);
        let e = q - p;
        let normal = DVec2::new(e.y, -e.x) * turn;
        let (towards, reach) = (normal.dot(ray), normal.dot(p));
        if towards < 0.0 {
            entering.push(reach / towards);
        } else if towards > 0.0 {
            leaves = leaves.min(reach / towards);
        } else if reach < 0.0 {
            return None; // parallel to an edge the ray lies beyond: it never enters
        }
    }
    let enters = entering.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !(enters > 0.0 && enters <= leaves && enters.is_finite()) {
        return None;
    }
    let scale = outline.iter().fold(ray.length(), |m, p| m.max(p.length()));
    let candidates = entering
        .into_iter()
        .filter(|&l| l >= 0.0 && l.is_finite())
        .map(|l| {
            let at = ray * l;
            Candidate::new(
                Part::Point {
                    symbol: "x",
                    at: point(at),
                },
                at,
                Space::Minkowski,
                l * ray.length(),
            )
        })
        .collect();
    Some(Sheet::judged(
        Checkpoint::RayEntry,
        None,
        Accept::Best {
            better: Better::Max,
            tolerance: 1e-9 * scale,
        },
        candidates,
        "the ray crosses that edge's line {} from the origin",
    ))
}

/// The time of impact's deepest point along a face at `t2`: each of the other shape's
/// `vertices` (world, at `t2`) valued by its separation from the face, `n·(v − f)`
/// with `n` the face's outward normal (the axis the time of impact follows, towards
/// the other shape) and `f` a point of the face. The deepest is the smallest.
pub fn deepest_point(vertices: &[DVec2], normal: DVec2, face: DVec2) -> Sheet {
    let n = normal.normalize_or_zero();
    let scale = vertices.iter().fold(face.length(), |m, v| {
        m.max(v.length()).max((*v - face).length())
    });
    let candidates = vertices
        .iter()
        .enumerate()
        .map(|(k, &v)| {
            let separation = n.dot(v - face);
            Candidate::new(Part::Vertex(k), v, Space::World, separation)
        })
        .collect();
    Sheet::judged(
        Checkpoint::DeepestPoint,
        None,
        Accept::Best {
            better: Better::Min,
            tolerance: 1e-9 * scale,
        },
        candidates,
        "its separation from the face along n is {}",
    )
}

/// What conservative advancement's next step is made of, as the step that bounds the
/// distance's shrinking shows it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Advance {
    /// The time now.
    pub t: f64,
    /// The distance `d` less the target `s`.
    pub gap: f64,
    /// `(v_A − v_B)·n`: the closing speed along the normal.
    pub linear: f64,
    /// `|ω_A|·R_A + |ω_B|·R_B`: what the turns can add.
    pub angular: f64,
    /// `|v_A − v_B|`: the whole closing speed, not only its part along `n`.
    pub speed: f64,
    /// `|ω_A| + |ω_B|`: the turns without their reach.
    pub spin: f64,
    /// The first touch, when the shapes meet in the step.
    pub touch: Option<f64>,
}

/// How near the rule's step a misreading's may land and still be offered: a step
/// within this share of the rule's is no misreading a learner can tell from it.
const MISREADING_SHARE: f64 = 0.15;

/// Conservative advancement's next time, on the time line: the rule's `t + Δt` with
/// `Δt = (d − s)/μ`, beside what its misreadings give — the turns left out of `μ`, the
/// turns without their reach (`|ω|` for `|ω|·R`), the whole closing speed
/// `|v_A − v_B|` instead of its part along `n`, the gap taken for the step (no `μ`), a
/// jump straight to the first touch — each valued by its `Δt`.
/// A misreading is offered only when it lands in the step (`t + Δt ≤ 1`) and away
/// from the rule's (by more than 15% of it). `None` when no step is taken
/// (`μ ≤ 0`, or the step leaves the interval) or nothing wrong is left to offer.
pub fn safe_step(next: &Advance) -> Option<Sheet> {
    let bound = next.linear + next.angular;
    let step = next.gap / bound;
    if !(bound > 0.0 && next.gap > 0.0 && next.t + step <= 1.0) {
        return None;
    }
    let mut steps = vec![step];
    let mut offer = |dt: f64| {
        let apart = (dt - step).abs() > MISREADING_SHARE * step;
        let fresh = steps.iter().all(|s| (dt - s).abs() > 1e-9 * (1.0 + s));
        if dt.is_finite() && dt > 0.0 && next.t + dt <= 1.0 && apart && fresh {
            steps.push(dt);
        }
    };
    if next.angular > 0.0 && next.linear > 0.0 {
        offer(next.gap / next.linear);
    }
    if next.angular > 0.0 {
        offer(next.gap / (next.linear + next.spin));
    }
    offer(next.gap / (next.speed + next.angular));
    offer(next.gap);
    if let Some(touch) = next.touch {
        offer(touch - next.t);
    }
    if steps.len() < 2 {
        return None;
    }
    steps.sort_by(f64::total_cmp);
    let candidates = steps
        .into_iter()
        .map(|dt| {
            let t = next.t + dt;
            Candidate::new(Part::Time(number(t)), DVec2::new(t, 0.0), Space::Time, dt)
        })
        .collect();
    Some(Sheet::judged(
        Checkpoint::SafeStep,
        None,
        Accept::Equal {
            answer: step,
            tolerance: 1e-9 * (1.0 + step),
        },
        candidates,
        "Δt = {}",
    ))
}

/// Where the "no sample" candidate of [`sample_hit`] sits on the time line: past its
/// end (a time above 1, [`Space::Time`]).
pub const NO_SAMPLE: f64 = 2.0;

/// The sampled checks' first sample within the target: each sample `(t_k, gap)` in
/// order, the gap being the shapes' distance less the target there (below zero when
/// they overlap: minus the depth), and last "no sample", valued by the smallest gap.
/// The first sample with a gap of at most 0 is right, or, when every gap is above
/// 0, "no sample". `None` without a sample.
pub fn sample_hit(samples: &[(f64, f64)]) -> Option<Sheet> {
    let smallest = samples.iter().map(|s| s.1).reduce(f64::min)?;
    let mut candidates: Vec<Candidate> = samples
        .iter()
        .enumerate()
        .map(|(k, &(t, gap))| {
            let part = Part::Sample {
                index: k + 1,
                t: number(t),
            };
            Candidate::new(part, DVec2::new(t, 0.0), Space::Time, gap)
        })
        .collect();
    candidates.push(Candidate::new(
        Part::NoSample,
        DVec2::new(NO_SAMPLE, 0.0),
        Space::Time,
        smallest,
    ));
    Some(Sheet::judged(
        Checkpoint::SampleHit,
        None,
        Accept::FirstWithin,
        candidates,
        "gap {}",
    ))
}

impl Sheet {
    /// The space whose scale measures the candidates' values, for a margin in pixels:
    /// the markers' own, but the world's for the sampled checks' (their values are
    /// distances in the world, their markers times on the time line).
    pub fn value_space(&self) -> Space {
        match self.kind {
            Checkpoint::SampleHit => Space::World,
            _ => self.candidates.first().map_or(Space::World, |c| c.space),
        }
    }
}
