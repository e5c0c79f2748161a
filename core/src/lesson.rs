//! Lessons: a scene file's optional `lesson` section, pages of short text over the
//! scene's shapes. Each page shows an algorithm at a step, and a page may first ask
//! the learner to predict the next event (a *checkpoint*): the app stops before the
//! event, the learner clicks in the picture, and the app judges the click on the
//! geometry and then shows the step.
//!
//! Page text may hold live numbers of the scene, which follow the shapes as the
//! learner drags them: `{distance}`, `{depth}`, `{normal}`, `{relation}` ("overlap" or
//! "are apart"), `{steps}` (the page's algorithm's step count) and `{A}`, `{B}` (the
//! shapes' names), and on a *regions* figure `{region}` (the simplex part whose
//! Voronoi region holds the dragged point P).
//!
//!
//! A lesson may end with a `summary`, "what you now know": three short lines, shown on
//! its last page.
//!
//! ```ron
//! lesson: (pages: [
//!     (text: "A and B {relation}: GJK decides it with a few support points."),
//!     (text: "Where is the next support point?", algorithm: "gjk", step: 1,
//!      checkpoint: "next-support"),
//! ], summary: [
//!     "GJK decides overlap with support points of A − B.",
//!     "Its simplex keeps only the feature nearest the origin.",
//!     "It stops when the origin is enclosed or proved out of reach.",
//! ])
//! ```

pub mod checkpoint;

pub use checkpoint::Checkpoint;

use crate::algorithms::Algorithm;
use serde::{Deserialize, Serialize};

/// A scene's lesson: its pages, in order, and what the learner knows at its end.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// The pages.
    pub pages: Vec<Page>,
    /// "What you now know": none, or exactly [`SUMMARY_LINES`] short lines, shown on
    /// the last page.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub summary: Vec<String>,
}

/// One page: a few sentences, what the views show, and maybe a question.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Page {
    /// A few sentences (with live numbers, see the module documentation).
    pub text: String,
    /// The algorithm the views show (default: the scene's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub algorithm: Option<Algorithm>,
    /// The step shown (a checkpoint asks about the event after it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<usize>,
    /// A question to answer by clicking, before the next step is shown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checkpoint: Option<Checkpoint>,
    /// Shape A of this page (index into the scene's shapes; default: the view's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub a: Option<usize>,
    /// Shape B of this page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub b: Option<usize>,
    /// Which mode the page shows: two shapes (default) or many shapes, where `step` is
    /// a step of the sweep and prune frame `frame`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<PageMode>,
    /// In the many-shapes mode, the sweep and prune frame shown: 0 is the first, which
    /// sorts the end points from the order of the boxes in the file; each later frame
    /// follows a short motion of the boxes (default 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub frame: Option<u64>,
    /// A figure drawn over the two-shape views instead of an algorithm's step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub figure: Option<Figure>,
    /// Hide the step panel (the step's narration, pseudo-code and legend): the page
    /// uses the algorithm's picture before the learner has met the algorithm itself.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hide_steps: bool,
}

/// The mode a page shows (`"pair"` or `"many"` in files, as in `--status`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "&'static str")]
pub enum PageMode {
    /// Two shapes, A and B (the narrow phase).
    Pair,
    /// Many shapes and sweep and prune (the broad phase).
    Many,
}

/// Figures of the first lessons, drawn over the two shapes (not steps of an algorithm):
/// `"differences"`, `"sweep"` or `"support"` in files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "&'static str")]
pub enum Figure {
    /// Every vertex difference `aᵢ − bⱼ` as a point in A − B (for a curved shape, the
    /// support points of A − B in evenly spread directions) and their convex hull.
    Differences,
    /// A swept by −B: copies of −B placed at points of A's outline, one after another
    /// (animated); together they cover A − B.
    Sweep,
    /// A direction `d` the learner drags: the support points of A along `d`, of B along
    /// `−d` and of A − B along `d`, with their dot products.
    Support,
    /// The Voronoi regions of the simplex at the page's step, each part's shaded and
    /// named, and a point P the learner drags through them: the page's `{region}` names
    /// the part whose region holds P.
    Regions,
}

