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
//! Voronoi region holds the dragged point P). On a page about writing an algorithm
//! (`examples/your-gjk`), `{check}` is how to check the learner's program on the
//! page's pair where the lesson runs: the commands for a terminal on the desktop, the
//! code panel in the browser.
//!
//!
//! A lesson may end with a `summary`, "what you now know": three short lines, shown on
//! its last page.
//!
//! Every text has its Simplified Chinese beside it: a page's `zh`, the lesson's
//! `summary_zh` (and the scene's `title_zh`, `description_zh`), shown when the window
//! speaks Chinese. The Chinese text names the same live numbers as the English one.
//!
//! ```ron
//! lesson: (pages: [
//!     (text: "A and B {relation}: GJK decides it with a few support points.",
//!      zh: "A 与 B {relation}：GJK 只用几个支撑点就能判定。"),
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

use crate::algorithms::{Algorithm, UnknownName};
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
    /// The summary in Simplified Chinese: as many lines as `summary`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub summary_zh: Vec<String>,
}

/// One page: a few sentences, what the views show, and maybe a question.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Page {
    /// A few sentences (with live numbers, see the module documentation).
    pub text: String,
    /// The same in Simplified Chinese, with the same live numbers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zh: Option<String>,
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
            type Error = UnknownName;
            fn try_from(name: String) -> Result<Self, UnknownName> {
                match $kind::NAMES.iter().find(|(_, n)| *n == name) {
                    Some((k, _)) => Ok(*k),
                    None => Err(UnknownName {
                        kind: $what,
                        name,
                        expected: $kind::NAMES.iter().map(|(_, n)| *n).collect(),
                    }),
                }
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
pub const PLACEHOLDERS: [&str; 16] = [
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
    "check",
    "toi",
];

/// Most characters on a page: a few sentences, not an essay.
pub const MAX_PAGE_CHARS: usize = 900;

/// The lines of a lesson's summary ("what you now know"), when it has one.
pub const SUMMARY_LINES: usize = 3;

/// Most characters in a line of a lesson's summary: one short sentence.
pub const MAX_SUMMARY_CHARS: usize = 120;

/// Algorithms' names as a list a sentence reads: "gjk", "gjk or distance", "gjk,
/// distance or shape-cast".
fn one_of(algorithms: &[Algorithm]) -> String {
    let names: Vec<&str> = algorithms.iter().map(|a| a.name()).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.join(""),
    }
}

/// Why a lesson section is refused: the page it is wrong on and what is wrong. Its
/// message is `lesson: what` for the lesson as a whole (page 0: no page, or the
/// summary), else `lesson, page N: what`.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{}: {kind}", lesson_part(*page))]
pub struct LessonError {
    /// The page (1-based; 0: the lesson as a whole).
    pub page: usize,
    /// What is wrong.
    pub kind: LessonErrorKind,
}

/// `lesson` for the lesson as a whole (page 0), else `lesson, page N`.
fn lesson_part(page: usize) -> String {
    match page {
        0 => "lesson".to_string(),
        page => format!("lesson, page {page}"),
    }
}

