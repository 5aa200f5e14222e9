//! The cap on the memory a run's large tables may take, and the check against it. A leaf: the
//! engines state their own sizes (`crate::ga::cpu::engine::host_bytes`,
//! [`crate::aco::AcoParams::host_bytes`]) and `crate::plan::memory` adds up a run's before
//! anything is allocated; the engines check their own part again when built directly.

use crate::error::{Error, Result};

/// The most bytes of search tables a run may take, whatever the machine has: beyond it a run
/// would swap for hours or be killed by the kernel rather than fail with an error.
pub const MEMORY_CEILING: u64 = 8 << 30;

/// Where the bytes a run may take come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Available {
    /// The bytes a run may take: the smaller of the physical memory and [`MEMORY_CEILING`].
    pub bytes: u64,
    /// The physical memory (`MemTotal` of `/proc/meminfo`), when it could be read.
    pub physical: Option<u64>,
}

impl Available {
    /// The cap on this machine: the smaller of `/proc/meminfo`'s `MemTotal` (when readable) and
    /// [`MEMORY_CEILING`].
    pub fn here() -> Available {
        // Read once per process: every puzzle of a batch asks (49,158 reads of /proc/meminfo
        // cost seconds), and a machine's memory does not change under a run.
        static PHYSICAL: std::sync::OnceLock<Option<u64>> = std::sync::OnceLock::new();
        Available::of(*PHYSICAL.get_or_init(physical_memory))
    }

    /// The cap with `physical` bytes of memory (`None`: unknown).
    pub fn of(physical: Option<u64>) -> Available {
        Available {
            bytes: physical.map_or(MEMORY_CEILING, |p| p.min(MEMORY_CEILING)),
            physical,
        }
    }

    /// How the cap was decided, for the refusal message.
    fn describe(&self) -> String {
        let ceiling = format!("evoku's ceiling of {} GiB", MEMORY_CEILING >> 30);
        match self.physical {
            Some(p) => format!(
                "the smaller of the physical memory ({}, MemTotal in /proc/meminfo) and {ceiling}",
                gib(p)
            ),
            None => format!("{ceiling} (the physical memory could not be read)"),
        }
    }
}

/// `MemTotal` of `/proc/meminfo` in bytes, when readable.
fn physical_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// `bytes` in GiB with one decimal.
fn gib(bytes: u64) -> String {
    format!("{:.1} GiB", bytes as f64 / (1u64 << 30) as f64)
}

/// One large table (or group of tables) of a run: what it is, the options that size it, and
/// its bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoryPart {
    /// `GA populations`, `ACS colonies`, `CDCL streams`, ...
    pub what: String,
    /// The options to lower (`--population x --islands`).
    pub options: &'static str,
    pub bytes: u64,
}

/// Refuses `parts` when together they need more than `available`, naming the bytes needed and
/// available, how the cap was decided, and the options of the largest part. `context` says
/// for what (`a 36x36 puzzle`).
pub fn check_memory(parts: &[MemoryPart], available: Available, context: &str) -> Result<()> {
    let needed = parts
        .iter()
        .fold(0u64, |sum, p| sum.saturating_add(p.bytes));
    if needed <= available.bytes {
        return Ok(());
    }
    let largest = parts.iter().max_by_key(|p| p.bytes).expect("a part");
    let list = parts
        .iter()
        .filter(|p| p.bytes > 0)
        .map(|p| format!("{} {} bytes", p.what, p.bytes))
        .collect::<Vec<_>>()
        .join(", ");
    Err(Error::Config(format!(
        "{context} needs {needed} bytes ({}) of memory ({list}), more than the {} bytes ({}) \
         available, {}: lower {}",
        gib(needed),
        available.bytes,
        gib(available.bytes),
        available.describe(),
        largest.options
    )))
}

/// A vector of `len` copies of `value`, or an error naming `what` when the memory cannot be
/// had (an allocation failure is an error, never an abort).
pub fn try_filled<T: Clone>(value: T, len: usize, what: &str) -> Result<Vec<T>> {
    // A probe reservation tells whether the allocator can give it (an error, not an abort);
    // the table itself is made by `vec!`, which for zeros asks for zeroed memory the system
    // hands out untouched. Filling a reservation element by element instead touched every page
    // of every table, and cost a batch of 49,158 9x9 puzzles four times its time.
    let mut probe: Vec<T> = Vec::new();
    probe.try_reserve_exact(len).map_err(|_| {
        Error::Config(format!(
            "cannot allocate {what}: {len} entries of {} bytes each",
            std::mem::size_of::<T>()
        ))
    })?;
    drop(probe);
    Ok(vec![value; len])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(bytes: u64) -> MemoryPart {
        MemoryPart {
            what: "ACS colonies".into(),
            options: "--colonies x --ants",
            bytes,
        }
    }

    #[test]
    fn the_cap_is_the_smaller_of_the_memory_and_the_ceiling() {
        assert_eq!(Available::of(Some(4 << 30)).bytes, 4 << 30);
        assert_eq!(Available::of(Some(64 << 30)).bytes, MEMORY_CEILING);
        assert_eq!(Available::of(None).bytes, MEMORY_CEILING);
    }

    #[test]
    fn a_refusal_names_the_bytes_needed_and_available() {
        let available = Available::of(Some(24 << 30));
        assert!(check_memory(&[part(MEMORY_CEILING)], available, "x").is_ok());
        let error = check_memory(&[part(MEMORY_CEILING + 1)], available, "a 36x36 puzzle")
            .unwrap_err()
            .to_string();
        assert!(
            error.contains(&format!("needs {} bytes", MEMORY_CEILING + 1)),
            "{error}"
        );
        assert!(
            error.contains(&format!("the {MEMORY_CEILING} bytes")),
            "{error}"
        );
        assert!(
            error.contains("MemTotal") && error.contains("--colonies x --ants"),
            "{error}"
        );
        let unknown = check_memory(&[part(u64::MAX)], Available::of(None), "x").unwrap_err();
        assert!(
            unknown.to_string().contains("could not be read"),
            "{unknown}"
        );
    }

    #[test]
    fn an_impossible_allocation_is_an_error() {
        assert_eq!(try_filled(7u8, 3, "t").unwrap(), vec![7, 7, 7]);
        let error = try_filled(0u64, usize::MAX / 2, "a table").unwrap_err();
        assert!(
            error.to_string().contains("cannot allocate a table"),
            "{error}"
        );
    }
}
