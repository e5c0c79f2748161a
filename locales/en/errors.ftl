# The errors the window shows: a scene file's, a shape's, a lesson's, a link's and the
# platform's (src/app/errors.rs). The English is the core's own message, word for word
# (a test compares them); the command line prints the core's.

## Where.
error-in-file = { $file }: { $error }
error-at-line = { $file }:{ $line }:{ $column }: { $error }
error-no-file = <scene>
error-io = { $reason }
error-unknown-format = unknown scene format { $ext }: use a .ron or .json file
error-shape = shape { $index }: { $error }
error-shape-named = shape { $index } ({ $name }): { $error }
error-view = view: { $error }
error-lesson = lesson: { $error }
error-lesson-page = lesson, page { $page }: { $error }

## The quantities a range error names.
quantity-position = position
quantity-center = center
quantity-motion-velocity = motion velocity
quantity-motion-angular-speed = motion angular speed
quantity-end-position = end position (position + velocity)
quantity-polygon-radius = polygon radius
quantity-circle-radius = circle radius
quantity-ellipse-semi-axis-a = ellipse semi-axis a
quantity-ellipse-semi-axis-b = ellipse semi-axis b
quantity-capsule-end-a = capsule end a
quantity-capsule-end-b = capsule end b
quantity-capsule-radius = capsule radius
quantity-vertex = vertex { $index }
quantity-polygon-extent = the polygon's extent

## A shape.
error-position-not-finite = position { $point } is not finite
error-rotation-not-finite = rotation { $value } is not finite
error-not-positive = { $what } must be positive, not { $value }
error-negative = { $what } must not be negative, not { $value }
error-polygon = polygon: { $error }
error-capsule = capsule: { $error }
error-not-finite = { $what } is { $value }, not a finite number
error-too-large = { $what } { $value } is beyond the range gjk-lab computes in (coordinates and sizes up to { $max } in magnitude)
error-point-not-finite = { $what } ({ $x }, { $y }) is not finite
error-point-too-large = { $what } ({ $x }, { $y }) is beyond the range gjk-lab computes in (coordinates up to { $max } in magnitude)
error-too-small = { $what } { $size } is below the range gjk-lab computes in (shapes at least { $min } across)
error-polygon-non-finite = vertex { $vertex } has a non-finite coordinate
# $segment: yes when two are distinct (a segment).
error-polygon-too-few = a polygon needs at least 3 distinct vertices, this one has { $distinct }{ $segment ->
        [yes] { error-polygon-segment }
       *[no] {""}
    }
error-polygon-zero-area = the polygon has zero area (all vertices on one line){ error-polygon-segment }
error-polygon-segment = ; a segment is written Capsule(a: (x, y), b: (x, y), radius: 0.0)
error-polygon-non-convex = the polygon is not convex: it turns the other way at vertex { $vertex }
error-polygon-self-intersecting = the polygon's boundary crosses itself (it winds around { $windings } times)
error-polygon-edges-intersect = the polygon's boundary crosses or touches itself: edge { $first } (vertex { $first } to { $first_end }) meets edge { $second } (vertex { $second } to { $second_end }); a polygon must be simple
error-polygon-too-many = a concave polygon may have at most { $max } vertices, this one has { $count }
error-polygon-decomposition = the polygon could not be split into convex parts (it almost touches itself)
error-polygon-out-of-range = vertex { $vertex } is out of range
error-polygon-rounded-concave = a polygon with a radius must be convex, and this one is concave: split it into convex polygons, each with the radius
error-polygon-rounded-concave-at = a polygon with a radius must be convex, and this one is concave (it turns the other way at vertex { $vertex }): split it into convex polygons, each with the radius
error-polygon-too-small = the polygon's extent { $extent } is too small
error-capsule-zero-length = its ends a ({ $ax }, { $ay }) and b ({ $bx }, { $by }) are { $length } apart: a capsule needs a segment at least { $min } long (and longer than 1e-12 of its coordinates); with a = b it is { $point ->
        [yes] a point: write Point
       *[no] a circle: write Circle(radius: { $radius })
    }

## The view section.
error-view-no-such-shape = { $label } = { $index }, but the scene has { $count } { $count ->
    [one] shape
   *[other] shapes
}
error-view-same-shape = a and b must be two different shapes
error-view-center-not-finite = center { $point } is not finite
error-view-bad-zoom = zoom must be a positive number, not { $value }