/// What is wrong with a lesson (its message says what, not where: [`LessonError`]
/// adds the page).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum LessonErrorKind {
    /// The lesson has no page.
    #[error("a lesson needs at least one page")]
    NoPages,
    /// The summary has lines, but not [`SUMMARY_LINES`].
    #[error("summary: {lines} lines; a summary has exactly {SUMMARY_LINES} (or is left out)")]
    SummaryLines {
        /// How many lines it has.
        lines: usize,
    },
    /// A line of the summary is empty (or only spaces).
    #[error("summary, line {line}: empty")]
    SummaryLineEmpty {
        /// The line (1-based).
        line: usize,
    },
    /// A line of the summary is longer than [`MAX_SUMMARY_CHARS`], or holds a line
    /// break.
    #[error(
        "summary, line {line}: {chars} characters; a line is one short sentence, at \
         most {MAX_SUMMARY_CHARS}"
    )]
    SummaryLineTooLong {
        /// The line (1-based).
        line: usize,
        /// Its characters.
        chars: usize,
    },
    /// The Chinese summary's lines do not match the English ones.
    #[error(
        "summary_zh: {zh} lines for the summary's {english}; each line has its \
         Chinese beside it"
    )]
    SummaryZhLines {
        /// The English lines.
        english: usize,
        /// The Chinese lines.
        zh: usize,
    },
    /// The page's Chinese text names other live numbers than its English text.
    #[error(
        "zh: the Chinese text names the live numbers {zh:?}, the English {english:?}: \
         both name the same"
    )]
    ZhPlaceholders {
        /// The English text's live numbers, in order of name.
        english: Vec<String>,
        /// The Chinese text's.
        zh: Vec<String>,
    },
    /// The page's text is empty (or only spaces).
    #[error("the text is empty")]
    EmptyText,
    /// The page's text is longer than [`MAX_PAGE_CHARS`].
    #[error("the text has {chars} characters; a page holds at most {MAX_PAGE_CHARS}")]
    TextTooLong {
        /// Its characters.
        chars: usize,
    },
    /// The text names a live number that is none of [`PLACEHOLDERS`].
    #[error(
        "unknown live number {{{name}}}: use one of {}",
        PLACEHOLDERS.map(|p| format!("{{{p}}}")).join(", ")
    )]
    UnknownPlaceholder {
        /// The name between the braces.
        name: String,
    },
    /// The page's `a` or `b` is not the index of a shape.
    #[error("{label}: {index} is not a shape (the scene has {shapes})")]
    NoSuchShape {
        /// Which (`"a"` or `"b"`).
        label: &'static str,
        /// The index given.
        index: usize,
        /// How many shapes the scene has.
        shapes: usize,
    },
    /// The page's `a` and `b` are the same shape.
    #[error("a and b are the same shape")]
    SameShape,
    /// A two-shape page names a sweep and prune frame.
    #[error("frame: only a many-shapes page (mode: many) has frames")]
    FrameOnPairPage,
    /// A many-shapes page names an algorithm or a figure.
    #[error(
        "a many-shapes page (mode: many) shows sweep and prune: it takes no \
         algorithm or figure"
    )]
    AlgorithmOnManyPage,
    /// A figure page asks a question.
    #[error("a figure page takes no checkpoint (a figure has no steps)")]
    CheckpointOnFigure,
    /// A many-shapes page asks about a two-shape algorithm.
    #[error(
        "checkpoint {:?} asks about a two-shape algorithm, but the page shows \
         sweep and prune (mode: many)",
        checkpoint.name()
    )]
    PairCheckpointOnManyPage {
        /// The question.
        checkpoint: Checkpoint,
    },
    /// A two-shape page asks about sweep and prune.
    #[error(
        "checkpoint {:?} asks about sweep and prune: the page needs mode: many",
        checkpoint.name()
    )]
    ManyCheckpointOnPairPage {
        /// The question.
        checkpoint: Checkpoint,
    },
    /// The question is about another algorithm's steps than the page shows.
    #[error(
        "checkpoint {:?} asks about {} steps, but the page shows {:?}",
        checkpoint.name(),
        one_of(checkpoint.algorithms()),
        algorithm.name()
    )]
    CheckpointOfAnotherAlgorithm {
        /// The question.
        checkpoint: Checkpoint,
        /// The algorithm the page shows.
        algorithm: Algorithm,
    },
}

/// Checks a lesson's summary: none, or [`SUMMARY_LINES`] lines, each one short
/// sentence that is not empty.
fn validate_summary(summary: &[String]) -> Result<(), LessonErrorKind> {
    if !summary.is_empty() && summary.len() != SUMMARY_LINES {
        return Err(LessonErrorKind::SummaryLines {
            lines: summary.len(),
        });
    }
    for (k, line) in summary.iter().enumerate() {
        let chars = line.chars().count();
        if line.trim().is_empty() {
            return Err(LessonErrorKind::SummaryLineEmpty { line: k + 1 });
        }
        if chars > MAX_SUMMARY_CHARS || line.contains('\n') {
            return Err(LessonErrorKind::SummaryLineTooLong { line: k + 1, chars });
        }
    }
    Ok(())
}

