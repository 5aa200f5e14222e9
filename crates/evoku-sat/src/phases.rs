//! Phase management and mode switching (CaDiCaL's and Kissat's): the best assignment met,
//! rephasing on a conflict schedule, focused / stable modes, the EVSIDS decay ramp and random
//! decisions.
//!
//! Rephasing overwrites the saved phases at points of a conflict schedule with, by turns, the
//! first phases ([`super::Phase`]), their inverse, or the best ones: the values of the longest
//! conflict-free trail since the last rephase. Focused mode restarts Glucose-style and decides by
//! the saved phases; stable mode restarts by the configured policy and, with
//! [`super::Config::target`], by the target phases. Every schedule counts conflicts or
//! propagations, so a run stays a pure function of puzzle, settings and seed.

use super::clauses::{not, pos, var, Lit};
use super::restart::{RestartState, Restarts};
use super::Solver;
use crate::rng;

/// How the gaps between rephases grow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Growth {
    /// Every `interval` conflicts.
    Constant,
    /// The k-th gap is `k * interval` (CaDiCaL).
    Arithmetic,
    /// The k-th gap is `2^(k-1) * interval`.
    Geometric,
}

/// The phases a rephase writes, in turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cycle {
    /// CaDiCaL's without its walk: original, inverted, then (best, original, best, inverted)
    /// repeated.
    Cadical,
    /// Best every time.
    Best,
    /// Original, then (best, original) repeated.
    BestOriginal,
}

/// When and how the saved phases are overwritten.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rephase {
    /// Conflicts before the first rephase; 0: never rephase.
    pub interval: u64,
    pub growth: Growth,
    pub cycle: Cycle,
}

impl Rephase {
    pub const OFF: Rephase = Rephase {
        interval: 0,
        growth: Growth::Arithmetic,
        cycle: Cycle::Cadical,
    };
}

/// When the target phases are sought afresh.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetReset {
    /// At each removal of learned clauses.
    Reduce,
    /// At each rephase (never when rephasing is off).
    Rephase,
}

/// Search modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Modes {
    /// Stable mode only: the configured restarts and target phases.
    Stable,
    /// Focused mode first (Glucose-style restarts, no target phases) for `first` conflicts, then
    /// stable for as many propagations as that took, then each mode `growth` times as long as
    /// its previous turn (Kissat: 1,000 conflicts first; its growth is in ticks).
    Alternate { first: u64, growth: u64 },
}

/// Glucose's EVSIDS decay ramp: +0.01 every this many conflicts up to [`super::Config::decay`].
const RAMP_STEP: u64 = 5_000;

/// Stream key of the random decisions' draws (the initial draws use sub-stream 0).
const RANDOM_DECISIONS: u32 = 1;

/// The state of all of the above.
#[derive(Clone, Debug)]
pub(super) struct PhaseState {
    /// The first phases (the configured [`super::Phase`]), kept for rephasing.
    original: Vec<bool>,
    /// Best phase per variable (1 positive, -1 negative, 0 none) and the length of the
    /// assignment it was taken from.
    best: Vec<i8>,
    best_len: usize,
    next_rephase: u64,
    /// Whether the search is in stable mode.
    pub stable: bool,
    /// The other mode's restart policy state, swapped in at each switch.
    other_restart: RestartState,
    /// The next switch: conflicts while the first focused turn lasts, then propagations.
    next_switch: u64,
    /// Propagations the first focused turn took, the unit of the later turns.
    turn: u64,
    /// The share of random decisions in 1/65536 ([`super::Config::random_decisions`]).
    random_q16: u32,
    draws: rng::Rng,
}

impl PhaseState {
    pub(super) fn new(config: &super::Config, original: Vec<bool>, seed: u64, stream: u32) -> Self {
        let (stable, other, next_switch) = match config.modes {
            Modes::Stable => (true, Restarts::Never, u64::MAX),
            Modes::Alternate { first, .. } => (false, config.restarts, first.max(1)),
        };
        let vars = original.len();
        PhaseState {
            original,
            best: vec![0; if config.rephase.interval > 0 { vars } else { 0 }],
            best_len: 0,
            next_rephase: match config.rephase.interval {
                0 => u64::MAX,
                i => i,
            },
            stable,
            other_restart: RestartState::new(&other),
            next_switch,
            turn: 0,
            random_q16: rng::rate_q16(config.random_decisions),
            draws: rng::Rng::new(rng::stream_key(
                seed,
                super::CDCL_STREAM,
                RANDOM_DECISIONS,
                stream,
            )),
        }
    }
}

/// The restart policy the search starts with: Glucose-style when it starts focused.
pub(super) fn first_restarts(config: &super::Config) -> Restarts {
    match config.modes {
        Modes::Stable => config.restarts,
        Modes::Alternate { .. } => Restarts::Glucose,
    }
}

