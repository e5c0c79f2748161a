//! Tests of what the learner reads, over every string the window can show
//! ([`super::shown_text`]):
//!
//! - every character is covered by the font that draws it, so that none renders as a
//!   box: egui's text by the fonts of its family in gjk-lab's font definitions
//!   ([`super::fonts::definitions`], with the Chinese font)
//!   (a family falls back through its list, so a character is covered when any font
//!   of the list maps it), the views' labels by macroquad's built-in font
//!   (ProggyClean, printable ASCII and Latin-1: no "−", no Greek, no subscripts);
//! - no string names the project's sources ("seed 003"): those are credited in the
//!   docs (`docs/README.md`), the window names algorithms by what they are.
//!
//! The fonts' character maps are read with `ttf-parser`: egui's from the bytes its
//! font definitions hold, macroquad's from its source in Cargo's registry (macroquad
//! embeds the file and offers no way to read it back without a window).

use super::shown_text::{everything, Font, Shown};
use egui_macroquad::egui::FontFamily;
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The characters a font file maps to a real glyph (glyph 0 is the "missing" box).
fn cmap_chars(bytes: &[u8], index: u32) -> HashSet<char> {
    let face = ttf_parser::Face::parse(bytes, index).expect("a font egui or macroquad loads");
    let mut chars = HashSet::new();
    let Some(cmap) = face.tables().cmap else {
        return chars;
    };
    for table in cmap.subtables.into_iter().filter(|t| t.is_unicode()) {
        table.codepoints(|code| {
            let glyph = table.glyph_index(code);
            if let (Some(c), Some(g)) = (char::from_u32(code), glyph) {
                if g.0 != 0 {
                    chars.insert(c);
                }
            }
        });
    }
    chars
}

/// Per family of egui's default fonts, the characters some font of its list maps.
fn egui_coverage() -> BTreeMap<FontFamily, HashSet<char>> {
    let fonts = super::fonts::definitions(super::platform::chinese_font());
    fonts
        .families
        .iter()
        .map(|(family, names)| {
            let chars = names
                .iter()
                .flat_map(|name| {
                    let data = &fonts.font_data[name];
                    cmap_chars(&data.font, data.index)
                })
                .collect();
            (family.clone(), chars)
        })
        .collect()
}

/// The version of `package` that Cargo.lock pins.
fn locked_version(package: &str) -> String {
    let lock = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.lock"))
        .expect("Cargo.lock");
    let entry = format!("name = \"{package}\"\nversion = \"");
    let start = lock.find(&entry).expect("the package is locked") + entry.len();
    lock[start..]
        .split('"')
        .next()
        .unwrap_or_default()
        .to_string()
}

/// macroquad's built-in font file, from macroquad's source (in Cargo's registry, or
/// a `vendor/` folder).
fn macroquad_font() -> Vec<u8> {
    let crate_dir = format!("macroquad-{}", locked_version("macroquad"));
    let file = Path::new("src").join("ProggyClean.ttf");
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| dirs::home_dir().map(|h| h.join(".cargo")))
        .expect("a Cargo home");
    let registries = std::fs::read_dir(cargo_home.join("registry").join("src"))
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path().join(&crate_dir).join(&file));
    let vendored = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("vendor")
        .join("macroquad")
        .join(&file);
    let candidates: Vec<PathBuf> = registries.chain([vendored]).collect();
    candidates
        .iter()
        .find_map(|p| std::fs::read(p).ok())
        .unwrap_or_else(|| panic!("macroquad's font is at none of {candidates:?}"))
}

/// The fonts' coverage, read once.
struct Coverage {
    egui: BTreeMap<FontFamily, HashSet<char>>,
    canvas: HashSet<char>,
    canvas_chinese: HashSet<char>,
}

impl Coverage {
    /// Whether `font` draws `c` (white space is laid out, never drawn).
    fn covers(&self, font: &Font, c: char) -> bool {
        if c.is_whitespace() {
            return true;
        }
        match font {
            Font::Egui(family) => self.egui.get(family).is_some_and(|s| s.contains(&c)),
            Font::Canvas => self.canvas.contains(&c),
            Font::CanvasChinese => self.canvas_chinese.contains(&c),
        }
    }
}

fn coverage() -> Coverage {
    Coverage {
        egui: egui_coverage(),
        canvas: cmap_chars(&macroquad_font(), 0),
        canvas_chinese: super::platform::chinese_font()
            .map(|bytes| cmap_chars(bytes, 0))
            .unwrap_or_default(),
    }
}

/// Every string the window shows, gathered once for all the tests here.
fn shown() -> &'static Shown {
    static SHOWN: OnceLock<Shown> = OnceLock::new();
    SHOWN.get_or_init(everything)
}

