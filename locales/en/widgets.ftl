# The panels' shared widgets (src/app/widgets.rs) and the legend's entries
# (src/app/legend.rs). Terms as docs/glossary.md writes them.

# $title: the algorithm's title.
widgets-pseudo-code = Pseudo-code: { $title }
widgets-legend = Legend
widgets-legend-hover = Only what the current step draws. Hover an entry for the word it uses; all words are in the Help tab's Glossary.

## The legend's entries: what each colour of the views means.
legend-a-its-shadow-on-the = A; its shadow on the axis
legend-b-its-shadow-on-the = B; its shadow on the axis
legend-shape-a = shape A
legend-shape-b = shape B
legend-other-shapes = other shapes
legend-concave-its-convex-parts = concave: its convex parts
legend-rejected-edit-edges-cross = rejected edit (edges cross)
legend-rings-dashed-gjk-labs-own = rings, dashed: gjk-lab's own run here
legend-a-b-n-is-a = A − B: n is a face normal
legend-o-overlap-distance-to-face = O: overlap = distance to face
legend-minkowski-difference-a-b = Minkowski difference A − B
legend-dashed-the-core-of-a = dashed: the core of A − B
legend-origin-o-of-a-b = origin O of A − B
legend-search-direction-d-d = search direction d, −d
legend-support-point-w-a-b = support point w = a − b; a, b
legend-simplex = simplex
legend-dropped-point-ghost = dropped point (ghost)
legend-voronoi-region-holding-o = Voronoi region holding O
legend-closest-point-v-weights = closest point v (weights λ)
legend-closest-point-v = closest point v
legend-foot-nearest-point-of-a = foot: nearest point of a line
legend-epa-polytope = EPA polytope
legend-closest-edge-its-normal-n = closest edge, its normal n, distance
legend-separating-line = separating line
legend-origin-inside-overlap = origin inside: overlap
legend-distance-closest-points = distance; closest points
legend-depth-along-n-b-moved = depth along n; B moved out
legend-axis-n-tested-its-edge = axis n tested, its edge
legend-smallest-overlap-so-far = smallest overlap so far
legend-smallest-overlap-the-mtv = smallest overlap: the MTV
legend-separating-axis-the-gap = separating axis; the gap
legend-collision-normal-n-depth = collision normal n, depth
legend-reference-edge-its-face-n = reference edge, its face; n
legend-incident-edge = incident edge
legend-other-facing-edge = other facing edge
legend-side-plane = side plane
legend-the-side-a-plane-cuts = the side a plane cuts off
legend-incident-edge-after-the-clip = incident edge after the clip
legend-cut-off-ghost = cut off (ghost)
legend-kept-point-its-depth = kept point, its depth
legend-dropped-above-the-face = dropped: above the face
legend-contact-point-depth = contact point, depth
legend-bound-line-through-w-perpendicular = bound line through w, perpendicular to d
legend-dashed-the-face-as-an = dashed: the face as an edge of A − B
legend-dotted-whole-b-moved-out = dotted: whole B moved out
legend-dashed-a-and-b-at = dashed: A and B at the time t
legend-filled-a-and-b-at = filled: A and B at the hit
legend-dotted-the-touch-the-samples = dotted: the touch the samples missed
legend-ray-r-from-o-x = ray r from O; x = λ·r
legend-d-from-a-bs-nearest = d: from A − B's nearest point to x
legend-ws-line-a-b-lies = w's line: A − B lies behind it
legend-edge-line-a-b-lies = an edge's line: A − B lies behind it
legend-face-gap-s = gap s: face's line to deepest vertex
legend-normal-n-from-a-towards = normal n, from A towards B
legend-deepest-points-along-n = deepest points along n
legend-c-the-circles-ellipses-centre = c: the circle's (ellipse's) centre
legend-w-other-polygons-deepest-vertex = w: other polygon's deepest vertex
legend-edge-its-normal-separation-s = edge, its normal, separation s
legend-shaded-the-centres-region = shaded: the centre's region
legend-q-the-polygons-point-nearest = q: the polygon's point nearest c
legend-n-normal-from-q-towards = n: normal from q towards c
legend-dashed-squashed-plane-where-the = dashed: squashed plane, where the ellipse is a circle
legend-squashed-edge-its-separation-s = squashed edge, its separation s'
legend-q-squashed-polygons-point-nearest = q': squashed polygon's point nearest c
legend-e-or-a-the-first = e or a: the first shape's point along m
legend-m-direction-gap-between-the = m: direction, gap between the lines
legend-in-a-b-the-gap = in A − B: the gap to the line normal to m
legend-the-face-checked = the face checked
legend-dashed-bounding-circles = dashed: bounding circles
legend-d-b-a-the-vertex = d = b − a: the vertex pair
legend-shape-in-no-pair = shape in no pair
legend-bounding-box-aabb = bounding box (AABB)
legend-pair-aabbs-overlap = pair: AABBs overlap
legend-contact-shapes-touch = contact: shapes touch
legend-active-list-sweep = active list (sweep)
legend-sweep-line-a-swap = sweep line; a swap
legend-min-end-point-up = min end point (up)
legend-max-end-point-down = max end point (down)
legend-a-polygons-own-axes-x = a polygon's own axes x', y'
legend-as-box-axes-e0-e1 = A's box axes e0, e1
