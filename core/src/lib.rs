#![deny(missing_docs)]
//! # gjk-lab-core — the collision core of gjk-lab
//!
//! Geometry, shapes, the collision algorithms as step machines, scene files, lessons,
//! traces and the check of a learner's trace. This crate never touches a window and
//! depends on no window or command-line crate: it builds and tests with no display.
//! gjk-lab's app and command line (the `gjk-lab` crate) only read the events the
//! algorithms emit.
//!
//! ## Two shapes, a query, and GJK step by step
//!
//! ```
//! use gjk_lab_core::algorithms::gjk::{Gjk, GjkEvent, GjkOutcome};
//! use gjk_lab_core::algorithms::StepMachine;
//! use gjk_lab_core::query::query;
//! use gjk_lab_core::shapes::{Circle, ConvexPolygon, Geometry, Pose, Shape};
//! use gjk_lab_core::DVec2;
//!
//! // A 2 × 2 box at the origin, and a circle of radius 1 whose centre is 2.5 away.
//! let a = Shape::new(
//!     Geometry::Polygon(ConvexPolygon::rectangle(1.0, 1.0)),
//!     Pose::new(DVec2::ZERO, 0.0),
//! );
//! let b = Shape::new(
//!     Geometry::Circle(Circle { radius: 1.0 }),
//!     Pose::new(DVec2::new(2.5, 0.0), 0.0),
//! );
//!
//! // The fast query: intersection, distance and closest points, depth, contacts.
//! let answer = query(&a, &b);
//! assert!(!answer.intersects);
//! assert!((answer.distance - 0.5).abs() < 1e-9);
//!
//! // The same GJK the query runs, one event a learner can see at a time.
//! let mut gjk = Gjk::new(&a, &b);
//! let mut supports = 0;
//! while let Some(event) = gjk.step() {
//!     match event {
//!         GjkEvent::Support { support, .. } => {
//!             supports += 1;
//!             println!("support point w = {} = {} − {}", support.p, support.a, support.b);
//!         }
//!         GjkEvent::Done { outcome } => {
//!             // The origin lies outside A − B: GJK found an axis that separates them.
//!             assert!(matches!(outcome, GjkOutcome::SeparatingAxis { .. }));
//!         }
//!         other => println!("{other:?}"),
//!     }
//! }
//! assert!(supports >= 1);
//! ```
//!
//! ## The layers
//!
//! Bottom up: [`geometry`], [`range`] and [`settings`]; [`shapes`]; the Minkowski
//! difference ([`minkowski`]); the step machines ([`algorithms`]: each a
//! [`StepMachine`], with the [`Algorithm`] registry above them); the fast queries that
//! run them to the end ([`query`]); then scene files ([`scene`]), lessons ([`lesson`]),
//! share links ([`link`]), traces ([`trace`]), the seeds' versions beside gjk-lab's
//! ([`variants`]), the contract every answer keeps ([`invariants`]) and the check of a
//! learner's trace ([`check`]). Each layer imports only the layers below it;
//! `core/tests/layers.rs` keeps the rules, and `docs/architecture.md` is the code map.
//!
//! [`StepMachine`]: algorithms::StepMachine
//! [`Algorithm`]: algorithms::Algorithm

pub mod algorithms;
pub mod check;
pub mod crowd;
pub mod geometry;
pub mod invariants;
pub mod lesson;
pub mod link;
pub mod minkowski;
pub mod motion;
pub mod query;
pub mod range;
pub mod scene;
pub mod settings;
pub mod shapes;
pub mod trace;
pub mod variants;

pub use glam::DVec2;
