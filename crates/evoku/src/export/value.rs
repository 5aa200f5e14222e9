//! One cell of a [`Table`](super::Table): a number, a text, a flag or nothing, and how each format
//! writes it.

use serde_json::Value as Json;

/// One cell of a table.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Int(i64),
    Num(f64),
    Text(String),
    /// `yes`/`no` in text, CSV and Markdown; `true`/`false` in JSON (as `solved` is in every
    /// command's JSON).
    Bool(bool),
    /// No figure (a median of no solved runs, a GPU column with no GPU).
    Empty,
}

impl From<i64> for Value {
    fn from(v: i64) -> Value {
        Value::Int(v)
    }
}
impl From<u32> for Value {
    fn from(v: u32) -> Value {
        Value::Int(v as i64)
    }
}
impl From<u64> for Value {
    fn from(v: u64) -> Value {
        Value::Int(v as i64)
    }
}
impl From<usize> for Value {
    fn from(v: usize) -> Value {
        Value::Int(v as i64)
    }
}
impl From<f64> for Value {
    fn from(v: f64) -> Value {
        if v.is_finite() {
            Value::Num(v)
        } else {
            Value::Empty
        }
    }
}
impl From<&str> for Value {
    fn from(v: &str) -> Value {
        Value::Text(v.to_string())
    }
}
impl From<String> for Value {
    fn from(v: String) -> Value {
        Value::Text(v)
    }
}
impl From<bool> for Value {
    fn from(v: bool) -> Value {
        Value::Bool(v)
    }
}
impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(v: Option<T>) -> Value {
        v.map_or(Value::Empty, Into::into)
    }
}

impl Value {
    /// Exact text (CSV): numbers in Rust's shortest round-trip form.
    pub(super) fn exact(&self) -> String {
        match self {
            Value::Int(v) => v.to_string(),
            Value::Num(v) => v.to_string(),
            Value::Text(s) => s.clone(),
            Value::Bool(b) => if *b { "yes" } else { "no" }.to_string(),
            Value::Empty => String::new(),
        }
    }

    /// Text for people (terminal, Markdown): a sensible number of decimals.
    pub(super) fn pretty(&self) -> String {
        match self {
            Value::Num(v) => pretty_number(*v),
            Value::Empty => "-".into(),
            other => other.exact(),
        }
    }

    pub(super) fn to_json(&self) -> Json {
        match self {
            Value::Int(v) => Json::from(*v),
            Value::Num(v) => serde_json::Number::from_f64(*v).map_or(Json::Null, Json::Number),
            Value::Text(s) => Json::String(s.clone()),
            Value::Bool(b) => Json::Bool(*b),
            Value::Empty => Json::Null,
        }
    }

    pub(super) fn from_json(value: &Json) -> Value {
        match value {
            Json::Null => Value::Empty,
            Json::Number(n) => n
                .as_i64()
                .map(Value::Int)
                .or_else(|| n.as_f64().map(Value::Num))
                .unwrap_or(Value::Empty),
            Json::String(s) => Value::Text(s.clone()),
            Json::Bool(b) => Value::Bool(*b),
            other => Value::Text(other.to_string()),
        }
    }

    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Int(v) => Some(*v as f64),
            Value::Num(v) => Some(*v),
            _ => None,
        }
    }
}

fn pretty_number(v: f64) -> String {
    let a = v.abs();
    if a >= 100.0 || v.fract() == 0.0 {
        format!("{v:.0}")
    } else if a >= 1.0 {
        format!("{v:.2}")
    } else {
        format!("{v:.3}")
    }
}
