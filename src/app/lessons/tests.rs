//! Tests of the way through the lessons (issue 21, item 8: navigation lost the
//! learner's place): K resumes the last lesson at its page, F5 stays in the lesson,
//! a lesson's end leads to the next one and to the free lab, and leaving the
//! many-shapes mode puts the pair's shapes back as they were. Each test keeps its
//! progress in a folder of its own ([`platform::set_test_data_dir`]): tests run in
//! parallel, and what one keeps must not be what another resumes.

use super::progress::{self, load_progress, root, LESSONS_DIR};
use super::After;
use crate::app::files_panel::FilesPanel;
use crate::app::platform;
use crate::app::state::{App, Mode};
use gjk_lab_core::algorithms::Algorithm;
use gjk_lab_core::scene::{NamedShape, Scene, View};
use glam::DVec2;
use std::path::{Path, PathBuf};

/// A fresh, empty data folder for this test's progress.
fn fresh_progress(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("gjk-lab-navigation-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    platform::set_test_data_dir(&dir);
    dir
}

/// A lesson file of the lessons folder.
fn lesson(stem: &str) -> PathBuf {
    root().join(LESSONS_DIR).join(format!("{stem}.ron"))
}

/// The app as a start of the window shows it: a preset, no lesson.
fn started() -> App {
    let path = root().join(crate::app::DEFAULT_SCENE);
    App::new(Scene::load(&path).unwrap(), Some(path), None, None)
}

/// The lesson shown and its page, 1-based as the window numbers it.
fn place(app: &App) -> Option<(String, usize)> {
    app.lab
        .lesson
        .as_ref()
        .map(|l| (l.name.clone(), l.page + 1))
}

fn poses(shapes: &[NamedShape]) -> Vec<(DVec2, f64)> {
    shapes
        .iter()
        .map(|s| (s.shape.pose().position, s.shape.pose().rotation))
        .collect()
}

/// The window e2e's case, in the app: quit inside lesson 4 at page 3, start again,
/// K opens lesson 4 at page 3 (not lesson 0 at page 1).
#[test]
fn k_resumes_the_last_lesson_at_the_last_page() {
    fresh_progress("resume");
    let mut app = started();
    assert!(app.open_lesson(&lesson("04-epa"), 0));
    app.next_page();
    app.next_page();
    assert_eq!(place(&app), Some(("04-epa.ron".into(), 3)));
    drop(app); // quit

    let mut again = started();
    assert_eq!(place(&again), None);
    assert!(again.resume_lessons(), "K");
    assert_eq!(place(&again), Some(("04-epa.ron".into(), 3)));
    // K leaves; K again comes back to the same place.
    again.close_lesson();
    assert!(again.resume_lessons());
    assert_eq!(place(&again), Some(("04-epa.ron".into(), 3)));
    // Another lesson, page 2: that is the place now.
    assert!(again.open_lesson(&lesson("02-gjk"), 1));
    again.close_lesson();
    assert!(again.resume_lessons());
    assert_eq!(place(&again), Some(("02-gjk.ron".into(), 2)));
}

/// Without a last lesson (a first start, or a progress file from before the last
/// lesson was kept), K opens the first lesson not seen to its end, at page 1.
#[test]
fn without_a_last_lesson_k_opens_the_first_unfinished_one() {
    let dir = fresh_progress("unfinished");
    let mut app = started();
    assert!(app.resume_lessons());
    assert_eq!(place(&app), Some(("00-minkowski.ron".into(), 1)));
    let pages = app.lab.lesson.as_ref().unwrap().pages.len();
    let old = format!(
        r#"{{"lessons": {{"00-minkowski.ron": {{"seen": {pages}, "score": {{"right": 2, "wrong": 0}}}},
            "01-support.ron": {{"seen": 2, "score": {{"right": 0, "wrong": 0}}}}}}}}"#
    );
    std::fs::write(dir.join(progress::PROGRESS_KEY), old).unwrap();
    let mut again = started();
    assert!(again.resume_lessons());
    assert_eq!(place(&again), Some(("01-support.ron".into(), 1)));
}

