//! The errors the window shows, in the language shown: a scene file's (where, and
//! what is wrong with which shape, view or lesson page), a shared link's, the
//! platform's and an export's. The core words its errors in English for the command
//! line; here each kind has its message in `locales/LANG/errors.ftl`, whose English is
//! the core's message word for word (the tests below compare them on every kind), so
//! a Chinese window reads Chinese with the same numbers. What a parser (RON, JSON) or
//! the operating system says stays in its own words.

use super::export::ExportError;
use super::i18n::tr;
use super::lessons::progress::NoSuchLesson;
use super::my_trace::UnreadableTrace;
use super::platform::PlatformError;
use gjk_lab_core::lesson::{LessonError, LessonErrorKind, MAX_PAGE_CHARS, MAX_SUMMARY_CHARS};
use gjk_lab_core::lesson::{PLACEHOLDERS, SUMMARY_LINES};
use gjk_lab_core::link::{LinkError, MAX_LINK_CHARS, MAX_SCENE_BYTES, PREFIX};
use gjk_lab_core::range::{readable, Quantity, RangeError, MAX_COORDINATE, MIN_SIZE};
use gjk_lab_core::scene::{one_line, SceneError, SceneErrorKind, ShapeError, ViewError};
use gjk_lab_core::shapes::{CapsuleError, PolygonError};

/// An error's text in the language shown.
pub trait Shown {
    /// The message, as the window shows it.
    fn shown(&self) -> String;
}

impl Shown for SceneError {
    /// `file: what`, or `file:line:column: what` for a syntax error, on one line.
    fn shown(&self) -> String {
        let file = self
            .file
            .as_ref()
            .map_or_else(|| tr!("error-no-file"), |p| p.display().to_string());
        let text = match &self.kind {
            SceneErrorKind::Syntax {
                line,
                column,
                message,
            } => tr!(
                "error-at-line",
                file = file,
                line = line.to_string(),
                column = column.to_string(),
                error = parser_message(message)
            ),
            kind => tr!("error-in-file", file = file, error = kind.shown()),
        };
        one_line(&text)
    }
}

impl Shown for SceneErrorKind {
    fn shown(&self) -> String {
        match self {
            SceneErrorKind::Io(reason) => tr!("error-io", reason = reason.as_str()),
            SceneErrorKind::UnknownFormat(ext) => {
                tr!("error-unknown-format", ext = format!("{ext:?}"))
            }
            SceneErrorKind::Syntax { message, .. } => parser_message(message),
            SceneErrorKind::Shape { index, name, error } => match name {
                Some(name) => tr!(
                    "error-shape-named",
                    index = index.to_string(),
                    name = format!("{name:?}"),
                    error = error.shown()
                ),
                None => tr!(
                    "error-shape",
                    index = index.to_string(),
                    error = error.shown()
                ),
            },
            SceneErrorKind::View(e) => tr!("error-view", error = e.shown()),
            SceneErrorKind::Lesson(e) => e.shown(),
        }
    }
}

