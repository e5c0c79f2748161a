//! The check that every sentence is true of its picture: every visualiser on every
//! preset, at every step, with A and B as the scene has them and swapped, is drawn
//! into both views exactly as the window draws it (without a window), and then:
//!
//! - every [`Claim`] the narration makes is found in what was drawn: a named vector
//!   as an arrow with that label pointing the same way, an overlap as the overlap of
//!   the two shadows drawn, a named point or line as a label, a named edge as a
//!   highlighted edge, a "moving B separates" as a ghost that really clears A;
//! - every number a claim stands for is printed in the narration;
//! - no two labels of a view overlap, and none is cut off by its view (on the label
//!   placer's layout, the one the window draws); a name the text gives is drawn once
//!   in a view (not at both ends of a pair), and a label's numbers have the
//!   narration's two decimals (no "depth 0.268" beside the narration's "0.27"), a
//!   time's four (`t = 0.4750`: the casts' narration prints times so).
//!
//! Each failure names the scene, the algorithm, the step and both values.

use super::state::{scene_files, App, Mode};
use super::view::camera::Viewport;
use super::view::canvas::{Canvas, Hover, Mark};
use super::view::draw::Painter;
use super::view::labels::{text_rect, Rect};
use super::view::sweep_list::cell_text;
use super::views::{draw_minkowski_view, draw_world_view};
use super::visualizers::{num, vec2, Claim};
use gjk_lab_core::algorithms::sap::{Endpoint, SapEvent};
use gjk_lab_core::algorithms::Algorithm;
use gjk_lab_core::lesson::Figure;
use gjk_lab_core::query::query;
use gjk_lab_core::scene::Scene;
use gjk_lab_core::shapes::Shape;
use glam::DVec2;
use std::path::{Path, PathBuf};

/// The views' area in the default window.
pub(super) const AREA: Viewport = super::DEFAULT_VIEWS;

/// A label as drawn: its text, its placed rectangle, and whether it is a grid tick.
type DrawnLabel = (String, Rect, bool);

/// What both views drew for one step.
struct Drawn {
    /// Per view: its labels, and the view.
    labels: Vec<(Viewport, Vec<DrawnLabel>)>,
    marks: Vec<Mark>,
}

/// Draws the current step of `app` into both views, as the window would.
fn draw(app: &App) -> Drawn {
    let mut painter = Painter::new();
    let mut drawn = Drawn {
        labels: vec![],
        marks: vec![],
    };
    let mut world = Canvas::new(&mut painter, app.lab.world_camera);
    draw_world_view(app, app.mode.pair_mode(), &mut world, Hover::default());
    drawn.keep(world);
    let mut minkowski = Canvas::new(&mut painter, app.mode.pair_mode().minkowski_camera);
    draw_minkowski_view(app, app.mode.pair_mode(), &mut minkowski);
    drawn.keep(minkowski);
    drawn
}

impl Drawn {
    /// Whether some view drew a label with exactly this text.
    fn labelled(&self, name: &str) -> bool {
        self.labels
            .iter()
            .any(|(_, ls)| ls.iter().any(|(t, _, _)| t == name))
    }

    /// The most times one view drew a label with exactly this text.
    fn most_in_a_view(&self, name: &str) -> usize {
        self.labels
            .iter()
            .map(|(_, ls)| ls.iter().filter(|(t, _, _)| t == name).count())
            .max()
            .unwrap_or(0)
    }

    /// The vectors of every arrow drawn with this label.
    fn arrows(&self, label: &str) -> Vec<DVec2> {
        self.marks
            .iter()
            .filter_map(|m| match m {
                Mark::Arrow { label: l, vector } if l == label => Some(*vector),
                _ => None,
            })
            .collect()
    }

    /// Keeps what a view's canvas drew: its placed labels and its marks.
    fn keep(&mut self, canvas: Canvas) {
        let placed = canvas
            .placed_labels()
            .into_iter()
            .map(|(text, at, tick)| {
                let rect = text_rect(&text, at);
                (text, rect, tick)
            })
            .collect();
        self.labels.push((canvas.camera.viewport, placed));
        self.marks.extend(canvas.marks);
    }
}

/// Where a failure is: "scenes/x.ron, SAT, step 3 (A and B swapped)".
fn place(path: &Path, algorithm: Algorithm, step: usize, swapped: bool) -> String {
    format!(
        "{}, {}, step {step}{}",
        path.file_name().map_or("?".into(), |f| f.to_string_lossy()),
        algorithm.title(),
        if swapped { " (A and B swapped)" } else { "" }
    )
}

