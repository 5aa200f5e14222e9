//! When the CDCL search restarts (goes back to decision level 0, keeping what it learned).

/// Restart policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Restarts {
    /// Restart `i` (1-based) after `luby(i) * unit` conflicts (MiniSat 2.2 uses unit 100).
    Luby { unit: u64 },
    /// Glucose-style, as CaDiCaL does it: restart when the recent learned clauses' LBD (a fast
    /// moving average) exceeds the long-run average (a slow one) by a margin, at least two
    /// conflicts after the last restart.
    Glucose,
    /// Never.
    Never,
}

/// Smoothing of the fast and slow LBD averages, and the margin (CaDiCaL's defaults).
const FAST: f64 = 0.03;
const SLOW: f64 = 1e-5;
const MARGIN: f64 = 1.1;
/// Conflicts between Glucose-style restarts, at least.
const MIN_INTERVAL: u64 = 2;

/// An exponential moving average with bias correction (the first values count in full).
#[derive(Clone, Copy, Debug)]
struct Ema {
    alpha: f64,
    biased: f64,
    /// `(1 - alpha)^updates`.
    decay: f64,
}

impl Ema {
    fn new(alpha: f64) -> Ema {
        Ema {
            alpha,
            biased: 0.0,
            decay: 1.0,
        }
    }

    fn update(&mut self, x: f64) {
        self.biased += self.alpha * (x - self.biased);
        self.decay *= 1.0 - self.alpha;
    }

    fn value(&self) -> f64 {
        if self.decay >= 1.0 {
            0.0
        } else {
            self.biased / (1.0 - self.decay)
        }
    }
}

#[derive(Clone, Debug)]
pub(super) struct RestartState {
    policy: Restarts,
    since: u64,
    restarts: u64,
    /// Luby: the conflicts the current restart interval lasts (`luby(restarts + 1) * unit`).
    luby_limit: u64,
    fast: Ema,
    slow: Ema,
}

impl RestartState {
    pub(super) fn new(policy: &Restarts) -> RestartState {
        RestartState {
            policy: *policy,
            since: 0,
            restarts: 0,
            luby_limit: luby_limit(policy, 0),
            fast: Ema::new(FAST),
            slow: Ema::new(SLOW),
        }
    }

    pub(super) fn conflict(&mut self, lbd: u32) {
        self.since += 1;
        self.fast.update(f64::from(lbd));
        self.slow.update(f64::from(lbd));
    }

    pub(super) fn due(&self) -> bool {
        match self.policy {
            Restarts::Luby { .. } => self.since >= self.luby_limit,
            Restarts::Glucose => {
                self.since >= MIN_INTERVAL && self.fast.value() > MARGIN * self.slow.value()
            }
            Restarts::Never => false,
        }
    }

    pub(super) fn restarted(&mut self) {
        self.since = 0;
        self.restarts += 1;
        self.luby_limit = luby_limit(&self.policy, self.restarts);
    }
}

/// The length of Luby interval `restarts + 1` (0 for other policies), computed once per restart
/// rather than at every decision.
fn luby_limit(policy: &Restarts, restarts: u64) -> u64 {
    match *policy {
        Restarts::Luby { unit } => luby(restarts + 1) * unit.max(1),
        _ => 0,
    }
}

/// The Luby sequence, 1-based: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ... (`luby(0)` is
/// taken as `luby(1)`). Its partial sums stay within a log factor of any fixed cutoff's cost.
pub fn luby(i: u64) -> u64 {
    let mut i = i.max(1);
    loop {
        // The smallest k with 2^k - 1 >= i.
        let k = 64 - i.leading_zeros() as u64;
        if (1u64 << k) - 1 == i {
            return 1u64 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}
