//! The decision order's own state beside the activities and the heap: none for EVSIDS, CHB's
//! (`chb.rs`) or LRB's (`lrb.rs`); one per search, after [`crate::Config::branching`].

use super::analyze::bump;
use super::chb::Chb;
use super::heap::VarHeap;
use super::lrb::Lrb;
use super::Branching;

#[derive(Clone, Debug)]
pub(crate) enum Scores {
    Evsids,
    Chb(Chb),
    Lrb(Lrb),
}

impl Scores {
    pub(crate) fn new(branching: Branching, vars: usize) -> Scores {
        match branching {
            Branching::Evsids => Scores::Evsids,
            Branching::Chb => Scores::Chb(Chb::new(vars)),
            Branching::Lrb => Scores::Lrb(Lrb::new(vars)),
        }
    }

    /// `v` was met by the analysis of conflict number `conflicts`: EVSIDS bumps it, CHB and LRB
    /// note it for their next rewards.
    #[inline(always)]
    pub(crate) fn met(
        &mut self,
        v: usize,
        conflicts: u64,
        activity: &mut [f64],
        var_inc: &mut f64,
        heap: &mut VarHeap,
    ) {
        match self {
            Scores::Evsids => bump(activity, var_inc, heap, v),
            Scores::Chb(chb) => chb.seen(v, conflicts),
            Scores::Lrb(lrb) => lrb.seen(v),
        }
    }
}

/// The step size of CHB's and LRB's recency-weighted averages: 0.4, lowered by 1e-6 a
/// conflict down to 0.06.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StepSize(f64);

impl StepSize {
    pub(crate) const START: StepSize = StepSize(0.4);

    pub(crate) fn get(self) -> f64 {
        self.0
    }

    pub(crate) fn after_conflict(&mut self) {
        self.0 = (self.0 - 1e-6).max(0.06);
    }
}
