//! The glossary: the words the narration uses, what each means and the lesson page
//! that teaches it, in English ([`GLOSSARY`], which the lessons' checks read) and in
//! the language shown ([`explain`], from `locales/*/glossary.ftl`); and a legend
//! entry (a colour, what it means, the word it uses), the shape the legend
//! ([`super::legend`]) and the panels share.

use super::i18n::tr;
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
    /// The closest point v of the simplex (or of A − B) to the origin.
    ClosestPoint,
    /// GJK distance's bound line through a support point, across d.
    BoundLine,
    /// GJK distance's progress test, |v|² − v·w.
    ProgressTest,
    /// Clipping: the incident edge cut down to the contact points.
    Clipping,
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
        Term::ClosestPoint,
        "closest point v",
        "The point of the simplex nearest the origin O (at the end, of A − B). GJK keeps \
         the part of the simplex that holds it; GJK distance searches next from v \
         towards O, and when it stops, |v| is the distance.",
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
        Term::BoundLine,
        "bound line",
        "The line through a support point w, perpendicular to d. All of A − B lies \
         behind it, so in GJK distance the distance is at least how far O is from it.",
    ),
    (
        Term::ProgressTest,
        "progress test",
        "GJK distance's stopping test: |v|² − v·w says how much closer the new support \
         point w can bring v. When it is tiny, no support point gets closer: v is the \
         point of A − B nearest O.",
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
        Term::Clipping,
        "clipping",
        "Cutting the incident edge by the reference edge's side planes, then dropping \
         the points in front of the reference face: what is left are the contact \
         points.",
    ),
    (
        Term::SidePlane,
        "side plane",
        "A line through an end of the reference edge, perpendicular to it. Clipping \
         cuts off the part of the incident edge beyond each side plane.",
    ),
    (
        Term::DotProduct,
        "dot product p·d",
        "px·dx + py·dy, which is |p|·|d|·cos(the angle between them): how far p reaches \
         along d, times |d| (p·d/|d| is how far p reaches along d). The support point \
         along d is the point with the largest dot product.",
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
/// lesson page (its text, its question and hint, the narration and legend it shows,
/// the labels drawn in its views, and the reply to an answer) uses a term before that
/// page (a test checks it, with [`words`]).
pub fn taught(term: Term) -> (&'static str, usize) {
    match term {
        Term::MinkowskiDifference => ("00-minkowski", 1),
        Term::SupportPoint => ("00-minkowski", 5),
        Term::Core => ("00-minkowski", 5),
        Term::DotProduct => ("01-support", 1),
        Term::Simplex => ("02-gjk", 1),
        Term::VoronoiRegion => ("02-gjk", 3),
        Term::ClosestPoint => ("01-support", 5),
        Term::Barycentric => ("03-distance", 1),
        Term::BoundLine => ("01-support", 2),
        Term::ProgressTest => ("03-distance", 2),
        Term::Feet => ("03-distance", 4),
        Term::Normal => ("04-epa", 1),
        Term::Polytope => ("04-epa", 2),
        Term::SeparatingAxis => ("06-sat", 1),
        Term::Mtv => ("06-sat", 1),
        Term::ReferenceEdge | Term::IncidentEdge | Term::SidePlane | Term::Clipping => {
            ("08-clipping", 1)
        }
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
        Term::DotProduct => &["dot product", "w·d", "v·d", "p·d", "w·d/|d|", "p·d/|d|"],
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
        Term::ClosestPoint => &["v"],
        Term::BoundLine => &["bound line"],
        Term::ProgressTest => &["progress test"],
        Term::Clipping => &["clipping", "clipped", "clips"],
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

/// The glossary's name and meaning of a term in the language shown
/// (`locales/*/glossary.ftl`; the English is [`GLOSSARY`]'s).
pub fn explain(term: Term) -> (String, String) {
    match term {
        Term::MinkowskiDifference => (
            tr!("glossary-minkowski-difference"),
            tr!("glossary-minkowski-difference-text"),
        ),
        Term::SupportPoint => (
            tr!("glossary-support-point"),
            tr!("glossary-support-point-text"),
        ),
        Term::Simplex => (tr!("glossary-simplex"), tr!("glossary-simplex-text")),
        Term::VoronoiRegion => (
            tr!("glossary-voronoi-region"),
            tr!("glossary-voronoi-region-text"),
        ),
        Term::ClosestPoint => (
            tr!("glossary-closest-point"),
            tr!("glossary-closest-point-text"),
        ),
        Term::Barycentric => (
            tr!("glossary-barycentric"),
            tr!("glossary-barycentric-text"),
        ),
        Term::Feet => (tr!("glossary-feet"), tr!("glossary-feet-text")),
        Term::BoundLine => (tr!("glossary-bound-line"), tr!("glossary-bound-line-text")),
        Term::ProgressTest => (
            tr!("glossary-progress-test"),
            tr!("glossary-progress-test-text"),
        ),
        Term::Core => (tr!("glossary-core"), tr!("glossary-core-text")),
        Term::Polytope => (tr!("glossary-polytope"), tr!("glossary-polytope-text")),
        Term::Mtv => (tr!("glossary-mtv"), tr!("glossary-mtv-text")),
        Term::SeparatingAxis => (
            tr!("glossary-separating-axis"),
            tr!("glossary-separating-axis-text"),
        ),
        Term::ReferenceEdge => (
            tr!("glossary-reference-edge"),
            tr!("glossary-reference-edge-text"),
        ),
        Term::IncidentEdge => (
            tr!("glossary-incident-edge"),
            tr!("glossary-incident-edge-text"),
        ),
        Term::Clipping => (tr!("glossary-clipping"), tr!("glossary-clipping-text")),
        Term::SidePlane => (tr!("glossary-side-plane"), tr!("glossary-side-plane-text")),
        Term::DotProduct => (
            tr!("glossary-dot-product"),
            tr!("glossary-dot-product-text"),
        ),
        Term::Normal => (tr!("glossary-normal"), tr!("glossary-normal-text")),
        Term::Strip => (tr!("glossary-strip"), tr!("glossary-strip-text")),
    }
}

/// The glossary's English name of a term, shown beside the Chinese one so that a
/// learner also knows the word the English books use.
pub fn english_name(term: Term) -> &'static str {
    GLOSSARY
        .iter()
        .find(|(t, _, _)| *t == term)
        .map_or("", |&(_, name, _)| name)
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

/// An entry's text (its English, [`Entry::text`]) in the language shown
/// (`locales/*/widgets.ftl`), kept beside [`Entry`] so that the widgets that draw a
/// legend need nothing above them. The English stays the entry's identity, which the tests
/// and the lessons' checks read; a text not listed here shows as it is.
pub fn shown(text: &str) -> String {
    match text {
        "A; its shadow on the axis" => tr!("legend-a-its-shadow-on-the"),
        "B; its shadow on the axis" => tr!("legend-b-its-shadow-on-the"),
        "shape A" => tr!("legend-shape-a"),
        "shape B" => tr!("legend-shape-b"),
        "other shapes" => tr!("legend-other-shapes"),
        "concave: its convex parts" => tr!("legend-concave-its-convex-parts"),
        "rejected edit (edges cross)" => tr!("legend-rejected-edit-edges-cross"),
        "rings, dashed: gjk-lab's own run here" => tr!("legend-rings-dashed-gjk-labs-own"),
        "A − B: n is a face normal" => tr!("legend-a-b-n-is-a"),
        "O: overlap = distance to face" => tr!("legend-o-overlap-distance-to-face"),
        "Minkowski difference A − B" => tr!("legend-minkowski-difference-a-b"),
        "dashed: the core of A − B" => tr!("legend-dashed-the-core-of-a"),
        "origin O of A − B" => tr!("legend-origin-o-of-a-b"),
        "search direction d, −d" => tr!("legend-search-direction-d-d"),
        "support point w = a − b; a, b" => tr!("legend-support-point-w-a-b"),
        "simplex" => tr!("legend-simplex"),
        "dropped point (ghost)" => tr!("legend-dropped-point-ghost"),
        "Voronoi region holding O" => tr!("legend-voronoi-region-holding-o"),
        "closest point v (weights λ)" => tr!("legend-closest-point-v-weights"),
        "closest point v" => tr!("legend-closest-point-v"),
        "foot: nearest point of a line" => tr!("legend-foot-nearest-point-of-a"),
        "EPA polytope" => tr!("legend-epa-polytope"),
        "closest edge, its normal n, distance" => tr!("legend-closest-edge-its-normal-n"),
        "separating line" => tr!("legend-separating-line"),
        "origin inside: overlap" => tr!("legend-origin-inside-overlap"),
        "distance; closest points" => tr!("legend-distance-closest-points"),
        "depth along n; B moved out" => tr!("legend-depth-along-n-b-moved"),
        "axis n tested, its edge" => tr!("legend-axis-n-tested-its-edge"),
        "smallest overlap so far" => tr!("legend-smallest-overlap-so-far"),
        "smallest overlap: the MTV" => tr!("legend-smallest-overlap-the-mtv"),
        "separating axis; the gap" => tr!("legend-separating-axis-the-gap"),
        "collision normal n, depth" => tr!("legend-collision-normal-n-depth"),
        "reference edge, its face; n" => tr!("legend-reference-edge-its-face-n"),
        "incident edge" => tr!("legend-incident-edge"),
        "other facing edge" => tr!("legend-other-facing-edge"),
        "side plane" => tr!("legend-side-plane"),
        "the side a plane cuts off" => tr!("legend-the-side-a-plane-cuts"),
        "incident edge after the clip" => tr!("legend-incident-edge-after-the-clip"),
        "cut off (ghost)" => tr!("legend-cut-off-ghost"),
        "kept point, its depth" => tr!("legend-kept-point-its-depth"),
        "dropped: above the face" => tr!("legend-dropped-above-the-face"),
        "contact point, depth" => tr!("legend-contact-point-depth"),
        "bound line through w, perpendicular to d" => {
            tr!("legend-bound-line-through-w-perpendicular")
        }
        "dashed: the face as an edge of A − B" => tr!("legend-dashed-the-face-as-an"),
        "dotted: whole B moved out" => tr!("legend-dotted-whole-b-moved-out"),
        "dashed: A and B at the time t" => tr!("legend-dashed-a-and-b-at"),
        "filled: A and B at the hit" => tr!("legend-filled-a-and-b-at"),
        "dotted: the touch the samples missed" => tr!("legend-dotted-the-touch-the-samples"),
        "ray r from O; x = λ·r" => tr!("legend-ray-r-from-o-x"),
        "d: from A − B's nearest point to x" => tr!("legend-d-from-a-bs-nearest"),
        "w's line: A − B lies behind it" => tr!("legend-ws-line-a-b-lies"),
        "an edge's line: A − B lies behind it" => tr!("legend-edge-line-a-b-lies"),
        "gap s: face's line to deepest vertex" => tr!("legend-face-gap-s"),
        "normal n, from A towards B" => tr!("legend-normal-n-from-a-towards"),
        "deepest points along n" => tr!("legend-deepest-points-along-n"),
        "c: the circle's (ellipse's) centre" => tr!("legend-c-the-circles-ellipses-centre"),
        "w: other polygon's deepest vertex" => tr!("legend-w-other-polygons-deepest-vertex"),
        "edge, its normal, separation s" => tr!("legend-edge-its-normal-separation-s"),
        "shaded: the centre's region" => tr!("legend-shaded-the-centres-region"),
        "q: the polygon's point nearest c" => tr!("legend-q-the-polygons-point-nearest"),
        "n: normal from q towards c" => tr!("legend-n-normal-from-q-towards"),
        "dashed: squashed plane, where the ellipse is a circle" => {
            tr!("legend-dashed-squashed-plane-where-the")
        }
        "squashed edge, its separation s'" => tr!("legend-squashed-edge-its-separation-s"),
        "q': squashed polygon's point nearest c" => tr!("legend-q-squashed-polygons-point-nearest"),
        "e or a: the first shape's point along m" => tr!("legend-e-or-a-the-first"),
        "m: direction, gap between the lines" => tr!("legend-m-direction-gap-between-the"),
        "in A − B: the gap to the line normal to m" => tr!("legend-in-a-b-the-gap"),
        "the face checked" => tr!("legend-the-face-checked"),
        "dashed: bounding circles" => tr!("legend-dashed-bounding-circles"),
        "d = b − a: the vertex pair" => tr!("legend-d-b-a-the-vertex"),
        "shape in no pair" => tr!("legend-shape-in-no-pair"),
        "bounding box (AABB)" => tr!("legend-bounding-box-aabb"),
        "pair: AABBs overlap" => tr!("legend-pair-aabbs-overlap"),
        "contact: shapes touch" => tr!("legend-contact-shapes-touch"),
        "active list (sweep)" => tr!("legend-active-list-sweep"),
        "sweep line; a swap" => tr!("legend-sweep-line-a-swap"),
        "min end point (up)" => tr!("legend-min-end-point-up"),
        "max end point (down)" => tr!("legend-max-end-point-down"),
        "a polygon's own axes x', y'" => tr!("legend-a-polygons-own-axes-x"),
        "A's box axes e0, e1" => tr!("legend-as-box-axes-e0-e1"),
        _ => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The English messages are [`GLOSSARY`]'s, which the lessons' checks read, and
    /// every term has a Chinese name and meaning.
    #[test]
    fn every_term_has_an_explanation_in_both_languages() {
        use crate::app::i18n::{set_lang, Lang};
        for &(term, name, text) in GLOSSARY {
            set_lang(Lang::En);
            assert_eq!(explain(term), (name.to_string(), text.to_string()));
            assert!(!name.is_empty() && text.len() > 40, "{term:?}");
            set_lang(Lang::Zh);
            let (zh_name, zh_text) = explain(term);
            assert!(zh_name != name && zh_text.chars().count() > 20, "{term:?}");
        }
        set_lang(Lang::En);
    }
}
