# Notices and errors the window shows after an action (under the top bar).
# The core's errors (a scene file's, a link's) are in errors.ftl.

notice-loaded = Loaded { $path }
notice-reloaded = Reloaded { $path }
notice-no-file-to-reload = this scene has no file to reload
# $verb: "Saved" on the desktop, "Downloaded" in the browser.
notice-saved = { $verb } { $path }
notice-could-not-save = could not save: { $error }
notice-opened-link = Opened the shared link
notice-link-no-lesson = link: no lesson { $name }
notice-link-error = link: { $error }
notice-exported = Exported { $what }
notice-vertex-edit-rejected = Vertex edit rejected: { $error }
notice-turning-shape = Turning the shape: move the finger round it
vertex-edit-no-such-shape = no such shape
vertex-edit-not-a-polygon = only polygons and the cores of capsules and rounded polygons have vertices
vertex-edit-no-such-vertex = no such vertex
vertex-edit-merges-vertices = that would merge two vertices

# What an export wrote.
export-png-files = { $count } PNG files ({ $pattern })
export-gif = { $path } ({ $count } frames)

# The page's narration region (read out by a screen reader).
narration-heading = { $title } — step { $step } of { $last }
narration-choice = Candidate { $k } of { $count }: { $label }. Enter answers with it.

# The learner's own trace (Load my trace): the notice after loading it.
trace-agrees = Your trace { $name } agrees with gjk-lab
trace-diverges = Your trace { $name } diverges: see the Explain tab
trace-cannot-be-checked = Loaded { $name }: it cannot be checked, see the Explain tab
trace-not-checked = Not checked: { $error }
