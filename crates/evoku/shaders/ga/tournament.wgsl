// Tournament selection: `size` random individuals, the lowest effective penalty wins, or with
// a selection rate below 1 the highest one otherwise.
//
// Twin of crates/evoku/src/ga/cpu/tournament.rs. Ties go to the one drawn first.

// Returns the winning slot of the island whose first individual is `island_first`. The fittest
// wins with probability `params.selection_rate_q16 / 65536`, else the weakest; at 65536 no draw
// is spent on it.
fn tournament(rng: ptr<function, Rng>, island_first: u32, population: u32, size: u32) -> u32 {
    var best = below(rng, population);
    var best_fitness = effective(scores[island_first + best]);
    var worst = best;
    var worst_fitness = best_fitness;
    for (var t = 1u; t < size; t++) {
        let slot = below(rng, population);
        let fitness = effective(scores[island_first + slot]);
        if fitness < best_fitness {
            best = slot;
            best_fitness = fitness;
        }
        if fitness > worst_fitness {
            worst = slot;
            worst_fitness = fitness;
        }
    }
    if params.selection_rate_q16 < 65536u && !chance(rng, params.selection_rate_q16) {
        return worst;
    }
    return best;
}
