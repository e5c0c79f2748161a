//! The legend and the glossary: which colours the current step draws and what they
//! mean, and the words the narration uses.
//!
//! [`entries`] derives the legend from what the views draw for the current step: the
//! shapes and A − B always, then one [`Entry`] list per kind of [`Item`] (the only
//! place that maps items to legend entries). An entry that uses a term of the
//! glossary names it, and the panel shows the term's meaning on hover.

use super::state::{App, Mode};
use super::view::draw::palette;
use super::visualizers::{AxisRole, FeatureRole, Item};
use gjk_lab_core::algorithms::Algorithm;
use macroquad::color::Color;

/// A word the narration uses, explained in the glossary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    /// The Minkowski difference A − B.
    MinkowskiDifference,
    /// A support point.
    SupportPoint,
    /// GJK's simplex.
    Simplex,
    /// A Voronoi region of a simplex feature.
    VoronoiRegion,
    /// Barycentric weights λ.
    Barycentric,
    /// The feet: closest points found from the weights.
    Feet,
    /// The core of a shape with a radius.
    Core,
    /// EPA's polytope.
    Polytope,
    /// The minimum translation vector.
    Mtv,
    /// A separating axis.
    SeparatingAxis,
    /// Clipping's reference edge.
    ReferenceEdge,
    /// Clipping's incident edge.
    IncidentEdge,
    /// A side plane of the reference edge.
    SidePlane,
    /// The dot product `v·d`.
    DotProduct,
    /// An edge's normal.
    Normal,
    /// A strip of sweep and prune.
    Strip,
}

/// Every term with its name and meaning, in the order the glossary lists them.
pub const GLOSSARY: &[(Term, &str, &str)] = &[
    (
        Term::MinkowskiDifference,
        "Minkowski difference A − B",
        "Every point a − b with a in A and b in B. A and B overlap exactly when A − B \
         contains the origin O, and their distance is the distance from O to A − B; so \
         every algorithm here works on A − B instead of on the pair.",
    ),
    (
        Term::SupportPoint,
        "support point",
        "The point of a shape farthest along a direction d. For A − B it is w = a − b, \
         with a A's support point along d and b B's along −d: one support point of \
         A − B costs one of A and one of B, and A − B is never built.",
    ),
    (
        Term::Simplex,
        "simplex",
        "GJK's one, two or three support points of A − B (a point, a segment, a \
         triangle). Each step keeps the part nearest the origin and adds a new point \
         towards it; a triangle around O proves the overlap.",
    ),
    (
        Term::VoronoiRegion,
        "Voronoi region",
        "The part of the plane nearer to one feature of the simplex (a point or an \
         edge) than to any other. The region holding O names the feature closest to \
         O: GJK keeps that feature and drops the rest.",
    ),
    (
        Term::Barycentric,
        "barycentric weights λ",
        "Numbers λ ≥ 0 with Σλ = 1 that write the closest point as a blend of the \
         simplex points: v = λ₁w₁ + λ₂w₂. The same weights blend the points on A and \
         on B.",
    ),
    (
        Term::Feet,
        "feet (closest points)",
        "The points on A and on B that are nearest each other: λ₁a₁ + λ₂a₂ + … and \
         λ₁b₁ + λ₂b₂ + …, the simplex's sources weighted by λ. Their difference is the \
         closest point v of A − B. (Pseudo-EPA also calls the nearest point of a line \
         to O its foot.)",
    ),
    (
        Term::Core,
        "core",
        "A circle is its centre grown by its radius (an ellipse is not). GJK and EPA \
         work on the core difference (radii left out) and add the radii at the end: \
         the dashed outline inside A − B.",
    ),
    (
        Term::Polytope,
        "polytope",
        "EPA's polygon inside A − B, grown from GJK's last simplex. Each step takes its \
         edge nearest O and pushes that edge out with a new support point; when no \
         point lies farther out, that edge is the face of A − B nearest O.",
    ),
    (
        Term::Mtv,
        "MTV (minimum translation vector)",
        "The shortest move of B that separates the shapes: its length is the \
         penetration depth, its direction the collision normal n. EPA finds it as \
         the face of A − B nearest O; SAT as the axis with the smallest overlap.",
    ),
    (
        Term::SeparatingAxis,
        "separating axis",
        "A direction on which the shadows (projections) of A and B do not overlap. If \
         one exists the convex shapes are apart; SAT tries each edge normal.",
    ),
    (
        Term::ReferenceEdge,
        "reference edge",
        "In clipping: the edge most nearly facing along the collision normal, whose \
         face and side planes cut the other edge.",
    ),
    (
        Term::IncidentEdge,
        "incident edge",
        "In clipping: the other shape's edge that faces the reference edge most \
         squarely; it is cut down to the contact points.",
    ),
    (
        Term::SidePlane,
        "side plane",
        "A line through an end of the reference edge, perpendicular to it. Clipping \
         cuts off the part of the incident edge beyond each side plane.",
    ),
    (
        Term::DotProduct,
        "dot product v·d",
        "vx·dx + vy·dy, which is |v|·|d|·cos(the angle between them): how far v reaches \
         along d, times |d|. The support point along d is the point with the largest \
         dot product.",
    ),
    (
        Term::Normal,
        "normal",
        "A unit direction perpendicular to an edge, pointing out of the shape. SAT \
         projects on edge normals; EPA expands its nearest edge along its normal.",
    ),
    (
        Term::Strip,
        "strip",
        "Sweep and prune with many boxes splits the plane into bands across the sweep \
         axis, one sorted end-point list per band: a box is in every strip it reaches. \
         Few boxes need a single strip.",
    ),
];

