//! Playing: the rating rule on made-up histories.

use super::*;

#[test]
fn fast_clean_solves_raise_the_level() {
    let mut games = Vec::new();
    let mut last = START_RATING;
    for level in [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3] {
        games.push(record(level, 60.0, 0, 0, Outcome::Finished));
        let now = player_level(&games);
        assert!(now.rating > last, "{now:?} after a clean solve from {last}");
        last = now.rating;
    }
    let p = player_level(&games);
    assert!(p.level > Level::EASY, "{p:?}");
    assert!(p.next >= p.level && p.next.number() <= p.level.number() + 1);
}

#[test]
fn failures_lower_the_level() {
    let strong: Vec<GameRecord> = (0..12)
        .map(|_| record(3, 60.0, 0, 0, Outcome::Finished))
        .collect();
    let before = player_level(&strong);
    let mut games = strong.clone();
    games.extend((0..8).map(|_| record(before.next.number(), 900.0, 0, 0, Outcome::Abandoned)));
    let after = player_level(&games);
    assert!(
        after.rating < before.rating - 100.0,
        "{before:?} -> {after:?}"
    );
    assert!(after.level < before.level, "{before:?} -> {after:?}");
    // Abandoning at the very start pulls below a new player: no lower bound but easy.
    let quitter = player_level(&[record(1, 10.0, 0, 0, Outcome::Abandoned)]);
    assert!(quitter.rating < START_RATING);
    assert_eq!((quitter.level, quitter.next), (Level::EASY, Level::EASY));
}

#[test]
fn mistakes_hints_and_time_count() {
    let rating = |g: GameRecord| player_level(&[g]).rating;
    let clean = rating(record(2, 60.0, 0, 0, Outcome::Finished));
    let mistakes = rating(record(2, 60.0, 3, 0, Outcome::Finished));
    let hints = rating(record(2, 60.0, 0, 2, Outcome::Finished));
    let slow = rating(record(2, 100_000.0, 0, 0, Outcome::Finished));
    let failed = rating(record(2, 60.0, 0, 0, Outcome::Abandoned));
    assert!(
        clean > mistakes && mistakes > failed,
        "{clean} {mistakes} {failed}"
    );
    assert!(clean > hints && hints > failed, "{clean} {hints} {failed}");
    assert!(clean > slow && slow > failed, "{clean} {slow} {failed}");
    // A clean solve above one's level gains more than one at it.
    let above = rating(record(3, 60.0, 0, 0, Outcome::Finished));
    assert!(above > clean);
    assert_eq!(puzzle_rating(Level::EASY), START_RATING);
}
