//! The next puzzle for a player: at the level their history calls for ([`super::level`]), taken
//! from the generator's store when it holds one, else made by the generator (`evoku generate`'s
//! library), never one the player has already played.

use serde::Serialize;

use super::level::{player_level, PlayerLevel};
use super::profile::Profile;
use super::PlayError;
use evoku::board::Geometry;
use evoku::generate::{generate, recheck, GenerateOptions, Generator, PuzzleRecord, Store};

/// Fresh puzzles tried when generated ones turn out to be already played.
const FRESH_TRIES: u64 = 16;

/// The puzzle served and why.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Served {
    pub player: PlayerLevel,
    pub record: PuzzleRecord,
    /// `store` or `generated`.
    pub source: &'static str,
}

/// The next `geometry` puzzle for the player of `profile`. Puzzles are numbered by the games in
/// the profile, so the same profile and seed give the same puzzle. A `store` is read first and
/// gets the generator's by-products of other levels (the caller saves it).
pub fn next_puzzle(
    profile: &Profile,
    geometry: Geometry,
    seed: u64,
    max_attempts: u32,
    mut store: Option<&mut Store>,
) -> Result<Served, PlayError> {
    let player = player_level(&profile.games);
    let played = |puzzle: &str| profile.games.iter().any(|g| g.puzzle == puzzle);
    let mut options = GenerateOptions::new(geometry, player.next, seed);
    options.max_attempts = max_attempts.max(1);
    let side = geometry.side();
    if let Some(store) = store.as_deref_mut() {
        let mut checker = Generator::new(geometry);
        let candidates = store.take(side, player.next, false, store.len());
        let mut served = None;
        for record in candidates {
            if served.is_some() || played(&record.puzzle) {
                store.add(record);
                continue;
            }
            match recheck(&mut checker, &record, options.proof_nodes) {
                Some(g) if g.rating.level == player.next => {
                    let mut fresh = PuzzleRecord::new(&g, seed);
                    (fresh.seed, fresh.index) = (None, None);
                    served = Some(fresh);
                }
                // Not proven unique or no longer at its level: dropped, as `generate` does.
                _ => {}
            }
        }
        if let Some(record) = served {
            return Ok(Served {
                player,
                record,
                source: "store",
            });
        }
    }
    let first = profile.games.len() as u64;
    for index in first..first + FRESH_TRIES {
        let outcome = generate(&options, index..index + 1, &|_| {})
            .pop()
            .ok_or_else(|| PlayError::Serve("the generator returned nothing".into()))?;
        if let Some(store) = store.as_deref_mut() {
            for b in &outcome.byproducts {
                store.add(PuzzleRecord::new(b, seed));
            }
        }
        let Some(g) = outcome.puzzle else {
            if outcome.stopped {
                return Err(PlayError::Serve(
                    "stopped by a signal before a puzzle was made".into(),
                ));
            }
            return Err(PlayError::Serve(format!(
                "no {} puzzle reached level {} within {} grids; try another --size or a larger \
                 --max-attempts",
                geometry.name(),
                player.next,
                options.max_attempts
            )));
        };
        let record = PuzzleRecord::new(&g, seed);
        if !played(&record.puzzle) {
            return Ok(Served {
                player,
                record,
                source: "generated",
            });
        }
    }
    Err(PlayError::Serve(format!(
        "the generator made only puzzles already played (seed {seed}); try another --seed"
    )))
}
