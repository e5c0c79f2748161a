# The pseudo-code beside the steps (src/app/widgets.rs `pseudo_code`), one message per
# line: pseudo-ALGORITHM-N is line N (from 1) of the core's `Algorithm::pseudo_code()`
# (`sap` for sweep and prune's, in the many-shapes mode). The English is the core's line
# (a test checks it) without its leading spaces: the window indents both languages as
# the core's line is indented. The code's symbols stay; its words are translated.

## gjk
pseudo-gjk-1 = d ← from A's centre towards B's
pseudo-gjk-2 = loop
pseudo-gjk-3 = w ← support_A(d) − support_B(−d)
pseudo-gjk-4 = if w·d/|d| + r_A + r_B < 0: return separated
pseudo-gjk-5 = if w gets no closer: stop
pseudo-gjk-6 = simplex ← simplex + {"{"}w{"}"}
pseudo-gjk-7 = keep feature nearest origin (Voronoi)
pseudo-gjk-8 = if origin inside triangle: return overlap
pseudo-gjk-9 = round: |cores| ≤ r_A + r_B: overlap
pseudo-gjk-10 = d ← from that feature towards origin

## distance
pseudo-distance-1 = d ← from A's centre towards B's
pseudo-distance-2 = loop
pseudo-distance-3 = w ← support_{"{"}A−B{"}"}(d)
pseudo-distance-4 = if |v|² − v·w ≤ ε|v|²: stop
pseudo-distance-5 = simplex ← simplex + {"{"}w{"}"}
pseudo-distance-6 = keep feature nearest origin (Voronoi)
pseudo-distance-7 = v ← closest point, v = Σ λi·wi
pseudo-distance-8 = round: |cores| ≤ r_A + r_B: overlap
pseudo-distance-9 = d ← −v
pseudo-distance-10 = curved: turn d until w lies along it (Newton)
pseudo-distance-11 = on A: Σ λi·ai + r_A·n,  on B: Σ λi·bi − r_B·n,  distance |v| − r_A − r_B   (n = −v/|v|)

## epa
pseudo-epa-1 = polytope ← GJK's final simplex;  U ← ∞
pseudo-epa-2 = loop
pseudo-epa-3 = e ← edge nearest O (normal n, distance e.d)
pseudo-epa-4 = w ← support_{"{"}A−B{"}"}(n);  U ← min(U, w·n)
pseudo-epa-5 = if U − e.d ≤ ε: return depth U + r_A + r_B, normal n
pseudo-epa-6 = split e at w
pseudo-epa-7 = round: depth ← r_A + r_B − |cores|
pseudo-epa-8 = A, B apart or A − B flat: no depth
pseudo-epa-9 = curved A − B: turn n until w(n) ‖ n (Newton)

## pseudo-epa
pseudo-pseudo-epa-1 = p, q, r ← GJK's triangle (r newest)
pseudo-pseudo-epa-2 = loop
pseudo-pseudo-epa-3 = fp ← foot on line pr;  fq ← foot on line qr
pseudo-pseudo-epa-4 = if |fp| > |fq|: p ← q; q ← r; d ← fq/|fq|
pseudo-pseudo-epa-5 = else:           q ← r;        d ← fp/|fp|
pseudo-pseudo-epa-6 = r ← support_{"{"}A−B{"}"}(d)
pseudo-pseudo-epa-7 = if (r − p)·d ≤ tol: return foot on line pq (its length + r_A + r_B)
pseudo-pseudo-epa-8 = round: depth ← r_A + r_B − |cores|

## sat
pseudo-sat-1 = for each axis n: A's edge normals, then B's
pseudo-sat-2 = project A and B on n: [a₀, a₁], [b₀, b₁]
pseudo-sat-3 = o ← min(a₁ − b₀, b₁ − a₀)   (overlap)
pseudo-sat-4 = if o < 0: return separated (n separates)
pseudo-sat-5 = if o < best.o: best ← (o, ±n)
pseudo-sat-6 = return overlapping: MTV = best.o · best.n

