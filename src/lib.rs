//! # gjk-lab — the collision core
//!
//! Geometry, shapes, the collision algorithms as step machines, and scene files. This
//! library never touches a window: it builds and tests with no display. The app
//! (`src/app`, in the binary) only reads the events the algorithms emit.
//!
//! Its layers, bottom up: [`geometry`] and [`shapes`], the Minkowski difference
//! ([`minkowski`]), the step machines ([`algorithms`]), the fast queries that run them
//! to the end ([`query`]), then scene files, lessons, links, traces and the check of a learner's trace
//! ([`check`]). Every
//! algorithm is a [`StepMachine`]. The code map and the layer rules, which
//! `tests/layers.rs` keeps, are in `docs/architecture.md`.
//!
//! [`StepMachine`]: algorithms::StepMachine

pub mod algorithms;
pub mod check;
pub mod crowd;
pub mod geometry;
pub mod invariants;
pub mod lesson;
pub mod link;
pub mod minkowski;
pub mod query;
pub mod range;
pub mod scene;
pub mod shapes;
pub mod trace;
pub mod variants;

pub use glam::DVec2;
