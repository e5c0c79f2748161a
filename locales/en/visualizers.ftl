# Sentences shared by the step-through visualisers (src/app/visualizers/mod.rs).
# Numbers come in formatted ("0.25", "(1.50, −2.00)"); counts as numbers.

vis-title-intro = Before the first step
vis-title-result = Result
vis-title-start = First search direction
vis-title-added = Add to the simplex

# Two sentences one after the other.
vis-then = { $first } { $second }

vis-seed-miss = That is the seed's answer, and it is wrong: moving B by { $offset } leaves it { $depth } deep in A, so it does not separate them (no ghost of B is drawn: it would not be out).

vis-region-vertex = vertex { $name }
vis-region-edge = edge { $from } { $to }
vis-region-interior = the triangle's interior

vis-source-vertex = { $shape }'s vertex { $index }
vis-source-point = { $shape }'s point { $point }
vis-sources = { $a } minus { $b }

vis-region-single-point = The simplex is a single point, so that point is its feature nearest the origin.
vis-region-which = Which feature of the simplex is nearest the origin? The origin lies in the Voronoi region (shaded) of { $feature }. { $dropped ->
        [0] No point is dropped.
        [one] The other point is dropped (ghosted); the simplex keeps { $kept } { $kept ->
            [one] point
           *[other] points
        }.
       *[other] The other points are dropped (ghosted); the simplex keeps { $kept } { $kept ->
            [one] point
           *[other] points
        }.
    }

vis-instead = { $text } The button below switches to { $algorithm }, which answers this pair.

vis-start = { $fallback ->
        [yes] A's and B's centres of area coincide, so the search starts along the x axis:
       *[no] Start looking from A's centre of area towards B's:
    } d = { $d }. Any direction works; this one usually finds the answer sooner.

vis-added = w joins the simplex as { $name }; the simplex is now { $shape ->
        [point] the single point { $name }
        [segment] the segment { $points }
       *[triangle] the triangle { $points }
    }.