/// A font's name in a failure.
fn font_name(font: &Font) -> String {
    match font {
        Font::Egui(family) => format!("egui's {family:?} fonts"),
        Font::Canvas => "the views' font (macroquad's ProggyClean)".into(),
        Font::CanvasChinese => "the views' Chinese font (Noto Sans SC, cut)".into(),
    }
}

/// Each string with a character its font lacks: where, which character, the string.
fn uncovered(shown: &Shown, coverage: &Coverage) -> Vec<String> {
    let mut problems = vec![];
    for ((font, text), place) in &shown.strings {
        let mut missing: Vec<char> = text
            .chars()
            .filter(|&c| !coverage.covers(font, c))
            .collect();
        missing.sort_unstable();
        missing.dedup();
        if missing.is_empty() {
            continue;
        }
        let chars: Vec<String> = missing
            .iter()
            .map(|c| format!("{c:?} (U+{:04X})", *c as u32))
            .collect();
        problems.push(format!(
            "{place}: {} lacks {} in {text:?}",
            font_name(font),
            chars.join(", ")
        ));
    }
    problems
}

#[test]
fn the_fonts_read_as_expected() {
    let coverage = coverage();
    // ProggyClean: ASCII and Latin-1, nothing beyond.
    for c in ['a', 'Z', '0', '-', '(', '·', '×', '²'] {
        assert!(coverage.covers(&Font::Canvas, c), "{c:?}");
    }
    for c in ['−', 'λ', '₁', '′'] {
        assert!(!coverage.covers(&Font::Canvas, c), "{c:?}");
    }
    // egui: the proportional family (Ubuntu-Light and the emoji fonts) has no arrow
    // ⇔; the monospace one (Hack first) has.
    let proportional = Font::Egui(FontFamily::Proportional);
    let monospace = Font::Egui(FontFamily::Monospace);
    assert!(coverage.covers(&proportional, '−'));
    assert!(coverage.covers(&monospace, '⇔'));
    // Both families reach the Chinese font (Noto Sans SC cut to the texts' characters).
    for c in ['闵', '单', '纯', '形'] {
        assert!(coverage.covers(&proportional, c), "{c:?}");
        assert!(coverage.covers(&monospace, c), "{c:?}");
    }
    // … and nothing of a script no text uses.
    assert!(!coverage.covers(&proportional, 'Ж'));
}

/// The gathering reaches every kind of text: a guard against a test that passes
/// because it checks nothing.
#[test]
fn every_kind_of_text_is_gathered() {
    let shown = shown();
    let has = |font: &Font, part: &str| {
        shown
            .strings
            .keys()
            .any(|(f, text)| f == font && text.contains(part))
    };
    let proportional = Font::Egui(FontFamily::Proportional);
    let monospace = Font::Egui(FontFamily::Monospace);
    let wanted = [
        (
            &monospace,
            "support_A(d) − support_B(−d)",
            "GJK's pseudo-code",
        ),
        (&proportional, "Mouse (world view)", "the Help tab"),
        (&proportional, "First step (Home)", "a tooltip"),
        (&proportional, "第一步（Home）", "a tooltip in Chinese"),
        (&proportional, "Right!", "a right answer's verdict"),
        (&proportional, "Hint: ", "a question's hint"),
        (&proportional, "Not this one", "a wrong answer's verdict"),
        (&proportional, "Lesson 0", "a lesson's title"),
        (&proportional, "Pseudo-code: ", "the Explain tab"),
        (&proportional, "Profiler", "the many-shapes panel"),
        (
            &Font::Canvas,
            "A - B (Minkowski difference)",
            "a view's title",
        ),
        (&Font::Canvas, "w1", "a simplex point's name"),
    ];
    for (font, part, what) in wanted {
        assert!(has(font, part), "{what}: no {font:?} string with {part:?}");
    }
}

#[test]
fn every_character_the_window_shows_is_in_the_font_that_draws_it() {
    let shown = shown();
    assert!(
        shown.strings.len() > 1000,
        "{} strings",
        shown.strings.len()
    );
    let problems = uncovered(shown, &coverage());
    assert!(
        problems.is_empty(),
        "{} strings would show a box for a missing glyph:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn no_string_the_window_shows_names_a_seed() {
    let problems: Vec<String> = shown()
        .strings
        .iter()
        .filter(|((_, text), _)| text.to_lowercase().contains("seed 0"))
        .map(|((_, text), place)| format!("{place}: {text:?}"))
        .collect();
    assert!(
        problems.is_empty(),
        "the window names the project's sources (credit them in the docs):\n{}",
        problems.join("\n")
    );
}
