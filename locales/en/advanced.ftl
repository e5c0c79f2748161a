# The Advanced settings of the two-shape mode (tolerances, cap, precision).

advanced-title = Advanced: tolerances, cap, precision
advanced-title-changed = Advanced: tolerances, cap, precision (changed)
advanced-intro = Turn a knob and the run starts again with it; the steps then show where it first differs from gjk-lab's own run and how it ends.
advanced-touch = Touch tolerance, × the pair's size
advanced-convergence = Convergence tolerance, relative
advanced-tolerance = { $label } — gjk-lab's: { $default }
advanced-cap = Iteration cap, support points — gjk-lab's: { $own }
advanced-precision = Precision
advanced-f32 = f32 (values stored in float)
advanced-reset = gjk-lab's settings
advanced-below-precision = The convergence tolerance { $tolerance } is below float's precision ({ $epsilon }): a curved pair may never meet it and run to the cap.
advanced-touch-zero = Touch tolerance 0: shapes that exactly touch are decided by rounding errors.
