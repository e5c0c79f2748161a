//! Every kind of error the window shows: its English is the core's message word for
//! word, its Chinese is Chinese with the same numbers, and the errors real files and
//! links give read in Chinese too.

use super::Shown;
use crate::app::export::ExportError;
use crate::app::i18n::{set_lang, Lang};
use crate::app::lessons::progress::NoSuchLesson;
use crate::app::platform::PlatformError;
use gjk_lab_core::algorithms::Algorithm;
use gjk_lab_core::lesson::{Checkpoint, LessonError, LessonErrorKind};
use gjk_lab_core::link::LinkError;
use gjk_lab_core::range::{Quantity, RangeError};
use gjk_lab_core::scene::{Format, Scene, SceneError, SceneErrorKind, ShapeError, ViewError};
use gjk_lab_core::shapes::{CapsuleError, PolygonError};
use glam::DVec2;
use std::path::{Path, PathBuf};

/// One of each range error, over every quantity the core names.
fn range_errors() -> Vec<RangeError> {
    use Quantity as Q;
    let whats = [
        Q::Position,
        Q::Center,
        Q::MotionVelocity,
        Q::MotionAngularSpeed,
        Q::EndPosition,
        Q::PolygonRadius,
        Q::CircleRadius,
        Q::EllipseSemiAxisA,
        Q::EllipseSemiAxisB,
        Q::CapsuleEndA,
        Q::CapsuleEndB,
        Q::CapsuleRadius,
        Q::Vertex(7),
        Q::PolygonExtent,
    ];
    let mut out = vec![];
    for what in whats {
        out.push(RangeError::NotFinite {
            what,
            value: f64::NAN,
        });
        out.push(RangeError::TooLarge { what, value: 3e155 });
        out.push(RangeError::PointNotFinite {
            what,
            point: DVec2::new(f64::INFINITY, 2.5),
        });
        out.push(RangeError::PointTooLarge {
            what,
            point: DVec2::new(4e13, -1.25),
        });
        out.push(RangeError::TooSmall { what, size: 2e-12 });
    }
    out
}

/// One of each polygon error.
fn polygon_errors() -> Vec<PolygonError> {
    vec![
        PolygonError::NonFinite { vertex: 2 },
        PolygonError::TooFewVertices { distinct: 2 },
        PolygonError::ZeroArea,
        PolygonError::NonConvex { vertex: 4 },
        PolygonError::SelfIntersecting { windings: 2 },
        PolygonError::EdgesIntersect {
            first: 1,
            first_end: 2,
            second: 5,
            second_end: 6,
        },
        PolygonError::TooManyVertices {
            count: 700,
            max: 512,
        },
        PolygonError::DecompositionFailed,
        PolygonError::OutOfRange {
            vertex: 3,
            point: DVec2::new(5e13, 0.5),
        },
        PolygonError::OutOfRange {
            vertex: 3,
            point: DVec2::new(0.5, 0.25),
        },
        PolygonError::RoundedConcave { vertex: None },
        PolygonError::RoundedConcave { vertex: Some(6) },
        PolygonError::TooSmall { extent: 3e-11 },
        PolygonError::TooSmall { extent: 0.5 },
    ]
}

/// One of each shape error.
fn shape_errors() -> Vec<ShapeError> {
    let mut out = vec![
        ShapeError::PositionNotFinite(DVec2::new(f64::NAN, 1.5)),
        ShapeError::RotationNotFinite(f64::INFINITY),
        ShapeError::NotPositive {
            what: Quantity::CircleRadius,
            value: -2.5,
        },
        ShapeError::Negative {
            what: Quantity::PolygonRadius,
            value: -0.125,
        },
        ShapeError::Capsule(Box::new(CapsuleError::ZeroLength {
            a: DVec2::new(1.5, 2.0),
            b: DVec2::new(1.5, 2.0),
            length: 0.0,
            min_length: 4e-12,
            radius: 0.75,
        })),
    ];
    out.extend(polygon_errors().into_iter().map(ShapeError::Polygon));
    out.extend(range_errors().into_iter().map(ShapeError::Range));
    out
}

