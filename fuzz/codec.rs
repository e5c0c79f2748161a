//! The byte form of the `shapes` fuzz target's input, and its inverse (for the seed
//! corpus written from the presets).
//!
//! Up to [`MAX_SHAPES`] shapes, each: a tag byte (`(tag & !0x80) % 5`: 0 polygon,
//! 1 circle, 2 ellipse, 3 capsule, 4 rounded polygon; `tag & 0x10`: numbers taken raw,
//! unmapped, to exercise validation; `tag & 0x20`: position relative to the previous
//! shape's; `tag & 0x80`: the shape moves), then for a polygon a count byte
//! (`3 + count % 30` vertices) and its vertices (a rounded polygon: then its radius),
//! for a circle its radius, for an ellipse its semi-axes, for a capsule its two ends and
//! its radius (with `tag & 0x40`, its end `b` relative to `a`, so that short capsules
//! come often; a circle with `tag & 0x40` is a point, with no number), then the position and the rotation, and last, for a moving shape, its
//! motion: velocity and angular speed. Every number is 8
//! bytes, an `f64` little-endian; unless raw, a number outside gjk-lab's range is
//! mapped into it (its bits pick a sign, a mantissa and an exponent from 1e-9 to 1e12),
//! so that most inputs reach the algorithms.

use gjk_lab_core::motion::Motion;
use gjk_lab_core::range::MAX_COORDINATE;
use gjk_lab_core::scene::{ShapeEntry, ShapeSpec};
use gjk_lab_core::DVec2;

/// The most shapes one input describes.
pub const MAX_SHAPES: usize = 3;

struct Reader<'d> {
    data: &'d [u8],
    raw: bool,
}

impl Reader<'_> {
    fn byte(&mut self) -> Option<u8> {
        let (&b, rest) = self.data.split_first()?;
        self.data = rest;
        Some(b)
    }

    fn number(&mut self) -> Option<f64> {
        let bytes: [u8; 8] = self.data.get(..8)?.try_into().ok()?;
        self.data = &self.data[8..];
        let v = f64::from_le_bytes(bytes);
        Some(if self.raw { v } else { into_range(v) })
    }

    fn point(&mut self) -> Option<DVec2> {
        Some(DVec2::new(self.number()?, self.number()?))
    }
}

/// `v` if it is inside gjk-lab's range, else a number in it chosen by `v`'s bits.
fn into_range(v: f64) -> f64 {
    if v.is_finite() && v.abs() <= MAX_COORDINATE {
        return v;
    }
    let bits = v.to_bits();
    let exponent = (bits >> 52 & 0x7ff) % 22; // 0..=21 → 1e-9..1e12
    let mantissa = 1.0 + (bits & 0xf_ffff_ffff_ffff) as f64 / (1u64 << 52) as f64;
    let sign = if bits >> 63 == 1 { -1.0 } else { 1.0 };
    (sign * mantissa * 10f64.powi(exponent as i32 - 9)).clamp(-MAX_COORDINATE, MAX_COORDINATE)
}

/// The shapes an input describes (a truncated last shape is left out).
pub fn decode(data: &[u8]) -> Vec<ShapeEntry> {
    let mut r = Reader { data, raw: false };
    let mut entries: Vec<ShapeEntry> = Vec::new();
    while entries.len() < MAX_SHAPES {
        let Some(entry) = decode_one(&mut r, entries.last()) else {
            break;
        };
        entries.push(entry);
    }
    entries
}

fn decode_one(r: &mut Reader, previous: Option<&ShapeEntry>) -> Option<ShapeEntry> {
    let tag = r.byte()?;
    r.raw = tag & 0x10 != 0;
    // The kind is the tag without the motion bit (which came later: the other bits'
    // meanings, and every older input's, are unchanged).
    let kind = (tag & !0x80) % 5;
    let shape = match kind {
        0 | 4 => {
            let n = 3 + usize::from(r.byte()?) % 30;
            let vertices = (0..n).map(|_| r.point()).collect::<Option<Vec<_>>>()?;
            let radius = if kind == 4 {
                Some(r.number()?)
            } else {
                None
            };
            ShapeSpec::Polygon { vertices, radius }
        }
        // A circle, or with bit 0x40 (a capsule's relative end elsewhere) a point.
        1 if tag & 0x40 != 0 => ShapeSpec::Point,
        1 => ShapeSpec::Circle {
            radius: r.number()?,
        },
        2 => ShapeSpec::Ellipse {
            a: r.number()?,
            b: r.number()?,
        },
        _ => {
            let a = r.point()?;
            let mut b = r.point()?;
            if tag & 0x40 != 0 {
                b += a;
            }
            ShapeSpec::Capsule {
                a,
                b,
                radius: r.number()?,
            }
        }
    };
    let mut position = r.point()?;
    if tag & 0x20 != 0 {
        position += previous.map_or(DVec2::ZERO, |p| p.position);
    }
    let rotation = r.number()?;
    let motion = if tag & 0x80 != 0 {
        Some(Motion::new(r.point()?, r.number()?))
    } else {
        None
    };
    Some(ShapeEntry {
        name: None,
        name_zh: None,
        shape,
        position,
        rotation,
        motion,
    })
}

/// The bytes [`decode`] reads back as `entries` (in-range numbers map to themselves).
pub fn encode(entries: &[ShapeEntry]) -> Vec<u8> {
    let mut out = Vec::new();
    let put = |out: &mut Vec<u8>, v: f64| out.extend_from_slice(&v.to_le_bytes());
    for e in entries.iter().take(MAX_SHAPES) {
        let moving: u8 = if e.motion.is_some() { 0x80 } else { 0 };
        match &e.shape {
            ShapeSpec::Polygon { vertices, radius } => {
                out.push(if radius.is_some() { 4 } else { 0 } | moving);
                let n = vertices.len().clamp(3, 32);
                out.push((n - 3) as u8);
                for v in vertices.iter().take(n) {
                    put(&mut out, v.x);
                    put(&mut out, v.y);
                }
                if let Some(radius) = radius {
                    put(&mut out, *radius);
                }
            }
            ShapeSpec::Capsule { a, b, radius } => {
                out.push(3 | moving);
                for v in [a, b] {
                    put(&mut out, v.x);
                    put(&mut out, v.y);
                }
                put(&mut out, *radius);
            }
            ShapeSpec::Circle { radius } => {
                out.push(1 | moving);
                put(&mut out, *radius);
            }
            // A circle's kind (1) with bit 0x40: the kind is the tag modulo 5 (the
            // motion bit aside), and 0x40 + 2 = 66 is 1 modulo 5.
            ShapeSpec::Point => out.push(0x40 | 2 | moving),
            ShapeSpec::Ellipse { a, b } => {
                out.push(2 | moving);
                put(&mut out, *a);
                put(&mut out, *b);
            }
        }
        put(&mut out, e.position.x);
        put(&mut out, e.position.y);
        put(&mut out, e.rotation);
        if let Some(m) = e.motion {
            put(&mut out, m.velocity.x);
            put(&mut out, m.velocity.y);
            put(&mut out, m.angular);
        }
    }
    out
}
