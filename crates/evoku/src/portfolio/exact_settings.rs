//! The settings of the portfolio's exact member on large boards ([`super::restarts`]): how many
//! streams, which of them are CDCL searches and with what settings, their work per round and the
//! clauses they share. Each choice names the measurement behind it.

use crate::exact::cdcl::{Branching, Config, ShareLimits, SolverConfig, Walk};

/// The default's independent streams (each a search at a time on its own thread when there are
/// two; `--exact-streams` sets another number, [`ExactSettings::with_streams`]), and the most
/// `--exact-streams` takes: defined with the options that set them.
pub use crate::plan::{EXACT_STREAMS, MAX_EXACT_STREAMS};
/// Luby unit of each stream's searches, in nodes (the best measured at 36x36: docs/results/large-boards.md#large-boards).
pub const EXACT_RESTART_UNIT: u64 = 1_000;
/// Search nodes per cell each stream spends per round, on average: at 36x36 about 15,400 nodes,
/// nine tenths of the round's time on the shared 2-core machine, where a fifth of it (5,000,000)
/// gave seven tenths (docs/results/large-boards.md#large-boards, "Large boards").
pub const EXACT_LARGE_NODES_PER_ROUND: u64 = 20_000_000;

/// Whether each stream's searches are solution-guided ([`crate::exact::Solver::set_guided`]).
pub const EXACT_GUIDED: bool = true;

/// Whether each stream's searches, when it is a tree stream ([`EXACT_CDCL`]), branch by
/// conflict-directed weights (dom/wdeg, [`crate::exact::Solver::set_wdeg`]), kept across the stream's
/// restarts: stream 0 would, stream 1 not (streams past these two alternate the same way). Before the CDCL, at 36x36 50 % two weighted streams solved 3 of 10
/// and two unweighted 3 of 10, not the same three; one of each solved 4, and 9 of 10 at 45 % as
/// both others (docs/results/large-boards.md#large-boards, "Large boards").
pub const EXACT_WDEG: [bool; EXACT_STREAMS as usize] = [true, false];

pub use super::member::RESTARTS_FROM_BOX;

/// Whether each stream is the CDCL search ([`crate::exact::cdcl`]) instead of restarted tree
/// searches: both are, with their own keys. Alone, under a conflict budget, the CDCL solves all
/// ten 36x36 at 45 % (45_6, 29 s for the two tree streams, in 89 thousand conflicts, 3.6 s on
/// one core) and six of ten at 50 % in a million conflicts, where the two tree streams solve
/// four in 60 s. In the default on an idle machine, two CDCL streams against a tree stream and a
/// CDCL one: 36x36 45 % 10/10 both (median 1.9 s against 2.7 s, slowest 4.7 s against 10.1 s),
/// 50 % 6/10 against 5/10, 40 % 10/10 both (docs/results/exact-and-cdcl.md#a-cdcl-stream-in-the-exact-member-issue-13, "A CDCL stream in the exact
/// member").
pub const EXACT_CDCL: [bool; EXACT_STREAMS as usize] = [true, true];

/// Largest box size at which stream 1 walks ([`exact_cdcl_config`]): 36x36. At 49x49 a walk
/// over the encoding's clauses costs about three times the search it interrupts (one stream,
/// 60,000 conflicts of 49x49 45_0: 2.1 s without walks, 8.2 s with them, 11 M flips at 1.8 M
/// per second against 10 M per second at 36x36, where the walks add 7 %), and the mixed member
/// took 49x49 40 % from a median of 5.3 s to 25.6 s (docs/results/exact-and-cdcl.md#walks-at-36x36-only-and-the-acs-and-the-walk-every-fourth-round-2026-11-25, "Walks at 36x36 only,
/// and the ACS and the walk every fourth round").
pub const EXACT_WALK_MAX_BOX: usize = 6;

/// Each CDCL stream's settings on boards of box size `box_size` (the table of the member's
/// mix; a stream's key is its index; streams past the first two alternate their settings,
/// even ones as stream 0, odd ones as stream 1). Stream 0 takes [`Config::default`] with reason-side
/// bumping only from [`EXACT_BUMP_REASONS_FROM_BOX`] and CHB branching up to its entry of
/// [`EXACT_CHB_MAX_BOX`] (64x64; stream 1's: 36x36), stream 1 the same plus the
/// local-search phases ([`Walk::SCREENED`]) up to [`EXACT_WALK_MAX_BOX`]. Of the mixes screened
/// at 36x36 (walks, vivification, tiers, random decisions or decay 0.99 on one stream or two,
/// longer shared clauses) only this one reached any of 36x36 50_3, 4, 6, 8 within the 100
/// rounds of a 60 s run: 50_4 in 82 rounds and 50_6 in 72 (seed 1), keeping every instance the
/// default solved (50_9 in 68 rounds against 20, the 45 % ten in 32 rounds together against 53;
/// docs/results/exact-and-cdcl.md#a-mixed-portfolio-of-cdcl-streams-issue-13-mix-branch, "A mixed portfolio of CDCL streams").
pub fn exact_cdcl_config(stream: u32, box_size: usize) -> Config {
    let chb_max_box = EXACT_CHB_MAX_BOX[(stream % EXACT_STREAMS) as usize];
    let base = Config::from(SolverConfig {
        bump_reasons: box_size >= EXACT_BUMP_REASONS_FROM_BOX,
        branching: if box_size <= chb_max_box {
            Branching::Chb
        } else {
            Branching::Evsids
        },
        ..SolverConfig::default()
    });
    match stream % EXACT_STREAMS {
        1 if box_size <= EXACT_WALK_MAX_BOX => Config::from(SolverConfig {
            walk: Walk::SCREENED,
            ..base.solver
        }),
        _ => base,
    }
}

