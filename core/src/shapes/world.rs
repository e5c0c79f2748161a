//! A shape in world coordinates as JSON, for programs in any language: a polygon's
//! world vertices, a circle's centre and radius, an ellipse's centre, semi-axes and
//! rotation. `gjk-lab world` prints a pair of them; `lesson --checkpoints` names its
//! pair the same way (`docs/cli.md`).

use super::{Geometry, Shape};
use serde::Serialize;

/// One shape in the world, serialised as `{"name", "kind": "polygon", "vertices":
/// [[x, y], …]}`, `{"name", "kind": "circle", "center": [x, y], "radius"}`,
/// `{"name", "kind": "ellipse", "center": [x, y], "axes": [a, b], "rotation"}`,
/// `{"name", "kind": "capsule", "a": [x, y], "b": [x, y], "radius"}` or
/// `{"name", "kind": "rounded_polygon", "vertices": [[x, y], …], "radius"}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum WorldShape {
    /// A convex polygon (or a concave one's outline), counter-clockwise.
    Polygon {
        /// The shape's name.
        name: String,
        /// Its vertices in the world.
        vertices: Vec<[f64; 2]>,
    },
    /// A circle.
    Circle {
        /// The shape's name.
        name: String,
        /// Its centre in the world.
        center: [f64; 2],
        /// Its radius.
        radius: f64,
    },
    /// An ellipse.
    Ellipse {
        /// The shape's name.
        name: String,
        /// Its centre in the world.
        center: [f64; 2],
        /// Its semi-axes along its own x and y.
        axes: [f64; 2],
        /// Its rotation (radians, counter-clockwise).
        rotation: f64,
    },
    /// A capsule: the segment `a–b` swept by a disk.
    Capsule {
        /// The shape's name.
        name: String,
        /// One end of its segment in the world.
        a: [f64; 2],
        /// The other end.
        b: [f64; 2],
        /// The disk's radius.
        radius: f64,
    },
    /// A convex polygon swept by a disk.
    RoundedPolygon {
        /// The shape's name.
        name: String,
        /// Its core polygon's vertices in the world, counter-clockwise.
        vertices: Vec<[f64; 2]>,
        /// The disk's radius.
        radius: f64,
    },
}

impl WorldShape {
    /// Shape `shape` named `name`, in world coordinates.
    pub fn new(name: &str, shape: &Shape) -> Self {
        let c = shape.position();
        let name = name.to_string();
        match shape.geometry() {
            Geometry::Circle(circle) => WorldShape::Circle {
                name,
                center: [c.x, c.y],
                radius: circle.radius,
            },
            Geometry::Ellipse(e) => WorldShape::Ellipse {
                name,
                center: [c.x, c.y],
                axes: [e.a, e.b],
                rotation: shape.pose().rotation,
            },
            Geometry::Capsule(capsule) => {
                let (a, b) = (shape.to_world(capsule.a()), shape.to_world(capsule.b()));
                WorldShape::Capsule {
                    name,
                    a: [a.x, a.y],
                    b: [b.x, b.y],
                    radius: capsule.radius(),
                }
            }
            Geometry::Rounded(r) => WorldShape::RoundedPolygon {
                name,
                vertices: r
                    .core()
                    .vertices()
                    .iter()
                    .map(|&v| {
                        let w = shape.to_world(v);
                        [w.x, w.y]
                    })
                    .collect(),
                radius: r.radius(),
            },
            geometry => WorldShape::Polygon {
                name,
                vertices: geometry
                    .polygon_vertices()
                    .unwrap_or_default()
                    .iter()
                    .map(|&v| {
                        let w = shape.to_world(v);
                        [w.x, w.y]
                    })
                    .collect(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shapes::{Circle, ConvexPolygon, Pose};
    use glam::DVec2;

    #[test]
    fn a_shape_is_written_in_the_world() {
        let square = Shape::new(
            Geometry::Polygon(ConvexPolygon::rectangle(1.0, 1.0)),
            Pose::new(DVec2::new(10.0, 0.0), std::f64::consts::FRAC_PI_2),
        );
        let json = serde_json::to_value(WorldShape::new("A", &square)).unwrap();
        assert_eq!(json["kind"], "polygon");
        assert_eq!(json["name"], "A");
        let first = &json["vertices"][0];
        // (−1, −1) turned a quarter and moved to (10, 0): (11, −1).
        assert!((first[0].as_f64().unwrap() - 11.0).abs() < 1e-12, "{json}");
        assert!((first[1].as_f64().unwrap() + 1.0).abs() < 1e-12, "{json}");
        let circle = Shape::new(
            Geometry::Circle(Circle { radius: 0.5 }),
            Pose::new(DVec2::new(1.0, 2.0), 0.3),
        );
        assert_eq!(
            serde_json::to_value(WorldShape::new("B", &circle)).unwrap(),
            serde_json::json!({"name": "B", "kind": "circle", "center": [1.0, 2.0], "radius": 0.5})
        );
    }
}
