//! The legend: which colours the current step draws and what they mean (the words
//! they use are the glossary's, [`super::glossary`]).
//!
//! [`entries`] derives the legend from what the views draw for the current step: the
//! shapes and A − B always, then one [`Entry`] list per kind of [`Item`] (the only
//! place that maps items to legend entries). An entry that uses a term of the
//! glossary names it, and the panel shows the term's meaning on hover.

pub use super::glossary::{Entry, Term};
use super::state::{App, Mode};
use super::view::draw::palette;
use super::visualizers::{AxisRole, FeatureRole, Item};
use gjk_lab_core::algorithms::Algorithm;
use macroquad::color::Color;

/// An entry (short to write: the tables below are long).
const fn e(color: Color, text: &'static str, term: Option<Term>) -> Entry {
    Entry { color, text, term }
}

/// The legend of the two-shape mode's current step: what both views draw.
pub fn entries(app: &App) -> Vec<Entry> {
    if app.mode() == Mode::Many {
        return many_entries();
    }
    let sat = matches!(app.lab.algorithm, Algorithm::Sat | Algorithm::SatObb);
    let mut out = view_entries(app, sat);
    for item in app.current().map_or(&[][..], |s| &s.items) {
        out.extend(item_entries(item));
    }
    let mut seen: Vec<Entry> = Vec::with_capacity(out.len());
    for entry in out {
        if !seen.contains(&entry) {
            seen.push(entry);
        }
    }
    seen
}

/// What the views draw whatever the step: the shapes, A − B and its origin.
fn view_entries(app: &App, sat: bool) -> Vec<Entry> {
    use palette::*;
    let mut out = vec![];
    if sat {
        out.push(e(SHAPE_A, "A; its shadow on the axis", None));
        out.push(e(SHAPE_B, "B; its shadow on the axis", None));
    } else {
        out.push(e(SHAPE_A, "shape A", None));
        out.push(e(SHAPE_B, "shape B", None));
    }
    if app.lab.scene.shapes.len() > 2 {
        out.push(e(SHAPE_OTHER, "other shapes", None));
    }
    let concave = [app.lab.a, app.lab.b].iter().any(|&i| {
        app.lab
            .scene
            .shapes
            .get(i)
            .is_some_and(|s| s.shape.is_concave())
    });
    if concave {
        out.push(e(PART, "concave: its convex parts", None));
    }
    if app.mode.pair_mode().rejected.is_some() {
        out.push(e(REJECTED, "rejected edit (edges cross)", None));
    }
    if !app.lab.has_pair() {
        return out;
    }
    let mink = Some(Term::MinkowskiDifference);
    if app.pair().is_some_and(|p| p.seed.is_some()) && !sat {
        out.push(e(
            GJK_LABS_RUN,
            "rings, dashed: gjk-lab's own run here",
            None,
        ));
    }
    if sat {
        out.push(e(MINKOWSKI, "A − B: n is a face normal", mink));
        out.push(e(ORIGIN, "O: overlap = distance to face", None));
    } else {
        out.push(e(MINKOWSKI, "Minkowski difference A − B", mink));
        if app
            .mode
            .pair_mode()
            .minkowski_core_outline(&app.lab, 8)
            .is_some()
        {
            out.push(e(MINKOWSKI, "dashed: the core of A − B", Some(Term::Core)));
        }
        out.push(e(ORIGIN, "origin O of A − B", None));
    }
    out
}