## sat-obb
pseudo-sat-obb-1 = for each box axis n: A's two, then B's two
pseudo-sat-obb-2 = r ← Σ |axis_k·n|·half_k;  shadow ← c·n ± r
pseudo-sat-obb-3 = o ← min(a₁ − b₀, b₁ − a₀)   (overlap)
pseudo-sat-obb-4 = if o < 0: return separated (n separates)
pseudo-sat-obb-5 = if o < best.o: best ← (o, ±n)
pseudo-sat-obb-6 = return overlapping: MTV = best.o · best.n

## clip
pseudo-clip-1 = n ← collision normal (GJK + EPA), A → B
pseudo-clip-2 = e_A ← A's edge facing n;  e_B ← B's facing −n
pseudo-clip-3 = reference ← the one with less overlap (tie: A)
pseudo-clip-4 = incident ← other's edge most against ref. normal
pseudo-clip-5 = clip incident by side plane 1 (ref. start)
pseudo-clip-6 = clip incident by side plane 2 (ref. end)
pseudo-clip-7 = keep points below the reference face: depth
pseudo-clip-8 = curved shape: its deepest point, one contact
pseudo-clip-9 = round parts touch: B's deepest point
pseudo-clip-10 = return the contacts (1 or 2)

## circle-polygon
pseudo-circle-polygon-1 = c ← the circle's centre in the polygon's frame
pseudo-circle-polygon-2 = if |c| > R + r: circles apart; contacts: none
pseudo-circle-polygon-3 = for each edge i:  s[i] ← n[i]·(c − v[i])
pseudo-circle-polygon-4 = best ← the edge i with the largest s[i]
pseudo-circle-polygon-5 = if s > r: apart (δ ≥ s); contacts stop here: none
pseudo-circle-polygon-6 = t ← where c projects on the best edge (0..1)
pseudo-circle-polygon-7 = while c is past an end v of it but not past v
pseudo-circle-polygon-8 = along v's other edge: best ← that edge
pseudo-circle-polygon-9 = if s ≤ 0 and 0 ≤ t ≤ 1: inside; δ ← s, n ← n[i]
pseudo-circle-polygon-10 = if t ≤ 0 or t ≥ 1: vertex region of its end v:
pseudo-circle-polygon-11 = δ ← |c − v|,  n ← (c − v)/δ
pseudo-circle-polygon-12 = else: face region; δ ← s, n ← n[i]
pseudo-circle-polygon-13 = gap ← δ − r: apart if gap > 0, else depth −gap

