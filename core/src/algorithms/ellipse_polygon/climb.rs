//! Squash and climb, steps 4 to 6: the climb to the distance. From the squashed
//! picture's separating direction, Newton's method in the nearest vertex's piece of
//! directions (or a face check) climbs to the direction whose gap between the ellipse
//! and the polygon is largest: the distance (see the module notes of [`super`]).

use super::*;

impl<'s> EllipsePolygon<'s> {
    /// Step 4: the squashed separating direction, mapped back. A face region starts
    /// at the face's normal itself (its squashed normal maps back onto it).
    #[inline(always)]
    pub(super) fn start_step(&mut self, watch: bool) -> Option<EllipsePolygonEvent> {
        let (region, _, nearest) = self.region.expect("the region comes first");
        let (direction, gap) = match region {
            VoronoiRegion::Face(i) => {
                let i = i as usize;
                self.phase = Phase::Face(i);
                let n = self.polygon.normals()[i];
                let (height, reach) = self.height_and_reach(i);
                (-n, height - reach)
            }
            VoronoiRegion::Vertex(k) => {
                // The squashed line normal to q' separates; mapped back, its normal is
                // diag(1/a, 1/b)·q' in the ellipse's axes (normals map by the inverse
                // transpose). It points from the ellipse towards the polygon.
                let m = (self.axis * (nearest.x / self.ellipse.a)
                    + self.axis.perp() * (nearest.y / self.ellipse.b))
                    .normalize();
                let k = k as usize;
                self.phase = match self.enter_piece(k, m) {
                    Ok(piece) => self.enter(piece),
                    // Level already: the peak is here.
                    Err(peak) => Phase::Finish(Found::Vertex(k, peak)),
                };
                (m, f64::NAN)
            }
            VoronoiRegion::Inside(_) => unreachable!("inside is an overlap"),
        };
        watch.then(|| EllipsePolygonEvent::Direction {
            direction: self.polygon_shape.rotate(direction),
            gap: match region {
                VoronoiRegion::Vertex(k) => self.probe(k as usize, direction, 0.0).gap,
                _ => gap,
            },
        })
    }

    /// Probes direction `m` in vertex `k`'s piece (`u` is its place in the piece).
    #[inline(always)]
    pub(super) fn probe(&self, k: usize, m: DVec2, u: f64) -> Probe {
        let v = self.polygon.vertices()[k];
        let (x, y) = (m.dot(self.axis), m.dot(self.axis.perp()));
        let (a2, b2) = (
            self.ellipse.a * self.ellipse.a,
            self.ellipse.b * self.ellipse.b,
        );
        let r = (a2 * x * x + b2 * y * y).sqrt();
        // s(m) = (a²x·x̂ + b²y·ŷ)/r: the ellipse's support point, from its centre.
        let e = self.centre + (self.axis * (a2 * x) + self.axis.perp() * (b2 * y)) / r;
        Probe {
            u,
            m,
            e,
            gap: m.dot(v - self.centre) - r,
            slope: m.perp().dot(v - e),
            rho: a2 * b2 / (r * r * r),
        }
    }

    /// The piece of vertex `k` entered at direction `m`, climbing the way its slope
    /// says; or the peak's direction when `m` is already at it (see [`Probe::peak`]).
    #[inline(always)]
    pub(super) fn enter_piece(&self, k: usize, m: DVec2) -> Result<Piece, DVec2> {
        let start = self.probe(k, m, 0.0);
        if let Some(peak) = start.peak() {
            return Err(peak);
        }
        let n = self.polygon.vertices().len();
        let dir = start.slope.signum();
        // Counter-clockwise the piece ends at −n[k], clockwise at −n[k − 1].
        let far_face = if dir > 0.0 { k } else { (k + n - 1) % n };
        let end = -self.polygon.normals()[far_face];
        // Directions as m(u) = (m + u·m⊥)/|…|: u = tan of the turn from m. The piece
        // spans less than half a turn, but its far end may be more than a quarter
        // away; then the reference is the bisector of m and the end: m turned by half
        // the turn to the end, the climb's way round (not (m + end)/|m + end|, which
        // rounding ruins when the piece spans almost half a turn — a sliver's vertex).
        let reference = if m.dot(end) > 0.0 {
            m
        } else {
            let half = 0.5 * dir * cross(m, end).atan2(m.dot(end)).abs();
            m * half.cos() + m.perp() * half.sin()
        };
        let u_of = |d: DVec2| cross(reference, d) / reference.dot(d);
        let start = Probe {
            u: u_of(m),
            ..start
        };
        Ok(Piece {
            vertex: k,
            reference,
            dir,
            far: u_of(end),
            far_face,
            floor: start.gap,
            below: start,
            beyond: None,
            last: start,
        })
    }

