# The trace checker's report ("Load my trace" in the Explain tab): the same sentences
# `gjk-lab check` prints (core/src/check/text.rs, ENGLISH: a test keeps the two equal
# byte for byte). Values are written by the checker: numbers, points, code.

check-report-agrees = { $file }: agrees with gjk-lab's { $algorithm }{ $stage } ({ $steps } steps, { $supports } { $unit }; gjk-lab took { $ours } steps; tolerance { $step_tolerance } a step, { $answer_tolerance } on the answer)
check-report-every-stage = {" "}— every stage, 1 to { $last }
check-report-up-to-stage = {" "}up to stage { $k }, { $title }
check-report-whole = {""}
check-unit-axis = axis
check-unit-axes = axes
check-unit-support-point = support point
check-unit-support-points = support points
check-report-diverges = { $file }:{ $line }: diverges at step { $step } ({ $kind }): { $rule }
check-report-yours = yours:    { $text }
check-report-expected = expected: { $text }
check-report-gjk-lab = gjk-lab:  { $text }
check-report-likely-cause = likely cause: { $text }
check-report-fix = fix: { $text }
check-report-stage = stage: { $k }, { $title }
check-report-note = note: { $text }
check-report-next = next: stage { $k }, { $title }: { $what }
check-not-checked-yet = not checked yet
check-file-error = { $file }:{ $line }: { $message }
check-rule-direction = direction
check-rule-simplex = simplex
check-rule-closest-point = closest point
check-rule-reduction = reduction
check-rule-verdict = verdict
check-rule-distance = distance
check-rule-closest-points = closest points
check-rule-progress = progress
check-rule-start = start
check-rule-closest-edge = closest edge
check-rule-support-point = support point
check-rule-insertion = insertion
check-rule-depth = depth
check-rule-normal = normal
check-rule-axis = axis
check-rule-shadow = shadow
check-rule-axes = axes
check-ours-step = its { $ordinal } { $kind } step (step { $index }): { $step }
check-ours-no-step = it had no { $ordinal } { $kind } step; it ended: { $result }
check-ours-ended = it ended: { $result }
check-ours-matched = { $text } (gjk-lab's run matched yours up to here)
check-ours-other-steps = { $text } (gjk-lab's run took other steps before this one)
check-ordinal-st = { $k }st
check-ordinal-nd = { $k }nd
check-ordinal-rd = { $k }rd
check-ordinal-th = { $k }th
check-none = none
check-plain = { $text }
check-join = { $first }, { $rest }
check-step-polytope = polytope { $points }
check-step-start = first direction { $d }
check-step-support = w = { $w } (a = { $a }, b = { $b }) along d = { $d }
check-step-added = simplex { $points }
check-kept = kept { $points }
check-step-closest-point = closest point v = { $v }, distance { $distance }
check-step-direction = d = { $d }
check-step-closest-edge = closest edge { $from }–{ $to } at distance { $distance }, normal { $normal }
check-inserted = inserted { $p }
check-step-axis = axis { $axis }, overlap { $overlap }
check-step-done = done ({ $reason })
check-result-intersects = intersects { $value }
check-result-distance = distance { $value }
check-result-depth = depth { $value }
check-result-normal = normal { $value }
check-verdict-touching = intersecting: the shapes touch, and touching counts as intersecting (say "touching": "apart" on the result line if your library calls it apart)
check-verdict-intersecting = intersecting (touching counts as intersecting)
check-verdict-separated = separated
check-found-intersecting = intersecting
check-beyond-gjk = at line { $line } { $what }: what to do then is stage 5 (termination), so the check stops there
check-beyond-zero-direction = the search direction is zero (the origin lies on the simplex: touching)
check-beyond-through-origin = the simplex passes through the origin (touching)
check-beyond-repeat = the search found a support point it already had
check-beyond-epa = at line { $line } the support point is already a vertex of the polytope (its edge lies on the boundary of A − B): what to do then is stage 3 (stop), so the check stops there
check-note-unreached = the run answered before it needed stage { $k }'s code: this pair does not exercise it, so check the stage on another pair too (two overlapping polygons reach stages 3 and 4; touching ones, stage 5)
check-found-searches-along-announced = searches along { $d }{" "}
check-expected-announced = the direction line { $line } announced, { $d }
check-found-simplex = the simplex is { $points }
check-expected-simplex = the previous simplex and the new point: { $points }
check-found-v = v = { $v }
check-expected-nearest-point = the point of { $simplex } nearest the origin, { $v }
check-found-distance = distance { $d }
check-expected-distance-radii = max(0, |v| − radii) = { $d }
check-expected-distance-v = max(0, |v|) = { $d }
check-found-repeated-point = the search goes on after the support point at line { $line } repeated a point of the simplex
check-found-cycles = the search goes on after the support point at line { $line } came back and rebuilt the simplex it had at line { $earlier }: it cycles
check-expected-stop-repeat = stop there: a support point the search already had means the simplex cannot get closer to the origin
check-found-no-length = d = { $d } has no length
check-expected-origin-on-simplex = the origin lies on the simplex { $simplex }: stop (touching)
check-expected-towards-origin = a direction towards the origin
check-found-not-perpendicular = d = { $d } is not perpendicular to the segment through the origin
check-expected-perpendicular = a perpendicular of { $p }–{ $q }
check-found-points-away = d = { $d } points away from the origin
check-expected-from-nearest = from the simplex's nearest point { $v } towards the origin: along { $want }
check-found-degrees-off = d = { $d } is { $degrees }° off
check-expected-feature = the feature of { $simplex } nearest the origin (it passes { $distance } from it, at { $point })
check-found-kept-count = kept { $count } points
check-found-kept-not-in = kept { $p }, which is not in the simplex { $simplex }
check-found-kept-passes = kept { $points }, which passes { $distance } from the origin
check-found-separated-reaches = separated (the support point at line { $line } reaches { $value } past the origin along d)
check-found-intersecting-simplex = intersecting, with the simplex { $simplex } { $distance } from the origin
check-expected-distance-within = distance { $d } (within { $tolerance })
check-found-closest-points = { $qa } on A ({ $off_a } outside it) and { $qb } on B ({ $off_b } outside it), { $gap } apart
check-expected-closest-points = a point of A and a point of B { $d } apart
check-found-polytope-no-origin = the polytope { $polytope } does not hold the origin
check-expected-gjk-simplex = GJK's final simplex: a triangle around the origin, or a segment through it (two opposite edges)
check-found-epa-goes-on = goes on after the support point { $w } at line { $line }, already a vertex of the polytope: w·n − e.d = { $gap } with your normal and distance
check-expected-epa-stop = stop: the edge lies on the boundary of A − B (w·n − e.d within a tolerance relative to the shapes' size)
check-found-not-an-edge = { $from }–{ $to } is not an edge of the polytope
check-expected-an-edge = an edge of the polytope { $polytope } (each new point between the two points of the edge it was found from)
check-found-edge-no-length = an edge of no length
check-expected-two-points = an edge between two different points
check-found-reversed-edge = the edge { $from }–{ $to } with normal { $normal }: it runs the other way round than the polytope's order, so the normal points into it
check-expected-in-order = an edge of the polytope { $polytope } in its order (each new point between the two ends of the edge it was found from), with its outward normal { $normal }
check-found-normal-inward = normal { $normal } points into the polytope
check-expected-outward-unit = the outward unit normal { $normal }
check-found-normal = normal { $normal }
check-found-normal-length = normal { $normal } of length { $length }
check-expected-edge-outward-unit = the edge's outward unit normal { $normal }
check-expected-edge-distance = the distance of the edge's line from the origin, n·from = { $d }
check-found-edge-at = the edge { $from }–{ $to } at distance { $d }
check-expected-nearest-edge = the polytope's edge nearest the origin, { $p }–{ $q } at distance { $d }
check-found-searches-along = searches along { $d }
check-expected-along-normal = along the closest edge's outward normal { $normal }
check-expected-just-found = the support point just found, { $w }
check-found-depth-stopped = depth { $depth } (stopped after the support point at line { $line }, { $gap } beyond its edge)
check-found-depth = depth { $depth }
check-expected-depth-within = depth { $depth } (within { $tolerance })
check-expected-unit-normal = a unit normal
check-found-normal-leaves = normal { $normal }: moving the shapes { $depth } apart along it leaves them { $by } { $state }
check-state-overlapping = overlapping
check-state-apart = apart
check-expected-normal-way-out = a normal { $convention } along which the depth { $depth } is the way out (gjk-lab's: { $ours })
check-convention-a-to-b = from A towards B
check-convention-b-to-a = from B towards A (as the file states)
check-found-axis-length = axis { $axis } of length { $length }
check-expected-unit-axis = a unit axis: overlaps along it are distances
check-found-shadow = { $key } [{ $low }, { $high }] on { $axis }
check-expected-shadow = the shadow [{ $low }, { $high }]: the least and the greatest v·axis over the whole shape (world coordinates)
check-found-overlap = overlap { $overlap } on { $axis }
check-expected-overlap = min(a₁ − b₀, b₁ − a₀) = min({ $first }, { $second }) = { $overlap }
check-found-axes-missing = { $count } axes; { $what }, { $axis }, is not among them
check-expected-every-axis = every edge normal of A and of B (and, with a circle, the axis from its centre to the other polygon's nearest vertex)
check-axis-edge-normal = the normal of { $shape }'s edge { $i }
check-axis-circle = the axis from the circle's centre to the nearest vertex (or centre)
check-expected-no-answer = no answer (null): SAT does not apply to an ellipse (its axis has no closed form)
check-found-intersecting-gap = intersecting, though the axis { $axis } at line { $line } has a gap of { $gap }
check-found-intersecting-untested = intersecting, but { $what }, { $axis }, was never tested (its gap: { $gap })
check-found-separated-touching = separated by the axis { $axis } at line { $line }, whose overlap is 0: the shapes touch
check-found-depth-untested = depth { $depth }; { $what }, { $axis }, with the smallest overlap, was never tested
check-expected-smallest-overlap = the smallest overlap, { $depth } (within { $tolerance })
check-found-direction-no-length = the direction { $d } has no length
check-expected-nonzero-direction = a search direction that is not zero
check-found-p-not-difference = p = { $p } but a − b = { $difference }
check-expected-p-difference = p = a − b: the point of A − B is the difference of its sources
check-found-point-outside = { $shape }'s point { $point } lies { $by } outside { $shape }
check-found-point-short = { $shape }'s point { $point } reaches { $reach } along { $along }, { $short } short of { $shape }'s farthest
check-expected-farthest = a point of { $shape } farthest along { $along } = { $dir }: it reaches { $reach }
check-found-no-vertex-difference = p = { $p } is no vertex difference aᵢ − bⱼ of the pair (the nearest is { $off } away)
check-found-outside-difference = p = { $p } lies { $off } outside A − B
check-found-difference-short = p = { $p } reaches { $reach } along d, { $short } short of A − B's farthest
check-expected-difference-farthest = a point of A − B farthest along d = { $d }: it reaches { $reach }
check-expected-vertex-difference-farthest = a point of A − B farthest along d = { $d } (a vertex difference): it reaches { $reach }
check-read-missing-field = missing field `{ $key }`
check-read-not-number = `{ $key }` is not a number
check-read-not-boolean = `{ $key }` is not true or false
check-read-not-vector = `{ $key }` is not a vector [x, y]
check-read-not-point-list = `{ $key }` is not a list of points
check-read-not-point = `{ $key }[{ $i }]` is not a point ([x, y] or { $form })
check-read-not-object = `{ $key }` is not an object
check-read-nan = a number is NaN or infinite (JSON has no such number)
check-read-out-of-range = a number is out of range (infinite)
check-read-cut-short = the line is cut short (truncated JSON)
check-read-not-json = not JSON: { $error }
check-read-not-object-line = not a JSON object
check-read-no-kind = missing field `kind` (a string)
check-read-not-finite = `{ $path }` is not a finite number
check-read-empty = the file holds no step and no result line
check-read-ends-with = the trace ends with a `{ $kind }` line, not its result line (truncated?)
check-read-early-result = a result line before the last line
check-read-no-version = missing field `trace_version` (this gjk-lab reads version { $version })
check-read-version-not-whole = `trace_version` is not a whole number (this gjk-lab reads version { $version })
check-read-wrong-version = trace version { $found } is not one this gjk-lab reads (version { $version })
check-read-bad-normal-convention = `normal_convention` { $value } is neither "a_to_b" nor "b_to_a"
check-read-bad-circle-support = `circle_support` { $value } is neither "full" nor "core"
check-read-bad-touching = `touching` { $value } is neither "intersecting" nor "apart"
check-read-stage-not-staged = `stage` is for a trace written stage by stage (examples/your-gjk: gjk, epa or sat), not for `{ $algorithm }`
check-read-stage-out-of-range = `stage` is not a stage of { $algorithm } (1 to { $last })
check-read-not-utf8 = not UTF-8 text
check-read-support-before-region = a support line before the region line of the support point at line { $line } (the format wants the simplex after each reduction)
check-read-region-without-support = a region line with no support point before it
check-read-edge-before-start = a closest_edge line before the start line (its `polytope`)
check-read-support-before-edge = a support line before any closest_edge line
check-read-other-algorithm = a trace of `{ $file }`, checked as `{ $algorithm }`
check-read-not-replayed = `{ $algorithm }` is not an algorithm check replays (gjk, distance, epa, sat)
check-stage-gjk-1-title = the support function
check-stage-gjk-1-what = support(shape, d), a shape's farthest point along d, and the support point of A − B, s(A, d) − s(B, −d)
check-stage-gjk-2-title = the first direction and the "passed the origin?" test
check-stage-gjk-2-what = any first direction that is not zero, the direction −A after the first point A, and w·d < 0: the support point did not pass the origin, so the shapes are apart
check-stage-gjk-3-title = the segment case
check-stage-gjk-3-what = with A the newest point of segment AB, the direction (AB × AO) × AB: perpendicular to AB, towards the origin (the triple product)
check-stage-gjk-4-title = the triangle case
check-stage-gjk-4-what = with A the newest point of triangle ABC: beyond AB (AB⊥·AO > 0) keep A and B, beyond AC keep A and C, else the origin is inside: intersecting (the Voronoi regions)
check-stage-gjk-5-title = termination
check-stage-gjk-5-what = stop when the origin lies on the simplex (a direction of 0: touching) or when the support point is already in the simplex (no progress), or the search cycles forever on touching shapes
check-stage-epa-1-title = the closest edge
check-stage-epa-1-what = each edge p→q of the counter-clockwise polytope: its unit outward normal n = (e.y, −e.x)/|e| with e = q − p, and its distance from the origin n·p (from the edge's line, not from a vertex); the closest edge is the one of least distance
check-stage-epa-2-title = expand
check-stage-epa-2-what = the support point w of A − B along the closest edge's normal, inserted between the edge's two ends (at its index + 1), so the polytope stays convex and counter-clockwise
check-stage-epa-3-title = stop
check-stage-epa-3-what = stop when w is no farther than the edge, w·n − distance ≤ ε with ε relative to the shapes' size: the depth is the edge's distance and the normal its n (from A towards B); cap the rounds as well
check-stage-sat-1-title = the axes
check-stage-sat-1-what = the unit edge normals of both polygons (A's and B's); with a circle, the unit axis from its centre to the other polygon's nearest vertex (two circles: the line through the centres)
check-stage-sat-2-title = the shadows
check-stage-sat-2-what = each shape's shadow on an axis, the interval [min, max] of v·n over every vertex (a circle: c·n ± r)
check-stage-sat-3-title = the overlap
check-stage-sat-3-what = the overlap min(a₁ − b₀, b₁ − a₀) of the two shadows: a gap (< 0) on any axis means apart, stop there; else the axis of least overlap gives the depth and the normal, turned to point from A towards B
check-cause-no-progress-test = no progress test: the support point is one the search already has (a point of the simplex, or one it dropped and now finds again, rebuilding a simplex it had), so the rounds from here repeat forever
check-fix-no-progress-test = stop when w is already a point of the simplex, or when it brings the simplex no closer to the origin: |v|² − v·w ≤ ε|v|²
check-cause-touching-loop = the shapes touch: the support point reaches exactly 0 past the origin, `< 0` (rightly) lets the search go on, and with no progress test it goes on with a point it already has, round after round unless something else stops it — the fix for touching turned a wrong answer into an endless loop
check-fix-touching-loop = keep `< 0`, and stop when the origin lies on the simplex (|v| = 0, or a segment direction of 0) or when w is already in the simplex: the shapes touch (intersecting; apart if your result line says "touching": "apart")
check-cause-ellipse-angle-support = the ellipse's support point is taken at the angle of d, (a cos φ, b sin φ), which is not its farthest point along d
check-fix-ellipse-angle-support = in the ellipse's frame its farthest point along d is (a²dx, b²dy)/‖(a·dx, b·dy)‖; rotate it and move it to the world
check-cause-support-sign = a support taken along the wrong sign of d: B's point is its farthest along d (or A's along −d)
check-fix-support-sign = w = support_A(d) − support_B(−d)
check-cause-direction-away-from-origin = the search direction points away from the origin
check-fix-direction-away-from-origin = for a segment AB with A the newest point, d = (AB × AO) × AB: check the order of the triple product's factors, or the side of the perpendicular
check-cause-direction-not-negated = after the first support point the search direction is that point itself, which points away from the origin
check-fix-direction-not-negated = with one point A in the simplex, the next direction is AO = −A, towards the origin
check-cause-triple-product-cancellation = the direction is rounding noise: the origin lies (almost) on the segment's line, so the triple product (AB × AO) × AB cancels to nearly zero against the size of its factors
check-fix-triple-product-cancellation = when |d| is tiny against |AB|²·|AO| (below 1e-10 of it, say), take the origin as on the segment and stop (touching), or take the perpendicular of AB on the origin's side directly
check-cause-zero-direction = the search direction is zero: the origin lies on the simplex's segment (the triple product vanishes), so the shapes touch
check-fix-zero-direction = stop there: the origin lies on the simplex, the shapes touch (intersecting; apart if your result line says "touching": "apart"); a support point along a zero direction means nothing
check-cause-not-reduced = the simplex was not reduced to the feature nearest the origin (Voronoi regions): a point whose region does not hold the origin was kept
check-fix-not-reduced = keep only the feature nearest the origin: a triangle around it, else the edge or the point whose Voronoi region holds it
check-cause-wrong-feature-kept = the reduction kept the wrong points: a feature of the simplex, but not the one nearest the origin
check-fix-wrong-feature-kept = with A the newest point of triangle ABC, the origin is beyond AB when AB⊥·AO > 0 (keep A and B), beyond AC when AC⊥·AO > 0 (keep A and C), else inside; AB⊥ = (AC × AB) × AB points away from C: check which pair each test keeps
check-cause-float32-storage = the numbers are off by what float (f32) storage rounds away from world coordinates this far from the origin (f32 keeps about 7 digits: at 10⁶, steps of 0.06)
check-fix-float32-storage = store coordinates as double (f64), or work relative to one shape's position (subtract it from both shapes first: A − B does not change)
check-cause-b-minus-a = the trace is of B − A: its support points are B's points minus A's (A and B swapped)
check-fix-b-minus-a = check the trace with A and B swapped (--pair J,I), or compute support_A(d) − support_B(−d)
check-cause-another-pair = none of the trace's support points lies on this pair's A − B (nor on B − A): a trace of another scene or pair, or a support point that is not a − b
check-fix-another-pair = trace the pair you check (--pair I,J; `gjk-lab world SCENE --pair I,J` prints it), and check that the support point is a − b
check-cause-wrong-normal-sign = the normal's sign: it points from B towards A
check-fix-wrong-normal-sign = flip it, or fix the winding; state "normal_convention": "b_to_a" on the result line if that is your convention
check-cause-epa-tolerance-too-loose = EPA's stopping tolerance is too loose: it stopped while the new support point was still measurably beyond the closest edge
check-fix-epa-tolerance-too-loose = a tolerance relative to the shapes' size, e.g. stop when w·n − d ≤ 1e-10 × size
check-cause-missing-touching-case = touching shapes called separated: a support value (or an overlap) of exactly 0 means touching, which counts as intersecting
check-fix-missing-touching-case = test `< 0` (or `< −tolerance`), not `<= 0` — and then add a progress test (stop when w is already in the simplex, or when the origin lies on the simplex), or a touching pair loops forever; if touching is apart in your library, say "touching": "apart" on the result line
check-cause-missed-axis = an axis SAT must test was never tested
check-fix-missed-axis = test every edge normal of A and of B (and, with a circle, the axis through its centre and the nearest vertex)
check-cause-ignored-separating-axis = an axis with a gap (a negative overlap) separates the shapes, and SAT went on
check-fix-ignored-separating-axis = stop at the first axis with a gap and answer "separated"
check-cause-axis-not-normalized = the axis is not normalised: overlaps measured along it are scaled by its length, and the smallest one is not the depth
check-fix-axis-not-normalized = normalise each edge normal before projecting
check-cause-wrong-insertion = EPA's new point was not put between the two points of the edge it was found from, so the polytope crosses itself
check-fix-wrong-insertion = insert the new point at the edge's index + 1
check-cause-stopped-early = GJK distance stopped too early: the new support point still brought the simplex measurably closer
check-fix-stopped-early = a tighter progress tolerance, relative to the shapes' size
check-cause-inward-edge-normal = the edge's normal points into the polytope: for a counter-clockwise polytope the outward normal of the edge p→q is (e.y, −e.x) with e = q − p, and (−e.y, e.x) is the inward one — every distance then comes out negative, and the closest edge is chosen wrong
check-fix-inward-edge-normal = n = (e.y, −e.x)/|e| with e = q − p for the edge p→q of a counter-clockwise polytope (a clockwise one needs the other sign)
check-cause-edge-normal-not-normalized = the edge's normal is not of unit length: n·p is then the edge's distance times |n|, so longer edges look farther than they are and the closest edge is chosen wrong
check-fix-edge-normal-not-normalized = divide (e.y, −e.x) by its length |e| before taking the distance n·p
check-cause-edge-distance-from-vertex = the edge's distance is one of its vertices' distance from the origin, |p|, not the distance of the edge's line, n·p: the two differ unless the origin's nearest point on the line is that vertex
check-fix-edge-distance-from-vertex = distance = n·p with n the unit outward normal (p either end of the edge: both give the same)
check-cause-epa-missing-stop = EPA went on after a support point no farther than the closest edge (w·n − e.d within rounding of 0, w already a vertex): that edge lies on the boundary of A − B and the polytope cannot grow there — the stop test is missing, or its tolerance is absolute and smaller than the rounding at this scale, so the rounds go on to the cap
check-fix-epa-missing-stop = stop when w·n − e.d ≤ ε with ε relative to the shapes' size (1e-9 × their width, say): the depth is e.d and the normal n; and keep a cap on the rounds
check-cause-narrow-shadow = the shadow is narrower than the shape's: its [min, max] was taken over some of the vertices only (two of them, say), or a circle's radius was left out
check-fix-narrow-shadow = project every vertex: [min over v of v·n, max over v of v·n]; a circle's shadow is [c·n − r, c·n + r]
check-cause-one-sided-overlap = the overlap is taken as a₁ − b₀ only (or b₁ − a₀ only): when B's shadow lies on the other side of A's, that term is large though the shadows overlap little, or not at all
check-fix-one-sided-overlap = overlap = min(a₁ − b₀, b₁ − a₀): the shadows overlap by the smaller of the two, and a negative one is a gap