/// Checks a lesson over a scene of `shapes` shapes; the error names the 1-based page
/// (0: the lesson as a whole).
pub fn validate(
    lesson: &Lesson,
    default_algorithm: Algorithm,
    shapes: usize,
) -> Result<(), LessonError> {
    let whole = |kind| LessonError { page: 0, kind };
    if lesson.pages.is_empty() {
        return Err(whole(LessonErrorKind::NoPages));
    }
    validate_summary(&lesson.summary).map_err(whole)?;
    if !lesson.summary_zh.is_empty() {
        if lesson.summary_zh.len() != lesson.summary.len() {
            return Err(whole(LessonErrorKind::SummaryZhLines {
                english: lesson.summary.len(),
                zh: lesson.summary_zh.len(),
            }));
        }
        validate_summary(&lesson.summary_zh).map_err(whole)?;
    }
    for (k, page) in lesson.pages.iter().enumerate() {
        validate_page(page, default_algorithm, shapes)
            .map_err(|kind| LessonError { page: k + 1, kind })?;
    }
    Ok(())
}

/// Checks one page of a lesson over a scene of `shapes` shapes.
fn validate_page(
    page: &Page,
    default_algorithm: Algorithm,
    shapes: usize,
) -> Result<(), LessonErrorKind> {
    validate_text(&page.text)?;
    if let Some(zh) = &page.zh {
        validate_text(zh)?;
        let (english, chinese) = (placeholders(&page.text), placeholders(zh));
        if english != chinese {
            return Err(LessonErrorKind::ZhPlaceholders {
                english,
                zh: chinese,
            });
        }
    }
    for (label, index) in [("a", page.a), ("b", page.b)] {
        if let Some(index) = index.filter(|&i| i >= shapes) {
            return Err(LessonErrorKind::NoSuchShape {
                label,
                index,
                shapes,
            });
        }
    }
    if page.a.is_some() && page.a == page.b {
        return Err(LessonErrorKind::SameShape);
    }
    let many = page.mode == Some(PageMode::Many);
    if !many && page.frame.is_some() {
        return Err(LessonErrorKind::FrameOnPairPage);
    }
    if many && (page.algorithm.is_some() || page.figure.is_some()) {
        return Err(LessonErrorKind::AlgorithmOnManyPage);
    }
    if page.figure.is_some() && page.checkpoint.is_some() {
        return Err(LessonErrorKind::CheckpointOnFigure);
    }
    if let Some(checkpoint) = page.checkpoint {
        let algorithm = page.algorithm.unwrap_or(default_algorithm);
        if checkpoint.is_broad_phase() != many {
            return Err(if many {
                LessonErrorKind::PairCheckpointOnManyPage { checkpoint }
            } else {
                LessonErrorKind::ManyCheckpointOnPairPage { checkpoint }
            });
        }
        if !many && !checkpoint.algorithms().contains(&algorithm) {
            return Err(LessonErrorKind::CheckpointOfAnotherAlgorithm {
                checkpoint,
                algorithm,
            });
        }
    }
    Ok(())
}

/// Checks a page's text (English or Chinese): not empty, not too long, only known
/// live numbers.
fn validate_text(text: &str) -> Result<(), LessonErrorKind> {
    if text.trim().is_empty() {
        return Err(LessonErrorKind::EmptyText);
    }
    let chars = text.chars().count();
    if chars > MAX_PAGE_CHARS {
        return Err(LessonErrorKind::TextTooLong { chars });
    }
    if let Some(name) = unknown_placeholder(text) {
        return Err(LessonErrorKind::UnknownPlaceholder { name });
    }
    Ok(())
}

