//! Generated inputs shared by the parity tests: sizes, seeds, random valid puzzles, and the
//! comparison that names the first differing word.

use evoku::board::{Geometry, Grid};
use evoku::rng::Rng;

/// Box sizes: every board from 9x9 to 64x64, for the GA's operators and the ACS's alike.
pub const BOX_SIZES: [usize; 6] = [3, 4, 5, 6, 7, 8];
/// Generated puzzles per size, and cases per puzzle.
pub const PUZZLES: u32 = 4;
pub const CASES: usize = 64;
/// The seed every input is drawn from.
pub const SEED: u64 = 0x5eed_0011;
/// Percent of givens kept in puzzle `p` of a size.
pub const KEEP_PERCENT: [u32; PUZZLES as usize] = [0, 30, 50, 70];

/// A random valid grid of box size `b` (the pattern grid with its digits, the rows of each band
/// and the columns of each stack shuffled), with each cell kept as a given with probability
/// `keep_percent` %.
pub fn generated_puzzle(b: usize, keep_percent: u32, rng: &mut Rng) -> Grid {
    let n = b * b;
    let mut shuffled = |len: usize| {
        let mut v: Vec<usize> = (0..len).collect();
        for i in (1..len).rev() {
            v.swap(i, rng.below(i as u32 + 1) as usize);
        }
        v
    };
    let digits = shuffled(n);
    let within: Vec<Vec<usize>> = (0..2 * b).map(|_| shuffled(b)).collect();
    let line = |k: usize, of: &[usize]| (k / b) * b + of[k % b];
    let mut cells = vec![0u8; n * n];
    for r in 0..n {
        for c in 0..n {
            let (pr, pc) = (line(r, &within[r / b]), line(c, &within[b + c / b]));
            let pattern = (b * (pr % b) + pr / b + pc) % n;
            cells[r * n + c] = digits[pattern] as u8 + 1;
        }
    }
    for cell in &mut cells {
        if rng.below(100) >= keep_percent {
            *cell = 0;
        }
    }
    Grid::from_cells(Geometry::new(b).unwrap(), cells).expect("a valid grid")
}

pub fn words(bytes: &[u8]) -> Vec<u32> {
    bytemuck::pod_collect_to_vec(bytes)
}

/// Panics at the first differing word, naming the case (`per_case` words a case) by `label`.
pub fn same(label: &str, what: &str, per_case: usize, cpu: &[u32], gpu: &[u32]) {
    assert_eq!(cpu.len(), gpu.len(), "{label}: {what} lengths");
    if let Some(w) = (0..cpu.len()).find(|&w| cpu[w] != gpu[w]) {
        panic!(
            "{label}, case {}: {what} differ, word {}: cpu {:#x}, gpu {:#x}",
            w / per_case,
            w % per_case,
            cpu[w],
            gpu[w]
        );
    }
}
