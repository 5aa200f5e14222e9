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

    /// Board row of genome index `g` (box-major: `g = box * N + position`).
    #[inline(always)]
    pub fn row(g: usize) -> usize {
        let (bx, p) = (g / N, g % N);
        bx / Self::B * Self::B + p / Self::B
    }

    /// Board column of genome index `g`.
    #[inline(always)]
    pub fn col(g: usize) -> usize {
        let (bx, p) = (g / N, g % N);
        bx % Self::B * Self::B + p % Self::B
    }

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
    if problem.encoding() == crate::ga::Encoding::Row {
        return 0;
    }
    super::fitness::for_side!(problem.side(), N => LineCounts::<N>::WORDS)
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
mod tests {
    use super::*;
    use crate::format::{parse_one, ParseOptions};
    use crate::ga::cpu::fitness::fitness;
    use crate::ga::cpu::init::init_genome;
    use crate::ga::InitKind;
    use crate::ga::Problem;
    use crate::rng::Rng;

    /// Counts built from scratch and counts carried through random swaps give `fitness`, and
    /// each swap's delta is the change of `fitness`; stored and loaded, they count the same and
    /// score bands and stacks as `unit_penalties` does.
    fn counts_follow_fitness<const N: usize>()
    where
        Side<N>: Packing,
    {
        let puzzle = parse_one(&".".repeat(N * N), &ParseOptions::default()).unwrap();
        let problem = Problem::new(&puzzle, InitKind::Random, false).unwrap();
        let mut genome = vec![0u8; problem.genome_words() * 4];
        for seed in 0..20 {
            let mut rng = Rng::new(seed);
            genome.fill(0);
            init_genome(&problem, &mut rng, &mut genome);
            let mut counts = LineCounts::<N>::new(&genome);
            assert_eq!(counts.penalty(), fitness(&problem, &genome), "side {N}");
            for _ in 0..200 {
                let bx = rng.below(N as u32) as usize;
                let (i, j) = (
                    bx * N + rng.below(N as u32) as usize,
                    bx * N + rng.below(N as u32) as usize,
                );
                let before = fitness(&problem, &genome);
                let delta = counts.swap_delta(&genome, i, j);
                counts.swap(&mut genome, i, j);
                let after = fitness(&problem, &genome);
                assert_eq!(before as i32 + delta, after as i32, "side {N} swap {i} {j}");
                assert_eq!(counts.penalty(), after, "side {N}");
            }
            assert_eq!(counts.penalty(), LineCounts::<N>::new(&genome).penalty());
            let mut stored = vec![0u64; LineCounts::<N>::WORDS];
            counts.store(&mut stored);
            let loaded = LineCounts::<N>::load(&stored);
            assert_eq!(loaded.penalty(), counts.penalty());
            for line in 0..N {
                for digit in 1..=N as u8 {
                    assert_eq!(loaded.in_row(line, digit), counts.in_row(line, digit));
                    assert_eq!(loaded.in_col(line, digit), counts.in_col(line, digit));
                }
            }
            for side in 0..2 {
                assert_eq!(
                    LineCounts::<N>::stored_unit_penalties(&stored, side),
                    crate::ga::cpu::fitness::unit_penalties(&problem, &genome, side),
                    "side {N} units {side}"
                );
            }
        }
    }

    /// A band crossover's child gets from `crossed` the counts `new` counts, on both sides
    /// and whichever bands it takes from which parent.
    fn crossed_counts_are_counted_counts<const N: usize>()
    where
        Side<N>: Packing,
    {
        use crate::ga::cpu::crossover::band_crossover_scored;
        use crate::ga::cpu::fitness::unit_penalties;
        let puzzle = parse_one(&".".repeat(N * N), &ParseOptions::default()).unwrap();
        let problem = Problem::new(&puzzle, InitKind::Random, false).unwrap();
        let bytes = problem.genome_words() * 4;
        let (mut a, mut b, mut child) = (vec![0u8; bytes], vec![0u8; bytes], vec![0u8; bytes]);
        let mut taken = 0;
        for seed in 0..40 {
            let mut rng = Rng::new(seed);
            init_genome(&problem, &mut rng, &mut a);
            init_genome(&problem, &mut rng, &mut b);
            let mut stored = [
                vec![0u64; LineCounts::<N>::WORDS],
                vec![0; LineCounts::<N>::WORDS],
            ];
            LineCounts::<N>::new(&a).store(&mut stored[0]);
            LineCounts::<N>::new(&b).store(&mut stored[1]);
            for side in 0..2 {
                let scores = [
                    unit_penalties(&problem, &a, side),
                    unit_penalties(&problem, &b, side),
                ];
                let pair = Rng::new(seed * 7 + side);
                let from_b =
                    band_crossover_scored(&problem, &pair, 0, side, [&a, &b], scores, &mut child);
                taken |= 1 << from_b.count_ones().min(2);
                let parents = [stored[0].as_slice(), stored[1].as_slice()];
                let crossed = LineCounts::<N>::crossed(&child, side, parents, from_b);
                let counted = LineCounts::<N>::new(&child);
                assert_eq!(crossed.penalty(), counted.penalty(), "side {N} seed {seed}");
                assert_eq!(crossed.penalty(), fitness(&problem, &child));
                for line in 0..N {
                    for digit in 1..=N as u8 {
                        assert_eq!(crossed.in_row(line, digit), counted.in_row(line, digit));
                        assert_eq!(crossed.in_col(line, digit), counted.in_col(line, digit));
                    }
                }
            }
        }
        // Children taking no band, one band and several from the second parent were all met.
        assert_eq!(taken, 0b111, "side {N}");
    }

    #[test]
    fn crossed_children_count_as_counted() {
        crossed_counts_are_counted_counts::<4>();
        crossed_counts_are_counted_counts::<9>();
        crossed_counts_are_counted_counts::<16>();
        crossed_counts_are_counted_counts::<25>();
        crossed_counts_are_counted_counts::<36>();
    }

    #[test]
    fn line_counts_follow_fitness_through_swaps() {
        counts_follow_fitness::<4>();
        counts_follow_fitness::<9>();
        counts_follow_fitness::<16>();
        counts_follow_fitness::<25>();
        counts_follow_fitness::<36>();
    }
}
