//! One round of the portfolio: every member's turn, and what (if anything) ended the run in it.
//!
//! The rule is the sequential one: members take their turns in member order, and the first turn
//! that decides (a solution, a proof that there is none, a stop request, the time limit, an
//! error) ends the run; the members after it do not count in that round. When some members work
//! on a GPU device and the others on the CPU, the two groups take their turns side by side (the
//! device's on a thread of their own, each group in member order), so that a round lasts about
//! as long as the slower group rather than both. Every member's round is a function of its own
//! state only, so the first deciding turn in member order is the same either way, and with it
//! the winner, the round count and the grid: a member before it ran its whole round without
//! deciding in both. A member after it may have run its round too when it sits on the other
//! side; the round gives back the reports those members had before it ([`Round::restore`]), which
//! are the ones they end with when run one after another.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::member::{Member, MemberReport};
use crate::error::{Error, Result};

/// The time limit, counted from the solve's start (every phase is inside it).
#[derive(Clone, Copy)]
pub struct Clock {
    pub start: Instant,
    pub limit: Option<Duration>,
}

impl Clock {
    /// Time left before the limit; `None`: no limit.
    pub fn left(&self) -> Option<Duration> {
        self.limit
            .map(|limit| limit.saturating_sub(self.start.elapsed()))
    }
}

/// Why a run stopped before a member decided it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    TimeLimit,
    /// A stop request (SIGINT, SIGTERM).
    Requested,
}

/// What ended the run in a round, at the member (index in member order) whose turn it was.
#[derive(Debug)]
pub enum Decision {
    Solved,
    Unsolvable(String),
    /// Before that member's turn.
    Stopped(Stop),
}

/// The end of one round.
#[derive(Debug)]
pub struct Round {
    /// The first deciding turn in member order; `None`: every member ran its round undecided.
    pub decided: Option<(usize, Decision)>,
    /// Members after the deciding one that ran their round anyway (on the other side), each
    /// with the report it had before the round: what a run one member after another reports.
    /// Empty when a stop decided the round: a stop's outcome depends on timing anyway, and the
    /// members then report the work they did.
    pub restore: Vec<(usize, MemberReport)>,
}

/// One member's turn.
enum Turn {
    /// It ran its round without deciding.
    Ran,
    Decided(Decision),
    Failed(Error),
}

/// Runs round `round`: the members in member order on one thread, or, when `overlap` allows
/// it, the members with `on_device` set on a thread of their own beside the others when both
/// kinds are there and every device member is built (so that a member is built where a
/// sequential run builds it: on its first turn, after the turns before it).
pub fn run(
    members: &mut [Box<dyn Member>],
    on_device: &[bool],
    overlap: bool,
    round: u32,
    clock: Clock,
) -> Result<Round> {
    let overlap = overlap
        && on_device.contains(&true)
        && on_device.contains(&false)
        && members
            .iter()
            .zip(on_device)
            .all(|(member, &device)| !device || member.prepared());
    let before: Vec<MemberReport> = match overlap {
        true => members.iter().map(|m| m.report()).collect(),
        false => Vec::new(),
    };
    let decided = AtomicUsize::new(usize::MAX);
    let mut turns: Vec<Option<Turn>> = members.iter().map(|_| None).collect();
    let mut taken = Vec::new();
    if overlap {
        let (device, cpu): (Vec<_>, Vec<_>) = members
            .iter_mut()
            .enumerate()
            .partition(|(index, _)| on_device[*index]);
        std::thread::scope(|scope| {
            let device = scope.spawn(|| take_turns(device, round, clock, &decided));
            taken = take_turns(cpu, round, clock, &decided);
            match device.join() {
                Ok(device) => taken.extend(device),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        });
    } else {
        taken = take_turns(
            members.iter_mut().enumerate().collect(),
            round,
            clock,
            &decided,
        );
    }
    for (index, turn) in taken {
        turns[index] = Some(turn);
    }
    let Some(first) = turns.iter().position(|t| !matches!(t, Some(Turn::Ran))) else {
        return Ok(Round {
            decided: None,
            restore: Vec::new(),
        });
    };
    let decision = match turns[first].take() {
        Some(Turn::Decided(decision)) => decision,
        Some(Turn::Failed(error)) => return Err(error),
        // A group skips a member only after a deciding turn earlier in member order.
        Some(Turn::Ran) | None => {
            return Err(Error::Internal(format!(
                "portfolio member {first} skipped round {round} before any member decided it"
            )))
        }
    };
    let restore = match decision {
        Decision::Stopped(_) => Vec::new(),
        Decision::Solved | Decision::Unsolvable(_) => (first + 1..members.len())
            .filter(|&index| turns[index].is_some())
            .map(|index| (index, before[index].clone()))
            .collect(),
    };
    Ok(Round {
        decided: Some((first, decision)),
        restore,
    })
}

/// One group's turns, in member order: up to its first deciding turn, or until a deciding turn
/// earlier in member order (in `decided`, the least index so far) makes the rest not count.
fn take_turns(
    group: Vec<(usize, &mut Box<dyn Member>)>,
    round: u32,
    clock: Clock,
    decided: &AtomicUsize,
) -> Vec<(usize, Turn)> {
    let mut turns = Vec::new();
    for (index, member) in group {
        if decided.load(Ordering::Relaxed) < index {
            break;
        }
        let turn = take_turn(member.as_mut(), round, clock);
        let decides = !matches!(turn, Turn::Ran);
        turns.push((index, turn));
        if decides {
            decided.fetch_min(index, Ordering::Relaxed);
            break;
        }
    }
    turns
}

/// A member's turn: its round unless a stop came first, and what it came to.
fn take_turn(member: &mut dyn Member, round: u32, clock: Clock) -> Turn {
    if crate::stop::requested() {
        return Turn::Decided(Decision::Stopped(Stop::Requested));
    }
    let time_left = clock.left();
    if time_left.is_some_and(|t| t.is_zero()) {
        return Turn::Decided(Decision::Stopped(Stop::TimeLimit));
    }
    if let Err(error) = member.round(round, time_left) {
        return Turn::Failed(error);
    }
    if let Some(why) = member.unsolvable() {
        return Turn::Decided(Decision::Unsolvable(why));
    }
    match member.solved() {
        true => Turn::Decided(Decision::Solved),
        false => Turn::Ran,
    }
}
