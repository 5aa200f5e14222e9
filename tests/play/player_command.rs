//! Playing: `evoku player`.

use super::*;

#[test]
fn player_next_and_record_follow_the_history() {
    let dir = temp("cli");
    let profile = dir.join("profile.json");
    let p = profile.to_str().unwrap();
    let next = |args: &[&str]| {
        let out = evoku(&[&["player", "next", "--profile", p, "--json"], args].concat());
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let first = next(&["--no-store"]);
    assert_eq!(first["record"]["level"], 1);
    assert_eq!(first["player"]["games"], 0);
    assert!(!profile.exists(), "next must not write the profile");
    let again = next(&["--no-store"]);
    assert_eq!(again["record"]["puzzle"], first["record"]["puzzle"]);
    for _ in 0..5 {
        let out = evoku(&[
            "player",
            "record",
            "--profile",
            p,
            "--puzzle",
            PUZZLE,
            "--seconds",
            "60",
            "--outcome",
            "finished",
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let up = next(&["--no-store"]);
    assert_eq!(up["player"]["games"], 5);
    assert_eq!(up["record"]["level"], 2, "{up}");
    let puzzle = up["record"]["puzzle"].as_str().unwrap().to_string();
    let solution = up["record"]["solution"].as_str().unwrap();
    assert!(parse_line(solution)
        .unwrap()
        .solves(&parse_line(&puzzle).unwrap()));
    let stored = Profile::load(&profile).unwrap().unwrap();
    assert_eq!(stored.games.len(), 5);
    assert!(stored
        .games
        .iter()
        .all(|g| g.level == 1 && g.outcome == Outcome::Finished));
    // The store beside the profile gets the by-products and serves from them later.
    let with_store = next(&[]);
    assert!(dir.join("store.jsonl").exists());
    assert_eq!(with_store["record"]["level"], 2);
}

#[test]
fn help_states_the_rule_and_play_needs_a_terminal() {
    let help = evoku(&["player", "--help"]);
    let text = String::from_utf8_lossy(&help.stdout);
    assert!(
        text.contains("R += 64 (s - E)") && text.contains("1000 + 200 (L - 1)"),
        "{text}"
    );
    let dir = temp("no-terminal");
    let profile = dir.join("profile.json");
    let out = evoku(&["play", "--profile", profile.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("needs a terminal") && stderr.contains("evoku player next"));
    assert!(!profile.exists());
}
