//! Big shapes cost linear work (issue 22), counted, never timed: SAT's vertex
//! projections over a whole run, and the memory the outline of `A − B` takes. Both
//! were quadratic before — SAT scanned every vertex on each polygon's own edge normals
//! (a rounding tie at the top edge sent it to the full scan), and the outline was the
//! hull of all `n·m` vertex differences.
//!
//! (A test binary of its own: it counts the bytes the global allocator hands out.)

use gjk_lab_core::algorithms::sat::Sat;
use gjk_lab_core::algorithms::StepMachine;
use gjk_lab_core::minkowski::MinkowskiDifference;
use gjk_lab_core::shapes::{ConvexPolygon, Geometry, Pose, Shape};
use gjk_lab_core::DVec2;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The system allocator, counting the bytes each thread asks for.
struct Counting;

thread_local! {
    static BYTES: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: every call is forwarded unchanged to the system allocator; the counter is a
// thread-local cell with a constant initialiser (no allocation, no destructor).
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        BYTES.with(|b| b.set(b.get() + layout.size()));
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        BYTES.with(|b| b.set(b.get() + layout.size()));
        System.alloc_zeroed(layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        BYTES.with(|b| b.set(b.get() + new_size));
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Bytes this thread allocated while running `f`.
fn bytes_of<T>(f: impl FnOnce() -> T) -> (usize, T) {
    let before = BYTES.with(Cell::get);
    let value = f();
    (BYTES.with(Cell::get) - before, value)
}

/// A regular `n`-gon of radius `r` placed at `at`, turned by `turn`.
fn regular(n: usize, r: f64, at: DVec2, turn: f64) -> Shape {
    let vertices: Vec<DVec2> = (0..n)
        .map(|k| DVec2::from_angle(std::f64::consts::TAU * k as f64 / n as f64) * r)
        .collect();
    let polygon = ConvexPolygon::new(&vertices).expect("a convex polygon");
    Shape::new(Geometry::Polygon(polygon), Pose::new(at, turn))
}

/// SAT on two overlapping regular polygons tests every axis, `n + m` of them, and
/// projects a few vertices per axis: at most `20·(n + m)` in all, at 1,000 vertices as
/// at 40,000. (Before: every own edge normal scanned its polygon, `n² + m²`.)
#[test]
fn sat_projects_a_few_vertices_per_axis() {
    for n in [8, 1_000, 40_000] {
        for (offset, turn) in [(DVec2::new(1.5, 0.3), 0.0), (DVec2::new(0.2, -0.1), 0.37)] {
            let a = regular(n, 1.0, DVec2::ZERO, 0.1);
            let b = regular(n, 1.0, offset, turn);
            let mut sat = Sat::new(&a, &b);
            while sat.step().is_some() {}
            assert_eq!(
                sat.axes_tested(),
                2 * n,
                "{n}-gons overlap: every axis is tested"
            );
            let visited = sat.vertices_visited();
            assert!(
                visited <= 20 * 2 * n,
                "{n}-gons: {visited} vertex projections"
            );
        }
    }
}

/// A polygon whose bottom edge ties its neighbours within rounding (1.8e9 across, as
/// the fuzz finding of `climb`'s notes) still gets the full scan there — and the
/// answer agrees with the brute-force shadows.
#[test]
fn sat_still_scans_where_a_flat_bottom_would_fool_the_walk() {
    let a = regular(64, 9e8, DVec2::ZERO, 0.0);
    let b = regular(64, 9e8, DVec2::new(1.7e9, 1.0), 0.0);
    let mut sat = Sat::new(&a, &b);
    while sat.step().is_some() {}
    let outcome = sat.outcome().expect("ended");
    // Brute force: the smallest overlap over every edge normal of both polygons.
    let world = |s: &Shape| -> Vec<DVec2> {
        let Geometry::Polygon(p) = s.geometry() else {
            unreachable!()
        };
        p.vertices().iter().map(|&v| s.to_world(v)).collect()
    };
    let (va, vb) = (world(&a), world(&b));
    let mut smallest = f64::INFINITY;
    for poly in [&va, &vb] {
        for k in 0..poly.len() {
            let e = poly[(k + 1) % poly.len()] - poly[k];
            let n = DVec2::new(e.y, -e.x).normalize();
            let shadow = |vs: &[DVec2]| {
                vs.iter()
                    .map(|v| v.dot(n))
                    .fold((f64::MAX, f64::MIN), |(lo, hi), x| (lo.min(x), hi.max(x)))
            };
            let ((a0, a1), (b0, b1)) = (shadow(&va), shadow(&vb));
            smallest = smallest.min((a1 - b0).min(b1 - a0));
        }
    }
    let depth = outcome.penetration().map(|p| p.0).expect("they overlap");
    assert!(
        (depth - smallest).abs() <= 1e-6 * 9e8,
        "{depth} vs {smallest}"
    );
}

/// The outline of two polygons' `A − B` takes memory for its `n + m` vertices (the edge
/// merge), not for the `n·m` vertex differences: 2,000-gons, well under 1 MB (the
/// differences alone were 64 MB).
#[test]
fn the_outline_of_two_polygons_takes_linear_memory() {
    let n = 2_000;
    let a = regular(n, 1.0, DVec2::ZERO, 0.1);
    let b = regular(n, 0.7, DVec2::new(1.0, 0.4), 0.0);
    let (bytes, outline) = bytes_of(|| MinkowskiDifference::new(&a, &b).outline(0));
    assert!(outline.len() <= 2 * n);
    let budget = 4 * (2 * n) * std::mem::size_of::<DVec2>();
    assert!(
        bytes <= budget,
        "{bytes} bytes for two {n}-gons (budget {budget})"
    );
}

mod common;

use proptest::prelude::*;

/// The largest distance from a vertex of one convex outline to the other outline, both
/// ways: 0 when they are the same polygon.
fn outline_gap(p: &[DVec2], q: &[DVec2]) -> f64 {
    let to_outline = |x: DVec2, poly: &[DVec2]| {
        (0..poly.len())
            .map(|k| {
                gjk_lab_core::geometry::point_segment_distance(
                    x,
                    poly[k],
                    poly[(k + 1) % poly.len()],
                )
            })
            .fold(f64::INFINITY, f64::min)
    };
    let one = p.iter().map(|&x| to_outline(x, q)).fold(0.0, f64::max);
    let other = q.iter().map(|&x| to_outline(x, p)).fold(0.0, f64::max);
    one.max(other)
}

proptest! {
    #![proptest_config(common::proptest_config(20_000))]

    /// The outline the views draw — the edge merge — is the brute-force outline, the
    /// hull of all `n·m` vertex differences, for random convex polygons in random poses.
    #[test]
    fn the_edge_merge_is_the_hull_of_every_vertex_difference(
        ga in common::arb_convex_polygon(12, 0.2..3.0, 0.01),
        gb in common::arb_convex_polygon(12, 0.2..3.0, 0.01),
        (x, y, ra, rb) in (-4.0f64..4.0, -4.0f64..4.0, -3.2f64..3.2, -3.2f64..3.2),
    ) {
        let a = Shape::new(ga, Pose::new(DVec2::new(0.3, -0.2), ra));
        let b = Shape::new(gb, Pose::new(DVec2::new(x, y), rb));
        let world = |s: &Shape| -> Vec<DVec2> {
            let Geometry::Polygon(p) = s.geometry() else { unreachable!() };
            p.vertices().iter().map(|&v| s.to_world(v)).collect()
        };
        let (va, vb) = (world(&a), world(&b));
        let differences: Vec<DVec2> = va.iter().flat_map(|&p| vb.iter().map(move |&q| p - q)).collect();
        let hull = gjk_lab_core::geometry::convex_hull(&differences);
        let merged = MinkowskiDifference::new(&a, &b).outline(0);
        prop_assert!(merged.len() <= va.len() + vb.len());
        prop_assert!(outline_gap(&hull, &merged) < 1e-12 * 16.0, "{:?} vs {:?}", hull, merged);
    }
}
