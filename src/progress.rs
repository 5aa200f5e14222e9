//! The one progress bar of the binary: shown on a terminal for runs longer than a moment.

use std::time::Duration;

use evoku::ga::Progress;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Shown after this long, so quick solves print nothing extra.
const SHOW_AFTER: Duration = Duration::from_millis(500);

/// A lazily shown bar for one GA run; hidden when stderr is not a terminal or when `quiet`.
/// With a time limit the bar fills with the time spent (the generation cap is then rarely what
/// ends a run); without one, with the generations run.
pub struct RunBar {
    bar: Option<ProgressBar>,
    label: String,
    max_generations: u64,
    /// With a time limit the bar fills with time (the limit usually ends a run before the cap).
    time_limit: Option<Duration>,
    /// The bar's template under a time limit, made from the limit.
    limit_template: fn(Duration) -> String,
    enabled: bool,
}

/// The template of a bar that fills towards a time limit and names it.
fn limit_named(limit: Duration) -> String {
    format!(
        "{{prefix}} [{{elapsed_precise}} of {:.0} s limit] {{bar:30}} {{msg}}",
        limit.as_secs_f64()
    )
}

impl RunBar {
    pub fn new(label: &str, max_generations: u64, quiet: bool) -> RunBar {
        RunBar {
            bar: None,
            label: label.to_string(),
            max_generations,
            time_limit: None,
            limit_template: limit_named,
            enabled: !quiet && !ProgressDrawTarget::stderr().is_hidden(),
        }
    }

    /// A bar that fills towards `time_limit` and names it.
    pub fn with_time_limit(mut self, time_limit: Option<Duration>) -> RunBar {
        self.time_limit = time_limit;
        self
    }

    /// Under a time limit, `template` (made from the limit) instead of one that names it.
    pub fn with_limit_template(mut self, template: fn(Duration) -> String) -> RunBar {
        self.limit_template = template;
        self
    }

    /// Whether the bar fills with the time spent (there is a time limit).
    pub fn fills_with_time(&self) -> bool {
        self.time_limit.is_some()
    }

    /// The bar of a run `elapsed` in, at `generation`: moved to the time spent (with a time
    /// limit) or to the generation; `None` while it is not shown (the first moment, `quiet`,
    /// no terminal). Its message is the caller's.
    pub fn advance(&mut self, elapsed: Duration, generation: u32) -> Option<&ProgressBar> {
        if !self.enabled || elapsed < SHOW_AFTER {
            return None;
        }
        let time_limit = self.time_limit;
        let bar = self.bar.get_or_insert_with(|| {
            let (length, template) = match time_limit {
                Some(limit) => (limit.as_millis() as u64, (self.limit_template)(limit)),
                None => (
                    self.max_generations,
                    "{prefix} [{elapsed_precise}] {bar:30} gen {pos}/{len} {msg}".to_string(),
                ),
            };
            let bar = ProgressBar::with_draw_target(Some(length), ProgressDrawTarget::stderr());
            let style = ProgressStyle::with_template(&template)
                .unwrap_or_else(|_| ProgressStyle::default_bar());
            bar.set_style(style);
            bar.set_prefix(self.label.clone());
            bar
        });
        bar.set_position(match time_limit {
            Some(_) => elapsed.as_millis() as u64,
            None => generation as u64,
        });
        Some(bar)
    }

    pub fn update(&mut self, progress: &Progress) {
        let at_limit = self.fills_with_time();
        if let Some(bar) = self.advance(progress.elapsed, progress.generation) {
            let generation = if at_limit {
                format!("gen {} ", progress.generation)
            } else {
                String::new()
            };
            bar.set_message(format!(
                "{generation}best fitness {} restarts {}",
                progress.best_penalty, progress.restarts
            ));
        }
    }

    pub fn finish(self) {
        if let Some(bar) = self.bar {
            bar.finish_and_clear();
        }
    }
}

/// One bar per labelled batch (a puzzle and operator set, a parameter value): a new label
/// finishes the previous bar and starts the next.
pub struct BatchBars {
    current: Option<(String, RunBar)>,
    max_generations: u64,
    quiet: bool,
}

impl BatchBars {
    pub fn new(max_generations: u64, quiet: bool) -> BatchBars {
        BatchBars {
            current: None,
            max_generations,
            quiet,
        }
    }

    pub fn update(&mut self, label: String, progress: &Progress) {
        if self.current.as_ref().is_none_or(|(l, _)| *l != label) {
            if let Some((_, old)) = self.current.take() {
                old.finish();
            }
            let bar = RunBar::new(&label, self.max_generations, self.quiet);
            self.current = Some((label, bar));
        }
        if let Some((_, bar)) = self.current.as_mut() {
            bar.update(progress);
        }
    }

    pub fn finish(self) {
        if let Some((_, bar)) = self.current {
            bar.finish();
        }
    }
}

/// The bar of a batch: puzzles (or runs) done out of the total, shown on a terminal once the
/// batch has taken longer than a moment; hidden when stderr is not a terminal or when `quiet`.
/// Lines printed through [`CountBar::println`] appear above it.
pub struct CountBar {
    bar: Option<ProgressBar>,
    label: String,
    total: u64,
    done: u64,
    start: std::time::Instant,
    enabled: bool,
}

impl CountBar {
    /// A bar for `total` items named `label` (`puzzles`, `runs`).
    pub fn new(label: &str, total: u64, quiet: bool) -> CountBar {
        CountBar {
            bar: None,
            label: label.to_string(),
            total,
            done: 0,
            start: std::time::Instant::now(),
            enabled: !quiet && !ProgressDrawTarget::stderr().is_hidden(),
        }
    }

    /// One more item done.
    pub fn inc(&mut self) {
        self.done += 1;
        if !self.enabled || self.start.elapsed() < SHOW_AFTER {
            return;
        }
        let (total, label) = (self.total, &self.label);
        let bar = self.bar.get_or_insert_with(|| {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            let template = format!("[{{elapsed_precise}}] {{bar:30}} {{pos}}/{{len}} {label}");
            let style = ProgressStyle::with_template(&template)
                .unwrap_or_else(|_| ProgressStyle::default_bar());
            bar.set_style(style);
            bar
        });
        bar.set_position(self.done);
    }

    /// Prints `line` on stderr above the bar.
    pub fn println(&self, line: &str) {
        match &self.bar {
            Some(bar) => bar.suspend(|| eprintln!("{line}")),
            None => eprintln!("{line}"),
        }
    }

    pub fn finish(self) {
        if let Some(bar) = self.bar {
            bar.finish_and_clear();
        }
    }
}
