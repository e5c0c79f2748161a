//! What the narrow-phase benchmarks share: parry's stand-in for an ellipse, the seeded
//! random numbers that make every run time the same pairs, and the 8-gon.

use gjk_lab_core::shapes::{Geometry, Shape};
use gjk_lab_core::DVec2;
use parry2d_f64::math::Vector as PVec;
use parry2d_f64::shape::SupportMap;
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// parry has no ellipse: the same true support function, for parry's GJK and EPA.
pub struct ParryEllipse {
    /// Semi-axis along local x.
    pub a: f64,
    /// Semi-axis along local y.
    pub b: f64,
}

impl SupportMap for ParryEllipse {
    fn local_support_point(&self, dir: PVec) -> PVec {
        let (sx, sy) = (self.a * dir.x, self.b * dir.y);
        let len = (sx * sx + sy * sy).sqrt();
        if len > 0.0 {
            PVec::new(self.a * sx / len, self.b * sy / len)
        } else {
            PVec::new(self.a, 0.0)
        }
    }
}

/// Deterministic pseudo-random numbers (xorshift64*), so every run times the same pairs.
pub struct Rng(pub u64);

impl Rng {
    /// The next number in [0, 1).
    pub fn next(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// The regular 8-gon of radius 1 both benchmarks time, turned by 0.1 rad.
pub fn octagon_vertices() -> Vec<DVec2> {
    (0..8)
        .map(|i| DVec2::from_angle(std::f64::consts::TAU * i as f64 / 8.0 + 0.1))
        .collect()
}

/// Writes each row's pose pairs, shapes and gjk-lab's answers as plain text to the file
/// named by `GJK_LAB_POSES`, so that another library (`scripts/box2d-bench.sh`) can time
/// the very same pairs and check its answers against gjk-lab's. Without the variable it
/// writes nothing. The first row of a run truncates the file, later rows append:
///
/// ```text
/// row <pairs> <label>       e.g. "row 1024 8-gon vs 8-gon: contact manifold"
/// a polygon <n> <x y>…      shape A in its local frame (or: a circle <r>,
///                           a ellipse <a> <b>, a concave)
/// b …                       shape B, the same way
/// <ax ay a_rot bx by b_rot> <hit value pa_x pa_y pb_x pb_y contacts>   one line per pair
/// ```
///
/// Poses are world positions and rotations in radians. `hit` is 0 or 1; `value` is the
/// distance, the depth or the deepest contact's depth; `pa`, `pb` are the closest points
/// (distance) or the normal in `pa` (penetration); `contacts` the manifold's point count.
#[allow(dead_code)] // only narrow_interleaved writes its poses
pub struct PoseDump {
    out: Option<BufWriter<File>>,
    /// Whether the row's `a` and `b` lines are written (with its first pair).
    shapes_written: bool,
}

/// Set by the first row that opens the pose file, so that later rows append to it.
static POSE_FILE_STARTED: AtomicBool = AtomicBool::new(false);

#[allow(dead_code)] // only narrow_interleaved writes its poses
impl PoseDump {
    /// Starts one row (does nothing unless `GJK_LAB_POSES` is set).
    pub fn new(label: &str, query: &str, pairs: usize) -> Self {
        let Some(path) = std::env::var_os("GJK_LAB_POSES") else {
            return PoseDump {
                out: None,
                shapes_written: false,
            };
        };
        let first = !POSE_FILE_STARTED.swap(true, Ordering::Relaxed);
        let file = OpenOptions::new()
            .create(true)
            .write(true)
            .truncate(first)
            .append(!first)
            .open(&path)
            .unwrap_or_else(|e| panic!("GJK_LAB_POSES={}: {e}", path.to_string_lossy()));
        let mut out = BufWriter::new(file);
        writeln!(out, "row {pairs} {label}: {query}").expect("writing GJK_LAB_POSES");
        PoseDump {
            out: Some(out),
            shapes_written: false,
        }
    }

    /// One pair: where the shapes are and gjk-lab's answer (`points`: closest points or
    /// normal, see the format above).
    pub fn pair(
        &mut self,
        (a, b): (&Shape, &Shape),
        hit: bool,
        value: f64,
        points: [DVec2; 2],
        contacts: usize,
    ) {
        let Some(out) = self.out.as_mut() else {
            return;
        };
        if !self.shapes_written {
            self.shapes_written = true;
            writeln!(out, "a {}\nb {}", geometry_text(a), geometry_text(b))
                .expect("writing GJK_LAB_POSES");
        }
        let (pa, pb) = (a.pose(), b.pose());
        let [p, q] = points;
        writeln!(
            out,
            "{} {} {} {} {} {} {} {} {} {} {} {} {contacts}",
            pa.position.x,
            pa.position.y,
            pa.rotation,
            pb.position.x,
            pb.position.y,
            pb.rotation,
            hit as u8,
            value,
            p.x,
            p.y,
            q.x,
            q.y,
        )
        .expect("writing GJK_LAB_POSES");
    }
}

/// A shape's geometry in its local frame, as one line of the pose file.
#[allow(dead_code)] // only narrow_interleaved writes its poses
fn geometry_text(shape: &Shape) -> String {
    match shape.geometry() {
        Geometry::Polygon(p) => {
            let vertices: Vec<String> = p
                .vertices()
                .iter()
                .map(|v| format!("{} {}", v.x, v.y))
                .collect();
            format!("polygon {} {}", vertices.len(), vertices.join(" "))
        }
        Geometry::Circle(c) => format!("circle {}", c.radius),
        Geometry::Ellipse(e) => format!("ellipse {} {}", e.a, e.b),
        Geometry::Concave(_) => "concave".to_string(),
        Geometry::Capsule(c) => format!(
            "capsule {} {} {} {} {}",
            c.a().x,
            c.a().y,
            c.b().x,
            c.b().y,
            c.radius()
        ),
        Geometry::Rounded(r) => {
            let vertices: Vec<String> = r
                .core()
                .vertices()
                .iter()
                .map(|v| format!("{} {}", v.x, v.y))
                .collect();
            format!(
                "rounded {} {} {}",
                r.radius(),
                vertices.len(),
                vertices.join(" ")
            )
        }
    }
}
