//! Squash and climb when the shapes overlap: the "ways out". Minus the largest gap of
//! the shadows is the depth, the shortest move that frees the polygon: across the
//! face of largest real separation, or through a vertex to the boundary point whose
//! normal passes through it (see the module notes of [`super`]).

use super::*;

impl<'s> EllipsePolygon<'s> {
    /// Touching (apart by no more than the touching tolerance): depth 0 along the
    /// climb's last direction, between its two points.
    pub(super) fn touching_penetration(
        &self,
        found: Found,
        outcome: EllipsePolygonOutcome,
        apart: Option<(f64, DVec2, DVec2, Feature)>,
    ) -> Option<Penetration> {
        let (EllipsePolygonOutcome::Touching { .. }, Some((_, on_polygon, on_ellipse, _))) =
            (outcome, apart)
        else {
            return None;
        };
        let m = match found {
            Found::Face(i) => -self.polygon.normals()[i],
            Found::Vertex(_, m) | Found::Limit(_, m) => m,
            Found::Overlap | Found::Depth => return None,
        };
        let (m, e, p) = (
            self.polygon_shape.rotate(m),
            self.polygon_shape.to_world(on_ellipse),
            self.polygon_shape.to_world(on_polygon),
        );
        let (normal, point_a, point_b) = match self.polygon_side {
            Side::B => (m, e, p),
            Side::A => (-m, p, e),
        };
        Some(Penetration {
            depth: 0.0,
            normal,
            point_a,
            point_b,
        })
    }

    /// Overlapping, the depth's first step: the face with the largest real
    /// separation `sᵢ`. Pushing the polygon back along `m = −nᵢ`
    /// by `−sᵢ` takes the face's line past the ellipse; it frees the polygon unless a
    /// vertex holds it (`h(m) = r(m) − m·(v − c)` is largest at a face's end).
    #[inline(never)]
    pub(super) fn depth_face_step(&mut self, watch: bool) -> Option<EllipsePolygonEvent> {
        // The real separation sᵢ = nᵢ·(c − vᵢ) − r(nᵢ) = r·(s'ᵢ − 1): the squashed
        // scan's largest s'ᵢ need not be the largest sᵢ (r differs by face).
        let (mut i, mut s) = (0, f64::NEG_INFINITY);
        for j in 0..self.polygon.vertices().len().min(MAX_EDGES) {
            let (height, reach) = self.height_and_reach(j);
            if height - reach > s {
                (i, s) = (j, height - reach);
            }
        }
        let m = -self.polygon.normals()[i];
        self.deepest = Some(Deepest {
            gap: s,
            m,
            through: Feature::Face(i as u32),
        });
        self.phase = self.next_vertex(0);
        watch.then(|| EllipsePolygonEvent::FaceWayOut {
            edge: self.edge(i),
            ellipse_point: self.polygon_shape.to_world(self.probe(i, m, 0.0).e),
            direction: self.polygon_shape.rotate(m),
            // (A face a rounding error apart, s slightly above 0: depth 0.)
            depth: (-s).max(0.0),
        })
    }

    /// The first vertex from `from` on with a way out of its own: inside the ellipse
    /// (or within the touching tolerance of its boundary) — its nearest boundary
    /// point — or inside the evolute — a second local minimum across the minor axis,
    /// also for a vertex outside a long ellipse. A vertex outside both has none: its
    /// `h` has one minimum, below zero, which no direction of its piece reaches while
    /// the shapes overlap. After the last, the answer.
    #[inline(always)]
    pub(super) fn next_vertex(&self, from: usize) -> Phase {
        let vertices = self.polygon.vertices();
        let reach = 1.0 + self.tolerance.touch / self.ellipse.a.min(self.ellipse.b);
        for (k, &v) in vertices.iter().enumerate().take(MAX_EDGES).skip(from) {
            if self.squash_local(v).length_squared() <= reach * reach {
                return Phase::DepthVertex(k, false);
            }
            let d = v - self.centre;
            if self.in_evolute(d.dot(self.axis), d.dot(self.axis.perp())) {
                return Phase::DepthVertex(k, true);
            }
        }
        Phase::Finish(Found::Depth)
    }

