//! Tests of `line_counts`: counts against `fitness` through swaps, stored and loaded, a band
//! child's counts from its parents', and the row and column tables.
use super::*;
use crate::format::{parse_one, ParseOptions};
use crate::ga::cpu::fitness::{fitness, for_side};
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

/// The row and column tables are the box-major arithmetic.
fn lines_are_the_arithmetic<const N: usize>()
where
    Side<N>: Packing,
{
    let b = LineCounts::<N>::B;
    for g in 0..N * N {
        let (bx, p) = (g / N, g % N);
        assert_eq!(
            LineCounts::<N>::row(g),
            bx / b * b + p / b,
            "side {N} index {g}"
        );
        assert_eq!(
            LineCounts::<N>::col(g),
            bx % b * b + p % b,
            "side {N} index {g}"
        );
    }
}

#[test]
fn row_and_column_tables_match_the_box_layout() {
    for side in [4, 9, 16, 25, 36, 49, 64] {
        for_side!(side, N => lines_are_the_arithmetic::<N>());
    }
}

#[test]
fn crossed_children_count_as_counted() {
    for side in [4, 9, 16, 25, 36] {
        for_side!(side, N => crossed_counts_are_counted_counts::<N>());
    }
}

#[test]
fn line_counts_follow_fitness_through_swaps() {
    for side in [4, 9, 16, 25, 36] {
        for_side!(side, N => counts_follow_fitness::<N>());
    }
}
