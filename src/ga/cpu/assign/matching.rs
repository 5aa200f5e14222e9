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
            table[row * k + col] = cost(row, col);
        }
    }
    hungarian::<65>(k, &table, k)
}

/// The Hungarian algorithm on the `k` x `k` table `cost` (row-major, `stride` entries a row);
/// `K1 > k` bounds the 1-based arrays.
///
/// The textbook version (`reference_matching` in the tests; the WGSL twin) subtracts each round's
/// `delta` from every unused column's `min_v` and moves the potentials of every used column and
/// its row. Here `min_v` is kept plus the phase's running sum of deltas `d`, and each used column
/// records `d` when it joined, so the potentials move once at the end of the phase by the deltas
/// since then. Every comparison is the textbook's shifted by the same `d`, in the same order: the
/// same matching, ties included, with one pass over the unused columns per round instead of two
/// over all of them.
#[inline(always)]
pub(super) fn hungarian<const K1: usize>(k: usize, cost: &[i32], stride: usize) -> [u8; 64] {
    // 1-based rows and columns; column 0 is the algorithm's virtual start.
    let (mut u, mut v) = ([0i32; K1], [0i32; K1]);
    let (mut row_of_col, mut way) = ([0usize; K1], [0usize; K1]);
    let (mut min_v, mut joined) = ([ASSIGN_INF; K1], [0i32; K1]);
    // The unused columns in increasing order (so ties go the textbook's way) and the used ones.
    let (mut open, mut used) = ([0usize; K1], [0usize; K1]);
    for i in 1..=k {
        row_of_col[0] = i;
        let mut j0 = 0;
        for j in 1..=k {
            min_v[j] = ASSIGN_INF;
            open[j - 1] = j;
        }
        let (mut open_len, mut used_len, mut d) = (k, 0, 0);
        loop {
            used[used_len] = j0;
            used_len += 1;
            joined[j0] = d;
            // Row i0's potential has not moved yet: its column joined just now.
            let i0 = row_of_col[j0];
            let row = &cost[(i0 - 1) * stride..][..k];
            let shift = d - u[i0];
            let (mut least, mut at) = (ASSIGN_INF, 0);
            for (t, &j) in open[..open_len].iter().enumerate() {
                let reduced = row[j - 1] + shift - v[j];
                if reduced < min_v[j] {
                    min_v[j] = reduced;
                    way[j] = j0;
                }
                if min_v[j] < least {
                    least = min_v[j];
                    at = t;
                }
            }
            d = least;
            j0 = open[at];
            // A short shift by hand: `copy_within` calls `memmove`.
            open_len -= 1;
            for t in at..open_len {
                open[t] = open[t + 1];
            }
            if row_of_col[j0] == 0 {
                break;
            }
        }
        for &j in &used[..used_len] {
            let moved = d - joined[j];
            u[row_of_col[j]] += moved;
            v[j] -= moved;
        }
        loop {
            let j1 = way[j0];
            row_of_col[j0] = row_of_col[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }
    let mut col_of_row = [0u8; 64];
    for j in 1..=k {
        if row_of_col[j] != 0 {
            col_of_row[row_of_col[j] - 1] = (j - 1) as u8;
        }
    }
    col_of_row
}
