//! Tests of the checkpoints' sheets against references worked out by hand or by
//! brute force.

use super::*;

/// The distance to a region by brute force: the nearest of many points in it.
fn brute_region_distance(planes: &[HalfPlane]) -> f64 {
    let mut best = f64::INFINITY;
    let steps = 400;
    for i in 0..=steps {
        for j in 0..=steps {
            let x = DVec2::new(
                -4.0 + 8.0 * i as f64 / steps as f64,
                -4.0 + 8.0 * j as f64 / steps as f64,
            );
            if planes.iter().all(|&(n, c)| n.dot(x) <= c) {
                best = best.min(x.length());
            }
        }
    }
    best
}

#[test]
fn region_distance_matches_a_brute_force_search() {
    let simplex = [
        DVec2::new(1.0, 0.5),
        DVec2::new(2.0, -1.0),
        DVec2::new(2.5, 1.5),
    ];
    for f in [
        vec![0],
        vec![1],
        vec![2],
        vec![0, 1],
        vec![1, 2],
        vec![0, 2],
        vec![0, 1, 2],
    ] {
        let planes = region(&simplex, &f);
        let exact = distance_to_region(&planes);
        let brute = brute_region_distance(&planes);
        assert!(
            (exact - brute).abs() < 0.03,
            "{f:?}: exact {exact}, brute {brute}"
        );
    }
}

#[test]
fn the_origin_is_in_exactly_one_region() {
    let simplex = [DVec2::new(-1.0, 1.0), DVec2::new(2.0, 1.0)];
    let names: Vec<String> = ["A", "B"].map(String::from).to_vec();
    let sheet = kept_feature(&simplex, &names);
    let zero: Vec<&str> = sheet
        .candidates
        .iter()
        .filter(|c| c.value == 0.0)
        .map(|c| c.label.as_str())
        .collect();
    assert_eq!(zero, ["edge AB"]);
    assert_eq!(sheet.accepted().len(), 1);
}

#[test]
fn every_separating_axis_is_right() {
    let square = |x: f64, y: f64| {
        Shape::new(
            crate::shapes::Geometry::polygon(&[
                DVec2::new(-0.5, -0.5),
                DVec2::new(0.5, -0.5),
                DVec2::new(0.5, 0.5),
                DVec2::new(-0.5, 0.5),
            ])
            .unwrap(),
            crate::shapes::Pose::new(DVec2::new(x, y), 0.0),
        )
    };
    let names = Names {
        a: "A".into(),
        b: "B".into(),
    };
    // Apart diagonally: the x axes and the y axes both show a gap.
    let sheet = separating_axis(&square(0.0, 0.0), &square(2.0, 2.0), &names).unwrap();
    assert_eq!(sheet.accepted().len(), 8, "{sheet:#?}");
    // Apart along x only: the four edges normal to x.
    let sheet = separating_axis(&square(0.0, 0.0), &square(2.0, 0.5), &names).unwrap();
    assert_eq!(sheet.accepted().len(), 4);
    let wrong = sheet.candidates.iter().find(|c| !c.accepted).unwrap();
    assert!(wrong.why.contains("overlap 0.50"), "{}", wrong.why);
    // A wrong pick's reply names the answers the picture shows, every axis with a
    // gap (here one axis, A's two edges and B's two), not one other edge.
    assert!(
        wrong
            .why
            .contains("the answers, every one below zero: 4 edges of A and B with normal ±(1.00, "),
        "{}",
        wrong.why
    );
    // Two squares apart along x, one turned: A's x axis and B's own axes each
    // show a gap, named once per axis and owner.
    let mut turned = square(3.0, 0.0);
    turned.set_pose(crate::shapes::Pose::new(DVec2::new(3.0, 0.0), 0.3));
    let sheet = separating_axis(&square(0.0, 0.0), &turned, &names).unwrap();
    let axes: Vec<DVec2> = sheet
        .candidates
        .iter()
        .filter(|c| c.accepted)
        .map(|c| either_way(c.axis.unwrap()))
        .collect();
    let wrong = sheet.candidates.iter().find(|c| !c.accepted).unwrap();
    let named = wrong.why.matches("with normal ±").count();
    let mut distinct = axes.clone();
    distinct.dedup_by(|x, y| x.distance(*y) < 1e-9);
    assert!(
        wrong.why.contains("A's 2 edges with normal ±(1.00, "),
        "{}",
        wrong.why
    );
    assert_eq!(named, distinct.len(), "{axes:?}: {}", wrong.why);
}

