//! Instance sets for any board size, made the way Lloyd & Amos made theirs (their data's README,
//! `../shared/benchmarks/lloyd-amos`): a random complete grid, then cells removed at random until
//! a given share of the cells is left. A solution exists (the grid) but need not be unique.
//!
//! The work behind `evoku generate --fill`. Instance `k` at fill `f` of a seed is a pure function
//! of (size, f, k, seed): the grid and the removal order are drawn from the counter-based hash
//! ([`Generator::instance`]), whatever the thread count and whichever other instances are asked.
//! Files are written in Lloyd & Amos's format under their names, `inst{N}x{N}_{f}_{k}.txt`, so
//! `evoku suite` buckets them by size and fill as it does theirs.

use std::path::{Path, PathBuf};

use crate::board::{Geometry, Grid};
use crate::error::{Error, IoAction, Result};
use crate::format::{self, Format, Symbols};
use crate::generate::Generator;
use crate::shard::Shard;
use crate::stop::Stop;

/// The file name of instance `k` at `fill` percent of a `side` x `side` board, in Lloyd & Amos's
/// naming: `inst{side}x{side}_{fill}_{k}.txt`.
pub fn instance_file_name(side: usize, fill: u32, k: u64) -> String {
    format!("inst{side}x{side}_{fill}_{k}.txt")
}

/// One instance: the puzzle and the complete grid its givens were taken from.
#[derive(Clone, Debug, PartialEq)]
pub struct Instance {
    pub puzzle: Grid,
    pub solution: Grid,
    /// Percent of cells given, as asked.
    pub fill: u32,
    /// `k`: the instance's number within its fill.
    pub index: u64,
}

impl Instance {
    /// The Lloyd & Amos file name, `inst{N}x{N}_{fill}_{k}.txt`.
    pub fn file_name(&self) -> String {
        instance_file_name(self.puzzle.geometry().side(), self.fill, self.index)
    }

    /// The file text, in Lloyd & Amos's format.
    pub fn text(&self) -> String {
        format::write_grid(&self.puzzle, Format::LloydAmos, Symbols::Standard)
    }
}

/// Givens at `fill` percent: `cells * fill / 100` rounded up, as in Lloyd & Amos's files (their
/// 25x25 at 45 % has 282 givens of 625, 9x9 at 45 % has 37), so 36x36 at 45 % (583.2) is 584.
pub fn givens_for(geometry: Geometry, fill: u32) -> usize {
    (geometry.cells() * fill as usize).div_ceil(100)
}

/// Checks a fill percent: 0..=100.
pub fn check_fill(fill: u32) -> Result<()> {
    if fill > 100 {
        return Err(Error::invalid_option(
            "--fill",
            fill,
            "a percent of cells given, 0..=100",
        ));
    }
    Ok(())
}

/// Instances `0..count` of every fill in `fills` (in that order, then by `k`), made in parallel
/// on the current rayon pool; the same for any thread count. Each is checked on the host: the
/// solution is a valid complete grid holding every given, and the givens are counted.
pub fn make_instances(
    geometry: Geometry,
    fills: &[u32],
    count: u64,
    seed: u64,
    done: &(dyn Fn(&Instance) + Sync),
) -> Result<Vec<Instance>> {
    make_shard_instances(geometry, fills, count, seed, Shard::ALL, done)
}

/// The instances of [`make_instances`] that `shard` takes, numbered fill by fill (instance `k` of
/// the `f`-th fill is item `f * count + k`); each is the one the whole batch makes.
pub fn make_shard_instances(
    geometry: Geometry,
    fills: &[u32],
    count: u64,
    seed: u64,
    shard: Shard,
    done: &(dyn Fn(&Instance) + Sync),
) -> Result<Vec<Instance>> {
    let mut all = Vec::new();
    let jobs = InstanceJobs {
        geometry,
        fills,
        count,
        seed,
        shard,
    };
    stream_instances(&jobs, Stop::on_request(), done, &mut |i| {
        all.push(i);
        Ok(true)
    })?;
    Ok(all)
}

/// Which instances [`stream_instances`] makes.
pub struct InstanceJobs<'a> {
    pub geometry: Geometry,
    pub fills: &'a [u32],
    pub count: u64,
    pub seed: u64,
    pub shard: Shard,
}

