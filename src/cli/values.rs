//! Value parsers for options whose range clap cannot say: checked while parsing, so a bad value
//! fails before any work with a message naming the option and the accepted range.

use std::time::Duration;

use evoku::portfolio::restarts::MAX_EXACT_STREAMS;

/// Most CPU threads `--threads` accepts: far beyond the cores of any machine evoku runs on, and
/// low enough that a typo (`--threads 100000`) is refused instead of spawning a thread storm.
pub const MAX_THREADS: usize = 256;

/// A time limit in seconds: a positive finite number that a [`Duration`] can hold.
pub fn seconds(text: &str) -> Result<Duration, String> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if !(value.is_finite() && value > 0.0) {
        return Err(format!("must be a positive number of seconds, got {text}"));
    }
    Duration::try_from_secs_f64(value)
        .map_err(|_| format!("{text} seconds is longer than any time limit can be"))
}

/// `solve --time-limit`: a number of seconds as [`seconds`] takes, or 0 for no limit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeLimit(pub Option<Duration>);

/// A [`TimeLimit`]: 0 means none, anything else must pass [`seconds`].
pub fn limit(text: &str) -> Result<TimeLimit, String> {
    if text.trim().parse::<f64>() == Ok(0.0) {
        return Ok(TimeLimit(None));
    }
    seconds(text).map(|limit| TimeLimit(Some(limit)))
}

/// A thread count: 1 to [`MAX_THREADS`].
pub fn threads(text: &str) -> Result<usize, String> {
    count(text, MAX_THREADS as u64, "threads").map(|n| n as usize)
}

/// `--jobs`: 1 to [`MAX_JOBS`] puzzles in progress at once.
pub fn jobs(text: &str) -> Result<usize, String> {
    count(text, MAX_JOBS, "puzzles at once").map(|n| n as usize)
}

/// The most `--jobs` accepted (a batch never runs more at once than it has threads).
const MAX_JOBS: u64 = 1 << 16;

/// `--exact-streams`: 1 to [`MAX_EXACT_STREAMS`] streams of the large-board exact member.
pub fn exact_streams(text: &str) -> Result<u32, String> {
    count(text, u64::from(MAX_EXACT_STREAMS), "streams").map(|n| n as u32)
}

/// A count of `what` from 1 to `max`.
fn count(text: &str, max: u64, what: &str) -> Result<u64, String> {
    let value: u64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of {what} (1 to {max})"))?;
    if !(1..=max).contains(&value) {
        return Err(format!("must be 1 to {max} {what}, got {text}"));
    }
    Ok(value)
}
