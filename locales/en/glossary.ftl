# The glossary of the Help tab and of the legend's hover texts (src/app/glossary.rs):
# each term's name and meaning. The English is the one of `GLOSSARY`, which the
# lessons' checks read (a test keeps them equal).

glossary-minkowski-difference = Minkowski difference A − B
glossary-minkowski-difference-text = Every point a − b with a in A and b in B. A and B overlap exactly when A − B contains the origin O, and their distance is the distance from O to A − B; so every algorithm here works on A − B instead of on the pair.
glossary-support-point = support point
glossary-support-point-text = The point of a shape farthest along a direction d. For A − B it is w = a − b, with a A's support point along d and b B's along −d: one support point of A − B costs one of A and one of B, and A − B is never built.
glossary-simplex = simplex
glossary-simplex-text = GJK's one, two or three support points of A − B (a point, a segment, a triangle). Each step keeps the part nearest the origin and adds a new point towards it; a triangle around O proves the overlap.
glossary-voronoi-region = Voronoi region
glossary-voronoi-region-text = The part of the plane nearer to one feature of the simplex (a point or an edge) than to any other. The region holding O names the feature closest to O: GJK keeps that feature and drops the rest.
glossary-closest-point = closest point v
glossary-closest-point-text = The point of the simplex nearest the origin O (at the end, of A − B). GJK keeps the part of the simplex that holds it; GJK distance searches next from v towards O, and when it stops, |v| is the distance.
glossary-barycentric = barycentric weights λ
glossary-barycentric-text = Numbers λ ≥ 0 with Σλ = 1 that write the closest point as a blend of the simplex points: v = λ₁w₁ + λ₂w₂. The same weights blend the points on A and on B.
glossary-feet = feet (closest points)
glossary-feet-text = The points on A and on B that are nearest each other: λ₁a₁ + λ₂a₂ + … and λ₁b₁ + λ₂b₂ + …, the simplex's sources weighted by λ. Their difference is the closest point v of A − B. (Pseudo-EPA also calls the nearest point of a line to O its foot.)
glossary-bound-line = bound line
glossary-bound-line-text = The line through a support point w, perpendicular to d. All of A − B lies behind it, so in GJK distance the distance is at least how far O is from it.
glossary-progress-test = progress test
glossary-progress-test-text = GJK distance's stopping test: |v|² − v·w says how much closer the new support point w can bring v. When it is tiny, no support point gets closer: v is the point of A − B nearest O.
glossary-core = core
glossary-core-text = A circle is its centre grown by its radius (an ellipse is not). GJK and EPA work on the core difference (radii left out) and add the radii at the end: the dashed outline inside A − B.
glossary-polytope = polytope
glossary-polytope-text = EPA's polygon inside A − B, grown from GJK's last simplex. Each step takes its edge nearest O and pushes that edge out with a new support point; when no point lies farther out, that edge is the face of A − B nearest O.
glossary-mtv = MTV (minimum translation vector)
glossary-mtv-text = The shortest move of B that separates the shapes: its length is the penetration depth, its direction the collision normal n. EPA finds it as the face of A − B nearest O; SAT as the axis with the smallest overlap.
glossary-separating-axis = separating axis
glossary-separating-axis-text = A direction on which the shadows (projections) of A and B do not overlap. If one exists the convex shapes are apart; SAT tries each edge normal.
glossary-reference-edge = reference edge
glossary-reference-edge-text = In clipping: the edge most nearly facing along the collision normal, whose face and side planes cut the other edge.
glossary-incident-edge = incident edge
glossary-incident-edge-text = In clipping: the other shape's edge that faces the reference edge most squarely; it is cut down to the contact points.
glossary-clipping = clipping
glossary-clipping-text = Cutting the incident edge by the reference edge's side planes, then dropping the points in front of the reference face: what is left are the contact points.
glossary-side-plane = side plane
glossary-side-plane-text = A line through an end of the reference edge, perpendicular to it. Clipping cuts off the part of the incident edge beyond each side plane.
glossary-dot-product = dot product p·d
glossary-dot-product-text = px·dx + py·dy, which is |p|·|d|·cos(the angle between them): how far p reaches along d, times |d| (p·d/|d| is how far p reaches along d). The support point along d is the point with the largest dot product.
glossary-normal = normal
glossary-normal-text = A unit direction perpendicular to an edge, pointing out of the shape. SAT projects on edge normals; EPA expands its nearest edge along its normal.
glossary-strip = strip
glossary-strip-text = Sweep and prune with many boxes splits the plane into bands across the sweep axis, one sorted end-point list per band: a box is in every strip it reaches. Few boxes need a single strip.
