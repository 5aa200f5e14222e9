// Tournament selection: `size` random individuals, the lowest effective penalty wins.
//
// Twin of src/ga/cpu/tournament.rs. Ties go to the one drawn first.

// Returns the winning slot of the island whose first individual is `island_first`.
fn tournament(rng: ptr<function, Rng>, island_first: u32, population: u32, size: u32) -> u32 {
    var best = below(rng, population);
    var best_fitness = effective(scores[island_first + best]);
    for (var t = 1u; t < size; t++) {
        let slot = below(rng, population);
        let fitness = effective(scores[island_first + slot]);
        if fitness < best_fitness {
            best = slot;
            best_fitness = fitness;
        }
    }
    return best;
}
