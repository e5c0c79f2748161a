//! The SAT cast (separating axes in time): the shape cast's ray through A − B at
//! t = 0, clipped by each edge of A − B in turn — each face's gap a line in t.

use super::super::{num, vec2, Claim, Item, Step};
use super::{gap, hit_normal, poses_at, time, Figure, Pair, PoseRole, Story};
use crate::app::i18n::tr;
use gjk_lab_core::algorithms::answer::Side;
use gjk_lab_core::algorithms::cast::sat_cast::{
    Change, SatCast, SatCastEvent, SatCastOutcome, Unsupported,
};
use gjk_lab_core::algorithms::cast::CastResult;
use gjk_lab_core::algorithms::{record, Algorithm};
use gjk_lab_core::lesson::Checkpoint;
use gjk_lab_core::shapes::{Geometry, Pose, Shape};
use glam::DVec2;

/// The steps of the SAT cast.
pub(super) fn sat_cast_steps(machine: SatCast, pair: Pair) -> Vec<Step> {
    let frames = record(machine);
    let mut story = Story::default();
    let mut ray = DVec2::ZERO;
    let mut window = (0.0, 1.0);
    frames
        .into_iter()
        .map(|frame| {
            let result = frame.state.result();
            let line = frame.event.line();
            match frame.event {
                SatCastEvent::Start {
                    ray: r,
                    faces,
                    pose_a,
                    pose_b,
                } => {
                    ray = r;
                    story.look(0.0, pose_a, pose_b, false);
                    let narration = tr!("cast-sat-start", r = vec2(r), faces = faces.to_string());
                    let items = vec![
                        Item::Cast(Figure::Ray { ray, lambda: 0.0 }),
                        story.times(Some(0.0)),
                    ];
                    Step::new(&tr!("cast-title-ray"), narration, line, items).claiming(vec![
                        Claim::Vector {
                            label: "r",
                            value: r,
                        },
                    ])
                }
                SatCastEvent::Face {
                    face_of,
                    normal,
                    vertex_point,
                    edge_point,
                    gap: s,
                    rate,
                    crossing,
                    t_in,
                    t_out,
                    change,
                    ..
                } => {
                    window = (t_in, t_out);
                    let (shape, other) = names(face_of);
                    let how = how(s, rate, change, t_in);
                    // What the window is now: no sentence after a gap that never
                    // closes (the cast ends there), none left when t_in > t_out.
                    let window_kind = if how == "open" {
                        "none"
                    } else if t_in > t_out {
                        "empty"
                    } else {
                        "closed"
                    };
                    let narration = tr!(
                        "cast-sat-face",
                        shape = shape,
                        other = other,
                        n = vec2(normal),
                        s = gap(s),
                        c = num(rate),
                        how = how,
                        cross = far_time(crossing.unwrap_or(t_in)),
                        window = window_kind,
                        t_in = far_time(t_in),
                        t_out = time(t_out)
                    );
                    let mut items = vec![];
                    let mut claims = vec![Claim::Vector {
                        label: "n",
                        value: normal,
                    }];
                    if t_in > 0.0 && t_in <= 1.0 {
                        // The shapes where every gap measured so far has closed.
                        let label = format!("t = {}", time(t_in));
                        let (ghost, claim) =
                            poses_at(t_in, placed(&pair, t_in), PoseRole::Current, label, None);
                        items.push(ghost);
                        claims.push(claim);
                    }
                    // The gap: from the face's line to the other shape's vertex deepest
                    // towards it, along n (A's face) or against it (B's face).
                    let along = if face_of == Side::A { normal } else { -normal };
                    let gap_label = "s".to_string();
                    items.push(Item::Cast(Figure::Gap {
                        a: vertex_point - along * s,
                        b: vertex_point,
                        label: gap_label.clone(),
                        from_face: true,
                    }));
                    claims.push(Claim::Labelled(gap_label));
                    items.push(Item::Cast(Figure::Arrow {
                        at: vertex_point,
                        vector: normal,
                        label: "n",
                    }));
                    // x at t_in, on the ray's part inside the step.
                    let lambda = t_in.min(1.0);
                    items.push(Item::Cast(Figure::Ray { ray, lambda }));
                    items.push(Item::Cast(Figure::Plane {
                        normal,
                        point: edge_point,
                        edge: true,
                    }));
                    items.push(story.times(Some(lambda)));
                    let title = tr!("cast-title-sat-face", shape = shape);
                    Step::new(&title, narration, line, items).claiming(claims)
                }
                SatCastEvent::Done { outcome } => {
                    let end = End {
                        pair,
                        result,
                        ray,
                        window,
                    };
                    sat_cast_result(outcome, end, &mut story, line)
                }
            }
        })
        .collect()
}

/// A's and B's poses at time `t` of their motions (world).
fn placed(pair: &Pair, t: f64) -> (Pose, Pose) {
    let [ma, mb] = pair.motions;
    (ma.pose_at(pair.a.pose(), t), mb.pose_at(pair.b.pose(), t))
}

/// "A" and "B" for a face of `side`: whose face, and whose vertex lies behind it.
fn names(side: Side) -> (&'static str, &'static str) {
    match side {
        Side::A => ("A", "B"),
        Side::B => ("B", "A"),
    }
}