/// F5 in a lesson used to load the file as a plain scene and drop out of the lesson;
/// it now reads the file again and shows the same lesson at the same page, with what
/// the file now says.
#[test]
fn f5_in_a_lesson_keeps_the_lesson_and_its_page() {
    let dir = fresh_progress("reload");
    let path = dir.join("02-gjk.ron");
    std::fs::copy(lesson("02-gjk"), &path).unwrap();
    let mut app = started();
    assert!(app.open_lesson(&path, 2));
    let mut scene = Scene::load(&path).unwrap();
    let page = &mut scene.lesson.as_mut().unwrap().pages[2];
    page.text = "Edited on disk.".into();
    page.zh = Some("在磁盘上改过了。".into());
    scene.save(&path).unwrap();
    assert!(app.reload(), "F5: {:?}", app.lab.messages.error);
    assert_eq!(place(&app), Some(("02-gjk.ron".into(), 3)));
    assert_eq!(app.page_text(), "Edited on disk.");
    let status: serde_json::Value =
        serde_json::from_str(&crate::app::status::Status::of(&app).to_json()).unwrap();
    assert_eq!(
        (&status["mode"], &status["page"]),
        (&"lesson".into(), &3.into())
    );
    // A broken file: the error is shown, the lesson and its page stay.
    std::fs::write(&path, "(shapes: [").unwrap();
    assert!(!app.reload());
    assert!(app.lab.messages.error.is_some());
    assert_eq!(place(&app), Some(("02-gjk.ron".into(), 3)));
}

/// A lesson's last page leads to the next lesson file, at page 1; the last lesson
/// leads nowhere, and a lesson opened from elsewhere is not in the order.
#[test]
fn the_next_lesson_opens_the_next_file_at_page_one() {
    let dir = fresh_progress("next");
    let files = progress::lesson_files(&root());
    let mut app = started();
    for pair in files.windows(2) {
        assert!(app.open_lesson(&pair[0], usize::MAX), "the last page");
        assert_eq!(app.following_lesson(), After::Next(pair[1].clone()));
        assert!(app.open_following_lesson());
        let name = pair[1].file_name().unwrap().to_string_lossy().into_owned();
        assert_eq!(place(&app), Some((name, 1)));
    }
    let last = files.last().unwrap();
    assert!(app.open_lesson(last, usize::MAX));
    assert_eq!(app.following_lesson(), After::End);
    assert!(!app.open_following_lesson());
    let status: serde_json::Value =
        serde_json::from_str(&crate::app::status::Status::of(&app).to_json()).unwrap();
    assert_eq!(status["last_page"], true);
    assert!(status["next_lesson"].is_null());
    let elsewhere = dir.join("my-lesson.ron");
    std::fs::copy(&files[0], &elsewhere).unwrap();
    assert!(app.open_lesson(&elsewhere, 0));
    assert_eq!(app.following_lesson(), After::Unlisted);
}

/// The lessons are listed by their titles ("Lesson 2: GJK"), not their file names.
#[test]
fn lessons_are_listed_by_title() {
    let mut files = FilesPanel::default();
    assert_eq!(files.title(&lesson("02-gjk")), "Lesson 2: GJK");
    for path in progress::lesson_files(&root()) {
        let title = files.title(&path);
        assert!(title.starts_with("Lesson "), "{}: {title}", path.display());
    }
}

/// Every lesson ends with "what you now know": three short lines.
#[test]
fn every_lesson_has_a_summary() {
    for path in progress::lesson_files(&root()) {
        let scene = Scene::load(&path).unwrap_or_else(|e| panic!("{e}"));
        let summary = scene.lesson.unwrap().summary;
        assert_eq!(summary.len(), 3, "{}", path.display());
    }
}

/// "Open in the lab" leaves the lesson for the two-shape mode on the same scene: the
/// file's shapes, pair and algorithm, without the pages and without the file (a save
/// must not write over the lesson).
#[test]
fn open_in_the_lab_shows_the_lessons_scene_as_a_free_lab() {
    fresh_progress("lab");
    let path = lesson("06-sat");
    let file = Scene::load(&path).unwrap();
    let mut app = started();
    assert!(app.open_lesson(&path, usize::MAX));
    app.move_shape(app.lab.b, DVec2::new(0.5, 0.0));
    assert!(app.open_in_lab());
    assert_eq!(place(&app), None);
    assert_eq!(app.mode(), Mode::Pair);
    assert_eq!(app.lab.scene.lesson, None);
    assert_eq!(app.lab.file.path, None);
    assert_ne!(app.lab.file.save_path, path.display().to_string());
    assert_eq!(poses(&app.lab.scene.shapes), poses(&file.shapes));
    assert_eq!(
        (Some(app.lab.a), Some(app.lab.b), Some(app.lab.algorithm)),
        (file.view.a, file.view.b, file.view.algorithm)
    );
    // K comes back to the lesson, at its last page.
    assert!(app.resume_lessons());
    let pages = app.lab.lesson.as_ref().unwrap().pages.len();
    assert_eq!(place(&app), Some(("06-sat.ron".into(), pages)));
}