    /// The climb goes on in `piece`.
    #[inline(always)]
    pub(super) fn enter(&mut self, piece: Piece) -> Phase {
        self.piece = Some(piece);
        Phase::Piece
    }

    /// A face check: at `m = −nᵢ`, where the ellipse's nearest point projects on edge
    /// `i` decides between the face and the vertex piece uphill.
    #[inline(always)]
    pub(super) fn face_step(&mut self, i: usize, watch: bool) -> Option<EllipsePolygonEvent> {
        self.climbed += 1;
        let vertices = self.polygon.vertices();
        let n = vertices.len();
        let j = if i + 1 == n { 0 } else { i + 1 };
        let normal = self.polygon.normals()[i];
        let m = -normal;
        let probe = self.probe(i, m, 0.0);
        let edge = vertices[j] - vertices[i];
        // t = (e − vᵢ)·(vⱼ − vᵢ)/|vⱼ − vᵢ|²
        let t = (probe.e - vertices[i]).dot(edge) / edge.length_squared();
        let next = if (0.0..=1.0).contains(&t) {
            self.phase = Phase::Finish(Found::Face(i));
            FaceVerdict::Face
        } else {
            // Before the start: the gap grows clockwise, into vertex i's piece; past
            // the end, counter-clockwise into vertex j's.
            let k = if t < 0.0 { i } else { j };
            self.phase = match self.enter_piece(k, m) {
                Ok(piece) => self.enter(piece),
                Err(peak) => Phase::Finish(Found::Vertex(k, peak)),
            };
            FaceVerdict::Vertex(k as u32)
        };
        watch.then(|| EllipsePolygonEvent::FaceCheck {
            edge: self.edge(i),
            ellipse_point: self.polygon_shape.to_world(probe.e),
            t,
            gap: probe.gap,
            next,
        })
    }

