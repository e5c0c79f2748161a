//! Box2D v3.1's casts, `b2ShapeCast` and `b2TimeOfImpact`, as a peer in gjk-lab's cast
//! benchmark (`core/benches/cast_interleaved.rs`): timed in the benchmark's own process,
//! taking turns with gjk-lab and parry round by round on the same pairs.
//!
//! Box2D's source is not part of gjk-lab. With `BOX2D_DIR` set to a Box2D v3.1 tree (an
//! absolute path) when building (`BOX2D_DIR=… cargo bench --bench cast_interleaved`), `build.rs`
//! compiles it with `shim.c`, which makes the pairs Box2D's inputs once (as
//! `scripts/box2d/cast_harness.c` does); otherwise [`available`] is false and
//! [`Row::new`] gives `None`.

/// Whether Box2D was compiled in (`BOX2D_DIR` was set at build time).
pub fn available() -> bool {
    cfg!(box2d)
}

/// A shape as a Box2D proxy: up to 8 points in its local frame and a radius (the
/// 8-gon's vertices and 0, a capsule's ends and its radius, a circle's centre and its
/// radius).
#[derive(Clone, Copy, Debug)]
pub struct Proxy<'a> {
    /// The points, local frame.
    pub points: &'a [[f64; 2]],
    /// The radius around them.
    pub radius: f64,
}

/// One pair: A's position x, y, angle, velocity x, y and turn over the step, then B's
/// (world, at `t = 0`).
pub type Pair = [f64; 12];

/// Which of Box2D's casts a row runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Call {
    /// `b2ShapeCast`: A fixed, B translating by `v_B − v_A`.
    ShapeCast,
    /// `b2TimeOfImpact`: both moving and turning about their origins.
    TimeOfImpact,
}

/// Box2D's answer on one pair.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Answer {
    /// Whether it hit (a time of impact that overlapped, or failed, counts: Box2D's
    /// solver uses its fraction).
    pub hit: bool,
    /// The fraction of the step.
    pub t: f64,
    /// The time of impact's `b2TOIState` (1 failed, 2 overlapped, 3 hit, 4
    /// separated); 0 for a shape cast; -1 for an index outside the row.
    pub state: i32,
}

/// A row's pairs as Box2D's inputs, made once.
pub struct Row {
    #[cfg(box2d)]
    raw: std::ptr::NonNull<ffi::GlRow>,
    #[cfg(not(box2d))]
    never: std::convert::Infallible,
}

#[cfg(box2d)]
mod ffi {
    use std::os::raw::{c_double, c_float, c_int};

    /// `shim.c`'s row.
    #[repr(C)]
    pub struct GlRow {
        _opaque: [u8; 0],
    }

    extern "C" {
        #[allow(clippy::too_many_arguments)]
        pub fn gl_b2_row(
            toi: c_int,
            a: *const c_double,
            a_count: c_int,
            a_radius: c_double,
            b: *const c_double,
            b_count: c_int,
            b_radius: c_double,
            pairs: *const c_double,
            count: c_int,
        ) -> *mut GlRow;
        pub fn gl_b2_pass(row: *const GlRow) -> c_float;
        pub fn gl_b2_answer(
            row: *const GlRow,
            i: c_int,
            hit: *mut c_int,
            t: *mut c_double,
            state: *mut c_int,
        );
        pub fn gl_b2_free(row: *mut GlRow);
    }
}

impl Row {
    /// Box2D's inputs for `pairs` of shapes `a` and `b`; `None` without Box2D, or when a
    /// proxy has more than 8 points.
    #[cfg(box2d)]
    pub fn new(call: Call, a: &Proxy, b: &Proxy, pairs: &[Pair]) -> Option<Row> {
        let count = std::os::raw::c_int::try_from(pairs.len()).ok()?;
        let len = |p: &Proxy| std::os::raw::c_int::try_from(p.points.len()).ok();
        let (a_count, b_count) = (len(a)?, len(b)?);
        // SAFETY: the pointers and counts describe live slices of `f64` (`[f64; 2]` and
        // `[f64; 12]` are laid out as consecutive doubles); the shim copies what it reads.
        let raw = unsafe {
            ffi::gl_b2_row(
                i32::from(call == Call::TimeOfImpact),
                a.points.as_ptr().cast(),
                a_count,
                a.radius,
                b.points.as_ptr().cast(),
                b_count,
                b.radius,
                pairs.as_ptr().cast(),
                count,
            )
        };
        Some(Row {
            raw: std::ptr::NonNull::new(raw)?,
        })
    }

    /// Without Box2D: always `None`.
    #[cfg(not(box2d))]
    pub fn new(_call: Call, _a: &Proxy, _b: &Proxy, _pairs: &[Pair]) -> Option<Row> {
        None
    }

    /// Runs Box2D on every pair once, in order; the sum of the fractions (keep it, so
    /// that the work is not optimised away).
    pub fn pass(&self) -> f32 {
        #[cfg(box2d)]
        {
            // SAFETY: `raw` is a row from `gl_b2_row`, freed only on drop.
            unsafe { ffi::gl_b2_pass(self.raw.as_ptr()) }
        }
        #[cfg(not(box2d))]
        {
            match self.never {}
        }
    }

    /// Box2D's answer on pair `i` (runs it once more); no hit and state -1 when the row
    /// has no pair `i`.
    pub fn answer(&self, i: usize) -> Answer {
        #[cfg(box2d)]
        {
            let (mut hit, mut t, mut state) = (0, 0.0, 0);
            let i = std::os::raw::c_int::try_from(i).unwrap_or(-1);
            // SAFETY: as in `pass`; the shim reads pair `i` of the row it made when there
            // is one (it checks) and writes the three outputs.
            unsafe { ffi::gl_b2_answer(self.raw.as_ptr(), i, &mut hit, &mut t, &mut state) };
            Answer {
                hit: hit != 0,
                t,
                state,
            }
        }
        #[cfg(not(box2d))]
        {
            let _ = i;
            match self.never {}
        }
    }
}

#[cfg(box2d)]
impl Drop for Row {
    fn drop(&mut self) {
        // SAFETY: `raw` came from `gl_b2_row` and is freed once, here.
        unsafe { ffi::gl_b2_free(self.raw.as_ptr()) }
    }
}
