//! Fixed point.

use super::*;

#[test]
fn fixed_point_helpers_are_exact() {
    let mut rng = Rng::new(11);
    for k in 0..20_000u32 {
        let x = match k % 4 {
            0 => rng.next_u32(),
            1 => rng.next_u32() >> 16,
            2 => u32::MAX - (rng.next_u32() >> 20),
            _ => k,
        };
        let r = if k % 7 == 0 { 65536 } else { rng.below(65537) };
        assert_eq!(
            mul_q16(x, r) as u64,
            (x as u64 * r as u64) >> 16,
            "mul_q16({x}, {r})"
        );
        let y = rng.next_u32();
        assert_eq!(mul_hi(x, y) as u64, (x as u64 * y as u64) >> 32);
        // A blend never leaves [min, max] of its inputs.
        let b = blend(x, y, r);
        assert!(b >= x.min(y) && b <= x.max(y), "blend({x}, {y}, {r}) = {b}");
    }
    for (cells, k) in [
        (16, 23),
        (81, 19),
        (256, 15),
        (625, 13),
        (1296, 11),
        (4096, 7),
    ] {
        assert_eq!(pheromone_shift(cells), k, "{cells} cells");
        let square = (cells as u64 * cells as u64) << k;
        assert!(square < 1 << 32 && square << 1 >= 1 << 32);
    }
}

#[test]
fn parameters_follow_the_config() {
    let grid = lloyd_amos("inst25x25_45_0");
    let tables = AcoTables::new(&grid);
    let p = AcoConfig::default().params(&tables);
    assert_eq!((p.cells, p.side, p.npeers), (625, 25, 64));
    assert_eq!(p.tau0, 1 << 13);
    assert_eq!(p.q0_q16, 58982);
    assert_eq!(p.dtau(0), 625 << 13, "dtau(0) = c / c = 1.0 = c tau0");
    assert_eq!(p.dtau(624), (625 * 625) << 13);
    assert!(p.step_budget <= common::MAX_STEP_BUDGET);
    assert_eq!(p.ant_words, 16 + 2 * 625);
    assert_eq!(p.tour_steps, 625 + 39);
    let bad = [
        config(|c| c.ants = 0),
        config(|c| c.ants = aco::MAX_ANTS + 1),
        config(|c| c.q0 = 1.5),
        config(|c| c.rho = -0.1),
        config(|c| c.colonies = 0),
        config(|c| c.max_iterations = 0),
    ];
    for c in bad {
        assert!(c.validate().is_err(), "{c:?}");
    }
    assert!(AcoConfig::default().validate().is_ok());
}
