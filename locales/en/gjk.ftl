# GJK intersection test (src/app/visualizers/gjk.rs).

gjk-intro = A and B overlap exactly when their Minkowski difference A − B (drawn in its own view) contains the origin. GJK never builds A − B: it asks for support points, the farthest points of A − B in a direction, and grows a simplex (point, segment, triangle) towards the origin. Next ▶ takes the first step.

gjk-title-support = Support point
gjk-title-region = Voronoi region
gjk-title-direction = New search direction

gjk-support = Support in direction d = { $d }: { $sources } = w { $w }. { $round ->
        [yes] w is a point of the cores' difference, and the rounded A − B reaches the radii r_A + r_B = { $margin } beyond it: w·d/|d| + r_A + r_B = { $reach } { $reaches ->
            [yes] ≥ 0, so A − B reaches past the origin along d: the origin may still be inside it.
           *[no] < 0: even the farthest point of A − B along d stops short of the origin.
        }
       *[no] w·d/|d| = { $projection } { $reaches ->
            [yes] ≥ 0, so w reaches past the origin: the origin may still be inside A − B.
           *[no] < 0: even the farthest point of A − B along d stops short of the origin.
        }
    }

gjk-region-inside = The origin is inside the triangle: A − B contains it.
gjk-region-closest = The closest point of the simplex to the origin is v = { $v }, at distance { $distance }.

gjk-direction = Search next from the kept feature towards the origin: d = { $d } { $from ->
        [point] (= −w, from the point to the origin)
       *[segment] (perpendicular to the segment, on the origin's side)
    }.

gjk-done-enclosed = Overlap: the simplex encloses the origin, so A − B contains it and A and B intersect. EPA can now measure how deep.
gjk-done-touching = { $round ->
        [yes] The cores touch: the origin lies on the simplex of the cores' difference (distance { $distance }), so the rounded shapes overlap by at least their radii, r_A + r_B = { $margin }.
       *[no] Touching: the origin lies on the simplex (distance { $distance }), within the touch tolerance. Touching counts as intersecting.
    }
gjk-done-radius = Overlap of the rounded parts: with round shapes GJK walks on the cores (a circle's core is its centre, a capsule's its segment, a rounded polygon's its polygon), and the cores came within { $distance } of each other, less than the sum of the radii.
gjk-done-separated = Separated: d/|d| = { $axis } is a separating axis. The dashed line through the support point{ $round ->
        [yes] { " " }moved out by the radii
       *[no] { "" }
    }, perpendicular to d, has all of A − B on one side and the origin on the other; A and B are at least { $gap } apart.
gjk-done-no-progress = Separated: the new support point brings the simplex no closer to the origin, which stays { $distance } away.
gjk-done-cap = Stopped after { $iterations } support points (the iteration cap) at distance { $distance }; best guess: { $intersects ->
        [yes] intersecting
       *[no] separated
    }.

# A seed's version that ends wrongly.
gjk-seed-false-axis = Separated: d/|d| = { $axis }, says the seed's GJK: its support point does not reach the origin along it, so it calls it a separating axis, with A and B at least { $gap } apart. That is the seed's answer, and it is wrong: the true support point of A − B along d/|d| reaches { $reach } past the origin, and A and B intersect.
gjk-seed-cycle = The seed's loop has no progress test, so it added the same support point again and again; without the cap it would never stop. Its best guess is { $right ->
        [yes] right
       *[no] wrong
    }: A and B { $intersect ->
        [yes] intersect
       *[no] are apart
    }.
gjk-seed-wrong = That is the seed's answer, and it is wrong: A and B { $intersect ->
        [yes] intersect
       *[no] are apart
    }.
