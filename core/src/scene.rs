//! Scene files: shapes with names and poses, in RON (comments allowed) or JSON, chosen
//! by the file's extension. One schema for both (documented in `scenes/README.md`):
//!
//! ```ron
//! (
//!   title: "Two boxes",             // optional
//!   title_zh: "两个盒子",            // optional: the title in Simplified Chinese
//!   description: "…",               // optional
//!   description_zh: "…",            // optional: in Simplified Chinese
//!   shapes: [
//!     (name: "A", shape: Polygon(vertices: [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]),
//!      position: (0.0, 0.0), rotation: 0.0),
//!     (name: "B", shape: Circle(radius: 1.0), position: (1.5, 0.2)),
//!   ],
//!   view: (a: 0, b: 1, algorithm: "epa", step: 3),   // optional: what the app shows
//! )
//! ```
//!
//! Loading is parse → validate: syntax errors (and unknown or missing fields) carry
//! the line and column; validation errors name the shape by index and name. Every
//! error names the file. Saving writes a temporary file beside the target and renames
//! it over, so a crash never leaves half a file.

use crate::algorithms::Algorithm;
use crate::lesson::{self, Lesson, LessonError};
use crate::motion::Motion;
use crate::range::{self, Quantity, RangeError};
use crate::shapes::{CapsuleError, Circle, Ellipse, Geometry, PolygonError, Pose, Shape};
use glam::DVec2;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

mod comments;

/// A scene file as written (before validation).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SceneFile {
    /// Title shown in the app.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The title in Simplified Chinese (the window in Chinese shows it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title_zh: Option<String>,
    /// Description shown in the app.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The description in Simplified Chinese.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description_zh: Option<String>,
    /// The shapes.
    pub shapes: Vec<ShapeEntry>,
    /// What the app shows when it opens the scene.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub view: Option<View>,
    /// A lesson over the scene (see [`crate::lesson`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lesson: Option<Lesson>,
}

/// One shape of a scene file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShapeEntry {
    /// Name shown in the app (optional).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The name in Chinese, shown in place of `name` when the window is Chinese
    /// (optional).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_zh: Option<String>,
    /// The geometry.
    pub shape: ShapeSpec,
    /// World position of the shape's local origin.
    pub position: DVec2,
    /// Rotation in radians, counter-clockwise (default 0).
    #[serde(default)]
    pub rotation: f64,
    /// How the shape moves over the step `t ∈ [0, 1]` (optional; see
    /// [`crate::motion`]): what the continuous-collision algorithms cast.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub motion: Option<Motion>,
}

/// The geometry of a shape, in its local frame.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum ShapeSpec {
    /// A simple polygon (either orientation): convex, or concave (split into convex
    /// parts); with a `radius`, a convex polygon swept by a disk (a rounded polygon).
    Polygon {
        /// Vertices in the local frame.
        vertices: Vec<DVec2>,
        /// The radius of the disk swept along the polygon (absent or 0: a plain
        /// polygon; a polygon with a radius must be convex).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        radius: Option<f64>,
    },
    /// A circle centred on the local origin.
    Circle {
        /// Radius (> 0).
        radius: f64,
    },
    /// A point (the local origin): a circle of radius 0. Cast along its motion it is a
    /// ray, so a ray cast (mouse picking) is the shape cast of a point.
    Point,
    /// An ellipse centred on the local origin.
    Ellipse {
        /// Semi-axis along local x (> 0).
        a: f64,
        /// Semi-axis along local y (> 0).
        b: f64,
    },
    /// A capsule: the segment `a–b` (local frame) swept by a disk of `radius` (with
    /// `radius` 0, the segment itself).
    Capsule {
        /// One end of the segment.
        a: DVec2,
        /// The other end (not `a`: a zero-length capsule is refused; it is a circle, or
        /// with radius 0 a point).
        b: DVec2,
        /// The disk's radius (≥ 0).
        radius: f64,
    },
}

/// What the app shows for a scene (all optional).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct View {
    /// Index of shape A.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub a: Option<usize>,
    /// Index of shape B.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub b: Option<usize>,
    /// The algorithm to step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub algorithm: Option<Algorithm>,
    /// The step to show (0 = before the first event).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<usize>,
    /// World point at the centre of the window.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub center: Option<DVec2>,
    /// Zoom: pixels per world unit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zoom: Option<f64>,
}

/// A validated scene.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    /// Title.
    pub title: Option<String>,
    /// The title in Simplified Chinese.
    pub title_zh: Option<String>,
    /// Description.
    pub description: Option<String>,
    /// The description in Simplified Chinese.
    pub description_zh: Option<String>,
    /// The shapes, each with its name.
    pub shapes: Vec<NamedShape>,
    /// What the app shows.
    pub view: View,
    /// The lesson, if the scene is one.
    pub lesson: Option<Lesson>,
}