/// How a parser's message is recognised.
enum Pattern {
    /// By its start.
    Start(&'static str),
    /// By a part of it.
    Part(&'static str),
}

/// The parser's messages the window words in Chinese: a pattern of the message (its
/// start, or a part of it), and the message id. RON's words are `ron::error::Error`'s,
/// JSON's serde_json's; the tests parse broken files to check the table still matches.
const PARSER_MESSAGES: &[(Pattern, &str)] = &[
    (Pattern::Start("Expected comma"), "parser-expected-comma"),
    (Pattern::Start("Expected colon"), "parser-expected-colon"),
    (
        Pattern::Start("Expected closing `)`"),
        "parser-expected-close-paren",
    ),
    (
        Pattern::Start("Expected closing `]`"),
        "parser-expected-close-bracket",
    ),
    (
        Pattern::Start("Expected closing `}`"),
        "parser-expected-close-brace",
    ),
    (
        Pattern::Start("Expected opening `(`"),
        "parser-expected-open-paren",
    ),
    (
        Pattern::Start("Expected opening `[`"),
        "parser-expected-open-bracket",
    ),
    (Pattern::Start("Expected float"), "parser-expected-number"),
    (
        Pattern::Start("Expected integer"),
        "parser-expected-integer",
    ),
    (Pattern::Start("Expected string"), "parser-expected-string"),
    (
        Pattern::Start("Expected end of string"),
        "parser-string-end",
    ),
    (
        Pattern::Start("Expected boolean"),
        "parser-expected-boolean",
    ),
    (
        Pattern::Start("Expected identifier"),
        "parser-expected-identifier",
    ),
    (Pattern::Start("Unexpected end of RON"), "parser-eof"),
    (
        Pattern::Start("Non-whitespace trailing characters"),
        "parser-trailing",
    ),
    (Pattern::Start("Unexpected char"), "parser-unexpected-char"),
    (
        Pattern::Start("Unexpected missing field named"),
        "parser-missing-field",
    ),
    (
        Pattern::Start("Unexpected field named"),
        "parser-unknown-field",
    ),
    (
        Pattern::Start("Unexpected duplicate field named"),
        "parser-duplicate-field",
    ),
    (
        Pattern::Start("Unexpected variant named"),
        "parser-unknown-variant",
    ),
    (
        Pattern::Start("Unexpected enum variant named"),
        "parser-unknown-enum-variant",
    ),
    (
        Pattern::Start("Unclosed block comment"),
        "parser-unclosed-comment",
    ),
    (
        Pattern::Start("Integer is out of bounds"),
        "parser-integer-bounds",
    ),
    (Pattern::Part(" but found "), "parser-wrong-type"),
    (Pattern::Start("missing field"), "json-missing-field"),
    (Pattern::Start("unknown field"), "json-unknown-field"),
    (Pattern::Start("unknown variant"), "json-unknown-variant"),
    (Pattern::Start("duplicate field"), "json-duplicate-field"),
    (Pattern::Start("invalid type"), "json-invalid-type"),
    (Pattern::Start("invalid length"), "json-invalid-length"),
    (Pattern::Start("invalid value"), "json-invalid-value"),
    (
        Pattern::Start("expected `,` or `]`"),
        "json-expected-comma-bracket",
    ),
    (
        Pattern::Start("expected `,` or `}`"),
        "json-expected-comma-brace",
    ),
    (Pattern::Start("expected `:`"), "json-expected-colon"),
    (Pattern::Start("expected value"), "json-expected-value"),
    (Pattern::Start("EOF while parsing"), "json-eof"),
    (Pattern::Start("trailing comma"), "json-trailing-comma"),
    (Pattern::Start("trailing characters"), "json-trailing"),
    (Pattern::Start("key must be a string"), "json-key-string"),
    (
        Pattern::Start("control character"),
        "json-control-character",
    ),
    (Pattern::Start("invalid number"), "json-invalid-number"),
    (Pattern::Start("number out of range"), "json-number-range"),
];

/// A parser's message in the language shown: in English its own words, in Chinese
/// what it means, then its words in brackets (a message the table lacks: "could not
/// parse", then its words).
fn parser_message(message: &str) -> String {
    let id = PARSER_MESSAGES
        .iter()
        .find(|(pattern, _)| match pattern {
            Pattern::Start(start) => message.starts_with(start),
            Pattern::Part(part) => message.contains(part),
        })
        .map_or("parser-other", |(_, id)| id);
    let mut args = fluent_bundle::FluentArgs::new();
    args.set("message", message);
    super::i18n::text_with(id, Some(&args))
}

impl Shown for ShapeError {
    fn shown(&self) -> String {
        match self {
            ShapeError::PositionNotFinite(p) => {
                tr!("error-position-not-finite", point = p.to_string())
            }
            ShapeError::RotationNotFinite(r) => {
                tr!("error-rotation-not-finite", value = r.to_string())
            }
            ShapeError::NotPositive { what, value } => tr!(
                "error-not-positive",
                what = quantity(what),
                value = readable(*value)
            ),
            ShapeError::Negative { what, value } => tr!(
                "error-negative",
                what = quantity(what),
                value = readable(*value)
            ),
            ShapeError::Polygon(e) => tr!("error-polygon", error = e.shown()),
            ShapeError::Capsule(e) => tr!("error-capsule", error = e.shown()),
            ShapeError::Range(e) => e.shown(),
        }
    }
}

/// A quantity a range error names ("circle radius", "vertex 2") in the language shown.
fn quantity(what: &Quantity) -> String {
    let id = match what {
        Quantity::Vertex(index) => return tr!("quantity-vertex", index = index.to_string()),
        Quantity::Position => "quantity-position",
        Quantity::Center => "quantity-center",
        Quantity::MotionVelocity => "quantity-motion-velocity",
        Quantity::MotionAngularSpeed => "quantity-motion-angular-speed",
        Quantity::EndPosition => "quantity-end-position",
        Quantity::PolygonRadius => "quantity-polygon-radius",
        Quantity::CircleRadius => "quantity-circle-radius",
        Quantity::EllipseSemiAxisA => "quantity-ellipse-semi-axis-a",
        Quantity::EllipseSemiAxisB => "quantity-ellipse-semi-axis-b",
        Quantity::CapsuleEndA => "quantity-capsule-end-a",
        Quantity::CapsuleEndB => "quantity-capsule-end-b",
        Quantity::CapsuleRadius => "quantity-capsule-radius",
        Quantity::PolygonExtent => "quantity-polygon-extent",
    };
    super::i18n::text(id)
}

impl Shown for RangeError {
    fn shown(&self) -> String {
        let (max, min) = (format!("{MAX_COORDINATE:e}"), format!("{MIN_SIZE:e}"));
        match self {
            RangeError::NotFinite { what, value } => tr!(
                "error-not-finite",
                what = quantity(what),
                value = value.to_string()
            ),
            RangeError::TooLarge { what, value } => tr!(
                "error-too-large",
                what = quantity(what),
                value = readable(*value),
                max = max
            ),
            RangeError::PointNotFinite { what, point } => tr!(
                "error-point-not-finite",
                what = quantity(what),
                x = point.x.to_string(),
                y = point.y.to_string()
            ),
            RangeError::PointTooLarge { what, point } => tr!(
                "error-point-too-large",
                what = quantity(what),
                x = readable(point.x),
                y = readable(point.y),
                max = max
            ),
            RangeError::TooSmall { what, size } => tr!(
                "error-too-small",
                what = quantity(what),
                size = readable(*size),
                min = min
            ),
        }
    }
}

impl Shown for PolygonError {
    fn shown(&self) -> String {
        let n = |k: &usize| k.to_string();
        match self {
            PolygonError::NonFinite { vertex } => {
                tr!("error-polygon-non-finite", vertex = n(vertex))
            }
            PolygonError::TooFewVertices { distinct } => {
                tr!(
                    "error-polygon-too-few",
                    distinct = n(distinct),
                    segment = if *distinct == 2 { "yes" } else { "no" }
                )
            }
            PolygonError::ZeroArea => tr!("error-polygon-zero-area"),
            PolygonError::NonConvex { vertex } => {
                tr!("error-polygon-non-convex", vertex = n(vertex))
            }
            PolygonError::SelfIntersecting { windings } => tr!(
                "error-polygon-self-intersecting",
                windings = windings.to_string()
            ),
            PolygonError::EdgesIntersect {
                first,
                first_end,
                second,
                second_end,
            } => tr!(
                "error-polygon-edges-intersect",
                first = n(first),
                first_end = n(first_end),
                second = n(second),
                second_end = n(second_end)
            ),
            PolygonError::TooManyVertices { count, max } => {
                tr!("error-polygon-too-many", max = n(max), count = n(count))
            }
            PolygonError::DecompositionFailed => tr!("error-polygon-decomposition"),
            // The range check's own words, as the core's message has them.
            PolygonError::OutOfRange { vertex, point } => {
                gjk_lab_core::range::check_point(Quantity::Vertex(*vertex), *point)
                    .err()
                    .map_or_else(
                        || tr!("error-polygon-out-of-range", vertex = n(vertex)),
                        |e| e.shown(),
                    )
            }
            PolygonError::RoundedConcave { vertex: None } => {
                tr!("error-polygon-rounded-concave")
            }
            PolygonError::RoundedConcave { vertex: Some(v) } => {
                tr!("error-polygon-rounded-concave-at", vertex = n(v))
            }
            PolygonError::TooSmall { extent } => {
                gjk_lab_core::range::check_size(Quantity::PolygonExtent, *extent)
                    .err()
                    .map_or_else(
                        || tr!("error-polygon-too-small", extent = format!("{extent:e}")),
                        |e| e.shown(),
                    )
            }
        }
    }
}

impl Shown for CapsuleError {
    fn shown(&self) -> String {
        match self {
            CapsuleError::ZeroLength {
                a,
                b,
                length,
                min_length,
                radius,
            } => tr!(
                "error-capsule-zero-length",
                ax = a.x.to_string(),
                ay = a.y.to_string(),
                bx = b.x.to_string(),
                by = b.y.to_string(),
                length = readable(*length),
                min = readable(*min_length),
                radius = readable(*radius),
                point = if *radius > 0.0 { "no" } else { "yes" }
            ),
        }
    }
}

impl Shown for ViewError {
    fn shown(&self) -> String {
        match self {
            ViewError::NoSuchShape {
                label,
                index,
                count,
            } => tr!(
                "error-view-no-such-shape",
                label = *label,
                index = index.to_string(),
                // A number, for the plural.
                count = *count
            ),
            ViewError::SameShape => tr!("error-view-same-shape"),
            ViewError::CenterNotFinite(c) => {
                tr!("error-view-center-not-finite", point = c.to_string())
            }
            ViewError::Range(e) => e.shown(),
            ViewError::BadZoom(z) => tr!("error-view-bad-zoom", value = z.to_string()),
        }
    }
}

impl Shown for LessonError {
    /// `lesson: what` for the lesson as a whole, else `lesson, page N: what`.
    fn shown(&self) -> String {
        match self.page {
            0 => tr!("error-lesson", error = self.kind.shown()),
            page => tr!(
                "error-lesson-page",
                page = page.to_string(),
                error = self.kind.shown()
            ),
        }
    }
}

impl Shown for LessonErrorKind {
    fn shown(&self) -> String {
        use LessonErrorKind as K;
        let n = |k: &usize| k.to_string();
        let question = |c: &gjk_lab_core::lesson::Checkpoint| format!("{:?}", c.name());
        match self {
            K::NoPages => tr!("error-lesson-no-pages"),
            K::SummaryLines { lines } => tr!(
                "error-lesson-summary-lines",
                lines = n(lines),
                expected = SUMMARY_LINES.to_string()
            ),
            K::SummaryLineEmpty { line } => {
                tr!("error-lesson-summary-line-empty", line = n(line))
            }
            K::SummaryLineTooLong { line, chars } => tr!(
                "error-lesson-summary-line-too-long",
                line = n(line),
                chars = n(chars),
                max = MAX_SUMMARY_CHARS.to_string()
            ),
            K::SummaryZhLines { english, zh } => tr!(
                "error-lesson-summary-zh-lines",
                zh = n(zh),
                english = n(english)
            ),
            K::ZhPlaceholders { english, zh } => tr!(
                "error-lesson-zh-placeholders",
                zh = format!("{zh:?}"),
                english = format!("{english:?}")
            ),
            K::EmptyText => tr!("error-lesson-empty-text"),
            K::TextTooLong { chars } => tr!(
                "error-lesson-text-too-long",
                chars = n(chars),
                max = MAX_PAGE_CHARS.to_string()
            ),
            K::UnknownPlaceholder { name } => tr!(
                "error-lesson-unknown-placeholder",
                name = format!("{{{name}}}"),
                known = PLACEHOLDERS.map(|p| format!("{{{p}}}")).join(", ")
            ),
            K::NoSuchShape {
                label,
                index,
                shapes,
            } => tr!(
                "error-lesson-no-such-shape",
                label = *label,
                index = n(index),
                shapes = n(shapes)
            ),
            K::SameShape => tr!("error-lesson-same-shape"),
            K::FrameOnPairPage => tr!("error-lesson-frame-on-pair-page"),
            K::AlgorithmOnManyPage => tr!("error-lesson-algorithm-on-many-page"),
            K::CheckpointOnFigure => tr!("error-lesson-checkpoint-on-figure"),
            K::PairCheckpointOnManyPage { checkpoint } => tr!(
                "error-lesson-pair-checkpoint-on-many-page",
                checkpoint = question(checkpoint)
            ),
            K::ManyCheckpointOnPairPage { checkpoint } => tr!(
                "error-lesson-many-checkpoint-on-pair-page",
                checkpoint = question(checkpoint)
            ),
            K::CheckpointOfAnotherAlgorithm {
                checkpoint,
                algorithm,
            } => tr!(
                "error-lesson-checkpoint-of-another-algorithm",
                checkpoint = question(checkpoint),
                algorithms = one_of(checkpoint.algorithms()),
                algorithm = format!("{:?}", algorithm.name())
            ),
        }
    }
}

/// "a, b or c" in the language shown.
fn one_of(algorithms: &[gjk_lab_core::algorithms::Algorithm]) -> String {
    let names: Vec<&str> = algorithms.iter().map(|a| a.name()).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            tr!("error-one-of", rest = listed(rest), last = *last)
        }
        _ => names.join(""),
    }
}