/// The next swap's margin: the answer's own disorder and the smallest in-order gap
/// left of it, against the list's largest gap; the neighbours right of the answer
/// do not count.
#[test]
fn the_next_swap_is_decided_by_its_disorder_and_the_gaps_left_of_it() {
    let labels: Vec<String> = (0..7).map(|k| format!("e{k}")).collect();
    // Gaps: 1, 0.05, 0.95, −0.2 (the answer), −0.8, 0.01.
    let values = [0.0, 1.0, 1.05, 2.0, 1.8, 1.0, 1.01];
    let sheet = next_swap(&values, &labels);
    assert_eq!(sheet.accepted(), vec![3]);
    let m = sheet.swap_margin().unwrap();
    assert!((m.disorder - 0.2).abs() < 1e-12, "{m:?}");
    assert!((m.in_order.unwrap() - 0.05).abs() < 1e-12, "{m:?}");
    assert!((m.largest - 1.0).abs() < 1e-12, "{m:?}");
    let (gap, of) = sheet.margin().unwrap();
    assert!((gap - 0.05).abs() < 1e-12 && (of - 1.0).abs() < 1e-12);
    // The first pair out of order: nothing left of it to judge.
    let sheet = next_swap(&[0.0, -0.5, 1.0], &labels[..3]);
    let m = sheet.swap_margin().unwrap();
    assert_eq!((m.disorder, m.in_order), (0.5, None));
    assert_eq!(sheet.margin(), Some((0.5, 1.5)));
    // In order: no swap, no margin.
    assert_eq!(next_swap(&[0.0, 1.0], &labels[..2]).swap_margin(), None);
}

#[test]
fn numbers_read_well() {
    assert_eq!(number(-0.0004), "0.000");
    assert_eq!(number(-0.25), "−0.25");
    assert_eq!(number(0.034), "0.034");
}

/// The ray from the origin along (4, 0) into a 1 × 2 rectangle about (2.5, 0) turned
/// by 0.8 rad: it crosses the lines of the two edges facing it (at x ≈ 1.10 and 1.78),
/// and enters at the later crossing, on the outline (by brute force: the first point
/// of the ray inside); a ray that passes above the rectangle asks nothing.
#[test]
fn the_ray_enters_at_the_last_crossing_of_the_edges_facing_it() {
    let turn = DVec2::from_angle(0.8);
    let centre = DVec2::new(2.5, 0.0);
    let square: Vec<DVec2> = [(-0.5, -1.0), (0.5, -1.0), (0.5, 1.0), (-0.5, 1.0)]
        .iter()
        .map(|&(x, y)| centre + turn.rotate(DVec2::new(x, y)))
        .collect();
    let ray = DVec2::new(4.0, 0.0);
    let sheet = ray_entry(&square, ray).expect("the ray enters");
    // Brute force: the first point of the ray inside the square.
    let inside = |p: DVec2| {
        let q = DVec2::from_angle(-0.8).rotate(p - centre);
        q.x.abs() <= 0.5 && q.y.abs() <= 1.0
    };
    let first = (0..=400_000)
        .map(|k| k as f64 / 100_000.0)
        .find(|&l| inside(ray * l))
        .expect("a point inside");
    let accepted: Vec<&Candidate> = sheet.candidates.iter().filter(|c| c.accepted).collect();
    assert_eq!(accepted.len(), 1, "{sheet:?}");
    assert!(
        (accepted[0].value / ray.length() - first).abs() < 2e-5,
        "{sheet:?} {first}"
    );
    assert!(
        sheet.candidates.len() >= 2,
        "a wrong crossing to choose: {sheet:?}"
    );
    assert!(sheet
        .candidates
        .iter()
        .all(|c| c.value <= accepted[0].value + 1e-12));
    assert_eq!(ray_entry(&square, DVec2::new(4.0, 3.0)), None);
}

/// The deepest vertex against a face: a unit square's vertices against the face
/// y = 0.3 with normal (0, 1) (towards the square): the lowest vertices, tied, are both
/// right; against a face the other way round (normal (0, −1)), the highest.
#[test]
fn the_deepest_vertex_is_the_smallest_separation_from_the_face() {
    let square = [
        DVec2::new(0.0, 0.0),
        DVec2::new(1.0, 0.0),
        DVec2::new(1.0, 1.0),
        DVec2::new(0.0, 1.0),
    ];
    let face = DVec2::new(0.5, 0.3);
    let sheet = deepest_point(&square, DVec2::new(0.0, 2.0), face);
    let accepted: Vec<bool> = sheet.candidates.iter().map(|c| c.accepted).collect();
    assert_eq!(accepted, [true, true, false, false], "{sheet:?}");
    assert!((sheet.candidates[0].value + 0.3).abs() < 1e-15);
    let sheet = deepest_point(&square, DVec2::new(0.0, -1.0), face);
    let accepted: Vec<bool> = sheet.candidates.iter().map(|c| c.accepted).collect();
    assert_eq!(accepted, [false, false, true, true], "{sheet:?}");
}