/// One of each view error.
fn view_errors() -> Vec<ViewError> {
    vec![
        ViewError::NoSuchShape {
            label: "a",
            index: 3,
            count: 1,
        },
        ViewError::NoSuchShape {
            label: "b",
            index: 9,
            count: 4,
        },
        ViewError::SameShape,
        ViewError::CenterNotFinite(DVec2::new(f64::NAN, 0.0)),
        ViewError::Range(RangeError::PointTooLarge {
            what: Quantity::Center,
            point: DVec2::new(2e12, 0.0),
        }),
        ViewError::BadZoom(-3.0),
    ]
}

/// One of each lesson error, for the lesson and for a page.
fn lesson_errors() -> Vec<LessonError> {
    use LessonErrorKind as K;
    let kinds = vec![
        K::NoPages,
        K::SummaryLines { lines: 2 },
        K::SummaryLineEmpty { line: 2 },
        K::SummaryLineTooLong {
            line: 1,
            chars: 140,
        },
        K::SummaryZhLines { english: 3, zh: 2 },
        K::ZhPlaceholders {
            english: vec!["depth".into()],
            zh: vec!["distance".into()],
        },
        K::EmptyText,
        K::TextTooLong { chars: 1000 },
        K::UnknownPlaceholder {
            name: "speed".into(),
        },
        K::NoSuchShape {
            label: "b",
            index: 5,
            shapes: 2,
        },
        K::SameShape,
        K::FrameOnPairPage,
        K::AlgorithmOnManyPage,
        K::CheckpointOnFigure,
        K::PairCheckpointOnManyPage {
            checkpoint: Checkpoint::NextSupport,
        },
        K::ManyCheckpointOnPairPage {
            checkpoint: Checkpoint::NextSwap,
        },
        K::CheckpointOfAnotherAlgorithm {
            checkpoint: Checkpoint::NextSupport,
            algorithm: Algorithm::Sat,
        },
        K::CheckpointOfAnotherAlgorithm {
            checkpoint: Checkpoint::ClosestEdge,
            algorithm: Algorithm::Gjk,
        },
    ];
    kinds
        .into_iter()
        .enumerate()
        .map(|(k, kind)| LessonError { page: k % 3, kind })
        .collect()
}

/// One of each scene error, with and without a file.
fn scene_errors() -> Vec<SceneError> {
    let mut kinds = vec![
        SceneErrorKind::Io("No such file or directory (os error 2)".into()),
        SceneErrorKind::UnknownFormat("txt".into()),
        SceneErrorKind::Syntax {
            line: 12,
            column: 7,
            message: "Unexpected missing field named `radius` in `Circle`".into(),
        },
    ];
    for (k, error) in shape_errors().into_iter().enumerate() {
        kinds.push(SceneErrorKind::Shape {
            index: k % 4,
            name: (k % 2 == 0).then(|| "crate".to_string()),
            error,
        });
    }
    kinds.extend(view_errors().into_iter().map(SceneErrorKind::View));
    kinds.extend(lesson_errors().into_iter().map(SceneErrorKind::Lesson));
    kinds
        .into_iter()
        .enumerate()
        .map(|(k, kind)| SceneError {
            file: (k % 3 != 0).then(|| PathBuf::from("scenes/box-box.ron")),
            kind,
        })
        .collect()
}

/// One of each link error.
fn link_errors() -> Vec<LinkError> {
    let mut out = vec![
        LinkError::Empty,
        LinkError::UnknownFormat("xyz.".into()),
        LinkError::TooLong(2_000_001),
        LinkError::Altered("checksum 12 ≠ 34".into()),
        LinkError::Base64("Invalid byte 33, offset 4.".into()),
        LinkError::Compression("corrupt deflate stream".into()),
        LinkError::TooLarge,
        LinkError::NotText,
        LinkError::Content("holds neither a scene nor a lesson".into()),
        LinkError::Content("expected value at line 1 column 1".into()),
    ];
    out.extend(scene_errors().into_iter().take(5).map(LinkError::Scene));
    out
}

