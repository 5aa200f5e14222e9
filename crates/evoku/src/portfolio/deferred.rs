//! A portfolio member built on its first use, so that a run an earlier member ends pays nothing
//! for the engines it never used.

use std::time::Duration;

use super::member::{Member, MemberOutcome, MemberReport};
use crate::error::Result;

/// Builds a member, or says why the puzzle has no solution (found while preparing it).
pub type Build = Box<dyn FnOnce() -> Result<std::result::Result<Box<dyn Member>, String>> + Send>;

/// A member built on its first round: a run that an earlier member ends in round 0 (the exact
/// solver, on most puzzles) pays nothing for the engines it never used.
pub struct Deferred {
    build: Option<Build>,
    member: Option<Box<dyn Member>>,
    unsolvable: Option<String>,
    /// The report while the member has not run.
    idle: MemberReport,
}

impl Deferred {
    /// `idle` is what the report says if the member never runs.
    pub fn new(idle: MemberReport, build: Build) -> Deferred {
        Deferred {
            build: Some(build),
            member: None,
            unsolvable: None,
            idle,
        }
    }
}

impl Member for Deferred {
    fn name(&self) -> &str {
        &self.idle.name
    }

    fn prepare(&mut self) -> Result<()> {
        if let Some(build) = self.build.take() {
            match build()? {
                Ok(member) => self.member = Some(member),
                Err(why) => self.unsolvable = Some(why),
            }
        }
        Ok(())
    }

    fn round(&mut self, round: u32, time_left: Option<Duration>) -> Result<()> {
        self.prepare()?;
        match &mut self.member {
            Some(member) => member.round(round, time_left),
            None => Ok(()),
        }
    }

    fn solved(&self) -> bool {
        self.member.as_ref().is_some_and(|m| m.solved())
    }

    fn unsolvable(&self) -> Option<String> {
        self.unsolvable
            .clone()
            .or_else(|| self.member.as_ref().and_then(|m| m.unsolvable()))
    }

    fn penalty(&self) -> Option<u32> {
        self.member.as_ref().and_then(|m| m.penalty())
    }

    fn report(&self) -> MemberReport {
        match &self.member {
            Some(member) => member.report(),
            None => self.idle.clone(),
        }
    }

    fn finish(&mut self) -> Result<MemberOutcome> {
        match &mut self.member {
            Some(member) => member.finish(),
            None => Ok(MemberOutcome {
                best: None,
                solved: false,
                restarts: 0,
                evaluations: 0,
                report: self.idle.clone(),
            }),
        }
    }

    fn prepared(&self) -> bool {
        self.build.is_none()
    }
}