/// A shape and its name.
#[derive(Clone, Debug, PartialEq)]
pub struct NamedShape {
    /// The name from the file, if any.
    pub name: Option<String>,
    /// Its name in Chinese, if the file gives one.
    pub name_zh: Option<String>,
    /// The placed shape.
    pub shape: Shape,
    /// Its motion over the step, when the file gives one.
    pub motion: Option<Motion>,
}

impl NamedShape {
    /// The name, or `shape N` when the file gave none.
    pub fn display_name(&self, index: usize) -> String {
        self.name
            .clone()
            .unwrap_or_else(|| format!("shape {index}"))
    }

    /// The name in Chinese when `chinese` and the file gives one, else the name.
    pub fn name_in(&self, chinese: bool) -> Option<&str> {
        chinese
            .then_some(self.name_zh.as_deref())
            .flatten()
            .or(self.name.as_deref())
    }
}

/// Why a scene could not be loaded or saved. Its message is where, then what
/// (`file: what`, `file:line:column: what`), on one line, always: what came from the
/// file (a key, a variant name, the path) is escaped ([`one_line`]).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{}", one_line(&format!("{}: {kind}", self.location())))]
pub struct SceneError {
    /// The file, when there is one.
    pub file: Option<PathBuf>,
    /// What is wrong.
    pub kind: SceneErrorKind,
}

/// What is wrong with a scene. Its message says what, not where ([`SceneError`] adds
/// the file and, for a syntax error, the line and column), and is not escaped.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SceneErrorKind {
    /// The file could not be read or written.
    #[error("{0}")]
    Io(String),
    /// The extension is neither `.ron` nor `.json`.
    #[error("unknown scene format {0:?}: use a .ron or .json file")]
    UnknownFormat(String),
    /// The text does not parse (also unknown, missing or mistyped fields).
    #[error("{message}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The parser's message.
        message: String,
    },
    /// A shape is invalid.
    #[error("shape {index}{}: {error}", shape_name_part(name))]
    Shape {
        /// Its index in `shapes`.
        index: usize,
        /// Its name, if it has one.
        name: Option<String>,
        /// What is wrong.
        #[source]
        error: ShapeError,
    },
    /// The `view` section refers to something that does not exist, or is no view.
    #[error("view: {0}")]
    View(#[source] ViewError),
    /// The `lesson` section is wrong (its error names the page).
    #[error(transparent)]
    Lesson(#[from] LessonError),
}

/// What is wrong with one shape of a scene file ([`ShapeEntry::to_shape`]). Its
/// message says what, not which shape: [`SceneErrorKind::Shape`] adds the index and
/// the name.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ShapeError {
    /// The position has a NaN or infinite coordinate.
    #[error("position {0} is not finite")]
    PositionNotFinite(DVec2),
    /// The rotation is NaN or infinite.
    #[error("rotation {0} is not finite")]
    RotationNotFinite(f64),
    /// A circle's radius or an ellipse's semi-axis is zero or negative.
    #[error("{what} must be positive, not {}", range::readable(*value))]
    NotPositive {
        /// Which size ("circle radius", "ellipse semi-axis a").
        what: Quantity,
        /// Its value.
        value: f64,
    },
    /// A polygon's or a capsule's radius is negative.
    #[error("{what} must not be negative, not {}", range::readable(*value))]
    Negative {
        /// Which size ("polygon radius").
        what: Quantity,
        /// Its value.
        value: f64,
    },
    /// The vertices are no polygon.
    #[error("polygon: {0}")]
    Polygon(#[from] PolygonError),
    /// The two ends are no capsule's (boxed: the error names both ends and three
    /// lengths, and every scene error would carry its size).
    #[error("capsule: {0}")]
    Capsule(Box<CapsuleError>),
    /// A position or a size is outside the range gjk-lab computes in.
    #[error(transparent)]
    Range(#[from] RangeError),
}

/// What is wrong with a scene's `view` section: it names a shape the scene does not
/// have, or its camera is no camera. Its message follows `view: `.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ViewError {
    /// `a` or `b` is not the index of a shape.
    #[error(
        "{label} = {index}, but the scene has {count} shape{}",
        if *count == 1 { "" } else { "s" }
    )]
    NoSuchShape {
        /// Which (`"a"` or `"b"`).
        label: &'static str,
        /// The index given.
        index: usize,
        /// How many shapes the scene has.
        count: usize,
    },
    /// `a` and `b` are the same shape.
    #[error("a and b must be two different shapes")]
    SameShape,
    /// The centre has a NaN or infinite coordinate.
    #[error("center {0} is not finite")]
    CenterNotFinite(DVec2),
    /// The centre is outside the range gjk-lab computes in.
    #[error(transparent)]
    Range(#[from] RangeError),
    /// The zoom is not a positive number.
    #[error("zoom must be a positive number, not {0}")]
    BadZoom(f64),
}

