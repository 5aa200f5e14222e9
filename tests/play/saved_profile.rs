//! Playing: the profile's round trip, a corrupt profile and a damaged saved game.

use super::*;

#[test]
fn profile_round_trip_resumes_the_game() {
    let dir = temp("round-trip");
    let path = dir.join("nested/profile.json");
    assert_eq!(Profile::load(&path).unwrap(), None);
    let clock = ManualClock::new();
    let mut s = Session::new(game(&clock));
    chars(&mut s, "lllp12pl3u");
    clock.advance_ms(42_000);
    let mut profile = Profile::default();
    profile.games.push(record(2, 75.5, 1, 0, Outcome::Finished));
    profile.saved = Some(s.game.save());
    profile.save(&path).unwrap();
    assert!(!dir.join("nested/profile.json.tmp").exists());
    let back = Profile::load(&path).unwrap().unwrap();
    assert_eq!(back, profile);
    let later = ManualClock::new();
    later.advance_ms(5_000_000);
    let resumed = Game::resume(back.saved.as_ref().unwrap(), Box::new(later.clone())).unwrap();
    assert_eq!(resumed.save(), s.game.save());
    later.advance_ms(1_000);
    assert_eq!(resumed.elapsed_ms(), 43_000);
    assert_eq!(resumed.marks(3), 0b11);
    assert_eq!(resumed.info(), s.game.info());
}

#[test]
fn a_corrupt_profile_is_named_and_left_untouched() {
    let dir = temp("corrupt");
    let path = dir.join("profile.json");
    let text = "{\"version\": 1, \"games\": [\n  {\"puzzle\": 3}\n]}\n";
    std::fs::write(&path, text).unwrap();
    let error = Profile::load(&path).unwrap_err();
    assert!(
        matches!(error, PlayError::CorruptProfile { line: 2, .. }),
        "{error}"
    );
    let message = error.to_string();
    assert!(message.contains("profile.json:2:") && message.contains("left untouched"));
    let out = evoku(&[
        "player",
        "record",
        "--profile",
        path.to_str().unwrap(),
        "--puzzle",
        PUZZLE,
        "--seconds",
        "10",
        "--outcome",
        "finished",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("not a valid evoku profile"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
}

#[test]
fn a_damaged_saved_game_is_refused() {
    let clock = ManualClock::new();
    let mut saved = game(&clock).save();
    saved.entries = saved.entries.replacen('5', "4", 1);
    let error = Game::resume(&saved, Box::new(clock.clone())).err().unwrap();
    assert!(matches!(error, PlayError::Saved(_)), "{error}");
    let info = PuzzleInfo {
        level: 1,
        score: 1.5,
    };
    assert_eq!(game(&clock).info(), info);
}
