//! Refining a normal on a curved `A − B`: the direction of smallest support value
//! near a first guess, found where the support function's slope is zero.
//!
//! GJK distance and EPA both stop when their bounds have converged, which on a curve
//! leaves the direction off by about the square root of their tolerance. Both then
//! hand their last direction to [`refine_normal`] and place the closest points (or the
//! contact points) with [`witness_pair`]. The module sits below both algorithms, so
//! that neither has to borrow from the other.

use crate::minkowski::{MinkowskiDifference, SupportPoint};
use crate::shapes::ShapeRef;
use glam::DVec2;

/// Most support points [`refine_normal`] computes.
const REFINE_EVALUATIONS: usize = 80;
/// [`refine_normal`] stops when the normal is known to this many radians: a thousand
/// times finer than the accuracy promised (1e-9), far above rounding.
const REFINE_WIDTH: f64 = 1e-12;

/// The points of A and B a refined direction `n` (from A towards B) gives, `gap` apart
/// along it (`b − a = gap·n`: the distance, or minus the depth). A curved shape's point
/// is its support point, moved out by its radius; a polygon's support point along a
/// face normal would be an end of the face, so the polygon's point is instead the
/// curved one's, `gap·n` away: the foot on the face. (A capsule's or a rounded
/// polygon's core is a polygon too: its flat sides are faces.)
pub(super) fn witness_pair(
    md: &MinkowskiDifference,
    support: &SupportPoint,
    n: DVec2,
    gap: f64,
) -> (DVec2, DVec2) {
    let is_polygon = |s: ShapeRef| s.geometry().polygon_core().is_some();
    let on_a = support.a + n * md.radius_a;
    let on_b = support.b - n * md.radius_b;
    if is_polygon(md.a) {
        (on_b - n * gap, on_b)
    } else if is_polygon(md.b) {
        (on_a, on_a + n * gap)
    } else {
        (on_a, on_b)
    }
}

/// What [`refine_normal`] found.
#[derive(Clone, Copy, Debug)]
pub(super) struct Refined {
    pub(super) normal: DVec2,
    /// `h(n) = w·n`, the support value of the core difference along `n`.
    pub(super) height: f64,
    pub(super) support: SupportPoint,
    pub(super) evaluations: usize,
}

/// One evaluation of [`refine_normal`]: at `u`, the slope `g = h'(θ)` and the second
/// derivative `k = h''(θ) = ρ − h`.
#[derive(Clone, Copy, Debug)]
struct Probe {
    u: f64,
    g: f64,
    k: f64,
    support: SupportPoint,
}

/// Where between two probes a polygon's support jumps from one vertex to another:
/// the normal at which the two vertices tie (`n ⟂ q − p`), as a `u` of `n0 + u·t0`
/// strictly between them. When the two vertices are ends of a face this is the
/// face's normal, a corner of `h` (the boundary of `A − B` has the face there).
fn corner_between(a: &Probe, b: &Probe, n0: DVec2, t0: DVec2) -> Option<f64> {
    let (x, y) = (&a.support, &b.support);
    let d = if x.vertex_a.is_some() && x.vertex_a != y.vertex_a {
        y.a - x.a
    } else if x.vertex_b.is_some() && x.vertex_b != y.vertex_b {
        y.b - x.b
    } else {
        return None;
    };
    let n = d.perp();
    // u = tan of the turn from n0 to ±n (the sign of n does not change the tie).
    let u = n.dot(t0) / n.dot(n0);
    (u.is_finite() && u > a.u && u < b.u).then_some(u)
}

/// The farthest [`refine_normal`] turns from its first normal (`u`, the tangent of
/// the turn: about 31°); GJK and EPA leave the normal far closer than that.
const REFINE_TURN: f64 = 0.6;