/// `text` on one line: line breaks, tabs and other control characters (which a file can
/// bring into a message through a key, a variant name or a path) written as escapes
/// (`\n`, `\r`, `\t`, `\u{1b}`), so that an error is always exactly one line.
pub fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            // Unicode line and paragraph separators break lines in some terminals too.
            c if c.is_control() || c == '\u{2028}' || c == '\u{2029}' => {
                out.push_str(&c.escape_unicode().to_string())
            }
            c => out.push(c),
        }
    }
    out
}

impl SceneError {
    /// Where the error is: the file (`<scene>` when there is none), followed by
    /// `:line:column` for a syntax error.
    fn location(&self) -> String {
        let file = self
            .file
            .as_ref()
            .map_or_else(|| "<scene>".to_string(), |p| p.display().to_string());
        match &self.kind {
            SceneErrorKind::Syntax { line, column, .. } => format!("{file}:{line}:{column}"),
            _ => file,
        }
    }
}

/// ` ("name")` after a shape's index, when the shape has a name.
fn shape_name_part(name: &Option<String>) -> String {
    name.as_ref()
        .map_or_else(String::new, |n| format!(" ({n:?})"))
}

/// The file formats, by extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `.ron`
    Ron,
    /// `.json`
    Json,
}

impl Format {
    /// The format of a path, by its extension.
    pub fn of(path: &Path) -> Result<Format, SceneError> {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("")
            .to_ascii_lowercase();
        match ext.as_str() {
            "ron" => Ok(Format::Ron),
            "json" => Ok(Format::Json),
            _ => Err(SceneError {
                file: Some(path.to_path_buf()),
                kind: SceneErrorKind::UnknownFormat(ext),
            }),
        }
    }
}

fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

impl SceneFile {
    /// Parses text in the given format (no validation yet).
    pub fn parse(text: &str, format: Format) -> Result<SceneFile, SceneErrorKind> {
        match format {
            Format::Ron => ron_options()
                .from_str(text)
                .map_err(|e| SceneErrorKind::Syntax {
                    line: e.span.start.line,
                    column: e.span.start.col,
                    message: e.code.to_string(),
                }),
            Format::Json => serde_json::from_str(text).map_err(|e| SceneErrorKind::Syntax {
                line: e.line(),
                column: e.column(),
                message: json_message(&e),
            }),
        }
    }

    /// Writes the scene as text in the given format.
    pub fn to_text(&self, format: Format) -> String {
        match format {
            Format::Ron => {
                let pretty = ron::ser::PrettyConfig::new()
                    .extensions(ron::extensions::Extensions::IMPLICIT_SOME)
                    .struct_names(false);
                ron_options()
                    .to_string_pretty(self, pretty)
                    .expect("a scene always serialises")
                    + "\n"
            }
            Format::Json => {
                serde_json::to_string_pretty(self).expect("a scene always serialises") + "\n"
            }
        }
    }

