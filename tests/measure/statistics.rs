//! Measurement: statistics against known values and hand computation.

use super::*;

#[test]
fn stats_match_known_values() {
    let xs = [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0];
    assert_eq!(stats::mean(&xs), Some(5.0));
    assert_eq!(stats::median(&xs), Some(4.5));
    assert!(close(stats::std_dev(&xs).unwrap(), (32.0f64 / 7.0).sqrt()));
    assert_eq!(stats::min(&xs), Some(2.0));
    assert_eq!(stats::max(&xs), Some(9.0));
    assert_eq!(stats::median(&[3.0, 1.0, 2.0]), Some(2.0));
    assert_eq!(stats::std_dev(&[7.0]), Some(0.0));
    assert_eq!(stats::mean(&[]), None);
    assert_eq!(stats::median(&[]), None);
    assert_eq!(Summary::of(&[]), None);
    let s = Summary::of(&[1.0, 2.0, 3.0, 10.0]).unwrap();
    assert_eq!(
        (s.count, s.mean, s.median, s.min, s.max),
        (4, 4.0, 2.5, 1.0, 10.0)
    );
}

#[test]
fn ranks_share_ties_and_spearman_matches_hand_computation() {
    assert_eq!(
        stats::ranks(&[10.0, 20.0, 20.0, 5.0]),
        vec![2.0, 3.5, 3.5, 1.0]
    );
    let xs = [1.0, 2.0, 3.0, 4.0, 5.0];
    assert!(close(
        stats::spearman(&xs, &[2.0, 4.0, 8.0, 16.0, 32.0]).unwrap(),
        1.0
    ));
    assert!(close(
        stats::spearman(&xs, &[5.0, 4.0, 3.0, 2.0, 1.0]).unwrap(),
        -1.0
    ));
    // Without ties rho = 1 - 6 sum d^2 / (n (n^2 - 1)): d = (0, 0, 1, -1, 0), so 1 - 12/120.
    assert!(close(
        stats::spearman(&xs, &[1.0, 2.0, 4.0, 3.0, 5.0]).unwrap(),
        0.9
    ));
    assert_eq!(stats::spearman(&xs, &[1.0; 5]), None);
    assert_eq!(stats::spearman(&xs, &[1.0, 2.0]), None);
}
