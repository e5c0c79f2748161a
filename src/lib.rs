//! # gjk-lab — the collision core
//!
//! Geometry, shapes, the collision algorithms as step machines, and scene files. This
//! library never touches a window: it builds and tests with no display. The app
//! (`src/app`, in the binary) only reads the events the algorithms emit.
//!
//! - [`shapes`]: convex polygon, circle, ellipse, concave polygon (convex parts), and
//!   their support functions.
//! - [`minkowski`]: the Minkowski difference `A − B`, seen through its support function.
//! - [`algorithms`]: GJK, GJK distance, EPA, pseudo-EPA — each a [`StepMachine`].
//! - [`query`]: the fast queries, which run the same machines to the end; part by
//!   part for concave polygons ([`query::compound`]).
//! - [`scene`]: scene files (RON or JSON), validated with precise errors.
//! - [`link`]: a scene and its view as a compact, URL-safe share link.
//! - [`invariants`]: the contract of every answer (finite, depths ≥ 0, unit normals),
//!   as checks the property tests and the fuzz targets share.
//! - [`range`]: the numeric range every query is exact in (coordinates and sizes up
//!   to 1e12, shapes at least 1e-9 across), enforced by scene validation.
//!
//! [`StepMachine`]: algorithms::StepMachine

pub mod algorithms;
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

pub use glam::DVec2;