/// The safe step by hand: at t = 0.2 a gap of 0.6 closing at 1.5 along n, plus 0.5
/// from a turn, gives Δt = 0.6/2 = 0.3, t = 0.5. The misreadings: the turn left out
/// (0.6/1.5 = 0.4), the turn's 3.5 rad without its reach (0.6/5 = 0.12), the whole
/// speed 2.5 (0.6/3 = 0.2), the gap as the step (0.6) and a jump to the touch at 0.9
/// (0.7); only the rule's is right, and a wrong pick's reply names it beside its own.
#[test]
fn the_safe_step_is_the_gap_over_the_bound() {
    let next = Advance {
        t: 0.2,
        gap: 0.6,
        linear: 1.5,
        angular: 0.5,
        speed: 2.5,
        spin: 3.5,
        touch: Some(0.9),
    };
    let sheet = safe_step(&next).expect("a step");
    let steps: Vec<f64> = sheet.candidates.iter().map(|c| c.value).collect();
    let want = [0.12, 0.2, 0.3, 0.4, 0.6, 0.7];
    assert_eq!(steps.len(), want.len(), "{steps:?}");
    for (got, want) in steps.iter().zip(want) {
        assert!((got - want).abs() < 1e-12, "{steps:?}");
    }
    assert_eq!(sheet.accepted(), [2]);
    assert!((sheet.candidates[2].at.x - 0.5).abs() < 1e-12);
    assert_eq!(sheet.candidates[2].label, "t = 0.50");
    assert_eq!(sheet.candidates[2].space, Space::Time);
    let wrong = &sheet.candidates[5].why;
    assert!(
        wrong.starts_with("t = 0.90: Δt = 0.70; the answer, t = 0.50: Δt = 0.30"),
        "{wrong}"
    );
    let (gap, of) = sheet.margin().expect("a margin");
    assert!((gap - 0.1).abs() < 1e-12 && (of - 0.3).abs() < 1e-12);
    // A misreading past the step's end, or within 15% of the rule's, is not offered;
    // with none left there is nothing to ask, and no step past t = 1 is asked about.
    let close = Advance {
        speed: 1.55,
        spin: 0.05,
        touch: None,
        t: 0.7,
        ..next
    };
    assert_eq!(safe_step(&close), None);
    assert_eq!(safe_step(&Advance { t: 0.8, ..next }), None);
    assert_eq!(
        safe_step(&Advance {
            linear: -1.0,
            ..next
        }),
        None
    );
}

/// The first sample within the target: the first gap at most 0 (touching counts),
/// else "no sample", whose number is the smallest gap; the margin is the gap nearest
/// zero of the samples that decide it.
#[test]
fn the_first_sample_within_the_target_is_right_else_no_sample() {
    let sheet = sample_hit(&[(0.0, 2.0), (0.5, -0.4), (1.0, -1.0)]).expect("samples");
    assert_eq!(sheet.accepted(), [1]);
    assert_eq!(sheet.candidates.len(), 4);
    assert_eq!(sheet.candidates[1].label, "sample 2 at t = 0.50");
    assert_eq!(
        sheet.candidates[3].label,
        "no sample (every gap above 0; the smallest)"
    );
    assert_eq!(sheet.candidates[3].at.x, NO_SAMPLE);
    assert_eq!(sheet.margin(), Some((0.4, 2.0)));
    assert_eq!(sheet.value_space(), Space::World);
    let touching = sample_hit(&[(0.0, 2.0), (1.0, 0.0)]).expect("samples");
    assert_eq!(touching.accepted(), [1]);
    let tunnelled = sample_hit(&[(0.0, 3.0), (1.0, 6.5)]).expect("samples");
    assert_eq!(tunnelled.accepted(), [2]);
    assert_eq!(tunnelled.candidates[2].value, 3.0);
    assert_eq!(tunnelled.margin(), Some((3.0, 6.5)));
    assert!(
        tunnelled.candidates[1]
            .why
            .starts_with("sample 2 at t = 1.00: gap 6.50; the answer, no sample"),
        "{}",
        tunnelled.candidates[1].why
    );
    // A wrong pick of the sample with the smallest gap reads why the answer's equal
    // number is right: every gap is above 0.
    assert!(
        tunnelled.candidates[0].why.starts_with(
            "sample 1 at t = 0.00: gap 3.00; the answer, no sample (every gap above 0; \
             the smallest): gap 3.00"
        ),
        "{}",
        tunnelled.candidates[0].why
    );
    assert_eq!(sample_hit(&[]), None);
}
