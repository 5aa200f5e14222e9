//! The hardness curve of a suite (`evoku suite --plot`): per board size, the success rate and the
//! median time to solve against the fill, the picture in which the hard band of each size shows
//! as the dip of its success rate and the peak of its time.

use std::path::Path;

use super::BucketSummary;
use crate::plot::{panels, Panel, Series};
use evoku::error::Result;

/// The curve's two panels: success rate (percent, 0 to 100) and median seconds of the solved runs
/// (log scale), each against the fill, one series per board size. A bucket nothing solved has no
/// point in the time panel.
pub fn curve_panels(summaries: &[BucketSummary], title: &str) -> Vec<Panel> {
    let mut sides: Vec<usize> = summaries.iter().map(|s| s.bucket.side).collect();
    sides.sort_unstable();
    sides.dedup();
    let series = |value: &dyn Fn(&BucketSummary) -> Option<f64>| -> Vec<Series> {
        sides
            .iter()
            .map(|&side| Series {
                label: format!("{side}x{side}"),
                points: summaries
                    .iter()
                    .filter(|s| s.bucket.side == side)
                    .filter_map(|s| value(s).map(|y| (f64::from(s.bucket.fill), y)))
                    .collect(),
            })
            .collect()
    };
    vec![
        Panel {
            title: format!("{title}: solved within the limit"),
            x_label: "fill (% of cells given)".to_string(),
            y_label: "solved (%)".to_string(),
            series: series(&|s| Some(100.0 * s.success_rate)),
            log_y: false,
            lines: true,
            y_range: Some((0.0, 100.0)),
        },
        Panel {
            title: format!("{title}: median time of the solved runs"),
            x_label: "fill (% of cells given)".to_string(),
            y_label: "seconds".to_string(),
            series: series(&|s| s.median_seconds),
            log_y: true,
            lines: true,
            y_range: None,
        },
    ]
}

/// Draws the curve of `summaries` to `path` (SVG), the two panels side by side.
pub fn draw_curve(path: &Path, summaries: &[BucketSummary], title: &str) -> Result<()> {
    panels(path, &curve_panels(summaries, title), 2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::suite::Bucket;

    fn summary(side: usize, fill: u32, rate: f64, median: Option<f64>) -> BucketSummary {
        BucketSummary {
            bucket: Bucket { side, fill },
            instances: 10,
            runs: 10,
            solved: (rate * 10.0) as usize,
            success_rate: rate,
            median_seconds: median,
            max_seconds: median,
            time_limit: 60.0,
            acs_reference: None,
        }
    }

    #[test]
    fn one_series_per_size_in_fill_order_and_no_time_where_nothing_solved() {
        let summaries = [
            summary(25, 40, 1.0, Some(0.5)),
            summary(25, 45, 0.8, Some(3.0)),
            summary(36, 45, 1.0, Some(0.7)),
            summary(36, 50, 0.0, None),
        ];
        let panels = curve_panels(&summaries, "suite");
        let rates = &panels[0].series;
        assert_eq!(rates.len(), 2);
        assert_eq!(rates[0].label, "25x25");
        assert_eq!(rates[0].points, vec![(40.0, 100.0), (45.0, 80.0)]);
        assert_eq!(rates[1].points, vec![(45.0, 100.0), (50.0, 0.0)]);
        let times = &panels[1].series;
        assert_eq!(times[1].points, vec![(45.0, 0.7)]);
        assert!(panels[1].log_y);
    }
}