## face-separation
pseudo-face-separation-1 = B in A's frame: R ← R_A^T·R_B, t ← R_A^T·(p_B−p_A)
pseudo-face-separation-2 = |t| > r_A + r_B: bounding circles apart: separated
pseudo-face-separation-3 = for each face i of A: w ← B's support along −n[i]
pseudo-face-separation-4 = s[i] ← n[i]·(w − v[i]);  if s[i] > 0: separated
pseudo-face-separation-5 = for each face of B: the same, against A's vertices
pseudo-face-separation-6 = reference ← the face with the largest s (tie: A's)
pseudo-face-separation-7 = incident ← other's edge most against ref. normal
pseudo-face-separation-8 = clip incident by side plane 1 (ref. start)
pseudo-face-separation-9 = clip incident by side plane 2 (ref. end)
pseudo-face-separation-10 = keep points below the reference face: depth
pseudo-face-separation-11 = return depth −s, the normal and the contacts

## box-box
pseudo-box-box-1 = |p_B − p_A| > r_A + r_B: circles apart, separated
pseudo-box-box-2 = A's box frame: d ← B's centre − A's,  R ← B's axes
pseudo-box-box-3 = axis u: s ← |d·u| − h − (|u·e₀|·h₀ + |u·e₁|·h₁)
pseudo-box-box-4 = if s > 0: separated
pseudo-box-box-5 = reference ← the axis with the largest s (tie: A's)
pseudo-box-box-6 = incident ← other box's face most against normal
pseudo-box-box-7 = clip incident by side plane 1 (ref. start)
pseudo-box-box-8 = clip incident by side plane 2 (ref. end)
pseudo-box-box-9 = keep points below the reference face: depth
pseudo-box-box-10 = return depth −s, the normal and the contacts

## ellipse-polygon
pseudo-ellipse-polygon-1 = c, axes ← the ellipse's centre and axes in the polygon's frame
pseudo-ellipse-polygon-2 = for each edge i:  s'[i] ← n[i]·(c − v[i]) / r(n[i])
pseudo-ellipse-polygon-3 = best ← the largest s'[i];  δ' ← the squashed distance
pseudo-ellipse-polygon-4 = if δ' ≤ 1: they intersect; the depth is the shortest way out:
pseudo-ellipse-polygon-5 = across a face: −s[i] along m = −n[i], s[i] the largest
pseudo-ellipse-polygon-6 = through v inside: to e, where the normal m meets v
pseudo-ellipse-polygon-7 = it counts if v is lowest along m; depth ← the shortest
pseudo-ellipse-polygon-8 = m ← q' mapped back: the shadows are apart along m
pseudo-ellipse-polygon-9 = at a face normal m = −n[i]: t ← where e projects
pseudo-ellipse-polygon-10 = 0 ≤ t ≤ 1: the face is nearest; else a vertex's piece
pseudo-ellipse-polygon-11 = in vertex v's piece: θ ← θ + gap'/(gap + ρ)
pseudo-ellipse-polygon-12 = distance ← gap(m); closest points: e and the polygon's

## polygon-distance
pseudo-polygon-distance-1 = circles about the positions apart? m ← the line between
pseudo-polygon-distance-2 = a ← A's vertex farthest along m, b ← B's nearest
pseudo-polygon-distance-3 = else: B's centroid behind every face of A? they intersect
pseudo-polygon-distance-4 = else: B in A's frame; each face of A, then of B:
pseudo-polygon-distance-5 = s ← n·(w − v);  s > 0: m ← n, apart: walk from here
pseudo-polygon-distance-6 = no face separates: they intersect, distance 0
pseudo-polygon-distance-7 = at a face normal: t ← where the other's vertex projects
pseudo-polygon-distance-8 = 0 ≤ t ≤ 1: face and vertex nearest, distance = gap
pseudo-polygon-distance-9 = else: the next vertex pair, past the face's end
pseudo-polygon-distance-10 = at a vertex pair: d ← b − a; turn m towards d:
pseudo-polygon-distance-11 = d first: the two vertices nearest, distance |d|
pseudo-polygon-distance-12 = else: stop at the first face normal reached
pseudo-polygon-distance-13 = return the distance and the closest points

## discrete
pseudo-discrete-1 = samples t_k = k/(N − 1), k = 0 … N − 1   (N = 2: t = 0, 1)
pseudo-discrete-2 = for each sample t_k:
pseudo-discrete-3 = place A and B at t_k: x + t_k·v, θ + t_k·ω
pseudo-discrete-4 = d ← distance(A(t_k), B(t_k))
pseudo-discrete-5 = if d ≤ target: return hit at t_k
pseudo-discrete-6 = return no hit   (what passed between samples is never seen)

## sub-stepping: the discrete check's lines (the same code, N samples)
pseudo-sub-stepping-1 = { pseudo-discrete-1 }
pseudo-sub-stepping-2 = { pseudo-discrete-2 }
pseudo-sub-stepping-3 = { pseudo-discrete-3 }
pseudo-sub-stepping-4 = { pseudo-discrete-4 }
pseudo-sub-stepping-5 = { pseudo-discrete-5 }
pseudo-sub-stepping-6 = { pseudo-discrete-6 }

## shape-cast
pseudo-shape-cast-1 = r ← v_B − v_A,  λ ← 0,  x ← 0,  d ← x − (a point of A − B)
pseudo-shape-cast-2 = loop
pseudo-shape-cast-3 = w ← support_{"{"}A−B{"}"}(d)
pseudo-shape-cast-4 = if d·(x − w) > σ|d|:   (x beyond w's line, grown by σ)
pseudo-shape-cast-5 = if d·r ≥ 0: return miss   (the ray never comes back)
pseudo-shape-cast-6 = λ ← λ − (d·(x − w) − σ|d|)/(d·r),  x ← λ·r,  n ← d/|d|
pseudo-shape-cast-7 = if λ > 1: return miss
pseudo-shape-cast-8 = simplex ← simplex + {"{"}w{"}"}
pseudo-shape-cast-9 = d ← x − (simplex point nearest x); keep that feature
pseudo-shape-cast-10 = if |d| ≤ σ + ε: return hit at t = λ, normal n
pseudo-shape-cast-11 = σ = radii + target:  A − B grown by σ

## sat-cast
pseudo-sat-cast-1 = r ← v_B − v_A,  t_in ← 0,  t_out ← 1
pseudo-sat-cast-2 = for each face normal n of A, then of B   (n from A towards B):
pseudo-sat-cast-3 = s ← gap along n at t = 0;  c ← n·r   (the gap at t is s + t·c)
pseudo-sat-cast-4 = if c ≥ 0 and s > 0: return miss   (open, and it never closes)
pseudo-sat-cast-5 = if c < 0 and s + t_in·c > 0: t_in ← −s/c   (open at t_in: closes later)
pseudo-sat-cast-6 = if c > 0 and s + t_out·c > 0: t_out ← −s/c   (open at t_out: opens sooner)
pseudo-sat-cast-7 = if t_in > t_out: return miss   (never all closed at once)
pseudo-sat-cast-8 = return hit at t_in, normal: the face that set t_in
pseudo-sat-cast-9 = (the edge of A − B with normal n: the ray x = t·r crosses it at t = −s/c)

## conservative-advancement
pseudo-conservative-advancement-1 = t ← 0;  R_A, R_B ← largest reach from each centre of rotation
pseudo-conservative-advancement-2 = loop
pseudo-conservative-advancement-3 = d, n ← distance(A(t), B(t))   (GJK distance)
pseudo-conservative-advancement-4 = if d ≤ s + ε: return hit at t
pseudo-conservative-advancement-5 = μ ← (v_A − v_B)·n + |ω_A|·R_A + |ω_B|·R_B
pseudo-conservative-advancement-6 = if μ ≤ 0: return miss   (the gap cannot shrink)
pseudo-conservative-advancement-7 = Δt ← (d − s)/μ;   if t + Δt > 1: return miss
pseudo-conservative-advancement-8 = t ← t + Δt

## time-of-impact
pseudo-time-of-impact-1 = t1 ← 0   (target s, tolerance ε)
pseudo-time-of-impact-2 = loop
pseudo-time-of-impact-3 = d ← distance(A(t1), B(t1))   (GJK distance)
pseudo-time-of-impact-4 = if d ≤ s + ε: return hit at t1
pseudo-time-of-impact-5 = f ← separation along the closest features (points, or a face)
pseudo-time-of-impact-6 = t2 ← 1;  loop   (push back)
pseudo-time-of-impact-7 = s2, (i, j) ← deepest points along f at t2   (t2 ← (t1 + t2)/2 if a turn may dip)
pseudo-time-of-impact-8 = if t2 = 1 and s2 > s + ε and no dip: return miss
pseudo-time-of-impact-9 = if s2 ≥ s and no dip: t1 ← t2, break   (the axis holds until t2)
pseudo-time-of-impact-10 = s1 ← f_ij(t1);  if s1 ≤ s + ε: return hit at t1 if s1 ≥ s and d ≤ s + 2ε, else failed
pseudo-time-of-impact-11 = t2 ← root of f_ij(t) = s + ε/2 in [t1, t2]   (cubic through f, f' at the ends; bisection)

## sap
pseudo-sap-1 = axis ← the one where box centres spread most
pseudo-sap-2 = for each strip across the axis:
pseudo-sap-3 = insertion sort: swap neighbours out of order
pseudo-sap-4 = a min passes a max: overlaps ← overlaps + {"{"}their pair{"}"}
pseudo-sap-5 = if the strip was just built (first frame):
pseudo-sap-6 = active ← ∅
pseudo-sap-7 = for each end point e, in order:
pseudo-sap-8 = if e is a min:
pseudo-sap-9 = for each box b in active: overlaps ← overlaps + {"{"}(e.box, b){"}"}
pseudo-sap-10 = if e.box, b overlap on other axis:
pseudo-sap-11 = report pair (e.box, b)
pseudo-sap-12 = active ← active + {"{"}e.box{"}"}
pseudo-sap-13 = else: active ← active − {"{"}e.box{"}"}
pseudo-sap-14 = else: for each pair in overlaps still overlapping along the axis:
pseudo-sap-15 = if they overlap on other axis: report the pair
pseudo-sap-16 = pairs → narrow phase (GJK on the shapes)

## The title of sweep and prune's pseudo-code (the many-shapes mode).
pseudo-code-title-sap = sweep and prune
