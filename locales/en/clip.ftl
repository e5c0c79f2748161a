# Clipping: contact points (src/app/visualizers/clip.rs; face separation and box
# against box use its steps too).

clip-intro = Where do two overlapping shapes touch? A physics engine needs contact points, not just a depth: one when a corner pokes into an edge, two when edges rest on each other. Clipping finds them from the collision normal: choose a reference edge and an incident edge, cut the incident edge by the reference edge's side planes, and keep what lies below the reference face. Next ▶ takes the first step.

clip-title-round = Round parts touch
clip-title-curved = Deepest point
clip-title-reference = Reference edge
clip-title-incident = Incident edge
clip-title-side-plane = Clip by side plane { $plane }
clip-title-keep = Keep points below the face

clip-round = { $reached ->
        [some] The deepest clipped point is { $clipped } deep, short of
       *[none] Clipping kept no point, so none reaches
    } the penetration depth { $depth }: the cores are apart, and nearest at two vertices, so round parts touch (a capsule's end, a rounded corner), where no edge lies flat on the other. The one contact is B's point deepest in A, { $point }, with the depth { $contact_depth } (Box2D's vertex–vertex contact).
clip-curved = { $shape } is curved, so the shapes meet in one point: { $shape }'s deepest point along the normal, { $point }, with the penetration depth { $depth }. No edges to clip.

clip-reference = GJK + EPA give the collision normal n = { $n } (depth { $depth }), from A towards B. A's { $a_core ->
        [yes] core edge
       *[no] edge
    } { $edge_a } faces B (its outward normal is the one most aligned with n), B's { $b_core ->
        [yes] core edge
       *[no] edge
    } { $edge_b } faces A.{ $cores ->
        [yes] { " " }A shape with a radius is clipped on its core (A's radius { $radius_a }, B's { $radius_b }): its faces lie the radius further out, so each reach counts both radii.
       *[no] { "" }
    } B reaches { $overlap_a } past A's edge; A reaches { $overlap_b } past B's edge. { $why ->
        [tie] The two are equal (parallel edges): A's is kept, so the choice never flip-flops as a shape is dragged.
       *[smaller] The smaller, { $reference }'s, is where the shapes really meet: it is the reference edge.
    }

clip-incident = The incident edge is { $shape }'s { $core ->
        [yes] core edge
       *[no] edge
    } { $index }, the one most anti-parallel to the reference normal { $normal }: from { $from } to { $to }. It is cut down to the part beside the reference edge.

clip-side-plane = Side plane { $plane }: the line through the reference edge's { $end ->
        [first] first
       *[second] second
    } end point { $point }, perpendicular to the edge. { $what ->
        [none] No point of the incident edge is left to cut.
        [all] Every point of the incident edge lies beyond it: the whole edge is cut off, and no point is left.
        [nothing] Both points lie on the kept side: nothing is cut.
        [nothing-one] The one point left lies on the kept side: nothing is cut.
        [cut-on] { $cut } { $cut ->
            [one] point lay beyond it and is
           *[other] points lay beyond it and are
        } cut off; the point left lies on the plane itself, where the edge ended.
       *[cut] { $cut } { $cut ->
            [one] point lay beyond it and is
           *[other] points lay beyond it and are
        } cut off; the edge now ends where it crosses the plane, at { $new }.
    }

clip-kept = { $point } lies { $depth } below: kept
clip-dropped = { $point } lies { $height } above: dropped
clip-repeats = { $point } again, depth { $depth }: the same point as the first, kept once
clip-verdicts = { $first }; { $second }
clip-keep-how = Last, each clipped point is compared with the reference face; its depth is how far below the face it lies.
clip-keep-how-round = Last, each clipped point of the core is moved along −n until it reaches { $other }'s surface (by { $other }'s radius { $other_radius } where the core edge is square to n, farther where it is tilted), and compared with the reference face moved out by { $shape }'s radius { $radius }; its depth is how far below that face it lies.
clip-keep-none = The side planes left no point of the incident edge to compare with the reference face.
clip-keep = { $how } { $verdicts }.

clip-count = { $count } { $count ->
        [one] contact point
       *[other] contact points
    }
clip-contact = { $point } depth { $depth }
clip-and = { $first } and { $second }

clip-done-clipped = { $count }: { $list }. Reference: { $reference }'s edge { $reference_edge }; incident: { $incident }'s edge { $incident_edge }. The deepest depth is the penetration depth; the points lie on the incident shape.
clip-done-curved = { $count }: { $list }, a curved shape's deepest point.
clip-done-round = { $count }: { $list }, where the round parts touch: B's deepest point, with the penetration depth.
clip-done-deepest = Clipping left no point (the reference edge is too short to hold the incident edge): the incident shape's deepest vertex is the contact instead: { $list }.
clip-done-apart = A and B are apart (distance { $distance }): there is no contact to find.

# Labels drawn beside an edge in the world view.
clip-label-reference = reference edge: { $shape }'s edge { $index }
clip-label-incident = incident edge: { $shape }'s edge { $index }
clip-label-facing = other facing edge: { $shape }'s edge { $index }
