# The Scenes tab (src/app/files_panel.rs and the Scenes part of src/app/panels.rs):
# the scene list, opening, sharing, your own trace, saving, exporting.

# $dir: the folder listed.
files-in = Files in { $dir }/ — click one to open it.
files-lessons = Lessons
files-reload-browser = Reload the file
files-reload = Reload (F5)
files-auto-reload = reload when the file changes
files-save-heading = Save
files-save = Save (Ctrl+S)
# $count: the number of steps (formatted).
files-export = Export steps 1–{ $count } as GIF
# $path: the file written.
files-export-hover = Writes { $path } (slides, course pages); headless: gjk-lab SCENE --algo A --export out.gif --steps 1..N

files-open-and-share = Open and share
files-open = Open
files-open-hover = Opens the file named in the field below
files-or-drop = or drop a scene file on the window
files-share = Share:
files-paste-link = Paste link
files-paste-link-hover = Opens the link on the clipboard
files-link-hint = paste a link here
files-open-link = Open link
files-copy-link = Copy link
files-copy-link-hover = Copies a link to this case (the scene with A, B, algorithm, step and view) to the clipboard: it opens in the browser version and with gjk-lab open
# $count: the link's length.
files-link-copied = Copied the link ({ $count ->
    [one] { $count } character
   *[other] { $count } characters
})
# $error: why.
files-link-not-copied = could not copy the link: { $error }
files-open-file = Open file…
files-open-file-hover = A .ron or .json scene from your computer (or drop one on the page)

files-my-trace-heading = Check your own implementation
files-my-trace-about = Load a trace your GJK, GJK distance, EPA or SAT wrote (JSON lines, see docs/trace-format.md): it is checked step by step on this pair, its support points drawn over A - B.
files-load-my-trace-picker = Load my trace…
files-load-my-trace-picker-hover = A .jsonl trace from your computer (or drop one on the page)
files-load-my-trace = Load my trace
files-unload = Unload
files-write-your-own = Write your own GJK here…
files-write-your-own-hover = Stage by stage in JavaScript, run on A and B, checked as you go
