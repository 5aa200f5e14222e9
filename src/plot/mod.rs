//! SVG charts with plotters: lines (log or linear), ranges per category, panels of charts, the
//! per-generation fitness of one GA run and the portfolio members' best penalty per round
//! (`evoku solve --plot`).
//!
//! The charts take plain data ([`Series`], [`RangeSeries`]) so each measuring module decides
//! what to draw; this module only draws.

use std::path::Path;

use plotters::coord::Shift;
use plotters::prelude::*;

use evoku::error::{Error, Result};

mod rounds;
mod trace;

pub use rounds::{drawable, member_series, rounds_chart};
pub use trace::{fitness_chart, trace_run, trace_run_within, FitnessTrace, TracePoint};

/// One line: a label and its points, in x order.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub label: String,
    pub points: Vec<(f64, f64)>,
}

/// For each category, a (low, high) range or nothing.
#[derive(Clone, Debug, PartialEq)]
pub struct RangeSeries {
    pub label: String,
    pub ranges: Vec<Option<(f64, f64)>>,
}

/// One chart of a [`panels`] figure.
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub series: Vec<Series>,
    pub log_y: bool,
    /// Join each series' points with lines (else markers only).
    pub lines: bool,
    /// Fixed y bounds (e.g. 0 to 100 for a percentage); `None` fits the data.
    pub y_range: Option<(f64, f64)>,
}

const COLORS: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(255, 127, 14),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
];

fn color(i: usize) -> RGBColor {
    COLORS[i % COLORS.len()]
}

const SIZE: (u32, u32) = (1000, 600);

type Drawn = std::result::Result<(), Box<dyn std::error::Error>>;

/// Draws with `draw` on an SVG of `size` held in memory, then writes it to `path` whole
/// ([`evoku::output_file::write`]): a failure never leaves a half-drawn file or removes the old.
fn svg(
    path: &Path,
    size: (u32, u32),
    draw: impl FnOnce(&DrawingArea<SVGBackend, Shift>) -> Drawn,
) -> Result<()> {
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, size).into_drawing_area();
        let drawn = draw(&root).and_then(|()| root.present().map_err(Into::into));
        drawn.map_err(|e| Error::Internal(format!("drawing {}: {e}", path.display())))?;
    }
    evoku::output_file::write(path, text.as_bytes())
}

/// The legend box every chart here draws, over its series' labels.
fn legend<'a, CT: plotters::coord::CoordTranslate>(
    chart: &mut ChartContext<'a, SVGBackend<'a>, CT>,
) -> Drawn {
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()?;
    Ok(())
}

/// Padded data bounds of `values`: (lo, hi) with lo < hi; positive when `log`.
fn bounds(values: impl Iterator<Item = f64>, log: bool) -> (f64, f64) {
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for v in values.filter(|v| v.is_finite() && (!log || *v > 0.0)) {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    if !lo.is_finite() {
        return if log { (1.0, 10.0) } else { (0.0, 1.0) };
    }
    if log {
        // Whole decades, so the axis always carries labelled powers of ten.
        (
            10f64.powf(lo.log10().floor()),
            10f64.powf((hi.log10() + 1e-9).ceil().max(lo.log10().floor() + 1.0)),
        )
    } else if lo == hi {
        (lo - 1.0, hi + 1.0)
    } else {
        let pad = (hi - lo) * 0.05;
        (lo - pad, hi + pad)
    }
}

/// An axis label: whole numbers without decimals.
fn tick(v: &f64) -> String {
    if v.fract().abs() < 1e-9 {
        format!("{v:.0}")
    } else if v.abs() >= 10.0 {
        format!("{v:.1}")
    } else if v.abs() >= 0.01 {
        format!("{v:.2}")
    } else {
        // Small powers of ten on a log axis (0.001, 0.0001): their significant digits.
        format!("{}", (v * 1e6).round() / 1e6)
    }
}

/// A marker per series: circles, triangles, crosses in turn.
fn marker<DB: DrawingBackend>(
    k: usize,
    at: (f64, f64),
    c: RGBColor,
) -> DynElement<'static, DB, (f64, f64)> {
    match k % 3 {
        0 => Circle::new(at, 4, c.filled()).into_dyn(),
        1 => TriangleMarker::new(at, 5, c.filled()).into_dyn(),
        _ => Cross::new(at, 4, c.stroke_width(2)).into_dyn(),
    }
}

/// The legend's sample of series `k`: its line when lines are drawn, else its marker.
fn legend_mark<DB: DrawingBackend>(
    k: usize,
    lines: bool,
    c: RGBColor,
    (x, y): (i32, i32),
) -> DynElement<'static, DB, (i32, i32)> {
    if lines {
        return PathElement::new(vec![(x - 5, y), (x + 15, y)], c.stroke_width(2)).into_dyn();
    }
    let at = (x + 5, y);
    match k % 3 {
        0 => Circle::new(at, 4, c.filled()).into_dyn(),
        1 => TriangleMarker::new(at, 5, c.filled()).into_dyn(),
        _ => Cross::new(at, 4, c.stroke_width(2)).into_dyn(),
    }
}

