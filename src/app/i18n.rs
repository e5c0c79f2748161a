//! The window's words in English and Simplified Chinese, with Project Fluent.
//!
//! Every text the window shows is a message in `locales/en/*.ftl` and
//! `locales/zh/*.ftl` (one file per part of the app, the same names in both
//! languages), found by its id: `tr!("step-next")`, or with its live values
//! `tr!("gjk-support", w = num(w))`. `build.rs` lists the files, so a new one needs no
//! code. The terms follow `docs/glossary.md`.
//!
//! Numbers are formatted by gjk-lab, not by Fluent: a value is handed to a message as
//! the text the English window shows ("0.25", "(1.50, −2.00)"), so both languages show
//! the very same digits (a test compares them on every step of every preset). Only
//! counts go in as numbers, for Fluent's plural rules ("1 point", "2 points").
//!
//! The language is kept per thread (the app has one; each test has its own, so tests
//! of both languages run side by side). A message missing from Chinese falls back to
//! English; one missing from both shows its id — the tests here fail on either.

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource};
use gjk_lab_core::algorithms::Algorithm;
use gjk_lab_core::scene::NamedShape;
use serde::{Deserialize, Serialize};
use std::cell::{Cell, RefCell};
use unic_langid::LanguageIdentifier;

/// Every `.ftl` file: (language, file name, text), written by `build.rs`.
pub const FILES: &[(&str, &str, &str)] = include!(concat!(env!("OUT_DIR"), "/locales.rs"));

/// The key the chosen language is kept under between runs (`en`, `zh`).
pub const STORAGE_KEY: &str = "lang";

/// A language the window speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English (the default).
    #[default]
    En,
    /// Simplified Chinese (简体中文).
    Zh,
}

impl Lang {
    /// Both languages.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Zh];

    /// Its code in files, links, `--lang` and the status ("en", "zh").
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }

    /// Its name in itself, as the language menu lists it.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Zh => "中文",
        }
    }

    /// The language of a code ("zh") or of a browser's language tag ("zh-CN",
    /// "zh-Hans-SG", "en-GB"): Chinese for any `zh…`, English for any `en…`.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Lang::En),
            "zh" => Some(Lang::Zh),
            _ => None,
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// The messages of both languages, indexed by [`Lang::index`].
type Bundles = [FluentBundle<FluentResource>; 2];

thread_local! {
    static LANG: Cell<Lang> = const { Cell::new(Lang::En) };
    static PENDING: Cell<Option<Lang>> = const { Cell::new(None) };
    static BUNDLES: RefCell<Option<Bundles>> = const { RefCell::new(None) };
}

/// The language shown.
pub fn lang() -> Lang {
    LANG.with(Cell::get)
}

/// Shows every text from now on in `lang` (texts already made keep theirs: the app
/// makes its steps again, [`super::state::App::show_lang`]).
pub fn set_lang(lang: Lang) {
    LANG.with(|l| l.set(lang));
}

/// The language chosen but not shown yet: it waits for its font
/// ([`super::state::App::show_lang`]).
pub fn pending() -> Option<Lang> {
    PENDING.with(Cell::get)
}

/// Sets (or clears) the language waiting for its font.
pub fn set_pending(lang: Option<Lang>) {
    PENDING.with(|p| p.set(lang));
}

/// One language's bundle: its `.ftl` files, parsed. A file that does not parse is a
/// bug the tests catch (`every_file_parses_and_has_its_twin`); the window keeps what
/// parsed.
fn bundle(lang: Lang) -> FluentBundle<FluentResource> {
    let id: LanguageIdentifier = match lang {
        Lang::En => "en-US",
        Lang::Zh => "zh-CN",
    }
    .parse()
    .expect("a valid language tag");
    let mut bundle = FluentBundle::new(vec![id]);
    // No Unicode isolation marks around values: they would show as boxes in fonts
    // without them, and both languages run left to right.
    bundle.set_use_isolating(false);
    for (code, _, text) in FILES {
        if *code == lang.code() {
            let resource = FluentResource::try_new(text.to_string()).unwrap_or_else(|(r, _)| r);
            // A message defined twice is a bug the tests catch; the first one stays.
            let _ = bundle.add_resource(resource);
        }
    }
    bundle
}

/// Formats message `id` in `lang`, or `None` when that language lacks it.
fn format_in(lang: Lang, id: &str, args: Option<&FluentArgs>) -> Option<String> {
    BUNDLES.with(|cell| {
        let mut cell = cell.borrow_mut();
        let bundles = cell.get_or_insert_with(|| Lang::ALL.map(bundle));
        let bundle = &bundles[lang.index()];
        let pattern = bundle.get_message(id)?.value()?;
        let mut errors = vec![];
        Some(
            bundle
                .format_pattern(pattern, args, &mut errors)
                .into_owned(),
        )
    })
}

/// Message `id` in the language shown, with `args` (see [`tr!`]): Chinese falls back
/// to English, and a message in neither shows its id.
pub fn text_with(id: &str, args: Option<&FluentArgs>) -> String {
    let text = format_in(lang(), id, args)
        .or_else(|| format_in(Lang::En, id, args))
        .unwrap_or_else(|| id.to_string());
    match lang() {
        Lang::Zh => typeset(&text),
        Lang::En => text,
    }
}

