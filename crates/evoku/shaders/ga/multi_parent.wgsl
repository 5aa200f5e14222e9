// Three-parent crossover (docs/ALGORITHMS.md section 2): best so far 0.55, best of the generation
// 0.33, own parent 0.12, decided position by position inside each box.
//
// Twin of crates/evoku/src/ga/cpu/multi_parent.rs. The parents live in two buffers: the epoch best in `records`,
// the generation best and the own parent in `population`.

// `WEIGHT_BOUND_0` and `WEIGHT_BOUND_1`, the cumulative weight bounds of the three parents in
// percent, come from `WEIGHT_BOUNDS` in crates/evoku/src/ga/cpu/multi_parent.rs (prelude).

// Loads box `bx` of parent `p` into `perm[p]` and `pos[p]` (from `records` when `from_records`).
fn multi_parent_load(perm: ptr<function, array<array<u32, SIDE>, 3>>, pos: ptr<function, array<array<u32, SIDE + 1u>, 3>>, p: u32, base: u32, from_records: bool, bx: u32) {
    let n = params.side;
    for (var j = 0u; j < n; j++) {
        let g = bx * n + j;
        var v: u32;
        if from_records {
            v = record_cell(base, g);
        } else {
            v = population_cell(base, g);
        }
        (*perm)[p][j] = v;
        (*pos)[p][v] = j;
    }
}

// In parent `q` (unless it is the chosen one), swaps position `j` with the position holding `v`.
fn multi_parent_align(perm: ptr<function, array<array<u32, SIDE>, 3>>, pos: ptr<function, array<array<u32, SIDE + 1u>, 3>>, q: u32, chosen: u32, j: u32, v: u32) {
    let k = (*pos)[q][v];
    if q != chosen && k != j {
        let w = (*perm)[q][j];
        (*perm)[q][j] = v;
        (*perm)[q][k] = w;
        (*pos)[q][v] = j;
        (*pos)[q][w] = k;
    }
}

// For each box, left to right: draw a parent by weight, take its digit v at position j, and in
// the other two parents swap position j with the position holding v. Givens never move, and no
// draw is spent on them. `epoch_best` is a word offset into `records`, the other two into
// `population`.
fn multi_parent(rng: ptr<function, Rng>, epoch_best: u32, generation_best: u32, own_parent: u32) {
    let n = params.side;
    clear_child();
    var perm: array<array<u32, SIDE>, 3>;
    var pos: array<array<u32, SIDE + 1u>, 3>;
    for (var bx = 0u; bx < n; bx++) {
        multi_parent_load(&perm, &pos, 0u, epoch_best, true, bx);
        multi_parent_load(&perm, &pos, 1u, generation_best, false, bx);
        multi_parent_load(&perm, &pos, 2u, own_parent, false, bx);
        for (var j = 0u; j < n; j++) {
            let g = bx * n + j;
            let given = help(g);
            if given != 0u {
                set_child_cell(g, given);
                continue;
            }
            let r = below(rng, 100u);
            var chosen = 2u;
            if r < WEIGHT_BOUND_0 {
                chosen = 0u;
            } else if r < WEIGHT_BOUND_1 {
                chosen = 1u;
            }
            let v = perm[chosen][j];
            multi_parent_align(&perm, &pos, 0u, chosen, j, v);
            multi_parent_align(&perm, &pos, 1u, chosen, j, v);
            multi_parent_align(&perm, &pos, 2u, chosen, j, v);
            set_child_cell(g, v);
        }
    }
}
