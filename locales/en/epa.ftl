# EPA (src/app/visualizers/epa.rs).

epa-intro = When A and B overlap, A − B contains the origin. The penetration depth is the distance from the origin to the boundary of A − B, and moving B by depth·n along that boundary's normal separates them. EPA starts from GJK's final simplex and expands it. Next ▶ takes the first step.

epa-title-start = Starting polytope
epa-title-closest-edge = Closest edge
epa-title-support = Support along the normal
epa-title-inserted = Expand the polytope
epa-title-refined = Refine the normal (curved)

epa-start = GJK (distance) used { $iterations } support points and ended with the origin inside A − B. { $start ->
        [triangle] Its triangle is the starting polytope.
        [edges] It ended on a segment through the origin, so EPA starts with the two edges ab and ba, with opposite normals.
       *[point] It ended on a single point; a second support point made a segment, used as two opposite edges.
    } The polytope has { $vertices } vertices, all on the boundary of { $round ->
        [yes] the cores' difference (the rounded A − B reaches r_A + r_B = { $margin } beyond it).
       *[no] A − B.
    }

# $normal: "outward", or "foot" for a seed's version whose normals come from the
# origin's foot on the edge.
epa-closest-edge = The polytope edge nearest the origin runs from { $from } to { $to }; { $normal ->
        [foot] its normal, the seed's: the direction of the origin's foot on it (mere rounding noise when the origin lies on the edge), is
       *[outward] its outward normal is
    } n = { $n } and its distance e.d = { $distance }. The depth is at least e.d, because the polytope lies inside A − B.

epa-support = Support in direction n = { $n }: { $sources } = w { $w }. { $round ->
        [yes] w·n = { $projection } bounds the cores' depth from above, so the shapes' depth is at most w·n + r_A + r_B = { $shapes } (smallest bound so far U = { $bound }, U + r_A + r_B = { $shapes_bound });
       *[no] w·n = { $projection } bounds the depth from above (smallest bound so far U = { $bound });
    } the gap U − e.d = { $gap } { $converged ->
        [yes] is within the tolerance: the edge lies on the boundary.
       *[no] is not yet small: the boundary lies beyond the edge.
    }

epa-inserted = w { $w } splits the closest edge: it becomes vertex { $index }, and the polytope now has { $vertices } vertices. It still lies inside A − B and reaches further out.

epa-refined = { $why ->
        [gjk] A − B is curved here (an ellipse), and GJK's closest point on it is only as exact as its tolerance
        [cap] A − B is curved here (an ellipse), and EPA reached its cap of support points with many faces at almost the same distance: the depth is known to within its bounds, and the best face's normal is close
       *[faces] A − B is curved here (an ellipse), so the polytope's faces only approach its boundary: the depth has converged, but not the last face's normal
    }: n = { $before } is off by { $turn } rad. The depth is the smallest w·n over all directions, and it is smallest where the support point w lies along n. Turning n until it does (Newton's steps on the angle θ: the slope of h = w·n changes at the rate h'' = ρ − h, with ρ the boundary's radius of curvature, a²b²/h_E³ on an ellipse; { $evaluations } support points) gives n = { $n }, w = { $w }, depth { $depth }: the depth arrow in the world view points along it.

# $way: move (B moves out), touch (no move), and each with "-miss" when a seed's
# move does not separate the shapes ($miss says so).
epa-done-converged = Converged: { $round ->
        [yes] the closest edge lies on the boundary of the cores' difference, and the rounded A − B reaches r_A + r_B = { $margin } beyond it.
       *[no] the closest edge lies on the boundary of A − B.
    } Penetration depth { $depth } along n = { $n }: { $way ->
        [move] moving B by depth·n = { $offset } separates the shapes (ghost of B).
        [move-miss] moving B by depth·n = { $offset }. { $miss }
        [touch-miss] { $miss }
       *[touch] the shapes only touch, and B need not move.
    }
epa-done-radius = Only the rounded parts overlap (a circle's core is its centre, a capsule's its segment, a rounded polygon's its polygon, and the cores do not overlap): the depth is the sum of the radii minus the cores' distance, { $depth } along n = { $n }, with no polytope to expand.
epa-done-apart = GJK found A and B separated by { $distance }: there is no penetration to measure. Try GJK distance.
epa-done-degenerate = GJK's simplex could not be made into a polytope: A − B has no width.
epa-done-cap = Stopped after { $iterations } support points; best depth { $depth } along { $n }.
