//! The key that shows each algorithm (1 … 9, 0, −, = for the shapes standing still; D,
//! U, C, X, A, T for the casts), pressed in the window (`app/input.rs` maps the names
//! to keys) and named on the "Use … instead" button. The narration names algorithms,
//! not keys: on a touch screen there are none.

use gjk_lab_core::algorithms::Algorithm;

/// The key that shows `algorithm`. Every algorithm has one:
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
