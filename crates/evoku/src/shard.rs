//! One shard of a batch: `--shard I/N` runs the work items whose index in the batch's fixed
//! order is `I - 1` modulo `N`, so N machines (a Slurm job array, say) share one batch.
//!
//! An item's seed and result come from its index in the whole batch, never from its place in the
//! shard, so the N shards' JSON lines, concatenated in any order, are the unsharded run's lines.

use std::fmt;

/// Shard `index + 1` of `count`; [`Shard::ALL`] is the whole batch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// 0-based: the shard takes the items whose index modulo `count` is this.
    index: u64,
    count: u64,
}

impl Shard {
    /// The whole batch (shard 1 of 1).
    pub const ALL: Shard = Shard { index: 0, count: 1 };

    /// Shard `number` of `count`, 1-based as Slurm's array task ids usually are; `None` unless
    /// `1 <= number <= count`.
    pub fn new(number: u64, count: u64) -> Option<Shard> {
        (number >= 1 && number <= count).then(|| Shard {
            index: number - 1,
            count,
        })
    }

    /// Reads `I/N` (`--shard`'s value parser).
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || {
            format!(
                "'{text}' is not a shard: write I/N with 1 <= I <= N <= {} (e.g. 2/8; under a Slurm job \
                 array --array=1-N: $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT)",
                u64::MAX
            )
        };
        let (number, count) = text.split_once('/').ok_or_else(bad)?;
        // Any u64 (N up to 18446744073709551615): a Slurm task count never comes near it.
        let number: u64 = number.trim().parse().map_err(|_| bad())?;
        let count: u64 = count.trim().parse().map_err(|_| bad())?;
        Shard::new(number, count).ok_or_else(bad)
    }

    /// Whether the item at `index` in the batch's order belongs to this shard.
    pub fn takes(self, index: usize) -> bool {
        index as u64 % self.count == self.index
    }

    /// Whether this is the whole batch.
    pub fn is_all(self) -> bool {
        self.count == 1
    }

    /// The 1-based shard number (`I` of `I/N`).
    pub fn number(self) -> u64 {
        self.index + 1
    }

    pub fn count(self) -> u64 {
        self.count
    }

    /// How many of the first `items` indices this shard takes.
    pub fn share(self, items: usize) -> usize {
        let items = items as u64;
        (items / self.count + u64::from(items % self.count > self.index)) as usize
    }

    /// ` (shard I/N)` after a plot's title, nothing for the whole batch.
    pub fn suffix(self) -> String {
        if self.is_all() {
            String::new()
        } else {
            format!(" (shard {self})")
        }
    }

    /// `shard I/N: ` before a summary line of a shard, nothing for the whole batch.
    pub fn prefix(self) -> String {
        if self.is_all() {
            String::new()
        } else {
            format!("shard {self}: ")
        }
    }
}

/// As `I/N`, the form `--shard` takes.
impl serde::Serialize for Shard {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl Default for Shard {
    fn default() -> Shard {
        Shard::ALL
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.number(), self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_partition_the_items() {
        let shards: Vec<Shard> = (1..=3).map(|i| Shard::new(i, 3).unwrap()).collect();
        for item in 0..20 {
            assert_eq!(shards.iter().filter(|s| s.takes(item)).count(), 1);
        }
        for s in &shards {
            assert_eq!(s.share(10), (0..10).filter(|&i| s.takes(i)).count());
        }
        assert!((0..5).all(|i| Shard::ALL.takes(i)));
    }

    #[test]
    fn parses_one_based_shards_and_refuses_the_rest() {
        assert_eq!(Shard::parse("1/3"), Ok(Shard { index: 0, count: 3 }));
        assert_eq!(Shard::parse("3/3").unwrap().to_string(), "3/3");
        // Issue 37: N past u32 was refused with a rule it satisfies.
        let huge = Shard::parse("1/18446744073709551615").unwrap();
        assert_eq!(huge.to_string(), "1/18446744073709551615");
        assert!(huge.takes(0) && !huge.takes(1));
        assert_eq!(huge.share(5), 1);
        let last = Shard::parse("18446744073709551615/18446744073709551615").unwrap();
        assert!(!last.takes(0));
        assert_eq!(last.share(5), 0);
        for bad in [
            "0/3",
            "4/3",
            "1/0",
            "3",
            "a/b",
            "-1/2",
            "1/3/4",
            "",
            "1/18446744073709551616",
        ] {
            let e = Shard::parse(bad).unwrap_err();
            assert!(e.contains("1 <= I <= N"), "{bad}: {e}");
        }
    }
}
