//! Tests: the portfolio's large-board exact member ([`RestartsMember`]) with other settings than
//! the default's: tree streams beside CDCL ones, CDCL streams of different settings, other
//! sharing limits. Each must stay a pure function of the puzzle, settings and seed.

use evoku::exact::cdcl::{Branching, Config, ShareLimits, SolverConfig, Walk};
use evoku::portfolio::member::Member;
use evoku::portfolio::restarts::{
    ExactSettings, RestartsMember, EXACT_BUMP_REASONS_FROM_BOX, EXACT_CHB_MAX_BOX, EXACT_STREAMS,
    EXACT_WALK_MAX_BOX,
};

use super::*;

fn large(file: &str) -> Grid {
    lloyd_amos(&util::repo("puzzles/large").join(file))
}

/// Rounds until solved (at most `rounds`), work, work per round, the solution.
fn member_run(member: &mut RestartsMember, rounds: u32) -> (u32, u64, u64, Option<Grid>) {
    let mut round = 0;
    while round < rounds && !member.solved() {
        member.round(round, None).unwrap();
        round += 1;
    }
    let report = member.report();
    let best = member.finish().unwrap().best;
    (round, report.work, report.work_per_round, best)
}

#[test]
fn every_mix_of_tree_and_cdcl_streams_runs_the_same_whatever_the_thread_count() {
    // The default's streams are one engine kind; the other mixes (kept to measure them against
    // it, docs/results/exact-and-cdcl.md#a-cdcl-stream-in-the-exact-member-issue-13 "A CDCL stream in the exact member") must stay pure functions of the
    // puzzle and seed too, with each kind's work per round.
    let puzzle = large("inst36x36_50_0.txt");
    for cdcl in [[false, true], [true, false], [false, false]] {
        assert_eq!(cdcl.len(), EXACT_STREAMS as usize);
        let run = |threads: usize| {
            let mut member = RestartsMember::with_cdcl(&puzzle, 7, Some(threads), &cdcl);
            member_run(&mut member, 3)
        };
        let first = run(2);
        assert!(first.1 > 0, "{cdcl:?}: no work done");
        assert_eq!(first, run(1), "{cdcl:?}: one thread, same run");
        assert_eq!(first, run(3), "{cdcl:?}: three threads, same run");
    }
}

#[test]
fn a_mixed_cdcl_member_sharing_clauses_solves_and_repeats_itself_at_any_thread_count() {
    // Two CDCL streams of different settings (walks on one, tiers and vivification on the
    // other) passing each other longer clauses than the default's: a mix as the screen of
    // docs/results/exact-and-cdcl.md#a-mixed-portfolio-of-cdcl-streams-issue-13-mix-branch ("A mixed portfolio of CDCL streams") runs.
    // 50_0 takes this mix two rounds: the streams trade clauses once before it is solved.
    let puzzle = large("inst36x36_50_0.txt");
    let mixed = ExactSettings {
        streams: vec![
            Some(Config::from(SolverConfig {
                walk: Walk::SCREENED,
                ..SolverConfig::default()
            })),
            Some(Config::from(SolverConfig {
                tiers: true,
                vivify: 10,
                ..SolverConfig::default()
            })),
        ],
        share: Some(ShareLimits {
            max_lbd: 4,
            max_len: 16,
        }),
        ..ExactSettings::for_box(6)
    };
    assert_ne!(mixed, ExactSettings::for_box(6));
    let run = |settings: &ExactSettings, threads: usize| {
        let mut member = RestartsMember::with_settings(&puzzle, 1, Some(threads), settings);
        member_run(&mut member, 30)
    };
    let first = run(&mixed, 2);
    let solution = first
        .3
        .as_ref()
        .unwrap_or_else(|| panic!("open: {first:?}"));
    assert!(
        solution.solves(&puzzle),
        "a grid that does not solve the puzzle"
    );
    assert_eq!(first, run(&mixed, 1), "one thread, same run");
    assert_eq!(first, run(&mixed, 3), "three threads, same run");
    // The settings reach the streams: the default member takes another path.
    let default = run(&ExactSettings::for_box(6), 2);
    assert_ne!(
        (first.0, first.1),
        (default.0, default.1),
        "{first:?} {default:?}"
    );
    eprintln!(
        "mixed {:?} default {:?}",
        (first.0, first.1),
        (default.0, default.1)
    );
}

#[test]
fn the_default_members_second_stream_walks_at_36x36_and_not_past_it() {
    let walk = |box_size: usize| {
        ExactSettings::for_box(box_size).streams[1]
            .as_ref()
            .map(|config| config.walk)
    };
    assert_eq!(walk(EXACT_WALK_MAX_BOX), Some(Walk::SCREENED));
    assert_eq!(walk(6), Some(Walk::SCREENED));
    for box_size in 7..=8 {
        assert_eq!(walk(box_size), Some(Walk::OFF), "box {box_size}");
    }
    // Stream 0 never walks.
    let first = ExactSettings::for_box(6).streams[0].clone();
    assert_eq!(first.map(|config| config.walk), Some(Walk::OFF));
}

/// Reason bumping from 49x49 on every stream of the default; CHB branching at 36x36 on every
/// stream and at 49x49 and 64x64 on the even ones (stream 0 of the default's two; with more
/// streams, every other one).
#[test]
fn the_default_members_streams_bump_reasons_from_49x49_and_branch_by_chb_to_36x36_or_64x64() {
    for box_size in 6..=8 {
        assert_eq!(
            ExactSettings::for_box(box_size),
            ExactSettings::with_streams(box_size, 2)
        );
        for (stream, config) in ExactSettings::with_streams(box_size, 4)
            .streams
            .iter()
            .enumerate()
        {
            let settings = config.as_ref().map(|c| (c.bump_reasons, c.branching));
            assert_eq!(
                settings,
                Some((
                    box_size >= EXACT_BUMP_REASONS_FROM_BOX,
                    if box_size <= EXACT_CHB_MAX_BOX[stream % EXACT_STREAMS as usize] {
                        Branching::Chb
                    } else {
                        Branching::Evsids
                    }
                )),
                "box {box_size}, stream {stream}"
            );
        }
    }
    assert_eq!(
        (EXACT_BUMP_REASONS_FROM_BOX, EXACT_CHB_MAX_BOX),
        (7, [8, 6])
    );
}

#[test]
fn streams_past_the_default_two_alternate_their_settings() {
    for box_size in 6..=8 {
        let two = ExactSettings::for_box(box_size);
        let five = ExactSettings::with_streams(box_size, 5);
        assert_eq!(five.streams.len(), 5);
        assert_eq!(five.share, two.share);
        for (stream, config) in five.streams.iter().enumerate() {
            assert_eq!(
                config,
                &two.streams[stream % 2],
                "box {box_size}, stream {stream}"
            );
        }
    }
}
