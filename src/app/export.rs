//! Export for teaching: a range of steps of any scene and algorithm as an animated GIF
//! or as a numbered PNG sequence, for slides and course pages. The window renders
//! each step as it would show it (panels included) and the frames are written by the
//! `gif` crate's encoder; a GIF is written to a temporary file and renamed, so a
//! failed export never leaves half a file.
//!
//! Headless: `gjk-lab SCENE --algo A --export out.gif --steps 1..N [--fps F]` (or
//! `out-%d.png` for one PNG per step, `%d` replaced by the step number); in the window,
//! the Export button of the Scenes tab does the same for the current run.

use super::platform::PlatformError;
use crate::app::i18n::tr;
use std::path::{Path, PathBuf};

/// Why an export cannot be made or written: the plan (`--export`, `--steps`, `--fps`)
/// is refused before any window opens, the writing fails after. The message names
/// the option or the file.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// A `.png` target without `%d` (the step number) in its name.
    #[error(
        "{}: a PNG sequence needs %d in the file name (the step number), e.g. step-%d.png",
        .0.display()
    )]
    PngWithoutStep(PathBuf),
    /// A target that is neither `.gif` nor `.png`.
    #[error(
        "{}: the export must be a .gif file or a .png pattern with %d",
        .0.display()
    )]
    UnknownFormat(PathBuf),
    /// `--steps` is not `A..B` (or `A..=B`, or one step).
    #[error("--steps {text:?}: expected a range like 1..{step_count}")]
    NotARange {
        /// The option's value.
        text: String,
        /// The run's steps.
        step_count: usize,
    },
    /// `--steps` runs backwards.
    #[error("--steps {0:?}: the first step comes after the last")]
    Backwards(String),
    /// `--steps` goes past the run's last step.
    #[error("--steps {text:?}: this run has {step_count} steps (0 is the state before the first)")]
    PastTheRun {
        /// The option's value.
        text: String,
        /// The run's steps.
        step_count: usize,
    },
    /// `--fps` is not a rate from 0.1 to 50.
    #[error("--fps {0}: give a rate from 0.1 to 50 frames per second")]
    Rate(f64),
    /// A GIF with no frame.
    #[error("{}: no frames to write", .0.display())]
    NoFrames(PathBuf),
    /// The GIF encoder failed.
    #[error("{}: {error}", path.display())]
    Gif {
        /// The GIF.
        path: PathBuf,
        /// The encoder's reason.
        #[source]
        error: gif::EncodingError,
    },
    /// The PNG encoder failed.
    #[error("{}: {error}", path.display())]
    Png {
        /// The PNG.
        path: PathBuf,
        /// The encoder's reason.
        #[source]
        error: png::EncodingError,
    },
    /// The file could not be written.
    #[error(transparent)]
    Write(#[from] PlatformError),
}

/// What an export writes.
#[derive(Clone, Debug, PartialEq)]
pub enum Target {
    /// One animated GIF.
    Gif(PathBuf),
    /// One PNG per step: the pattern's `%d` is replaced by the step number.
    PngPattern(String),
}

/// An export: where, which steps (inclusive), how fast.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// Where the frames go.
    pub target: Target,
    /// First and last step (inclusive, 0 = before the first event).
    pub steps: (usize, usize),
    /// Frames per second of the GIF (one step per frame).
    pub fps: f64,
}

/// Frames per second when none is given.
pub const DEFAULT_FPS: f64 = 1.0;

impl Plan {
    /// A plan from the command line's `--export OUT`, `--steps A..B` (`None`: every
    /// step) and `--fps F`, checked before any window opens.
    pub fn new(
        out: &Path,
        steps: Option<&str>,
        fps: Option<f64>,
        step_count: usize,
    ) -> Result<Self, ExportError> {
        let text = out.to_string_lossy();
        let extension = out
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        let target = match extension.as_deref() {
            Some("gif") => Target::Gif(out.to_path_buf()),
            Some("png") if text.contains("%d") => Target::PngPattern(text.into_owned()),
            Some("png") => return Err(ExportError::PngWithoutStep(out.to_path_buf())),
            _ => return Err(ExportError::UnknownFormat(out.to_path_buf())),
        };
        let steps = match steps {
            Some(range) => parse_steps(range, step_count)?,
            None => (1.min(step_count), step_count),
        };
        let fps = fps.unwrap_or(DEFAULT_FPS);
        if !(fps.is_finite() && (0.1..=50.0).contains(&fps)) {
            return Err(ExportError::Rate(fps));
        }
        Ok(Plan { target, steps, fps })
    }

    /// The steps, in order.
    pub fn step_list(&self) -> Vec<usize> {
        (self.steps.0..=self.steps.1).collect()
    }
}

