//! DIMACS CNF, read and written: `p cnf VARS CLAUSES`, then clauses as non-zero integers ended
//! by `0` (`-3` is the negation of variable 3, numbered from 1), `c` comment lines anywhere.
//!
//! Reading never panics: every error names the line and column (both from 1) and what was
//! expected there.

use std::fmt;

use crate::clauses::{neg, pos, var, Lit};

/// A formula in conjunctive normal form over variables `0..vars`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cnf {
    pub vars: usize,
    pub clauses: Vec<Vec<Lit>>,
}

/// What is wrong with a DIMACS text, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DimacsError {
    /// 1-based.
    pub line: usize,
    /// 1-based, in characters.
    pub column: usize,
    pub message: String,
}

impl fmt::Display for DimacsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for DimacsError {}

/// The largest variable count read (literals are `u32`, two per variable).
pub const MAX_VARS: usize = (u32::MAX >> 1) as usize;

/// Reads a DIMACS CNF. The header must come before the first clause; every literal's variable
/// must be within its count, and the clauses must number as it says. A last clause without its
/// `0` is an error.
pub fn parse(text: &str) -> Result<Cnf, DimacsError> {
    let mut header: Option<(usize, usize)> = None;
    let mut clauses: Vec<Vec<Lit>> = Vec::new();
    let mut clause: Vec<Lit> = Vec::new();
    // Where the clause being read started, for the error of one left open.
    let mut open_at = (0, 0);
    let mut last = (1, 1);
    for (i, line) in text.lines().enumerate() {
        let lineno = i + 1;
        let trimmed = line.trim_start();
        if trimmed.starts_with('c') || trimmed.is_empty() || trimmed.starts_with('%') {
            // `%` ends the clauses in the SATLIB benchmark files; comments and blank lines skip.
            if trimmed.starts_with('%') {
                break;
            }
            continue;
        }
        let err = |column: usize, message: String| DimacsError {
            line: lineno,
            column,
            message,
        };
        if trimmed.starts_with('p') {
            let column = line.len() - trimmed.len() + 1;
            if header.is_some() {
                return Err(err(column, "a second `p` line".into()));
            }
            if !clauses.is_empty() || !clause.is_empty() {
                return Err(err(column, "the `p cnf` header after clauses".into()));
            }
            header = Some(parse_header(line).map_err(|(c, m)| err(c, m))?);
            continue;
        }
        let Some((vars, _)) = header else {
            let column = line.len() - trimmed.len() + 1;
            return Err(err(
                column,
                "a clause before the `p cnf VARS CLAUSES` header".into(),
            ));
        };
        for (column, token) in tokens(line) {
            last = (lineno, column + token.chars().count());
            let n: i64 = token.parse().map_err(|_| {
                err(
                    column,
                    format!(
                        "`{token}` is not a literal (a non-zero integer, or 0 to end a clause)"
                    ),
                )
            })?;
            if n == 0 {
                clauses.push(std::mem::take(&mut clause));
                continue;
            }
            let v = n.unsigned_abs();
            if v > vars as u64 {
                return Err(err(
                    column,
                    format!("literal {n}: variable {v} beyond the header's {vars}"),
                ));
            }
            if clause.is_empty() {
                open_at = (lineno, column);
            }
            let v = (v - 1) as usize;
            clause.push(if n > 0 { pos(v) } else { neg(v) });
        }
    }
    let Some((vars, count)) = header else {
        return Err(DimacsError {
            line: last.0,
            column: 1,
            message: "no `p cnf VARS CLAUSES` header".into(),
        });
    };
    if !clause.is_empty() {
        return Err(DimacsError {
            line: open_at.0,
            column: open_at.1,
            message: "the last clause has no closing 0".into(),
        });
    }
    if clauses.len() != count {
        return Err(DimacsError {
            line: last.0,
            column: last.1,
            message: format!("{} clauses where the header says {count}", clauses.len()),
        });
    }
    Ok(Cnf { vars, clauses })
}

/// The whitespace-separated tokens of a line with their 1-based columns (in characters).
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = line;
    let mut column = 1;
    std::iter::from_fn(move || {
        let skipped = rest.len() - rest.trim_start().len();
        column += rest[..skipped].chars().count();
        rest = &rest[skipped..];
        if rest.is_empty() {
            return None;
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (token, tail) = rest.split_at(end);
        let at = column;
        column += token.chars().count();
        rest = tail;
        Some((at, token))
    })
}

/// `p cnf VARS CLAUSES`, or the column and message of what is wrong.
fn parse_header(line: &str) -> Result<(usize, usize), (usize, String)> {
    let t: Vec<(usize, &str)> = tokens(line).collect();
    let expected = "a header `p cnf VARS CLAUSES`";
    match t.get(1) {
        Some(&(_, "cnf")) => {}
        Some(&(c, other)) => return Err((c, format!("`{other}` where {expected} has `cnf`"))),
        None => return Err((t[0].0, format!("{expected} without `cnf`"))),
    }
    let number = |k: usize, what: &str| -> Result<usize, (usize, String)> {
        let end = t.last().map_or(1, |&(c, s)| c + s.chars().count());
        let &(c, s) = t
            .get(k)
            .ok_or_else(|| (end, format!("{expected} without its {what}")))?;
        s.parse::<usize>()
            .map_err(|_| (c, format!("`{s}` is not a count of {what}")))
    };
    let vars = number(2, "variables")?;
    let clauses = number(3, "clauses")?;
    if vars > MAX_VARS {
        return Err((t[2].0, format!("{vars} variables: at most {MAX_VARS}")));
    }
    if let Some(&(c, s)) = t.get(4) {
        return Err((c, format!("`{s}` after {expected}")));
    }
    Ok((vars, clauses))
}

/// Writes `cnf` as DIMACS, `comments` first (one `c` line each).
pub fn write(cnf: &Cnf, comments: &[String]) -> String {
    let mut out = String::new();
    for c in comments {
        for line in c.lines() {
            out.push_str("c ");
            out.push_str(line);
            out.push('\n');
        }
    }
    out.push_str(&format!("p cnf {} {}\n", cnf.vars, cnf.clauses.len()));
    for clause in &cnf.clauses {
        for &l in clause {
            let v = var(l) as i64 + 1;
            out.push_str(&format!("{} ", if l == pos(var(l)) { v } else { -v }));
        }
        out.push_str("0\n");
    }
    out
}

impl Cnf {
    /// A solver over this formula's variables with its clauses added.
    pub fn solver(&self, config: crate::Config, seed: u64, stream: u32) -> crate::Solver {
        let mut solver = crate::Solver::new(self.vars, config, seed, stream);
        for clause in &self.clauses {
            solver.add_clause(clause);
        }
        solver
    }
}