    /// Validates every shape and the view.
    pub fn validate(&self) -> Result<Scene, SceneErrorKind> {
        let shapes = self
            .shapes
            .iter()
            .enumerate()
            .map(|(index, entry)| {
                entry
                    .to_shape()
                    .map(|shape| NamedShape {
                        name: entry.name.clone(),
                        name_zh: entry.name_zh.clone(),
                        shape,
                        motion: entry.motion,
                    })
                    .map_err(|error| SceneErrorKind::Shape {
                        index,
                        name: entry.name.clone(),
                        error,
                    })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let view = self.view.clone().unwrap_or_default();
        validate_view(&view, shapes.len()).map_err(SceneErrorKind::View)?;
        if let Some(lesson) = &self.lesson {
            let algorithm = view.algorithm.unwrap_or_default();
            lesson::validate(lesson, algorithm, shapes.len())?;
        }
        Ok(Scene {
            title: self.title.clone(),
            title_zh: self.title_zh.clone(),
            description: self.description.clone(),
            description_zh: self.description_zh.clone(),
            shapes,
            view,
            lesson: self.lesson.clone(),
        })
    }
}

/// serde_json appends " at line L column C" to its messages; the caller prints the
/// position itself.
fn json_message(e: &serde_json::Error) -> String {
    let full = e.to_string();
    match full.rfind(" at line ") {
        Some(i) => full[..i].to_string(),
        None => full,
    }
}

fn validate_view(view: &View, count: usize) -> Result<(), ViewError> {
    for (label, index) in [("a", view.a), ("b", view.b)] {
        if let Some(index) = index.filter(|&i| i >= count) {
            return Err(ViewError::NoSuchShape {
                label,
                index,
                count,
            });
        }
    }
    if view.a.is_some() && view.a == view.b {
        return Err(ViewError::SameShape);
    }
    if let Some(c) = view.center.filter(|c| !c.is_finite()) {
        return Err(ViewError::CenterNotFinite(c));
    }
    if let Some(c) = view.center {
        range::check_point(Quantity::Center, c)?;
    }
    if let Some(z) = view.zoom.filter(|z| !(z.is_finite() && *z > 0.0)) {
        return Err(ViewError::BadZoom(z));
    }
    Ok(())
}

/// A size of a curved shape: finite, positive, and inside [`crate::range`].
fn positive(what: Quantity, value: f64) -> Result<f64, ShapeError> {
    if !value.is_finite() {
        Err(RangeError::NotFinite { what, value }.into())
    } else if value <= 0.0 {
        Err(ShapeError::NotPositive { what, value })
    } else {
        range::check_coordinate(what, value)?;
        range::check_size(what, value)?;
        Ok(value)
    }
}

impl From<CapsuleError> for ShapeError {
    fn from(e: CapsuleError) -> ShapeError {
        ShapeError::Capsule(Box::new(e))
    }
}

/// A radius that is 0 (a capsule's, making it a segment) or a size as
/// [`positive`] checks one: between 0 and the smallest size, 1e-9, is refused as for a
/// circle, and −0 is 0.
fn zero_or_positive(what: Quantity, value: f64) -> Result<f64, ShapeError> {
    if value.is_finite() && value < 0.0 {
        Err(ShapeError::Negative { what, value })
    } else if value == 0.0 {
        Ok(0.0)
    } else {
        positive(what, value)
    }
}

/// A radius that may be 0 (a polygon's): finite, not negative, inside
/// [`crate::range`].
fn non_negative(what: Quantity, value: f64) -> Result<f64, ShapeError> {
    if !value.is_finite() {
        Err(RangeError::NotFinite { what, value }.into())
    } else if value < 0.0 {
        Err(ShapeError::Negative { what, value })
    } else {
        range::check_coordinate(what, value)?;
        Ok(value)
    }
}

/// A motion inside the range: a finite velocity and angular speed, each at most
/// [`range::MAX_COORDINATE`] in magnitude, and an end position inside the range too.
/// (A fast turn is no error: the algorithms that cannot follow it say so by a named
/// outcome.)
fn check_motion(position: DVec2, motion: &Motion) -> Result<(), ShapeError> {
    range::check_point(Quantity::MotionVelocity, motion.velocity)?;
    range::check_coordinate(Quantity::MotionAngularSpeed, motion.angular)?;
    range::check_point(Quantity::EndPosition, position + motion.velocity)?;
    Ok(())
}

impl ShapeEntry {
    /// Validates the entry and places its geometry.
    pub fn to_shape(&self) -> Result<Shape, ShapeError> {
        if !self.position.is_finite() {
            return Err(ShapeError::PositionNotFinite(self.position));
        }
        range::check_point(Quantity::Position, self.position)?;
        if !self.rotation.is_finite() {
            return Err(ShapeError::RotationNotFinite(self.rotation));
        }
        if let Some(motion) = &self.motion {
            check_motion(self.position, motion)?;
        }
        let geometry = match &self.shape {
            ShapeSpec::Polygon { vertices, radius } => {
                let radius =
                    radius.map_or(Ok(0.0), |r| non_negative(Quantity::PolygonRadius, r))?;
                Geometry::rounded_polygon(vertices, radius)?
            }
            ShapeSpec::Circle { radius } => Geometry::Circle(Circle {
                radius: positive(Quantity::CircleRadius, *radius)?,
            }),
            ShapeSpec::Point => Geometry::Circle(Circle { radius: 0.0 }),
            ShapeSpec::Ellipse { a, b } => Geometry::Ellipse(Ellipse {
                a: positive(Quantity::EllipseSemiAxisA, *a)?,
                b: positive(Quantity::EllipseSemiAxisB, *b)?,
            }),
            ShapeSpec::Capsule { a, b, radius } => {
                range::check_point(Quantity::CapsuleEndA, *a)?;
                range::check_point(Quantity::CapsuleEndB, *b)?;
                Geometry::capsule(*a, *b, zero_or_positive(Quantity::CapsuleRadius, *radius)?)?
            }
        };
        Ok(Shape::new(
            geometry,
            Pose::new(self.position, self.rotation),
        ))
    }

    /// The entry describing a placed shape (polygon vertices as normalised), without a
    /// motion ([`Scene::to_file`] adds a shape's own).
    pub fn from_shape(name: Option<String>, shape: &Shape) -> ShapeEntry {
        let spec = match shape.geometry() {
            Geometry::Polygon(p) => ShapeSpec::Polygon {
                vertices: p.vertices().to_vec(),
                radius: None,
            },
            Geometry::Concave(c) => ShapeSpec::Polygon {
                vertices: c.outline().to_vec(),
                radius: None,
            },
            Geometry::Rounded(r) => ShapeSpec::Polygon {
                vertices: r.core().vertices().to_vec(),
                radius: Some(r.radius()),
            },
            Geometry::Capsule(c) => ShapeSpec::Capsule {
                a: c.a(),
                b: c.b(),
                radius: c.radius(),
            },
            Geometry::Circle(c) if c.radius == 0.0 => ShapeSpec::Point,
            Geometry::Circle(c) => ShapeSpec::Circle { radius: c.radius },
            Geometry::Ellipse(e) => ShapeSpec::Ellipse { a: e.a, b: e.b },
        };
        ShapeEntry {
            name,
            name_zh: None,
            shape: spec,
            position: shape.pose().position,
            rotation: shape.pose().rotation,
            motion: None,
        }
    }
}

impl Scene {
    /// The title in Chinese when `chinese` and the file has one, else the title.
    pub fn title_in(&self, chinese: bool) -> Option<&str> {
        chinese
            .then_some(self.title_zh.as_deref())
            .flatten()
            .or(self.title.as_deref())
    }

    /// The description in Chinese when `chinese` and the file has one, else the
    /// description.
    pub fn description_in(&self, chinese: bool) -> Option<&str> {
        chinese
            .then_some(self.description_zh.as_deref())
            .flatten()
            .or(self.description.as_deref())
    }

    /// Parses and validates scene text; `file` only names the source in errors.
    pub fn from_text(text: &str, format: Format, file: Option<&Path>) -> Result<Scene, SceneError> {
        let err = |kind| SceneError {
            file: file.map(Path::to_path_buf),
            kind,
        };
        SceneFile::parse(text, format)
            .map_err(err)?
            .validate()
            .map_err(err)
    }

    /// Loads and validates a scene file (format by extension).
    pub fn load(path: &Path) -> Result<Scene, SceneError> {
        let format = Format::of(path)?;
        let text = std::fs::read_to_string(path).map_err(|e| SceneError {
            file: Some(path.to_path_buf()),
            kind: SceneErrorKind::Io(e.to_string()),
        })?;
        Scene::from_text(&text, format, Some(path))
    }

    /// The file form of this scene.
    pub fn to_file(&self) -> SceneFile {
        SceneFile {
            title: self.title.clone(),
            title_zh: self.title_zh.clone(),
            description: self.description.clone(),
            description_zh: self.description_zh.clone(),
            shapes: self
                .shapes
                .iter()
                .map(|s| ShapeEntry {
                    motion: s.motion,
                    name_zh: s.name_zh.clone(),
                    ..ShapeEntry::from_shape(s.name.clone(), &s.shape)
                })
                .collect(),
            view: (self.view != View::default()).then(|| self.view.clone()),
            lesson: self.lesson.clone(),
        }
    }

    /// Saves the scene (format by extension) atomically: the text goes to a temporary
    /// file in the same folder, is flushed to disk, then renamed over `path`.
    pub fn save(&self, path: &Path) -> Result<(), SceneError> {
        let format = Format::of(path)?;
        write_atomically(path, self.to_file().to_text(format).as_bytes()).map_err(|e| SceneError {
            file: Some(path.to_path_buf()),
            kind: SceneErrorKind::Io(e.to_string()),
        })
    }

    /// Saves like [`Scene::save`], carrying the comments of `original` (the RON text
    /// the scene was read from) over to the new text, each where it belongs (see
    /// `scene/comments.rs`), so that a preset keeps its teaching notes. The text with
    /// comments is written only if it reads back as the same scene; otherwise, and
    /// for JSON (which has no comments), the plain text is.
    pub fn save_keeping_comments(
        &self,
        path: &Path,
        original: Option<&str>,
    ) -> Result<(), SceneError> {
        let format = Format::of(path)?;
        let text = self.text_keeping_comments(format, original);
        write_atomically(path, text.as_bytes()).map_err(|e| SceneError {
            file: Some(path.to_path_buf()),
            kind: SceneErrorKind::Io(e.to_string()),
        })
    }

    /// The text [`Scene::save_keeping_comments`] writes: the comments of `original`
    /// carried over when the result reads back as the same scene (RON only).
    pub fn text_keeping_comments(&self, format: Format, original: Option<&str>) -> String {
        let file = self.to_file();
        let text = file.to_text(format);
        if let (Format::Ron, Some(old)) = (format, original) {
            let merged = comments::carry_over(old, &text);
            if SceneFile::parse(&merged, Format::Ron).is_ok_and(|f| f == file) {
                return merged;
            }
        }
        text
    }

    /// The shapes alone.
    pub fn shapes(&self) -> Vec<Shape> {
        self.shapes.iter().map(|s| s.shape.clone()).collect()
    }
}

/// Writes `bytes` to `path` so that readers see either the old file or the new one,
/// never a part: a temporary file in the same folder (`tempfile`), `fsync`, then
/// persisted (renamed) over `path`. If any step fails, the temporary file is removed
/// and the old file is left as it was.
///
/// The temporary file is created like any file the user saves (`File::create_new`:
/// read-write for all, less the umask), not with a private temporary's 0600, since it
/// becomes the saved file; it is named `.NAME.XXXXXX.tmp` (ignored by `.gitignore`),
/// and an error is the file system's own (no temporary path added).
#[cfg(not(target_arch = "wasm32"))]
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write as _;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let prefix = format!(
        ".{}.",
        path.file_name()
            .map_or_else(|| "file".into(), |n| n.to_string_lossy())
    );
    let mut tmp = tempfile::Builder::new()
        .prefix(&prefix)
        .suffix(".tmp")
        .make_in(dir, |p: &Path| std::fs::File::create_new(p))?;
    tmp.as_file_mut().write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// The browser has no file system: writing fails as `std::fs` does there (the app
/// saves through its platform, as a download).
#[cfg(target_arch = "wasm32")]
pub fn write_atomically(_path: &Path, _bytes: &[u8]) -> std::io::Result<()> {
    Err(std::io::Error::new(
        std::io::ErrorKind::Unsupported,
        "operation not supported on this platform",
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = r#"(
      title: "Two boxes",            // optional
      description: "…",               // optional, shown in the app
      shapes: [
        (name: "A", shape: Polygon(vertices: [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]),
         position: (0.0, 0.0), rotation: 0.0),
        (name: "B", shape: Circle(radius: 1.0), position: (1.5, 0.2)),
        (name: "C", shape: Ellipse(a: 2.0, b: 1.0), position: (3.0, 3.0), rotation: 0.5),
      ],
    )"#;

    #[test]
    fn the_issue_example_parses() {
        let scene = Scene::from_text(EXAMPLE, Format::Ron, None).unwrap();
        assert_eq!(scene.shapes.len(), 3);
        assert_eq!(scene.title.as_deref(), Some("Two boxes"));
        assert_eq!(scene.shapes[2].shape.pose().rotation, 0.5);
    }

    #[test]
    fn json_uses_serde_default_form() {
        let json = r#"{"shapes": [
            {"shape": {"Polygon": {"vertices": [[0,0],[1,0],[0,1]]}}, "position": [1, 2]},
            {"name": "c", "shape": {"Circle": {"radius": 0.5}}, "position": [0, 0], "rotation": 1.0}
        ]}"#;
        let scene = Scene::from_text(json, Format::Json, None).unwrap();
        assert_eq!(scene.shapes[0].shape.position(), DVec2::new(1.0, 2.0));
        assert_eq!(scene.shapes[1].name.as_deref(), Some("c"));
    }

    #[test]
    fn round_trips_through_both_formats() {
        let scene = Scene::from_text(EXAMPLE, Format::Ron, None).unwrap();
        for format in [Format::Ron, Format::Json] {
            let text = scene.to_file().to_text(format);
            let back = Scene::from_text(&text, format, None).unwrap();
            assert_eq!(back, scene, "{text}");
        }
    }

    fn error_of(text: &str, format: Format) -> String {
        Scene::from_text(text, format, Some(Path::new("s.ron")))
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn errors_name_file_position_and_shape() {
        let e = error_of(
            "(shapes: [\n (shape: Circle(radius: 1.0), position: (0.0, 0.0), colour: 3)])",
            Format::Ron,
        );
        assert!(e.starts_with("s.ron:2:") && e.contains("colour"), "{e}");
        let e = error_of("(shapes: [(shape: Circle(radius: 1.0))])", Format::Ron);
        assert!(e.contains("position"), "{e}");
        let e = error_of(
            "(shapes: [(shape: Circle(radius: 1.0), position: (0.0, 0.0)), (name: \"bad\", shape: Circle(radius: -2.0), position: (0.0, 0.0))])",
            Format::Ron,
        );
        assert_eq!(
            e,
            "s.ron: shape 1 (\"bad\"): circle radius must be positive, not -2"
        );
        let e = error_of(
            "(shapes: [(shape: Ellipse(a: NaN, b: 1.0), position: (0.0, 0.0))])",
            Format::Ron,
        );
        assert!(e.contains("shape 0") && e.contains("NaN"), "{e}");
        let e = error_of(
            "(shapes: [(shape: Circle(radius: 1.0), position: (0.0, 0.0)), (shape: Circle(radius: 1.0), position: (0.0, 0.0)), (name: \"C\", shape: Polygon(vertices: [(0.0, 0.0), (1.0, 1.0), (1.0, 0.0), (0.0, 1.0)]), position: (0.0, 0.0))])",
            Format::Ron,
        );
        assert_eq!(
            e,
            "s.ron: shape 2 (\"C\"): polygon: the polygon's boundary crosses or touches \
             itself: edge 0 (vertex 0 to 1) meets edge 2 (vertex 2 to 3); a polygon must be simple"
        );
        let e = error_of("{\"shapes\": [}", Format::Json);
        assert!(e.starts_with("s.ron:1:13: "), "{e}");
        let e = error_of(
            "(shapes: [(shape: Circle(radius: 1.0), position: (0.0, inf))])",
            Format::Ron,
        );
        assert!(e.contains("not finite"), "{e}");
        let e = error_of(
            "(shapes: [(shape: Circle(radius: 1.0), position: (0.0, 0.0))], view: (a: 0, b: 3))",
            Format::Ron,
        );
        assert!(e.contains("view: b = 3"), "{e}");
    }

    /// A point is a circle of radius 0, read from RON and JSON and saved back as
    /// `Point`; cast along its motion it is a ray: from (−5, 0.5) by (8, 0) it meets
    /// the 2 × 2 square's left side x = −1 after 4 of its 8 units, at t = 0.5, with the
    /// side's outward normal.
    #[test]
    fn a_point_is_read_saved_and_cast_as_a_ray() {
        let text = r#"(shapes: [
            (shape: Polygon(vertices: [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]), position: (0.0, 0.0)),
            (name: "pointer", shape: Point, position: (-5.0, 0.5), motion: (velocity: (8.0, 0.0))),
        ])"#;
        let scene = Scene::from_text(text, Format::Ron, None).unwrap();
        let (square, pointer) = (&scene.shapes[0], &scene.shapes[1]);
        assert_eq!(pointer.shape.bounding_radius(), 0.0);
        for format in [Format::Ron, Format::Json] {
            let saved = scene.to_file().to_text(format);
            assert!(saved.contains("Point"), "{saved}");
            assert_eq!(
                Scene::from_text(&saved, format, None).unwrap(),
                scene,
                "{saved}"
            );
        }
        let json = r#"{"shapes": [{"shape": "Point", "position": [1, 2]}]}"#;
        let from_json = Scene::from_text(json, Format::Json, None).unwrap();
        assert_eq!(from_json.shapes[0].shape.position(), DVec2::new(1.0, 2.0));
        let hit = crate::query::cast::cast(
            None,
            &square.shape,
            Motion::NONE,
            &pointer.shape,
            pointer.motion.unwrap(),
            &crate::algorithms::cast::CastOptions::default(),
        )
        .unwrap();
        assert!((hit.t.unwrap() - 0.5).abs() < 1e-12, "{hit:?}");
        let n = hit.normal.unwrap();
        assert!((n - DVec2::new(-1.0, 0.0)).length() < 1e-9, "{hit:?}");
    }

