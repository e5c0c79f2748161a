//! `gjk-lab lesson NAME --checkpoints`: every checkpoint of a lesson, on the lesson's
//! own scene, as one JSON object per line — the question, the rule its Hint says, the
//! pair, and every candidate with the number that decides it and whether it is right.
//! The sheets are the ones the window judges clicks by ([`crate::app::predict::sheet`]),
//! so the listing is what a learner meets. A public contract, like `--status`: fields
//! are only ever added (`docs/cli.md`).

use super::progress::NoSuchLesson;
use crate::app::state::App;
use gjk_lab_core::lesson::checkpoint::Names;
use gjk_lab_core::scene::{Scene, SceneError};
use gjk_lab_core::shapes::WorldShape;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

/// Why a lesson's checkpoints cannot be listed. The message is the line `gjk-lab`
/// prints after `error: `.
#[derive(Debug, thiserror::Error)]
pub enum ListingError {
    /// The name stands for no lesson.
    #[error(transparent)]
    NoSuchLesson(#[from] NoSuchLesson),
    /// The lesson's file could not be read, parsed or validated.
    #[error(transparent)]
    Scene(#[from] SceneError),
    /// The file has no lesson section.
    #[error("{}: this scene has no lesson section", .0.display())]
    NoLessonSection(PathBuf),
    /// A page could not be opened as the window opens it: the window's error notice
    /// (the app's lesson operations report their failures as that text).
    #[error("{0}")]
    PageRefused(String),
}

/// The listing of lesson `name` (a file stem, a file name, the part after the number,
/// or a path): one line per checkpoint page.
pub fn checkpoints(name: &str) -> Result<String, ListingError> {
    let path = super::progress::find(name)?;
    let scene = Scene::load(&path)?;
    let lesson = scene
        .lesson
        .clone()
        .ok_or_else(|| ListingError::NoLessonSection(path.clone()))?;
    let stem = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let mut out = String::new();
    for (k, page) in lesson.pages.iter().enumerate() {
        let Some(kind) = page.checkpoint else {
            continue;
        };
        let app = page_app(&scene, &path, k)?;
        let line = match app.lab.predict.question.as_ref().map(|q| q.sheet.clone()) {
            Some(sheet) => sheet_line(&app, &stem, k, &sheet),
            None => json!({
                "lesson": stem, "page": k + 1, "kind": kind.name(),
                "question": kind.question(), "rule": kind.rule(),
                "error": "the page's scene gives this question no right answer",
            }),
        };
        out.push_str(&line.to_string());
        out.push('\n');
    }
    Ok(out)
}

/// A headless app on the lesson at page `page` (0-based), as the window opens it.
fn page_app(scene: &Scene, path: &Path, page: usize) -> Result<App, ListingError> {
    let mut app = App::new(scene.clone(), Some(path.to_path_buf()), None, None);
    if !app.open_lesson(path, page) {
        let notice = app.lab.messages.error.clone().unwrap_or_default();
        return Err(ListingError::PageRefused(notice));
    }
    crate::app::views::place_cameras(&mut app, crate::app::views::DEFAULT_VIEWS);
    Ok(app)
}

/// One checkpoint as JSON.
fn sheet_line(
    app: &App,
    stem: &str,
    page: usize,
    sheet: &gjk_lab_core::lesson::checkpoint::Sheet,
) -> Value {
    let pair = (!sheet.kind.is_broad_phase())
        .then(|| app.stepped_pair())
        .flatten()
        .map(|(a, b)| {
            let Names {
                a: name_a,
                b: name_b,
            } = app.lab.pair_names();
            json!({ "a": WorldShape::new(&name_a, &a), "b": WorldShape::new(&name_b, &b) })
        });
    let mut line = json!({
        "lesson": stem,
        "page": page + 1,
        "kind": sheet.kind.name(),
        "question": sheet.kind.question(),
        "rule": sheet.kind.rule(),
        "pair": pair,
        "direction": sheet.direction.map(|d| [d.x, d.y]),
        "candidates": sheet.candidates,
        "margin": margin(app, sheet),
    });
    // The accept rule's fields ("accept", and for "best" its "better" and "tolerance").
    if let (Value::Object(fields), Ok(Value::Object(accept))) =
        (&mut line, serde_json::to_value(sheet.accept))
    {
        fields.extend(accept);
    }
    line
}

/// How clearly the question is decided, for lesson authors: the smallest difference
/// between a right candidate's value and a wrong one's (for a "negative" question, the
/// value nearest zero; for the next swap, the answer's own disorder or an in-order gap
/// left of it, whichever is smaller), as a share of the answer's value (for the next
/// swap, of the list's largest gap), and in pixels at the window's default size (the
/// lessons keep at least 10% and 20 px; times are measured on the time line, the
/// sampled checks' gaps in the world view). The next swap adds its two gaps, each in
/// pixels on the world view's axis: `disorder_px` and `in_order_px`.
fn margin(app: &App, sheet: &gjk_lab_core::lesson::checkpoint::Sheet) -> Value {
    let Some((gap, of)) = sheet.margin() else {
        return Value::Null;
    };
    let zoom = crate::app::predict::zoom(&*app.situation(), sheet.value_space());
    let mut out = json!({
        "value": gap,
        "share": if of != 0.0 { Value::from(gap / of.abs()) } else { Value::Null },
        "px": gap * zoom,
    });
    if let (Some(m), Value::Object(fields)) = (sheet.swap_margin(), &mut out) {
        fields.insert("disorder_px".into(), json!(m.disorder * zoom));
        fields.insert("in_order_px".into(), json!(m.in_order.map(|g| g * zoom)));
    }
    out
}
