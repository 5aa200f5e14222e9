//! The default time limits of `generate` and `rate` per board side, and their `--help` text:
//! without them a 64x64 `generate --level easy` ran 35 s and a 36x36 `rate` over 200 s with no
//! bound a user could see.

use std::time::Duration;

/// Seconds `generate` may take per puzzle, grid or instance asked, by side (the whole run's
/// default limit is this times `--count`).
const GENERATE_PER_ITEM: [(usize, u64); 6] =
    [(9, 10), (16, 30), (25, 60), (36, 120), (49, 240), (64, 600)];

/// Seconds `rate`'s uniqueness check may take per puzzle, by side; none up to 9x9.
const RATE_EXACT: [(usize, u64); 5] = [(16, 10), (25, 30), (36, 60), (49, 60), (64, 60)];

fn by_side(table: &[(usize, u64)], side: usize) -> Option<u64> {
    table.iter().find(|&&(s, _)| side <= s).map(|&(_, t)| t)
}

fn text(table: &[(usize, u64)]) -> String {
    table
        .iter()
        .map(|(side, secs)| format!("{secs} s to {side}x{side}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `generate`'s default limit for `count` items of side `side`.
pub fn generate_default(side: usize, count: usize) -> Duration {
    let per = by_side(&GENERATE_PER_ITEM, side).unwrap_or(600);
    Duration::from_secs(per.saturating_mul(count.max(1) as u64).min(1 << 40))
}

/// `rate`'s default uniqueness limit per puzzle of side `side` (none up to 9x9).
pub fn rate_exact_default(side: usize) -> Option<Duration> {
    (side > 9).then(|| Duration::from_secs(by_side(&RATE_EXACT, side).unwrap_or(60)))
}

pub fn generate_help() -> String {
    format!(
        "Seconds the whole run may take; what was made by then is printed, exit code 1 \
         (default: per puzzle, grid or instance asked, {})",
        text(&GENERATE_PER_ITEM)
    )
}

pub fn rate_exact_help() -> String {
    format!(
        "Seconds the uniqueness check may spend on one puzzle; a puzzle not decided by then is \
         reported as undecided and the batch goes on (default: none to 9x9, {})",
        text(&RATE_EXACT)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_grow_with_the_side_and_the_count() {
        assert_eq!(generate_default(9, 3), Duration::from_secs(30));
        assert_eq!(generate_default(64, 1), Duration::from_secs(600));
        assert_eq!(rate_exact_default(9), None);
        assert_eq!(rate_exact_default(36), Some(Duration::from_secs(60)));
        assert!(generate_help().contains("600 s to 64x64"));
    }
}
