// Box assignment: re-arrange one box of the child as a noisy minimum-cost matching of its free
// cells to its missing digits (a many-cell move, where a mutation moves two cells).
//
// Twin of crates/evoku/src/ga/cpu/assign.rs, which explains the costs (the noise bound is `params.assign_noise`).
// The matching is the same Hungarian algorithm with the same scan order and integer arithmetic,
// so both engines pick the same arrangement (the CPU walks a list of unused columns; same order).
// Costs are computed when read instead of stored: a 64 x 64 table would be 16 KB of private
// memory per invocation, where the CPU stores one.

// `ASSIGN_UNIT`, `ASSIGN_NOISE_DRAW` and `ASSIGN_INF` come from crates/evoku/src/ga/cpu/assign.rs (prelude).

// The free cells of the box being assigned (genome indices), their digits before the move, and
// the digits in each of the box's b rows and b columns outside the box (box position p is in its
// row p / b and column p % b).
var<private> assign_free: array<u32, SIDE>;
var<private> assign_digits: array<u32, SIDE>;
var<private> assign_row_has: array<Mask, BOX_SIZE>;
var<private> assign_col_has: array<Mask, BOX_SIZE>;

fn assign_cost(noise: Rng, cell: u32, digit: u32) -> i32 {
    let bit = digit_bit(assign_digits[digit]);
    let p = assign_free[cell] % SIDE;
    let conflicts = i32(mask_has(assign_row_has[p / BOX_SIZE], bit))
        + i32(mask_has(assign_col_has[p % BOX_SIZE], bit))
        + i32(!mask_has(candidates(assign_free[cell]), bit));
    let draw = at(noise, ASSIGN_NOISE_DRAW + ASSIGN_NOISE_STRIDE * cell + digit);
    return conflicts * ASSIGN_UNIT + i32(mul_hi(draw, params.assign_noise));
}

// Digits in line `line` outside box `bx` (genome indices `bx * n..bx * n + n`, tested by range).
fn assign_line_digits(line: u32, bx: u32) -> Mask {
    // Loop bounds read the uniform: a constant trip count lets a driver unroll every loop.
    let n = params.side;
    let first = bx * n;
    var has = Mask();
    for (var k = 0u; k < n; k++) {
        let other = line_cell(line, k);
        if other - first >= n {
            has |= digit_bit(child_cell(other));
        }
    }
    return has;
}

// Minimum-cost matching of the `k` free cells to their `k` digits (`min_cost_matching`), then
// written into the child.
fn box_assignment(rng: ptr<function, Rng>) {
    let n = params.side;
    let bx = below(rng, SIDE);
    let first = bx * n;
    for (var q = 0u; q < params.box_size; q++) {
        // Block encoding only: lines A and B are the rows and columns.
        assign_row_has[q] = assign_line_digits(line_a_of(first) + q, bx);
        assign_col_has[q] = assign_line_digits(n + line_b_of(first) + q, bx);
    }
    var k = 0u;
    var left = free_mask(bx);
    while !mask_is_empty(left) {
        let g = first + mask_lowest(left);
        left = mask_drop_lowest(left);
        assign_free[k] = g;
        assign_digits[k] = child_cell(g);
        k++;
    }
    if k < 2u {
        return;
    }
    let noise = *rng;
    // 1-based rows and columns; column 0 is the algorithm's virtual start.
    var u: array<i32, SIDE + 1u>;
    var v: array<i32, SIDE + 1u>;
    var row_of_col: array<u32, SIDE + 1u>;
    var way: array<u32, SIDE + 1u>;
    // Lazy potentials, as in the CPU twin: min_v is kept plus the phase's running delta sum d,
    // each used column records d when it joins, and the potentials move once per phase.
    var joined: array<i32, SIDE + 1u>;
    for (var i = 1u; i <= k; i++) {
        row_of_col[0] = i;
        var j0 = 0u;
        var min_v: array<i32, SIDE + 1u>;
        var used: array<bool, SIDE + 1u>;
        for (var j = 0u; j <= k; j++) {
            min_v[j] = ASSIGN_INF;
            used[j] = false;
        }
        var d = 0;
        loop {
            used[j0] = true;
            joined[j0] = d;
            let i0 = row_of_col[j0];
            let shift = d - u[i0];
            var least = ASSIGN_INF;
            var j1 = 0u;
            for (var j = 1u; j <= k; j++) {
                if !used[j] {
                    let reduced = assign_cost(noise, i0 - 1u, j - 1u) + shift - v[j];
                    if reduced < min_v[j] {
                        min_v[j] = reduced;
                        way[j] = j0;
                    }
                    if min_v[j] < least {
                        least = min_v[j];
                        j1 = j;
                    }
                }
            }
            d = least;
            j0 = j1;
            if row_of_col[j0] == 0u {
                break;
            }
        }
        for (var j = 0u; j <= k; j++) {
            if used[j] {
                let moved = d - joined[j];
                u[row_of_col[j]] += moved;
                v[j] -= moved;
            }
        }
        loop {
            let j1 = way[j0];
            row_of_col[j0] = row_of_col[j1];
            j0 = j1;
            if j0 == 0u {
                break;
            }
        }
    }
    for (var j = 1u; j <= k; j++) {
        if row_of_col[j] != 0u {
            set_child_cell(assign_free[row_of_col[j] - 1u], assign_digits[j - 1u]);
        }
    }
    // The box changed outside `swap_child_and_lines`: the kept line masks no longer hold.
    lines_kept = false;
}
