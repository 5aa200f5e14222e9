//! DIMACS read and write: round trips, the solver on what it reads, and errors that name the
//! line and column without panicking.

mod common;

use common::random_ksat;
use evoku_sat::dimacs::{parse, write, Cnf};
use evoku_sat::{neg, pos, Config, Status};

#[test]
fn written_formulas_read_back_the_same() {
    for seed in 0..20 {
        let cnf = random_ksat(30, 100, 3, seed);
        let text = write(&cnf, &["a comment".into(), "two\nlines".into()]);
        assert_eq!(parse(&text).unwrap(), cnf, "seed {seed}");
        // And text read then written is the same text.
        assert_eq!(write(&parse(&text).unwrap(), &[]), write(&cnf, &[]));
    }
    let empty = Cnf::default();
    assert_eq!(parse(&write(&empty, &[])).unwrap(), empty);
    let with_empty_clause = Cnf {
        vars: 2,
        clauses: vec![vec![pos(0)], vec![]],
    };
    assert_eq!(
        parse(&write(&with_empty_clause, &[])).unwrap(),
        with_empty_clause
    );
}

#[test]
fn reads_the_usual_layouts() {
    // Clauses across lines, several per line, tabs, comments between, a SATLIB `%` end.
    let text = "c head\np  cnf 3\t4\n1 -2\n 0 2 3 0\nc mid\n-1 0 -3\n0\n%\n0\n";
    let cnf = parse(text).unwrap();
    assert_eq!(cnf.vars, 3);
    assert_eq!(
        cnf.clauses,
        vec![
            vec![pos(0), neg(1)],
            vec![pos(1), pos(2)],
            vec![neg(0)],
            vec![neg(2)]
        ]
    );
    let mut solver = cnf.solver(Config::default(), 1, 0);
    assert_eq!(solver.solve(100), Status::Unsat);
}

#[test]
fn errors_name_the_line_and_column() {
    let cases: &[(&str, usize, usize, &str)] = &[
        ("1 2 0\n", 1, 1, "before the `p cnf"),
        ("p cnf 2 1\n1 x 0\n", 2, 3, "`x` is not a literal"),
        (
            "p cnf 2 1\n1 3 0\n",
            2,
            3,
            "variable 3 beyond the header's 2",
        ),
        ("p cnf 2 1\n1 -2\n", 2, 1, "no closing 0"),
        (
            "p cnf 2 2\n1 -2 0\n",
            2,
            7,
            "1 clauses where the header says 2",
        ),
        ("p dnf 2 1\n", 1, 3, "`dnf`"),
        ("p cnf two 1\n", 1, 7, "`two` is not a count of variables"),
        ("p cnf 2\n", 1, 8, "without its clauses"),
        ("p cnf 2 1 9\n", 1, 11, "`9` after"),
        ("p cnf 2 1\np cnf 2 1\n", 2, 1, "a second `p` line"),
        (
            "p cnf 2 1\n1 99999999999999999999 0\n",
            2,
            3,
            "is not a literal",
        ),
        ("p cnf 99999999999 1\n", 1, 7, "at most"),
        ("", 1, 1, "no `p cnf"),
        ("c only a comment\n", 1, 1, "no `p cnf"),
        ("p cnf 1 1\n\u{e9}\u{e9} 1 0\n", 2, 1, "is not a literal"),
        ("p cnf 1 1\n\u{e9} x 0\n", 2, 1, "is not a literal"),
    ];
    for &(text, line, column, message) in cases {
        let err = parse(text).expect_err(text);
        assert_eq!((err.line, err.column), (line, column), "{text:?}: {err}");
        assert!(err.to_string().contains(message), "{text:?}: {err}");
    }
}

#[test]
fn garbage_never_panics() {
    // Every prefix and every one-byte change of a small file: an answer or an error, no panic.
    let text = "c x\np cnf 3 2\n1 -2 3 0\n-1 2 0\n";
    for end in 0..=text.len() {
        let _ = parse(&text[..end]);
    }
    for i in 0..text.len() {
        for b in [b'0', b'-', b' ', b'\n', b'p', b'9', 0xff] {
            let mut bytes = text.as_bytes().to_vec();
            bytes[i] = b;
            let _ = parse(&String::from_utf8_lossy(&bytes));
        }
    }
}
