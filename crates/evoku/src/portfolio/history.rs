//! The members' best penalty per round (`evoku solve --plot` with the default solver): plain
//! data, recorded as the rounds go; the command line draws it.
//!
//! A round is kept when some member's penalty differs from the last round kept, and the last
//! round always, so a long run whose penalties stall costs no memory; between two rounds kept
//! every member's penalty is the one of the earlier round.

/// The penalties after one round.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundPenalties {
    /// Rounds run (1 after the first).
    pub round: u32,
    /// Seconds since the solve's start.
    pub seconds: f64,
    /// Per member, in member order: its best penalty so far (GA: missing digits; ACS: empty
    /// cells; exact: 0 once solved), `None` before it measured one.
    pub penalties: Vec<Option<u32>>,
}

/// The rounds of one portfolio run, with the members' names.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MemberHistory {
    /// `exact`, `aco`, `walk`, in member order.
    pub names: Vec<String>,
    pub rounds: Vec<RoundPenalties>,
}

impl MemberHistory {
    pub fn new(names: Vec<String>) -> MemberHistory {
        MemberHistory {
            names,
            rounds: Vec::new(),
        }
    }

    /// Records the penalties after round `round`: replaces the last round kept when it holds
    /// the same penalties and is not the first of its kind (the stall's last round stands for
    /// it), so that a stall keeps its first and its last round.
    pub fn record(&mut self, round: u32, seconds: f64, penalties: Vec<Option<u32>>) {
        let point = RoundPenalties {
            round,
            seconds,
            penalties,
        };
        let n = self.rounds.len();
        let stalled = |i: usize| self.rounds[i].penalties == point.penalties;
        if n >= 2 && stalled(n - 1) && stalled(n - 2) {
            self.rounds[n - 1] = point;
        } else {
            self.rounds.push(point);
        }
    }

    /// Member `index`'s line: (round, penalty) for every round kept where it had one (the
    /// round before each change is kept, so the line steps where the penalty did).
    pub fn line(&self, index: usize) -> Vec<(u32, u32)> {
        let penalty = |r: &RoundPenalties| r.penalties.get(index).copied().flatten();
        self.rounds
            .iter()
            .filter_map(|r| penalty(r).map(|p| (r.round, p)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stall_keeps_its_first_and_last_round_and_lines_step() {
        let mut history = MemberHistory::new(vec!["a".into(), "b".into()]);
        for (round, a) in [(1, 9), (2, 5), (3, 5), (4, 5), (5, 5), (6, 2)] {
            history.record(round, round as f64, vec![Some(a), None]);
        }
        let kept: Vec<u32> = history.rounds.iter().map(|r| r.round).collect();
        assert_eq!(kept, vec![1, 2, 5, 6]);
        assert_eq!(history.line(0), vec![(1, 9), (2, 5), (5, 5), (6, 2)]);
        assert!(history.line(1).is_empty());
    }
}
