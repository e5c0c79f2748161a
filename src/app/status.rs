//! The state for tests and for the web page (`--status FILE`, `window.gjkLabStatus`):
//! a public contract, its keys documented in docs/window.md (*State for tests*).
//!
//! [`Status`] names every key with its type. It is written through a JSON value, whose
//! keys are in byte order: the same bytes the file has always had
//! (`tests/fixtures/status/` pins them).

use super::controls::{self, Control};
use super::lessons::progress::LessonState;
use super::many::Many;
use super::platform;
use super::predict::{self, Score};
use super::state::App;
use gjk_lab_core::scene::write_atomically;
use gjk_lab_core::settings::Settings;
use gjk_lab_core::shapes::WorldShape;
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// Every key of the status file. The many-shapes mode's keys are there only in that
/// mode.
#[derive(Serialize)]
pub struct Status {
    /// The scene's file (`null` for a link's scene).
    pub scene: Option<String>,
    /// The shapes: name, pose, position on screen, convex parts.
    pub shapes: Vec<ShapeStatus>,
    /// Index of shape A.
    pub a: usize,
    /// Index of shape B.
    pub b: usize,
    /// The algorithm's name.
    pub algorithm: &'static str,
    /// The seed's version shown, if any.
    pub variant: Option<&'static str>,
    /// The run's settings (gjk-lab's own by default).
    pub settings: Settings,
    /// The first step where the seed's run or the settings' run differs from gjk-lab's.
    pub first_difference: Option<usize>,
    /// The step shown.
    pub step: usize,
    /// The last step's index.
    pub step_count: usize,
    /// The step's title.
    pub step_title: Option<String>,
    /// The concave pair's decisive part pair.
    pub decisive_parts: Option<[usize; 2]>,
    /// `pair`, `many` or `lesson`.
    pub mode: &'static str,
    /// The window's language: `en` or `zh`.
    pub lang: &'static str,
    /// The lesson followed.
    pub lesson: Option<String>,
    /// Its title.
    pub lesson_title: Option<String>,
    /// The page shown (from 1).
    pub page: Option<usize>,
    /// The lesson's pages.
    pub pages: Option<usize>,
    /// Whether the page is the lesson's last.
    pub last_page: Option<bool>,
    /// The lesson after this one.
    pub next_lesson: Option<String>,
    /// Whether the lessons are offered to a newcomer.
    pub welcome: bool,
    /// The waiting question's kind.
    pub checkpoint: Option<&'static str>,
    /// The waiting question: its candidates on screen, the right ones, their numbers.
    pub question: Option<Value>,
    /// `right` or `wrong`: the last answer.
    pub verdict: Option<&'static str>,
    /// What the reply said.
    pub verdict_text: Option<String>,
    /// Answers judged (the lesson's, or the free lab's).
    pub score: Score,
    /// Whether the Predict toggle is on.
    pub predict: bool,
    /// The learner's trace and its check.
    pub my_trace: Option<Value>,
    /// The pair the algorithm is stepped on, in world coordinates, as `gjk-lab world`
    /// prints it (`{a, b}`; a concave shape's decisive part): what the browser's code
    /// panel runs the learner's program on. Null without a pair.
    pub world: Option<WorldPair>,
    /// The last error.
    pub error: Option<String>,
    /// The share link of what is shown.
    pub link: String,
    /// The page's title.
    pub title: String,
    /// The words of what the views show (the page's narration region).
    pub narration: Value,
    /// `wide`, `narrow` or `phone`.
    pub screen: &'static str,
    /// How the views share the screen.
    pub layout: &'static str,
    /// Frames drawn so far (the idle test counts them).
    pub frames: Option<u64>,
    /// Whether the pointer is a finger (the panels' controls are then at least 44
    /// points).
    pub touch: bool,
    /// Every control a learner can tap or click now: the panels' (as drawn in the
    /// last frame) and a waiting question's candidates on the canvas, each
    /// `{label, rect: [x, y, w, h]}` in points (CSS pixels in the browser).
    pub controls: Vec<Control>,
    /// Where the question, its hint, the reply and the lesson page's text are drawn
    /// (their visible part), `[x, y, w, h]`, when they are.
    pub rects: BTreeMap<&'static str, [f32; 4]>,
    /// The many-shapes mode's own keys.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub many: Option<ManyStatus>,
}

/// The stepped pair, as `gjk-lab world` prints it.
#[derive(Serialize)]
pub struct WorldPair {
    /// Shape A.
    pub a: WorldShape,
    /// Shape B.
    pub b: WorldShape,
}

/// A shape in the status.
#[derive(Serialize)]
pub struct ShapeStatus {
    /// Its name as the views label it.
    pub name: String,
    /// Its position (world).
    pub position: [f64; 2],
    /// Its rotation (radians).
    pub rotation: f64,
    /// Its position on screen (pixels).
    pub screen: [f64; 2],
    /// How many convex parts it has (1 for a convex shape).
    pub parts: usize,
    /// Its motion over the step, when it moves (absent when it stands still).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub motion: Option<MotionStatus>,
}

/// A moving shape's motion and where its end pose's handle is.
#[derive(Serialize)]
pub struct MotionStatus {
    /// Displacement over the step (world).
    pub velocity: [f64; 2],
    /// Turn over the step (radians).
    pub angular: f64,
    /// Its position at `t = 1` on screen (pixels): the velocity handle.
    pub end_screen: [f64; 2],
}

