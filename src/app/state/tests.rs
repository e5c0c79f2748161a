//! Tests of [`super`] (state.rs), kept apart so that the module reads as a lesson.

use super::*;
use gjk_lab_core::algorithms::cast::CastOptions;
use gjk_lab_core::algorithms::CastAlgorithm;
use gjk_lab_core::motion::Motion;
use gjk_lab_core::scene::Format;

const SCENE: &str = r#"(shapes: [
    (name: "A", shape: Polygon(vertices: [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]), position: (0.0, 0.0)),
    (name: "B", shape: Polygon(vertices: [(-1.0, -0.5), (1.0, -0.5), (0.0, 1.0)]), position: (1.5, 0.2)),
    (name: "C", shape: Circle(radius: 0.5), position: (9.0, 0.0)),
], view: (a: 0, b: 1, algorithm: "epa", step: 3))"#;

fn sample_app() -> App {
    app_of(SCENE)
}

/// The app opened on a scene given as RON text.
fn app_of(scene: &str) -> App {
    App::new(
        Scene::from_text(scene, Format::Ron, None).unwrap(),
        None,
        None,
        None,
    )
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gjk-lab-app-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn starts_from_the_scene_view() {
    let app = sample_app();
    assert_eq!(
        (app.lab.a, app.lab.b, app.lab.algorithm, app.step()),
        (0, 1, Algorithm::Epa, 3)
    );
    assert!(app.step_count() >= 3);
}

#[test]
fn stepping_is_clamped() {
    let mut app = sample_app();
    app.go_to(1000);
    assert_eq!(app.step(), app.step_count());
    app.next();
    assert_eq!(app.step(), app.step_count());
    app.restart();
    app.back();
    assert_eq!(app.step(), 0);
}

#[test]
fn dragging_at_step_k_shows_step_k_of_the_new_run() {
    let mut app = sample_app();
    app.set_algorithm(Algorithm::Gjk);
    app.go_to(3);
    let before = app.steps().to_vec();
    app.move_shape(1, DVec2::new(0.3, 0.1));
    assert_eq!(app.step(), 3);
    assert_ne!(app.steps(), before, "the run changed");
    // Far away: fewer steps, the step is clamped.
    app.go_to(app.step_count());
    app.move_shape(1, DVec2::new(100.0, 0.0));
    assert!(app.step() <= app.step_count());
}

#[test]
fn choosing_a_as_b_swaps() {
    let mut app = sample_app();
    app.set_a(1);
    assert_eq!((app.lab.a, app.lab.b), (1, 0));
    app.set_b(2);
    assert_eq!((app.lab.a, app.lab.b), (1, 2));
}

#[test]
fn a_self_intersecting_vertex_drag_is_rejected() {
    let mut app = sample_app();
    let before = app.lab.scene.shapes[0].shape.clone();
    // Pull vertex 2 (1, 1) down to (1, −2): edge 2 now crosses edge 0 (a bowtie).
    let err = app.move_vertex(0, 2, DVec2::new(1.0, -2.0)).unwrap_err();
    assert!(
        matches!(
            err,
            VertexEditError::Polygon(PolygonError::EdgesIntersect {
                first: 0,
                second: 2,
                ..
            })
        ),
        "{err:?}"
    );
    let err = err.to_string();
    assert!(err.contains("edge 0") && err.contains("edge 2"), "{err}");
    assert_eq!(app.lab.scene.shapes[0].shape, before);
    let rejected = app
        .mode
        .pair_mode()
        .rejected
        .clone()
        .expect("the edit is outlined");
    assert_eq!(rejected.edges, vec![[0, 1], [2, 3]]);
    // Pulling it outward is fine.
    let v = app.move_vertex(0, 2, DVec2::new(2.0, 2.0)).unwrap();
    assert!(app.mode.pair_mode().rejected.is_none());
    let Geometry::Polygon(p) = app.lab.scene.shapes[0].shape.geometry() else {
        unreachable!()
    };
    assert_eq!(p.vertex(v), DVec2::new(2.0, 2.0));
}

/// A refused vertex edit says why, in the words the window shows after "Vertex edit
/// rejected: ".
#[test]
fn a_refused_vertex_edit_says_why() {
    let mut app = sample_app();
    assert_eq!(
        app.move_vertex(2, 0, DVec2::ZERO),
        Err(VertexEditError::NotAPolygon(2))
    );
    let mut refused =
        |i: usize, v: usize, to: DVec2| app.move_vertex(i, v, to).unwrap_err().to_string();
    assert_eq!(refused(7, 0, DVec2::ZERO), "no such shape");
    assert_eq!(
        refused(2, 0, DVec2::ZERO),
        "only polygons and the cores of capsules and rounded polygons have vertices"
    );
    assert_eq!(refused(0, 9, DVec2::ZERO), "no such vertex");
    assert_eq!(
        refused(0, 2, DVec2::new(1.0, -1.0)),
        "that would merge two vertices"
    );
    assert_eq!(
        refused(0, 2, DVec2::new(1.0, -2.0)),
        "the polygon's boundary crosses or touches itself: edge 0 (vertex 0 to 1) meets \
         edge 2 (vertex 2 to 3); a polygon must be simple"
    );
}

#[test]
fn a_concave_vertex_drag_is_accepted_and_steps_run_on_the_decisive_parts() {
    let mut app = sample_app();
    // Pull vertex 2 (1, 1) inside, past the diagonal: the square turns concave.
    let v = app.move_vertex(0, 2, DVec2::new(-0.5, -0.5)).unwrap();
    assert!(app.mode.pair_mode().rejected.is_none());
    let shape = &app.lab.scene.shapes[0].shape;
    assert!(shape.is_concave());
    assert_eq!(
        shape.geometry().polygon_vertices().unwrap()[v],
        DVec2::new(-0.5, -0.5)
    );
    let [i, j] = app
        .decisive()
        .expect("a concave A has a decisive part pair");
    assert!(i < shape.parts().len() && j == 0);
    let narration = &app.steps()[1].narration;
    assert!(
        narration.contains(&format!("part {i} of A against B")),
        "{narration}"
    );
    let status: serde_json::Value =
        serde_json::from_str(&crate::app::status::Status::of(&app).to_json()).unwrap();
    assert_eq!(status["shapes"][0]["parts"], 2);
    assert_eq!(status["decisive_parts"][0], i);
    // Back to convex: no decisive parts any more.
    app.move_vertex(0, v, DVec2::new(1.0, 1.0)).unwrap();
    assert_eq!(app.decisive(), None);
}

/// A cast on a concave shape steps through the part pair its answer is that of (as
/// `gjk-lab cast` and `trace` answer), not the pair closest at the start: a door
/// swinging down onto a floor with a post on it meets the post first, at 0.073 (the
/// closed form is in core/tests/cast.rs), while the floor's part under the hinge is
/// the closest at t = 0.
#[test]
fn a_cast_on_a_concave_shape_steps_through_its_first_hit() {
    let scene = r#"(shapes: [
        (name: "door", shape: Polygon(vertices: [(0.0, -0.1), (4.0, -0.1), (4.0, 0.1), (0.0, 0.1)]),
         position: (0.0, 0.101), rotation: 0.5, motion: (angular: -1.0)),
        (name: "floor", shape: Polygon(vertices: [(-3.0, -1.0), (7.0, -1.0), (7.0, 0.0), (2.4, 0.0),
            (2.4, 0.901), (2.0, 0.901), (2.0, 0.0), (-3.0, 0.0)]), position: (0.0, 0.0)),
    ], view: (a: 0, b: 1, algorithm: "time-of-impact"))"#;
    let app = app_of(scene);
    let shapes = &app.lab.scene.shapes;
    let (door, floor) = (&shapes[0].shape, &shapes[1].shape);
    let motions = [shapes[0].motion.unwrap_or_default(), Motion::NONE];
    let (answer, parts) = gjk_lab_core::query::cast::cast_by_parts(
        Some(CastAlgorithm::TimeOfImpact),
        door,
        motions[0],
        floor,
        motions[1],
        &CastOptions::default(),
    )
    .unwrap();
    assert!(
        answer.hit && (answer.t.unwrap() - 0.0731).abs() < 1e-3,
        "{answer:?}"
    );
    assert_eq!(app.decisive(), Some(parts));
    let closest = gjk_lab_core::query::compound::decisive(door, floor).parts;
    assert_ne!(closest, parts, "the post is not the closest part at t = 0");
    let narration = &app.steps()[0].narration;
    assert!(
        narration.contains(&format!("part {} of B", parts[1]))
            && narration.contains(&format!(
                "the first to meet, at t = {}",
                crate::app::visualizers::cast_time(answer.t.unwrap())
            )),
        "{narration}"
    );
    // Swinging up and away, no part pair meets: the closest part pair at the start
    // (the floor's under the hinge, 0.013 below the door's corner), as for the queries.
    let away = scene.replace("angular: -1.0", "angular: 1.0");
    let app = app_of(&away);
    assert_eq!(app.decisive(), Some(closest));
    let narration = &app.steps()[0].narration;
    assert!(
        narration.contains(&format!("part {} of B", closest[1]))
            && narration.contains("the closest part pair"),
        "{narration}"
    );
}