/// What one face's gap does to the window, as the narration's selector names it
/// (`t_in` after the face).
fn how(s: f64, c: f64, change: Change, t_in: f64) -> &'static str {
    match change {
        Change::Enter if t_in > 1.0 => "late",
        Change::Enter => "enter",
        Change::Exit => "exit",
        Change::None if c >= 0.0 && s > 0.0 => "open",
        // Closed already at t = 0 and closing further: its crossing lies before it.
        Change::None if c < 0.0 && s <= 0.0 => "closed",
        Change::None if c < 0.0 => "before",
        Change::None if c > 0.0 => "after",
        Change::None => "still",
    }
}

/// A time for narration, however far past the step: four places, or the first digits
/// and the power of ten past a million (a subnormal rate's crossing is the largest
/// finite number).
fn far_time(t: f64) -> String {
    if t.abs() < 1e6 {
        time(t)
    } else {
        format!("{t:.3e}")
    }
}

/// What the last step shows besides its outcome: the pair, the answer, the ray and
/// the window `[t_in, t_out]` of the last face.
struct End<'s> {
    pair: Pair<'s>,
    result: Option<CastResult>,
    ray: DVec2,
    window: (f64, f64),
}

/// The SAT cast's last step.
fn sat_cast_result(outcome: SatCastOutcome, end: End, story: &mut Story, line: usize) -> Step {
    let End {
        pair,
        result,
        ray,
        window: (t_in, t_out),
    } = end;
    let mut items = vec![];
    let mut claims = vec![];
    let hit_at = |t: f64, items: &mut Vec<Item>, claims: &mut Vec<Claim>| {
        let label = tr!("cast-label-hit", t = time(t));
        let (ghost, claim) = poses_at(t, placed(&pair, t), PoseRole::Hit, label, None);
        items.push(ghost);
        claims.push(claim);
    };
    let narration = match outcome {
        SatCastOutcome::InitialOverlap => tr!("cast-sat-overlap"),
        SatCastOutcome::Hit { t, face_of, .. } => {
            hit_at(t, &mut items, &mut claims);
            let (shape, _) = names(face_of);
            let hit = tr!(
                "cast-sat-hit",
                t = time(t),
                t_out = time(t_out),
                shape = shape
            );
            hit_normal(hit, result, &mut items, &mut claims)
        }
        SatCastOutcome::GapStaysOpen { .. } => tr!("cast-sat-open"),
        SatCastOutcome::PassesBy { t_in, t_out } => {
            tr!("cast-sat-passes", t_in = time(t_in), t_out = time(t_out))
        }
        SatCastOutcome::BeyondEnd { t_in } => tr!("cast-sat-beyond", t_in = time(t_in)),
        SatCastOutcome::TooCloseToCall { hit } => {
            let answer = match result.and_then(|r| r.t).filter(|_| hit) {
                Some(t) => {
                    hit_at(t, &mut items, &mut claims);
                    tr!("cast-sat-gjk-hit", t = time(t))
                }
                None => tr!("cast-sat-gjk-miss"),
            };
            tr!("cast-sat-too-close", answer = answer)
        }
        SatCastOutcome::NotApplicable { why } => {
            let why_turns = why == Unsupported::Rotating;
            let why = match why {
                Unsupported::Rotating => tr!("cast-sat-na-turns"),
                Unsupported::Shape(_) => {
                    let polygon = |s: &Shape| matches!(s.geometry(), Geometry::Polygon(_));
                    let odd = if polygon(pair.a) { pair.b } else { pair.a };
                    tr!("cast-sat-na-shape", kind = super::super::shape_kind(odd))
                }
                Unsupported::Target => tr!("cast-sat-na-target"),
            };
            let text = tr!("cast-sat-not-applicable", why = why);
            // A turn needs a method that follows turns; anything else, GJK-raycast.
            let instead = if why_turns {
                Algorithm::TimeOfImpact
            } else {
                Algorithm::ShapeCast
            };
            return super::super::instead_step(text, instead);
        }
    };
    let entered = result.and_then(|r| r.t).unwrap_or(t_in.min(1.0));
    items.push(Item::Cast(Figure::Ray {
        ray,
        lambda: entered,
    }));
    items.push(story.hit_times(result.and_then(|r| r.t)));
    let step = Step::result(narration, line, items).claiming(claims);
    // A hit after t = 0 is where the ray entered A − B: the last edge it crossed.
    if matches!(outcome, SatCastOutcome::Hit { .. }) {
        step.answering(Checkpoint::RayEntry)
    } else {
        step
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_gap_closed_at_the_start_is_not_said_to_close_at_a_negative_time() {
        // s ≤ 0 and c < 0: closed at t = 0 and closing further (its crossing −s/c ≤ 0).
        assert_eq!(how(-0.7, -1.0, Change::None, 0.3), "closed");
        assert_eq!(how(0.0, -1.0, Change::None, 0.3), "closed");
        // Open at t = 0 and closing no later than t_in: "before", a time in [0, t_in].
        assert_eq!(how(0.2, -1.0, Change::None, 0.3), "before");
        assert_eq!(how(-0.7, 1.0, Change::None, 0.3), "after");
        assert_eq!(how(0.7, 1.0, Change::None, 0.3), "open");
        assert_eq!(how(-0.7, 0.0, Change::None, 0.3), "still");
    }
}
