//! Hit-testing: which shape, or which polygon vertex, lies under the mouse.
//!
//! Shapes are drawn in *paint order* (the other shapes first, then B, then A on top),
//! so picking walks that order backwards: the shape a learner sees on top is the one
//! they grab.

use gjk_lab_core::shapes::Shape;
use glam::DVec2;

/// The order shapes are painted in: every shape except A and B, then B, then A.
pub fn paint_order(count: usize, a: usize, b: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..count).filter(|&i| i != a && i != b).collect();
    for top in [b, a] {
        if top < count && !order.contains(&top) {
            order.push(top);
        }
    }
    order
}

/// The topmost shape containing the world point `p`, or whose outline lies within
/// `slop` world units of it (so thin shapes can still be grabbed).
pub fn pick_shape(shapes: &[&Shape], order: &[usize], p: DVec2, slop: f64) -> Option<usize> {
    let hit = |i: usize| {
        shapes
            .get(i)
            .is_some_and(|s| s.contains_point(p) || near_outline(s, p, slop))
    };
    order.iter().rev().copied().find(|&i| hit(i))
}

/// Whether `p` lies within `slop` of the shape's boundary (cheap box test first).
fn near_outline(shape: &Shape, p: DVec2, slop: f64) -> bool {
    let bb = shape.aabb();
    let grown = |v: DVec2| {
        v.x >= bb.min.x - slop
            && v.x <= bb.max.x + slop
            && v.y >= bb.min.y - slop
            && v.y <= bb.max.y + slop
    };
    if slop <= 0.0 || !grown(p) {
        return false;
    }
    let outline = shape.outline(64);
    let n = outline.len();
    (0..n).any(|i| {
        gjk_lab_core::geometry::point_segment_distance(p, outline[i], outline[(i + 1) % n]) <= slop
    })
}

/// The vertex of a polygon (convex, or a concave outline) or of a capsule's or a
/// rounded polygon's core within `radius` world units of `p` (the nearest one), or
/// `None` for circles and ellipses.
pub fn pick_vertex(shape: &Shape, p: DVec2, radius: f64) -> Option<usize> {
    shape
        .geometry()
        .core_vertices()?
        .iter()
        .map(|&v| (shape.to_world(v) - p).length())
        .enumerate()
        .filter(|&(_, d)| d <= radius)
        .min_by(|x, y| x.1.total_cmp(&y.1))
        .map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gjk_lab_core::shapes::{Circle, ConvexPolygon, Geometry, Pose};

    fn square(x: f64) -> Shape {
        Shape::new(
            Geometry::Polygon(ConvexPolygon::rectangle(1.0, 1.0)),
            Pose::new(DVec2::new(x, 0.0), 0.0),
        )
    }

    #[test]
    fn paint_order_puts_a_on_top_of_b_on_top_of_the_rest() {
        assert_eq!(paint_order(4, 1, 2), vec![0, 3, 2, 1]);
        assert_eq!(paint_order(2, 0, 1), vec![1, 0]);
    }

    #[test]
    fn paint_order_ignores_out_of_range_pair() {
        assert_eq!(paint_order(2, 5, 5), vec![0, 1]);
    }

    #[test]
    fn picks_the_shape_under_the_point() {
        let (s0, s1) = (square(0.0), square(5.0));
        let shapes = [&s0, &s1];
        let order = paint_order(2, 0, 1);
        assert_eq!(
            pick_shape(&shapes, &order, DVec2::new(5.5, 0.5), 0.0),
            Some(1)
        );
        assert_eq!(
            pick_shape(&shapes, &order, DVec2::new(-0.5, 0.0), 0.0),
            Some(0)
        );
        assert_eq!(pick_shape(&shapes, &order, DVec2::new(2.5, 0.0), 0.0), None);
    }

    #[test]
    fn overlap_picks_a_because_a_is_painted_last() {
        let (s0, s1) = (square(0.0), square(1.0));
        let shapes = [&s0, &s1];
        // A is shape 1, B is shape 0: A is on top.
        let order = paint_order(2, 1, 0);
        assert_eq!(
            pick_shape(&shapes, &order, DVec2::new(0.5, 0.0), 0.0),
            Some(1)
        );
        let order = paint_order(2, 0, 1);
        assert_eq!(
            pick_shape(&shapes, &order, DVec2::new(0.5, 0.0), 0.0),
            Some(0)
        );
    }

    #[test]
    fn slop_grabs_just_outside_the_outline() {
        let c = Shape::new(Geometry::Circle(Circle { radius: 1.0 }), Pose::default());
        let shapes = [&c];
        let p = DVec2::new(1.05, 0.0);
        assert_eq!(pick_shape(&shapes, &[0], p, 0.0), None);
        assert_eq!(pick_shape(&shapes, &[0], p, 0.1), Some(0));
    }

    #[test]
    fn picks_the_nearest_vertex_within_radius() {
        let s = square(10.0);
        // Rectangle vertices (CCW from (−1, −1)), moved by (10, 0).
        let v = pick_vertex(&s, DVec2::new(11.05, 0.97), 0.2).expect("a vertex");
        let Geometry::Polygon(p) = s.geometry() else {
            unreachable!()
        };
        assert_eq!(s.to_world(p.vertex(v)), DVec2::new(11.0, 1.0));
        assert_eq!(pick_vertex(&s, DVec2::new(10.0, 0.0), 0.2), None);
    }

    #[test]
    fn a_capsules_ends_are_its_vertices() {
        let c = Shape::new(
            Geometry::capsule(DVec2::new(-1.0, 0.0), DVec2::new(1.0, 0.0), 0.5).unwrap(),
            Pose::new(DVec2::new(5.0, 0.0), 0.0),
        );
        assert_eq!(pick_vertex(&c, DVec2::new(6.05, 0.0), 0.2), Some(1));
        assert_eq!(pick_vertex(&c, DVec2::new(3.9, 0.1), 0.2), Some(0));
        // The round end's tip is no vertex: the core's end is.
        assert_eq!(pick_vertex(&c, DVec2::new(6.5, 0.0), 0.2), None);
    }

    #[test]
    fn circles_have_no_vertices() {
        let c = Shape::new(Geometry::Circle(Circle { radius: 1.0 }), Pose::default());
        assert_eq!(pick_vertex(&c, DVec2::new(1.0, 0.0), 1.0), None);
    }
}
