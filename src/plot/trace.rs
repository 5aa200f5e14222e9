//! The per-generation fitness of one GA run (`evoku solve --plot`): replayed (in the library,
//! `evoku::ga::trace`), sampled and drawn.

use std::path::Path;

use plotters::prelude::*;

use super::{color, tick, SIZE};
use evoku::error::Result;
pub use evoku::ga::trace::{FitnessTrace, TracePoint};
pub use evoku::plan::engines::{trace_run, trace_run_within};

/// A line of the fitness chart: label, colour, width, and the value it plots.
type TraceLine = (&'static str, RGBColor, u32, fn(&TracePoint) -> f64);

/// Best, mean and best-so-far penalty per generation, restarts as vertical grey lines.
pub fn fitness_chart(path: &Path, title: &str, trace: &FitnessTrace) -> Result<()> {
    super::svg(path, SIZE, |root| {
        root.fill(&WHITE)?;
        let last = trace.points.last().map_or(1, |p| p.generation).max(1) as f64;
        let top = trace
            .points
            .iter()
            .map(|p| p.mean.max(p.best as f64))
            .fold(1.0, f64::max)
            * 1.05;
        let mut chart = ChartBuilder::on(root)
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(0f64..last, 0f64..top)?;
        chart
            .configure_mesh()
            .light_line_style(WHITE)
            .x_label_formatter(&tick)
            .y_label_formatter(&tick)
            .x_desc("generation")
            .y_desc("penalty (digits missing from rows and columns; 0 = solved)")
            .draw()?;
        let restart = color(3).mix(0.45);
        if !trace.restarts.is_empty() {
            chart
                .draw_series(trace.restarts.iter().map(|&g| {
                    PathElement::new(
                        vec![(g as f64, 0.0), (g as f64, top)],
                        restart.stroke_width(1),
                    )
                }))?
                // Not a count: islands restarting in the same sampled generation share a line;
                // the title gives the run's count.
                .label("restart (some island)")
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x - 5, y), (x + 15, y)], restart.stroke_width(2))
                });
        }
        // Best so far underneath, wide and pale, so the best of each generation shows on it.
        let lines: [TraceLine; 3] = [
            ("best so far", color(2), 5, |p| p.best_so_far as f64),
            ("mean of generation", color(0), 2, |p| p.mean),
            ("best of generation", color(1), 2, |p| p.best as f64),
        ];
        for (label, c, width, y) in lines {
            chart
                .draw_series(LineSeries::new(
                    trace.points.iter().map(|p| (p.generation as f64, y(p))),
                    c.stroke_width(width),
                ))?
                .label(label)
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x - 5, y), (x + 15, y)], c.stroke_width(width))
                });
        }
        super::legend(&mut chart)?;
        Ok(())
    })
}
