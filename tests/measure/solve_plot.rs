//! `evoku solve --plot` with the default solver: the members' best penalty per round, recorded
//! by the portfolio and drawn by the command line; and what is said when there is nothing to
//! draw.

use super::*;
use evoku::portfolio::{self, MemberKind};

fn evoku(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_evoku"))
        .args(args)
        .current_dir(util::repo(""))
        .env("WGPU_BACKEND", "none-such")
        .output()
        .expect("evoku runs")
}

/// A portfolio of the walk and the ACS on a 25x25 (no exact member, so that it takes several
/// rounds: the ACS solves in round 6 with seed 1), at most 8 rounds.
fn race(seed: u64, overlap: bool) -> portfolio::PortfolioOutcome {
    let puzzle = read_puzzle("puzzles/lloyd-amos-25x25-45.txt");
    let mut options = crate::default_solver::options(Device::Cpu, 2, seed);
    options.ga.max_generations = 8;
    let plan = evoku::plan::RunPlan::new(&puzzle.grid, &options).expect("a run plan");
    let kinds = [MemberKind::Walk, MemberKind::Aco];
    let start = std::time::Instant::now();
    let turns = match overlap {
        true => portfolio::Turns::Overlapped,
        false => portfolio::Turns::Sequential,
    };
    portfolio::solve(&puzzle.grid, &kinds, &plan, &mut |_| {}, start, turns).expect("portfolio run")
}

#[test]
fn the_portfolio_records_each_members_best_penalty_per_round() {
    let outcome = race(1, true);
    assert!(
        outcome.solved && outcome.rounds > 1,
        "{:?}",
        outcome.members
    );
    let history = &outcome.history;
    assert_eq!(history.names, ["walk", "aco"]);
    let rounds: Vec<u32> = history.rounds.iter().map(|r| r.round).collect();
    assert!(rounds.windows(2).all(|w| w[0] < w[1]), "{rounds:?}");
    assert_eq!(rounds.first(), Some(&1));
    assert_eq!(rounds.last(), Some(&outcome.rounds));
    // The walk's line starts above 0 and is still there when the ACS solves.
    assert!(
        history.line(0).iter().all(|p| p.1 > 0),
        "{:?}",
        history.line(0)
    );
    for (index, member) in outcome.members.iter().enumerate() {
        let line = history.line(index);
        // Best so far: never rises; it ends where the member's report does.
        assert!(line.windows(2).all(|w| w[0].1 >= w[1].1), "{line:?}");
        assert_eq!(line.last().map(|p| p.1), member.penalty, "{}", member.name);
    }
    // Same seed, same history (the seconds aside), also with the turns one after another.
    let penalties = |o: &portfolio::PortfolioOutcome| -> Vec<(u32, Vec<Option<u32>>)> {
        let rounds = o.history.rounds.iter();
        rounds.map(|r| (r.round, r.penalties.clone())).collect()
    };
    assert_eq!(penalties(&outcome), penalties(&race(1, true)));
    assert_eq!(penalties(&outcome), penalties(&race(1, false)));

    let series = plot::member_series(history);
    assert_eq!(series.len(), 2);
    assert!(plot::drawable(history));
    let path = temp_dir("rounds").join("rounds.svg");
    plot::rounds_chart(&path, "no106", history).unwrap();
    assert_svg(&path);
    let svg = std::fs::read_to_string(&path).unwrap();
    for label in ["walk", "aco", "round"] {
        assert!(svg.contains(label), "{label} missing from the chart");
    }
}

#[test]
fn nothing_to_draw_is_said_naming_the_file_and_no_file_is_left() {
    let dir = temp_dir("nothing");
    // An old plot at the path would pass for this run's: it goes.
    let old = dir.join("old.svg");
    std::fs::write(&old, "<svg>old</svg>\n").unwrap();
    let out = evoku(&[
        "solve",
        "-q",
        "puzzles/mantere-no29.txt",
        "--plot",
        old.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("nothing to draw for mantere-no29: propagation solved it"),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("{} not written", old.display())),
        "{stderr}"
    );
    // A run never deletes what was there before (issue 37): the old file stays, and stderr says so.
    assert!(
        stderr.contains("(an old file there is left as it was)"),
        "{stderr}"
    );
    assert!(old.exists());

    // Several puzzles: a file each, as with the GA; each one's line names its file.
    let plot_path = dir.join("f.svg");
    let out = evoku(&[
        "solve",
        "-q",
        "puzzles/ai-escargot.txt",
        "puzzles/mantere-no29.txt",
        "--plot",
        plot_path.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    for (name, why) in [
        ("ai-escargot", "exact solved it in 1 round"),
        ("mantere-no29", "propagation solved it"),
    ] {
        let file = dir.join(format!("f-{name}.svg"));
        let line = format!("nothing to draw for {name}: {why}");
        assert!(stderr.contains(&line), "{stderr}");
        assert!(
            stderr.contains(&format!("{} not written", file.display())),
            "{stderr}"
        );
        assert!(!file.exists());
    }
    assert!(!stderr.contains("an old file there"), "{stderr}");

    // The GA's pre-check says so too.
    let file = dir.join("ga.svg");
    let out = evoku(&[
        "solve",
        "-q",
        "--algorithm",
        "ga",
        "puzzles/ai-escargot.txt",
        "--plot",
        file.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("nothing to draw for ai-escargot: the exact pre-check solved it"),
        "{stderr}"
    );
    assert!(!file.exists());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn plot_is_refused_for_the_acs_and_the_exact_solver() {
    for algorithm in ["aco", "exact"] {
        let out = evoku(&[
            "solve",
            "--algorithm",
            algorithm,
            "puzzles/mantere-no29.txt",
            "--plot",
            "never.svg",
        ]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{algorithm}: {stderr}");
        assert!(stderr.contains("--algorithm ga or auto"), "{stderr}");
        assert!(!util::repo("never.svg").exists());
    }
}