/// The many-shapes mode's keys.
#[derive(Serialize)]
pub struct ManyStatus {
    /// Whether the motion is paused.
    pub paused: bool,
    /// Broad-phase pairs of the last frame.
    pub pairs: usize,
    /// Pairs that touch (narrow phase).
    pub contacts: usize,
    /// The sweep step, or `null` when not stepping.
    pub sweep: Option<usize>,
    /// The stepped sweep's last step.
    pub sweep_count: Option<usize>,
    /// The stepped frame.
    pub sweep_frame: Option<u64>,
    /// Pairs reported up to the sweep step.
    pub sweep_pairs: Option<usize>,
    /// The active list's box ids.
    pub active: Option<Vec<u32>>,
}

impl Status {
    /// The status of `app`.
    pub fn of(app: &App) -> Status {
        let lab = &app.lab;
        let pair = app.mode.pair_mode();
        let lesson: Option<&LessonState> = lab.lesson.as_ref();
        let verdict = lab.predict.verdict.as_ref();
        let frame = controls::last();
        Status {
            scene: lab.file.path.as_ref().map(|p| p.display().to_string()),
            shapes: shapes(app),
            a: lab.a,
            b: lab.b,
            algorithm: lab.algorithm.name(),
            variant: pair.variant.map(|v| v.name()),
            settings: pair.settings,
            first_difference: app.pair().and_then(|p| p.seed.as_ref()?.first_difference),
            step: app.step(),
            step_count: app.step_count(),
            step_title: app.current().map(|s| s.title.clone()),
            decisive_parts: app.decisive(),
            mode: if lesson.is_some() {
                "lesson"
            } else {
                app.mode().name()
            },
            lang: super::i18n::lang().code(),
            lesson: lesson.map(|l| l.name.clone()),
            lesson_title: lesson.and(lab.scene.title.clone()),
            page: lesson.map(|l| l.page + 1),
            pages: lesson.map(|l| l.pages.len()),
            last_page: lesson.map(|l| l.page + 1 == l.pages.len()),
            next_lesson: app.following_lesson_name(),
            welcome: lab.welcome,
            checkpoint: lab.predict.question.as_ref().map(|q| q.kind.name()),
            question: lab
                .predict
                .question
                .as_ref()
                .map(|q| predict::status(&*app.situation(), q)),
            verdict: verdict.map(|v| if v.right { "right" } else { "wrong" }),
            verdict_text: verdict.map(|v| v.text.clone()),
            score: lesson.map_or(lab.predict.score, |l| l.score),
            predict: lab.predict.on,
            my_trace: pair.my_trace.as_ref().map(|t| t.status()),
            world: app.stepped_pair().map(|(a, b)| {
                let names = lab.pair_names();
                WorldPair {
                    a: WorldShape::new(&names.a, &a),
                    b: WorldShape::new(&names.b, &b),
                }
            }),
            error: lab.messages.error.clone(),
            link: app.share_link(),
            title: app.title(),
            narration: app.narration(),
            screen: lab.screen.shape.name(),
            layout: app.effective_layout().name(),
            frames: platform::frames_drawn(),
            touch: lab.screen.touch,
            controls: controls(app, &frame),
            rects: frame.rects.clone(),
            many: app.many().map(ManyStatus::of),
        }
    }

    /// The file's text: every key in byte order (through a JSON value), as the file has
    /// always been written.
    pub fn to_json(&self) -> String {
        serde_json::to_value(self)
            .expect("the status serialises")
            .to_string()
    }
}

/// The panels' controls, then a waiting question's candidates: each a square of the
/// side a click or tap chooses it within ([`predict::TOLERANCE_PX`] about its marker).
fn controls(app: &App, frame: &controls::Frame) -> Vec<Control> {
    let mut out = frame.controls.clone();
    if let Some(q) = &app.lab.predict.question {
        let situation = app.situation();
        let r = predict::TOLERANCE_PX as f32;
        for c in &q.sheet.candidates {
            if let Some(p) = predict::marker(&*situation, c.space, c.at) {
                let rect = [p.x - r, p.y - r, 2.0 * r, 2.0 * r];
                out.push(Control {
                    label: format!("candidate {}", c.label),
                    rect,
                    visible: rect,
                });
            }
        }
    }
    out
}

/// Every shape's name, pose, position on screen and parts.
fn shapes(app: &App) -> Vec<ShapeStatus> {
    app.lab
        .scene
        .shapes
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let pose = s.shape.pose();
            let screen = app.lab.world_camera.world_to_screen(pose.position);
            ShapeStatus {
                name: s.display_name(i),
                position: pose.position.to_array(),
                rotation: pose.rotation,
                screen: [f64::from(screen.x), f64::from(screen.y)],
                parts: s.shape.parts().len(),
                motion: s.motion.filter(|m| !m.is_still()).map(|m| {
                    let end = app
                        .lab
                        .world_camera
                        .world_to_screen(m.pose_at(pose, 1.0).position);
                    MotionStatus {
                        velocity: m.velocity.to_array(),
                        angular: m.angular,
                        end_screen: [f64::from(end.x), f64::from(end.y)],
                    }
                }),
            }
        })
        .collect()
}

impl ManyStatus {
    /// The many-shapes mode's keys.
    fn of(many: &Many) -> ManyStatus {
        let trace = many.sweep.as_ref();
        ManyStatus {
            paused: many.paused,
            pairs: many.pairs.len(),
            contacts: many.contacts.len(),
            sweep: trace.map(|t| t.step),
            sweep_count: trace.map(|t| t.last()),
            sweep_frame: trace.map(|t| t.frame),
            sweep_pairs: trace.map(|t| t.reported_until(t.step).len()),
            active: trace.map(|t| t.current().active.clone()),
        }
    }
}

/// Writes the status file if the status changed since `last`.
pub fn write(app: &App, path: &Path, last: &mut String) {
    let json = Status::of(app).to_json();
    if json != *last && write_atomically(path, json.as_bytes()).is_ok() {
        *last = json;
    }
}