#[test]
fn sub_stepping_a_concave_shape_shows_the_part_it_tunnels_through() {
    // A box flies along an L's long bar, 0.3 above it, and through its thin upright
    // arm: the bar is the closest part at the start, the arm the part it meets.
    let scene = r#"(shapes: [
        (name: "L", shape: Polygon(vertices: [(0.0, 0.0), (10.0, 0.0), (10.0, 3.0), (9.8, 3.0),
            (9.8, 1.0), (0.0, 1.0)]), position: (0.0, 0.0)),
        (name: "box", shape: Polygon(vertices: [(-0.2, -0.2), (0.2, -0.2), (0.2, 0.2), (-0.2, 0.2)]),
         position: (1.0, 1.5), motion: (velocity: (12.0, 0.0))),
    ], view: (a: 0, b: 1, algorithm: "sub-stepping"))"#;
    let app = app_of(scene);
    let shapes = &app.lab.scene.shapes;
    let (l, flying) = (&shapes[0].shape, &shapes[1].shape);
    let motion = shapes[1].motion.unwrap_or_default();
    let options = CastOptions::default();
    let (truth, parts) =
        gjk_lab_core::query::cast::cast_by_parts(None, l, Motion::NONE, flying, motion, &options)
            .unwrap();
    // The box's right side reaches the arm at x = 9.8: t = (9.8 − 1.2)/12.
    let first = (9.8 - 1.2) / 12.0;
    assert!(
        truth.hit && (truth.t.unwrap() - first).abs() < 1e-9,
        "{truth:?}"
    );
    let closest = gjk_lab_core::query::compound::decisive(l, flying).parts;
    assert_ne!(closest, parts, "the arm is not the closest part at t = 0");
    assert_eq!(app.decisive(), Some(parts));
    let steps = app.steps();
    assert!(
        steps[0]
            .narration
            .contains("the first to meet, at t = 0.7167"),
        "{}",
        steps[0].narration
    );
    let last = &steps.last().unwrap().narration;
    assert!(
        last.contains("yet A and B do meet: at t = 0.7167") && last.contains("tunnelled"),
        "{last}"
    );
}