/// `"1..8"` (inclusive) or a single `"5"`, within `0..=step_count`.
pub fn parse_steps(text: &str, step_count: usize) -> Result<(usize, usize), ExportError> {
    let number = |s: &str| {
        s.trim()
            .parse::<usize>()
            .map_err(|_| ExportError::NotARange {
                text: text.to_string(),
                step_count,
            })
    };
    let (first, last) = match text.split_once("..") {
        Some((a, b)) => (number(a)?, number(b.trim_start_matches('='))?),
        None => {
            let k = number(text)?;
            (k, k)
        }
    };
    if first > last {
        return Err(ExportError::Backwards(text.to_string()));
    }
    if last > step_count {
        return Err(ExportError::PastTheRun {
            text: text.to_string(),
            step_count,
        });
    }
    Ok((first, last))
}

/// One captured frame: RGBA bytes, row by row from the top.
#[derive(Clone, Debug)]
pub struct Frame {
    /// Width in pixels.
    pub width: u16,
    /// Height in pixels.
    pub height: u16,
    /// `width × height × 4` bytes.
    pub rgba: Vec<u8>,
}

impl Frame {
    /// A frame from the screen's pixels as OpenGL reads them (`get_screen_data`: rows
    /// from the bottom), made opaque and put top row first.
    pub fn from_screen(width: u16, height: u16, bottom_up: &[u8]) -> Frame {
        let mut rgba = rows_reversed(bottom_up, width);
        for pixel in rgba.chunks_mut(4) {
            pixel[3] = 255;
        }
        Frame {
            width,
            height,
            rgba,
        }
    }
}

/// RGBA rows of `width` pixels in the opposite order (top-down ↔ bottom-up).
fn rows_reversed(rgba: &[u8], width: u16) -> Vec<u8> {
    let row = usize::from(width) * 4;
    if row == 0 {
        return rgba.to_vec();
    }
    rgba.chunks(row).rev().flatten().copied().collect()
}

/// Collects the frames of an export and writes them.
#[derive(Debug)]
pub struct Recorder {
    plan: Plan,
    frames: Vec<Frame>,
    written: usize,
}

impl Recorder {
    /// A recorder for a plan.
    pub fn new(plan: Plan) -> Self {
        Recorder {
            plan,
            frames: vec![],
            written: 0,
        }
    }

    /// The step the next frame must show, or `None` when every step is captured.
    pub fn next_step(&self) -> Option<usize> {
        self.plan.step_list().get(self.captured()).copied()
    }

    /// Frames captured so far.
    pub fn captured(&self) -> usize {
        self.frames.len() + self.written
    }

    /// Takes the frame of step `step`: a PNG of a sequence is written at once, a GIF's
    /// frames are kept until [`Recorder::finish`].
    pub fn capture(&mut self, step: usize, frame: Frame) -> Result<(), ExportError> {
        match &self.plan.target {
            Target::PngPattern(pattern) => {
                let path = pattern.replace("%d", &step.to_string());
                write_png(Path::new(&path), &frame)?;
                self.written += 1;
            }
            Target::Gif(_) => self.frames.push(frame),
        }
        Ok(())
    }

    /// Writes the GIF (temporary file, then rename); returns what was written.
    pub fn finish(self) -> Result<String, ExportError> {
        match &self.plan.target {
            Target::PngPattern(pattern) => Ok(tr!(
                "export-png-files",
                count = self.written.to_string(),
                pattern = pattern.as_str()
            )),
            Target::Gif(path) => {
                let count = self.frames.len();
                write_gif(path, &self.frames, self.plan.fps)?;
                Ok(tr!(
                    "export-gif",
                    path = path.display().to_string(),
                    count = count.to_string()
                ))
            }
        }
    }
}

/// Encodes frames as an endlessly looping GIF at `fps` and writes it atomically (the
/// browser downloads it).
pub fn write_gif(path: &Path, frames: &[Frame], fps: f64) -> Result<(), ExportError> {
    let Some(first) = frames.first() else {
        return Err(ExportError::NoFrames(path.to_path_buf()));
    };
    let bytes = encode_gif(first, frames, fps).map_err(|error| ExportError::Gif {
        path: path.to_path_buf(),
        error,
    })?;
    Ok(super::platform::write_file(path, &bytes)?)
}

/// An endlessly looping GIF of the frames at `fps`, of the size of the first.
fn encode_gif(first: &Frame, frames: &[Frame], fps: f64) -> Result<Vec<u8>, gif::EncodingError> {
    let mut bytes = vec![];
    let mut encoder = gif::Encoder::new(&mut bytes, first.width, first.height, &[])?;
    encoder.set_repeat(gif::Repeat::Infinite)?;
    // GIF delays are in hundredths of a second.
    let delay = (100.0 / fps).round().clamp(2.0, 1000.0) as u16;
    for frame in frames {
        let mut rgba = frame.rgba.clone();
        // Speed 10: NeuQuant's default trade of quality for time.
        let mut out = gif::Frame::from_rgba_speed(frame.width, frame.height, &mut rgba, 10);
        out.delay = delay;
        encoder.write_frame(&out)?;
    }
    drop(encoder);
    Ok(bytes)
}