    /// One Newton probe in a vertex's piece (bisection when Newton's step leaves the
    /// bracket; the far end when the step would pass it).
    #[inline(always)]
    pub(super) fn newton_step(&mut self, watch: bool) -> Option<EllipsePolygonEvent> {
        let mut piece = self.piece.expect("a piece is entered before its probes");
        self.climbed += 1;
        let k = piece.vertex;
        let last = piece.last;
        // Newton on the slope: Δθ = gap'/(gap + ρ) (gap'' = −gap − ρ); du = (1 + u²)·dθ.
        // Not from a probe below the floor: across a sliver's vertex the piece spans
        // almost half a turn, and a long step can land by another hump of the gap (the
        // ellipse's support is least along its minor axis, both ways), lower than
        // where the climb began; Newton from there climbs that hump. Bisect instead.
        let curvature = last.gap + last.rho;
        let newton = (curvature > 0.0 && last.gap >= piece.floor)
            .then(|| last.u + last.slope / curvature * (1.0 + last.u * last.u))
            .filter(|u| u.is_finite());
        // Along the climb, w = dir·u grows.
        let w = |u: f64| piece.dir * u;
        let upper = piece.beyond.map_or(piece.far, |b| b.u);
        let inside = |u: f64| w(u) > w(piece.below.u) && w(u) < w(upper);
        let (u, how) = match newton {
            Some(u) if inside(u) => (u, Turn::Newton),
            // Past the far end with nothing beyond known: try the end itself.
            _ if piece.beyond.is_none() => (piece.far, Turn::PieceEnd),
            _ => (0.5 * (piece.below.u + upper), Turn::Bisection),
        };
        let to_far_end = how == Turn::PieceEnd;
        let m = (piece.reference + piece.reference.perp() * u).normalize();
        let p = self.probe(k, m, u);
        if !(p.gap.is_finite() && p.slope.is_finite() && p.e.is_finite()) {
            // Rounding left no direction to probe (u beyond any float): GJK answers.
            return self.finish_by_gjk(piece.below.gap, watch);
        }
        let uphill = p.slope * piece.dir > 0.0 && p.gap >= piece.floor;
        let mut settled = false;
        if to_far_end && uphill {
            // Still climbing at the face normal: the face decides.
            self.phase = Phase::Face(piece.far_face);
        } else {
            if uphill {
                piece.below = p;
            } else {
                piece.beyond = Some(p);
            }
            piece.last = p;
            let upper = piece.beyond.map_or(piece.far, |b| b.u);
            // A peak lower than the floor is another hump's, not the distance's.
            let above = p.gap >= piece.floor;
            let peak = p.peak().filter(|_| above).or_else(|| {
                // A bracket this narrow has the peak inside it.
                ((upper - piece.below.u).abs() / (1.0 + upper * upper) <= CLIMB_WIDTH)
                    .then_some(if above { m } else { piece.below.m })
            });
            settled = peak.is_some();
            self.phase = match peak {
                Some(peak) => Phase::Finish(Found::Vertex(k, peak)),
                None => self.enter(piece),
            };
        }
        watch.then(|| EllipsePolygonEvent::Newton {
            vertex: k as u32,
            vertex_point: self.polygon_shape.to_world(self.polygon.vertices()[k]),
            direction: self.polygon_shape.rotate(m),
            ellipse_point: self.polygon_shape.to_world(p.e),
            gap: p.gap,
            slope: p.slope,
            curvature_radius: p.rho,
            turn: u.atan() - last.u.atan(),
            how,
            settled,
        })
    }