/// The normal of smallest support value near `n0`, on a curved `A − B`.
///
/// The depth is the smallest support value `h(θ) = w(θ)·n(θ)` over unit normals
/// `n(θ) = (cos θ, sin θ)`, and its slope is `h'(θ) = w(θ)·t(θ)` with `t = dn/dθ` (the
/// support point moves along the boundary, perpendicular to `n`, so only `n` turning
/// counts). EPA stops when `h` has converged, which on a curve leaves `θ` off by about
/// the square root of the tolerance; here `θ` is found where the slope is zero.
///
/// Newton's method does it in two or three support points: `h''(θ) = ρ(θ) − h(θ)`,
/// where `ρ` is the radius of curvature of the boundary at the support point (a
/// support function plus its second derivative is the radius of curvature; for an
/// ellipse `a²b²/h_E³`, and radii add under the Minkowski sum), so the step is
/// `Δθ = −h'/(ρ − h)`. Where the boundary has a corner (a flat polygon edge meets a
/// curve) the slope jumps and Newton's steps stop halving it; then a bracket, grown
/// until the slope changes sign, is shrunk by regula falsi (Illinois variant, with
/// bisection when it stalls) until it is [`REFINE_WIDTH`] wide, and closes on the
/// corner's normal all the same. Newton's step is taken only while it stays inside the
/// bracket and halves the slope.
pub(super) fn refine_normal(md: &MinkowskiDifference, n0: DVec2) -> Option<Refined> {
    // The normals near n0 as n(u) = (n0 + u·t0)/|n0 + u·t0|, t0 ⟂ n0: u = tan of the
    // turn, which grows with θ, so the slope's sign is the same, and no sine or cosine
    // is needed (du = (1 + u²)·dθ).
    let t0 = n0.perp();
    let normal = |u: f64| (n0 + t0 * u).normalize();
    let probe = |u: f64| {
        let n = normal(u);
        let support = md.support(n);
        let w = support.p;
        Probe {
            u,
            g: w.dot(n.perp()),
            k: md.curvature_radius(n) - w.dot(n),
            support,
        }
    };
    // Newton's step from a probe, in u; none without curvature to use (k ≤ 0: a
    // polygon's vertex against a vertex) or beyond the turn allowed.
    let newton = |p: Probe| {
        (p.k > 0.0 && p.k.is_finite())
            .then(|| p.u - p.g / p.k * (1.0 + p.u * p.u))
            .filter(|u| u.is_finite() && u.abs() <= REFINE_TURN)
    };
    let first = probe(0.0);
    let mut evaluations = 1;
    let mut last = first;
    let mut use_newton = true;
    // Where a Newton step shorter than the width settled the normal.
    let mut settled = None;
    let (mut lo, mut hi) = (0.0, 0.0);
    if first.g != 0.0 {
        // 1. Towards smaller h (against the slope's sign): Newton's steps while they
        //    go that way, else steps growing eightfold from 1e-7, until the slope
        //    changes sign (a bracket) or a Newton step is shorter than the width.
        let toward = -first.g.signum();
        let mut step = 1e-7;
        let far = loop {
            let guess = newton(last).filter(|u| use_newton && (u - last.u) * toward > 0.0);
            let u = match guess {
                Some(u) if (u - last.u).abs() <= REFINE_WIDTH => {
                    settled = Some(u);
                    break None;
                }
                Some(u) => u,
                None => {
                    use_newton = false;
                    let u = last.u + toward * step;
                    step *= 8.0;
                    if step > REFINE_TURN {
                        return None;
                    }
                    u
                }
            };
            let p = probe(u);
            evaluations += 1;
            if p.g == 0.0 {
                settled = Some(u);
                break None;
            }
            if p.g.signum() != first.g.signum() {
                break Some(p);
            }
            use_newton &= guess.is_some() && p.g.abs() <= 0.5 * last.g.abs();
            last = p;
            if evaluations >= REFINE_EVALUATIONS {
                return None;
            }
        };
        if let Some(far) = far {
            // 2. Shrink the bracket: Newton's step from the last probe while it lands
            //    inside and halves the slope, else regula falsi (Illinois: the end
            //    that stays is halved in weight).
            let (mut a, mut b) = if last.u < far.u {
                (last, far)
            } else {
                (far, last)
            };
            last = far;
            let mut side = 0;
            // Probes queued on both sides of a corner (once).
            let mut pending: [Option<f64>; 2] = [None, None];
            let mut corner_tried = false;
            while evaluations < REFINE_EVALUATIONS && b.u - a.u > REFINE_WIDTH {
                if !corner_tried {
                    if let Some(u) = corner_between(&a, &b, n0, t0) {
                        // The polygon's support changes vertex inside the bracket:
                        // the slope jumps at the face's normal, which regula falsi
                        // approaches slowly. Probe just beside it, both sides: they
                        // straddle the sign change (the answer is the face's normal),
                        // or leave a bracket on one smooth side, where Newton works.
                        let e = 0.25 * REFINE_WIDTH;
                        pending = [Some(u - e), Some(u + e)];
                        corner_tried = true;
                    }
                }
                let queued = pending
                    .iter_mut()
                    .find_map(Option::take)
                    .filter(|u| *u > a.u && *u < b.u);
                let guess = if queued.is_some() {
                    None
                } else {
                    newton(last).filter(|u| use_newton && *u > a.u && *u < b.u)
                };
                let u = match (queued, guess) {
                    (Some(u), _) => u,
                    (None, Some(u)) if (u - last.u).abs() <= REFINE_WIDTH => {
                        settled = Some(u);
                        break;
                    }
                    (None, Some(u)) => u,
                    (None, None) => {
                        let u = (a.u * b.g - b.u * a.g) / (b.g - a.g);
                        if u > a.u && u < b.u {
                            u
                        } else {
                            0.5 * (a.u + b.u)
                        }
                    }
                };
                let p = probe(u);
                evaluations += 1;
                if p.g == 0.0 {
                    settled = Some(u);
                    break;
                }
                use_newton = match (queued, guess) {
                    // Beside a corner: on a smooth side from here on.
                    (Some(_), _) => true,
                    (None, Some(_)) => use_newton && p.g.abs() <= 0.5 * last.g.abs(),
                    (None, None) => false,
                };
                if p.g.signum() == a.g.signum() {
                    a = p;
                    if side == -1 {
                        b.g *= 0.5;
                    }
                    side = -1;
                } else {
                    b = p;
                    if side == 1 {
                        a.g *= 0.5;
                    }
                    side = 1;
                }
                last = p;
            }
            (lo, hi) = (a.u, b.u);
        }
    }
    let n = normal(settled.unwrap_or(0.5 * (lo + hi)));
    let w = md.support(n);
    Some(Refined {
        normal: n,
        height: w.p.dot(n),
        support: w,
        evaluations: evaluations + 1,
    })
}
