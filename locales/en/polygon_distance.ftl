# Polygon distance by a closest-feature walk (src/app/visualizers/polygon_distance.rs).

pd-intro = How far apart are two convex polygons? Along any direction m their shadows have a gap (negative when they overlap), and the distance is the largest gap over all directions. Turning m, the gap changes smoothly while the same two vertices are the extremes, and is largest along the line between them; at a face's normal the extremes change. Start from a direction that separates them — the line between the positions when their bounding circles are apart, else a face that separates — and walk uphill, feature pair by feature pair, until the gap stops growing. Exact, no tolerance. Next ▶ takes the first step.
pd-ended = The walk ended.

pd-title-circles = Bounding circles
pd-title-centroid-inside = Centroid inside A
pd-title-centroid-outside = Centroid outside A
pd-title-face = Face check: { $own }'s face { $i }
pd-title-pair = Vertex pair a{ $i }, b{ $j }

pd-circles = Each polygon lies in the circle about its position through its farthest vertex (radii { $ra } and { $rb }, dashed); the positions are { $between } apart. { $apart ->
        [yes] The circles are apart, so on the line between the positions, m = { $m }, the polygons' shadows are apart too. A's vertex farthest along m is a = vertex { $i } at { $a }, B's nearest is b = vertex { $j } at { $b }: the gap along m is m·(b − a) = { $gap }. The walk starts from this vertex pair.
       *[no] The circles overlap, so the line between the positions may not separate the polygons: first a quick check for a deep overlap (B's centroid inside A), then face separation's face steps decide whether some face separates them.
    }

pd-centroid-inside = B's centroid, c = { $c } (a point of B), lies behind every face of A (n·(c − v) ≤ 0 for each): it is inside A, so the polygons share a point and intersect, distance 0 — no face needs measuring.
pd-centroid-outside = B's centroid, c = { $c }, lies in front of A's face { $i } (n·(c − v) > 0): it is not inside A, which proves nothing either way. Face separation's face steps decide.

pd-face = At m = { $m }, the normal of { $own }'s face { $i } (from A towards B), { $own }'s extreme along m is the whole face. { $other }'s nearest vertex, { $vertex }, projects on it at t = { $t }, and the gap is { $gap }. { $next ->
        [face] 0 ≤ t ≤ 1: the vertex faces the inside of the face, so turning m either way lowers the gap — face and vertex are nearest, and the gap here, { $gap }, is the distance.
        [before] t is before the start of the face, so the gap still grows turning m clockwise: { $own }'s next vertex becomes the extreme — the next vertex pair is A's { $na } and B's { $nb }.
       *[past] t is past the end of the face, so the gap still grows turning m counter-clockwise: { $own }'s next vertex becomes the extreme — the next vertex pair is A's { $na } and B's { $nb }.
    }

pd-pair = Vertex pair: A's vertex { $i } at a = { $a }, B's vertex { $j } at b = { $b }, d = b − a = { $d }. While both stay the extremes the gap along m is m·d, largest along d itself; here, at m = { $m }, it is { $gap }, so turn m { $turn ->
        [ccw] counter-clockwise
       *[cw] clockwise
    } towards d. { $next ->
        [peak] d is reached before either vertex stops being the extreme: the two vertices are nearest, and the distance is |d| = { $length }.
       *[face] Before m reaches d, it reaches the normal of { $side }'s face { $face }, where { $side }'s extreme vertex changes: check that face.
    }

pd-intersect = { $centroid ->
        [yes] B's centroid is inside A
       *[no] No face separates them
    }: they intersect (touching counts), distance 0. Their depth and contact points are face separation's.
pd-apart = Apart, at distance { $distance }{ $limit ->
        [yes] { " " }(the walk went wrong in rounding after { $steps } steps — it went round, or ended below a gap it had passed, which exact arithmetic forbids: the order of two nearly parallel normals was ambiguous — so GJK distance, which orders no normals, answered)
       *[no] { "" }
    }, between { $feature ->
        [vertices] A's vertex { $a } and B's vertex { $b }
        [face] { $face_of }'s face { $face } and { $vertex_of }'s vertex { $vertex }
       *[gjk] the points GJK distance found
    }: closest points { $on_a } on A and { $on_b } on B.

# $a, $b: the shapes' kinds (fs-kind).
pd-not-applicable = The walk does not apply to { $a } and { $b }: it needs two convex polygons.