    /// The last step: the answer, in world coordinates and A/B terms.
    #[inline(always)]
    pub(super) fn finish(&mut self, found: Found, watch: bool) -> Option<EllipsePolygonEvent> {
        let (region, delta, _) = self.region.expect("the region comes first");
        let steps = self.next + self.climbed;
        // The gap, the polygon's and the ellipse's points (polygon frame).
        let apart = match found {
            Found::Overlap | Found::Depth => None,
            Found::Face(i) => {
                let m = -self.polygon.normals()[i];
                let p = self.probe(i, m, 0.0);
                Some((p.gap, p.e + m * p.gap, p.e, Feature::Face(i as u32)))
            }
            Found::Vertex(k, m) | Found::Limit(k, m) => {
                let p = self.probe(k, m, 0.0);
                let v = self.polygon.vertices()[k];
                Some((p.gap, v, p.e, Feature::Vertex(k as u32)))
            }
        };
        // A vertex's answer carries its own certificate: the gap along m is a lower
        // bound on the distance, |v − e| between its two points an upper bound. Far
        // apart, the directions could not resolve the ellipse's curve (a needle
        // 1e18 times longer than wide turns its support point across 1e9 within
        // 1e-16 rad): GJK distance, which works with points, answers.
        // And its vertex must be the polygon's nearest along m (no higher than its
        // two neighbours: for a convex polygon then the lowest).
        if let (Found::Vertex(k, m) | Found::Limit(k, m), Some((gap, v, e, _))) = (found, apart) {
            if (v - e).length() - gap > CERTIFIED * self.tolerance.scale || !self.lowest_along(k, m)
            {
                return self.finish_by_gjk(gap, watch);
            }
        }
        // A face's answer: the foot of the ellipse's point must lie on the face (a
        // projection on a face far smaller than the distance can round into it).
        if let (Found::Face(i), Some((gap, foot, _, _))) = (found, apart) {
            let vertices = self.polygon.vertices();
            let j = if i + 1 == vertices.len() { 0 } else { i + 1 };
            let off = crate::geometry::point_segment_distance(foot, vertices[i], vertices[j]);
            if off > self.tolerance.touch {
                return self.finish_by_gjk(gap, watch);
            }
        }
        let world = |p: DVec2| self.polygon_shape.to_world(p);
        let (outcome, closest, feature) = match apart {
            None => {
                let outcome = match region {
                    VoronoiRegion::Inside(face) => EllipsePolygonOutcome::CentreInside {
                        face,
                        way_out: None,
                    },
                    _ => EllipsePolygonOutcome::Overlapping {
                        squashed_distance: delta,
                        region,
                        way_out: None,
                    },
                };
                (outcome, None, None)
            }
            Some((gap, _, _, _)) if gap <= self.tolerance.touch => (
                EllipsePolygonOutcome::Touching { gap: gap.max(0.0) },
                None,
                None,
            ),
            Some((gap, on_polygon, on_ellipse, feature)) => {
                let outcome = match found {
                    Found::Limit(..) => EllipsePolygonOutcome::IterationLimit { steps },
                    _ => EllipsePolygonOutcome::Separated {
                        distance: gap,
                        feature,
                    },
                };
                let (p, e) = (world(on_polygon), world(on_ellipse));
                let pair = match self.polygon_side {
                    Side::A => (p, e),
                    Side::B => (e, p),
                };
                (outcome, Some(pair), Some(feature))
            }
        };
        let outcome = if self.polygon.vertices().len() > MAX_EDGES {
            EllipsePolygonOutcome::IterationLimit { steps }
        } else {
            outcome
        };
        self.result = Some(EllipsePolygonResult {
            intersects: closest.is_none(),
            distance: match (closest, apart) {
                (Some(_), Some((gap, ..))) => gap,
                _ => 0.0,
            },
            closest,
            feature,
            squashed_distance: delta,
            region,
            polygon: self.polygon_side,
            outcome,
            steps,
            support_points: self.climbed + usize::from(apart.is_some()),
            penetration: self.touching_penetration(found, outcome, apart),
        });
        self.phase = Phase::Done;
        watch.then(|| EllipsePolygonEvent::Done { outcome })
    }

    /// Vertex `k`'s piece of directions `m` (polygon frame): where it is the polygon's
    /// lowest point along `m`, from edge `k − 1`'s reversed normal counter-clockwise
    /// to edge `k`'s.
    #[inline(always)]
    pub(super) fn vertex_piece(&self, k: usize) -> (DVec2, DVec2) {
        let normals = self.polygon.normals();
        let before = if k == 0 { normals.len() - 1 } else { k - 1 };
        (-normals[before], -normals[k])
    }

    /// Whether vertex `k` is no higher along `m` than its two neighbours (within
    /// rounding).
    pub(super) fn lowest_along(&self, k: usize, m: DVec2) -> bool {
        let vertices = self.polygon.vertices();
        let n = vertices.len();
        let here = m.dot(vertices[k]);
        [(k + n - 1) % n, (k + 1) % n].into_iter().all(|j| {
            let there = m.dot(vertices[j]);
            there >= here - 1e-12 * (here.abs() + there.abs())
        })
    }

    /// The end when a vertex's answer is not certified: GJK distance's answer (rare:
    /// kept out of the climb's own code).
    #[cold]
    #[inline(never)]
    pub(super) fn finish_by_gjk(&mut self, gap: f64, watch: bool) -> Option<EllipsePolygonEvent> {
        let (a, b) = self.shapes_a_b();
        let gjk = crate::algorithms::distance::GjkDistance::new(a, b).run();
        let outcome = EllipsePolygonOutcome::GjkAnswered {
            climb_gap: gap,
            distance: gjk.distance,
        };
        let answer = (gjk.intersects, gjk.distance, gjk.closest);
        self.end_with(answer, outcome, (gjk.iterations, None), watch)
    }
}
