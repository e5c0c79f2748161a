//! The support-point rule — `a` a farthest point of A along `d`, `b` of B along `−d`,
//! `p = a − b`; or, when the file gives `p` alone, `p` a farthest point of `A − B`
//! along `d` — and the causes read from a support point that breaks it: B's point
//! along `+d`, the ellipse's point at the angle of `d`, float (`f32`) rounding of
//! coordinates far from the origin, a trace of `B − A`, a trace of another pair.

use super::geom::{self, difference_corners, difference_outside_by, Body};
use super::read::Support;
use super::text::{text, Text};
use super::{Cause, Context, Finding};
use glam::DVec2;

/// How far f32 storage of world coordinates moves a number of magnitude `far`: a few
/// units in the last place of an `f32` (its epsilon is 2⁻²³ ≈ 1.2e-7), enough for a
/// vertex rounded once and a difference of two of them rounded again.
pub(crate) fn float32_slack(far: f64) -> f64 {
    8.0 * f64::from(f32::EPSILON) * far
}

/// How a point of `A − B` (or of its mirror `B − A`) stands: how far short of the
/// farthest reach along `u` it is, and how far it is off the difference (from its
/// nearest vertex difference when the pair has corners, else outside it).
#[derive(Clone, Copy, Debug)]
struct Standing {
    short: f64,
    off: f64,
}

impl Standing {
    fn worst(&self) -> f64 {
        self.short.max(self.off)
    }
}