/// One of each error of the platform and of an export.
fn platform_and_export_errors() -> Vec<(String, Box<dyn Fn() -> String>)> {
    let write = || PlatformError::Write {
        path: "out/scene.ron".into(),
        error: std::io::Error::from(std::io::ErrorKind::PermissionDenied),
    };
    let platform = vec![
        PlatformError::Read(std::io::Error::from(std::io::ErrorKind::NotFound)),
        PlatformError::NotInBrowser,
        write(),
        PlatformError::NoDataFolder,
        PlatformError::StorageRefused { key: "lang".into() },
        PlatformError::NoDisplay,
    ];
    let export = vec![
        ExportError::PngWithoutStep("steps.png".into()),
        ExportError::UnknownFormat("steps.bmp".into()),
        ExportError::NotARange {
            text: "x".into(),
            step_count: 12,
        },
        ExportError::Backwards("9..3".into()),
        ExportError::PastTheRun {
            text: "1..40".into(),
            step_count: 12,
        },
        ExportError::Rate(90.0),
        ExportError::NoFrames("steps.gif".into()),
        ExportError::Write(write()),
    ];
    let lesson = NoSuchLesson {
        name: "gjkk".into(),
        lessons: vec!["01-support".into(), "02-gjk".into()],
    };
    let mut out: Vec<(String, Box<dyn Fn() -> String>)> = vec![];
    for e in platform {
        out.push((e.to_string(), Box::new(move || e.shown())));
    }
    for e in export {
        out.push((e.to_string(), Box::new(move || e.shown())));
    }
    out.push((lesson.to_string(), Box::new(move || lesson.shown())));
    out
}

/// Every sample: the core's English and the window's text of it.
fn samples() -> Vec<(String, Box<dyn Fn() -> String>)> {
    let mut out: Vec<(String, Box<dyn Fn() -> String>)> = vec![];
    for e in scene_errors() {
        out.push((e.to_string(), Box::new(move || e.shown())));
    }
    for e in link_errors() {
        out.push((e.to_string(), Box::new(move || e.shown())));
    }
    out.extend(platform_and_export_errors());
    out
}

/// The numbers of a text, in order (digits, with their points and exponents).
fn numbers(text: &str) -> Vec<String> {
    let mut out = vec![];
    let mut current = String::new();
    for c in text.chars().chain([' ']) {
        if c.is_ascii_digit() || (!current.is_empty() && matches!(c, '.' | 'e' | '-')) {
            current.push(c);
        } else if !current.is_empty() {
            out.push(current.trim_end_matches(['.', 'e', '-']).to_string());
            current.clear();
        }
    }
    out
}

/// Latin words of three letters or more in `text` that are neither names, code, the
/// parser's or the system's words, nor the file's.
fn english_words(text: &str) -> Vec<String> {
    const KEPT: &[&str] = &[
        "gjk", "lab", "ron", "json", "gif", "png", "utf", "base", "nan", "inf", "circle", "radius",
        "view", "zoom", "summary", "frame", "mode", "many", "lesson", "steps", "fps", "display",
        "xvfb", "run", "screen", "step", "scenes", "box", "scene", "crate", "sat", "epa", "next",
        "support", "swap", "closest", "edge", "depth", "distance", "speed", "lang", "xyz", "txt",
        "bmp", "out", "gjkk", "shape", "cast", "mine", "wall", "point", "capsule",
    ];
    // A lesson's live numbers are code: `{normal}`.
    let text = crate::app::i18n::tests::without_placeables(text);
    text.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() >= 3 && !KEPT.contains(&w.to_ascii_lowercase().as_str()))
        .map(String::from)
        .collect()
}

