//! A candidate's name in parts ([`Part`]), for the app to word in each language.

/// What a candidate is, in parts, so that the app can word it in each language
/// ([`Part::english`] is its [`Candidate::label`](super::Candidate::label)). Points
/// and numbers are already written as the verdicts print them
/// ([`number`](super::number)).
#[derive(Clone, Debug, PartialEq)]
pub enum Part {
    /// A point of `A − B` by a symbol and its coordinates ("w = (1.00, 2.00)").
    Point {
        /// The symbol ("w", "x").
        symbol: &'static str,
        /// The point, written.
        at: String,
    },
    /// A simplex point by its name ("point A").
    SimplexPoint(String),
    /// A simplex edge by its points' names ("edge AB").
    SimplexEdge(String),
    /// The inside of the simplex (its points' names) or of a polygon (its owner's
    /// name): "the inside of ABC".
    Inside(String),
    /// The other shape's vertex of this index ("vertex 2").
    Vertex(usize),
    /// A polytope edge by its ends ("the edge (…)–(…)").
    Segment(String),
    /// A shape's edge (or face) with its outward normal ("A's edge with normal (…)").
    Side {
        /// The shape's name ("A", "C (as B)").
        owner: String,
        /// A face (face separation) rather than an edge (SAT, clipping).
        face: bool,
        /// The normal, written.
        normal: String,
    },
    /// A polygon's vertex by its position ("A's vertex (…)").
    OwnersVertex {
        /// The polygon's name.
        owner: String,
        /// The vertex, written.
        at: String,
    },
    /// A polygon's edge by its ends ("A's edge (…)–(…)").
    OwnersSegment {
        /// The polygon's name.
        owner: String,
        /// The ends, written "(…)–(…)".
        ends: String,
    },
    /// Two neighbouring cells of the end-point list ("[a and b]").
    Neighbours(String, String),
    /// A time on the casts' time line, written ("t = 0.45").
    Time(String),
    /// A sampled check's sample by its number, from 1, and its time, written
    /// ("sample 2 at t = 0.14").
    Sample {
        /// Its number, from 1.
        index: usize,
        /// Its time, written.
        t: String,
    },
    /// No sample of a sampled check ("no sample (every gap above 0; the smallest)").
    NoSample,
}

impl Part {
    /// The candidate's name in English, as [`Candidate::label`](super::Candidate::label) holds it.
    pub fn english(&self) -> String {
        match self {
            Part::Point { symbol, at } => format!("{symbol} = {at}"),
            Part::SimplexPoint(name) => format!("point {name}"),
            Part::SimplexEdge(names) => format!("edge {names}"),
            Part::Inside(names) => format!("the inside of {names}"),
            Part::Vertex(k) => format!("vertex {k}"),
            Part::Segment(ends) => format!("the edge {ends}"),
            Part::Side {
                owner,
                face,
                normal,
            } => {
                let what = if *face { "face" } else { "edge" };
                format!("{owner}'s {what} with normal {normal}")
            }
            Part::OwnersVertex { owner, at } => format!("{owner}'s vertex {at}"),
            Part::OwnersSegment { owner, ends } => format!("{owner}'s edge {ends}"),
            Part::Neighbours(left, right) => format!("{left} and {right}"),
            Part::Time(t) => format!("t = {t}"),
            Part::Sample { index, t } => format!("sample {index} at t = {t}"),
            Part::NoSample => "no sample (every gap above 0; the smallest)".to_string(),
        }
    }

    /// The shape it belongs to, for a shape's side, vertex or edge.
    pub fn owner(&self) -> Option<&str> {
        match self {
            Part::Side { owner, .. }
            | Part::OwnersVertex { owner, .. }
            | Part::OwnersSegment { owner, .. } => Some(owner),
            _ => None,
        }
    }
}
