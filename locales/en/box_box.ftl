# Box against box (src/app/visualizers/box_box.rs; clipping and the answer are face
# separation's, locales/*/face_separation.ftl).

bb-intro = Two boxes are the commonest pair in a physics engine, and the cheapest: a box has two axes, and on each only the face turned towards the other box matters. So four closed formulas — the gap between the two boxes' shadows on each axis — give face separation's answer, and clipping against a box face is a comparison with its half-length. The same answer as face separation, found with no loop over vertices. Next ▶ takes the first step.

# A shape's kind with its article ($a, $b: fs-kind, bb-rectangle or bb-polygon).
bb-not-applicable = Box against box does not apply to { $a } and { $b }: it needs two rectangles, whose four axes are all there is to test.
bb-rectangle = a rectangle
bb-polygon = a polygon of { $vertices } vertices

bb-title-circles = Bounding circles
bb-title-frame = A's box frame
bb-title-axis = { $shape }'s axis { $k }

bb-frame = Each box lies in the circle about its position through its farthest corner (radii { $r_a } and { $r_b }, dashed){ $circles ->
        [apart] , and these circles are { $gap } apart (|p_B − p_A| − r_A − r_B): the boxes inside them are apart too, and no axis needs measuring.
       *[overlap] ; the circles overlap, so the axes must decide. Everything is measured in A's box frame: its centre and its axes e₀, e₁ (the arrows e0, e1). There B's centre is at d = { $d } and B's axes are turned by { $degrees }°. Each box's half-lengths h₀, h₁ along its own axes are all the rest.
    }

# $verdict: "gap" (s > 0), "largest" (this axis has the largest s so far), "kept".
bb-axis = { $own }'s axis { $k }, u = { $u }. The centres are |d·u| = { $centres } apart along it, { $own }'s shadow reaches h = { $h } from its centre and { $other }'s reaches |u·e₀|·h₀ + |u·e₁|·h₁ = { $reach }; so s = { $centres } − { $h } − { $reach } = { $s }, the separation of { $own }'s face { $face } (the one facing { $other }). { $verdict ->
        [gap] s > 0: the shadows do not meet — a gap, so the boxes are apart and the search stops here.
        [largest] { $other }'s corner w lies { $behind } behind this face: the largest s of { $own }'s axes so far.
       *[kept] { $other }'s corner w lies { $behind } behind this face; { $own }'s axis { $best } keeps the larger s, { $best_s }.
    } In A − B this face is an edge −s = { $minus_s } from the origin (dashed).

# $why: "b" (B's larger), "tolerance" (B's larger by no more than it: A's kept), "a".
bb-reference = A's largest separation is { $s_a }, B's { $s_b }: { $why ->
        [b] B's is the larger
        [tolerance] B's is larger by no more than the touching tolerance, so A's is kept (no flip-flop between parallel faces)
       *[a] A's is the larger (or they are equal: then A's is kept)
    }. So { $shape }'s face { $face } is the reference face: the depth is −s = { $depth } and the normal, from A towards B, is n = { $n }.
