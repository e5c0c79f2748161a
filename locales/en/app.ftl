# The window's frame: the top bar, the tabs, the language menu.
# Terms as docs/glossary.md writes them.

language = Language
language-hover = The window's language: every text, narration and lesson page (the step and the shapes stay)

first-step-hover = First step (Home)
back = ◀ Back
back-hover = B or Left arrow
next = Next ▶
next-hover = N or Right arrow
last-step-hover = Last step (End)
play-hover = Space
steps-per-second = { " " }steps/s
many-narrow-phase = Narrow phase: face separation, a closed form or GJK on every pair. The algorithm and A/B choosers are in the two-shape mode (M).
fit = Fit (F)

tab-explain = Explain
tab-scenes = Scenes
tab-help = Help

# A shape the scene file gives no name (N: its index).
shape-default-name = shape { $index }
