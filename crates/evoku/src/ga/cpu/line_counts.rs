//! Per-line digit counts of one block-encoded genome, kept up to date swap by swap: the hot
//! path of the block encoding's mutation and local search (`LineCounts<N>`, one packing per
//! board side).

pub use super::line_word::{Bytes, LineWord, NibblePair, Nibbles, Packing, Side, Word};

/// How many times each digit occurs in each row and column of one genome of side `N`, and the
/// genome's penalty: built once per child, then kept up to date swap by swap in O(1), so the
/// mutation's duplicated-digit test and a swap's penalty need no recount of the lines.
pub struct LineCounts<const N: usize>
where
    Side<N>: Packing,
{
    rows: [Word<N>; N],
    cols: [Word<N>; N],
    penalty: u32,
}

/// Cells of the largest board the line counts serve (64x64), a power of two.
const MAX_CELLS: usize = 64 * 64;

/// The board row and column of each genome index of a side-`n` board with boxes of `b`
/// (box-major: `g = box * n + position`); indices past `n * n` are 0.
const fn lines_of(n: usize, b: usize) -> [[u8; MAX_CELLS]; 2] {
    let mut lines = [[0u8; MAX_CELLS]; 2];
    let mut g = 0;
    while g < n * n && g < MAX_CELLS {
        let (bx, p) = (g / n, g % n);
        lines[0][g] = (bx / b * b + p / b) as u8;
        lines[1][g] = (bx % b * b + p % b) as u8;
        g += 1;
    }
    lines
}

/// Index of digit `digit` in a `LineWord` (digits are 1-based).
#[inline(always)]
fn index(digit: u8) -> usize {
    usize::from(digit.wrapping_sub(1))
}