/// The legend entries of one item: the colours it is drawn in and what they mean.
pub fn item_entries(item: &Item) -> Vec<Entry> {
    use palette::*;
    use Term::*;
    match item {
        Item::Direction(_) => vec![e(DIRECTION, "search direction d, −d", None)],
        Item::Support(_) | Item::Inserted(_) => {
            vec![e(
                SUPPORT,
                "support point w = a − b; a, b",
                Some(SupportPoint),
            )]
        }
        Item::Simplex { .. } => vec![e(SIMPLEX, "simplex", Some(Simplex))],
        Item::Dropped(_) => vec![e(DROPPED, "dropped point (ghost)", Some(Simplex))],
        Item::Region(planes) if planes.is_empty() => vec![],
        Item::Region(_) => vec![e(REGION, "Voronoi region holding O", Some(VoronoiRegion))],
        // GJK distance's v comes with its weights; GJK's own (the kept part's point
        // nearest the origin) without.
        Item::Closest { on_a: Some(_), .. } => {
            vec![e(CLOSEST, "closest point v (weights λ)", Some(Barycentric))]
        }
        Item::Closest { .. } => vec![e(CLOSEST, "closest point v", Some(ClosestPoint))],
        Item::Foot(_) => vec![e(CLOSEST, "foot: nearest point of a line", Some(Feet))],
        Item::Polytope(_) => vec![e(SIMPLEX, "EPA polytope", Some(Polytope))],
        Item::Edge { .. } => vec![e(
            EDGE,
            "closest edge, its normal n, distance",
            Some(Polytope),
        )],
        Item::Separation { .. } => vec![e(RESULT, "separating line", Some(SeparatingAxis))],
        Item::Overlap => vec![e(RESULT, "origin inside: overlap", None)],
        Item::Distance { .. } => vec![e(RESULT, "distance; closest points", Some(Feet))],
        Item::Penetration { .. } => vec![e(EDGE, "depth along n; B moved out", Some(Mtv))],
        Item::Projections(p) => match p.role {
            AxisRole::Tested => vec![e(
                DIRECTION,
                "axis n tested, its edge",
                Some(SeparatingAxis),
            )],
            AxisRole::RunningMinimum => vec![e(EDGE, "smallest overlap so far", Some(Mtv))],
            AxisRole::Minimum => vec![e(EDGE, "smallest overlap: the MTV", Some(Mtv))],
            AxisRole::Separating => {
                vec![e(RESULT, "separating axis; the gap", Some(SeparatingAxis))]
            }
        },
        Item::CollisionNormal { .. } => vec![e(EDGE, "collision normal n, depth", Some(Mtv))],
        Item::Feature(f) => match f.role {
            FeatureRole::Reference => {
                vec![e(EDGE, "reference edge, its face; n", Some(ReferenceEdge))]
            }
            FeatureRole::Incident => vec![e(DIRECTION, "incident edge", Some(IncidentEdge))],
            FeatureRole::Facing => vec![e(DROPPED, "other facing edge", Some(ReferenceEdge))],
        },
        Item::SidePlane { .. } => vec![
            e(SIMPLEX, "side plane", Some(SidePlane)),
            e(REJECTED, "the side a plane cuts off", Some(SidePlane)),
        ],
        Item::Clipped { .. } => vec![
            e(SIMPLEX, "incident edge after the clip", Some(IncidentEdge)),
            e(DROPPED, "cut off (ghost)", None),
        ],
        Item::Candidate { kept: true, .. } => vec![e(SUPPORT, "kept point, its depth", None)],
        Item::Candidate { kept: false, .. } => vec![e(DROPPED, "dropped: above the face", None)],
        Item::Contact { .. } => vec![e(SUPPORT, "contact point, depth", None)],
        Item::BoundLine { .. } => vec![e(
            DIRECTION,
            "bound line through w, perpendicular to d",
            Some(BoundLine),
        )],
        Item::FaceEdge { .. } => vec![e(EDGE, "dashed: the face as an edge of A − B", None)],
        Item::WholeShapesOut(_) => vec![e(SHAPE_B, "dotted: whole B moved out", Some(Mtv))],
        Item::ClosedForm(figure) => closed_form_entries(figure),
        Item::Cast(figure) => cast_entries(figure),
        Item::Notice(_) | Item::Instead(_) => vec![],
    }
}

/// The casts' figures (moving shapes).
fn cast_entries(figure: &super::visualizers::CastFigure) -> Vec<Entry> {
    use super::visualizers::{CastFigure as Figure, PoseRole};
    use palette::*;
    match figure {
        Figure::Poses(p) => match p.role {
            PoseRole::Current => vec![e(SHAPE_B, "dashed: A and B at the time t", None)],
            PoseRole::Earlier => vec![],
            PoseRole::Hit => vec![e(SHAPE_B, "filled: A and B at the hit", None)],
            PoseRole::Missed => vec![e(SHAPE_B, "dotted: the touch the samples missed", None)],
        },
        Figure::Ray { .. } => vec![e(DIRECTION, "ray r from O; x = λ·r", None)],
        Figure::Search { .. } => vec![e(CLOSEST, "d: from A − B's nearest point to x", None)],
        Figure::Plane { edge: false, .. } => {
            vec![e(SUPPORT, "w's line: A − B lies behind it", None)]
        }
        Figure::Plane { edge: true, .. } => {
            vec![e(SUPPORT, "an edge's line: A − B lies behind it", None)]
        }
        Figure::Arrow { .. } => vec![e(EDGE, "normal n, from A towards B", None)],
        Figure::Gap {
            from_face: false, ..
        } => vec![e(CLOSEST, "deepest points along n", None)],
        Figure::Gap {
            from_face: true, ..
        } => vec![e(CLOSEST, "gap s: face's line to deepest vertex", None)],
        // The time line explains itself ("t = 0" … "1"); the next deepest points, the
        // next advance and the samples' gaps are a question's, not drawn.
        Figure::Times(_)
        | Figure::NextDeepest { .. }
        | Figure::NextAdvance(_)
        | Figure::Samples(_) => vec![],
    }
}

