//! The moving shapes' questions: where the shape cast's ray enters `A − B`
//! ([`ray_entry`]), and the time of impact's deepest point ([`deepest_point`]).

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