/// Unit direction of a vector (zero stays zero).
fn unit(v: DVec2) -> DVec2 {
    v.normalize_or_zero()
}

/// What a claim of the narration and the drawing disagree on: a failure this test
/// reports, with the values that disagree.
#[derive(Debug, thiserror::Error)]
enum Disagreement {
    /// The narration does not print the vector it claims.
    #[error("the text does not print {label} = {}", vec2(*value))]
    VectorNotPrinted { label: &'static str, value: DVec2 },
    /// No arrow carries the vector's label.
    #[error("no arrow labelled {0:?} is drawn")]
    NoArrow(&'static str),
    /// An arrow with the label points another way.
    #[error(
        "the text says {label} = {}, the arrow labelled {label:?} points along {}",
        vec2(*value),
        vec2(unit(*drawn))
    )]
    ArrowElsewhere {
        label: &'static str,
        value: DVec2,
        drawn: DVec2,
    },
    /// The narration does not print the overlap it claims.
    #[error("the text does not print the overlap {}", num(*.0))]
    OverlapNotPrinted(f64),
    /// No pair of shadows drawn overlaps by the overlap claimed.
    #[error(
        "the text says overlap {}, the drawn shadows overlap by {:?}",
        num(*said),
        drawn.iter().map(|d| num(*d)).collect::<Vec<_>>()
    )]
    OverlapElsewhere { said: f64, drawn: Vec<f64> },
    /// The narration names a label no view draws.
    #[error("the text names {0:?}, no such label is drawn")]
    NotLabelled(String),
    /// A view draws a named label more than once.
    #[error("the text names {name:?} once, a view draws it {times} times")]
    LabelledTwice { name: String, times: usize },
    /// The narration names an edge no view highlights.
    #[error("the text names the edge {} {}, it is not highlighted", vec2(*from), vec2(*to))]
    EdgeNotHighlighted { from: DVec2, to: DVec2 },
    /// Moving B as the narration says does not separate the shapes (or the parts).
    #[error(
        "the text says moving B by {} separates {}, B moved there is still {depth} deep",
        vec2(*offset),
        if *parts { "the part pair" } else { "the shapes" }
    )]
    StillOverlapping {
        offset: DVec2,
        parts: bool,
        depth: f64,
    },
}

/// Checks one claim against the drawing; `Err` says what disagrees.
fn check_claim(
    claim: &Claim,
    narration: &str,
    drawn: &Drawn,
    app: &App,
) -> Result<(), Disagreement> {
    match claim {
        Claim::Vector { label, value } => {
            let label = *label;
            if !narration.contains(&vec2(*value)) {
                return Err(Disagreement::VectorNotPrinted {
                    label,
                    value: *value,
                });
            }
            let arrows = drawn.arrows(label);
            if arrows.is_empty() {
                return Err(Disagreement::NoArrow(label));
            }
            match arrows
                .iter()
                .find(|v| (unit(**v) - unit(*value)).length() > 1e-6)
            {
                Some(v) => Err(Disagreement::ArrowElsewhere {
                    label,
                    value: *value,
                    drawn: *v,
                }),
                None => Ok(()),
            }
        }
        Claim::Overlap(o) => {
            if !narration.contains(&num(o.abs())) {
                return Err(Disagreement::OverlapNotPrinted(*o));
            }
            let drawn_overlaps: Vec<f64> = drawn
                .marks
                .iter()
                .filter_map(|m| match m {
                    Mark::Shadows { a, b } => Some((a.max - b.min).min(b.max - a.min)),
                    _ => None,
                })
                .collect();
            let scale = 1e-9 * (1.0 + o.abs()) * 1e3;
            if drawn_overlaps.iter().any(|d| (d - o).abs() <= scale) {
                Ok(())
            } else {
                Err(Disagreement::OverlapElsewhere {
                    said: *o,
                    drawn: drawn_overlaps,
                })
            }
        }
        Claim::Labelled(name) => match drawn.most_in_a_view(name) {
            0 => Err(Disagreement::NotLabelled(name.clone())),
            1 => Ok(()),
            times => Err(Disagreement::LabelledTwice {
                name: name.clone(),
                times,
            }),
        },
        Claim::Edge { from, to } => {
            let same = |p: DVec2, q: DVec2| (p - q).length() <= 1e-9 * (1.0 + p.length());
            let found = drawn.marks.iter().any(|m| match m {
                Mark::Edge { from: f, to: t } => {
                    (same(*f, *from) && same(*t, *to)) || (same(*f, *to) && same(*t, *from))
                }
                _ => false,
            });
            if found {
                Ok(())
            } else {
                Err(Disagreement::EdgeNotHighlighted {
                    from: *from,
                    to: *to,
                })
            }
        }
        Claim::Separates { offset, parts } => {
            let (a, b) = (
                &app.lab.scene.shapes[app.lab.a].shape,
                &app.lab.scene.shapes[app.lab.b].shape,
            );
            let (a, b) = match parts {
                Some([i, j]) => (a.parts()[*i].clone(), b.parts()[*j].clone()),
                None => (a.clone(), b.clone()),
            };
            let moved = moved(&b, *offset);
            let q = query(&a, &moved);
            let tolerance = 1e-7 * (1.0 + a.bounding_radius() + b.bounding_radius());
            if q.intersects && q.depth > tolerance {
                Err(Disagreement::StillOverlapping {
                    offset: *offset,
                    parts: parts.is_some(),
                    depth: q.depth,
                })
            } else {
                Ok(())
            }
        }
    }
}