/// Writes one frame as a PNG (the `png` crate's encoder) where the platform keeps
/// files: a file on the desktop, a download in the browser.
pub fn write_png(path: &Path, frame: &Frame) -> Result<(), ExportError> {
    let bytes = encode_png(frame).map_err(|error| ExportError::Png {
        path: path.to_path_buf(),
        error,
    })?;
    Ok(super::platform::write_file(path, &bytes)?)
}

/// One frame as PNG bytes (8-bit RGBA, rows top first).
fn encode_png(frame: &Frame) -> Result<Vec<u8>, png::EncodingError> {
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, frame.width.into(), frame.height.into());
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    // Screenshots are committed: the smallest files, at a few milliseconds more.
    encoder.set_compression(png::Compression::Best);
    encoder.set_adaptive_filter(png::AdaptiveFilterType::Adaptive);
    encoder.write_header()?.write_image_data(&frame.rgba)?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn step_ranges_are_checked_against_the_run() {
        assert_eq!(parse_steps("1..8", 8).unwrap(), (1, 8));
        assert_eq!(parse_steps("2..=3", 8).unwrap(), (2, 3));
        assert_eq!(parse_steps("5", 8).unwrap(), (5, 5));
        let past = parse_steps("1..9", 8).unwrap_err();
        assert!(
            matches!(&past, ExportError::PastTheRun { step_count: 8, .. }),
            "{past:?}"
        );
        assert!(past.to_string().contains("has 8 steps"), "{past}");
        assert!(matches!(
            parse_steps("4..2", 8),
            Err(ExportError::Backwards(_))
        ));
        assert!(matches!(
            parse_steps("a..b", 8),
            Err(ExportError::NotARange { .. })
        ));
    }

    #[test]
    fn targets_are_a_gif_or_a_png_pattern() {
        let plan = |p: &str| Plan::new(Path::new(p), Some("1..3"), None, 5);
        assert!(matches!(plan("x.gif").unwrap().target, Target::Gif(_)));
        assert!(matches!(
            plan("x-%d.png").unwrap().target,
            Target::PngPattern(_)
        ));
        assert!(plan("x.png").unwrap_err().to_string().contains("%d"));
        assert!(matches!(plan("x.mp4"), Err(ExportError::UnknownFormat(_))));
        assert!(matches!(
            Plan::new(Path::new("x.gif"), None, Some(0.0), 5),
            Err(ExportError::Rate(_))
        ));
        assert_eq!(plan("x.gif").unwrap().step_list(), vec![1, 2, 3]);
    }

    /// A GIF needs a frame; the error names the file.
    #[test]
    fn a_gif_without_frames_is_refused() {
        let e = write_gif(Path::new("out/none.gif"), &[], 1.0).unwrap_err();
        assert!(matches!(&e, ExportError::NoFrames(_)), "{e:?}");
        assert_eq!(e.to_string(), "out/none.gif: no frames to write");
    }

    /// The screen's rows come from OpenGL bottom first: the frame (and so the GIF)
    /// has the top of the window first. (GIF exports were upside down before.)
    #[test]
    fn a_screen_frame_is_upright_and_opaque() {
        // Two rows of one pixel: OpenGL's first row is the bottom (blue), then red.
        let frame = Frame::from_screen(1, 2, &[0, 0, 255, 7, 255, 0, 0, 9]);
        assert_eq!(frame.rgba, vec![255, 0, 0, 255, 0, 0, 255, 255]);
    }

    /// The GIF written for three frames decodes (with the crate's decoder) to three
    /// frames of the right size, each with the delay of the frame rate.
    #[test]
    fn a_gif_export_decodes_to_its_frames() {
        let dir = std::env::temp_dir().join(format!("gjk-lab-export-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("three.gif");
        let frame = |shade: u8| Frame {
            width: 8,
            height: 6,
            rgba: [shade, 255 - shade, 40, 255].repeat(48),
        };
        let plan = Plan::new(&path, Some("1..3"), Some(4.0), 3).unwrap();
        let mut recorder = Recorder::new(plan);
        for (k, shade) in [(1, 0), (2, 120), (3, 250)] {
            assert_eq!(recorder.next_step(), Some(k));
            recorder.capture(k, frame(shade)).unwrap();
        }
        assert_eq!(recorder.next_step(), None);
        recorder.finish().unwrap();
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::RGBA);
        let mut decoder = options
            .read_info(std::fs::File::open(&path).unwrap())
            .unwrap();
        let mut frames = 0;
        while let Some(f) = decoder.read_next_frame().unwrap() {
            assert_eq!((f.width, f.height, f.delay), (8, 6, 25));
            frames += 1;
        }
        assert_eq!(frames, 3);
        assert!(!path.with_extension("gif.part").exists());
        std::fs::remove_dir_all(&dir).ok();
    }
}