/// A lesson of two pages over lesson 10's boxes: a two-shape page, then a
/// many-shapes page whose sweep frames move the boxes.
fn round_trip_lesson(dir: &Path) -> PathBuf {
    let mut scene = Scene::load(&lesson("10-sweep-and-prune")).unwrap();
    scene.view = View {
        a: Some(0),
        b: Some(6),
        algorithm: Some(Algorithm::Gjk),
        ..View::default()
    };
    // Plain RON: an option is written Some(…) here (scene files need not).
    let pages = r#"(pages: [
        (text: "Two boxes, {A} and {B}."),
        (text: "Frame {frame}: every box moved.", mode: Some("many"), frame: Some(9)),
    ])"#;
    scene.lesson = Some(ron::from_str(pages).unwrap());
    let path = dir.join("round-trip.ron");
    scene.save(&path).unwrap();
    path
}

/// Issue 21, item 8: leaving the many-shapes mode kept the drifted poses, so the
/// preset pair was lost and a save wrote the drift. The many-shapes mode now keeps
/// the shapes as they were when it was entered, puts them back exactly when it is
/// left (by M, by the previous page, by leaving the lesson), and a save while it runs
/// writes them, not the drift.
#[test]
fn the_many_shapes_round_trip_keeps_the_pairs_poses_exactly() {
    let dir = fresh_progress("round-trip");
    let path = round_trip_lesson(&dir);
    let mut app = started();
    assert!(app.open_lesson(&path, 0));
    // The learner's own edit on the two-shape page is part of the pair.
    app.move_shape(6, DVec2::new(0.25, -0.5));
    app.rotate_shape(0, 0.3);
    let pair = poses(&app.lab.scene.shapes);

    // Next page: the many-shapes page's frame moves the boxes.
    app.next_page();
    assert_eq!(app.mode(), Mode::Many);
    assert_ne!(
        poses(&app.lab.scene.shapes),
        pair,
        "frame 9 moved the boxes"
    );
    let saved = dir.join("saved.ron");
    assert!(app.save(&saved));
    let written = Scene::load(&saved).unwrap();
    assert_eq!(
        poses(&written.shapes),
        pair,
        "a save writes the pair, not the drift"
    );
    // Back to the two-shape page: the pair exactly as it was.
    app.previous_page();
    assert_eq!(app.mode(), Mode::Pair);
    assert_eq!(poses(&app.lab.scene.shapes), pair);
    assert_eq!((app.lab.a, app.lab.b), (0, 6));

    // Many-shapes page, then M (the two-shape mode): the same.
    app.next_page();
    app.next_page(); // the last page already: nothing changes
    assert_eq!(app.mode(), Mode::Many);
    app.set_mode(Mode::Pair);
    assert_eq!(poses(&app.lab.scene.shapes), pair);

    // Many-shapes page, then K (leaving the lesson): the same, in the two-shape mode.
    app.previous_page();
    app.next_page();
    assert_eq!(app.mode(), Mode::Many);
    app.close_lesson();
    assert_eq!(app.mode(), Mode::Pair);
    assert_eq!(poses(&app.lab.scene.shapes), pair);
}

/// Out of lessons, the many-shapes mode's drift and a drag in it are undone when it
/// is left.
#[test]
fn leaving_the_many_shapes_mode_undoes_its_motion() {
    let mut app = started();
    let before = app.lab.scene.shapes.clone();
    app.set_mode(Mode::Many);
    app.advance(3.0);
    app.move_shape(1, DVec2::new(2.0, 0.0));
    assert_ne!(poses(&app.lab.scene.shapes), poses(&before));
    assert_eq!(poses(&app.scene_to_save().shapes), poses(&before));
    app.set_mode(Mode::Pair);
    assert_eq!(app.lab.scene.shapes, before);
}

/// A first start (no progress) offers the lessons until the learner starts them or
/// says no; saying no is kept for the next runs.
#[test]
fn the_first_starts_offer_goes_when_started_or_dismissed() {
    fresh_progress("welcome");
    assert!(load_progress().first_start());
    let mut app = started();
    app.lab.welcome = true;
    app.dismiss_welcome();
    assert!(!app.lab.welcome);
    assert!(!load_progress().first_start(), "kept for the next runs");

    fresh_progress("welcome-start");
    let mut app = started();
    app.lab.welcome = true;
    let status: serde_json::Value =
        serde_json::from_str(&crate::app::status::Status::of(&app).to_json()).unwrap();
    assert_eq!(status["welcome"], true);
    assert!(app.resume_lessons());
    assert!(!app.lab.welcome);
    assert!(!load_progress().first_start(), "a lesson was opened");
}

