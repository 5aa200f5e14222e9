//! Fields of the library's JSON reports (the `--json` lines), for the arrays built from them.

use serde_json::Value;

/// The reports, parsed.
pub fn parse(lines: &[String]) -> Vec<Value> {
    lines
        .iter()
        .map(|line| serde_json::from_str(line).unwrap_or(Value::Null))
        .collect()
}

/// `key` of every report as a number; NaN where absent or null.
pub fn floats(reports: &[Value], key: &str) -> Vec<f64> {
    reports
        .iter()
        .map(|r| r[key].as_f64().unwrap_or(f64::NAN))
        .collect()
}

/// `key` of every report as an integer; `missing` where absent or null.
pub fn ints(reports: &[Value], key: &str, missing: i64) -> Vec<i64> {
    reports
        .iter()
        .map(|r| r[key].as_i64().unwrap_or(missing))
        .collect()
}

/// `key` of every report as a string; "" where absent or null.
pub fn strings(reports: &[Value], key: &str) -> Vec<String> {
    reports
        .iter()
        .map(|r| match &r[key] {
            Value::String(s) => s.clone(),
            Value::Null => String::new(),
            other => other.to_string(),
        })
        .collect()
}