/// `shape` moved by `offset`.
fn moved(shape: &Shape, offset: DVec2) -> Shape {
    let mut s = shape.clone();
    let mut pose = s.pose();
    pose.position += offset;
    s.set_pose(pose);
    s
}

/// The decimal numbers in a text ("depth 0.268" → ["0.268"]).
fn decimals(text: &str) -> Vec<&str> {
    text.split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .map(|t| t.trim_matches('.'))
        .filter(|t| t.contains('.') && t.starts_with(|c: char| c.is_ascii_digit()))
        .collect()
}

/// Labels that overlap each other or are cut off by their view, and labels whose
/// numbers have other than the narration's two decimals (the grid's ticks have as
/// many as the grid needs).
fn check_labels(drawn: &Drawn) -> Vec<String> {
    let mut problems = vec![];
    for (view, labels) in &drawn.labels {
        for (i, (text, rect, tick)) in labels.iter().enumerate() {
            if !rect.inside(*view) {
                problems.push(format!("label {text:?} is cut off by its view"));
            }
            // A time (the casts' "t = 0.4750", "t2 = …") has four decimals.
            let places = if text.contains("t = ") || text.contains("t2 = ") {
                4
            } else {
                2
            };
            let uneven = decimals(text)
                .into_iter()
                .find(|d| d.split('.').nth(1).is_some_and(|f| f.len() != places));
            if let (Some(number), false) = (uneven, tick) {
                problems.push(format!(
                    "label {text:?} prints {number}: the narration prints two decimals"
                ));
            }
            for (other, r, _) in &labels[i + 1..] {
                if rect.overlaps(r) {
                    problems.push(format!("labels {text:?} and {other:?} overlap"));
                }
            }
        }
    }
    problems
}

/// Every mismatch between the current step's words and its picture, as drawn.
pub(super) fn check_current_step(app: &App) -> Vec<String> {
    if app.mode() == Mode::Many {
        return check_sweep_step(app);
    }
    if let Some(figure) = super::lessons::figures::page_figure(app) {
        return check_figure(app, figure);
    }
    let Some(step) = app.current().cloned() else {
        return vec![];
    };
    let drawn = draw(app);
    let mut problems = vec![];
    for claim in &step.claims {
        if let Err(e) = check_claim(claim, &step.narration, &drawn, app) {
            problems.push(format!("{e}. Narration: {}", step.narration));
        }
    }
    problems.extend(check_labels(&drawn));
    problems
}