/// A kind named by a string in files: its names and how an unknown one is refused.
macro_rules! named_kind {
    ($kind:ident, $what:literal, [$($variant:ident => $name:literal),+ $(,)?]) => {
        impl $kind {
            /// Every kind, with its name in files.
            pub const NAMES: &'static [($kind, &'static str)] = &[$(($kind::$variant, $name)),+];

            /// Its name in files.
            pub fn name(&self) -> &'static str {
                match self {
                    $($kind::$variant => $name),+
                }
            }
        }

        impl From<$kind> for &'static str {
            fn from(k: $kind) -> &'static str {
                k.name()
            }
        }

        impl TryFrom<String> for $kind {
            type Error = String;
            fn try_from(name: String) -> Result<Self, String> {
                $kind::NAMES
                    .iter()
                    .find(|(_, n)| *n == name)
                    .map(|(k, _)| *k)
                    .ok_or_else(|| {
                        let names: Vec<_> = $kind::NAMES.iter().map(|(_, n)| *n).collect();
                        format!(
                            concat!("unknown ", $what, " {:?}: expected one of {}"),
                            name,
                            names.join(", ")
                        )
                    })
            }
        }
    };
}

named_kind!(PageMode, "mode", [Pair => "pair", Many => "many"]);
named_kind!(Figure, "figure", [
    Differences => "differences",
    Sweep => "sweep",
    Support => "support",
    Regions => "regions",
]);

/// The live numbers a page may name.
pub const PLACEHOLDERS: [&str; 14] = [
    "distance",
    "depth",
    "normal",
    "relation",
    "steps",
    "A",
    "B",
    "swaps",
    "frame",
    "d",
    "support_a",
    "support_b",
    "support",
    "region",
];

/// Most characters on a page: a few sentences, not an essay.
pub const MAX_PAGE_CHARS: usize = 900;

/// The lines of a lesson's summary ("what you now know"), when it has one.
pub const SUMMARY_LINES: usize = 3;

/// Most characters in a line of a lesson's summary: one short sentence.
pub const MAX_SUMMARY_CHARS: usize = 120;

/// Checks a lesson's summary: none, or [`SUMMARY_LINES`] lines, each one short
/// sentence that is not empty.
fn validate_summary(summary: &[String]) -> Result<(), String> {
    if !summary.is_empty() && summary.len() != SUMMARY_LINES {
        return Err(format!(
            "summary: {} lines; a summary has exactly {SUMMARY_LINES} (or is left out)",
            summary.len()
        ));
    }
    for (k, line) in summary.iter().enumerate() {
        let chars = line.chars().count();
        if line.trim().is_empty() {
            return Err(format!("summary, line {}: empty", k + 1));
        }
        if chars > MAX_SUMMARY_CHARS || line.contains('\n') {
            return Err(format!(
                "summary, line {}: {chars} characters; a line is one short sentence, at \
                 most {MAX_SUMMARY_CHARS}",
                k + 1
            ));
        }
    }
    Ok(())
}

