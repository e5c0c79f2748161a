//! No query allocates: a counting global allocator wraps the system's, and every fast
//! query (intersection, distance and closest points, penetration, the contact manifold)
//! runs on the benchmark's pair types — 8-gons, boxes, a circle and an ellipse against
//! an 8-gon — overlapping, touching and apart, while the count must stay at zero; and
//! so does a broad-phase frame of 1,000 moving boxes once its buffers have grown.
//!
//! (A test binary of its own: the global allocator counts for the whole process, so
//! the queries run on one thread, with the counter read before and after. EPA takes
//! its polytope's buffers from a per-thread spare and gives them back, so the first
//! penetration query of a thread allocates them once, before the counting.)

use gjk_lab_core::algorithms::sap::SweepAndPrune;
use gjk_lab_core::crowd::Crowd;
use gjk_lab_core::query;
use gjk_lab_core::shapes::{Aabb, Circle, ConvexPolygon, Ellipse, Geometry, Pose, Shape};
use gjk_lab_core::DVec2;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The system allocator, counting every allocation and reallocation.
struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded unchanged to the system allocator; the counter is
// only an atomic increment.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        System.alloc_zeroed(layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn regular(n: usize, radius: f64) -> Geometry {
    let vertices: Vec<DVec2> = (0..n)
        .map(|i| DVec2::from_angle(std::f64::consts::TAU * (i as f64 + 0.5) / n as f64) * radius)
        .collect();
    Geometry::Polygon(ConvexPolygon::new(&vertices).expect("a convex polygon"))
}

fn shape(geometry: &Geometry, x: f64, y: f64, rotation: f64) -> Shape {
    Shape::new(geometry.clone(), Pose::new(DVec2::new(x, y), rotation))
}

/// Allocations made by `f`.
fn allocations_of(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.load(Ordering::SeqCst);
    f();
    ALLOCATIONS.load(Ordering::SeqCst) - before
}

#[test]
fn no_query_allocates_on_any_pair_type() {
    let octagon = regular(8, 1.0);
    let square = regular(4, 1.0);
    let circle = Geometry::Circle(Circle { radius: 0.9 });
    let ellipse = Geometry::Ellipse(Ellipse { a: 1.4, b: 0.6 });
    let kinds = [
        ("8-gon", &octagon, &octagon),
        ("box", &square, &square),
        ("circle", &circle, &octagon),
        ("ellipse", &ellipse, &octagon),
    ];
    // EPA keeps its polytope's buffers for the next query on the same thread: the
    // first penetration query of a thread that runs EPA (an ellipse's: polygons take
    // face separation, circles against polygons the closed form) allocates them, no
    // later query does.
    let warm = shape(&ellipse, 0.0, 0.0, 0.0);
    std::hint::black_box(query::penetration(&warm, &warm));
    let mut problems = vec![];
    for (name, ga, gb) in kinds {
        // Deep, shallow, touching-ish and apart, at a few angles.
        for (k, dx) in [0.1, 0.9, 1.6, 1.95, 3.5].into_iter().enumerate() {
            for turn in [0.0, 0.3, 1.1] {
                let a = shape(ga, 0.2, -0.1, 0.4 * k as f64);
                let b = shape(gb, 0.2 + dx, 0.3 * turn, turn);
                let count = |what: &str, n: usize, problems: &mut Vec<String>| {
                    if n > 0 {
                        problems.push(format!(
                            "{name} dx {dx} turn {turn}: {what} allocated {n} times"
                        ));
                    }
                };
                let n = allocations_of(|| {
                    std::hint::black_box(query::intersects(&a, &b));
                });
                count("intersects", n, &mut problems);
                let n = allocations_of(|| {
                    std::hint::black_box(query::distance(&a, &b));
                });
                count("distance", n, &mut problems);
                let n = allocations_of(|| {
                    std::hint::black_box(query::penetration(&a, &b));
                });
                count("penetration", n, &mut problems);
                let n = allocations_of(|| {
                    std::hint::black_box(query::contacts(&a, &b));
                });
                count("contacts", n, &mut problems);
            }
        }
    }
    // The broad phase: once a motion has been seen (its buffers grown to the pairs,
    // end points and entering boxes it needs), replaying its frames allocates nothing.
    let mut crowd = Crowd::new(1000, 1);
    let frames: Vec<Vec<Aabb>> = (0..16)
        .map(|_| {
            crowd.step(1.0 / 60.0);
            crowd.aabbs()
        })
        .collect();
    let mut sap = SweepAndPrune::new();
    let run = |sap: &mut SweepAndPrune| {
        for boxes in &frames {
            for (i, b) in boxes.iter().enumerate() {
                sap.set(i as u32, *b);
            }
            std::hint::black_box(sap.update().len());
        }
    };
    // Buffers only grow, each to the most this motion needs (the replay's jump back
    // to the first frame rebuilds with other strips): three passes grow them all.
    for _ in 0..3 {
        run(&mut sap);
    }
    let n = allocations_of(|| run(&mut sap));
    if n > 0 {
        problems.push(format!("sweep and prune: 16 frames allocated {n} times"));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
