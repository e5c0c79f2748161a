# Moving shapes: the five casts (src/app/visualizers/cast/*.rs). Times come in with
# four places ("0.4704"), distances with two or as "1.0e−6"; counts as numbers.

cast-intro-discrete = Moving shapes: over one step, t from 0 to 1, each shape moves from its pose to its dashed pose at t = 1. The discrete check looks at t = 0 and t = 1 only, as a game that tests each frame does: whatever happens between is never seen. Next ▶ takes the first step.
cast-intro-sub-stepping = Sub-stepping looks at 8 evenly spaced times from t = 0 to t = 1: more than two, and still a finite number. A shape thinner than the distance the other travels between two samples can be passed by unseen. Next ▶ takes the first step.
cast-intro-shape-cast = The shape cast (GJK-raycast) answers translations exactly. B moved by t·r (r = v_B − v_A) meets A when t·r lies in A − B: the time of impact is where the ray from the origin along r first enters A − B. GJK's support points find it without building A − B. Next ▶ takes the first step.
cast-intro-advancement = Conservative advancement measures the distance d, bounds how fast it can shrink (μ: the closing speed plus what the turns can add) and moves time on by d/μ, a step that cannot overshoot the first touch. Repeated until the shapes touch, or until the next step would pass the step's end. Next ▶ takes the first step.
cast-intro-toi = The time of impact (Box2D's) follows the separation along the closest features' axis as time goes on, finds where it reaches the target with a root finder, and checks that no other pair of points went deeper: where turns or shapes sliding close past each other make conservative advancement crawl, it needs far fewer distance calls. Next ▶ takes the first step.

# Shared by the casts (cast/mod.rs).
cast-apart = { $state ->
        [touch] A and B touch or overlap
        [target] A and B are { $distance } apart (the target is { $target })
       *[apart] A and B are { $distance } apart
    }
cast-title-distance = Distance
# $name is the time's symbol: t, or t1 in the time of impact.
cast-distance = At { $name } = { $t }, GJK distance on A and B placed there (the ghosts; A − B at that time is dashed in its view): { $apart }.
cast-hit-normal = The normal there, from A towards B: n = { $n }.
cast-initial-overlap = A and B already touch or overlap at t = 0: a hit at t = 0.
# Labels beside B's ghost.
cast-label-hit = hit: t = { $t }
cast-label-missed = missed: t = { $t }
cast-label-probe = probe: t = { $t }

# The discrete check and sub-stepping (cast/sampled.rs).
cast-title-times = Times to look at
cast-times-discrete = The discrete check places A and B at two times, t = 0 and t = 1 (the marks on the time line below the world), and asks each time whether they touch.
cast-times-sub-stepping = Sub-stepping places A and B at { $samples } times, { $spacing } apart (the marks on the time line below the world), and asks each time whether they touch.
cast-title-sample = Sample { $n }
cast-sample = Sample { $n } at t = { $t }: { $apart }, { $within ->
        [yes] within the target: a hit, and the check stops here.
       *[no] no hit at this time.
    } In its view, A − B at that time (dashed) { $holds ->
        [yes] holds the origin.
       *[no] misses the origin by { $gap }.
    }
cast-sampled-hit = Hit seen at sample { $sample }, t = { $t }.
cast-sampled-hit-late = Hit seen at sample { $sample }, t = { $t }. The shapes first touched earlier, at t = { $first }, between two samples: a sampled check finds a time when they already overlap, not the first touch.
cast-sampled-tunnelled = No hit seen at any of the { $samples } samples, yet A and B do meet: at t = { $first } (the dotted ghost, found by { $method ->
        [shape-cast] the shape cast
        [sat-cast] the SAT cast
        [time-of-impact] the time of impact
       *[conservative-advancement] conservative advancement
    }), between two samples. The moving shape passed through unseen: it tunnelled.
cast-sampled-apart = No hit seen at any of the { $samples } samples, and none is missed here: the shapes stay apart for the whole step ({ $method ->
        [shape-cast] the shape cast
        [sat-cast] the SAT cast
        [time-of-impact] the time of impact
       *[conservative-advancement] conservative advancement
    } agrees).
cast-sampled-undecided = No hit seen at any of the { $samples } samples. Whether the shapes meet between two of them is not known here: { $method ->
        [shape-cast] the shape cast
        [sat-cast] the SAT cast
        [time-of-impact] the time of impact
       *[conservative-advancement] conservative advancement
    } stopped before it could decide.

# The shape cast (cast/shape_cast.rs).
cast-title-ray = The ray through A − B
cast-shape-start = B moved by t·r, r = v_B − v_A = { $r }, meets A exactly when t·r lies in A − B{ $grown ->
        [yes] { " " }grown by σ = { $sigma } (the radii and the target)
       *[no] { "" }
    }. So the first touch is where the ray from the origin along r enters A − B: its end is t = 1. x = λ·r starts at the origin, λ = 0; { $fallback ->
        [yes] A − B's inner point is the origin itself, so d starts along the x axis: d = { $d }
       *[no] d = { $d } points from inside A − B to x
    }.
cast-title-support = Support point
cast-shape-support = Support point along d: w = { $w } ({ $sources }). { $beyond ->
        [yes] x lies { $gap } beyond { $grown ->
            [yes] w's line grown by σ
           *[no] w's line
        }: nothing of A − B is beyond it, so the ray cannot have entered A − B yet; λ moves on to that line if the ray approaches it.
       *[no] x is not beyond { $grown ->
            [yes] w's line grown by σ
           *[no] w's line
        }: w joins the simplex, which closes in on x.
    }
cast-title-lambda = λ advances
cast-shape-advance = λ jumps from { $from } to { $to }, where the ray crosses { $grown ->
        [yes] w's line grown by σ
       *[no] w's line
    } (n·r = { $approach }: the ray approaches it). x = λ·r = { $x }. The shapes cannot touch before t = { $to }: the ghosts show them there, still apart or just touching.
cast-shape-added = { $again ->
        [yes] w is { $name } again, a point the simplex already has (x has moved along the ray since); the simplex is now { $points }.
       *[no] w joins the simplex as { $name }; the simplex is now { $points }.
    }
cast-title-nearest = Nearest feature to x
# $count: how many points the simplex keeps; $points: their names.
cast-shape-region = The simplex keeps { $count ->
        [0] nothing
        [1] the point { $points }
        [2] the edge { $points }
       *[other] the triangle { $points }
    }, the part nearest x. d = x − (its nearest point) = { $d }. The simplex is only part of A − B, so at t = { $t } the shapes are at most { $gap } apart (less, if another part of A − B lies nearer x).
cast-shape-overlap = A and B already touch or overlap at t = 0: a hit at t = 0 (a cast answers when they first come within the target, and that is now).
cast-shape-hit = Hit at t = λ = { $t }: x is within the tolerance of A − B (the shapes are { $gap } apart there).
cast-shape-moving-away = No hit: the ray runs parallel to { $grown ->
        [yes] w's line grown by σ
       *[no] w's line
    } or away from it (n = { $n }), and all of A − B lies behind that line, so the ray never enters A − B.
cast-shape-beyond = No hit in this step: the ray would cross { $grown ->
        [yes] w's line grown by σ
       *[no] w's line
    } only at λ = { $lambda }, past its end at λ = 1.
cast-shape-still = No hit: A and B move alike (r = 0) and are apart, so they stay apart.
cast-shape-rotating = A shape turns, and a ray describes a translation only. Conservative advancement and the time of impact follow turns.
cast-shape-cap = Stopped after { $iterations } support points (the cap): the shapes are apart at least until t = { $t }.

# The SAT cast (cast/sat_cast.rs).
cast-intro-sat-cast = The SAT cast answers two convex polygons that move without turning, to their first touch. Along each face normal n of A and of B (turned to point from A towards B) the gap between the shapes is s at t = 0 and changes by c = n·r per step (r = v_B − v_A): a straight line in t. The shapes touch exactly when every gap is closed at once, so the first touch is the latest time a closing gap closes, unless an opening gap has opened again by then. In A − B each face normal is an edge, and a gap closes where the ray from the origin along r crosses that edge's line. Next ▶ takes the first step.
cast-sat-start = B moved by t·r, r = v_B − v_A = { $r }, meets A exactly when t·r lies in A − B: the ray from the origin along r, its end at t = 1. Every face normal of A and of B is the normal of an edge of A − B (parallel faces share one edge): { $faces } faces to measure. Every gap measured is closed for t in [t_in, t_out]; before any face that is [0, 1], the whole step.
cast-title-sat-face = A face of { $shape }
cast-sat-face = A face of { $shape }, its normal n = { $n } (from A towards B). The gap along n is s = { $s } at t = 0, from the face's line to { $other }'s vertex deepest towards it, and it changes by c = n·r = { $c } per step: at t it is s + t·c. { $how ->
        [enter] It closes at t = −s/c = { $cross }, later than every gap before: t_in moves there, to x, where the ray crosses this edge's dashed line in A − B.
        [late] It closes at t = −s/c = { $cross }, later than every gap before and after the step's end: t_in moves there.
        [closed] It is closed already at t = 0 (s ≤ 0) and only closes further (c < 0): nothing moves.
        [before] It closes at t = −s/c = { $cross }, no later than t_in: nothing moves.
        [exit] It opens again at t = −s/c = { $cross }, sooner than every gap before: t_out moves there.
        [after] It opens again at t = −s/c = { $cross }, no sooner than t_out: nothing moves.
        [open] It is open at t = 0 and does not close (c ≥ 0): along n, A and B stay at least s apart for the whole step.
       *[still] It stays closed for the whole step (c = 0, s ≤ 0): nothing moves.
    }{ $window ->
        [closed] { " " }Every gap measured so far is closed for t in [t_in, t_out] = [{ $t_in }, { $t_out }].
        [empty] { " " }No time closes every gap measured so far: t_in = { $t_in } comes after t_out = { $t_out }.
       *[none] { "" }
    }
cast-sat-hit = Hit at t = t_in = { $t }: every gap is closed from then on (until t_out = { $t_out }), and the last to close was the gap along a face of { $shape }; in A − B the ray enters through that face's edge.
cast-sat-overlap = No gap is open at t = 0: A and B already touch or overlap, a hit at t = 0 (a cast answers when they first come within the target, and that is now).
cast-sat-open = No hit: that gap is open at t = 0 and never closes, so A and B stay apart for the whole step (in A − B the ray runs beside that edge's line or away from it).
cast-sat-passes = No hit: the gaps are never all closed at once. The last closing gap closes at t_in = { $t_in }, but an opening gap has opened again at t_out = { $t_out }, earlier: the ray passes A − B by.
cast-sat-beyond = No hit in this step: the last gap closes only at t_in = { $t_in }, after the step's end at t = 1.
cast-sat-too-close = The gaps decide this pair only within rounding (the ray passes within rounding of a corner of A − B, or the points where the shapes would touch at t_in are farther apart than the tolerance), so GJK-raycast answers: { $answer }
cast-sat-gjk-hit = a hit at t = { $t }.
cast-sat-gjk-miss = no hit.
cast-sat-not-applicable = The SAT cast measures the face normals of two convex polygons without radius that move without turning, cast to their first touch; { $why }
cast-sat-na-turns = here a shape turns, and a turning shape's gaps are no straight lines in t.
cast-sat-na-shape = here one shape is { $kind }.
cast-sat-na-target = here the target is above 0, and A − B grown by it is round at its corners, where its edges do not describe it.

# Conservative advancement (cast/advancement.rs).
cast-title-bound-parts = The bound's parts
cast-bound-parts = What the bound is made of: v_A − v_B = { $closing }; A turns { $angular_a } rad over the step, B { $angular_b }; the farthest point of A's core from the centre it turns about is R_A = { $reach_a }, of B's R_B = { $reach_b }.
cast-title-bound = Bound on the closing speed
cast-bound = How fast can the gap along n = { $n } shrink? μ = (v_A − v_B)·n + |ω_A|·R_A + |ω_B|·R_B = { $linear } + { $angular } = { $bound }. No point of A or B can close it faster.
cast-title-advance = Advance
cast-advance = The safe step: Δt = (d − s)/μ = { $step }. Time moves from { $from } to { $to }: the gap of { $gap } cannot close sooner, so at the new ghosts the shapes are still apart or just touching.
cast-advancement-hit = Hit at t = { $t }: the distance ({ $distance }) is within the tolerance of the target, after { $advances ->
        [one] { $advances } safe step
       *[other] { $advances } safe steps
    } ({ $evaluations } distance evaluations). The closer the shapes come, the smaller each step: shapes sliding close past each other make it crawl. The time of impact takes { $toi } distance evaluations on this pair.
cast-advancement-separating = No hit: μ = { $bound } is not positive, so along n the gap cannot shrink at all.
cast-advancement-beyond = No hit in this step: from t = { $t } the safe step { $step } would pass t = 1, so the shapes stay apart until the end.
cast-advancement-cap = Stopped after { $iterations } distance evaluations (the cap): a crawl. The shapes are apart at least until t = { $t }.

# The time of impact (cast/toi.rs).
cast-title-target = Target
cast-toi-target = Target separation s = { $s }, tolerance ε = { $tolerance } (a fraction of the shapes' size): a hit is a time where the distance lies in [s, s + ε].
cast-title-function = Separation function
# $i and $j: the face's vertices.
cast-toi-function = The closest features are { $feature ->
        [points] two points, one of A and one of B: the axis runs from one to the other and turns with them
        [face-a] a face of A (vertices { $i } and { $j }) and a point of B: the axis is the face's normal, turning with A
        [face-b] a face of B (vertices { $i } and { $j }) and a point of A: the axis is the face's normal, turning with B
       *[face] a face and a point
    }. f(t) is the separation along that axis n = { $n } as time goes on: while it stays above s, so does the distance of those features.
cast-title-deepest-vertex = Deepest vertex
cast-title-deepest-points = Deepest points
# A shape's point without a vertex number ("A's point").
cast-shape-point = { $shape }'s point
cast-toi-deepest = At t2 = { $t2 }, the points that go deepest along n = { $n } are { $a } and { $b }: their separation s2 = { $separation } is { $verdict ->
        [end] at least s: this axis keeps them apart to the end of the step.
        [holds] at least s: this axis keeps them apart until t2, so t1 moves to t2.
        [curved] at least s here, but a turn could bring them within s and apart again before t2 (the separation's curvature does not rule it out), so t2 is halved and the deepest points looked for again.
       *[below] below s: between t1 and t2 this pair crosses the target, and a root finder looks for when.
    }
cast-title-bracket = Bracket
cast-toi-bracket = The pair's separation is { $s1 } at t1 = { $t1 }, changing by { $r1 } per unit of time, and { $s2 } at t2 = { $t2 }, changing by { $r2 }: it crosses the aim s + ε/2 = { $aim } somewhere between. The root finder's cubic has these two values and these two slopes at the ends.
cast-title-root = Root finder
cast-toi-root = Probe { $iteration } by { $rule ->
        [bisection] bisection (the bracket's middle: the last two probes moved the same end)
        [cubic] the cubic (near where the curve through both ends' separations and slopes crosses the aim: one Newton step on it from the secant's point)
       *[secant] the secant rule (where the line through the ends crosses the aim: the cubic's Newton step left the bracket)
    }: t = { $t }, separation { $separation }; { $found ->
        [yes] close enough to the aim: the root, the new t2.
       *[no] the bracket is now [{ $lo }, { $hi }].
    }
cast-toi-hit = Hit at t = { $t }: { $within ->
        [bracket] the pair's separation along the axis lies within [s, s + ε] there, and the distance, { $distance }, within s + 2ε,
       *[window] the distance { $distance } lies within [s, s + ε],
    } after { $iterations ->
        [one] { $iterations } distance evaluation
       *[other] { $iterations } distance evaluations
    }. { $compare ->
        [more] Conservative advancement takes { $advancement } on this pair: the root finder follows the separation itself, where advancement only bounds it.
        [same] Conservative advancement takes as many on this pair: it falls behind where shapes turn or slide close past each other, not here.
        [fewer] Conservative advancement takes only { $advancement } on this pair.
       *[none] Conservative advancement stops after { $advancement } on this pair without a hit.
    }
cast-toi-separated = No hit: along this axis the deepest points are still { $separation } apart at t = 1, more than s + ε, so the shapes stay apart for the whole step.
cast-toi-failed = Stopped: the pair's separation at t1 = { $t } is already { $separation } — { $case ->
        [window] within the hit's window, but GJK distance found the shapes farther apart there: this axis does not describe them, and no hit can be read from it.
       *[below] below the target, so the root finder has no bracket (Box2D's "failed").
    } The shapes are apart until t1.
cast-toi-push-back = Stopped: one axis needed more push-backs than the cap. The shapes are apart until t1 = { $t }.
cast-toi-cap = Stopped after { $iterations } distance evaluations (the cap). The shapes are apart until t1 = { $t }.
