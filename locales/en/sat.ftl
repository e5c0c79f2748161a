# SAT and its OBB fast path (src/app/visualizers/sat.rs).

sat-intro-general = Two convex polygons are apart exactly when some axis separates their shadows (projections), and it is enough to try the normals of their edges. SAT tests them one by one: a gap on any axis ends it; if every axis overlaps, the smallest overlap is the minimum translation vector (MTV). Next ▶ takes the first step.
sat-intro-obb = Two boxes have only two edge directions each, so SAT needs four axes, and a box's shadow on an axis is its centre's ± a projected "radius", with no loop over the corners (the OBB fast path). Next ▶ takes the first step.

sat-title-separating = Separating axis
sat-title-new-minimum = Axis: new minimum
sat-title-overlap = Axis: overlap

# Where an axis comes from.
sat-source-edge = the outward normal of { $shape }'s edge { $edge }
sat-source-box-axis = { $shape }'s box axis { $axis }
sat-source-vertex = the line from { $shape }'s vertex { $vertex } (its nearest) to the circle's centre
sat-source-centres = the line through both circles' centres

sat-axis = Axis { $tested } of { $count }: n = { $n }, { $source }. Projected on n, A's shadow is [a₀, a₁] = [{ $a0 }, { $a1 }] and B's is [b₀, b₁] = [{ $b0 }, { $b1 }]; min(a₁ − b₀, b₁ − a₀) = min({ $plus }, { $minus }) = { $overlap }.
sat-separating = Negative: the shadows do not overlap, and the gap between them is { $gap }. n is a separating axis, so A and B do not intersect, and SAT stops here without testing the other { $left } axes.
sat-new-minimum = The shadows overlap by o = { $overlap }. { $way } This is the smallest overlap so far: the new minimum.
sat-not-smaller = The shadows overlap by o = { $overlap }. That is not smaller than the minimum so far, { $best } ({ $source }){ $tie ->
        [smaller] : it is smaller by only { $by }, less than the tie tolerance (1e-9 × the pair's size), so the earlier axis stays — rounding noise never decides.
        [exact] : an exact tie keeps the earlier axis.
       *[none] .
    }
sat-way-out = The shorter way out moves B by o along { $sign } = { $vector }{ $why ->
        [a-against] { " " }— against the outward normal of A's edge { $edge }: B's shadow lies nearer the other end of A's, so B gets out sooner that way
        [b-against] { " " }— against the way B's edge { $edge } faces
        [b-along] { " " }— the way B's edge { $edge } faces
       *[none] { "" }
    }.

sat-done-overlap = All { $axes } axes overlap, so no axis separates A and B: they intersect. The smallest overlap, { $depth } on n = { $n } ({ $source }), is the minimum translation vector (MTV): { $way ->
        [touch] they only touch: the depth is 0 and B need not move.
        [miss] the seed turns it towards B's centre, along { $normal }. { $miss }
       *[move] moving B by { $depth } along { $normal } separates them (ghost of B).
    } In A − B that axis is the face nearest the origin, at distance { $depth } — the depth EPA finds.
sat-done-separated = Separated: n = { $n } ({ $source }) separates A and B, found after { $tested } of { $count } axes. The gap between the shadows, { $gap }, is a lower bound on the distance (it equals it only when this axis happens to be the closest points' direction; GJK distance measures it). The dashed line across the gap separates the shapes.

# Labels drawn beside an axis's shadows.
sat-label-gap = gap { $gap }: separating axis
sat-label-new-minimum = overlap { $overlap }: new minimum
sat-label-overlap = overlap { $overlap }
sat-label-minimum = minimum so far { $overlap }
sat-label-mtv = MTV: depth { $depth }
sat-label-separated = gap { $gap }: separated

# Why SAT does not answer a pair ($shape: A or B).
sat-na-curved = SAT does not apply: { $shape } is an ellipse, and the axis it would need (the normal at its point nearest the other shape) has no closed form. GJK + EPA answer for any convex shape.
sat-na-not-a-box = The OBB fast path needs two rectangles, and { $shape } is not one. The general SAT works for any convex polygon.
sat-na-concave = { $shape } is concave: SAT runs on its convex parts, one pair at a time.
# $kind: capsule or rounded.
sat-na-rounded = SAT does not apply: { $shape } is a { $kind ->
        [capsule] capsule
       *[rounded] rounded polygon
    }, a core grown by a radius, and where its arcs face the other shape the separating axis runs between their nearest points, which no list of edge normals holds. GJK + EPA answer for any convex shape: on the cores, the radii added at the end.
sat-na-segment = SAT does not apply: { $shape } is a segment (a capsule of radius 0), and gjk-lab's SAT takes polygons and circles. A segment's edge normals are not always enough: two segments on one line, apart, overlap on every edge normal (their shadows one point wide), and only the line's own direction separates them. GJK + EPA answer for any convex shape.