/// The closed form's figures (circle against polygon).
fn closed_form_entries(figure: &super::visualizers::ClosedFormFigure) -> Vec<Entry> {
    use super::visualizers::ClosedFormFigure as Figure;
    use palette::*;
    match figure {
        Figure::Frame { names, .. } => vec![e(DIRECTION, names.legend(), None)],
        Figure::Centre(_) => vec![e(
            SIMPLEX,
            "c: the circle's (ellipse's) centre",
            Some(Term::Core),
        )],
        Figure::Deepest(_) => vec![e(SUPPORT, "w: other polygon's deepest vertex", None)],
        Figure::Separation { .. } => vec![e(EDGE, "edge, its normal, separation s", None)],
        // The earlier edges are faint copies of the current one, which has the entry.
        Figure::Earlier(_) => vec![],
        Figure::Region { .. } => vec![e(
            SUPPORT,
            "shaded: the centre's region",
            Some(Term::VoronoiRegion),
        )],
        Figure::Nearest { .. } => vec![
            e(CLOSEST, "q: the polygon's point nearest c", None),
            e(EDGE, "n: normal from q towards c", None),
        ],
        Figure::Squashed { .. } => {
            vec![e(
                SIMPLEX,
                "dashed: squashed plane, where the ellipse is a circle",
                None,
            )]
        }
        Figure::SquashedEdge { .. } => vec![e(EDGE, "squashed edge, its separation s'", None)],
        Figure::SquashedNearest { .. } => {
            vec![e(CLOSEST, "q': squashed polygon's point nearest c", None)]
        }
        Figure::Gap { .. } => vec![
            e(SUPPORT, "e or a: the first shape's point along m", None),
            e(DIRECTION, "m: direction, gap between the lines", None),
            e(CLOSEST, "in A − B: the gap to the line normal to m", None),
        ],
        Figure::Face { .. } => vec![e(EDGE, "the face checked", None)],
        Figure::Circles { .. } => vec![e(DIRECTION, "dashed: bounding circles", None)],
        Figure::Segment { .. } => vec![e(SIMPLEX, "d = b − a: the vertex pair", None)],
    }
}

/// The many-shapes mode's legend.
fn many_entries() -> Vec<Entry> {
    use palette::*;
    vec![
        e(SHAPE_OTHER, "shape in no pair", None),
        e(AABB, "bounding box (AABB)", None),
        e(PAIR, "pair: AABBs overlap", None),
        e(CONTACT, "contact: shapes touch", None),
        e(ACTIVE, "active list (sweep)", None),
        e(SWEEP, "sweep line; a swap", None),
        e(MIN_END, "min end point (up)", None),
        e(MAX_END, "max end point (down)", None),
    ]
}

