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