#[test]
fn a_broken_file_keeps_the_scene_and_names_the_file() {
    let dir = temp_dir("broken");
    let path = dir.join("bad.ron");
    std::fs::write(
        &path,
        "(shapes: [ (name: \"A\", shape: Circle(radius: -1.0), position: (0.0, 0.0)) ])",
    )
    .unwrap();
    let mut app = sample_app();
    let shapes = app.lab.scene.shapes.clone();
    assert!(!app.load(&path));
    assert_eq!(app.lab.scene.shapes, shapes);
    assert!(app
        .lab
        .messages
        .error
        .as_deref()
        .unwrap()
        .contains("bad.ron"));
}

/// Issue 9: Ctrl+S rewrote a preset from the parsed scene and lost its `//`
/// comments, the preset's teaching notes. Load a preset with comments, move a
/// shape, save, reload: the comments are there and so is the move.
#[test]
fn saving_a_preset_keeps_its_comments() {
    let dir = temp_dir("comments");
    let path = dir.join("noted.ron");
    let text = format!(
        "// Why this scene exists.\n// A second line of notes.\n{}",
        SCENE.replace(
            "(name: \"C\"",
            "// C is far away on purpose.\n        (name: \"C\""
        )
    );
    std::fs::write(&path, &text).unwrap();
    let mut app = sample_app();
    assert!(app.load(&path));
    app.move_shape(2, DVec2::new(1.0, 0.0));
    assert!(app.save(&path));
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(
        saved.starts_with("// Why this scene exists.\n// A second line of notes.\n"),
        "{saved}"
    );
    let note = saved
        .find("// C is far away on purpose.")
        .expect("shape comment");
    assert!(saved[note..].trim_start_matches(|c| c != '\n')[1..]
        .trim_start()
        .starts_with('('));
    assert!(note > saved.find("\"B\"").unwrap() && note < saved.find("\"C\"").unwrap());
    let mut other = sample_app();
    assert!(other.load(&path));
    assert_eq!(
        other.lab.scene.shapes[2].shape.position(),
        DVec2::new(10.0, 0.0)
    );
    assert_eq!(other.lab.scene.shapes, app.lab.scene.shapes);
}

