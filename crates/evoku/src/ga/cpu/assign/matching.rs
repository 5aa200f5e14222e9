//! The minimum-cost perfect matching under the box assignment: the Hungarian algorithm
//! (potentials, O(k^3) for k rows), in integers so both engines agree exactly.

/// Larger than any sum of costs and potentials.
pub const ASSIGN_INF: i32 = 1 << 30;

/// Minimum-cost perfect matching of `k` rows to `k` columns (`k <= 64`); `cost(row, col)`.
/// Returns the column of each row. Ties are resolved by the order of the scans in `hungarian`,
/// which the WGSL twin repeats.
pub fn min_cost_matching(k: usize, cost: impl Fn(usize, usize) -> i32) -> [u8; 64] {
    assert!(k <= 64, "at most 64 rows");
    let mut table = [0i32; 64 * 64];
    for row in 0..k {
        for col in 0..k {
            table[row * 64 + col] = cost(row, col);
        }
    }
    hungarian::<64, 65>(k, &table, 64)
}

/// The Hungarian algorithm on the `k` x `k` table `cost`: the cost of row `r` and column `c`
/// (both from 0) at `cost[r * stride + c]`. `W >= k` lanes (a multiple of 8; the entries past `k`
/// are read, never used) and `K1 = W + 1` bound the arrays.
///
/// The textbook version (`reference_matching` in the tests; the WGSL twin) subtracts each round's
/// `delta` from every unused column's `min_v` and moves the potentials of every used column and
/// its row. Here `min_v` is kept plus the phase's running sum of deltas `d`, and each used column
/// records `d` when it joined, so the potentials move once at the end of the phase by the deltas
/// since then. Every comparison is the textbook's shifted by the same `d`, in the same order: the
/// same matching, ties included, with one pass over the columns per round instead of two.
///
/// That pass runs over all `W` lanes at a fixed trip count, so the compiler vectorises it: a
/// column that is not open (used in this phase, or past `k`) has `min_v` `i32::MIN`, which no
/// reduced cost is below and which `min_v - 1` turns into `i32::MAX`, never the least. The least
/// open `min_v` is found first, then its first column from a mask of lanes, so ties go to the
/// lowest column as the textbook's scan in increasing order takes them.
#[inline(always)]
pub(super) fn hungarian<const W: usize, const K1: usize>(
    k: usize,
    cost: &[i32],
    stride: usize,
) -> [u8; 64] {
    const { assert!(K1 == W + 1 && W <= 64 && W.is_multiple_of(8)) };
    debug_assert!(k <= W);
    // 1-based rows and columns; column 0 is the algorithm's virtual start. The scanned arrays
    // (`v`, `min_v`, `way`) hold column `j` in lane `j - 1`.
    let mut u = [0i32; K1];
    let (mut v, mut way) = ([0i32; W], [0u32; W]);
    let (mut row_of_col, mut joined) = ([0usize; K1], [0i32; K1]);
    // The columns used in this phase, in the order they joined.
    let mut used = [0usize; K1];
    for i in 1..=k {
        row_of_col[0] = i;
        let mut j0 = 0;
        let mut min_v = [0i32; W];
        for (c, min_v) in min_v.iter_mut().enumerate() {
            *min_v = if c < k { ASSIGN_INF } else { i32::MIN };
        }
        let (mut used_len, mut d) = (0, 0);
        loop {
            used[used_len] = j0;
            used_len += 1;
            joined[j0] = d;
            // Column j0 (lane j0 - 1, none for the start) is used from now on: marked in the
            // pass below rather than by a store of its own, which the pass's wide loads of
            // `min_v` would wait for.
            let joins = j0.wrapping_sub(1);
            // Row i0's potential has not moved yet: its column joined just now.
            let i0 = row_of_col[j0];
            let row = &cost[(i0 - 1) * stride..][..W];
            let shift = d - u[i0];
            let mut least = i32::MAX;
            for c in 0..W {
                let open = if c == joins { i32::MIN } else { min_v[c] };
                let reduced = row[c].wrapping_add(shift).wrapping_sub(v[c]);
                let better = reduced < open;
                way[c] = if better { j0 as u32 } else { way[c] };
                min_v[c] = if better { reduced } else { open };
                least = least.min(min_v[c].wrapping_sub(1));
            }
            d = least.wrapping_add(1);
            j0 = first_lane(&min_v, d) + 1;
            if row_of_col[j0] == 0 {
                break;
            }
        }
        for &j in &used[..used_len] {
            let moved = d - joined[j];
            u[row_of_col[j]] += moved;
            if j > 0 {
                v[j - 1] -= moved;
            }
        }
        loop {
            let j1 = way[j0 - 1] as usize;
            row_of_col[j0] = row_of_col[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }
    col_of_row(k, &row_of_col)
}

/// The column of each row (both from 0) of a matching held as the row (from 1; 0 for none) of
/// each column `1..=k`.
pub(super) fn col_of_row(k: usize, row_of_col: &[usize]) -> [u8; 64] {
    let mut col_of_row = [0u8; 64];
    for j in 1..=k {
        if row_of_col[j] != 0 {
            col_of_row[row_of_col[j] - 1] = (j - 1) as u8;
        }
    }
    col_of_row
}

/// The first lane of `values` that equals `value` (one does): the lanes compared into bytes
/// (which the compiler does a vector at a time), read 8 at a time as a `u64`.
#[inline(always)]
fn first_lane<const W: usize>(values: &[i32; W], value: i32) -> usize {
    let mut hits = [0u8; W];
    for (hit, &v) in hits.iter_mut().zip(values) {
        *hit = u8::from(v == value);
    }
    let mut first = 0;
    for bytes in hits.chunks_exact(8) {
        let word = u64::from_le_bytes(bytes.try_into().unwrap_or_default());
        if word != 0 {
            return first + word.trailing_zeros() as usize / 8;
        }
        first += 8;
    }
    first
}
