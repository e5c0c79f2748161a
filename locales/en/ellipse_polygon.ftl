# Ellipse against convex polygon, squash and climb (src/app/visualizers/ellipse_polygon.rs).

ellipse-intro = An ellipse is a squashed circle. Squash the plane along the ellipse's axes, x by 1/a and y by 1/b, and the ellipse becomes the unit circle while the polygon stays a convex polygon. Squashing keeps overlaps and separating lines, so whether the shapes meet is the circle's question: one loop over the edges, then the centre's Voronoi region. It does not keep distances: when they are apart, the squashed separating line only gives a direction m to start from, and Newton's method turns m until the gap between the shapes' shadows on it is largest — that gap is the distance. When they overlap, the depth is the shortest way out: across a face, or through a vertex inside the ellipse to the boundary point whose normal passes through it. Next ▶ takes the first step.
ellipse-ended = Squash and climb ended.

ellipse-title-squash = Squash the ellipse into a circle
ellipse-title-separation = Squashed separation of edge { $i }
ellipse-title-inside = Region: inside
ellipse-title-vertex = Region: vertex
ellipse-title-face = Region: face
ellipse-title-direction = Separating direction
ellipse-title-face-check = Face check: edge { $i }
ellipse-title-newton = Newton in vertex { $k }'s piece
ellipse-title-face-way = Way out across edge { $i }
ellipse-title-vertex-passed = Way out through vertex { $k }: passed over
ellipse-title-vertex-way = Way out through vertex { $k }{ $second ->
        [yes] { " " }(second)
       *[no] { "" }
    }

ellipse-squash = { $p } is the polygon, { $e } the ellipse: semi-axes a = { $a } along its axis u = { $u } and b = { $b } across it, centre c = { $c }. Squash the plane about c, along u by 1/a and across by 1/b: the ellipse becomes the unit circle, the polygon another convex polygon (both dashed, drawn about c with the circle at radius √(ab) = { $radius }, the ellipse's own area). Lines stay lines and insides stay insides: the squashed shapes overlap exactly when the real ones do. The work is done in the polygon's frame; no squashed point is ever stored.

ellipse-separation = Edge { $i }, outward normal n{ $i } = { $n }: the centre is h = n{ $i }·(c − v{ $i }) = { $h } { $side ->
        [front] in front of
       *[behind] behind
    } its line, and the ellipse reaches r(n{ $i }) = √(a²p² + b²q²) = { $reach } along the normal (p, q: the normal's parts along the ellipse's axes). Squashed, the edge's separation from the centre is s'{ $i } = h / r = { $s }, in units of the circle's radius.{ $alone ->
        [yes] { " " }It is more than 1: this edge's line alone separates them (its real separation s{ $i } = h − r = { $real } > 0).
       *[no] { "" }
    } { $running ->
        [this] The best so far
       *[other] Edge { $best }'s { $best_s } is still the best
    }.

# The region step: the best edge, (the walk), where the squashed centre is, the verdict.
ellipse-region = The largest squashed separation is edge { $best }'s, s' = { $best_s }. { $walked ->
        [yes] It leads only by rounding: the squashed centre is past its end but not past that vertex along the neighbouring edge, nearly in line with it, so the walk moves on to that edge.{ " " }
       *[no] { "" }
    }{ $region ->
        [inside] Every s' is ≤ 0: the centre is inside the polygon
        [vertex] The squashed centre projects on that edge at t = { $t } — { $side ->
            [before] before the start of
           *[past] past the end of
        } it — so it lies in the Voronoi region of vertex { $k } (shaded), and its distance to the squashed polygon is δ' = |q'| = { $delta }, to that vertex
       *[face] The squashed centre projects on that edge at t = { $t }, between its ends: it lies in the edge's face region (shaded), and δ' = s' = { $delta }
    }. { $meet ->
        [yes] δ' ≤ 1: the unit circle reaches the squashed polygon, so the ellipse reaches the polygon: they intersect.
       *[no] δ' > 1: the squashed circle and polygon are apart, so the real shapes are apart too. By how much the squashed picture cannot say: squashing shortens some lengths more than others.
    }

ellipse-direction = Mapped back, the squashed line normal to q' still separates the shapes; its normal becomes m = { $m } (normals map by 1/a and 1/b in the ellipse's axes), pointing from the ellipse to the polygon. On m the two shadows are apart by gap(m) = { $gap } > 0: the distance is at least that (in A − B, the gap from the origin to the dashed line normal to m that touches A − B). The distance is the largest gap over all directions, and where the gap is positive it rises to one peak: climb it from here.

ellipse-face-check = At m = −n{ $i } = { $m }, edge { $i }'s normal reversed, the gap has a corner: the polygon's nearest points along m are the whole edge. The ellipse's point nearest the polygon is e = { $e }; it projects on edge { $i } at t = { $t }, and the gap is { $gap }. { $next ->
        [face] 0 ≤ t ≤ 1: e faces the inside of the edge, so turning m either way lowers the gap — the face is the polygon's nearest feature, and the gap here, the face's separation s{ $i } = { $gap }, is the peak.
        [before] t is before the start of the edge, so the gap still grows turning m clockwise, into the piece of directions where vertex { $k } is the polygon's nearest point.
       *[past] t is past the end of the edge, so the gap still grows turning m counter-clockwise, into the piece of directions where vertex { $k } is the polygon's nearest point.
    }

