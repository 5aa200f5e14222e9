// The ants' tours: one workgroup holds the ants of one or more colonies, one invocation per ant.
// Each step every ant chooses a digit for its cell (greedy or roulette) and propagates it, or
// resumes the propagation its budget cut short; after a barrier the first ant of each colony
// applies the colony's local pheromone updates, ant by ant; after another barrier the next step
// begins.
//
// Twin of `crates/evoku/src/aco/cpu/tour.rs`. A dispatch runs `steps_per_dispatch` steps from the colony's
// `step`: as many as lavapipe's loop limit allows there (one from 16x16 up, several at 9x9, see
// `loop_bound` in crates/evoku/src/aco/cpu/tour.rs), a whole tour on hardware.

// Step 0: the propagated givens of the ant's puzzle, a random start cell.
fn start_ant(ant: u32, key: u32, puzzle: u32) {
    let start = start_offset(puzzle);
    let first = cand_index(ant, 0u);
    let words = params.cells * params.cand_words;
    for (var w = 0u; w < words; w++) {
        ants[first + w] = tables[start + w];
    }
    ants[ant + A_FILLED] = tables[start + words];
    ants[ant + A_STACK_LEN] = 0u;
    ants[ant + A_DIRTY] = 0u;
    ants[ant + A_DIRTY + 1u] = 0u;
    ants[ant + A_DIRTY + 2u] = 0u;
    ants[ant + A_DIRTY + 3u] = 0u;
    ants[ant + A_DIRTY + 4u] = 0u;
    ants[ant + A_DIRTY + 5u] = 0u;
    ants[ant + A_POINTER] = mul_hi(draw(key, 0u), params.cells);
    ants[ant + A_EMPTY_VISITS] = 0u;
    ants[ant + A_BUDGET_STOPS] = 0u;
    ants[ant + A_VISITS] = 0u;
}

// The candidate with the most pheromone (the lowest digit on ties).
fn greedy_choice(colony: u32, cell: u32, candidates: vec2<u32>) -> u32 {
    let row = pher_base(colony) + cell * params.side;
    var m = candidates;
    var best = 0u;
    var best_tau = 0u;
    var first = true;
    while !is_empty(m) {
        let d = lowest(m);
        m = without_lowest(m);
        let tau = pheromone[row + d];
        if first || tau > best_tau {
            best = d;
            best_tau = tau;
            first = false;
        }
    }
    return best;
}

fn bit_length(x: u32) -> u32 {
    return 32u - countLeadingZeros(x);
}

// A candidate drawn with probability proportional to its pheromone (`roulette_choice` in
// crates/evoku/src/aco/cpu/tour.rs).
fn roulette_choice(colony: u32, cell: u32, candidates: vec2<u32>, r: u32) -> u32 {
    let row = pher_base(colony) + cell * params.side;
    var max_tau = 0u;
    var count = 0u;
    var m = candidates;
    while !is_empty(m) {
        let d = lowest(m);
        m = without_lowest(m);
        max_tau = max(max_tau, pheromone[row + d]);
        count += 1u;
    }
    let length = bit_length(max_tau) + bit_length(count);
    let shift = select(0u, length - 32u, length > 32u);
    var total = 0u;
    m = candidates;
    while !is_empty(m) {
        let d = lowest(m);
        m = without_lowest(m);
        total += pheromone[row + d] >> shift;
    }
    if total == 0u {
        return greedy_choice(colony, cell, candidates);
    }
    let threshold = mul_hi(r, total);
    var sum = 0u;
    var last = 0u;
    m = candidates;
    while !is_empty(m) {
        let d = lowest(m);
        m = without_lowest(m);
        sum += pheromone[row + d] >> shift;
        last = d;
        if sum > threshold {
            return d;
        }
    }
    return last;
}

// One ant's step `step` (`tour_step` in crates/evoku/src/aco/cpu/tour.rs): with propagation left over from the
// last step it only resumes that; otherwise, unless it has visited every cell, it chooses a digit
// for its cell if the cell is open, moves on, and propagates. One call of `propagate` per step
// keeps a SIMD group's loops within one budget.
fn tour_step(colony: u32, ant: u32, key: u32, step: u32) {
    if step == 0u {
        start_ant(ant, key, puzzle_of(colony));
    }
    ants[ant + A_CHOICE_CELL] = NO_CHOICE;
    if !pending(ant) && ants[ant + A_VISITS] < params.cells {
        let cell = ants[ant + A_POINTER];
        let m = load_cand(ant, cell);
        if is_empty(m) {
            ants[ant + A_EMPTY_VISITS] += 1u;
        } else if !is_single(m) {
            let greedy = (draw(key, 1u + 2u * step) >> 16u) < params.q0_q16;
            var d: u32;
            if greedy {
                d = greedy_choice(colony, cell, m);
            } else {
                d = roulette_choice(colony, cell, m, draw(key, 2u + 2u * step));
            }
            store_cand(ant, cell, digit_mask(d));
            mark(ant, cell);
            push(ant, cell);
            ants[ant + A_CHOICE_CELL] = cell;
            ants[ant + A_CHOICE_DIGIT] = d;
        }
        ants[ant + A_POINTER] = select(cell + 1u, 0u, cell + 1u == params.cells);
        ants[ant + A_VISITS] += 1u;
    }
    var budget = params.step_budget;
    if !propagate(ant, &budget) {
        ants[ant + A_BUDGET_STOPS] += 1u;
    }
}

// tau = (1 - phi) tau + phi tau0 on each ant's choice of the last step, in ant order.
fn local_update(colony: u32) {
    let row = pher_base(colony);
    for (var a = 0u; a < params.ants; a++) {
        let ant = ant_base(colony, a);
        let cell = ants[ant + A_CHOICE_CELL];
        if cell != NO_CHOICE {
            let i = row + cell * params.side + ants[ant + A_CHOICE_DIGIT];
            pheromone[i] = pheromone[i] - mul_q16(pheromone[i], params.local_q16) + params.local_add;
        }
    }
}

@compute @workgroup_size(TOUR_WORKGROUP)
fn tour(
    @builtin(workgroup_id) group_id: vec3<u32>,
    @builtin(num_workgroups) groups: vec3<u32>,
    @builtin(local_invocation_index) lane: u32,
) {
    let group = group_id.y * groups.x + group_id.x;
    let slot = lane / params.ants;
    let a = lane % params.ants;
    let colony = group * params.colonies_per_group + slot;
    var live = slot < params.colonies_per_group && colony < params.colonies;
    var first = 0u;
    var key = 0u;
    if live {
        let state = colonies[colony];
        live = state.solved == 0u && state.step < params.tour_steps;
        first = state.step;
        // The colony's number in its puzzle's run (a part of a run split over devices starts at
        // `first_colony`; a batch's puzzles' runs follow one another).
        key = stream_key(params.seed_lo, params.seed_hi, stream_colony(colony), state.iteration, a);
    }
    let ant = ant_base(colony, a);
    // The loop bound is uniform, so every invocation meets every barrier.
    for (var k = 0u; k < params.steps_per_dispatch; k++) {
        let step = first + k;
        let running = live && step < params.tour_steps;
        if running {
            tour_step(colony, ant, key, step);
        }
        storageBarrier();
        if running && a == 0u {
            local_update(colony);
        }
        storageBarrier();
    }
    if live && a == 0u {
        colonies[colony].step = min(first + params.steps_per_dispatch, params.tour_steps);
    }
}
