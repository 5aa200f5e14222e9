//! The ACS's batches on a GPU: `evoku solve FILE --algorithm aco --backend gpu` solves a file's
//! puzzles in shared launches, and every puzzle's JSON line is the one the CPU gives it.

use super::{ends_apart, results, SIXTEEN};

/// One 9x9 instance and one 16x16 one, after the 16x16 file: the batch breaks into runs of one
/// board size.
const NINE: &str = "tests/data/lloyd-amos/general/inst9x9_70_0.txt";
const SIXTEEN_ONE: &str = "tests/data/lloyd-amos/general/inst16x16_0_0.txt";

/// Explicit colonies of one ant (a hardware GPU would size the colonies from the adapter; one
/// ant makes the puzzles take a few iterations), the ACS run even where the exact check solves
/// the puzzle, and an iteration cap some puzzles reach.
const SETTINGS: [&str; 20] = [
    "--json",
    "-q",
    "--algorithm",
    "aco",
    "--colonies",
    "2",
    "--ants",
    "1",
    "--restart-after",
    "3",
    "--exchange",
    "1",
    "--no-exact-shortcut",
    "--max-iterations",
    "6",
    "--seed",
    "16",
    "--threads",
    "1",
    "--backend",
];

#[test]
fn a_file_on_a_gpu_gives_every_puzzle_its_cpu_result_in_input_order() {
    let Some(_lease) = crate::gpu::gpu() else {
        return;
    };
    let files = [SIXTEEN, NINE, SIXTEEN_ONE];
    let batch =
        |backend: &str| results(&[&["solve"], &files[..], &SETTINGS[..], &[backend]].concat());
    let on_gpu = batch("gpu");
    // Some puzzles solve at once, some later, some reach the cap.
    ends_apart(&on_gpu, &["inst9x9_70_0", "inst16x16_0_0"], 4, 6);
    // The CPU, puzzle by puzzle, gives the same lines.
    assert_eq!(batch("cpu"), on_gpu);
}