impl<const N: usize> LineCounts<N>
where
    Side<N>: Packing,
{
    /// The box size `b`, `b * b == N`.
    pub const B: usize = {
        let mut b = 1;
        while b * b < N {
            b += 1;
        }
        b
    };

    /// Board row of genome index `g` (box-major: `g = box * N + position`), from a table: a
    /// swap asks for four lines, and each was a chain of multiply-shift divisions.
    #[inline(always)]
    pub fn row(g: usize) -> usize {
        usize::from(Self::LINES_OF[0][g & (MAX_CELLS - 1)])
    }

    /// Board column of genome index `g`.
    #[inline(always)]
    pub fn col(g: usize) -> usize {
        usize::from(Self::LINES_OF[1][g & (MAX_CELLS - 1)])
    }

    /// The row (`[0]`) and column (`[1]`) of each genome index below `N * N`.
    const LINES_OF: [[u8; MAX_CELLS]; 2] = lines_of(N, Self::B);

    #[inline(always)]
    pub fn new(genome: &[u8]) -> Self {
        let b = Self::B;
        let mut rows = [Word::<N>::ZERO; N];
        let mut cols = [Word::<N>::ZERO; N];
        for (bx, cells) in genome[..N * N].chunks_exact(N).enumerate() {
            let (row0, col0) = (bx / b * b, bx % b * b);
            for (pr, cells) in cells.chunks_exact(b).enumerate() {
                for (pc, &digit) in cells.iter().enumerate() {
                    rows[row0 + pr].add(index(digit));
                    cols[col0 + pc].add(index(digit));
                }
            }
        }
        // Plain indexed loops (no `chain`): they inline into `breed`'s bit-instruction build.
        let mut distinct = 0;
        for line in 0..N {
            distinct += rows[line].distinct() + cols[line].distinct();
        }
        LineCounts {
            rows,
            cols,
            penalty: 2 * (N * N) as u32 - distinct,
        }
    }

    /// The counts of a band crossover's child `genome` (`band_crossover_scored`: `side` 0
    /// takes bands of rows, 1 stacks of columns, those in `taken_from_b` from the second
    /// parent): the lines along the bands are the parents' (`parents`, as `store` wrote them),
    /// only the crossing ones are counted.
    #[inline(always)]
    pub fn crossed(genome: &[u8], side: u32, parents: [&[u64]; 2], taken_from_b: u32) -> Self {
        let (b, w) = (Self::B, Word::<N>::WORDS);
        let mut counts = LineCounts {
            rows: [Word::<N>::ZERO; N],
            cols: [Word::<N>::ZERO; N],
            penalty: 0,
        };
        let (along, first) = if side == 0 {
            (&mut counts.rows, 0)
        } else {
            (&mut counts.cols, N)
        };
        for (line, word) in along.iter_mut().enumerate() {
            let parent = parents[(taken_from_b >> (line / b) & 1) as usize];
            *word = Word::<N>::load(&parent[(first + line) * w..]);
        }
        for (bx, cells) in genome[..N * N].chunks_exact(N).enumerate() {
            let (row0, col0) = (bx / b * b, bx % b * b);
            for (pr, cells) in cells.chunks_exact(b).enumerate() {
                for (pc, &digit) in cells.iter().enumerate() {
                    if side == 0 {
                        counts.cols[col0 + pc].add(index(digit));
                    } else {
                        counts.rows[row0 + pr].add(index(digit));
                    }
                }
            }
        }
        let mut distinct = 0;
        for line in 0..N {
            distinct += counts.rows[line].distinct() + counts.cols[line].distinct();
        }
        counts.penalty = 2 * (N * N) as u32 - distinct;
        counts
    }

    /// Digits missing from every row and column (what `fitness` returns).
    pub fn penalty(&self) -> u32 {
        self.penalty
    }

    /// `u64` words the counts take in a store: rows, columns, then the penalty.
    pub const WORDS: usize = 2 * N * Word::<N>::WORDS + 1;

    /// Writes the counts to `out` (`Self::WORDS` words), for `load`.
    #[inline(always)]
    pub fn store(&self, out: &mut [u64]) {
        let w = Word::<N>::WORDS;
        let out = &mut out[..Self::WORDS];
        for line in 0..N {
            self.rows[line].store(&mut out[line * w..]);
            self.cols[line].store(&mut out[(N + line) * w..]);
        }
        out[2 * N * w] = u64::from(self.penalty);
    }

    /// The counts `store` wrote to `words`.
    #[inline(always)]
    pub fn load(words: &[u64]) -> Self {
        let w = Word::<N>::WORDS;
        let words = &words[..Self::WORDS];
        let mut counts = LineCounts {
            rows: [Word::<N>::ZERO; N],
            cols: [Word::<N>::ZERO; N],
            penalty: words[2 * N * w] as u32,
        };
        for line in 0..N {
            counts.rows[line] = Word::<N>::load(&words[line * w..]);
            counts.cols[line] = Word::<N>::load(&words[(N + line) * w..]);
        }
        counts
    }

    /// `fitness::unit_penalties` of the genome whose counts `store` wrote to `words`: the
    /// summed penalty of the rows of each band (`side` 0) or the columns of each stack (1).
    #[inline(always)]
    pub fn stored_unit_penalties(words: &[u64], side: u32) -> [u32; 8] {
        let (w, b) = (Word::<N>::WORDS, Self::B);
        let first = if side == 0 { 0 } else { N };
        let mut units = [0u32; 8];
        for (unit, total) in units.iter_mut().enumerate().take(b) {
            for line in first + unit * b..first + (unit + 1) * b {
                *total += N as u32 - Word::<N>::load(&words[line * w..]).distinct();
            }
        }
        units
    }

    /// The digits that occur at least twice in board row `row` (test with `LineWord::marks`).
    #[inline(always)]
    pub fn repeated_in_row(&self, row: usize) -> Word<N> {
        self.rows[row].repeated()
    }

    /// The digits that occur at least twice in board column `col`.
    #[inline(always)]
    pub fn repeated_in_col(&self, col: usize) -> Word<N> {
        self.cols[col].repeated()
    }

    /// Occurrences of `digit` in board row `row`.
    #[inline(always)]
    pub fn in_row(&self, row: usize, digit: u8) -> u32 {
        self.rows[row].count(index(digit))
    }

    /// Occurrences of `digit` in board column `col`.
    #[inline(always)]
    pub fn in_col(&self, col: usize, digit: u8) -> u32 {
        self.cols[col].count(index(digit))
    }

    /// Change of penalty in one line when it loses digit `out` and gains digit `into`
    /// (`out != into`), from the line's counts.
    #[inline(always)]
    fn line_delta(line: Word<N>, out: u8, into: u8) -> i32 {
        i32::from(line.count(index(out)) == 1) - i32::from(line.count(index(into)) == 0)
    }

    /// Change of penalty if genome indices `i` and `j` (same box) swapped their digits: only
    /// the rows and columns through them change, and a line both share keeps both digits.
    #[inline(always)]
    pub fn swap_delta(&self, genome: &[u8], i: usize, j: usize) -> i32 {
        let (x, y) = (genome[i], genome[j]);
        if x == y {
            return 0;
        }
        let (ri, rj, ci, cj) = (Self::row(i), Self::row(j), Self::col(i), Self::col(j));
        // Branch-free: whether the cells share their row or column is data (a quarter of the
        // pairs at 9x9), so a branch on it was mispredicted often.
        let rows = Self::line_delta(self.rows[ri], x, y) + Self::line_delta(self.rows[rj], y, x);
        let cols = Self::line_delta(self.cols[ci], x, y) + Self::line_delta(self.cols[cj], y, x);
        rows * i32::from(ri != rj) + cols * i32::from(ci != cj)
    }

    /// Swaps the digits at genome indices `i` and `j` (same box) and updates the counts and
    /// the penalty.
    #[inline(always)]
    pub fn swap(&mut self, genome: &mut [u8], i: usize, j: usize) {
        let delta = self.swap_delta(genome, i, j);
        self.penalty = self.penalty.wrapping_add_signed(delta);
        let (x, y) = (index(genome[i]), index(genome[j]));
        let (ri, rj, ci, cj) = (Self::row(i), Self::row(j), Self::col(i), Self::col(j));
        self.rows[ri].remove(x);
        self.rows[ri].add(y);
        self.rows[rj].remove(y);
        self.rows[rj].add(x);
        self.cols[ci].remove(x);
        self.cols[ci].add(y);
        self.cols[cj].remove(y);
        self.cols[cj].add(x);
        genome.swap(i, j);
    }
}

/// `u64` words of one genome's stored line counts for `problem`'s side; the row encoding
/// stores none (its counts, `row::UnitCounts`, are built per child).
pub fn stored_words(problem: &crate::ga::Problem) -> usize {
    stored_words_for(problem.side(), problem.encoding())
}

/// [`stored_words`] for a board of side `side` under `encoding`.
pub fn stored_words_for(side: usize, encoding: crate::ga::Encoding) -> usize {
    if encoding == crate::ga::Encoding::Row {
        return 0;
    }
    super::fitness::for_side!(side, N => LineCounts::<N>::WORDS)
}

/// Builds `genome`'s line counts and stores them in `out` (`stored_words` words; nothing
/// when that is 0).
pub fn store_built(problem: &crate::ga::Problem, genome: &[u8], out: &mut [u64]) {
    if stored_words(problem) == 0 {
        return;
    }
    super::fitness::for_side!(problem.side(), N => LineCounts::<N>::new(genome).store(out))
}

#[cfg(test)]
#[path = "line_counts_tests.rs"]
mod tests;