/// A no-break space: egui's line breaking does not break at it.
const NO_BREAK_SPACE: char = '\u{A0}';

/// Chinese text as it is set: `A − B` and `B − A` kept on one line, and no space
/// between two Chinese characters.
///
/// egui may break Chinese between any two characters and at every space, which
/// could leave "A" at the end of a line and "− B" at the start of the next: their
/// spaces become no-break spaces. (English text breaks at spaces only, and reads
/// well either way.) A message puts spaces around a value that may be Latin
/// (`A 是 { $name }`); when the value is Chinese (a shape's `name_zh`), the space
/// between two Chinese characters goes.
pub fn typeset(text: &str) -> String {
    let nb = NO_BREAK_SPACE;
    let joined = text
        .replace("A − B", &format!("A{nb}−{nb}B"))
        .replace("B − A", &format!("B{nb}−{nb}A"));
    let chars: Vec<char> = joined.chars().collect();
    let han = |c: Option<&char>| c.is_some_and(|&c| ('\u{4E00}'..='\u{9FFF}').contains(&c));
    chars
        .iter()
        .enumerate()
        .filter(|&(k, &c)| !(c == ' ' && k > 0 && han(chars.get(k - 1)) && han(chars.get(k + 1))))
        .map(|(_, &c)| c)
        .collect()
}

/// Message `id` in the language shown, for an id made at run time (a question's
/// `question-next-support`): a test checks every such family is complete.
pub fn text(id: &str) -> String {
    text_with(id, None)
}

/// Message `id` in `lang`, whatever the language shown (the tests compare them).
#[cfg(test)]
pub fn text_in(lang: Lang, id: &str, args: Option<&FluentArgs>) -> String {
    format_in(lang, id, args).unwrap_or_else(|| id.to_string())
}

/// Every message's id, in both languages' files (for the tests of what is shown).
#[cfg(test)]
pub fn message_ids() -> std::collections::BTreeSet<String> {
    let mut ids = std::collections::BTreeSet::new();
    for (_, _, text) in FILES {
        let resource = FluentResource::try_new(text.to_string()).unwrap_or_else(|(r, _)| r);
        for entry in resource.entries() {
            if let fluent_syntax::ast::Entry::Message(m) = entry {
                ids.insert(m.id.name.to_string());
            }
        }
    }
    ids
}

/// A message in the language shown: `tr!("id")`, or `tr!("id", name = value, …)`
/// where each value is a text (`&str`, `String`: numbers already formatted) or a count
/// (an integer, for plural rules).
macro_rules! tr {
    ($id:literal) => {
        $crate::app::i18n::text_with($id, None)
    };
    ($id:literal, $($key:ident = $value:expr),+ $(,)?) => {{
        let mut args = fluent_bundle::FluentArgs::new();
        $(args.set(stringify!($key), $value);)+
        $crate::app::i18n::text_with($id, Some(&args))
    }};
}
pub(crate) use tr;

/// A shape's name in the language shown: the scene file's `name_zh` in Chinese when
/// it has one, else its `name`, else "shape N" (N its index). The status file keeps
/// the file's own name ([`NamedShape::display_name`]).
pub fn shape_name(shape: &NamedShape, index: usize) -> String {
    shape.name_in(lang() == Lang::Zh).map_or_else(
        || tr!("shape-default-name", index = index.to_string()),
        str::to_string,
    )
}

/// An algorithm's title in the language shown. The core's [`Algorithm::title`] stays
/// English: the command line prints it, and the menu's controls keep it as their id.
pub fn algorithm_title(algorithm: Algorithm) -> String {
    match algorithm {
        Algorithm::Gjk => tr!("algorithm-gjk"),
        Algorithm::Distance => tr!("algorithm-distance"),
        Algorithm::Epa => tr!("algorithm-epa"),
        Algorithm::PseudoEpa => tr!("algorithm-pseudo-epa"),
        Algorithm::Sat => tr!("algorithm-sat"),
        Algorithm::SatObb => tr!("algorithm-sat-obb"),
        Algorithm::Clip => tr!("algorithm-clip"),
        Algorithm::CirclePolygon => tr!("algorithm-circle-polygon"),
        Algorithm::FaceSeparation => tr!("algorithm-face-separation"),
        Algorithm::BoxBox => tr!("algorithm-box-box"),
        Algorithm::EllipsePolygon => tr!("algorithm-ellipse-polygon"),
        Algorithm::PolygonDistance => tr!("algorithm-polygon-distance"),
        Algorithm::Discrete => tr!("algorithm-discrete"),
        Algorithm::SubStepping => tr!("algorithm-sub-stepping"),
        Algorithm::ShapeCast => tr!("algorithm-shape-cast"),
        Algorithm::SatCast => tr!("algorithm-sat-cast"),
        Algorithm::ConservativeAdvancement => tr!("algorithm-conservative-advancement"),
        Algorithm::TimeOfImpact => tr!("algorithm-time-of-impact"),
    }
}

#[cfg(test)]
pub(crate) mod tests;
