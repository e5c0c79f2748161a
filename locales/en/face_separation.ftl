# Face separation (src/app/visualizers/face_separation.rs; box against box and
# polygon distance use its steps too).

fs-intro = How physics engines find where two polygons touch, without GJK or EPA (Box2D does it this way). SAT compares both shadows on every axis; face separation asks each face one question: how far does the other polygon reach behind it? That is s = n·(w − v), with w the other polygon's deepest vertex. A positive s is a gap; otherwise the face with the largest s is the reference face, −s the depth, and clipping against it gives the contact points. Next ▶ takes the first step.

# A shape's kind, with its article ($kind: polygon, circle, ellipse, concave, capsule,
# segment, rounded).
fs-kind = { $kind ->
        [segment] a segment
        [circle] a circle
        [ellipse] an ellipse
        [concave] a concave polygon
        [capsule] a capsule
        [rounded] a rounded polygon
       *[polygon] a polygon
    }
fs-not-applicable = Face separation does not apply to { $a } and { $b }: it needs two convex polygons, whose faces are all there is to test.

fs-title-frame = B in A's frame
fs-title-face = { $shape }'s face { $i }
fs-title-reference = Reference face

fs-frame = Everything is measured in A's own frame (its axes x', y' drawn at its position). B is placed there once: turned by { $degrees }° relative to A, at t = { $t }. From now on each test is a dot product, and only the vertices a test needs are moved. { $circles ->
        [apart] Each polygon lies in the circle about its position through its farthest vertex, and these circles are { $gap } apart (|t| − r_A − r_B): the polygons are apart too, and no face needs measuring.
       *[overlap] Their bounding circles (about the positions, through the farthest vertices) overlap, so the faces are measured.
    }

# $first: "yes" for face 0 (found by a scan), "no" (found by a walk); $gap: "yes"
# when s > 0; $running: "this" when this face has the largest s so far.
fs-face = { $own }'s face { $i }, outward normal n = { $n }: { $other }'s deepest vertex behind it is w = { $w } ({ $other }'s vertex { $k }, { $first ->
        [yes] found by a scan of { $other }'s vertices
       *[no] found by walking forward from the last face's w while the next vertex is deeper (it turns with the normal)
    }). s = n·(w − v) = { $s }: { $gap ->
        [yes] s > 0: all of { $other } lies in front of this face — a gap, so the polygons are apart and the search stops here.
       *[no] w lies { $behind } behind the face's line; { $running ->
            [this] the largest so far
           *[other] face { $best }'s { $best_s } is still the largest
        }.
    } In A − B this face is an edge with { $own ->
        [A] the same normal
       *[B] the opposite normal
    }, −s = { $minus_s } from the origin (dashed).

# $why: "tolerance" (B's larger by no more than the tolerance, A's kept), "a", "b".
fs-reference = A's largest separation is face { $face_a }'s, { $s_a }; B's is face { $face_b }'s, { $s_b }. { $why ->
        [tolerance] B's is larger by no more than the touching tolerance: A's is kept, so the choice never flip-flops between parallel faces as a shape is dragged.
        [a] A's is the larger (or they are equal: then A's is kept, so the choice never flip-flops as a shape is dragged).
       *[b] B's is the larger.
    } So { $reference }'s face { $face } is the reference face: the depth is −s = { $depth } and the collision normal, from A towards B, is n = { $n }. No axis gives a smaller overlap: the edges of A − B have exactly these faces' normals.

# Labels of the faces drawn at the bottom of the world view.
fs-label-reference = reference face: { $shape }'s face { $face }
fs-label-other = other: { $shape }'s face { $face }, s = { $s }

fs-done-circles = Apart: the bounding circles about the positions are apart by { $gap }, so the polygons inside them are apart by at least that; no face was measured.
fs-done-separated = Separated: { $shape }'s face { $face } has all of { $other } in front of it, s = { $s } > 0. The polygons are apart by at least s (their distance may be larger: a corner-to-corner gap; GJK distance measures it).
fs-done-contact = They intersect: depth { $depth } along n = { $n } ({ $reference }'s face { $face }); moving B by depth·n separates them. { $count }: { $list }.