/// "a, b, c" in the language shown ("a、b、c" in Chinese).
fn listed(items: &[&str]) -> String {
    items
        .iter()
        .map(|s| s.to_string())
        .reduce(|list, item| tr!("error-list-next", list = list, item = item))
        .unwrap_or_default()
}

impl Shown for LinkError {
    fn shown(&self) -> String {
        match self {
            LinkError::Empty => tr!("error-link-empty"),
            LinkError::UnknownFormat(start) => tr!(
                "error-link-unknown-format",
                start = format!("{start:?}"),
                prefix = format!("{PREFIX:?}")
            ),
            LinkError::TooLong(chars) => tr!(
                "error-link-too-long",
                chars = chars.to_string(),
                max = MAX_LINK_CHARS.to_string()
            ),
            LinkError::Altered(why) => tr!("error-link-altered", why = why.as_str()),
            LinkError::Base64(why) => tr!("error-link-base64", why = why.as_str()),
            LinkError::Compression(why) => tr!("error-link-compression", why = why.as_str()),
            LinkError::TooLarge => tr!(
                "error-link-too-large",
                mb = (MAX_SCENE_BYTES >> 20).to_string()
            ),
            LinkError::NotText => tr!("error-link-not-text"),
            LinkError::Content(why) if why == "holds neither a scene nor a lesson" => {
                tr!("error-link-neither")
            }
            LinkError::Content(why) => tr!("error-link-content", why = why.as_str()),
            LinkError::Scene(e) => e.shown(),
        }
    }
}