/// Where the lessons teach a term: the lesson file's stem and the 1-based page. No
/// lesson page (its text, its question, the narration and legend it shows) uses a
/// term before that page (a test checks it, with [`words`]).
pub fn taught(term: Term) -> (&'static str, usize) {
    match term {
        Term::MinkowskiDifference => ("00-minkowski", 1),
        Term::SupportPoint => ("00-minkowski", 5),
        Term::Core => ("00-minkowski", 5),
        Term::DotProduct => ("01-support", 1),
        Term::Simplex => ("02-gjk", 1),
        Term::VoronoiRegion => ("02-gjk", 3),
        Term::Barycentric => ("03-distance", 1),
        Term::Feet => ("03-distance", 4),
        Term::Normal => ("04-epa", 1),
        Term::Polytope => ("04-epa", 2),
        Term::SeparatingAxis => ("06-sat", 1),
        Term::Mtv => ("06-sat", 1),
        Term::ReferenceEdge => ("07-sat-obb", 6),
        Term::IncidentEdge | Term::SidePlane => ("08-clipping", 1),
        Term::Strip => ("10-sweep-and-prune", 1),
    }
}

/// The words that use a term (matched whole and ignoring case).
#[cfg(test)]
pub fn words(term: Term) -> &'static [&'static str] {
    match term {
        Term::MinkowskiDifference => &["Minkowski"],
        Term::SupportPoint => &["support point", "support points", "support function"],
        Term::Core => &["core", "cores"],
        Term::DotProduct => &["dot product", "w·d", "v·d", "w·d/|d|"],
        Term::Simplex => &["simplex"],
        Term::VoronoiRegion => &["Voronoi"],
        Term::Barycentric => &["barycentric", "λ", "λ1", "λ2", "λ3"],
        Term::Feet => &["feet", "foot"],
        Term::Normal => &["normal", "normals"],
        Term::Polytope => &["polytope"],
        Term::SeparatingAxis => &["separating axis", "separating axes"],
        Term::Mtv => &["MTV", "minimum translation"],
        Term::ReferenceEdge => &["reference edge", "reference face"],
        Term::IncidentEdge => &["incident"],
        Term::SidePlane => &["side plane", "side planes"],
        Term::Strip => &["strip", "strips"],
    }
}