    /// Whether `(x, y)` (the ellipse's axes) is inside the evolute, the astroid
    /// `(a|x|)^⅔ + (b|y|)^⅔ = |a² − b²|^⅔` of the centres of curvature: there four
    /// normals of the ellipse pass through the point, else two.
    #[inline(always)]
    pub(super) fn in_evolute(&self, x: f64, y: f64) -> bool {
        let (a, b) = (self.ellipse.a, self.ellipse.b);
        let c = (a * a - b * b).abs();
        // The astroid lies inside the box |x| ≤ c/a, |y| ≤ c/b; inside the box, with
        // u = a|x|/c and v = b|y|/c, u^⅔ + v^⅔ < 1 is (u² + v² − 1)³ + 27u²v² < 0
        // (the astroid's equation without cube roots).
        let (u, v) = (a * x.abs() / c, b * y.abs() / c);
        if !(u < 1.0 && v < 1.0) {
            return false;
        }
        let (u2, v2) = (u * u, v * v);
        (u2 + v2 - 1.0).powi(3) + 27.0 * u2 * v2 < 0.0
    }

    /// The ellipse's axes (polygon frame) in the quadrant of `(x, y)`: the sign of
    /// each coordinate picks the axis's sign (0 counts as +).
    #[inline(always)]
    pub(super) fn quadrant(&self, x: f64, y: f64) -> (DVec2, DVec2) {
        let sign = |t: f64| if t < 0.0 { -1.0 } else { 1.0 };
        (self.axis * sign(x), self.axis.perp() * sign(y))
    }

    /// The depth's vertex steps: vertex `k`, inside the ellipse, pushed out to the
    /// boundary. Where the boundary's normal `m` passes through the vertex,
    /// `h(m) = r(m) − m·(v − c)` (minus the gap) is smallest along the vertex's own
    /// piece: its distance to that boundary point. Its nearest boundary point has its
    /// normal in the vertex's own quadrant of the ellipse's axes (one such point
    /// there); inside the evolute, `(a|x|)^⅔ + (b|y|)^⅔ < |a² − b²|^⅔`, a second local
    /// minimum lies across the minor axis. Each is found by Newton's method on the
    /// gap's slope inside a bracket where it has one peak, and counts only if the
    /// vertex is the polygon's deepest point along `m` (`m` in its piece).
    #[inline(never)]
    pub(super) fn depth_vertex_step(
        &mut self,
        k: usize,
        second: bool,
        watch: bool,
    ) -> Option<EllipsePolygonEvent> {
        let v = self.polygon.vertices()[k];
        let d = v - self.centre;
        let (x, y) = (d.dot(self.axis), d.dot(self.axis.perp()));
        let (a, b) = (self.ellipse.a, self.ellipse.b);
        let best = self.deepest.expect("the face's way out comes first");
        // No boundary point is nearer than min(a, b)·(1 − |v'|): the squashing map
        // shortens no length by more than the factor 1/min(a, b).
        let bound = a.min(b) * (1.0 - DVec2::new(x / a, y / b).length());
        let bracket = if second {
            self.second_bracket(x, y)
        } else {
            Some(self.quadrant(x, y))
        };
        // Only a boundary normal in the vertex's own piece can count: search where the
        // bracket meets the piece (one arc: both are less than half a turn).
        let arc = bracket.and_then(|(p, q)| {
            let ordered = if cross(p, q) >= 0.0 { (p, q) } else { (q, p) };
            arc_intersection(ordered, self.vertex_piece(k))
        });
        let passed = if arc.is_none() {
            Some(PassedOver::OutsidePiece)
        } else if !second && bound >= -best.gap {
            // The bound prunes the nearest point's search (the second's is longer).
            Some(PassedOver::Bound)
        } else {
            None
        };
        let climbed = arc.filter(|_| passed.is_none()).map(|(lo, hi)| {
            // The nearest point's normal is close to the one at the vertex's radial
            // image on the boundary, ∝ (x/a², y/b²).
            let start = if second {
                None
            } else {
                (self.axis * (x / (a * a)) + self.axis.perp() * (y / (b * b))).try_normalize()
            };
            let start = start.unwrap_or((lo + hi).normalize());
            self.peak_between(k, (lo, hi), start)
        });
        self.climbed += climbed.map_or(0, |c| c.1 as usize);
        let probes = climbed.map_or(0, |c| c.1);
        // Uphill all the way to an end of the search: no boundary normal there passes
        // through the vertex. Where the piece ends that is a face normal, and the
        // face's way out is no shorter than the best face's.
        let passed = passed.or(climbed.filter(|c| c.2).map(|_| PassedOver::PieceEnd));
        let found = climbed.filter(|_| passed.is_none()).map(|c| c.0);
        // The second local minimum's step follows the nearest's, when there is one.
        let has_second = !second && self.in_evolute(x, y);
        self.phase = if has_second {
            Phase::DepthVertex(k, true)
        } else {
            self.next_vertex(k + 1)
        };
        let counts = found.is_some_and(|p| self.lowest_along(k, p.m));
        if let Some(p) = found.filter(|p| counts && p.gap > best.gap) {
            self.deepest = Some(Deepest {
                gap: p.gap,
                m: p.m,
                through: Feature::Vertex(k as u32),
            });
        }
        let best_depth = -self.deepest.map_or(best.gap, |d| d.gap);
        watch.then(|| EllipsePolygonEvent::VertexWayOut {
            vertex: k as u32,
            vertex_point: self.polygon_shape.to_world(v),
            second,
            passed,
            boundary_point: found.map(|p| self.polygon_shape.to_world(p.e)),
            direction: found.map(|p| self.polygon_shape.rotate(p.m)),
            // (A vertex within the touching tolerance outside: its depth is 0.)
            depth: found.map(|p| (-p.gap).max(0.0)),
            counts,
            bound,
            probes,
            best_depth,
        })
    }

