//! docs/GUIDE.md's option reference is the binary's own `--help` text: each section
//! "### `evoku COMMAND`" holds, in its first ```text block, what `evoku COMMAND --help` prints.
//! The binary is the one source; this test fails when the guide drifts from it, and
//! `EVOKU_BLESS=1 cargo test --test tests guide_help` writes the current texts into the guide.

use std::process::Command;

use crate::util;

const HEADING: &str = "### `evoku ";
const OPEN: &str = "```text\n";
const CLOSE: &str = "\n```";

/// (command words, byte range of the help text) of every reference section, in file order.
fn sections(guide: &str) -> Vec<(Vec<String>, std::ops::Range<usize>)> {
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(offset) = guide[at..].find(HEADING) {
        let start = at + offset + HEADING.len();
        let end = start + guide[start..].find('`').expect("heading closes its quote");
        let words = guide[start..end]
            .split_whitespace()
            .map(str::to_string)
            .collect();
        let open = end + guide[end..].find(OPEN).expect("a ```text block") + OPEN.len();
        let close = open + guide[open..].find(CLOSE).expect("the block closes");
        found.push((words, open..close));
        at = close;
    }
    found
}

fn help(words: &[String]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_evoku"))
        .args(words)
        .arg("--help")
        .output()
        .expect("run evoku --help");
    assert!(out.status.success(), "evoku {words:?} --help failed");
    String::from_utf8(out.stdout)
        .expect("utf-8 help")
        .trim_end()
        .to_string()
}

#[test]
fn the_guides_option_reference_is_the_binarys_help() {
    let path = util::repo("docs/GUIDE.md");
    let guide = std::fs::read_to_string(&path).expect("docs/GUIDE.md");
    let sections = sections(&guide);
    assert!(sections.len() >= 10, "the guide lost its option reference");
    let mut fixed = guide.clone();
    let mut stale = Vec::new();
    // From the last section back, so the earlier ranges stay valid while replacing.
    for (words, range) in sections.iter().rev() {
        let current = help(words);
        if guide[range.clone()] != current {
            stale.push(format!("evoku {}", words.join(" ")));
            fixed.replace_range(range.clone(), &current);
        }
    }
    if stale.is_empty() {
        return;
    }
    if std::env::var_os("EVOKU_BLESS").is_some() {
        std::fs::write(&path, fixed).expect("write docs/GUIDE.md");
        return;
    }
    panic!(
        "docs/GUIDE.md's --help text is out of date for: {}. Run \
         `EVOKU_BLESS=1 cargo test --test tests guide_help` to write the binary's texts into it.",
        stale.join(", ")
    );
}