/// Whether `text` uses `word` as a whole word (or phrase), ignoring case.
#[cfg(test)]
pub fn uses(text: &str, word: &str) -> bool {
    let (text, word) = (text.to_lowercase(), word.to_lowercase());
    let letter = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric());
    text.match_indices(&word).any(|(at, _)| {
        !letter(text[..at].chars().next_back()) && !letter(text[at + word.len()..].chars().next())
    })
}

/// The glossary's name and meaning of a term.
pub fn explain(term: Term) -> (&'static str, &'static str) {
    GLOSSARY
        .iter()
        .find(|(t, _, _)| *t == term)
        .map_or(("", ""), |&(_, name, text)| (name, text))
}

/// One line of the legend: a colour, what it means here, and the term it uses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry {
    /// The colour drawn.
    pub color: Color,
    /// What it means.
    pub text: &'static str,
    /// A glossary term the text uses (hover shows its meaning).
    pub term: Option<Term>,
}

/// An entry (short to write: the tables below are long).
const fn e(color: Color, text: &'static str, term: Option<Term>) -> Entry {
    Entry { color, text, term }
}

/// The legend of the two-shape mode's current step: what both views draw.
pub fn entries(app: &App) -> Vec<Entry> {
    if app.mode() == Mode::Many {
        return many_entries();
    }
    let sat = matches!(app.algorithm, Algorithm::Sat | Algorithm::SatObb);
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
    if app.scene.shapes.len() > 2 {
        out.push(e(SHAPE_OTHER, "other shapes", None));
    }
    let concave = [app.a, app.b].iter().any(|&i| {
        app.scene
            .shapes
            .get(i)
            .is_some_and(|s| s.shape.is_concave())
    });
    if concave {
        out.push(e(PART, "concave: its convex parts", None));
    }
    if app.rejected.is_some() {
        out.push(e(REJECTED, "rejected edit (edges cross)", None));
    }
    if !app.has_pair() {
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
        if app.minkowski_core_outline(8).is_some() {
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
        Item::Closest { .. } => vec![e(CLOSEST, "closest point v (weights λ)", Some(Barycentric))],
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
            "bound line through w, normal to d",
            Some(SupportPoint),
        )],
        Item::FaceEdge { .. } => vec![e(EDGE, "dashed: the face as an edge of A − B", None)],
        Item::WholeShapesOut(_) => vec![e(SHAPE_B, "dotted: whole B moved out", Some(Mtv))],
        Item::ClosedForm(figure) => closed_form_entries(figure),
        Item::Notice(_) | Item::Instead(_) => vec![],
    }
}

/// The closed form's figures (circle against polygon).
fn closed_form_entries(figure: &super::visualizers::circle_polygon::Figure) -> Vec<Entry> {
    use super::visualizers::circle_polygon::Figure;
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
        for path in presets() {
            let mut scene = Scene::load(&path).unwrap_or_else(|e| panic!("{e}"));
            if scene.shapes.len() == 2 {
                let mut third = scene.shapes[0].clone();
                third.name = Some("C".into());
                scene.shapes.push(third);
            }
            for algorithm in Algorithm::ALL {
                let mut app = App::new(scene.clone(), None, Some(algorithm), Some(0));
                app.rejected = Some(vec![DVec2::ZERO, DVec2::X, DVec2::Y]);
                for k in 0..=app.step_count() {
                    app.go_to(k);
                    let legend = entries(&app);
                    let context = format!("{} {algorithm:?} step {k}", path.display());
                    assert_apart(&legend, &context);
                }
            }
        }
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
    fn every_term_has_an_explanation() {
        for &(term, name, text) in GLOSSARY {
            assert_eq!(explain(term), (name, text));
            assert!(!name.is_empty() && text.len() > 40, "{term:?}");
        }
    }

    #[test]
    fn lab_of_white_and_black() {
        let white = lab(Color::new(1.0, 1.0, 1.0, 1.0));
        assert!((white[0] - 100.0).abs() < 0.1 && white[1].abs() < 0.5 && white[2].abs() < 0.5);
        assert!(lab(Color::new(0.0, 0.0, 0.0, 1.0))[0].abs() < 1e-3);
    }
}