## The lesson section.
error-lesson-no-pages = a lesson needs at least one page
error-lesson-summary-lines = summary: { $lines } lines; a summary has exactly { $expected } (or is left out)
error-lesson-summary-line-empty = summary, line { $line }: empty
error-lesson-summary-line-too-long = summary, line { $line }: { $chars } characters; a line is one short sentence, at most { $max }
error-lesson-summary-zh-lines = summary_zh: { $zh } lines for the summary's { $english }; each line has its Chinese beside it
error-lesson-zh-placeholders = zh: the Chinese text names the live numbers { $zh }, the English { $english }: both name the same
error-lesson-empty-text = the text is empty
error-lesson-text-too-long = the text has { $chars } characters; a page holds at most { $max }
error-lesson-unknown-placeholder = unknown live number { $name }: use one of { $known }
error-lesson-no-such-shape = { $label }: { $index } is not a shape (the scene has { $shapes })
error-lesson-same-shape = a and b are the same shape
error-lesson-frame-on-pair-page = frame: only a many-shapes page (mode: many) has frames
error-lesson-algorithm-on-many-page = a many-shapes page (mode: many) shows sweep and prune: it takes no algorithm or figure
error-lesson-checkpoint-on-figure = a figure page takes no checkpoint (a figure has no steps)
error-lesson-pair-checkpoint-on-many-page = checkpoint { $checkpoint } asks about a two-shape algorithm, but the page shows sweep and prune (mode: many)
error-lesson-many-checkpoint-on-pair-page = checkpoint { $checkpoint } asks about sweep and prune: the page needs mode: many
error-lesson-checkpoint-of-another-algorithm = checkpoint { $checkpoint } asks about { $algorithms } steps, but the page shows { $algorithm }
# "a, b or c".
error-one-of = { $rest } or { $last }
# Between two items of a list (a comma and a space).
error-list-next = { $list }, { $item }
error-no-lesson-section = { $file }: this scene has no lesson section
error-no-lessons = no lessons in { $folder }
error-no-such-lesson = no lesson { $name }: the lessons are { $lessons }

## A shared link.
error-link-empty = link: empty: nothing after the '#'
error-link-unknown-format = link: not a gjk-lab link: it starts with { $start }, not { $prefix }
error-link-too-long = link: { $chars } characters, more than { $max }
error-link-altered = link: this link was altered or cut ({ $why }); ask for it again
error-link-base64 = link: cut or altered (base64: { $why })
error-link-compression = link: cut or altered (compressed data: { $why })
error-link-too-large = link: the scene would be larger than { $mb } MB
error-link-not-text = link: the scene is not UTF-8 text
error-link-content = link: { $why }
error-link-neither = link: holds neither a scene nor a lesson

## Files, storage and exports.
error-not-in-browser = no such scene in the browser (open it with "Open file…")
error-no-data-folder = no data folder
error-storage-refused = { $key }: the browser's local storage refused it
error-no-display = no display to open the window on (DISPLAY is not set): run it on a desktop, or under xvfb-run -a -s "-screen 0 1280x800x24"
error-export-png-without-step = { $file }: a PNG sequence needs %d in the file name (the step number), e.g. step-%d.png
error-export-unknown-format = { $file }: the export must be a .gif file or a .png pattern with %d
error-export-not-a-range = --steps { $text }: expected a range like 1..{ $count }
error-export-backwards = --steps { $text }: the first step comes after the last
error-export-past-the-run = --steps { $text }: this run has { $count } steps (0 is the state before the first)
error-export-rate = --fps { $rate }: give a rate from 0.1 to 50 frames per second
error-export-no-frames = { $file }: no frames to write

## What a parser says (RON's or JSON's words), in the window's language: in English
## its own words; in Chinese an explanation, then its words in brackets.

parser-expected-comma = { $message }
parser-expected-colon = { $message }
parser-expected-close-paren = { $message }
parser-expected-close-bracket = { $message }
parser-expected-close-brace = { $message }
parser-expected-open-paren = { $message }
parser-expected-open-bracket = { $message }
parser-expected-number = { $message }
parser-expected-integer = { $message }
parser-expected-string = { $message }
parser-string-end = { $message }
parser-expected-boolean = { $message }
parser-expected-identifier = { $message }
parser-eof = { $message }
parser-trailing = { $message }
parser-unexpected-char = { $message }
parser-missing-field = { $message }
parser-unknown-field = { $message }
parser-duplicate-field = { $message }
parser-unknown-variant = { $message }
parser-unknown-enum-variant = { $message }
parser-unclosed-comment = { $message }
parser-integer-bounds = { $message }
parser-wrong-type = { $message }
json-missing-field = { $message }
json-unknown-field = { $message }
json-unknown-variant = { $message }
json-duplicate-field = { $message }
json-invalid-type = { $message }
json-invalid-length = { $message }
json-invalid-value = { $message }
json-expected-comma-bracket = { $message }
json-expected-comma-brace = { $message }
json-expected-colon = { $message }
json-expected-value = { $message }
json-eof = { $message }
json-trailing-comma = { $message }
json-trailing = { $message }
json-key-string = { $message }
json-control-character = { $message }
json-invalid-number = { $message }
json-number-range = { $message }
parser-other = { $message }