/// The live numbers `text` names, sorted, each once.
fn placeholders(text: &str) -> Vec<String> {
    let mut names: Vec<String> = text
        .split('{')
        .skip(1)
        .filter_map(|part| part.split_once('}').map(|(name, _)| name.to_string()))
        .collect();
    names.sort();
    names.dedup();
    names
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
            zh: None,
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
            summary_zh: vec![],
        };
        let e = validate(&lesson, Algorithm::Gjk, 2).unwrap_err();
        assert_eq!(e.page, 2);
        assert_eq!(
            e.kind,
            LessonErrorKind::UnknownPlaceholder {
                name: "dpeth".into()
            }
        );
    }

    #[test]
    fn the_chinese_names_the_same_live_numbers_and_has_every_summary_line() {
        let mut chinese = page("A and B {relation} by {depth}.", None, None);
        chinese.zh = Some("A 与 B {relation}，深度 {depth}。".into());
        let mut lesson = Lesson {
            pages: vec![chinese.clone()],
            summary: vec!["one".into(), "two".into(), "three".into()],
            summary_zh: vec!["一".into(), "二".into(), "三".into()],
        };
        assert_eq!(validate(&lesson, Algorithm::Gjk, 2), Ok(()));
        lesson.pages[0].zh = Some("A 与 B {relation}。".into());
        assert_eq!(
            validate(&lesson, Algorithm::Gjk, 2).unwrap_err().kind,
            LessonErrorKind::ZhPlaceholders {
                english: vec!["depth".into(), "relation".into()],
                zh: vec!["relation".into()],
            }
        );
        lesson.pages[0].zh = Some("  ".into());
        assert_eq!(
            validate(&lesson, Algorithm::Gjk, 2).unwrap_err().kind,
            LessonErrorKind::EmptyText
        );
        lesson.pages[0] = chinese;
        lesson.summary_zh.pop();
        assert_eq!(
            validate(&lesson, Algorithm::Gjk, 2).unwrap_err().kind,
            LessonErrorKind::SummaryZhLines { english: 3, zh: 2 }
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
            summary_zh: vec![],
        };
        let e = validate(&lesson, Algorithm::Gjk, 2).unwrap_err();
        assert_eq!(e.page, 1);
        assert_eq!(
            e.kind,
            LessonErrorKind::CheckpointOfAnotherAlgorithm {
                checkpoint: Checkpoint::NextSupport,
                algorithm: Algorithm::Epa
            }
        );
        let message = e.to_string();
        assert!(
            message.contains("next-support") && message.contains("epa"),
            "{message}"
        );
        let ok = Lesson {
            pages: vec![page("Click it.", None, Some(Checkpoint::NextSupport))],
            summary: vec![],
            summary_zh: vec![],
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
            summary_zh: vec![],
        };
        let message = validate(&swap(None, None), Algorithm::Gjk, 8)
            .unwrap_err()
            .to_string();
        assert!(message.contains("needs mode: many"), "{message}");
        assert!(validate(&swap(Some(PageMode::Many), Some(3)), Algorithm::Gjk, 8).is_ok());
        let message = validate(
            &Lesson {
                pages: vec![Page {
                    frame: Some(1),
                    ..page("A frame.", None, None)
                }],
                summary: vec![],
                summary_zh: vec![],
            },
            Algorithm::Gjk,
            8,
        )
        .unwrap_err()
        .to_string();
        assert!(message.contains("only a many-shapes page"), "{message}");
        let message = validate(
            &Lesson {
                pages: vec![Page {
                    mode: Some(PageMode::Many),
                    ..page("GJK here?", None, Some(Checkpoint::NextSupport))
                }],
                summary: vec![],
                summary_zh: vec![],
            },
            Algorithm::Gjk,
            8,
        )
        .unwrap_err()
        .to_string();
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
            summary_zh: vec![],
        };
        let e = validate(&lesson, Algorithm::Gjk, 2).unwrap_err();
        assert_eq!(e.kind, LessonErrorKind::CheckpointOnFigure);
        assert!(e.to_string().contains("figure"), "{e}");
    }

    /// "What you now know" is three short lines or nothing: two lines, four lines, an
    /// empty line or a paragraph are refused, naming the lesson as a whole (page 0).
    #[test]
    fn a_summary_has_three_short_lines_or_none() {
        let with = |summary: &[&str]| Lesson {
            pages: vec![page("ok", None, None)],
            summary: summary.iter().map(|l| l.to_string()).collect(),
            summary_zh: vec![],
        };
        assert!(validate(&with(&[]), Algorithm::Gjk, 2).is_ok());
        assert!(validate(&with(&["One.", "Two.", "Three."]), Algorithm::Gjk, 2).is_ok());
        for (summary, says) in [
            (vec!["One.", "Two."], "2 lines"),
            (vec!["One.", "Two.", "Three.", "Four."], "4 lines"),
            (vec!["One.", " ", "Three."], "line 2: empty"),
            (vec!["One.", "Two.", "Three\nlines."], "line 3"),
        ] {
            let e = validate(&with(&summary), Algorithm::Gjk, 2).unwrap_err();
            assert_eq!(e.page, 0, "{e}");
            assert!(e.to_string().contains(says), "{e}");
        }
        let long = "x".repeat(MAX_SUMMARY_CHARS + 1);
        let e = validate(&with(&["One.", &long, "Three."]), Algorithm::Gjk, 2).unwrap_err();
        assert_eq!(
            e.kind,
            LessonErrorKind::SummaryLineTooLong {
                line: 2,
                chars: 121
            }
        );
        assert!(e.to_string().contains("line 2: 121 characters"), "{e}");
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