ellipse-newton = { $how ->
        [newton] Newton's step from the last direction turned m by { $turn } rad
        [bisection] Newton's step left the bracket around the peak, so m turned by { $turn } rad to its middle
        [fallback] The last probe fell below where the climb began, so Newton's step from it is not trusted: m turned by { $turn } rad to the middle of the bracket
       *[end] Newton's step would leave the piece, so m turned by { $turn } rad to its end, a face normal
    }: m = { $m }. Vertex { $k } is the polygon's nearest point along it, the ellipse's is e = { $e }: gap = m·(v − c) − r(m) = { $gap }, its slope gap' = t·(v − e) = { $slope } (t: m turned a quarter left), and the ellipse's radius of curvature at e is ρ = { $rho } (gap'' = −gap − ρ).{ $next ->
        [landed] { " " }Newton's next turn, gap'/(gap + ρ) = { $newton } rad, is below 1e-7 rad: taken without another probe, it lands on the peak within about its square.
        [bracket] { " " }The bracket around the peak is below 1e-12 rad wide: the peak is here.
        [step] { " " }Next, Newton's step Δθ = gap'/(gap + ρ) = { $newton } rad.
        [fell] { " " }That is below { $floor }, the gap where the climb in this piece began: across a sharp vertex the piece spans almost half a turn, and this direction lies by another hump of the gap (the ellipse's support is least along its minor axis, both ways), not the distance's. The next probe bisects between the best direction so far and this one.
       *[none] { " " }
    }

ellipse-face-way = They overlap, so the question becomes how deep: the shortest move of the polygon that frees it. Moved along a direction m, the polygon must carry its lowest point along m past the ellipse's highest, e: the depth along m is m·(e − v) for the polygon's lowest vertex v, minus the gap of the shadows. Along a face's reversed normal the whole face is lowest, and the move is minus the face's real separation s = n·(c − v) − r(n). The largest s is edge { $i }'s, { $s }: moving the polygon by { $depth } along m = −n{ $i } = { $m } takes the face's line past e = { $e }, and that line then separates them. A vertex inside the ellipse may have a shorter way out.

# A vertex's way out that is passed over.
ellipse-vertex-passed = { $inside ->
        [yes] Vertex { $k } is inside the ellipse
       *[no] Vertex { $k } is outside the ellipse but inside its evolute (the curve of its centres of curvature, reaching past a long ellipse's sides)
    }, { $why ->
        [end] but searching its piece for { $second ->
            [yes] a second boundary point across the minor axis, where the boundary's normal passes through it
           *[no] its nearest boundary point
        }, the gap rises all the way to the piece's end, an edge's reversed normal: no boundary normal in the piece passes through the vertex, and that edge's way out is no shorter than the best edge's. The shortest way out so far: { $best }
        [bound] but no boundary point is nearer to it than min(a, b)·(1 − |v'|) = { $bound } (squashing shortens no length by more than the factor 1/min(a, b)), and the shortest way out so far is { $best }
       *[quarter] but the normal at { $second ->
            [yes] a second boundary point across the minor axis, where the boundary's normal passes through it
           *[no] its nearest boundary point
        } lies in a quarter of directions (bounded by the ellipse's axes) that misses the vertex's piece — the directions along which it is the polygon's lowest point, between its edges' reversed normals: pushed along any of those the rest of the polygon would stay inside. The shortest way out so far: { $best }
    }: passed over.

ellipse-vertex-way = { $inside ->
        [yes] Vertex { $k } is inside the ellipse
       *[no] Vertex { $k } is outside the ellipse but inside its evolute (the curve of its centres of curvature, reaching past a long ellipse's sides)
    }. { $second ->
        [yes] Besides its nearest boundary point, a second one across the minor axis is nearer to it than its neighbours on the boundary: it
       *[no] Its nearest boundary point (searched within its piece)
    } is e = { $e }, where the boundary's normal m = { $m } passes through the vertex (found by Newton's method on the angle of m, { $probes } directions probed): the two lines normal to m through e and the vertex are { $depth } apart. { $counts ->
        [yes] Vertex { $k } is the polygon's lowest point along m, so moving the polygon by { $depth } along m brings it onto e, and the tangent there separates the shapes. The shortest way out so far: { $best }.
       *[no] But vertex { $lower }, not { $k }, is the polygon's lowest point along m: that move would leave it inside, so this way out does not count. The shortest so far: { $best }.
    }

ellipse-depth = They overlap (δ' = { $squashed } ≤ 1) by { $depth }: the shortest way out is { $through ->
        [face] across edge { $i }
       *[vertex] through vertex { $i }
    }. Moving B by depth·n = { $offset } separates the shapes (ghost of B).
ellipse-epa = The best face's way out failed its check (the ellipse's deepest point did not lie across the face, which only rounding allows): GJK and EPA measured the depth instead, { $depth }. Moving B by depth·n = { $offset } separates the shapes (ghost of B).
ellipse-apart = Apart, at distance { $distance } = the gap at the peak. Closest points: on the ellipse e = { $e }, on the polygon { $p } ({ $feature ->
        [face] on edge { $i }
       *[vertex] vertex { $i }
    }).
ellipse-cap = Stopped after { $steps } steps, the cap: the largest gap found, { $gap }, is the answer (a lower bound on the distance).
ellipse-gjk = The climb's gap, { $gap }, and the distance between its two points disagree by more than 1e-10 of the size: the ellipse is too thin for directions to resolve its curve (its support point sweeps across it within less than a rounding of the angle). GJK distance, which works with points, answers: apart, at distance { $distance }.
ellipse-touching = The largest gap is { $gap }, within the touching tolerance: they touch, which counts as intersecting, at depth 0.
ellipse-intersect = They intersect (δ' = { $squashed } ≤ 1); only whether they meet was asked, not how deep.

# $a, $b: the shapes' kinds (fs-kind).
ellipse-not-applicable = Squash and climb does not apply to { $a } and { $b }: it needs one ellipse and one convex polygon.