    /// A shape's motion is optional, read from RON and JSON, and saved with it (so
    /// share links carry it too).
    #[test]
    fn motion_is_optional_and_round_trips() {
        let text = r#"(shapes: [
            (name: "wall", shape: Polygon(vertices: [(-0.05, -2.0), (0.05, -2.0), (0.05, 2.0), (-0.05, 2.0)]), position: (0.0, 0.0)),
            (name: "bullet", shape: Circle(radius: 0.1), position: (-3.0, 0.0),
             motion: (velocity: (6.0, 0.0), angular: 0.5)),
            (shape: Circle(radius: 0.1), position: (3.0, 0.0), motion: (velocity: (-1.0, 0.0))),
        ])"#;
        let scene = Scene::from_text(text, Format::Ron, None).unwrap();
        assert_eq!(scene.shapes[0].motion, None);
        assert_eq!(
            scene.shapes[1].motion,
            Some(Motion::new(DVec2::new(6.0, 0.0), 0.5))
        );
        // Either field may be left out (0).
        assert_eq!(
            scene.shapes[2].motion,
            Some(Motion::translation(DVec2::new(-1.0, 0.0)))
        );
        for format in [Format::Ron, Format::Json] {
            let saved = scene.to_file().to_text(format);
            assert_eq!(
                Scene::from_text(&saved, format, None).unwrap(),
                scene,
                "{saved}"
            );
        }
        let json = r#"{"shapes": [{"shape": {"Circle": {"radius": 1}}, "position": [0, 0],
            "motion": {"velocity": [1, 2], "angular": -3}}]}"#;
        let scene = Scene::from_text(json, Format::Json, None).unwrap();
        assert_eq!(
            scene.shapes[0].motion,
            Some(Motion::new(DVec2::new(1.0, 2.0), -3.0))
        );
        // A scene without motion saves without the key.
        let still = Scene::from_text(EXAMPLE, Format::Ron, None).unwrap();
        assert!(!still.to_file().to_text(Format::Ron).contains("motion"));
    }

    #[test]
    fn a_motion_that_is_no_number_or_out_of_range_is_refused_naming_the_shape() {
        let shape = |motion: &str| {
            format!(
                "(shapes: [(name: \"B\", shape: Circle(radius: 1.0), position: (1.0, 0.0), motion: {motion})])"
            )
        };
        let e = error_of(&shape("(velocity: (NaN, 0.0))"), Format::Ron);
        assert_eq!(
            e,
            "s.ron: shape 0 (\"B\"): motion velocity (NaN, 0) is not finite"
        );
        let e = error_of(&shape("(angular: inf)"), Format::Ron);
        assert_eq!(
            e,
            "s.ron: shape 0 (\"B\"): motion angular speed is inf, not a finite number"
        );
        let e = error_of(&shape("(velocity: (1e13, 0.0))"), Format::Ron);
        assert!(
            e.contains("motion velocity") && e.contains("beyond the range"),
            "{e}"
        );
        let e = error_of(&shape("(velocity: (1e12, 0.0))"), Format::Ron);
        assert!(e.contains("end position (position + velocity)"), "{e}");
        let e = error_of(&shape("(velocity: (1.0, 0.0), spin: 2.0)"), Format::Ron);
        assert!(e.starts_with("s.ron:1:") && e.contains("spin"), "{e}");
        // A fast turn is no error (the algorithms name what they cannot follow).
        assert!(Scene::from_text(&shape("(angular: 1e9)"), Format::Ron, None).is_ok());
    }

    #[test]
    fn concave_polygons_load_and_save_as_their_outline() {
        let text = "(shapes: [(name: \"L\", shape: Polygon(vertices: [(0.0, 0.0), (0.0, 2.0), (1.0, 2.0), (1.0, 1.0), (2.0, 1.0), (2.0, 0.0)]), position: (1.0, 2.0))])";
        let scene = Scene::from_text(text, Format::Ron, None).unwrap();
        let Geometry::Concave(c) = scene.shapes[0].shape.geometry() else {
            panic!("an L is concave");
        };
        assert_eq!(c.parts().len(), 2);
        for format in [Format::Ron, Format::Json] {
            let saved = scene.to_file().to_text(format);
            assert!(saved.contains("Polygon"), "{saved}");
            assert_eq!(Scene::from_text(&saved, format, None).unwrap(), scene);
        }
        // A polygon touching itself at a vertex (a pinch) and one given twice round.
        let e = error_of("(shapes: [(shape: Polygon(vertices: [(0.0, 0.0), (2.0, 0.0), (1.0, 1.0), (2.0, 2.0), (0.0, 2.0), (1.0, 1.0)]), position: (0.0, 0.0))])", Format::Ron);
        assert!(
            e.starts_with("s.ron: shape 0: polygon:") && e.contains("edge 1 (vertex 1 to 2)"),
            "{e}"
        );
        let e = error_of("(shapes: [(shape: Polygon(vertices: [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0), (0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]), position: (0.0, 0.0))])", Format::Ron);
        assert!(e.contains("crosses or touches itself"), "{e}");
    }

    #[test]
    fn atomic_save_replaces_the_file_and_leaves_no_temporary() {
        let dir = std::env::temp_dir().join(format!("gjk-lab-save-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("s.ron");
        std::fs::write(&path, "old").unwrap();
        let scene = Scene::from_text(EXAMPLE, Format::Ron, None).unwrap();
        scene.save(&path).unwrap();
        assert_eq!(Scene::load(&path).unwrap(), scene);
        let leftovers = std::fs::read_dir(&dir).unwrap().count();
        assert_eq!(leftovers, 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failed_save_keeps_what_was_there_and_leaves_no_temporary() {
        let dir = std::env::temp_dir().join(format!("gjk-lab-save-fails-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // The target is a folder: the temporary file is written, then cannot replace it.
        let path = dir.join("s.ron");
        std::fs::create_dir_all(path.join("inside")).unwrap();
        let scene = Scene::from_text(EXAMPLE, Format::Ron, None).unwrap();
        let e = scene.save(&path).unwrap_err();
        assert!(matches!(e.kind, SceneErrorKind::Io(_)), "{e}");
        assert!(path.join("inside").is_dir());
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        // A folder that does not exist: nothing is written anywhere.
        let missing = dir.join("missing").join("s.ron");
        let e = scene.save(&missing).unwrap_err().to_string();
        // The error names the file saved and the file system's reason, no temporary.
        assert!(e.starts_with(&format!("{}: ", missing.display())), "{e}");
        assert!(!e.contains(".tmp"), "{e}");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A saved file has the permissions of any file the user creates, not a
    /// temporary file's private ones.
    #[cfg(unix)]
    #[test]
    fn a_saved_file_is_created_like_any_other() {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("gjk-lab-save-mode-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let plain = dir.join("plain.ron");
        std::fs::write(&plain, "x").unwrap();
        let saved = dir.join("saved.ron");
        write_atomically(&saved, b"x").unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&saved), mode(&plain));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
