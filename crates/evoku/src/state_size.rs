//! The cap on an engine's search state, shared by the GA and the ACS.

use crate::error::Result;

/// Most bytes of search state (one byte per cell of every individual or ant) an engine may ask
/// for: beyond it a run would fail to allocate (an abort, not an error) or swap for hours.
pub const MAX_STATE_BYTES: u64 = 1 << 32;

/// Refuses `members` boards of `cells` cells when they exceed [`MAX_STATE_BYTES`], naming the
/// options that set `members`.
pub(crate) fn check_state_size(
    what: &str,
    options: &str,
    members: u64,
    cells: usize,
) -> Result<()> {
    let bytes = members.saturating_mul(cells as u64);
    if bytes > MAX_STATE_BYTES {
        return Err(crate::error::Error::Config(format!(
            "{what} of {members} boards of {cells} cells need {:.1} GiB, more than the {} GiB \
             evoku allows: lower {options}",
            bytes as f64 / (1u64 << 30) as f64,
            MAX_STATE_BYTES >> 30
        )));
    }
    Ok(())
}