/// A lesson figure: the labels its page text names are drawn, the dragged direction's
/// arrows point along the `d` the text prints (and `−d` from B), and no label overlaps
/// another or is cut off.
fn check_figure(app: &App, figure: Figure) -> Vec<String> {
    let drawn = draw(app);
    let mut problems = check_labels(&drawn);
    let labelled = |name: &str| drawn.labelled(name);
    let polygons = app.stepped_pair().is_some_and(|(a, b)| {
        a.geometry().polygon_vertices().is_some() && b.geometry().polygon_vertices().is_some()
    });
    let wanted: &[&str] = match figure {
        Figure::Differences if polygons => &["a", "b", "a - b"],
        Figure::Differences => &[],
        Figure::Sweep => &["-B", "A moved by -c"],
        Figure::Support => &["a", "b", "w", "d (drag)"],
        Figure::Regions => &["P (drag)"],
    };
    for name in wanted {
        if !labelled(name) {
            problems.push(format!("figure {}: no label {name:?}", figure.name()));
        }
    }
    if let (Figure::Support, Some(s)) = (figure, super::lessons::figures::supports(app)) {
        for (label, v) in [("d", s.d), ("-d", -s.d)] {
            let arrows = drawn.arrows(label);
            if arrows.is_empty() || arrows.iter().any(|a| unit(*a).distance(unit(v)) > 1e-9) {
                problems.push(format!(
                    "figure support: arrows {label} {arrows:?}, the text's {label} is {v:?}"
                ));
            }
        }
    }
    problems
}

/// The many-shapes view at the stepped sweep's current step: a swap's narration names
/// the two end points the end-point list highlights (moved on the left of the one it
/// passed), and no label overlaps another or is cut off.
fn check_sweep_step(app: &App) -> Vec<String> {
    let mut painter = Painter::new();
    let mut canvas = Canvas::new(&mut painter, app.lab.world_camera);
    let many = app.many().expect("the many-shapes mode");
    super::many::view::draw_view(&app.lab, many, &mut canvas, Hover::default());
    let mut drawn = Drawn {
        labels: vec![],
        marks: vec![],
    };
    drawn.keep(canvas);
    let mut problems = check_labels(&drawn);
    let Some(trace) = app.many().and_then(|m| m.sweep.as_ref()) else {
        return problems;
    };
    let step = trace.current();
    if let Some(SapEvent::Swap { moved, passed, .. }) = step.event {
        let names = super::visualizers::sweep::box_names(&app.lab.scene.shapes);
        let said = |e: &Endpoint| {
            let end = if e.is_max { "max" } else { "min" };
            format!("{end} of box {}", names[e.id as usize])
        };
        let wanted = (cell_text(&moved, &names), cell_text(&passed, &names));
        let shown = drawn.marks.iter().find_map(|m| match m {
            Mark::Swapped { moved, passed } => Some((moved.clone(), passed.clone())),
            _ => None,
        });
        if shown.as_ref() != Some(&wanted) {
            problems.push(format!(
                "sweep step {}: the swap of {wanted:?} is highlighted as {shown:?}",
                trace.step
            ));
        }
        for e in [&moved, &passed] {
            if !step.narration.contains(&said(e)) {
                problems.push(format!(
                    "sweep step {}: the narration does not name the {}: {}",
                    trace.step,
                    said(e),
                    step.narration
                ));
            }
        }
    }
    problems
}

/// The app on a preset in the two-shape mode with `algorithm` at step 0 (a large
/// scene opens in the many-shapes mode: its pair is stepped all the same).
pub(super) fn pair_app(scene: &Scene, path: &Path, algorithm: Algorithm) -> App {
    let mut app = App::new(
        scene.clone(),
        Some(path.to_path_buf()),
        Some(algorithm),
        Some(0),
    );
    if app.mode() == Mode::Many {
        app.set_mode(Mode::Pair);
    }
    app
}

/// Every problem of one scene file, every algorithm, every step, both ways round.
fn problems_of(path: &Path) -> Vec<String> {
    let scene = Scene::load(path).unwrap_or_else(|e| panic!("{e}"));
    let mut problems = vec![];
    for swapped in [false, true] {
        for algorithm in Algorithm::ALL {
            let mut app = pair_app(&scene, path, algorithm);
            if swapped {
                std::mem::swap(&mut app.lab.a, &mut app.lab.b);
                app.rerun();
            }
            super::place_cameras(&mut app, AREA);
            for k in 0..=app.step_count() {
                app.go_to(k);
                let at = place(path, algorithm, k, swapped);
                problems.extend(
                    check_current_step(&app)
                        .into_iter()
                        .map(|e| format!("{at}: {e}")),
                );
            }
        }
    }
    problems
}

/// The presets, without the large many-shapes scenes (their pairs are drawn the
/// same way as any other, and there are 2,000 shapes to draw at every step).
fn presets() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes");
    scene_files(&dir)
        .into_iter()
        .filter(|p| !p.to_string_lossy().contains("many-shapes-2000"))
        .collect()
}

