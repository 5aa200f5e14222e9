//! How `generate` shows its progress: the rate of making, and a bar over the puzzles.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// `12.3 puzzles/s`, or `4.56 s per puzzle` when slower than one a second (where `0 puzzles/s`
/// would say nothing).
pub(super) fn rate(done: usize, seconds: f64, noun: &str) -> String {
    if done == 0 {
        return format!("no {noun}s");
    }
    let per_second = done as f64 / seconds.max(1e-9);
    if per_second >= 1.0 {
        format!("{per_second:.1} {noun}s/s")
    } else {
        format!("{:.2} s per {noun}", 1.0 / per_second)
    }
}

/// A bar over the puzzles (or grids) to generate, shown only on a terminal. It ticks on its
/// own, so a single slow one (a 64x64 grid takes half a minute) still shows the time running.
pub(super) struct PuzzleBar(Option<ProgressBar>);

impl PuzzleBar {
    pub(super) fn new(total: u64, what: &str, quiet: bool) -> PuzzleBar {
        if quiet || ProgressDrawTarget::stderr().is_hidden() {
            return PuzzleBar(None);
        }
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template(&format!(
                "generate [{{elapsed_precise}}] {{spinner}} {{bar:30}} {{pos}}/{{len}} {what}"
            ))
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar.enable_steady_tick(std::time::Duration::from_millis(200));
        PuzzleBar(Some(bar))
    }

    pub(super) fn inc(&self) {
        if let Some(bar) = &self.0 {
            bar.inc(1);
        }
    }

    pub(super) fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}