#[test]
fn the_english_is_the_cores_word_for_word() {
    set_lang(Lang::En);
    let mut differ = vec![];
    let all = samples();
    assert!(all.len() > 140, "only {} samples", all.len());
    for (core, shown) in &all {
        if &shown() != core {
            differ.push(format!("core:   {core}\nwindow: {}", shown()));
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n\n"));
}

#[test]
fn the_chinese_has_the_same_numbers_and_no_english_sentence() {
    set_lang(Lang::Zh);
    let mut problems = vec![];
    // The system's and the parser's words stay theirs.
    let theirs = [
        "No such file",
        "os error",
        "Unexpected missing",
        "expected value",
        "checksum",
        "Invalid byte",
        "corrupt",
        "permission denied",
        "entity not found",
    ];
    for (core, shown) in samples() {
        let zh = shown();
        let words_of = |text: &str| {
            let mut t = text.to_string();
            for s in theirs {
                if let Some(k) = t.to_lowercase().find(&s.to_lowercase()) {
                    t.replace_range(k.., "");
                }
            }
            english_words(&t)
        };
        let english = words_of(&zh);
        if zh.contains('{') && !core.contains('{') {
            problems.push(format!("a brace left: {zh}"));
        }
        if numbers(&zh) != numbers(&core) {
            problems.push(format!(
                "numbers {:?} for the English {:?}:\n  {zh}\n  {core}",
                numbers(&zh),
                numbers(&core)
            ));
        }
        if !english.is_empty() {
            problems.push(format!("English words {english:?}: {zh}"));
        }
    }
    set_lang(Lang::En);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A scene with one broken shape (or view, or lesson), as a learner writes it.
fn broken(body: &str) -> SceneError {
    Scene::from_text(body, Format::Ron, Some(Path::new("mine.ron"))).unwrap_err()
}

#[test]
fn the_errors_of_real_files_read_in_chinese() {
    let placed = |s: &str| match s.contains("position") {
        true => s.to_string(),
        false => s.replacen("(shape:", "(position: (0, 0), shape:", 1),
    };
    let shape = |s: &str| {
        let s = placed(s);
        format!("(shapes: [{s}, (position: (3, 0), shape: Circle(radius: 1.0))])")
    };
    let one = "(position: (0, 0), shape: Circle(radius: 1.0))";
    let two = format!("{one}, (position: (3, 0), shape: Circle(radius: 1.0))");
    let files = [
        shape("(shape: Circle(radius: -1.0))"),
        shape("(shape: Circle(radius: 1e300))"),
        shape("(shape: Ellipse(a: 1.0, b: 0.0))"),
        shape("(shape: Polygon(vertices: [(0, 0), (1, 0), (2, 0)]))"),
        shape("(shape: Polygon(vertices: [(0, 0), (2, 0), (1, 1), (2, 2), (0, 2)], radius: 0.5))"),
        shape("(shape: Polygon(vertices: [(0, 0), (1, 0), (1, 1)], radius: -1.0))"),
        shape("(shape: Polygon(vertices: [(0, 0), (1e13, 0), (1, 1)]))"),
        shape("(shape: Polygon(vertices: [(0, 0), (1e-12, 0), (0, 1e-12)]))"),
        shape("(shape: Capsule(a: (1, 1), b: (1, 1), radius: 0.5))"),
        shape("(shape: Capsule(a: (0, 0), b: (1, 0), radius: -1.0))"),
        shape("(shape: Capsule(a: (1, 1), b: (1, 1), radius: 0.0))"),
        shape("(name: \"wall\", shape: Circle(radius: 1.0), position: (2e12, 0))"),
        shape("(shape: Circle(radius: 1.0), motion: (velocity: (1e12, 0), angular: 0.0), position: (1e12, 0))"),
        format!("(shapes: [{two}], view: (a: 0, b: 0))"),
        format!("(shapes: [{one}], view: (a: 4))"),
        format!("(shapes: [{one}], view: (zoom: -2.0))"),
        format!("(shapes: [{two}], lesson: (pages: []))"),
    ];
    let mut problems = vec![];
    for file in &files {
        set_lang(Lang::En);
        let e = broken(file);
        let english = e.shown();
        set_lang(Lang::Zh);
        let zh = e.shown();
        if matches!(e.kind, SceneErrorKind::Syntax { .. }) {
            problems.push(format!(
                "{file}: a syntax error ({english}): not the case meant"
            ));
        } else if english != e.to_string() || !english_words(&zh).is_empty() {
            problems.push(format!("{file}:\n  {zh}\n  {english}"));
        }
    }
    set_lang(Lang::En);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_settings_read_in_both_languages() {
    use crate::app::pair::settings_words;
    use gjk_lab_core::settings::{Precision, Settings};
    let mut all = vec![];
    for touch in [1e-9, 0.0, 5e-2] {
        for cap in [None, Some(5)] {
            for precision in [Precision::F64, Precision::F32] {
                let mut s = Settings::default();
                s.touch = touch;
                s.convergence = if cap.is_some() { 1e-4 } else { s.convergence };
                s.max_iterations = cap;
                s.precision = precision;
                all.push(s);
            }
        }
    }
    let mut problems = vec![];
    for s in &all {
        set_lang(Lang::En);
        let english = settings_words(s);
        set_lang(Lang::Zh);
        let zh = settings_words(s);
        if english != s.describe()
            || numbers(&zh) != numbers(&english)
            || !english_words(&zh).is_empty()
            || (zh == english && !zh.is_empty())
        {
            problems.push(format!("{zh} | {english} | {}", s.describe()));
        }
    }
    set_lang(Lang::En);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_parser_message_has_its_words_in_both_languages() {
    for (_, id) in super::PARSER_MESSAGES {
        for lang in Lang::ALL {
            let mut args = fluent_bundle::FluentArgs::new();
            args.set("message", "M");
            let text = crate::app::i18n::text_in(lang, id, Some(&args));
            assert!(
                text.contains('M') && text != *id,
                "{id} in {}: {text}",
                lang.code()
            );
        }
    }
}

/// Broken files as a learner writes them: the parser's message is explained in
/// Chinese (not the catch-all), and the English is the parser's own.
#[test]
fn a_parsers_messages_read_in_chinese() {
    let circle = "(position: (0, 0), shape: Circle(radius: 1.0))";
    let ron = [
        format!("(shapes: [{circle} {circle}])"),
        "(shapes: [(position: (0, 0), shape: Circle(radius: 1.0)]".to_string(),
        "(shapes: [(position: (0, 0), shape: Circle(radius: 1.0))".to_string(),
        "(shapes: [(position: (0, 0), shape: Circle())])".to_string(),
        "(shapes: [(position: (0, 0), shape: Circle(radius: 1.0, size: 2))])".to_string(),
        "(shapes: [(position: (0, 0), shape: Square(radius: 1.0))])".to_string(),
        "(shapes: [(position: (0, 0), shape: Circle(radius: \"one\"))])".to_string(),
        "(shapes: [(position: (0, 0), shape: Circle(radius: 1.0))]) x".to_string(),
        "(shapes: [(position: (0, 0), shape: Circle(radius: 1.0), position: (1, 1))])".to_string(),
        "(shapes: [(position: (0, 0, 0), shape: Circle(radius: 1.0))])".to_string(),
        "(shapes: [(position: (0, 0) shape: Circle(radius: 1.0))])".to_string(),
        "(title: \"open, shapes: [])".to_string(),
    ];
    let json = [
        r#"{"shapes": [{"position": [0, 0], "shape": {"Circle": {"radius": 1}}}"#,
        r#"{"shapes": [{"position": [0, 0], "shape": {"Circle": {}}}]}"#,
        r#"{"shapes": [{"position": [0, 0], "shape": {"Circle": {"radius": 1, "r": 2}}}]}"#,
        r#"{"shapes": [{"position": [0, 0], "shape": {"Square": {"radius": 1}}}]}"#,
        r#"{"shapes": [{"position": [0, 0], "shape": {"Circle": {"radius": "one"}}}]}"#,
        r#"{"shapes": [{"position": [0, 0] "shape": {"Circle": {"radius": 1}}}]}"#,
        r#"{"shapes": [{"position": [0, 0], "shape": {"Circle": {"radius": 1}}},]}"#,
        r#"{"shapes": []} x"#,
        r#"{"shapes": [{"position": [0, 0], "shape": {"Circle": {"radius": }}}]}"#,
    ];
    let mut problems = vec![];
    let cases = ron
        .iter()
        .map(|t| (t.as_str(), Format::Ron))
        .chain(json.iter().map(|t| (*t, Format::Json)));
    for (text, format) in cases {
        let e = match Scene::from_text(text, format, Some(Path::new("mine"))) {
            Err(e) => e,
            Ok(_) => {
                problems.push(format!("{text}: parsed"));
                continue;
            }
        };
        let SceneErrorKind::Syntax { message, .. } = &e.kind else {
            problems.push(format!("{text}: not a syntax error: {e}"));
            continue;
        };
        set_lang(Lang::En);
        let english = e.shown();
        set_lang(Lang::Zh);
        let zh = e.shown();
        if english != e.to_string() {
            problems.push(format!("{text}: English {english} for {e}"));
        }
        if zh.contains("无法解析") || !zh.contains(message.as_str()) {
            problems.push(format!("{text}: {zh}"));
        }
    }
    set_lang(Lang::En);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
