//! What reaches the app while it runs from outside its panels — files dropped on the
//! window, files chosen in the browser's file picker, a link pasted into the page
//! address — and what it hands back: its status to the page (the browser), and the
//! last scene, kept for the next visit (the browser's local storage).

use super::platform;
use super::state::{App, Mode};
use super::status::Status;
use gjk_lab_core::scene::Scene;
use std::hash::{Hash, Hasher};

/// The storage key of the last scene (a share link's payload).
pub const LAST_SCENE_KEY: &str = "last-scene";

/// How often the last scene is kept, at most, in seconds.
const KEEP_EVERY: f64 = 1.0;

/// The session's memory between frames.
#[derive(Default)]
pub struct Session {
    /// The status last reported to the page.
    reported: String,
    /// A digest of the scene and view last kept.
    kept: Option<u64>,
    /// When it was last checked ([`platform::now`]).
    checked_at: f64,
}

impl Session {
    /// Opens what arrived since the last frame: dropped files, picked files, a new
    /// link in the page address. Returns whether anything did (the frames after it
    /// must come: the panels show the new state a frame after the app has it).
    pub fn receive(&mut self, app: &mut App) -> bool {
        let mut arrived = false;
        for file in macroquad::input::get_dropped_files() {
            arrived = true;
            let path = match (file.path, file.bytes) {
                (Some(path), _) if platform::is_file(&path) => path,
                (path, Some(bytes)) => {
                    let name = path.map_or_else(
                        || "dropped.ron".into(),
                        |p| p.to_string_lossy().into_owned(),
                    );
                    platform::keep_opened_file(&name, bytes)
                }
                (Some(path), None) => path,
                (None, None) => continue,
            };
            open(app, &path);
        }
        for (name, bytes) in platform::take_picked_files() {
            arrived = true;
            let path = platform::keep_opened_file(&name, bytes);
            open(app, &path);
        }
        if let Some(link) = platform::take_link() {
            arrived = true;
            app.open_link(&link);
        }
        arrived
    }

    /// Reports the status to the page when it changed, and keeps the last scene.
    pub fn report(&mut self, app: &App) {
        platform::frame_drawn();
        if platform::reports_status() {
            let json = Status::of(app).to_json();
            if json != self.reported {
                platform::report_status(&json);
                self.reported = json;
            }
        }
        if platform::KEEPS_LAST_SCENE && platform::now() - self.checked_at >= KEEP_EVERY {
            self.checked_at = platform::now();
            self.keep_last_scene(app);
        }
    }

    /// Keeps the scene and its view as a link's payload, when they changed.
    fn keep_last_scene(&mut self, app: &App) {
        let digest = digest(app);
        if self.kept == Some(digest) {
            return;
        }
        let payload = gjk_lab_core::link::encode(&app.scene_to_save());
        match platform::storage_set(LAST_SCENE_KEY, &payload) {
            Ok(()) => self.kept = Some(digest),
            Err(e) => {
                platform::log_error(&format!("the last scene is not kept: {e}"));
                // Do not try again every second.
                self.kept = Some(digest);
            }
        }
    }
}

/// Opens a file that arrived: a trace (`.jsonl`, "Load my trace") or a scene.
fn open(app: &mut App, path: &std::path::Path) {
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("jsonl"))
    {
        app.load_my_trace(path);
    } else {
        app.load(path);
    }
}

/// A digest of what the kept scene holds: the file, the shapes' edits (not the
/// many-shapes mode's drift, which changes every frame), A, B, algorithm, step and
/// camera.
fn digest(app: &App) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    app.lab.file.path.hash(&mut h);
    app.lab.scene.shapes.len().hash(&mut h);
    app.lab.scene.title.hash(&mut h);
    if app.mode() == Mode::Pair {
        app.lab.revision.hash(&mut h);
    }
    (app.lab.a, app.lab.b, app.step(), app.lab.algorithm.name()).hash(&mut h);
    let camera = &app.lab.world_camera;
    (camera.center.x.to_bits(), camera.center.y.to_bits()).hash(&mut h);
    camera.zoom.to_bits().hash(&mut h);
    h.finish()
}

/// The scene kept by the last visit, if the platform keeps one and it still opens.
pub fn last_scene() -> Option<Scene> {
    if !platform::KEEPS_LAST_SCENE {
        return None;
    }
    gjk_lab_core::link::decode(&platform::storage_get(LAST_SCENE_KEY)?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use gjk_lab_core::algorithms::Algorithm;
    use gjk_lab_core::scene::Format;
    use std::path::PathBuf;

    const SCENE: &str = r#"(shapes: [
        (name: "A", shape: Polygon(vertices: [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]), position: (0.0, 0.0)),
        (name: "B", shape: Circle(radius: 0.5), position: (1.2, 0.3)),
        (name: "C", shape: Circle(radius: 0.5), position: (9.0, 0.0)),
    ])"#;

    fn app() -> App {
        let scene = Scene::from_text(SCENE, Format::Ron, None).unwrap();
        App::new(scene, Some(PathBuf::from("preset.ron")), None, None)
    }

    #[test]
    fn a_copied_link_opens_the_same_case() {
        let mut from = app();
        from.set_algorithm(Algorithm::Epa);
        from.set_b(2);
        from.go_to(1);
        let link = from.share_link();
        let mut to = app();
        assert!(to.open_link(&link), "{:?}", to.lab.messages.error);
        assert_eq!(
            (to.lab.a, to.lab.b, to.lab.algorithm, to.step()),
            (0, 2, Algorithm::Epa, 1)
        );
        assert_eq!(to.lab.scene.shapes, from.lab.scene.shapes);
        // A link's scene has no file: Save does not write over the last file opened.
        assert_eq!(to.lab.file.path, None);
        assert_eq!(to.lab.file.save_path, "scene.ron");
    }

    /// Issue 24: `status.scene` was null after a link. A link made from a preset names
    /// it; the app opens the link's shapes (edits included) with that file as its
    /// scene, and still saves to a new file.
    #[test]
    fn a_presets_link_names_the_preset() {
        let path = PathBuf::from("scenes/overlapping-polygons.ron");
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let scene = Scene::load(&root.join(&path)).unwrap();
        let mut from = App::new(scene.clone(), Some(path.clone()), None, None);
        from.move_shape(1, glam::DVec2::new(0.25, 0.0));
        let mut to = App::new(scene, Some(PathBuf::from("x.ron")), None, None);
        // The preset is found where the app runs (the working folder is the crate's
        // in tests).
        assert!(
            to.open_link(&from.share_link()),
            "{:?}",
            to.lab.messages.error
        );
        assert_eq!(to.lab.scene.shapes, from.lab.scene.shapes);
        assert_eq!(to.lab.file.path, Some(path));
        assert_eq!(to.lab.file.save_path, "scene.ron");
    }

    #[test]
    fn a_broken_link_keeps_the_scene_and_says_why() {
        let mut app = app();
        app.go_to(2);
        let before = (app.lab.scene.clone(), app.step(), app.lab.file.path.clone());
        assert!(!app.open_link("https://example.org/#gjk1.AAAA"));
        assert_eq!(
            (app.lab.scene.clone(), app.step(), app.lab.file.path.clone()),
            before
        );
        let error = app.lab.messages.error.clone().unwrap();
        assert!(error.starts_with("link: cut or altered"), "{error}");
    }
}