impl Solver {
    /// At a conflict, before the backjump: the assignment before the last decision is
    /// conflict-free; when it is the longest yet it becomes the target (stable mode) or best.
    pub(super) fn update_phases(&mut self) {
        let consistent = *self.trail_lim.last().expect("a conflict above level 0");
        if self.config.target && self.phases.stable && consistent > self.target_len {
            self.target_len = consistent;
            copy_values(&self.trail[..consistent], &mut self.target);
        }
        let p = &mut self.phases;
        if !p.best.is_empty() && consistent > p.best_len {
            p.best_len = consistent;
            copy_values(&self.trail[..consistent], &mut p.best);
        }
    }

    /// The decay of this conflict: the configured one, or Glucose's ramp up to it.
    pub(super) fn decay(&self) -> f64 {
        match self.config.decay_ramp {
            None => self.config.decay,
            Some(start) => {
                let steps = (self.stats.conflicts / RAMP_STEP) as f64;
                (start + 0.01 * steps).min(self.config.decay)
            }
        }
    }

    /// Whether a rephase or a mode switch is due (checked where a restart could happen).
    pub(super) fn phases_due(&self) -> bool {
        let p = &self.phases;
        self.stats.conflicts >= p.next_rephase
            || match (self.stats.mode_switches, self.config.modes) {
                (_, Modes::Stable) => false,
                (0, _) => self.stats.conflicts >= p.next_switch,
                _ => self.stats.propagations >= p.next_switch,
            }
    }

    /// Back to level 0, then the due rephase and mode switch.
    pub(super) fn rephase_or_switch(&mut self) {
        self.backtrack(0);
        if self.stats.conflicts >= self.phases.next_rephase {
            self.rephase();
        }
        if let Modes::Alternate { growth, .. } = self.config.modes {
            let p = &mut self.phases;
            let switch = match self.stats.mode_switches {
                0 => self.stats.conflicts >= p.next_switch,
                _ => self.stats.propagations >= p.next_switch,
            };
            if switch {
                if self.stats.mode_switches == 0 {
                    p.turn = self.stats.propagations.max(1);
                }
                self.stats.mode_switches += 1;
                p.stable = !p.stable;
                // The first stable turn lasts one unit; each later turn `growth` times the
                // same mode's previous one (the focused turn and the stable one after it match).
                let length = p.turn.saturating_mul(
                    growth
                        .max(1)
                        .saturating_pow((self.stats.mode_switches / 2) as u32),
                );
                p.next_switch = self.stats.propagations.saturating_add(length);
                std::mem::swap(&mut self.restart, &mut p.other_restart);
                // A stable turn seeks its target afresh.
                self.target.fill(0);
                self.target_len = 0;
            }
        }
    }

    /// Overwrites the saved phases with the next of the cycle; seeks the target and best afresh.
    fn rephase(&mut self) {
        let r = self.config.rephase;
        let p = &mut self.phases;
        self.stats.rephases += 1;
        let k = self.stats.rephases;
        let kind = match r.cycle {
            Cycle::Cadical if k <= 2 => [b'O', b'I'][k as usize - 1],
            Cycle::Cadical => b"BOBI"[((k - 3) % 4) as usize],
            Cycle::Best => b'B',
            Cycle::BestOriginal if k == 1 => b'O',
            Cycle::BestOriginal => b"BO"[((k - 2) % 2) as usize],
        };
        for (v, phase) in self.phase.iter_mut().enumerate() {
            match kind {
                b'O' => *phase = p.original[v],
                b'I' => *phase = !p.original[v],
                _ if p.best[v] != 0 => *phase = p.best[v] > 0,
                _ => {}
            }
        }
        p.best_len = 0;
        let gap = match r.growth {
            Growth::Constant => r.interval,
            Growth::Arithmetic => r.interval.saturating_mul(k + 1),
            Growth::Geometric => r.interval.saturating_mul(1u64 << k.min(40)),
        };
        p.next_rephase = self.stats.conflicts.saturating_add(gap);
        if self.config.target_reset == TargetReset::Rephase {
            self.target.fill(0);
            self.target_len = 0;
        }
    }

    /// With the configured frequency, an unassigned variable drawn at random (MiniSat's random
    /// decisions); `None` otherwise.
    pub(super) fn random_decision(&mut self) -> Option<usize> {
        let q16 = self.phases.random_q16;
        if q16 == 0 || self.heap.is_empty() || !self.phases.draws.chance(q16) {
            return None;
        }
        let at = self.phases.draws.below(self.heap.len() as u32);
        let v = self.heap.nth(at as usize) as usize;
        (self.value[pos(v) as usize] == 0).then_some(v)
    }

    /// The literal a decision on `v` takes: its target phase in stable mode, else its saved one.
    pub(super) fn decision_lit(&self, v: usize) -> Lit {
        let positive = match self.target[v] {
            t if t != 0 && self.phases.stable => t > 0,
            _ => self.phase[v],
        };
        if positive {
            pos(v)
        } else {
            not(pos(v))
        }
    }
}

fn copy_values(trail: &[Lit], into: &mut [i8]) {
    for &lit in trail {
        into[var(lit)] = if lit == pos(var(lit)) { 1 } else { -1 };
    }
}