/// The instances of [`make_shard_instances`], made in parallel chunks (a chunk grows while it
/// takes under a quarter second) and passed to `emit` in order as soon as their chunk is done,
/// so that a stop keeps them: at `stop` the instances finished in order are emitted and the rest
/// dropped. `emit` returns `false` to end early (a closed pipe).
pub fn stream_instances(
    jobs: &InstanceJobs,
    stop: Stop,
    done: &(dyn Fn(&Instance) + Sync),
    emit: &mut dyn FnMut(Instance) -> Result<bool>,
) -> Result<()> {
    use rayon::prelude::*;
    for &fill in jobs.fills {
        check_fill(fill)?;
    }
    let geometry = jobs.geometry;
    let list: Vec<(u32, u64)> = jobs
        .fills
        .iter()
        .flat_map(|&fill| (0..jobs.count).map(move |k| (fill, k)))
        .enumerate()
        .filter(|&(item, _)| jobs.shard.takes(item))
        .map(|(_, job)| job)
        .collect();
    let mut chunk = rayon::current_num_threads().max(1);
    let mut rest = &list[..];
    while !rest.is_empty() && !stop.reached() {
        let (now, later) = rest.split_at(chunk.min(rest.len()));
        rest = later;
        let started = std::time::Instant::now();
        let made: Vec<Option<Instance>> = now
            .par_iter()
            .map_init(
                || {
                    let mut g = Generator::new(geometry);
                    g.set_stop(stop);
                    g
                },
                |g, &(fill, index)| {
                    let (puzzle, solution) =
                        g.instance(jobs.seed, index, fill, givens_for(geometry, fill))?;
                    let instance = Instance {
                        puzzle,
                        solution,
                        fill,
                        index,
                    };
                    done(&instance);
                    Some(instance)
                },
            )
            .collect();
        for i in made.into_iter().map_while(|i| i) {
            check(geometry, &i)?;
            if !emit(i)? {
                return Ok(());
            }
        }
        if started.elapsed() < std::time::Duration::from_millis(250) {
            chunk = (chunk * 2).min(1 << 16);
        }
    }
    Ok(())
}

/// Checked on the host: the solution is a valid complete grid holding every given, and the
/// givens are counted.
fn check(geometry: Geometry, i: &Instance) -> Result<()> {
    let givens = givens_for(geometry, i.fill);
    if !i.solution.is_complete() || !i.solution.solves(&i.puzzle) || i.puzzle.givens() != givens {
        return Err(Error::Internal(format!(
            "instance {} is not {givens} givens of a valid complete grid",
            i.file_name()
        )));
    }
    Ok(())
}

/// Writes each instance to `dir/inst{N}x{N}_{fill}_{k}.txt` (the folder is created); returns the
/// paths written.
pub fn write_instances(dir: &Path, instances: &[Instance]) -> Result<Vec<PathBuf>> {
    create_folder(dir)?;
    instances.iter().map(|i| write_instance(dir, i)).collect()
}

/// Creates the folder instances are written to, and its parents.
pub fn create_folder(dir: &Path) -> Result<()> {
    let error = |source| Error::Io {
        action: IoAction::Create,
        path: dir.to_path_buf(),
        source,
    };
    // A file in the way: said as such, not as the OS's "File exists".
    if dir.exists() && !dir.is_dir() {
        return Err(error(std::io::Error::from(
            std::io::ErrorKind::NotADirectory,
        )));
    }
    std::fs::create_dir_all(dir).map_err(error)
}

/// Writes one instance to `dir/inst{N}x{N}_{fill}_{k}.txt` (the folder must exist).
pub fn write_instance(dir: &Path, i: &Instance) -> Result<PathBuf> {
    let path = dir.join(i.file_name());
    crate::output_file::write(&path, i.text().as_bytes())?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn givens_round_to_the_nearest_cell() {
        let g = |side| Geometry::from_side(side).expect("square side");
        // Lloyd & Amos's inst25x25_45_*, inst9x9_45_*, inst16x16_10_*, inst9x9_5_*.
        assert_eq!(givens_for(g(25), 45), 282);
        assert_eq!(givens_for(g(9), 45), 37);
        assert_eq!(givens_for(g(16), 10), 26);
        assert_eq!(givens_for(g(9), 5), 5);
        assert_eq!(givens_for(g(36), 45), 584);
        assert_eq!(givens_for(g(49), 0), 0);
        assert_eq!(givens_for(g(64), 100), 4096);
    }
}
