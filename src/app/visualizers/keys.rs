//! The key that shows each algorithm (1 … 9, 0, −, = for the shapes standing still; D, U, C, X, A, T for the casts), named in the narration ("key
//! 7 switches to …") and pressed in the window (`app/input.rs` maps the names to keys).

use gjk_lab_core::algorithms::Algorithm;

/// The key that shows `algorithm`, as the narration names it. Every algorithm has one:
/// a new algorithm does not compile until it is given its key here.
pub fn key_of(algorithm: Algorithm) -> &'static str {
    match algorithm {
        Algorithm::Gjk => "1",
        Algorithm::Distance => "2",
        Algorithm::Epa => "3",
        Algorithm::PseudoEpa => "4",
        Algorithm::Sat => "5",
        Algorithm::SatObb => "6",
        Algorithm::Clip => "7",
        Algorithm::CirclePolygon => "8",
        Algorithm::FaceSeparation => "9",
        Algorithm::BoxBox => "0",
        Algorithm::EllipsePolygon => "-",
        Algorithm::PolygonDistance => "=",
        // The casts: letters (the digits are taken).
        Algorithm::Discrete => "D",
        Algorithm::SubStepping => "U",
        Algorithm::ShapeCast => "C",
        // X: the axes (separating axes in time).
        Algorithm::SatCast => "X",
        Algorithm::ConservativeAdvancement => "A",
        Algorithm::TimeOfImpact => "T",
    }
}