/// Issue 9: a green "Reloaded …" stayed beside a red error from a later failed
/// load. A new error clears the notice, and a new success clears the error.
#[test]
fn an_error_clears_the_notice_and_a_success_clears_the_error() {
    let dir = temp_dir("notice");
    let good = dir.join("good.ron");
    let bad = dir.join("bad.ron");
    std::fs::write(&good, SCENE).unwrap();
    std::fs::write(&bad, "(shapes: [").unwrap();
    let mut app = sample_app();
    assert!(app.load(&good) && app.reload());
    assert!(app
        .lab
        .messages
        .notice
        .as_deref()
        .unwrap()
        .starts_with("Reloaded"));
    assert!(!app.load(&bad));
    assert_eq!(
        app.lab.messages.notice, None,
        "no stale notice beside the error"
    );
    assert!(app.lab.messages.error.is_some());
    assert!(app.load(&good));
    assert_eq!(app.lab.messages.error, None);
    assert!(app.lab.messages.notice.is_some());
}

/// Issue 31: a reload recorded the algorithm's run two or three times (once loading
/// the file, again after restoring the mode, the algorithm and A and B). It records
/// once: every recording bumps the revision by one, and nothing else in a reload does.
/// The mode, the algorithm, the step and A and B are kept, in either mode.
#[test]
fn a_reload_records_the_run_once_and_keeps_the_view() {
    let dir = temp_dir("reload-once");
    let path = dir.join("scene.ron");
    std::fs::write(&path, SCENE).unwrap();
    let mut app = sample_app();
    assert!(app.load(&path));
    app.set_algorithm(Algorithm::Distance);
    app.set_b(2);
    app.go_to(2);
    let before = app.lab.revision;
    assert!(app.reload());
    assert_eq!(app.lab.revision, before + 1, "one recording");
    assert_eq!(
        (app.lab.algorithm, app.lab.a, app.lab.b, app.step()),
        (Algorithm::Distance, 0, 2, 2)
    );
    app.set_mode(Mode::Many);
    let before = app.lab.revision;
    assert!(app.reload());
    assert_eq!(app.mode(), Mode::Many);
    assert_eq!(
        app.lab.revision, before,
        "the many-shapes mode records no pair run"
    );
}

#[test]
fn save_then_load_round_trips_the_view() {
    let dir = temp_dir("save");
    let path = dir.join("saved.ron");
    let mut app = sample_app();
    app.set_algorithm(Algorithm::Distance);
    app.go_to(2);
    app.move_shape(2, DVec2::new(1.0, 0.0));
    assert!(app.save(&path));
    let mut other = sample_app();
    assert!(other.load(&path));
    assert_eq!(
        (other.lab.algorithm, other.step(), other.lab.a, other.lab.b),
        (Algorithm::Distance, 2, 0, 1)
    );
    assert_eq!(
        other.lab.scene.shapes[2].shape.position(),
        DVec2::new(10.0, 0.0)
    );
}

#[test]
fn status_has_the_contract_keys() {
    let app = sample_app();
    let v: serde_json::Value =
        serde_json::from_str(&crate::app::status::Status::of(&app).to_json()).unwrap();
    for key in [
        "scene",
        "algorithm",
        "step",
        "step_count",
        "a",
        "b",
        "shapes",
        "error",
    ] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    let shape = &v["shapes"][1];
    assert_eq!(shape["name"], "B");
    assert_eq!(shape["position"][0], 1.5);
    assert!(shape["screen"].is_array() && shape["rotation"].is_number());
    assert!(v["error"].is_null());
}