impl Context<'_> {
    /// The largest world coordinate of the pair (for f32's rounding).
    fn far(&self) -> f64 {
        self.a.far().max(self.b.far())
    }

    /// How `p` stands as a support point of `a − b` along the unit `u`.
    fn standing(a: &Body, b: &Body, p: DVec2, u: DVec2) -> Standing {
        let reach = a.support_value(u) + b.support_value(-u);
        let off = match difference_corners(a, b) {
            Some(corners) => corners
                .iter()
                .map(|c| (*c - p).length())
                .fold(f64::INFINITY, f64::min),
            None => difference_outside_by(a, b, p),
        };
        Standing {
            short: reach - p.dot(u),
            off,
        }
    }

    /// Whether a support point of the file lies on this pair at all, either way round
    /// (within `t`): its sources on A and B (or on B and A), or `p` on `A − B` or on
    /// `B − A` (a vertex difference, when the pair has corners).
    pub(crate) fn fits_pair(&self, s: &Support, t: f64) -> bool {
        let (a, b) = (&self.a, &self.b);
        match (s.a, s.b) {
            (Some(pa), Some(pb)) => {
                (a.outside_by(pa) <= t && b.outside_by(pb) <= t)
                    || (b.outside_by(pa) <= t && a.outside_by(pb) <= t)
            }
            _ => match difference_corners(a, b) {
                Some(corners) => corners
                    .iter()
                    .any(|c| (*c - s.p).length() <= t || (*c + s.p).length() <= t),
                None => {
                    difference_outside_by(a, b, s.p) <= t || difference_outside_by(b, a, s.p) <= t
                }
            },
        }
    }

    /// Checks a support point along `d`: `a` a farthest point of A along `d`, `b` of
    /// B along `−d`, `p = a − b`; with `p` alone, `p` a farthest point of `A − B`.
    pub fn check_support(&self, d: DVec2, s: &Support) -> Option<Finding> {
        let tol = self.tol.step;
        let points: Vec<DVec2> = [Some(s.p), s.a, s.b].into_iter().flatten().collect();
        let Some(u) = d.try_normalize() else {
            return Some(
                Finding::new(
                    "support point",
                    text!("check-found-direction-no-length", d = geom::v(d)),
                    text!("check-expected-nonzero-direction"),
                )
                .at(&points),
            );
        };
        let (Some(pa), Some(pb)) = (s.a, s.b) else {
            return self.check_difference(u, s.p).map(|f| f.at(&points));
        };
        if s.p_given && (s.p - (pa - pb)).length() > tol {
            return Some(
                Finding::new(
                    "support point",
                    text!(
                        "check-found-p-not-difference",
                        p = geom::v(s.p),
                        difference = geom::v(pa - pb)
                    ),
                    text!("check-expected-p-difference"),
                )
                .at(&points),
            );
        }
        for (body, point, dir, name, along) in
            [(&self.a, pa, u, "A", "d"), (&self.b, pb, -u, "B", "−d")]
        {
            let reach = body.support_value(dir);
            let short = reach - point.dot(dir);
            let outside = body.outside_by(point);
            if short <= tol && outside <= tol {
                continue;
            }
            let swapped = {
                let on = |body: &Body, q: DVec2, dir: DVec2| {
                    body.support_value(dir) - q.dot(dir) <= tol && body.outside_by(q) <= tol
                };
                on(&self.b, pa, u) && on(&self.a, pb, -u)
            };
            let cause = if body
                .angle_point(dir)
                .is_some_and(|q| (q - point).length() <= 10.0 * tol)
            {
                Some(Cause::EllipseAngleSupport)
            } else if short.max(outside) <= float32_slack(self.far()) {
                Some(Cause::Float32Storage)
            } else if swapped {
                Some(Cause::BMinusA)
            } else if outside <= tol && body.support_value(-dir) + point.dot(dir) <= tol {
                Some(Cause::SupportSign)
            } else if self.foreign {
                Some(Cause::AnotherPair)
            } else {
                None
            };
            let found = if outside > tol {
                text!(
                    "check-found-point-outside",
                    shape = name,
                    point = geom::v(point),
                    by = geom::num(outside)
                )
            } else {
                text!(
                    "check-found-point-short",
                    shape = name,
                    point = geom::v(point),
                    reach = geom::num(point.dot(dir)),
                    along = along,
                    short = geom::num(short)
                )
            };
            return Some(
                Finding::new(
                    "support point",
                    found,
                    text!(
                        "check-expected-farthest",
                        shape = name,
                        along = along,
                        dir = geom::v(dir),
                        reach = geom::num(reach)
                    ),
                )
                .cause(cause)
                .at(&points),
            );
        }
        None
    }

    /// `p` alone: a farthest point of `A − B` along the unit `u` — a vertex
    /// difference `aᵢ − bⱼ` when both shapes have corners, else a point on the
    /// boundary of `A − B` — within the step tolerance.
    fn check_difference(&self, u: DVec2, p: DVec2) -> Option<Finding> {
        let tol = self.tol.step;
        let (a, b) = (&self.a, &self.b);
        let here = Self::standing(a, b, p, u);
        if here.worst() <= tol {
            return None;
        }
        let corners = difference_corners(a, b).is_some();
        let reach = a.support_value(u) + b.support_value(-u);
        // B − A along u: −p on A − B along −u.
        let mirrored = Self::standing(a, b, -p, -u);
        let on_difference = |q: DVec2| match difference_corners(a, b) {
            Some(cs) => cs.iter().any(|c| (*c - q).length() <= tol),
            None => difference_outside_by(a, b, q) <= tol,
        };
        // B's point along +d (or A's along −d): p·u is h_A(u) − h_B(u) (or
        // h_B(−u) − h_A(−u)), and p is still a point of A − B.
        let wrong_sign = on_difference(p)
            && ((p.dot(u) - (a.support_value(u) - b.support_value(u))).abs() <= tol
                || (p.dot(u) - (b.support_value(-u) - a.support_value(-u))).abs() <= tol);
        let near = |w: DVec2| (w - p).length() <= 10.0 * tol;
        let angle = a
            .angle_point(u)
            .is_some_and(|q| near(q - b.support_point(-u)))
            || b.angle_point(-u)
                .is_some_and(|q| near(a.support_point(u) - q));
        let cause = if angle {
            Some(Cause::EllipseAngleSupport)
        } else if here.worst() <= float32_slack(self.far()) {
            Some(Cause::Float32Storage)
        } else if mirrored.worst() <= tol {
            Some(Cause::BMinusA)
        } else if wrong_sign {
            Some(Cause::SupportSign)
        } else if self.foreign {
            Some(Cause::AnotherPair)
        } else {
            None
        };
        let found = if here.off > tol && corners {
            text!(
                "check-found-no-vertex-difference",
                p = geom::v(p),
                off = geom::num(here.off)
            )
        } else if here.off > tol {
            text!(
                "check-found-outside-difference",
                p = geom::v(p),
                off = geom::num(here.off)
            )
        } else {
            text!(
                "check-found-difference-short",
                p = geom::v(p),
                reach = geom::num(p.dot(u)),
                short = geom::num(here.short)
            )
        };
        Some(
            Finding::new(
                "support point",
                found,
                if corners {
                    text!(
                        "check-expected-vertex-difference-farthest",
                        d = geom::v(u),
                        reach = geom::num(reach)
                    )
                } else {
                    text!(
                        "check-expected-difference-farthest",
                        d = geom::v(u),
                        reach = geom::num(reach)
                    )
                },
            )
            .cause(cause),
        )
    }
}

impl Context<'_> {
    /// Whether no support point of the file lies on this pair, either way round (see
    /// [`Context::fits_pair`]; within the answer's tolerance, or f32's rounding when
    /// the pair is far from the origin): a trace of another scene or pair.
    pub(crate) fn find_foreign(&self) -> bool {
        let t = self.tol.answer.max(float32_slack(self.far()));
        let mut any = false;
        for line in &self.file.steps {
            if !matches!(line.kind(), "support" | "refined") || !line.has("support") {
                continue;
            }
            let Ok(s) = line.support("support") else {
                continue;
            };
            if self.fits_pair(&s, t) {
                return false;
            }
            any = true;
        }
        any
    }
}