/// Checks a lesson over a scene of `shapes` shapes; `Err((page, message))` names the
/// 1-based page.
pub fn validate(
    lesson: &Lesson,
    default_algorithm: Algorithm,
    shapes: usize,
) -> Result<(), (usize, String)> {
    if lesson.pages.is_empty() {
        return Err((0, "a lesson needs at least one page".into()));
    }
    validate_summary(&lesson.summary).map_err(|message| (0, message))?;
    for (k, page) in lesson.pages.iter().enumerate() {
        let page_number = k + 1;
        let fail = |message: String| Err((page_number, message));
        if page.text.trim().is_empty() {
            return fail("the text is empty".into());
        }
        if page.text.chars().count() > MAX_PAGE_CHARS {
            return fail(format!(
                "the text has {} characters; a page holds at most {MAX_PAGE_CHARS}",
                page.text.chars().count()
            ));
        }
        if let Some(name) = unknown_placeholder(&page.text) {
            return fail(format!(
                "unknown live number {{{name}}}: use one of {}",
                PLACEHOLDERS.map(|p| format!("{{{p}}}")).join(", ")
            ));
        }
        for (label, index) in [("a", page.a), ("b", page.b)] {
            if let Some(i) = index.filter(|&i| i >= shapes) {
                return fail(format!(
                    "{label}: {i} is not a shape (the scene has {shapes})"
                ));
            }
        }
        if page.a.is_some() && page.a == page.b {
            return fail("a and b are the same shape".into());
        }
        let many = page.mode == Some(PageMode::Many);
        if !many && page.frame.is_some() {
            return fail("frame: only a many-shapes page (mode: many) has frames".into());
        }
        if many && (page.algorithm.is_some() || page.figure.is_some()) {
            return fail(
                "a many-shapes page (mode: many) shows sweep and prune: it takes no \
                 algorithm or figure"
                    .into(),
            );
        }
        if page.figure.is_some() && page.checkpoint.is_some() {
            return fail("a figure page takes no checkpoint (a figure has no steps)".into());
        }
        if let Some(checkpoint) = page.checkpoint {
            let algorithm = page.algorithm.unwrap_or(default_algorithm);
            if checkpoint.is_broad_phase() != many {
                return fail(if many {
                    format!(
                        "checkpoint {:?} asks about a two-shape algorithm, but the page shows \
                         sweep and prune (mode: many)",
                        checkpoint.name()
                    )
                } else {
                    format!(
                        "checkpoint {:?} asks about sweep and prune: the page needs mode: many",
                        checkpoint.name()
                    )
                });
            }
            if !many && !checkpoint.algorithms().contains(&algorithm) {
                let names: Vec<_> = checkpoint.algorithms().iter().map(|a| a.name()).collect();
                return fail(format!(
                    "checkpoint {:?} asks about {} steps, but the page shows {:?}",
                    checkpoint.name(),
                    names.join(" or "),
                    algorithm.name()
                ));
            }
        }
    }
    Ok(())
}

/// The first `{name}` in `text` that is not a known live number.
fn unknown_placeholder(text: &str) -> Option<String> {
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let close = after.find('}')?;
        let name = &after[..close];
        if !PLACEHOLDERS.contains(&name) {
            return Some(name.to_string());
        }
        rest = &after[close + 1..];
    }
    None
}

