//! `evoku generate --shard I/N` for puzzles: one shard of the indices `0..count`.

use std::process::ExitCode;
use std::time::Instant;

use anyhow::Result;
use evoku::board::Geometry;
use evoku::export::count;
use evoku::generate::{generate_at, PuzzleRecord};
use evoku::shard::Shard;
use evoku::stop::Stop;

use super::{print, puzzle_options, rate, stopped, GenerateArgs, PuzzleBar};

/// `--shard I/N` of puzzles: the shard's indices among `0..count`, each the puzzle the whole
/// batch makes at that index. The whole batch replaces an index that gave up by the next one; a
/// shard cannot know which indices the others gave up, so it names them (exit code 1).
pub(super) fn run_puzzle_shard(
    args: &GenerateArgs,
    geometry: Geometry,
    shard: Shard,
    stop: Stop,
) -> Result<ExitCode> {
    let start = Instant::now();
    let options = puzzle_options(args, geometry, stop);
    let indices: Vec<u64> = (0..args.count as u64)
        .filter(|&k| shard.takes(k as usize))
        .collect();
    let bar = PuzzleBar::new(indices.len() as u64, "puzzles", args.quiet);
    let batch = (rayon::current_num_threads() * 2).max(4);
    let mut out = std::io::stdout().lock();
    let (mut emitted, mut attempts, mut failed) = (0usize, 0u64, Vec::new());
    'chunks: for chunk in indices.chunks(batch) {
        if stop.reached() {
            break;
        }
        let outcomes = generate_at(&options, chunk, &|o| {
            if o.puzzle.is_some() {
                bar.inc();
            }
        });
        for (&index, o) in chunk.iter().zip(&outcomes) {
            attempts += u64::from(o.attempts);
            match &o.puzzle {
                // Finished puzzles up to the first the stop cut: what a full run prints first.
                None if o.stopped => break 'chunks,
                Some(g) => {
                    emitted += 1;
                    let record = PuzzleRecord::new(g, args.seed);
                    if !print(&mut out, args.output, &record, "generated")? {
                        bar.finish();
                        return Ok(ExitCode::SUCCESS);
                    }
                }
                None => failed.push(index),
            }
        }
    }
    bar.finish();
    let prefix = format!("shard {shard}: ");
    if let Some(code) = stopped(&stop, &prefix, emitted, indices.len(), "puzzles") {
        return Ok(code);
    }
    let seconds = start.elapsed().as_secs_f64();
    if !args.quiet {
        eprintln!(
            "{}{} of {} at level {} in {seconds:.3} s ({}, {} tried, seed {})",
            shard.prefix(),
            count(emitted, &format!("unique {} puzzle", geometry.name())),
            args.count,
            args.level,
            rate(emitted, seconds, "puzzle"),
            count(attempts, "grid"),
            args.seed
        );
    }
    if !failed.is_empty() {
        eprintln!(
            "evoku: shard {shard}: {} {} did not reach level {} within {} grids each: {failed:?}; \
             the unsharded run would have gone on to later indices, so try another --seed or a \
             larger --max-attempts",
            failed.len(),
            if failed.len() == 1 {
                "index"
            } else {
                "indices"
            },
            args.level,
            options.max_attempts
        );
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}
