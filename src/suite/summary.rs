//! The suite's figures: one summary per bucket, and the summaries and the runs as tables.

use serde::Serialize;

use super::{acs_reference, Bucket, SuiteRun};
use evoku::export::{Table, Value};
use evoku::stats;

/// The figures of one bucket.
#[derive(Clone, Debug, Serialize)]
pub struct BucketSummary {
    pub bucket: Bucket,
    pub instances: usize,
    pub runs: usize,
    pub solved: usize,
    pub success_rate: f64,
    /// Median and longest time among solved runs.
    pub median_seconds: Option<f64>,
    pub max_seconds: Option<f64>,
    pub time_limit: f64,
    /// What the Ant Colony System reached there (see [`acs_reference`]).
    pub acs_reference: Option<f64>,
}

/// One summary per bucket, in bucket order.
pub fn summarize(runs: &[SuiteRun]) -> Vec<BucketSummary> {
    let mut buckets: Vec<Bucket> = runs.iter().map(|r| r.bucket).collect();
    buckets.sort();
    buckets.dedup();
    buckets
        .into_iter()
        .map(|bucket| {
            let mine: Vec<&SuiteRun> = runs.iter().filter(|r| r.bucket == bucket).collect();
            let mut names: Vec<(&str, &str)> = mine
                .iter()
                .map(|r| (r.file.as_str(), r.name.as_str()))
                .collect();
            names.sort();
            names.dedup();
            let times: Vec<f64> = mine
                .iter()
                .filter(|r| r.solved)
                .map(|r| r.seconds)
                .collect();
            BucketSummary {
                bucket,
                instances: names.len(),
                runs: mine.len(),
                solved: times.len(),
                success_rate: times.len() as f64 / mine.len().max(1) as f64,
                median_seconds: stats::median(&times),
                max_seconds: stats::max(&times),
                time_limit: mine.iter().map(|r| r.time_limit).fold(0.0, f64::max),
                acs_reference: acs_reference(bucket),
            }
        })
        .collect()
}

/// The bucket summaries as a table; `meta` says what ran where.
pub fn bucket_table(summaries: &[BucketSummary], meta: &[(String, String)]) -> Table {
    let mut table = Table::new(
        "Solving-power suite: success within the time limit per size and fill",
        &[
            "size",
            "fill",
            "instances",
            "runs",
            "solved",
            "success_rate",
            "median_s",
            "max_s",
            "time_limit_s",
            "acs_success_rate",
        ],
    );
    table.meta.extend(meta.iter().cloned());
    table.meta(
        "acs_success_rate",
        "Lloyd & Amos's Ant Colony System, 20 s limit, one 2-core machine (their README)",
    );
    for s in summaries {
        table.push(vec![
            s.bucket.side.into(),
            s.bucket.fill.into(),
            s.instances.into(),
            s.runs.into(),
            s.solved.into(),
            s.success_rate.into(),
            s.median_seconds.into(),
            s.max_seconds.into(),
            s.time_limit.into(),
            s.acs_reference.into(),
        ]);
    }
    table
}

/// Every run as a table.
pub fn runs_table(runs: &[SuiteRun], meta: &[(String, String)]) -> Table {
    let mut table = Table::new(
        "Solving-power suite: every run",
        &[
            "name",
            "file",
            "size",
            "fill",
            "run",
            "seed",
            "solved",
            "seconds",
            "time_limit_s",
            "generations",
            "evaluations",
            "best_penalty",
            "note",
        ],
    );
    table.meta.extend(meta.iter().cloned());
    for r in runs {
        table.push(vec![
            r.name.as_str().into(),
            r.file.as_str().into(),
            r.bucket.side.into(),
            r.bucket.fill.into(),
            r.run.into(),
            r.seed.into(),
            r.solved.into(),
            r.seconds.into(),
            r.time_limit.into(),
            r.generations.into(),
            r.evaluations.into(),
            r.best_penalty.into(),
            match (&r.error, &r.unsolvable) {
                (Some(error), _) => format!("error: {error}").into(),
                (None, Some(why)) => format!("no solution: {why}").into(),
                (None, None) if r.stopped_by_time => "time limit".into(),
                (None, None) => Value::Empty,
            },
        ]);
    }
    table
}