impl Shown for NoSuchLesson {
    fn shown(&self) -> String {
        tr!(
            "error-no-such-lesson",
            name = format!("{:?}", self.name),
            lessons = listed(&self.lessons.iter().map(String::as_str).collect::<Vec<_>>())
        )
    }
}

impl Shown for PlatformError {
    fn shown(&self) -> String {
        match self {
            PlatformError::Read(e) => e.to_string(),
            PlatformError::NotInBrowser => tr!("error-not-in-browser"),
            PlatformError::Write { path, error } => tr!(
                "error-in-file",
                file = path.display().to_string(),
                error = error.to_string()
            ),
            PlatformError::NoDataFolder => tr!("error-no-data-folder"),
            PlatformError::StorageRefused { key } => {
                tr!("error-storage-refused", key = key.as_str())
            }
            PlatformError::NoDisplay => tr!("error-no-display"),
        }
    }
}

impl Shown for ExportError {
    fn shown(&self) -> String {
        let file = |p: &std::path::Path| p.display().to_string();
        match self {
            ExportError::PngWithoutStep(p) => {
                tr!("error-export-png-without-step", file = file(p))
            }
            ExportError::UnknownFormat(p) => tr!("error-export-unknown-format", file = file(p)),
            ExportError::NotARange { text, step_count } => tr!(
                "error-export-not-a-range",
                text = format!("{text:?}"),
                count = step_count.to_string()
            ),
            ExportError::Backwards(text) => {
                tr!("error-export-backwards", text = format!("{text:?}"))
            }
            ExportError::PastTheRun { text, step_count } => tr!(
                "error-export-past-the-run",
                text = format!("{text:?}"),
                count = step_count.to_string()
            ),
            ExportError::Rate(rate) => tr!("error-export-rate", rate = rate.to_string()),
            ExportError::NoFrames(p) => tr!("error-export-no-frames", file = file(p)),
            // The encoders' reasons stay theirs.
            ExportError::Gif { path, error } => tr!(
                "error-in-file",
                file = file(path),
                error = error.to_string()
            ),
            ExportError::Png { path, error } => tr!(
                "error-in-file",
                file = file(path),
                error = error.to_string()
            ),
            ExportError::Write(e) => e.shown(),
        }
    }
}

impl Shown for UnreadableTrace {
    fn shown(&self) -> String {
        tr!(
            "error-in-file",
            file = self.path.display().to_string(),
            error = self.error.shown()
        )
    }
}

#[cfg(test)]
mod tests;
