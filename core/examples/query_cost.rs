//! Runs one fast query many times on fixed pairs, for counting instructions with
//! callgrind, which counts the same on a loaded machine as on an idle one:
//!
//! ```sh
//! cargo build --release --example query_cost
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/release/examples/query_cost penetration 8-gon 2000
//! ```
//!
//! Arguments: the query (`intersects`, `distance`, `penetration`, `contacts`), the pair
//! (`8-gon`, `box`, `circle`, `ellipse`: against an 8-gon, or a box against a box) and
//! how many rounds over the 64 pairs.

use gjk_lab_core::query;
use gjk_lab_core::shapes::{Circle, ConvexPolygon, Ellipse, Geometry, Pose, Shape};
use gjk_lab_core::DVec2;
use std::hint::black_box;

fn regular(n: usize) -> Geometry {
    let vertices: Vec<DVec2> = (0..n)
        .map(|i| DVec2::from_angle(std::f64::consts::TAU * (i as f64 + 0.5) / n as f64))
        .collect();
    Geometry::Polygon(ConvexPolygon::new(&vertices).expect("convex"))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (what, pair) = (
        args.get(1).map_or("penetration", |s| s),
        args.get(2).map_or("8-gon", |s| s),
    );
    let rounds: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let octagon = regular(8);
    let (ga, gb) = match pair {
        "box" => (regular(4), regular(4)),
        "circle" => (Geometry::Circle(Circle { radius: 0.9 }), octagon),
        "ellipse" => (Geometry::Ellipse(Ellipse { a: 1.4, b: 0.6 }), octagon),
        _ => (octagon.clone(), octagon),
    };
    // 64 overlapping poses, the same every run.
    let pairs: Vec<(Shape, Shape)> = (0..64)
        .map(|k| {
            let t = k as f64 / 64.0;
            let a = Shape::new(ga.clone(), Pose::new(DVec2::ZERO, 3.0 * t));
            let b = Shape::new(
                gb.clone(),
                Pose::new(
                    DVec2::from_angle(std::f64::consts::TAU * t) * (0.4 + 1.2 * t),
                    5.0 * t,
                ),
            );
            (a, b)
        })
        .collect();
    let mut sink = 0.0;
    for _ in 0..rounds {
        for (a, b) in &pairs {
            sink += match what {
                "intersects" => f64::from(u8::from(query::intersects(black_box(a), black_box(b)))),
                "distance" => query::distance(black_box(a), black_box(b)).distance,
                "contacts" => query::contacts(black_box(a), black_box(b))
                    .iter()
                    .map(|c| c.depth)
                    .sum(),
                _ => query::penetration(black_box(a), black_box(b)).map_or(0.0, |p| p.depth),
            };
        }
    }
    println!("{sink}");
}