#[test]
fn every_step_of_every_preset_says_only_what_its_picture_shows() {
    let presets = presets();
    assert!(presets.len() >= 15, "{} presets", presets.len());
    let problems: Vec<String> = presets.iter().flat_map(|p| problems_of(p)).collect();
    assert!(
        problems.is_empty(),
        "{} mismatches between words and pictures:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// Which pseudo-code line each kind of event executes, written out independently of
/// the visualisers: per algorithm, the first rule whose words appear in the step's
/// title and narration names the line the step must highlight (one of the algorithm's
/// `line` constants, beside its pseudo-code in the core), or `None` for a step that
/// executes no line.
fn line_rules(algorithm: Algorithm) -> &'static [(&'static str, Option<usize>)] {
    use gjk_lab_core::algorithms::{
        box_box, circle_polygon, clip, distance, ellipse_polygon, epa, face_separation, gjk,
        polygon_distance, pseudo_epa, sat,
    };
    match algorithm {
        Algorithm::Gjk => {
            use gjk::line::*;
            &[
                ("First search direction", Some(START)),
                ("Support point", Some(SUPPORT)),
                ("Add to the simplex", Some(ADD)),
                ("inside the triangle", Some(INSIDE)),
                ("Voronoi region", Some(REGION)),
                ("New search direction", Some(DIRECTION)),
                ("rounded parts", Some(RADII)),
                ("Overlap:", Some(INSIDE)),
                ("Touching", Some(INSIDE)),
                ("The cores touch", Some(INSIDE)),
                ("Separated: d", Some(SEPARATED)),
                ("no closer", Some(NO_PROGRESS)),
                ("Stopped", Some(LOOP)),
            ]
        }
        Algorithm::Distance => {
            use distance::line::*;
            &[
                ("First search direction", Some(START)),
                ("no progress", Some(NO_PROGRESS)),
                ("Support point", Some(SUPPORT)),
                ("Add to the simplex", Some(ADD)),
                ("Voronoi region", Some(REGION)),
                ("Closest point", Some(CLOSEST)),
                ("New search direction", Some(DIRECTION)),
                ("rounded parts", Some(RADII)),
                ("Refine the closest points", Some(REFINE)),
                ("Converged", Some(RESULT)),
                ("encloses the origin", Some(REGION)),
                ("reached the origin", Some(REGION)),
                ("Stopped", Some(LOOP)),
            ]
        }
        Algorithm::Epa => {
            use epa::line::*;
            &[
                ("Refine the normal", Some(REFINE)),
                ("Starting polytope", Some(START)),
                ("Closest edge", Some(CLOSEST_EDGE)),
                ("within the tolerance", Some(CONVERGED)),
                ("Support along the normal", Some(SUPPORT)),
                ("Expand the polytope", Some(SPLIT)),
                ("Converged", Some(CONVERGED)),
                ("rounded parts", Some(RADII)),
                ("separated by", Some(NO_DEPTH)),
                ("no width", Some(NO_DEPTH)),
                ("Stopped", Some(LOOP)),
            ]
        }
        Algorithm::PseudoEpa => {
            use pseudo_epa::line::*;
            &[
                ("Starting triangle", Some(START)),
                ("keeps edge qr", Some(KEEP_QR)),
                ("keeps edge pr", Some(KEEP_PR)),
                ("pseudo-EPA stops", Some(STOP)),
                ("Support point", Some(SUPPORT)),
                ("Answer from the foot", Some(STOP)),
                ("rounded parts", Some(RADII)),
                ("separated by", Some(START)),
                ("could not be made", Some(START)),
                ("Stopped", Some(LOOP)),
            ]
        }
        // The two methods number their lines alike (checked in the core).
        Algorithm::Sat | Algorithm::SatObb => {
            use sat::line::*;
            &[
                ("does not apply", None),
                ("not one", None),
                ("separating axis", Some(SEPARATED)),
                ("Separated", Some(SEPARATED)),
                ("new minimum", Some(MINIMUM)),
                ("not smaller", Some(OVERLAP)),
                ("All ", Some(RESULT)),
            ]
        }
        Algorithm::CirclePolygon => {
            use circle_polygon::line::*;
            &[
                ("does not apply", None),
                ("Bounding circles apart", Some(CIRCLES)),
                ("Centre in the polygon's frame", Some(FRAME)),
                ("Separation of edge", Some(SEPARATION)),
                (
                    "A contact query (no contacts when apart) stops here",
                    Some(APART),
                ),
                ("Best face", Some(BEST)),
                ("Region: inside", Some(INSIDE)),
                ("Region: vertex", Some(VERTEX)),
                ("Region: face", Some(FACE)),
                ("Result", Some(RESULT)),
            ]
        }
        Algorithm::FaceSeparation => {
            use face_separation::line::*;
            &[
                ("does not apply", None),
                (
                    "bounding circles about the positions are apart",
                    Some(CIRCLES),
                ),
                ("B in A's frame", Some(FRAME)),
                ("Separated:", Some(FACE_A)),
                ("Reference face", Some(REFERENCE)),
                ("Incident edge", Some(INCIDENT)),
                ("Clip by side plane 1", Some(SIDE_PLANE_1)),
                ("Clip by side plane 2", Some(SIDE_PLANE_2)),
                ("Keep points below", Some(KEEP_BELOW)),
                ("Result", Some(RESULT)),
                ("A's face", Some(FACE_A)),
                ("B's face", Some(FACE_B)),
            ]
        }
        Algorithm::EllipsePolygon => {
            use ellipse_polygon::line::*;
            &[
                ("does not apply", None),
                ("shortest way out is", Some(DEPTH)),
                ("failed its check", Some(DEPTH)),
                ("Way out across", Some(FACE_WAY)),
                ("Way out through vertex", Some(VERTEX_WAY)),
                ("Squash the ellipse", Some(SQUASH)),
                ("Squashed separation of edge", Some(SEPARATION)),
                ("Region: inside", Some(INTERSECT)),
                ("unit circle reaches", Some(INTERSECT)),
                ("Region:", Some(REGION)),
                ("Separating direction", Some(DIRECTION)),
                ("nearest feature", Some(FACE_VERDICT)),
                ("Face check", Some(FACE_CHECK)),
                ("Newton in vertex", Some(NEWTON)),
                ("They intersect", Some(INTERSECT)),
                ("touching tolerance", Some(RESULT)),
                ("Result", Some(RESULT)),
            ]
        }
        Algorithm::PolygonDistance => {
            use polygon_distance::line::*;
            &[
                ("does not apply", None),
                ("Centroid inside A", Some(CENTROID)),
                ("Centroid outside A", Some(CENTROID)),
                ("B's centroid is inside A", Some(CENTROID)),
                ("circles are apart", Some(START_PAIR)),
                ("Bounding circles", Some(CIRCLES)),
                ("B in A's frame", Some(FRAME)),
                ("face and vertex are nearest", Some(FACE_NEAREST)),
                ("Face check", Some(FACE_ON)),
                ("the two vertices are nearest", Some(PAIR_NEAREST)),
                ("Vertex pair", Some(PAIR_ON)),
                ("they intersect", Some(INTERSECT)),
                ("Result", Some(RESULT)),
                ("'s face", Some(FACE)),
            ]
        }
        Algorithm::BoxBox => {
            use box_box::line::*;
            &[
                ("does not apply", None),
                ("A's box frame", Some(FRAME)),
                ("Bounding circles", Some(CIRCLES)),
                ("Apart: the bounding circles", Some(CIRCLES)),
                ("Separated:", Some(SEPARATED)),
                ("Reference face", Some(REFERENCE)),
                ("Incident edge", Some(INCIDENT)),
                ("Clip by side plane 1", Some(SIDE_PLANE_1)),
                ("Clip by side plane 2", Some(SIDE_PLANE_2)),
                ("Keep points below", Some(KEEP_BELOW)),
                ("Result", Some(RESULT)),
                ("'s axis", Some(AXIS)),
            ]
        }
        Algorithm::Clip => {
            use clip::line::*;
            &[
                ("Reference edge", Some(REFERENCE)),
                ("Incident edge", Some(INCIDENT)),
                ("Clip by side plane 1", Some(SIDE_PLANE_1)),
                ("Clip by side plane 2", Some(SIDE_PLANE_2)),
                ("Keep points below", Some(KEEP_BELOW)),
                ("Deepest point", Some(CURVED)),
                ("Round parts touch", Some(ROUND)),
                ("Result", Some(RESULT)),
            ]
        }
        Algorithm::Discrete | Algorithm::SubStepping => {
            use gjk_lab_core::algorithms::cast::sampled::line::*;
            &[
                ("No hit seen", Some(MISS)),
                ("Hit seen", Some(HIT)),
                ("Times to look at", Some(START)),
                ("Sample", Some(CHECK)),
            ]
        }
        Algorithm::ShapeCast => {
            use gjk_lab_core::algorithms::cast::shape_cast::line::*;
            &[
                ("translation only", None),
                ("The ray through", Some(START)),
                ("x lies", Some(PLANE)),
                ("x is not beyond", Some(SUPPORT)),
                ("λ advances", Some(ADVANCE)),
                ("Add to the simplex", Some(ADD)),
                ("Nearest feature to x", Some(REGION)),
                ("Hit at t", Some(HIT)),
                ("already touch or overlap", Some(HIT)),
                ("never enters", Some(AWAY)),
                ("move alike", Some(AWAY)),
                ("past its end", Some(BEYOND)),
                ("Stopped after", Some(LOOP)),
            ]
        }
        Algorithm::SatCast => {
            use gjk_lab_core::algorithms::cast::sat_cast::line::*;
            &[
                ("The SAT cast measures", None),
                ("The ray through", Some(START)),
                ("Hit at t = t_in", Some(HIT)),
                ("No gap is open at t = 0", Some(HIT)),
                ("decide this pair only within rounding", Some(HIT)),
                ("open at t = 0 and never closes", Some(OPEN)),
                ("never all closed at once", Some(EMPTY)),
                ("after the step's end", Some(EMPTY)),
                ("later than every gap before", Some(ENTER)),
                ("sooner than every gap before", Some(EXIT)),
                ("A face of", Some(GAP)),
            ]
        }
        Algorithm::ConservativeAdvancement => {
            use gjk_lab_core::algorithms::cast::advancement::line::*;
            &[
                ("The bound's parts", Some(START)),
                ("GJK distance on A and B", Some(DISTANCE)),
                ("Bound on the closing speed", Some(BOUND)),
                ("The safe step", Some(ADVANCE)),
                ("Hit at t", Some(HIT)),
                ("already touch or overlap", Some(HIT)),
                ("is not positive", Some(APART)),
                ("would pass t = 1", Some(STEP)),
                ("Stopped after", Some(LOOP)),
            ]
        }
        Algorithm::TimeOfImpact => {
            use gjk_lab_core::algorithms::cast::toi::line::*;
            &[
                ("Target separation", Some(START)),
                ("GJK distance on A and B", Some(DISTANCE)),
                ("The closest features are", Some(FUNCTION)),
                ("keeps them apart until t2", Some(HOLDS)),
                ("keeps them apart to the end", Some(SEPARATED)),
                ("go deepest along n", Some(DEEPEST)),
                ("Probe", Some(ROOT)),
                ("crosses the aim", Some(BRACKET)),
                ("Hit at t", Some(HIT)),
                ("already touch or overlap", Some(HIT)),
                ("No hit: along this axis", Some(SEPARATED)),
                ("no bracket", Some(BRACKET)),
                ("push-backs", Some(PUSH)),
                ("Stopped after", Some(LOOP)),
            ]
        }
    }
}

