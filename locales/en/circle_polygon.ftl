# Circle against polygon, the closed form (src/app/visualizers/circle_polygon.rs).

cp-intro = A circle is its centre grown by its radius r, so against a polygon everything follows from one number: how far the centre is from the polygon. One loop over the polygon's edges finds the edge whose line the centre lies farthest in front of; where the centre projects on that edge says which Voronoi region of the polygon holds it, a face's or a vertex's; and then distance, depth, normal and contact point are closed formulas. No GJK, no EPA. Next ▶ takes the first step.
cp-ended = The closed form ended.

cp-title-circles-apart = Bounding circles apart
cp-title-frame = Centre in the polygon's frame
cp-title-separation = Separation of edge { $i }
cp-title-best = Best face
cp-title-inside = Region: inside
cp-title-vertex = Region: vertex
cp-title-face = Region: face

cp-frame = { $p } is the polygon, { $c } the circle (radius r = { $r }). The work is done in the polygon's own frame: the centre c = { $centre } in the world is { $local } there, measured from the polygon's position along its turned axes x' and y'. This is done once; from now on every test is a dot product. The polygon lies in the circle about its position through its farthest vertex (radius R = { $reach }, dashed){ $circles ->
        [apart] , and |c| = { $length } is more than R + r = { $sum }: the two circles are { $gap } apart, and so are the shapes inside them. A yes/no or contact query stops here (no contacts); the next steps measure the distance.
       *[overlap] ; |c| = { $length } against R + r = { $sum }: the circles overlap, so the edges must decide.
    }

cp-separation = Edge { $i } of the polygon, outward normal n{ $i } = { $n }: the centre lies s{ $i } = n{ $i }·(c − v{ $i }) = { $s } { $side ->
        [front] in front of its line
       *[behind] behind its line (on the polygon's side)
    }; { $running ->
        [this] the best so far
       *[other] edge { $best }'s { $best_s } is still the best
    }.

cp-best = The largest separation is edge { $i }'s, s = { $s }. { $outside ->
        [yes] It is positive: the centre is outside the polygon, and no point of the polygon is nearer than this, so the nearest point lies on this edge or at one of its two ends.
       *[no] Every separation is ≤ 0: the centre is behind every edge's line, { $below } below this one's and nearer to it than to any other — inside the polygon, unless rounding hides that it is past a vertex along both of its edges (the next step checks).
    }{ $apart ->
        [circles] { " " }It is larger than the radius r = { $r }: the centre is at least s from the polygon, so the shapes are apart whatever the region, as the bounding circles already showed. The next steps find the distance.
        [apart] { " " }It is larger than the radius r = { $r }: the centre is at least s from the polygon, so the shapes are apart whatever the region. A contact query (no contacts when apart) stops here; the next steps find the distance.
       *[no] { "" }
    }

# Said first when the walk left the best edge for its neighbour.
cp-walked = The best edge leads only by rounding: the centre is past its end but not past that vertex along the neighbouring edge, nearly in line with it, so the walk moves on to that edge.

cp-region-inside = { $walked ->
        [yes] { cp-walked }{ " " }
       *[no] { "" }
    }s ≤ 0, and the centre projects onto edge { $i } at t = { $t }, between its ends: it is inside (shaded), δ = { $delta } from the edge's line. The way out is across that edge: n = { $n }, the edge's normal, and the polygon's nearest point is q = c − δ·n = { $q }.
cp-region-vertex = { $walked ->
        [yes] { cp-walked }{ " " }
       *[no] { "" }
    }{ $needle ->
        [yes] Not inside after all: the centre is past this vertex along both of its edges, where no point inside is. Its separations are ≤ 0 only by rounding — the polygon is a needle there, whose two edges' lines stay within rounding of each other far beyond its tip.{ " " }
       *[no] { "" }
    }The centre projects onto the edge's line at t = { $t } — { $side ->
        [before] before the start of
       *[past] past the end of
    } the edge — so it lies in the Voronoi region of vertex { $k } (shaded), between the normals of the vertex's two edges. The nearest point is the vertex itself, q = { $q }, δ = |c − q| = { $delta }, and the normal points from it to the centre: n = (c − q)/δ = { $n }.
cp-region-face = { $walked ->
        [yes] { cp-walked }{ " " }
       *[no] { "" }
    }The centre projects onto edge { $i } at t = { $t }, between its ends: it lies in the edge's face region (shaded). δ = s = { $delta }, the normal is the edge's, n = { $n }, and the nearest point is the centre's foot on the edge, q = c − δ·n = { $q }.

cp-apart = gap = δ − r = { $delta } − { $r } = { $gap } > 0: apart, at distance { $distance }. Closest points: on the polygon q = { $q }, on the circle c − r·n = { $on_circle }.
cp-intersect = gap = δ − r = { $delta } − { $r } = { $gap } ≤ 0: they intersect, depth { $depth } (touching counts, at depth 0). The normal from A towards B is { $sign } = { $n }; moving B by depth·normal separates them. The one contact point is the circle's deepest, c − r·n = { $contact }.

# A pair that is not one circle and one convex polygon ($a, $b: fs-kind's words).
cp-not-applicable = The closed form does not apply to { $a } and { $b }: it needs one circle and one convex polygon{ $circles ->
        [yes] { " " }(two circles are simpler still: the line between the centres)
       *[no] {""}
    }.
