//! Share a case by link: a scene and what the app shows of it (its `view`: A, B,
//! algorithm, step, camera) as one compact, URL-safe string, carried in a page
//! address's fragment (`https://…/gjk-lab/#gjk1.…`) or given to the desktop app
//! (`gjk-lab open 'LINK'`).
//!
//! The encoding is `gjk1.` followed by the scene file as compact JSON, compressed with
//! DEFLATE (RFC 1951, `miniz_oxide`) and written in URL-safe base64 without padding
//! (RFC 4648 §5, `base64`). Decoding validates the scene exactly as a scene file is
//! validated ([`Scene::from_text`]), so a broken link gets the same kind of one-line
//! error as a broken file, naming the link as the file.

use crate::scene::{Format, Scene, SceneError, SceneFile};
use base64::Engine;
use std::path::Path;

/// What every link's payload starts with: the encoding and its version.
pub const PREFIX: &str = "gjk1.";

/// The longest payload decoded, in characters (a 2,000-shape scene is about 60,000).
pub const MAX_LINK_CHARS: usize = 2_000_000;

/// The most bytes a payload may inflate to: a few kilobytes of compressed text must not
/// become gigabytes (a "zip bomb").
pub const MAX_SCENE_BYTES: usize = 8 << 20;

/// The name a link's scene errors carry in place of a file name.
pub const LINK_NAME: &str = "link";

/// Why a link could not be opened. Each message starts with [`LINK_NAME`], where a
/// scene file's error starts with the file.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum LinkError {
    /// There is nothing after the `#` (or the text is empty).
    #[error("{LINK_NAME}: empty: nothing after the '#'")]
    Empty,
    /// The payload does not start with [`PREFIX`] (another program's link, or a newer
    /// version of this one).
    #[error("{LINK_NAME}: not a gjk-lab link: it starts with {0:?}, not {PREFIX:?}")]
    UnknownFormat(String),
    /// The payload is longer than [`MAX_LINK_CHARS`].
    #[error("{LINK_NAME}: {0} characters, more than {MAX_LINK_CHARS}")]
    TooLong(usize),
    /// A character outside URL-safe base64 (the link was cut or altered).
    #[error("{LINK_NAME}: cut or altered (base64: {0})")]
    Base64(String),
    /// The bytes are not DEFLATE data (the link was cut or altered).
    #[error("{LINK_NAME}: cut or altered (compressed data: {0})")]
    Compression(String),
    /// The text would inflate to more than [`MAX_SCENE_BYTES`].
    #[error("{LINK_NAME}: the scene would be larger than {} MB", MAX_SCENE_BYTES >> 20)]
    TooLarge,
    /// The inflated bytes are not UTF-8 text.
    #[error("{LINK_NAME}: the scene is not UTF-8 text")]
    NotText,
    /// The text is not a valid scene (syntax, a shape, the view, a lesson page).
    #[error(transparent)]
    Scene(SceneError),
}

/// The payload of a link (`gjk1.…`) for a scene and its view.
pub fn encode(scene: &Scene) -> String {
    encode_file(&scene.to_file())
}

/// The payload of a link for a scene file as written.
pub fn encode_file(file: &SceneFile) -> String {
    let json = serde_json::to_string(file).expect("a scene always serialises");
    let compressed = miniz_oxide::deflate::compress_to_vec(json.as_bytes(), 9);
    format!(
        "{PREFIX}{}",
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(compressed)
    )
}

/// The payload inside what a learner pasted: a whole address (the part after its
/// `#`), a fragment (`#gjk1.…`) or the payload alone, without surrounding spaces.
pub fn payload(link: &str) -> &str {
    let link = link.trim();
    link.rsplit_once('#').map_or(link, |(_, fragment)| fragment)
}

/// Opens a link (see [`payload`] for what it may be): the scene, validated as a scene
/// file is, with its view.
pub fn decode(link: &str) -> Result<Scene, LinkError> {
    let payload = payload(link);
    if payload.is_empty() {
        return Err(LinkError::Empty);
    }
    if payload.len() > MAX_LINK_CHARS {
        return Err(LinkError::TooLong(payload.len()));
    }
    let Some(data) = payload.strip_prefix(PREFIX) else {
        let start: String = payload.chars().take(PREFIX.len()).collect();
        return Err(LinkError::UnknownFormat(start));
    };
    let compressed = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(data)
        .map_err(|e| LinkError::Base64(e.to_string()))?;
    let bytes = miniz_oxide::inflate::decompress_to_vec_with_limit(&compressed, MAX_SCENE_BYTES)
        .map_err(|e| match e.status {
            miniz_oxide::inflate::TINFLStatus::HasMoreOutput => LinkError::TooLarge,
            status => LinkError::Compression(inflate_message(status)),
        })?;
    let text = String::from_utf8(bytes).map_err(|_| LinkError::NotText)?;
    Scene::from_text(&text, Format::Json, Some(Path::new(LINK_NAME))).map_err(LinkError::Scene)
}

