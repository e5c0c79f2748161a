# Pseudo-EPA, seed 003's (src/app/visualizers/pseudo_epa.rs).

pepa-intro = Pseudo-EPA (two-point EPA) is a cheaper variant of EPA that keeps only a triangle and, each time, one of the two edges through its newest point. It forgets the other points for good, so it can stop on an edge that is only locally nearest. Next ▶ takes the first step.

pepa-title-start = Starting triangle
pepa-title-choose = Choose an edge
pepa-title-support = Support point

pepa-start = GJK used { $iterations } support points. { $completed ->
        [yes] It ended on a segment, so a third support point completed the triangle.{ " " }
       *[no] { "" }
    }Triangle p { $p }, q { $q }, r { $r } (r is the newest point).

# $edge: the kept edge's name, "pr" or "qr".
pepa-choose = Feet of the origin: on line pr { $foot_pr } (|fp| = { $length_pr }), on line qr { $foot_qr } (|fq| = { $length_qr }). It keeps edge { $edge }, the nearer one, and forgets the point { $dropped } for good (dropped). New direction d = { $d }.

pepa-support = Support in direction d = { $d }: { $sources } = r { $w }. It advances (r − p)·d = { $advance } past the edge; the tolerance is { $tolerance }{ $stops ->
        [yes] , so pseudo-EPA stops.
       *[no] , so it goes on.
    }

# $way: "wrong" (the ghost of B still overlaps A), "longer" (it separates, but EPA's
# way out is shorter), "same"; $epa: "found" (EPA's depth and normal) or "none".
pepa-done-stopped = Answer from the foot of the origin on line pq{ $round ->
        [yes] { " " }(on the cores' difference), plus the radii r_A + r_B = { $margin }
       *[no] { "" }
    }: depth { $depth } along n = { $n }. This edge is only the nearest among those pseudo-EPA looked at. { $way ->
        [wrong] Moving B by depth·n (ghost of B) does not separate them: they are still { $left } deep. { $epa ->
            [found] EPA finds depth { $epa_depth } along { $epa_n }
           *[none] EPA finds no overlap
        }: pseudo-EPA stopped on the wrong edge.
        [longer] Moving B by depth·n (ghost of B) separates them, but it is not the shortest way out: { $epa ->
            [found] EPA finds depth { $epa_depth } along { $epa_n }
           *[none] EPA finds no overlap
        }.
       *[same] Moving B by depth·n (ghost of B) separates them; { $epa ->
            [found] EPA finds depth { $epa_depth } along { $epa_n }
           *[none] EPA finds no overlap
        } too.
    }
pepa-done-radius = Only the rounded parts overlap (the cores do not: a circle's core is its centre, a capsule's its segment, a rounded polygon's its polygon): as for EPA the depth is the sum of the radii minus the cores' distance, { $depth } along n = { $n }.
pepa-done-apart = GJK found A and B separated by { $distance }: nothing to measure.
pepa-done-degenerate = GJK's simplex could not be made into a triangle.
pepa-done-limit = Stopped after { $iterations } support points: depth { $depth } along { $n }.
