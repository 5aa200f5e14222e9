//! Tournament selection: `size` random individuals, the lowest effective penalty wins.
//!
//! Twin of `tournament` in `shaders/ga/tournament.wgsl`. Ties go to the one drawn first.

use crate::rng::Rng;

/// Returns the winning slot. `effective(slot)` is penalty plus age when aging is on.
#[inline]
pub fn tournament(
    rng: &mut Rng,
    population: u32,
    size: u32,
    effective: impl Fn(u32) -> u32,
) -> u32 {
    let mut best = rng.below(population);
    let mut best_fitness = effective(best);
    for _ in 1..size {
        let slot = rng.below(population);
        let fitness = effective(slot);
        if fitness < best_fitness {
            best = slot;
            best_fitness = fitness;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn larger_tournaments_pick_fitter_individuals() {
        let fitness = |slot: u32| slot; // slot 0 is the best
        let mean = |size: u32| {
            let mut rng = Rng::new(99);
            (0..10_000)
                .map(|_| tournament(&mut rng, 100, size, fitness) as f64)
                .sum::<f64>()
                / 10_000.0
        };
        let (one, three, seven) = (mean(1), mean(3), mean(7));
        assert!((45.0..55.0).contains(&one), "size 1 mean {one}");
        assert!(three < one - 15.0, "size 3 mean {three}");
        assert!(seven < three - 10.0, "size 7 mean {seven}");
    }
}
