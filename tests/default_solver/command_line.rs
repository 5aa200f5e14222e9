//! What `evoku solve` runs and reports without options, with `--algorithm ga` or a preset,
//! which member or check a solution is credited to, and the default time limit.

use super::{evoku, json};

#[test]
fn the_default_is_the_portfolio_at_every_size_and_says_what_ran() {
    for (path, size) in [
        ("puzzles/ai-escargot.txt", 9),
        ("puzzles/lloyd-amos-16x16-45.txt", 16),
        ("puzzles/lloyd-amos-25x25-45.txt", 25),
    ] {
        let v = json(&["solve", "--json", "--backend", "cpu", path]);
        assert_eq!(v["size"], size);
        assert_eq!(v["solved"], true, "{v}");
        assert_eq!(v["algorithm"], "auto");
        assert_eq!(v["configuration"], "portfolio(exact,aco,walk)");
        assert!(v["solved_by"].is_string(), "{v}");
        assert_eq!(v["islands"], 2, "the walk preset's islands on the CPU: {v}");
        assert_eq!(v["colonies"], 4, "the ACS's colonies on the CPU: {v}");
        assert!(v["threads"].as_u64().unwrap() >= 1);
        assert!(v["adapter"].is_null());
        let members: Vec<&str> = v["members"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["name"].as_str().unwrap())
            .collect();
        assert_eq!(members, ["exact", "aco", "walk"], "{v}");
        let by = v["solved_by"].as_str().unwrap();
        let winner = v["members"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["name"] == by)
            .unwrap_or_else(|| panic!("no member {by}: {v}"));
        assert_eq!(winner["solved"], true);
    }
}

#[test]
fn a_preset_or_algorithm_ga_runs_the_ga_and_ga_means_the_walk() {
    let v = json(&[
        "solve",
        "--json",
        "--backend",
        "cpu",
        "--no-exact-shortcut",
        "puzzles/fig1-kashan.txt",
    ]);
    assert_eq!(v["algorithm"], "auto", "{v}");
    for (args, configuration) in [
        (&["--algorithm", "ga"][..], "walk"),
        (&["--preset", "walk"][..], "walk"),
        (&["--preset", "default"][..], "default"),
        (&["--preset", "paper", "--algorithm", "ga"][..], "paper"),
    ] {
        let mut all = vec![
            "solve",
            "--json",
            "--backend",
            "cpu",
            "--no-exact-shortcut",
            "puzzles/fig1-kashan.txt",
        ];
        all.extend_from_slice(args);
        let v = json(&all);
        assert_eq!(v["algorithm"], "ga", "{args:?}: {v}");
        assert_eq!(v["configuration"], configuration, "{args:?}: {v}");
        assert_eq!(v["solved"], true, "{args:?}: {v}");
        assert_eq!(v["solved_by"], configuration, "{args:?}: {v}");
        assert!(v["generations"].as_u64().unwrap() > 0, "the GA ran: {v}");
    }
}

#[test]
fn a_solution_the_exact_check_finds_is_kept_and_named() {
    // The GA's no-solution check solves this 25x25 in 1,730 nodes (it used to be thrown away).
    let v = json(&[
        "solve",
        "--json",
        "--backend",
        "cpu",
        "--algorithm",
        "ga",
        "puzzles/lloyd-amos-25x25-45.txt",
    ]);
    assert_eq!(v["solved"], true, "{v}");
    assert_eq!(v["solved_by"], "exact", "{v}");
    assert_eq!(v["generations"], 0, "{v}");
    assert!(v["evaluations"].as_u64().unwrap() > 0, "nodes: {v}");
    // Asked to measure the GA alone, it runs instead.
    let v = json(&[
        "solve",
        "--json",
        "--backend",
        "cpu",
        "--algorithm",
        "ga",
        "--no-exact-shortcut",
        "--max-generations",
        "2",
        "puzzles/lloyd-amos-25x25-45.txt",
    ]);
    assert_eq!(v["solved"], false, "{v}");
    assert!(v["solved_by"].is_null(), "{v}");
    assert_eq!(v["generations"], 2, "{v}");
    // The default on AI Escargot: the exact member, in the first round.
    let v = json(&[
        "solve",
        "--json",
        "--backend",
        "cpu",
        "puzzles/ai-escargot.txt",
    ]);
    assert_eq!(
        (&v["solved_by"], &v["generations"]),
        (&"exact".into(), &1.into())
    );
    // A puzzle propagation alone fills is solved by it, and said so.
    let v = json(&[
        "solve",
        "--json",
        "--backend",
        "cpu",
        "puzzles/easy-16x16.txt",
    ]);
    assert_eq!(v["solved"], true, "{v}");
    assert_eq!(v["solved_by"], "presolve", "{v}");
}

#[test]
fn the_default_time_limit_is_in_help_and_in_the_report() {
    let out = evoku(&["solve", "--help"]);
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(
        help.contains("20 s up to 25x25, 60 s at 36x36, 120 s at 49x49"),
        "{help}"
    );
    let v = json(&[
        "solve",
        "--json",
        "--backend",
        "cpu",
        "puzzles/fig1-kashan.txt",
    ]);
    assert_eq!(v["time_limit"], 20.0, "{v}");
    let v = json(&[
        "solve",
        "--json",
        "--backend",
        "cpu",
        "--time-limit",
        "0",
        "puzzles/fig1-kashan.txt",
    ]);
    assert!(v["time_limit"].is_null(), "0 = no limit: {v}");
    let out = evoku(&["solve", "--time-limit", "-1", "puzzles/fig1-kashan.txt"]);
    assert_eq!(out.status.code(), Some(2));
}