/// A short reason for a failed inflate.
fn inflate_message(status: miniz_oxide::inflate::TINFLStatus) -> String {
    use miniz_oxide::inflate::TINFLStatus;
    match status {
        TINFLStatus::FailedCannotMakeProgress => "it ends too early".into(),
        TINFLStatus::BadParam => "bad parameter".into(),
        TINFLStatus::Adler32Mismatch => "checksum mismatch".into(),
        _ => "not DEFLATE data".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::Algorithm;
    use crate::scene::{SceneErrorKind, ShapeEntry, ShapeSpec, View};
    use glam::DVec2;
    use proptest::prelude::*;

    const SCENE: &str = r#"(
        title: "Two boxes",
        shapes: [
            (name: "A", shape: Polygon(vertices: [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]),
             position: (0.0, 0.0)),
            (name: "B", shape: Circle(radius: 0.75), position: (1.5, 0.2), rotation: 0.3),
            (shape: Ellipse(a: 2.0, b: 1.0), position: (3.0, 3.0)),
        ],
        view: (a: 0, b: 1, algorithm: "epa", step: 3, center: (0.5, -0.25), zoom: 90.0),
    )"#;

    fn scene() -> Scene {
        Scene::from_text(SCENE, Format::Ron, None).unwrap()
    }

    /// A payload whose compressed bytes are `bytes` (to build broken links).
    fn payload_of_bytes(bytes: &[u8]) -> String {
        let compressed = miniz_oxide::deflate::compress_to_vec(bytes, 9);
        format!(
            "{PREFIX}{}",
            base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(compressed)
        )
    }

    #[test]
    fn a_scene_and_its_view_come_back() {
        let scene = scene();
        let back = decode(&encode(&scene)).unwrap();
        assert_eq!(back, scene);
        assert_eq!(back.view.algorithm, Some(Algorithm::Epa));
        assert_eq!(back.view.step, Some(3));
        assert_eq!(back.view.center, Some(DVec2::new(0.5, -0.25)));
    }

    #[test]
    fn the_payload_is_url_safe_and_compact() {
        let link = encode(&scene());
        assert!(link.starts_with(PREFIX));
        let body = &link[PREFIX.len()..];
        assert!(body
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_'));
        // Smaller than the compact JSON it holds.
        let json = serde_json::to_string(&scene().to_file()).unwrap();
        assert!(link.len() < json.len(), "{} ≥ {}", link.len(), json.len());
    }

    #[test]
    fn a_whole_address_or_a_fragment_opens_too() {
        let payload = encode(&scene());
        for link in [
            format!("https://example.org/gjk-lab/index.html#{payload}"),
            format!("#{payload}"),
            format!("  {payload}\n"),
        ] {
            assert_eq!(decode(&link).unwrap(), scene(), "{link}");
        }
    }

    /// A link written by hand from the format's definition (JSON, DEFLATE, base64),
    /// not by `encode`: the format stays readable by other programs.
    #[test]
    fn a_link_built_from_the_definition_opens() {
        let json = r#"{"shapes":[{"shape":{"Circle":{"radius":1.0}},"position":[0.0,0.0]},
            {"shape":{"Circle":{"radius":2.0}},"position":[2.5,0.0]}],
            "view":{"algorithm":"gjk","step":2}}"#;
        let scene = decode(&payload_of_bytes(json.as_bytes())).unwrap();
        assert_eq!(scene.shapes.len(), 2);
        assert_eq!(scene.shapes[1].shape.pose().position, DVec2::new(2.5, 0.0));
        assert_eq!(scene.view.step, Some(2));
    }

    #[test]
    fn an_empty_link_says_so() {
        assert_eq!(decode(""), Err(LinkError::Empty));
        assert_eq!(decode("https://example.org/#"), Err(LinkError::Empty));
    }

    #[test]
    fn another_format_is_named() {
        let e = decode("#gjk2.AAAA").unwrap_err();
        assert_eq!(e, LinkError::UnknownFormat("gjk2.".into()));
        assert!(e.to_string().starts_with("link: not a gjk-lab link"));
    }

    #[test]
    fn an_altered_character_is_a_base64_error() {
        let link = encode(&scene()).replacen('A', "*", 1) + "*";
        assert!(matches!(decode(&link), Err(LinkError::Base64(_))));
    }

    #[test]
    fn a_cut_link_is_a_compression_error() {
        let link = encode(&scene());
        let cut = &link[..link.len() / 2];
        match decode(cut) {
            Err(LinkError::Compression(_) | LinkError::Base64(_)) => {}
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn bytes_that_are_not_deflate_are_a_compression_error() {
        let link = format!(
            "{PREFIX}{}",
            base64::engine::general_purpose::URL_SAFE_NO_PAD.encode([0xff; 40])
        );
        assert!(matches!(decode(&link), Err(LinkError::Compression(_))));
    }

    #[test]
    fn a_compressed_bomb_is_refused() {
        let huge = vec![b' '; MAX_SCENE_BYTES + 1];
        assert_eq!(decode(&payload_of_bytes(&huge)), Err(LinkError::TooLarge));
    }

    #[test]
    fn a_too_long_link_is_refused_before_decoding() {
        let link = format!("{PREFIX}{}", "A".repeat(MAX_LINK_CHARS));
        assert!(matches!(decode(&link), Err(LinkError::TooLong(_))));
    }

    #[test]
    fn binary_text_is_refused() {
        assert_eq!(
            decode(&payload_of_bytes(&[0xc3, 0x28])),
            Err(LinkError::NotText)
        );
    }

    #[test]
    fn a_syntax_error_names_the_link_line_and_column() {
        let e = decode(&payload_of_bytes(b"{\"shapes\": [}")).unwrap_err();
        let LinkError::Scene(SceneError {
            kind: SceneErrorKind::Syntax { line, column, .. },
            ..
        }) = &e
        else {
            panic!("{e:?}");
        };
        assert_eq!((*line, *column), (1, 13));
        assert!(e.to_string().starts_with("link:1:13: "), "{e}");
    }

    #[test]
    fn a_bad_shape_is_named_as_in_a_file() {
        let json =
            r#"{"shapes":[{"name":"ball","shape":{"Circle":{"radius":-1.0}},"position":[0,0]}]}"#;
        let e = decode(&payload_of_bytes(json.as_bytes())).unwrap_err();
        assert_eq!(
            e.to_string(),
            "link: shape 0 (\"ball\"): circle radius must be positive, not -1"
        );
    }

    #[test]
    fn a_view_naming_a_missing_shape_is_refused() {
        let json =
            r#"{"shapes":[{"shape":{"Circle":{"radius":1}},"position":[0,0]}],"view":{"a":5}}"#;
        let e = decode(&payload_of_bytes(json.as_bytes())).unwrap_err();
        assert!(
            matches!(
                &e,
                LinkError::Scene(SceneError {
                    kind: SceneErrorKind::View(_),
                    ..
                })
            ),
            "{e:?}"
        );
    }

    /// A random scene: convex polygons (regular, so always valid), circles, ellipses,
    /// and a view.
    fn any_scene() -> impl Strategy<Value = SceneFile> {
        let coordinate = -1e3..1e3f64;
        let spec = prop_oneof![
            (3usize..9, 0.01..50.0f64).prop_map(|(n, r)| ShapeSpec::Polygon {
                vertices: (0..n)
                    .map(|k| {
                        let t = std::f64::consts::TAU * k as f64 / n as f64;
                        DVec2::new(r * t.cos(), r * t.sin())
                    })
                    .collect()
            }),
            (0.01..50.0f64).prop_map(|radius| ShapeSpec::Circle { radius }),
            (0.01..50.0f64, 0.01..50.0f64).prop_map(|(a, b)| ShapeSpec::Ellipse { a, b }),
        ];
        let entry = (
            proptest::option::of("[a-zA-Z0-9 éø−]{0,12}"),
            spec,
            coordinate.clone(),
            coordinate.clone(),
            -10.0..10.0f64,
        )
            .prop_map(|(name, shape, x, y, rotation)| ShapeEntry {
                name,
                shape,
                position: DVec2::new(x, y),
                rotation,
            });
        (
            proptest::collection::vec(entry, 2..12),
            proptest::option::of(".{0,40}"),
            0usize..Algorithm::ALL.len(),
            0usize..40,
            coordinate.clone(),
            coordinate,
            0.1..1e4f64,
        )
            .prop_map(|(shapes, title, algorithm, step, x, y, zoom)| SceneFile {
                title,
                description: None,
                view: Some(View {
                    a: Some(shapes.len() - 1),
                    b: Some(0),
                    algorithm: Some(Algorithm::ALL[algorithm]),
                    step: Some(step),
                    center: Some(DVec2::new(x, y)),
                    zoom: Some(zoom),
                }),
                shapes,
                lesson: None,
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(
            std::env::var("GJK_LAB_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(2_000) / 10
        ))]

        /// Every scene comes back exactly (every f64 to the bit) with its view.
        #[test]
        fn every_scene_comes_back(file in any_scene()) {
            let expected = file.validate().unwrap();
            let back = decode(&encode_file(&file)).unwrap();
            prop_assert_eq!(back, expected);
        }

        /// A link with one character changed, or cut anywhere, opens as a valid scene or
        /// fails with an error; it never panics.
        #[test]
        fn altered_links_fail_cleanly(file in any_scene(), at in any::<prop::sample::Index>(),
                                      c in "[A-Za-z0-9_*-]") {
            let link = encode_file(&file);
            let i = PREFIX.len() + at.index(link.len() - PREFIX.len());
            let mut altered = link.clone();
            altered.replace_range(i..=i, &c);
            let _ = decode(&altered);
            match decode(&link[..i]) {
                Ok(_) => {}
                Err(e) => prop_assert!(!e.to_string().contains('\n')),
            }
        }
    }
}
