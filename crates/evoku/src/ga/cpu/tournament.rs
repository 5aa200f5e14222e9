//! Tournament selection: `size` random individuals, the lowest effective penalty wins, or with
//! a selection rate below 1 (the row-encoded GA's binary tournament) the highest one otherwise.
//!
//! Twin of `tournament` in `crates/evoku/shaders/ga/tournament.wgsl`. Ties go to the one drawn first.

use crate::rng::Rng;

/// Returns the winning slot. `effective(slot)` is penalty plus age when aging is on. The
/// fittest drawn wins with probability `selection_q16 / 65536`, else the weakest drawn; at
/// 65536 (the fitter always wins) no draw is spent on it.
#[inline(always)]
pub fn tournament(
    rng: &mut Rng,
    population: u32,
    size: u32,
    selection_q16: u32,
    effective: impl Fn(u32) -> u32,
) -> u32 {
    let mut best = rng.below(population);
    let mut best_fitness = effective(best);
    let (mut worst, mut worst_fitness) = (best, best_fitness);
    for _ in 1..size {
        let slot = rng.below(population);
        let fitness = effective(slot);
        if fitness < best_fitness {
            best = slot;
            best_fitness = fitness;
        }
        if fitness > worst_fitness {
            worst = slot;
            worst_fitness = fitness;
        }
    }
    if selection_q16 < 1 << 16 && !rng.chance(selection_q16) {
        return worst;
    }
    best
}

/// Loop iterations (as lavapipe counts them, [`super::loop_run`]) of one GPU `tournament`.
pub fn loop_bound(params: &crate::ga::Params) -> u64 {
    super::loop_run(params.tournament as u64)
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
                .map(|_| tournament(&mut rng, 100, size, 1 << 16, fitness) as f64)
                .sum::<f64>()
                / 10_000.0
        };
        let (one, three, seven) = (mean(1), mean(3), mean(7));
        assert!((45.0..55.0).contains(&one), "size 1 mean {one}");
        assert!(three < one - 15.0, "size 3 mean {three}");
        assert!(seven < three - 10.0, "size 7 mean {seven}");
    }

    #[test]
    fn the_weaker_wins_binary_tournaments_at_one_minus_the_selection_rate() {
        let mut rng = Rng::new(7);
        let rate = crate::rng::rate_q16(0.8);
        let trials = 20_000;
        let weaker = (0..trials)
            .filter(|_| {
                // Population of 2, slot 0 the fitter: count the draws of two different slots.
                let mut probe = rng;
                let (a, b) = (probe.below(2), probe.below(2));
                let won = tournament(&mut rng, 2, 2, rate, |s| s);
                a != b && won == 1
            })
            .count();
        // Half the draws differ; of those, 20 % go to the weaker: 10 % of all.
        let share = weaker as f64 / trials as f64;
        assert!((0.085..0.115).contains(&share), "weaker won {share}");
    }
}
