//! The suite's instances: Lloyd & Amos file names read and written, puzzle files gathered from
//! files and folders, each puzzle put in its bucket and kept or left by the selection.

use std::path::{Path, PathBuf};

use super::Bucket;
use evoku::error::{Error, IoAction, Result};
use evoku::format::{self, ParseOptions, Puzzle};

/// `(side, fill, k)` of a Lloyd & Amos file name `inst{N}x{N}_{fill}_{k}.txt`.
pub fn parse_instance_name(file_name: &str) -> Option<(usize, u32, u32)> {
    let rest = file_name.strip_prefix("inst")?.strip_suffix(".txt")?;
    let (size, rest) = rest.split_once('_')?;
    let (fill, k) = rest.split_once('_')?;
    let (a, b) = size.split_once('x')?;
    let side: usize = a.parse().ok()?;
    if b.parse::<usize>().ok()? != side {
        return None;
    }
    Some((side, fill.parse().ok()?, k.parse().ok()?))
}

pub use evoku::instances::instance_file_name;

/// The bucket of a puzzle from a collection: its size and its fill rounded to the nearest 5 %.
pub fn bucket_of(puzzle: &Puzzle) -> Bucket {
    let geometry = puzzle.grid.geometry();
    let percent = 100.0 * puzzle.grid.givens() as f64 / geometry.cells() as f64;
    Bucket {
        side: geometry.side(),
        fill: ((percent / 5.0).round() * 5.0) as u32,
    }
}

/// One puzzle of the suite.
#[derive(Clone, Debug)]
pub struct Instance {
    pub puzzle: Puzzle,
    pub bucket: Bucket,
    /// `k` of a Lloyd & Amos file name.
    pub index: Option<u32>,
}

/// Which instances to take.
#[derive(Clone, Debug, Default)]
pub struct Selection {
    /// Board sides to keep (empty: all).
    pub sizes: Vec<usize>,
    /// Fills to keep (empty: all).
    pub fills: Vec<u32>,
    /// At most this many instances per bucket (the lowest `k` first).
    pub per_bucket: Option<usize>,
}

impl Selection {
    fn keeps(&self, bucket: Bucket) -> bool {
        (self.sizes.is_empty() || self.sizes.contains(&bucket.side))
            && (self.fills.is_empty() || self.fills.contains(&bucket.fill))
    }
}

/// Files under `path` (itself when a file), sorted; a folder is searched recursively for
/// `.txt` files. `seen` holds the canonical paths of the folders and files already taken, so a
/// symbolic link back into a folder (a loop) or to a file already found adds nothing.
fn files_under(
    path: &Path,
    seen: &mut std::collections::HashSet<PathBuf>,
    out: &mut Vec<(PathBuf, bool)>,
) -> Result<()> {
    let io = |source| Error::Io {
        action: IoAction::Read,
        path: path.to_path_buf(),
        source,
    };
    if !path.is_dir() {
        out.push((path.to_path_buf(), true));
        return Ok(());
    }
    if !seen.insert(std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())) {
        return Ok(());
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
        .map_err(io)?
        .map(|e| e.map(|e| e.path()).map_err(io))
        .collect::<Result<_>>()?;
    entries.sort();
    for entry in entries {
        if entry.is_dir() {
            files_under(&entry, seen, out)?;
        } else if entry.extension().is_some_and(|e| e == "txt")
            && seen.insert(std::fs::canonicalize(&entry).unwrap_or_else(|_| entry.clone()))
        {
            out.push((entry, false));
        }
    }
    Ok(())
}

/// The instances of `paths` (files or folders) that `selection` keeps, by bucket then `k`.
/// A file found in a folder that is not a puzzle file is skipped with a message to `warn`; a
/// file named directly must parse.
pub fn collect(
    paths: &[PathBuf],
    selection: &Selection,
    warn: &mut dyn FnMut(String),
) -> Result<Vec<Instance>> {
    let mut files = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for path in paths {
        files_under(path, &mut seen, &mut files)?;
    }
    let mut instances = Vec::new();
    for (file, named) in files {
        let file_name = file.file_name().map(|n| n.to_string_lossy().into_owned());
        let from_name = file_name.as_deref().and_then(parse_instance_name);
        if let Some((side, fill, _)) = from_name {
            if !selection.keeps(Bucket { side, fill }) {
                continue;
            }
        }
        let text = file.to_string_lossy().into_owned();
        let puzzles = match format::read_puzzles(&text, &ParseOptions::default()) {
            Ok((puzzles, _)) => puzzles,
            Err(e) if !named => {
                warn(format!("skipping {text}: {e}"));
                continue;
            }
            Err(e) => return Err(e),
        };
        for puzzle in puzzles {
            let (bucket, index) = match from_name {
                Some((side, fill, k)) => (Bucket { side, fill }, Some(k)),
                None => (bucket_of(&puzzle), None),
            };
            if selection.keeps(bucket) {
                instances.push(Instance {
                    puzzle,
                    bucket,
                    index,
                });
            }
        }
    }
    // Stable: collection puzzles keep their file order within a bucket.
    instances.sort_by_key(|i| (i.bucket, i.index));
    if let Some(limit) = selection.per_bucket {
        let mut kept: Vec<Instance> = Vec::new();
        for instance in instances {
            if kept.iter().filter(|k| k.bucket == instance.bucket).count() < limit {
                kept.push(instance);
            }
        }
        instances = kept;
    }
    Ok(instances)
}
