# What the platforms (src/app/platform/desktop.rs, web.rs) say in the window.

# The Save section (the Scenes tab): what saving does on the desktop, in the browser.
platform-save-hint-desktop = Shapes, A and B, algorithm, step and view, written atomically.
platform-save-hint-web = Shapes, A and B, algorithm, step and view: the browser downloads the file (the name from the field).
