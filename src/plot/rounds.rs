//! The portfolio members' best penalty per round (`evoku solve --plot` with the default solver),
//! from the history the library records ([`evoku::portfolio::MemberHistory`]).

use std::path::Path;

use evoku::error::Result;
use evoku::portfolio::MemberHistory;

use super::Series;

/// One line per member that measured a penalty: x the round, y its best penalty so far.
pub fn member_series(history: &MemberHistory) -> Vec<Series> {
    history
        .names
        .iter()
        .enumerate()
        .map(|(index, name)| Series {
            label: name.clone(),
            points: history
                .line(index)
                .into_iter()
                .map(|(round, penalty)| (round as f64, penalty as f64))
                .collect(),
        })
        .filter(|series| !series.points.is_empty())
        .collect()
}

/// Whether the history has a curve to draw: some member measured a penalty above 0 (a member
/// only ever at 0 solved the puzzle at once).
pub fn drawable(history: &MemberHistory) -> bool {
    member_series(history)
        .iter()
        .any(|s| s.points.iter().any(|p| p.1 > 0.0))
}

/// Draws the members' lines to `path` (SVG, written whole).
pub fn rounds_chart(path: &Path, title: &str, history: &MemberHistory) -> Result<()> {
    super::line_chart(
        path,
        title,
        "round",
        "best penalty so far (GA: digits missing; ACS: empty cells; 0 = solved)",
        &member_series(history),
        false,
        true,
    )
}
