//! The view layer: how anything becomes pixels, knowing nothing of the app's modes.
//!
//! - [`camera`]: world ↔ screen for one viewport;
//! - [`draw`]: the primitives, batched into one mesh ([`draw::Painter`]), and the palette;
//! - [`labels`]: text sizes and the placer that keeps labels apart and inside a view;
//! - [`canvas`]: a view's [`canvas::Canvas`] (triangles, labels, the marks the
//!   consistency check reads), shape outlines, the backdrop, the layout of the views;
//! - [`items`]: a step's items in the world view and in A − B, with [`sat`] (axes,
//!   shadows, clipping), [`circle`] (the circle's closed form) and [`cast`] (moving
//!   shapes: ghosts at a time, the time line, the shape cast's ray);
//! - [`sweep_list`]: where sweep and prune's end-point list is laid out.
//!
//! Rules (kept by the layer test): nothing here imports a mode (`pair`, `many`,
//! `lessons`, `predict`) or the app's state; the visualisers' items are the only input.

pub mod camera;
pub mod canvas;
pub mod cast;
pub mod circle;
pub mod draw;
pub mod items;
pub mod labels;
pub mod sat;
pub mod sweep_list;
