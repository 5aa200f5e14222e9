//! A long line-format text read on several threads, a run of lines each: the puzzles, their
//! names and order the same as on one thread, so that a batch of 50,000 9x9 puzzles does not
//! wait for one thread to read them all before its workers start.

use super::finish::finish_part;
use super::lex::{Ctx, SourceLine};
use super::{line, Puzzle};

/// Fewest lines a thread is given: a shorter text is read on one.
const LINES_EACH: usize = 2000;

/// The puzzles of the line-format `lines` read on up to `threads` threads; `None` when the text
/// is short, holds no puzzle or any part finds an error: the caller then reads it on one
/// thread, which reports the error exactly as always (the first in file order, with the
/// message that depends on the lines before it).
pub(super) fn parse_line_format(
    lines: &[SourceLine<'_>],
    ctx: &Ctx<'_>,
    threads: usize,
) -> Option<Vec<Puzzle>> {
    let parts = threads.min(lines.len() / LINES_EACH);
    if parts <= 1 {
        return None;
    }
    let raws = on_threads(
        lines.chunks(lines.len().div_ceil(parts)).collect(),
        |part| line::parse(part, ctx).ok(),
    )?;
    let count = raws.iter().map(Vec::len).sum();
    if count == 0 {
        return None;
    }
    let mut first = 0;
    let numbered = raws
        .into_iter()
        .map(|part| {
            first += part.len();
            (first - part.len(), part)
        })
        .collect();
    let puzzles = on_threads(numbered, |(first, part)| {
        finish_part(part, ctx, first, count).ok()
    })?;
    Some(puzzles.concat())
}

/// `work` on each of `parts`, a thread each; the results in order, or `None` if any is `None`.
fn on_threads<P: Send, R: Send>(
    parts: Vec<P>,
    work: impl Fn(P) -> Option<R> + Sync,
) -> Option<Vec<R>> {
    let work = &work;
    std::thread::scope(|scope| {
        let running: Vec<_> = parts
            .into_iter()
            .map(|part| scope.spawn(move || work(part)))
            .collect();
        running
            .into_iter()
            .map(|thread| {
                thread
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::super::{parse_str_on, ParseOptions};

    const NINE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    /// `lines` puzzle lines, some named, some 4x4, with comments and blank lines between.
    fn long_text(lines: usize) -> String {
        (0..lines)
            .map(|k| match k % 7 {
                0 => "# a comment\n".to_string(),
                1 => "\n".to_string(),
                2 => format!("{NINE}  named-{k}\n"),
                3 => "1..4....2..3...1\n".to_string(),
                _ => format!("  {NINE}\r\n"),
            })
            .collect()
    }

    fn read(text: &str, threads: usize) -> Result<Vec<super::Puzzle>, String> {
        parse_str_on(text, "dir/long.txt", &ParseOptions::default(), threads)
            .map(|(puzzles, _)| puzzles)
            .map_err(|error| error.to_string())
    }

    #[test]
    fn a_long_file_reads_the_same_on_one_thread_and_several() {
        let text = long_text(9000);
        let one = read(&text, 1).expect("reads");
        assert_eq!(one.len(), 9000 - 2 * 9000 / 7 - 1);
        assert_eq!(one[1].name, "long#2");
        for threads in [2, 3, 8] {
            assert_eq!(read(&text, threads), Ok(one.clone()), "{threads} threads");
        }
    }

    #[test]
    fn errors_are_the_ones_one_thread_reports() {
        let mut lines: Vec<String> = long_text(9000).lines().map(String::from).collect();
        // A clash early and an unknown symbol late: one reader checks every line's symbols
        // before any clash, so the symbol is the error.
        lines[100] = format!("55{}", &NINE[2..]);
        lines[8000] = format!("5x{}", &NINE[2..]);
        let text = lines.join("\n");
        let one = read(&text, 1).expect_err("an error");
        assert!(one.contains(":8001:2"), "{one}");
        assert_eq!(read(&text, 3).expect_err("an error"), one);
        // A line of another length after 9x9s: the message names the 81 cells expected.
        lines[8000] = NINE[..80].to_string();
        let text = lines.join("\n");
        let one = read(&text, 1).expect_err("an error");
        assert!(one.contains("expected 81 cells"), "{one}");
        assert_eq!(read(&text, 3).expect_err("an error"), one);
    }
}