/// Draws a panel's lines into `area`; written as a macro because the linear and logarithmic
/// y axes are different coordinate types.
macro_rules! draw_lines {
    ($area:expr, $panel:expr, $x:expr, $y:expr) => {{
        let panel: &Panel = $panel;
        let mut chart = ChartBuilder::on($area)
            .caption(&panel.title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(70)
            .build_cartesian_2d($x, $y)?;
        chart
            .configure_mesh()
            .light_line_style(WHITE)
            .x_label_formatter(&tick)
            .y_label_formatter(&tick)
            .x_desc(panel.x_label.as_str())
            .y_desc(panel.y_label.as_str())
            .draw()?;
        for (i, s) in panel.series.iter().enumerate() {
            let c = color(i);
            let lines = panel.lines;
            let width = if lines { 2 } else { 0 };
            chart
                .draw_series(LineSeries::new(
                    s.points.iter().copied().filter(|_| panel.lines),
                    c.stroke_width(width),
                ))?
                .label(s.label.as_str())
                .legend(move |at| legend_mark(i, lines, c, at));
            chart.draw_series(s.points.iter().map(|&p| marker(i, p, c)))?;
        }
        legend(&mut chart)?;
    }};
}

fn draw_panel(area: &DrawingArea<SVGBackend, Shift>, panel: &Panel) -> Drawn {
    let points = || panel.series.iter().flat_map(|s| s.points.iter());
    let (x0, x1) = bounds(points().map(|p| p.0), false);
    let (y0, y1) = panel
        .y_range
        .unwrap_or_else(|| bounds(points().map(|p| p.1), panel.log_y));
    if panel.log_y {
        draw_lines!(area, panel, x0..x1, (y0..y1).log_scale());
    } else {
        draw_lines!(area, panel, x0..x1, y0..y1);
    }
    Ok(())
}

/// A chart of points (a marker shape per series), joined by lines when `lines`, written to
/// `path` as SVG.
pub fn line_chart(
    path: &Path,
    title: &str,
    x_label: &str,
    y_label: &str,
    series: &[Series],
    log_y: bool,
    lines: bool,
) -> Result<()> {
    let panel = Panel {
        title: title.to_string(),
        x_label: x_label.to_string(),
        y_label: y_label.to_string(),
        series: series.to_vec(),
        log_y,
        lines,
        y_range: None,
    };
    panels(path, &[panel], 1)
}

/// Several charts in a grid of `columns` columns, in one SVG.
pub fn panels(path: &Path, panels: &[Panel], columns: usize) -> Result<()> {
    let columns = columns.clamp(1, panels.len().max(1));
    let rows = panels.len().div_ceil(columns).max(1);
    let size = if panels.len() <= 1 {
        SIZE
    } else {
        (600 * columns as u32, 420 * rows as u32)
    };
    svg(path, size, |root| {
        root.fill(&WHITE)?;
        let areas = root.split_evenly((rows, columns));
        for (area, panel) in areas.iter().zip(panels) {
            draw_panel(area, panel)?;
        }
        Ok(())
    })
}

/// Ranges per category (log y): a vertical bar from low to high for each series, side by side
/// within a category, low marked by a circle and high by a triangle.
pub fn range_chart(
    path: &Path,
    title: &str,
    x_label: &str,
    y_label: &str,
    categories: &[String],
    series: &[RangeSeries],
) -> Result<()> {
    svg(path, SIZE, |root| {
        root.fill(&WHITE)?;
        let values = series
            .iter()
            .flat_map(|s| s.ranges.iter().flatten().flat_map(|&(a, b)| [a, b]));
        let (y0, y1) = bounds(values, true);
        let n = categories.len().max(1);
        let mut chart = ChartBuilder::on(root)
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(50)
            .y_label_area_size(70)
            .build_cartesian_2d(-0.5f64..(n as f64 - 0.5), (y0..y1).log_scale())?;
        let label = |x: &f64| {
            let i = x.round();
            if (x - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < categories.len() {
                categories[i as usize].clone()
            } else {
                String::new()
            }
        };
        chart
            .configure_mesh()
            .x_labels(n * 2 + 1)
            .x_label_formatter(&label)
            .y_label_formatter(&tick)
            .light_line_style(WHITE)
            .disable_x_mesh()
            .x_desc(x_label)
            .y_desc(y_label)
            .draw()?;
        let width = 0.6 / series.len().max(1) as f64;
        for (k, s) in series.iter().enumerate() {
            let c = color(k);
            let offset = (k as f64 - (series.len() as f64 - 1.0) / 2.0) * width;
            let bars: Vec<(f64, f64, f64)> = s
                .ranges
                .iter()
                .enumerate()
                .filter_map(|(i, r)| r.map(|(lo, hi)| (i as f64 + offset, lo, hi)))
                .collect();
            chart
                .draw_series(bars.iter().map(|&(x, lo, hi)| {
                    PathElement::new(vec![(x, lo), (x, hi)], c.stroke_width(3))
                }))?
                .label(s.label.as_str())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], c.stroke_width(3))
                });
            chart.draw_series(
                bars.iter()
                    .map(|&(x, lo, _)| Circle::new((x, lo), 4, c.filled())),
            )?;
            chart.draw_series(
                bars.iter()
                    .map(|&(x, _, hi)| TriangleMarker::new((x, hi), 5, c.filled())),
            )?;
        }
        legend(&mut chart)?;
        Ok(())
    })
}

/// `path` for puzzle `name` when one `--plot FILE` serves several puzzles: `FILE-name.svg`.
pub fn path_for(path: &Path, name: &str, several: bool) -> std::path::PathBuf {
    if !several {
        return path.to_path_buf();
    }
    let stem = path.file_stem().map_or_else(
        || "fitness".to_string(),
        |s| s.to_string_lossy().into_owned(),
    );
    let safe: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    path.with_file_name(format!("{stem}-{safe}.svg"))
}