#[test]
fn status_file_is_rewritten_only_when_the_state_changes() {
    let path = temp_dir("status").join("status.json");
    let mut app = sample_app();
    let mut last = String::new();
    crate::app::status::write(&app, &path, &mut last);
    let first = std::fs::read_to_string(&path).unwrap();
    assert_eq!(first, last);
    std::fs::remove_file(&path).unwrap();
    crate::app::status::write(&app, &path, &mut last);
    assert!(!path.exists(), "unchanged state: no write");
    app.next();
    crate::app::status::write(&app, &path, &mut last);
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(v["step"], app.step());
    // `screen` is the world camera's mapping of the position.
    let screen = app
        .lab
        .world_camera
        .world_to_screen(app.lab.scene.shapes[0].shape.position());
    assert_eq!(v["shapes"][0]["screen"][0].as_f64(), Some(screen.x as f64));
}

#[test]
fn many_shapes_mode_steps_the_sweep_and_reports_it_in_the_status() {
    let mut app = sample_app();
    assert_eq!(app.mode(), Mode::Pair, "three shapes open as a pair");
    app.set_mode(Mode::Many);
    assert_eq!(app.effective_layout(), Layout::WorldOnly);
    let v: serde_json::Value =
        serde_json::from_str(&crate::app::status::Status::of(&app).to_json()).unwrap();
    assert_eq!(v["mode"], "many");
    assert!(v["sweep"].is_null());
    assert_eq!(v["pairs"], 1, "A and B's boxes overlap");
    assert_eq!(v["contacts"], 1);
    // A frame after the first tests the kept pair (A, B), then ends: steps 0 to 2.
    for _ in 0..2 {
        app.next();
    }
    app.back();
    let v: serde_json::Value =
        serde_json::from_str(&crate::app::status::Status::of(&app).to_json()).unwrap();
    assert_eq!(v["sweep"], 1);
    assert!(v["sweep_count"].as_u64().unwrap() >= 2);
    // Space leaves stepping; the pair mode keeps its own step.
    app.toggle_play();
    assert!(app.many().unwrap().sweep.is_none());
    app.set_mode(Mode::Pair);
    assert_eq!(app.step(), 3);
}

#[test]
fn advance_moves_shapes_only_in_the_many_shapes_mode() {
    let mut app = sample_app();
    let before = app.lab.scene.shapes[2].shape.pose();
    app.advance(1.0);
    assert_eq!(app.lab.scene.shapes[2].shape.pose(), before);
    app.set_mode(Mode::Many);
    app.advance(f64::NAN);
    assert_eq!(app.lab.scene.shapes[2].shape.pose(), before);
    app.advance(1.0);
    assert_ne!(app.lab.scene.shapes[2].shape.pose(), before);
}

#[test]
fn one_shape_scene_does_not_panic() {
    let scene = Scene::from_text(
        "(shapes: [(shape: Circle(radius: 1.0), position: (0.0, 0.0))])",
        Format::Ron,
        None,
    )
    .unwrap();
    let mut app = App::new(scene, None, Some(Algorithm::Epa), Some(5));
    assert_eq!(app.step_count(), 0);
    app.next();
    app.move_shape(0, DVec2::X);
    assert!(app
        .mode
        .pair_mode()
        .minkowski_outline(&app.lab, 64)
        .is_empty());
    app.set_mode(Mode::Many);
    for _ in 0..5 {
        app.next();
    }
    app.go_to(usize::MAX);
    app.tick(0.1);
    app.move_shape(0, DVec2::X);
    assert!(app.many().unwrap().pairs.is_empty());
}

#[test]
fn notices_show_paths_inside_the_working_directory_relative_to_it() {
    let here = std::env::current_dir().expect("a working directory");
    let inside = here.join("scenes").join("box-box.ron");
    assert_eq!(shown(&inside), Path::new("scenes/box-box.ron"));
    let outside = Path::new("/somewhere/else/scene.ron");
    assert_eq!(shown(outside), outside);
}

