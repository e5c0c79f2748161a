# GJK distance (src/app/visualizers/distance.rs).

distance-intro = The distance between A and B is the distance from the origin to A − B. GJK distance moves its simplex until it holds v, the point of A − B nearest the origin; the same weights on the points of A and B give the closest points. Next ▶ takes the first step.

distance-title-support = Support point
distance-title-region = Voronoi region
distance-title-direction = New search direction
distance-title-closest = Closest point
distance-title-refined = Refine the closest points (curved)

distance-direction-minus-v = Search next towards the origin from v: d = −v = { $d }.
distance-direction-edge = Search next towards the origin from v: d = { $d }, the edge's perpendicular on the origin's side. It points the same way as −v = { $minus_v }, only longer or shorter, and a support point depends only on the direction.
distance-direction = Search next towards the origin: d = { $d }.

distance-support = Support in direction d = { $d }: { $sources } = w { $w }. { $round ->
        [yes] The bound line, perpendicular to d through w moved out by the radii r_A + r_B = { $margin } (dashed), has all of the rounded A − B on its far side, so the distance is at least { $bound }.
       *[no] The bound line through w, perpendicular to d (dashed), has all of A − B on its far side, so the distance is at least { $bound }.
    }{ $test ->
        [stuck] { " " }Progress test: |v|² − v·w = { $gap } — no progress.
        [progress] { " " }Progress test: |v|² − v·w = { $gap } > 0, so w may bring the simplex closer.
       *[none] { "" }
    }

distance-closest = v = { $v } is the simplex point nearest the origin, with weights λ = [{ $weights }]. { $round ->
        [yes] So the distance is at most { $distance } (|v| less the radii r_A + r_B). The same weights on the cores' points give the cores' nearest points; each moved out by its radius towards the other shape (A's along −v, B's along v): { $on_a } on A and { $on_b } on B.
       *[no] So the distance is at most { $distance } (|v|). The same weights on A's and B's points give { $on_a } on A and { $on_b } on B.
    }

distance-refined = A − B is curved here (an ellipse), and GJK's v on it is only as exact as its stopping test: the direction from A towards B, d = −v/|v| = { $d }, is off by { $turn } rad. The distance is the largest gap over all directions n, −w·n with w the support point along n, and it is largest where w lies along n. Turning n until it does (Newton's steps on the angle θ: the slope of h = w·n changes at the rate h'' = ρ − h, with ρ the boundary's radius of curvature, a²b²/h_E³ on an ellipse; { $evaluations } support points) gives n = { $n }, w = { $w }, distance { $distance }: the closest points are { $on_a } on A and { $on_b } on B.

distance-done-between = Converged: no support point gets measurably closer. The distance is { $distance }, between { $on_a } on A and { $on_b } on B.
distance-done = Converged: no support point gets measurably closer. The distance is { $distance }.
distance-done-enclosed = The simplex encloses the origin: A and B overlap, the distance is 0. Use EPA for the depth.
distance-done-on-simplex = The simplex reached the origin (within { $distance }): A and B touch or overlap, the distance is 0.
distance-done-radius = The cores (a circle's centre, a capsule's segment, a rounded polygon's polygon) came within { $distance } of each other, less than the sum of the radii: the rounded parts overlap, the distance is 0.
distance-done-cap = Stopped after { $iterations } support points; the best upper bound on the distance is { $distance }.