/// `text` with each `{name}` replaced by `value(name)`.
pub fn fill(text: &str, value: impl Fn(&str) -> String) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                out.push_str(&value(&after[..close]));
                rest = &after[close + 1..];
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(text: &str, algorithm: Option<Algorithm>, checkpoint: Option<Checkpoint>) -> Page {
        Page {
            text: text.into(),
            algorithm,
            step: None,
            checkpoint,
            a: None,
            b: None,
            mode: None,
            frame: None,
            figure: None,
            hide_steps: false,
        }
    }

    #[test]
    fn placeholders_are_filled_and_unknown_ones_refused() {
        let filled = fill("A and B {relation} by {depth}.", |n| format!("<{n}>"));
        assert_eq!(filled, "A and B <relation> by <depth>.");
        let lesson = Lesson {
            pages: vec![page("ok", None, None), page("{dpeth}", None, None)],
            summary: vec![],
        };
        let (k, message) = validate(&lesson, Algorithm::Gjk, 2).unwrap_err();
        assert_eq!(k, 2);
        assert!(
            message.contains("{dpeth}") || message.contains("dpeth"),
            "{message}"
        );
    }

    #[test]
    fn a_checkpoint_must_fit_its_page_algorithm() {
        let lesson = Lesson {
            pages: vec![page(
                "Click it.",
                Some(Algorithm::Epa),
                Some(Checkpoint::NextSupport),
            )],
            summary: vec![],
        };
        let (k, message) = validate(&lesson, Algorithm::Gjk, 2).unwrap_err();
        assert_eq!(k, 1);
        assert!(
            message.contains("next-support") && message.contains("epa"),
            "{message}"
        );
        let ok = Lesson {
            pages: vec![page("Click it.", None, Some(Checkpoint::NextSupport))],
            summary: vec![],
        };
        assert!(validate(&ok, Algorithm::Gjk, 2).is_ok());
    }

    #[test]
    fn sweep_and_prune_pages_are_many_shapes_pages() {
        let swap = |mode: Option<PageMode>, frame: Option<u64>| Lesson {
            pages: vec![Page {
                mode,
                frame,
                ..page("Which two swap?", None, Some(Checkpoint::NextSwap))
            }],
            summary: vec![],
        };
        let (_, message) = validate(&swap(None, None), Algorithm::Gjk, 8).unwrap_err();
        assert!(message.contains("needs mode: many"), "{message}");
        assert!(validate(&swap(Some(PageMode::Many), Some(3)), Algorithm::Gjk, 8).is_ok());
        let (_, message) = validate(
            &Lesson {
                pages: vec![Page {
                    frame: Some(1),
                    ..page("A frame.", None, None)
                }],
                summary: vec![],
            },
            Algorithm::Gjk,
            8,
        )
        .unwrap_err();
        assert!(message.contains("only a many-shapes page"), "{message}");
        let (_, message) = validate(
            &Lesson {
                pages: vec![Page {
                    mode: Some(PageMode::Many),
                    ..page("GJK here?", None, Some(Checkpoint::NextSupport))
                }],
                summary: vec![],
            },
            Algorithm::Gjk,
            8,
        )
        .unwrap_err();
        assert!(
            message.contains("sweep and prune (mode: many)"),
            "{message}"
        );
    }

    #[test]
    fn a_figure_page_asks_nothing() {
        let lesson = Lesson {
            pages: vec![Page {
                figure: Some(Figure::Support),
                ..page("Drag d.", None, Some(Checkpoint::NextSupport))
            }],
            summary: vec![],
        };
        let (_, message) = validate(&lesson, Algorithm::Gjk, 2).unwrap_err();
        assert!(message.contains("figure"), "{message}");
    }

    /// "What you now know" is three short lines or nothing: two lines, four lines, an
    /// empty line or a paragraph are refused, naming the lesson as a whole (page 0).
    #[test]
    fn a_summary_has_three_short_lines_or_none() {
        let with = |summary: &[&str]| Lesson {
            pages: vec![page("ok", None, None)],
            summary: summary.iter().map(|l| l.to_string()).collect(),
        };
        assert!(validate(&with(&[]), Algorithm::Gjk, 2).is_ok());
        assert!(validate(&with(&["One.", "Two.", "Three."]), Algorithm::Gjk, 2).is_ok());
        for (summary, says) in [
            (vec!["One.", "Two."], "2 lines"),
            (vec!["One.", "Two.", "Three.", "Four."], "4 lines"),
            (vec!["One.", " ", "Three."], "line 2: empty"),
            (vec!["One.", "Two.", "Three\nlines."], "line 3"),
        ] {
            let (page, message) = validate(&with(&summary), Algorithm::Gjk, 2).unwrap_err();
            assert_eq!(page, 0, "{message}");
            assert!(message.contains(says), "{message}");
        }
        let long = "x".repeat(MAX_SUMMARY_CHARS + 1);
        let (_, message) =
            validate(&with(&["One.", &long, "Three."]), Algorithm::Gjk, 2).unwrap_err();
        assert!(message.contains("line 2: 121 characters"), "{message}");
        let exact = "x".repeat(MAX_SUMMARY_CHARS);
        assert!(validate(&with(&["One.", &exact, "Three."]), Algorithm::Gjk, 2).is_ok());
    }

    /// The summary is optional in files, and a lesson without one is written without
    /// it; an unknown field of the lesson section is still refused.
    #[test]
    fn the_summary_field_is_optional_and_unknown_fields_are_refused() {
        let bare: Lesson = ron::from_str(r#"(pages: [(text: "ok")])"#).unwrap();
        assert!(bare.summary.is_empty());
        assert!(!ron::to_string(&bare).unwrap().contains("summary"));
        let full: Lesson =
            ron::from_str(r#"(pages: [(text: "ok")], summary: ["a", "b", "c"])"#).unwrap();
        assert_eq!(full.summary, ["a", "b", "c"]);
        let typo = ron::from_str::<Lesson>(r#"(pages: [(text: "ok")], sumary: ["a"])"#);
        assert!(typo.is_err());
    }
}