/// "Load my trace": the trace is checked, the algorithm switches to the trace's, and
/// the check follows the shapes (gjk-lab's own trace agrees; once B moves, it is a
/// trace of another pair and diverges).
#[test]
fn a_loaded_trace_is_checked_and_follows_the_shapes() {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenes/dyn4j-gjk.ron");
    let mut app = App::new(Scene::load(&path).unwrap(), Some(path), None, None);
    let t = gjk_lab_core::trace::trace(
        Algorithm::Epa,
        &app.lab.scene.shapes[0].shape,
        &app.lab.scene.shapes[1].shape,
    );
    let text: String = t
        .steps
        .iter()
        .chain([&t.result])
        .map(|l| l.to_string() + "\n")
        .collect();
    let dir = std::env::temp_dir().join(format!("gjk-lab-my-trace-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("mine.jsonl");
    std::fs::write(&file, text).unwrap();
    app.load_my_trace(&file);
    assert_eq!(
        app.lab.algorithm,
        Algorithm::Epa,
        "switched to the trace's algorithm"
    );
    let status = |app: &App| app.mode.pair_mode().my_trace.as_ref().unwrap().status();
    assert_eq!(status(&app)["agree"], true);
    let mut pose = app.lab.scene.shapes[1].shape.pose();
    pose.position.x += 0.5;
    app.lab.scene.shapes[1].shape.set_pose(pose);
    app.lab.revision += 1;
    app.refresh_my_trace();
    assert_eq!(status(&app)["agree"], false);
    let lines = app.mode.pair_mode().my_trace.as_ref().unwrap().lines();
    assert!(lines[0].contains("diverges"), "{lines:?}");
    assert_eq!(
        status(&app)["text"],
        serde_json::json!(lines),
        "the status says it too"
    );
    app.load_my_trace(&dir.join("missing.jsonl"));
    assert!(app
        .lab
        .messages
        .error
        .as_deref()
        .unwrap_or_default()
        .contains("missing.jsonl"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_seed_version_is_chosen_cycled_and_left_by_a_lesson() {
    use gjk_lab_core::algorithms::variant::Variant;
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/seed-001-no-progress.ron");
    let scene = Scene::load(&path).unwrap();
    let mut app = App::new(scene, Some(path), None, None);
    let ours = app.step_count();
    app.next_variant();
    assert_eq!(
        app.mode.pair_mode().variant,
        Some(Variant::EllipseAngleSupport)
    );
    app.next_variant();
    assert_eq!(app.mode.pair_mode().variant, Some(Variant::NoProgressTest));
    assert!(
        app.step_count() > 3 * ours,
        "the seed's loop runs to the cap"
    );
    let first = app.pair().unwrap().seed.as_ref().unwrap().first_difference;
    assert_eq!(
        first,
        Some(ours),
        "gjk-lab ends where the seed's loop goes on"
    );
    // Another algorithm has no such version: the choice goes.
    app.set_algorithm(Algorithm::Epa);
    assert_eq!(app.mode.pair_mode().variant, None);
    app.set_variant(Some(Variant::NoProgressTest));
    assert_eq!(app.lab.algorithm, Algorithm::Gjk);
    app.next_variant();
    assert_eq!(app.mode.pair_mode().variant, None);
    assert_eq!(app.step_count(), ours);
}

/// The `--status` JSON is a public contract: for a few states that between them use
/// every key (a pair mid-run with a seed's version, a lesson's question with its hint,
/// its verdict, a run with other settings and a learner's trace, the many-shapes mode
/// stepping its sweep), the status is byte for byte the one in
/// `tests/fixtures/status/` (`GJK_LAB_BLESS=1` writes them anew, after a deliberate
/// change of the contract).
#[test]
fn the_status_is_byte_for_byte_the_contract() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let fixtures = root.join("tests/fixtures/status");
    // Nothing kept from another run (a lesson's score) and no absolute path: the
    // bytes must not depend on where the checkout is.
    platform::set_test_data_dir(&temp_dir("status-contract"));
    let load = |name: &str| {
        let path = root.join("scenes").join(name);
        Scene::load(&path).unwrap_or_else(|e| panic!("{e}"))
    };
    let mut states: Vec<(&str, App)> = vec![];
    // A pair mid-run, with a seed's version beside gjk-lab's.
    let mut seeded = App::new(load("seed-001-no-progress.ron"), None, None, None);
    seeded.set_variant(Some(Variant::NoProgressTest));
    seeded.go_to(2);
    states.push(("pair-seed", seeded));
    // A lesson's question with its hint, and its verdict.
    let lesson = PathBuf::from("scenes/lessons/02-gjk.ron");
    let mut asked = App::new(Scene::load(&lesson).unwrap(), None, None, None);
    assert!(asked.open_lesson(&lesson, 0));
    while asked.lab.predict.question.is_none() {
        asked.next_page();
    }
    asked.show_hint();
    crate::app::views::place_cameras(&mut asked, crate::app::views::DEFAULT_VIEWS);
    let mut answered = App::new(Scene::load(&lesson).unwrap(), None, None, None);
    assert!(answered.open_lesson(&lesson, asked.lab.lesson.as_ref().unwrap().page));
    crate::app::views::place_cameras(&mut answered, crate::app::views::DEFAULT_VIEWS);
    assert!(answered.answer_as(false));
    states.push(("lesson-question", asked));
    states.push(("lesson-verdict", answered));
    // Other settings, Predict on, and a learner's trace.
    let mut settings = App::new(load("overlapping-polygons.ron"), None, None, None);
    settings.set_settings(Settings {
        max_iterations: Some(2),
        ..Settings::default()
    });
    settings.lab.predict.on = true;
    settings.load_my_trace(&root.join("tests/fixtures/dyn4j-gjk.trace.jsonl"));
    settings.go_to(1);
    states.push(("pair-settings-trace", settings));
    // The many-shapes mode, stepping its sweep.
    let mut many = App::new(load("box-stack.ron"), None, None, None);
    many.set_mode(Mode::Many);
    many.press_next(3);
    states.push(("many-sweep", many));
    let bless = std::env::var_os("GJK_LAB_BLESS").is_some();
    for (name, app) in states {
        let path = fixtures.join(format!("{name}.json"));
        let status = crate::app::status::Status::of(&app).to_json();
        if bless {
            std::fs::create_dir_all(&fixtures).unwrap();
            std::fs::write(&path, &status).unwrap();
        }
        let expected =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(status, expected, "{name}");
    }
}

/// A capsule's and a rounded polygon's cores are edited by their vertices, keeping
/// the radius; a capsule's ends dragged onto one another, or a rounded polygon's core
/// made concave, are refused (outlined in red) and the shape stays; dragging and
/// turning move them like any shape.
#[test]
fn capsule_and_rounded_polygon_cores_are_edited_by_their_vertices() {
    let scene = r#"(shapes: [
        (shape: Capsule(a: (-1.0, 0.0), b: (1.0, 0.0), radius: 0.3), position: (0.0, 0.0)),
        (shape: Polygon(vertices: [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)], radius: 0.2),
         position: (3.0, 0.0)),
    ])"#;
    let mut app = App::new(
        Scene::from_text(scene, Format::Ron, None).unwrap(),
        None,
        None,
        None,
    );
    // The capsule's end b, dragged up: the core turns, the radius stays.
    assert_eq!(app.move_vertex(0, 1, DVec2::new(1.0, 1.0)), Ok(1));
    let Geometry::Capsule(c) = app.lab.scene.shapes[0].shape.geometry() else {
        unreachable!()
    };
    assert_eq!(
        (c.a(), c.b(), c.radius()),
        (DVec2::new(-1.0, 0.0), DVec2::new(1.0, 1.0), 0.3)
    );
    // Onto end a: refused, one line, the capsule unchanged.
    let before = app.lab.scene.shapes[0].shape.clone();
    let err = app.move_vertex(0, 1, DVec2::new(-1.0, 0.0)).unwrap_err();
    assert!(matches!(err, VertexEditError::Capsule(_)), "{err:?}");
    assert!(!err.to_string().contains('\n'));
    assert_eq!(app.lab.scene.shapes[0].shape, before);
    assert!(app.mode.pair_mode().rejected.is_some());
    // The rounded box's corner pulled out: still rounded, same radius.
    let v = app.move_vertex(1, 2, DVec2::new(4.5, 1.5)).unwrap();
    assert!(app.mode.pair_mode().rejected.is_none());
    let Geometry::Rounded(r) = app.lab.scene.shapes[1].shape.geometry() else {
        unreachable!()
    };
    assert_eq!(r.radius(), 0.2);
    assert!(r.core().vertices().contains(&DVec2::new(1.5, 1.5)));
    // Pushed in past its neighbours: concave, refused.
    let err = app.move_vertex(1, v, DVec2::new(2.7, -0.2)).unwrap_err();
    assert!(err.to_string().contains("must be convex"), "{err}");
    // Dragged and turned like any shape.
    app.move_shape(0, DVec2::new(1.0, 2.0));
    app.rotate_shape(0, 0.5);
    let pose = app.lab.scene.shapes[0].shape.pose();
    assert_eq!(pose.position, DVec2::new(1.0, 2.0));
    assert!((pose.rotation - 0.5).abs() < 1e-15);
}