/// Issue 24: a link made on a lesson page opened a bare two-shape scene. The link now
/// names the lesson and the page: it opens them, with the page's question, and the
/// status reports it as `link`.
#[test]
fn a_lesson_pages_link_opens_that_page_with_its_question() {
    fresh_progress("lesson-link");
    let mut from = started();
    assert!(from.open_lesson(&lesson("02-gjk"), 0));
    // The first page that asks a question.
    while from.lab.predict.question.is_none()
        && from
            .lab
            .lesson
            .as_ref()
            .is_some_and(|l| l.page + 1 < l.pages.len())
    {
        from.next_page();
    }
    assert!(
        from.lab.predict.question.is_some(),
        "lesson 2 asks a question"
    );
    let link = from.share_link();
    let status: serde_json::Value =
        serde_json::from_str(&crate::app::status::Status::of(&from).to_json()).unwrap();
    assert_eq!(status["link"], link.as_str());
    assert!(link.len() < 80, "{link}");

    let mut to = started();
    assert!(to.open_link(&link), "{:?}", to.lab.messages.error);
    assert_eq!(place(&to), place(&from));
    assert_eq!(
        to.lab.predict.question.map(|q| q.kind.name()),
        from.lab.predict.question.map(|q| q.kind.name())
    );
    assert_eq!(to.lab.messages.error, None);
}

/// A link to a lesson that is not there, or to a path, is refused with the reason.
#[test]
fn a_link_to_a_missing_lesson_says_so() {
    fresh_progress("lesson-link-missing");
    let mut app = started();
    for name in ["99-none.ron", "../scenes/box-box.ron"] {
        assert!(!app.open_link(&gjk_lab_core::link::encode_lesson(name, 1)));
        let error = app.lab.messages.error.clone().unwrap();
        assert!(error.starts_with("link: no lesson"), "{error}");
        assert!(app.lab.lesson.is_none());
    }
}

/// A page about the learner's own code (`{check}`) says how to check it on the page's
/// own pair: on the desktop, the two commands with the lesson's file as a path that
/// exists from the project's folder, the pair the page shows, the starter of the
/// page's algorithm and that algorithm's check.
#[test]
fn a_code_page_gives_the_commands_for_its_own_pair() {
    fresh_progress("code-page");
    for (stem, key) in [
        ("03b-your-gjk", "gjk"),
        ("05b-your-epa", "epa"),
        ("07b-your-sat", "sat"),
    ] {
        let path = lesson(stem);
        let pages = Scene::load(&path).unwrap().lesson.unwrap().pages;
        let mut app = started();
        let mut seen = 0;
        for (k, page) in pages.iter().enumerate() {
            if !page.text.contains("{check}") {
                continue;
            }
            seen += 1;
            assert!(app.open_lesson(&path, k));
            assert!(app.page_asks_for_code());
            let text = app.page_text();
            let at = format!("{stem} page {}", k + 1);
            let pair = format!("--pair {},{}", page.a.unwrap_or(0), page.b.unwrap_or(1));
            let file = text
                .split("gjk-lab world ")
                .nth(1)
                .and_then(|rest| rest.split_whitespace().next())
                .unwrap_or_else(|| panic!("{at}: no world command: {text}"));
            assert!(
                root().join(file).is_file() || Path::new(file).is_file(),
                "{at}: {file} is not the lesson's file"
            );
            assert_eq!(
                text.matches(&pair).count(),
                2,
                "{at}: both commands on {pair}: {text}"
            );
            let starter = format!("examples/your-gjk/your_{key}.py");
            assert!(text.contains(&starter), "{at}: {text}");
            assert!(
                text.contains(&format!("--algo {key} --trace mine.jsonl")),
                "{at}: {text}"
            );
        }
        assert!(
            seen >= 2,
            "{stem}: the first and the last code page give the commands"
        );
    }
}