/// Box size from which both CDCL streams bump the reasons' variables
/// (`bump_reasons` of [`evoku_sat::Config`]): 49x49. There it took the default from 7 of 10 49x49 45 %
/// instances in 120 s to 10 of 10 (seeds 1 and 2); at 36x36 the mix with it solved 6 and 5 of
/// ten 50 % instances (seeds 1 and 2) against 8 and 6 without, so 36x36 keeps the mix as it was
/// (docs/results/exact-and-cdcl.md#cadical-beside-the-exact-member-and-reason-side-bumping-2026-11-25, "CaDiCaL beside the exact member, and reason-side bumping").
pub const EXACT_BUMP_REASONS_FROM_BOX: usize = 7;

/// Per stream, the largest box size at which it branches by conflict history (CHB,
/// `branching` of [`evoku_sat::Config`]) instead of EVSIDS: both streams at 36x36, stream 0
/// alone at 49x49 and 64x64 (streams past the first two alternate, as their other settings do).
///
/// At 36x36 50 %, the member with CHB on both streams solved 7, 9, 8, 7 and 7 of ten within
/// 100 rounds for seeds 1-5 (every one of the four instances EVSIDS leaves open for most keys,
/// for some seed), and the 60 s suite 7, 9, 7, 6 and 6 where with EVSIDS it solved 8, 6, 6, 7
/// and 5 (rerun the same day: 7 with seed 1, 5 with seed 4). At 49x49 (seed 1, 200 rounds) the
/// mix of a CHB stream and an EVSIDS stream solved the ten 45 % instances (at most 136
/// rounds) as CHB on both did (at most 130) where EVSIDS on both left two open, and the ten
/// 40 % in 43 rounds together (at most 8) against 130 for CHB on both (at most 59) and 56 for
/// EVSIDS (docs/results/hardness.md#ideas-tried-on-the-peaks, "Conflict-history-based
/// branching", "CHB at 49x49"). At 64x64 40 % (three instances, seed 1) the mix took 296
/// rounds together against 430 for EVSIDS on both and 330 for CHB on both, and the timed
/// suite's median from 50.0 s to 23.6 s (3/3 both).
pub const EXACT_CHB_MAX_BOX: [usize; EXACT_STREAMS as usize] = [8, 6];

/// Conflicts per cell a CDCL stream spends per round, on average: at 36x36 about 6,200
/// conflicts, 0.3-0.5 s on the shared 2-core machine, about what a tree stream spends on its
/// nodes (some 40,000 nodes per second there, 20,000-25,000 conflicts per second at 45 % and
/// 12,000-16,000 at 50 %), so a round lasts as long as with two tree streams.
pub const EXACT_CDCL_CONFLICTS_PER_ROUND: u64 = 8_000_000;

/// Whether the CDCL streams pass each other the short clauses they learned, between rounds
/// ([`crate::exact::cdcl::Shared`]), and which ([`ShareLimits`]; `None`: no sharing): each
/// stream's clauses of a round go to the others before the next, so the run does not depend on
/// which stream finishes a round first.
pub const EXACT_CDCL_SHARE: Option<ShareLimits> = Some(ShareLimits::DEFAULT);

/// The member's settings: each stream's engine and the clauses its CDCL streams share. The
/// portfolio's are [`ExactSettings::for_box`] ([`EXACT_CDCL`], [`exact_cdcl_config`],
/// [`EXACT_CDCL_SHARE`]); the others are for screening mixes and for the tests that run every
/// engine.
#[derive(Clone, Debug, PartialEq)]
pub struct ExactSettings {
    /// Per stream: the CDCL with these settings, or (`None`) restarted tree searches.
    pub streams: Vec<Option<Config>>,
    /// What the CDCL streams share between rounds; `None`: nothing.
    pub share: Option<ShareLimits>,
    /// Conflicts each CDCL stream spends per round, times the board's cells
    /// ([`EXACT_CDCL_CONFLICTS_PER_ROUND`]).
    pub conflicts_per_round: u64,
}

impl ExactSettings {
    /// The portfolio's settings on boards of box size `box_size`: [`EXACT_STREAMS`] streams.
    pub fn for_box(box_size: usize) -> ExactSettings {
        ExactSettings::with_streams(box_size, EXACT_STREAMS)
    }

    /// The portfolio's settings with `streams` streams (at least one), past the default's two
    /// alternating theirs ([`exact_cdcl_config`], [`EXACT_CDCL`]), each with its own key.
    pub fn with_streams(box_size: usize, streams: u32) -> ExactSettings {
        ExactSettings {
            streams: (0..streams.max(1))
                .map(|s| {
                    EXACT_CDCL[(s % EXACT_STREAMS) as usize].then(|| exact_cdcl_config(s, box_size))
                })
                .collect(),
            share: EXACT_CDCL_SHARE,
            conflicts_per_round: EXACT_CDCL_CONFLICTS_PER_ROUND,
        }
    }
}