#[test]
fn the_highlighted_line_is_the_one_the_event_executes() {
    let mut problems = vec![];
    for path in presets() {
        let scene = Scene::load(&path).unwrap_or_else(|e| panic!("{e}"));
        for swapped in [false, true] {
            for algorithm in Algorithm::ALL {
                let mut app = App::new(scene.clone(), Some(path.clone()), Some(algorithm), None);
                if swapped {
                    std::mem::swap(&mut app.lab.a, &mut app.lab.b);
                    app.rerun();
                }
                let code = algorithm.pseudo_code();
                // A line as the failure message shows it: its number and its text.
                let shown = |line: Option<usize>| {
                    line.map(|l| format!("line {l}, {:?}", code.get(l).copied().unwrap_or("?")))
                        .unwrap_or_else(|| "no line".to_string())
                };
                for (k, step) in app.steps().iter().enumerate().skip(1) {
                    let words = format!("{} {}", step.title, step.narration);
                    let Some(&(_, expected)) = line_rules(algorithm)
                        .iter()
                        .find(|(w, _)| words.contains(w))
                    else {
                        problems.push(format!(
                            "{}: no rule for {:?}",
                            place(&path, algorithm, k, swapped),
                            step.title
                        ));
                        continue;
                    };
                    if step.line != expected {
                        problems.push(format!(
                            "{}: highlights {}, the event executes {}. Narration: {}",
                            place(&path, algorithm, k, swapped),
                            shown(step.line),
                            shown(expected),
                            step.narration
                        ));
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The seeds' versions (`gjk_lab_core::algorithms::variant`) say only what their pictures
/// show too, and highlight the line their event executes: each on every variant's
/// preset, both ways round, at every step.
#[test]
fn every_step_of_every_seed_version_says_only_what_its_picture_shows() {
    use gjk_lab_core::algorithms::variant::Variant;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut problems = vec![];
    for &variant in Variant::ALL {
        let algorithm = variant.algorithm();
        for &preset in Variant::ALL {
            let path = root.join(preset.preset());
            let scene = Scene::load(&path).unwrap_or_else(|e| panic!("{e}"));
            for swapped in [false, true] {
                let mut app = App::new(scene.clone(), Some(path.clone()), Some(algorithm), None);
                app.set_variant(Some(variant));
                if swapped {
                    std::mem::swap(&mut app.lab.a, &mut app.lab.b);
                    app.rerun();
                }
                super::place_cameras(&mut app, AREA);
                for k in 0..=app.step_count() {
                    app.go_to(k);
                    let at = format!(
                        "{} ({})",
                        place(&path, algorithm, k, swapped),
                        variant.name()
                    );
                    problems.extend(
                        check_current_step(&app)
                            .into_iter()
                            .map(|e| format!("{at}: {e}")),
                    );
                    let step = &app.steps()[k];
                    let words = format!("{} {}", step.title, step.narration);
                    let rule = line_rules(algorithm)
                        .iter()
                        .find(|(w, _)| words.contains(w));
                    match rule {
                        Some(&(_, expected)) if k > 0 && step.line != expected => {
                            problems.push(format!(
                                "{at}: highlights {:?}, the event executes {expected:?}",
                                step.line
                            ))
                        }
                        None if k > 0 => {
                            problems.push(format!("{at}: no rule for {:?}", step.title))
                        }
                        _ => {}
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Runs with the Advanced panel's settings (a low cap, f32 storage, no touch
/// tolerance, a loose convergence) say only what their pictures show too, and end
/// with a sentence about how they ended: on the degenerate gallery and the presets
/// where each setting bites, every algorithm that takes settings, both ways round.
#[test]
fn every_step_of_runs_with_other_settings_says_only_what_its_picture_shows() {
    use gjk_lab_core::settings::{Precision, Settings};
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let settings = [
        Settings {
            max_iterations: Some(2),
            ..Settings::default()
        },
        Settings {
            precision: Precision::F32,
            ..Settings::default()
        },
        Settings {
            touch: 0.0,
            ..Settings::default()
        },
        Settings {
            convergence: 0.05,
            ..Settings::default()
        },
    ];
    let presets = [
        "gallery-near-touch-far.ron",
        "gallery-slivers.ron",
        "gallery-200-to-1.ron",
        "gallery-point-box.ron",
        "overlapping-polygons.ron",
        "ellipse-circle.ron",
        "edge-touching.ron",
    ];
    let mut problems = vec![];
    let mut endings = 0;
    for preset in presets {
        let path = root.join("scenes").join(preset);
        let scene = Scene::load(&path).unwrap_or_else(|e| panic!("{e}"));
        for algorithm in Algorithm::ALL.into_iter().filter(|a| a.takes_settings()) {
            for s in &settings {
                for swapped in [false, true] {
                    let mut app =
                        App::new(scene.clone(), Some(path.clone()), Some(algorithm), None);
                    app.set_settings(*s);
                    if swapped {
                        std::mem::swap(&mut app.lab.a, &mut app.lab.b);
                        app.rerun();
                    }
                    super::place_cameras(&mut app, AREA);
                    let at =
                        |k| format!("{} ({})", place(&path, algorithm, k, swapped), s.describe());
                    for k in 0..=app.step_count() {
                        app.go_to(k);
                        problems.extend(
                            check_current_step(&app)
                                .into_iter()
                                .map(|e| format!("{}: {e}", at(k))),
                        );
                    }
                    let last = &app.steps()[app.step_count()];
                    if app.step_count() > 0 && last.narration.contains("With your settings") {
                        endings += 1;
                    } else if app.step_count() > 0 {
                        problems.push(format!(
                            "{}: the last step does not say how it ended",
                            at(app.step_count())
                        ));
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(endings > 200, "{endings} runs told their ending");
}