/// A question counts once per lesson page: going back to a checkpoint page asks again,
/// but only the first answer is counted (once it said "2 right, 1 wrong" for two
/// questions), and that holds across runs; a progress file from before the answered
/// pages were kept still loads with its score, and each page's first answer from then
/// on counts once.
#[test]
fn a_question_counts_once_per_page_and_across_runs() {
    let dir = fresh_progress("count-once");
    let path = lesson("02-gjk");
    let pages = Scene::load(&path).unwrap().lesson.unwrap().pages;
    let asks: Vec<usize> = (0..pages.len())
        .filter(|&k| pages[k].checkpoint.is_some())
        .collect();
    let (first, second) = (asks[0], asks[1]);
    let score = |app: &App| {
        let s = app.lab.lesson.as_ref().unwrap().score;
        (s.right, s.wrong)
    };
    let mut app = started();
    assert!(app.open_lesson(&path, first));
    assert!(app.answer_as(false));
    assert_eq!(score(&app), (0, 1));
    // Back and forth: asked again, answered again, counted once.
    app.next_page();
    app.previous_page();
    assert!(app.lab.predict.question.is_some(), "asked again");
    assert!(app.answer_as(true));
    assert_eq!(score(&app), (0, 1));
    let reply = &app.lab.predict.verdict.as_ref().unwrap().text;
    assert!(
        reply.starts_with("Right!") && reply.contains("answered before"),
        "{reply}"
    );
    assert!(app.open_lesson(&path, second));
    assert!(app.answer_as(true));
    assert!(app.open_lesson(&path, first));
    assert!(app.answer_as(true));
    assert_eq!(score(&app), (1, 1), "two questions, two answers counted");
    drop(app);

    // Kept between runs: the same pages are not counted again.
    let kept: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join(progress::PROGRESS_KEY)).unwrap())
            .unwrap();
    let answered = &kept["lessons"]["02-gjk.ron"]["answered"];
    assert_eq!(answered[(first + 1).to_string()], false, "{kept}");
    assert_eq!(answered[(second + 1).to_string()], true, "{kept}");
    let mut again = started();
    assert!(again.open_lesson(&path, second));
    assert_eq!(score(&again), (1, 1));
    assert!(again.answer_as(false));
    assert_eq!(score(&again), (1, 1));

    // A file of an earlier version: no answered pages, its score kept.
    let old =
        r#"{"lessons": {"02-gjk.ron": {"seen": 5, "score": {"right": 1, "wrong": 1}, "page": 4}}}"#;
    std::fs::write(dir.join(progress::PROGRESS_KEY), old).unwrap();
    let mut old_run = started();
    assert!(old_run.open_lesson(&path, first));
    assert_eq!(score(&old_run), (1, 1));
    assert!(old_run.answer_as(true));
    old_run.apply_page();
    assert!(old_run.answer_as(true));
    assert_eq!(
        score(&old_run),
        (2, 1),
        "the page's first answer counts, once"
    );
    assert_eq!(load_progress().lessons["02-gjk.ron"].answered.len(), 1);
}

/// Every lesson and every preset carries its Chinese beside its English: the
/// scene's title and description, its shapes' names, each page, the summary (the loader has checked
/// that each Chinese page names the same live numbers as its English one).
#[test]
fn every_lesson_and_preset_carries_its_chinese() {
    let scenes = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes");
    let mut files = super::progress::lesson_files(&root());
    files.extend(crate::app::state::scene_files(&scenes));
    assert!(files.len() > 60, "{} files", files.len());
    let mut missing = vec![];
    for path in files {
        let scene = Scene::load(&path).unwrap_or_else(|e| panic!("{e}"));
        let name = path.display().to_string();
        if scene.title.is_some() && scene.title_zh.is_none() {
            missing.push(format!("{name}: title_zh"));
        }
        if scene.description.is_some() && scene.description_zh.is_none() {
            missing.push(format!("{name}: description_zh"));
        }
        // A shape's name that is a word (not a symbol: A, s12) has its Chinese.
        for (k, shape) in scene.shapes.iter().enumerate() {
            let word = shape.name.as_deref().filter(|n| {
                n.chars().filter(char::is_ascii_alphabetic).count() > 1
                    && !(n.starts_with('s') && n[1..].chars().all(|c| c.is_ascii_digit()))
            });
            if let (Some(word), None) = (word, &shape.name_zh) {
                missing.push(format!("{name}: shape {k} ({word:?}) has no name_zh"));
            }
        }
        let Some(lesson) = &scene.lesson else {
            continue;
        };
        for (k, page) in lesson.pages.iter().enumerate() {
            if page.zh.is_none() {
                missing.push(format!("{name}: page {} has no zh", k + 1));
            }
        }
        if lesson.summary_zh.len() != lesson.summary.len() {
            missing.push(format!("{name}: summary_zh"));
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}
