//! Big shapes stay interactive (issue 22): the work of a frame and of a recorded run
//! grows with what the screen shows and with the run's length, not with the product
//! of the vertex counts. Each test counts work — vertices handed to the painter,
//! labels placed, items a step holds, outlines built — never time, and each failed on
//! the code before: the views built A − B from all `n·m` vertex differences and drew
//! every vertex of a 10,000-gon, a concave star numbered its 500 parts and placed
//! their labels apart (quadratic), and every closed-form step copied the list of the
//! edges measured before it.

use super::consistency::AREA;
use super::state::App;
use super::view::canvas::{Canvas, Hover};
use super::view::draw::Painter;
use super::views::{draw_minkowski_view, draw_world_view};
use super::visualizers::{self, ClosedFormFigure as Figure, Item};
use gjk_lab_core::algorithms::Algorithm;
use gjk_lab_core::scene::{Format, Scene};
use glam::DVec2;
use std::sync::Arc;

/// A regular polygon's vertices, RON.
fn regular(n: usize, radius: f64) -> String {
    let points: Vec<String> = (0..n)
        .map(|k| {
            let p = DVec2::from_angle(std::f64::consts::TAU * k as f64 / n as f64) * radius;
            format!("({:.12}, {:.12})", p.x, p.y)
        })
        .collect();
    points.join(", ")
}

/// A star of `n` vertices (concave: every other vertex pulled in).
fn star(n: usize) -> String {
    let points: Vec<String> = (0..n)
        .map(|k| {
            let r = if k % 2 == 0 { 1.5 } else { 0.9 };
            let p = DVec2::from_angle(std::f64::consts::TAU * k as f64 / n as f64) * r;
            format!("({:.12}, {:.12})", p.x, p.y)
        })
        .collect();
    points.join(", ")
}

/// An app on shapes A and B (RON shape texts), B at (1.5, 0.3), showing `algorithm`,
/// its cameras placed as in the window.
fn app(a: &str, b: &str, algorithm: Algorithm) -> App {
    let text = format!(
        "(shapes: [(name: \"A\", shape: {a}, position: (0.0, 0.0), rotation: 0.1), \
         (name: \"B\", shape: {b}, position: (1.5, 0.3))])"
    );
    let scene = Scene::from_text(&text, Format::Ron, None).expect("a valid scene");
    let mut app = App::new(scene, None, Some(algorithm), None);
    super::place_cameras(&mut app, AREA);
    app
}

fn polygon(vertices: &str) -> String {
    format!("Polygon(vertices: [{vertices}])")
}

/// What drawing both views hands the painter: vertices, and labels placed per view.
fn draw(app: &App) -> (usize, Vec<usize>) {
    let mut painter = Painter::new();
    let mut labels = vec![];
    let mut world = Canvas::new(&mut painter, app.lab.world_camera);
    draw_world_view(app, app.mode.pair_mode(), &mut world, Hover::default());
    labels.push(world.placed_labels().len());
    drop(world);
    let mut minkowski = Canvas::new(&mut painter, app.mode.pair_mode().minkowski_camera);
    draw_minkowski_view(app, app.mode.pair_mode(), &mut minkowski);
    labels.push(minkowski.placed_labels().len());
    drop(minkowski);
    (painter.vertex_count(), labels)
}

/// Two regular 10,000-gons draw with about as many vertices as two 1,000-gons: the
/// outlines are thinned to what the screen can show, and A − B is their edge merge.
/// (Before: 40,000 vertices per outline, and 10⁸ vertex differences for A − B.)
#[test]
fn big_polygons_draw_what_the_screen_shows() {
    let pair = |n: usize| {
        let p = polygon(&regular(n, 1.0));
        app(&p, &p, Algorithm::Gjk)
    };
    let (small, _) = draw(&pair(1_000));
    let (large, _) = draw(&pair(10_000));
    assert!(
        large as f64 <= 1.25 * small as f64,
        "1,000-gons: {small} vertices drawn, 10,000-gons: {large}"
    );
}

/// A concave outline of 1,000 vertices (about 500 parts) numbers only the parts large
/// enough to carry a number: the world view places a few labels, not 500.
#[test]
fn a_detailed_concave_outline_places_few_labels() {
    let box_ = polygon("(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)");
    let app = app(&polygon(&star(1_000)), &box_, Algorithm::Gjk);
    let parts = app.lab.scene.shapes[0].shape.parts().len();
    assert!(parts > 100, "{parts} parts");
    let (_, labels) = draw(&app);
    assert!(labels[0] <= 40, "{} labels in the world view", labels[0]);
}

/// Items a step holds, counting a trail of earlier figures as one (it is one shared
/// pointer) — and, separately, the figures reachable through trails.
fn items_per_step(steps: &[visualizers::Step]) -> usize {
    steps.iter().map(|s| s.items.len()).max().unwrap_or(0)
}

/// Every closed-form step (face separation, polygon distance, circle and ellipse
/// against a polygon) holds a few items, however many edges came before it: the
/// earlier edges are one trail shared by the run. (Before: step k held k items, and
/// two 40,000-gons took 24 GB to open.)
#[test]
fn a_recorded_step_holds_a_few_items_however_long_the_run() {
    let n = 2_000;
    let big = polygon(&regular(n, 1.0));
    let cases = [
        (big.clone(), Algorithm::FaceSeparation),
        (big.clone(), Algorithm::PolygonDistance),
        ("Circle(radius: 0.5)".to_string(), Algorithm::CirclePolygon),
        (
            "Ellipse(a: 0.8, b: 0.4)".to_string(),
            Algorithm::EllipsePolygon,
        ),
    ];
    for (a, algorithm) in cases {
        let app = app(&a, &big, algorithm);
        let steps = &app.pair().expect("the pair mode").steps;
        assert!(steps.len() > 100, "{algorithm:?}: {} steps", steps.len());
        let most = items_per_step(steps);
        assert!(most <= 12, "{algorithm:?}: a step holds {most} items");
        // The steps still show every edge measured before them, faint.
        let shown_before = steps
            .iter()
            .flat_map(|s| &s.items)
            .filter_map(|item| match item {
                Item::ClosedForm(Figure::Earlier(trail)) => Some(trail.in_order().len()),
                _ => None,
            })
            .max()
            .unwrap_or(0);
        assert!(
            shown_before + 1 >= n.min(steps.len() / 2),
            "{algorithm:?}: {shown_before}"
        );
    }
}

/// The outline of A − B is worked out once per change of the pair: asked again for the
/// same pair, the same outline comes back (not a new one); after a move, a new one,
/// equal to the outline worked out from scratch.
#[test]
fn the_outline_of_a_minus_b_is_kept_until_the_pair_changes() {
    let p = polygon(&regular(500, 1.0));
    let mut app = app(&p, &p, Algorithm::Gjk);
    let first = app.mode.pair_mode().minkowski_outline(&app.lab, 64);
    let again = app.mode.pair_mode().minkowski_outline(&app.lab, 64);
    assert!(Arc::ptr_eq(&first, &again), "built again for the same pair");
    app.move_shape(1, DVec2::new(0.25, -0.5));
    let after = app.mode.pair_mode().minkowski_outline(&app.lab, 64);
    assert!(!Arc::ptr_eq(&first, &after));
    let (a, b) = app.stepped_pair().expect("a pair");
    let fresh = gjk_lab_core::minkowski::MinkowskiDifference::new(&a, &b).outline(64);
    assert_eq!(&*after, &fresh[..]);
}