/// CIE L*a*b* of an opaque sRGB colour (for the palette's test) (D65 white), for telling colours apart.
#[cfg(test)]
fn lab(c: Color) -> [f32; 3] {
    let linear = |v: f32| {
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    let (r, g, b) = (linear(c.r), linear(c.g), linear(c.b));
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    let f = |t: f32| {
        if t > 0.008856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// How different two colours look (CIE76 ΔE: about 2 is just noticeable, over 25
/// clearly different), ignoring their alpha.
#[cfg(test)]
fn color_distance(p: Color, q: Color) -> f32 {
    let (p, q) = (lab(p), lab(q));
    ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2)).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;
    use gjk_lab_core::scene::Scene;
    use glam::DVec2;

    /// Colours closer than this (CIE76 ΔE) are near twins on the dark background.
    const APART: f32 = 25.0;

    fn presets() -> Vec<std::path::PathBuf> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes");
        crate::app::state::scene_files(&dir)
            .into_iter()
            .filter(|p| !p.to_string_lossy().contains("many-shapes"))
            .collect()
    }

    /// Every two entries of one legend with different colours look clearly different.
    fn assert_apart(legend: &[Entry], context: &str) {
        for (i, p) in legend.iter().enumerate() {
            for q in &legend[i + 1..] {
                if p.color == q.color {
                    continue;
                }
                let d = color_distance(p.color, q.color);
                assert!(
                    d >= APART,
                    "{context}: \"{}\" and \"{}\" are near twins (ΔE {d:.1})",
                    p.text,
                    q.text
                );
            }
        }
    }

    /// Issue 9: "other shapes" and "dropped point", "simplex" and "Voronoi region",
    /// "origin" and "distance line", "closest edge" and "rejected" looked alike. The
    /// legends of every step of every algorithm on every preset, with a third shape
    /// and a rejected edit added (so that those entries are listed too), keep their
    /// colours apart.
    #[test]
    fn every_legend_lists_colours_a_learner_can_tell_apart() {
        let mut texts = std::collections::BTreeSet::new();
        for path in presets() {
            let mut scene = Scene::load(&path).unwrap_or_else(|e| panic!("{e}"));
            if scene.shapes.len() == 2 {
                let mut third = scene.shapes[0].clone();
                third.name = Some("C".into());
                scene.shapes.push(third);
            }
            for algorithm in Algorithm::ALL {
                let mut app = App::new(scene.clone(), None, Some(algorithm), Some(0));
                app.mode.pair_mode_mut().rejected = Some(crate::app::pair::Rejected {
                    outline: vec![DVec2::ZERO, DVec2::X, DVec2::Y],
                    edges: vec![],
                });
                for k in 0..=app.step_count() {
                    app.go_to(k);
                    let legend = entries(&app);
                    let context = format!("{} {algorithm:?} step {k}", path.display());
                    assert_apart(&legend, &context);
                    texts.extend(legend.iter().map(|e| e.text));
                }
            }
        }
        texts.extend(many_entries().iter().map(|e| e.text));
        assert_translated(&texts);
    }

    /// Every legend text is its own English message, and has a Chinese one.
    fn assert_translated(texts: &std::collections::BTreeSet<&str>) {
        use crate::app::glossary::shown;
        use crate::app::i18n::{set_lang, Lang};
        let mut missing = vec![];
        for &text in texts {
            set_lang(Lang::En);
            let en = shown(text);
            set_lang(Lang::Zh);
            let zh = shown(text);
            if en != text || zh == text {
                missing.push(format!("{text:?}: English {en:?}, Chinese {zh:?}"));
            }
        }
        set_lang(Lang::En);
        assert!(
            missing.is_empty(),
            "legend texts without their message:\n{}",
            missing.join("\n")
        );
    }

    /// The legend lists what the step draws: a support point only at a step that
    /// shows one, a Voronoi region only at a step that shades one.
    #[test]
    fn the_legend_lists_only_what_the_step_draws() {
        let path = presets()
            .into_iter()
            .find(|p| p.ends_with("overlapping-polygons.ron"))
            .unwrap();
        let scene = Scene::load(&path).unwrap();
        let mut app = App::new(scene, None, Some(Algorithm::Gjk), Some(0));
        let texts = |app: &App| -> Vec<&str> { entries(app).iter().map(|e| e.text).collect() };
        let before = texts(&app);
        assert!(before.contains(&"shape A") && before.contains(&"origin O of A − B"));
        assert!(!before.contains(&"other shapes"), "two shapes only");
        assert!(!before.iter().any(|t| t.starts_with("support point")));
        let mut saw_support = false;
        for k in 1..=app.step_count() {
            app.go_to(k);
            let items = &app.current().unwrap().items;
            let listed = texts(&app);
            let support = items
                .iter()
                .any(|i| matches!(i, Item::Support(_) | Item::Inserted(_)));
            assert_eq!(
                support,
                listed.iter().any(|t| t.starts_with("support point")),
                "step {k}"
            );
            let region = items
                .iter()
                .any(|i| matches!(i, Item::Region(p) if !p.is_empty()));
            assert_eq!(
                region,
                listed.contains(&"Voronoi region holding O"),
                "step {k}"
            );
            saw_support |= support;
        }
        assert!(saw_support);
    }

    #[test]
    fn lab_of_white_and_black() {
        let white = lab(Color::new(1.0, 1.0, 1.0, 1.0));
        assert!((white[0] - 100.0).abs() < 0.1 && white[1].abs() < 0.5 && white[2].abs() < 0.5);
        assert!(lab(Color::new(0.0, 0.0, 0.0, 1.0))[0].abs() < 1e-3);
    }
}