    /// For a vertex at `(x, y)` in the ellipse's axes: when it is inside the evolute,
    /// the directions bracketing the second local minimum of its distance to the
    /// boundary — from the minor axis's end across from the vertex to the normal
    /// `m* ∝ ((|x|/a²)^⅓, (|y|/b²)^⅓)` (signs: the vertex's along the major axis,
    /// the other along the minor). (The critical points are the roots of
    /// `F(t) = (ax/(t + a²))² + (by/(t + b²))² − 1`; between `−a²` and `−b²` it is
    /// convex and smallest at `t*`, where `F(t*) < 0` is the evolute's inequality,
    /// and the root nearer the minor axis is the minimum; `m*` is the direction of
    /// `t*`.)
    #[inline(always)]
    pub(super) fn second_bracket(&self, x: f64, y: f64) -> Option<(DVec2, DVec2)> {
        let (a, b) = (self.ellipse.a, self.ellipse.b);
        if !self.in_evolute(x, y) {
            return None;
        }
        let (major, minor) = self.quadrant(x, y);
        let (mx, my) = ((x.abs() / (a * a)).cbrt(), (y.abs() / (b * b)).cbrt());
        // At the centre itself the second minimum is the minor axis's far end.
        Some(if a > b {
            (
                -minor,
                (major * mx - minor * my).try_normalize().unwrap_or(-minor),
            )
        } else {
            (
                -major,
                (minor * my - major * mx).try_normalize().unwrap_or(-major),
            )
        })
    }

    /// The direction of the largest gap of vertex `k`'s piece function between `lo`
    /// and `hi` (counter-clockwise, less than a quarter turn apart), where it has one
    /// peak: Newton's steps on its slope from `start` (`Δθ = gap'/(gap + ρ)`), kept
    /// inside the bracket; when a step leaves it, the bracket's end uphill is probed
    /// (still uphill there: that end is the highest point), then bisection — also
    /// where the gap is not concave (`gap + ρ ≤ 0`: a vertex beyond the boundary's
    /// centre of curvature). Returns the probe at the peak, the directions probed, and
    /// whether the peak is an end of the bracket, still uphill beyond it.
    #[inline(always)]
    pub(super) fn peak_between(
        &self,
        k: usize,
        (lo, hi): (DVec2, DVec2),
        start: DVec2,
    ) -> (Probe, u32, bool) {
        let reference = (lo + hi).normalize();
        let u_of = |d: DVec2| cross(reference, d) / reference.dot(d);
        let (mut u_lo, mut u_hi) = (u_of(lo), u_of(hi));
        // Whether each end of the bracket is a probe known to be below the peak.
        let (mut lo_probed, mut hi_probed) = (false, false);
        // (max and min, not clamp: no panic on a NaN from degenerate input.)
        let mut u = u_of(start).max(u_lo).min(u_hi);
        let mut probes = 0;
        loop {
            let m = (reference + reference.perp() * u).normalize();
            let p = self.probe(k, m, u);
            probes += 1;
            if let Some(peak) = p.peak() {
                return (self.probe(k, peak, u), probes + 1, false);
            }
            // Uphill counter-clockwise: the peak is past m.
            let ccw = p.slope > 0.0;
            if (ccw && u >= u_hi) || (!ccw && u <= u_lo) {
                // At an end of the bracket, still uphill beyond it.
                return (p, probes, true);
            }
            if ccw {
                (u_lo, lo_probed) = (u, true);
            } else {
                (u_hi, hi_probed) = (u, true);
            }
            if (u_hi - u_lo) / (1.0 + u * u) <= CLIMB_WIDTH || probes >= MAX_WAY_PROBES {
                return (p, probes, false);
            }
            let curvature = p.gap + p.rho;
            let newton = (curvature > 0.0)
                .then(|| u + p.slope / curvature * (1.0 + u * u))
                .filter(|t| *t > u_lo && *t < u_hi);
            u = match newton {
                Some(t) => t,
                None if ccw && !hi_probed => u_hi,
                None if !ccw && !lo_probed => u_lo,
                None => 0.5 * (u_lo + u_hi),
            };
        }
    }

