//! The answers every narrow-phase method gives, whichever method found them: which
//! shape is which ([`Side`]), how deep and along which normal two shapes overlap
//! ([`Penetration`]), and the contact points of a manifold ([`Contacts`]).
//!
//! They live below the algorithms, as Box2D's `collision.h` sits below its
//! `manifold.c`: EPA, face separation, box vs box, the circle's closed form, squash and
//! climb and clipping all answer in these types, and none of them has to import
//! another algorithm for its result's type.

use glam::DVec2;
use serde::{Serialize, Serializer};

/// One of the two shapes of a pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Side {
    /// Shape A.
    A,
    /// Shape B.
    B,
}

impl Side {
    /// The other shape.
    pub fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }
}

impl std::fmt::Display for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Side::A => "A",
            Side::B => "B",
        })
    }
}

/// Depth and direction of an overlap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Penetration {
    /// How far B must move along `normal` to separate (≥ 0; 0 when touching).
    pub depth: f64,
    /// Unit normal from A towards B.
    pub normal: DVec2,
    /// The deepest point of A inside B (world).
    pub point_a: DVec2,
    /// The deepest point of B inside A (world); `point_a − point_b = depth·normal`.
    pub point_b: DVec2,
}

/// One contact point.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Contact {
    /// Where (world), on the incident shape.
    pub point: DVec2,
    /// How far below the other shape's surface it lies (≥ 0).
    pub depth: f64,
}

/// At most two values, without allocating: two convex shapes touch in at most two
/// points in 2D, and a clipped segment has at most two ends. Serialises as a list.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AtMostTwo<T> {
    items: [Option<T>; 2],
}

/// The contact points of a manifold (0, 1 or 2).
pub type Contacts = AtMostTwo<Contact>;

/// The points of a clipped segment (0, 1 or 2).
pub type Points = AtMostTwo<DVec2>;

impl<T: Copy> Default for AtMostTwo<T> {
    fn default() -> Self {
        AtMostTwo { items: [None; 2] }
    }
}

/// The first two values of an iterator (clipping never makes more).
impl<T: Copy> FromIterator<T> for AtMostTwo<T> {
    fn from_iter<I: IntoIterator<Item = T>>(values: I) -> Self {
        let mut out = AtMostTwo::default();
        for value in values.into_iter().take(2) {
            out.push(value);
        }
        out
    }
}

impl<T: Copy> AtMostTwo<T> {
    /// One value.
    pub fn one(value: T) -> Self {
        AtMostTwo {
            items: [Some(value), None],
        }
    }

    /// Two values.
    pub fn two(first: T, second: T) -> Self {
        AtMostTwo {
            items: [Some(first), Some(second)],
        }
    }

    /// The values, in order.
    pub fn iter(&self) -> impl Iterator<Item = T> + '_ {
        self.items.iter().flatten().copied()
    }

    /// How many values (0, 1 or 2).
    pub fn len(&self) -> usize {
        self.items.iter().flatten().count()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.items[0].is_none()
    }

    /// Both values, when there are two.
    #[inline(always)]
    pub fn both(&self) -> Option<(T, T)> {
        self.items[0].zip(self.items[1])
    }

    /// Adds a value (a third one is ignored: clipping never makes more than two).
    #[inline(always)]
    pub(crate) fn push(&mut self, value: T) {
        if self.items[0].is_none() {
            self.items[0] = Some(value);
        } else if self.items[1].is_none() {
            self.items[1] = Some(value);
        }
    }
}

impl<T: Copy + Serialize> Serialize for AtMostTwo<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}
