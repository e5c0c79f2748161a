# Sweep and prune, stepped in the many-shapes mode (src/app/visualizers/sweep.rs).

sweep-intro = Sweep and prune finds the pairs of shapes whose bounding boxes (AABBs) overlap, without testing every pair. Each box is an interval [min, max] on the sweep axis; the end points are kept sorted (ticks along the axis, below the world), and a sweep line passes them in order with a list of the boxes it is inside (active). The pairs that overlap along the axis are kept for the next frame, where the swaps of insertion sort keep them up to date. Next ▶ takes the first step.

sweep-title-axis = Choose the sweep axis
sweep-title-swap = Insertion sort: swap
sweep-title-enter = A box enters the active list
sweep-title-candidate = Candidate pair
sweep-title-leave = A box leaves the active list
sweep-title-done = Frame done

sweep-axis = The box centres spread with variance { $vx } along x and { $vy } along y, so the sweep runs along { $axis }. Space is cut across it into { $strips } { $strips ->
        [one] strip
       *[other] strips
    }, each swept on its own.

# `moved` and `passed` are "min" or "max", the end points' own names.
sweep-swap = Strip { $strip }: the { $moved } of box { $id } ({ $along } = { $value }) moved left of the { $passed } of box { $other_id } ({ $other_value }), so they swap.{ $overlap ->
        [begins] { " " }Their intervals now overlap along { $along }: the pair joins the strip's overlaps.
        [ends] { " " }Their intervals no longer overlap along { $along }: the pair leaves the strip's overlaps.
       *[same] { "" }
    } Swaps so far: { $swaps }, against about { $cost } comparisons for a full re-sort of { $total } end points (n·log2 n).

sweep-enter = Strip { $strip }: the sweep line reaches the min of box { $id } at { $along } = { $value }. It was tested against every active box; now it joins them ({ $active } active).

sweep-candidate = Box { $a } and { $sweeping ->
        [yes] active box
       *[no] box
    } { $b } overlap along { $along }{ $sweeping ->
        [yes] ; the pair is kept in the strip's overlaps
       *[no] { " " }(a pair kept in the strip's overlaps)
    }. On { $other }: { $span_a } and { $span_b }: { $reported ->
        [yes] they overlap: pair ({ $a }, { $b }) is reported
       *[no] no overlap there (or it begins in another strip): no pair
    }. Candidates so far: { $candidates }, pairs: { $pairs }.

sweep-leave = Strip { $strip }: the sweep line passes the max of box { $id } at { $along } = { $value }: no later box can overlap it along { $along }, so it leaves ({ $active } active).

# Counts (swaps, candidates, pairs) come as numbers, for the plural rules.
sweep-done = { $swaps ->
        [0] The order needed no swap
        [one] { $swaps } swap restored the order
       *[other] { $swaps } swaps restored the order
    } (a full re-sort: about { $cost } comparisons); { $candidates ->
        [one] { $candidates } candidate was tested
       *[other] { $candidates } candidates were tested
    } on { $other } and { $pairs } { $pairs ->
        [one] pair
       *[other] pairs
    } reported, which go to the narrow phase. Next ▶ goes on to the next frame: the shapes move on, insertion sort repairs the order swap by swap and keeps the overlaps up to date, and only the kept overlaps are tested again.