    /// The end of an overlap whose depth was measured: the best way out.
    #[inline(never)]
    pub(super) fn finish_depth(&mut self, watch: bool) -> Option<EllipsePolygonEvent> {
        let (region, delta, _) = self.region.expect("the region comes first");
        let best = self.deepest.expect("the face's way out comes first");
        let vertices = self.polygon.vertices();
        let k = match best.through {
            Feature::Face(i) | Feature::Vertex(i) => i as usize,
        };
        let p = self.probe(k, best.m, 0.0);
        // The polygon's deepest point: across from the ellipse's, e + m·gap — on the
        // face's line, or (through a vertex) the vertex itself up to rounding.
        let on_polygon = p.e + best.m * p.gap;
        if let Feature::Face(i) = best.through {
            // The face's way out stands when that point lies on the face (else a
            // vertex's push would have been shorter; only rounding gets here).
            let j = if i as usize + 1 == vertices.len() {
                0
            } else {
                k + 1
            };
            let off = crate::geometry::point_segment_distance(on_polygon, vertices[k], vertices[j]);
            if off > self.tolerance.touch {
                return self.finish_by_epa(watch);
            }
        }
        let depth = (-p.gap).max(0.0);
        let m = self.polygon_shape.rotate(best.m);
        let (e, q) = (
            self.polygon_shape.to_world(p.e),
            self.polygon_shape.to_world(on_polygon),
        );
        // The normal points from A towards B; the ellipse's deepest point is its
        // support along m, the polygon's its support along −m.
        let (normal, point_a, point_b) = match self.polygon_side {
            Side::B => (m, e, q),
            Side::A => (-m, q, e),
        };
        let way_out = Some(WayOut {
            depth,
            normal,
            through: best.through,
        });
        let outcome = match region {
            VoronoiRegion::Inside(face) => EllipsePolygonOutcome::CentreInside { face, way_out },
            _ => EllipsePolygonOutcome::Overlapping {
                squashed_distance: delta,
                region,
                way_out,
            },
        };
        let penetration = Penetration {
            depth,
            normal,
            point_a,
            point_b,
        };
        self.end_with((true, 0.0, None), outcome, (0, Some(penetration)), watch)
    }

    /// The end when the face's way out is not certified: GJK and EPA's depth (rare:
    /// kept out of the method's own code).
    #[cold]
    #[inline(never)]
    pub(super) fn finish_by_epa(&mut self, watch: bool) -> Option<EllipsePolygonEvent> {
        let (a, b) = self.shapes_a_b();
        let md = crate::minkowski::MinkowskiDifference::new(a, b);
        let gjk = crate::algorithms::distance::GjkDistance::new(a, b).run_unrefined();
        let epa = crate::algorithms::epa::Epa::from_gjk(md, &gjk).run();
        let penetration = epa.penetration_or_touching(&md);
        let outcome = EllipsePolygonOutcome::EpaAnswered {
            depth: penetration.map_or(0.0, |p| p.depth),
        };
        let support_points = gjk.iterations + epa.iterations;
        self.end_with(
            (true, 0.0, None),
            outcome,
            (support_points, penetration),
            watch,
        )
    }
}
