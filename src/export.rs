//! Measured results as one table structure, and one exporter per format (text, JSON, CSV,
//! Markdown), as hyperfine does: every measuring command fills a [`Table`] and picks a format.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value as Json};

use crate::error::{Error, IoAction, Result};
use crate::ga::{GaConfig, Preset};

/// The file formats of `--export FORMAT FILE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum ExportFormat {
    Json,
    Csv,
    Markdown,
}

impl ExportFormat {
    pub fn parse(name: &str) -> Result<ExportFormat> {
        match name.to_ascii_lowercase().as_str() {
            "json" => Ok(ExportFormat::Json),
            "csv" => Ok(ExportFormat::Csv),
            "markdown" | "md" => Ok(ExportFormat::Markdown),
            other => Err(Error::Config(format!(
                "--export: unknown format '{other}' (json, csv or markdown)"
            ))),
        }
    }
}

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
    fn exact(&self) -> String {
        match self {
            Value::Int(v) => v.to_string(),
            Value::Num(v) => v.to_string(),
            Value::Text(s) => s.clone(),
            Value::Bool(b) => if *b { "yes" } else { "no" }.to_string(),
            Value::Empty => String::new(),
        }
    }

    /// Text for people (terminal, Markdown): a sensible number of decimals.
    fn pretty(&self) -> String {
        match self {
            Value::Num(v) => pretty_number(*v),
            Value::Empty => "-".into(),
            other => other.exact(),
        }
    }

    fn to_json(&self) -> Json {
        match self {
            Value::Int(v) => Json::from(*v),
            Value::Num(v) => serde_json::Number::from_f64(*v).map_or(Json::Null, Json::Number),
            Value::Text(s) => Json::String(s.clone()),
            Value::Bool(b) => Json::Bool(*b),
            Value::Empty => Json::Null,
        }
    }

    fn from_json(value: &Json) -> Value {
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

/// A titled table with notes on what ran where (`meta`), columns, and rows of values.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    pub title: String,
    /// Key / value notes: command, machine, adapter, preset.
    pub meta: Vec<(String, String)>,
    pub columns: Vec<String>,
    pub rows: Vec<Vec<Value>>,
}

impl Table {
    pub fn new(title: &str, columns: &[&str]) -> Table {
        Table {
            title: title.to_string(),
            meta: Vec::new(),
            columns: columns.iter().map(|c| c.to_string()).collect(),
            rows: Vec::new(),
        }
    }

    pub fn meta(&mut self, key: &str, value: impl Into<String>) {
        self.meta.push((key.to_string(), value.into()));
    }

    /// Appends a row; it must have one value per column.
    pub fn push(&mut self, row: Vec<Value>) {
        debug_assert_eq!(row.len(), self.columns.len(), "row width of {}", self.title);
        self.rows.push(row);
    }

    /// The value in `row` under `column`.
    pub fn get(&self, row: usize, column: &str) -> Option<&Value> {
        let c = self.columns.iter().position(|name| name == column)?;
        self.rows.get(row)?.get(c)
    }

    pub fn render(&self, format: ExportFormat) -> String {
        match format {
            ExportFormat::Json => self.to_json(),
            ExportFormat::Csv => self.to_csv(),
            ExportFormat::Markdown => self.to_markdown(),
        }
    }

    /// `{"title", "meta": {...}, "columns": [...], "rows": [{column: value}]}`, pretty-printed.
    pub fn to_json(&self) -> String {
        let meta: Map<String, Json> = self
            .meta
            .iter()
            .map(|(k, v)| (k.clone(), Json::String(v.clone())))
            .collect();
        let rows: Vec<Json> = self
            .rows
            .iter()
            .map(|row| {
                Json::Object(
                    self.columns
                        .iter()
                        .zip(row)
                        .map(|(c, v)| (c.clone(), v.to_json()))
                        .collect(),
                )
            })
            .collect();
        let mut top = Map::new();
        top.insert("title".into(), Json::String(self.title.clone()));
        top.insert("meta".into(), Json::Object(meta));
        top.insert(
            "columns".into(),
            Json::Array(self.columns.iter().cloned().map(Json::String).collect()),
        );
        top.insert("rows".into(), Json::Array(rows));
        let mut text = serde_json::to_string_pretty(&Json::Object(top)).unwrap_or_default();
        text.push('\n');
        text
    }

    /// Reads back what [`Table::to_json`] wrote (the order of `meta` keys is not kept).
    pub fn from_json(text: &str) -> Result<Table> {
        let bad = |what: &str| Error::Config(format!("not an evoku table: {what}"));
        let top: Json = serde_json::from_str(text).map_err(|e| bad(&e.to_string()))?;
        let title = top["title"].as_str().ok_or_else(|| bad("no title"))?;
        let columns: Vec<String> = top["columns"]
            .as_array()
            .ok_or_else(|| bad("no columns"))?
            .iter()
            .map(|c| c.as_str().map(str::to_string).ok_or_else(|| bad("column")))
            .collect::<Result<_>>()?;
        let meta = top["meta"]
            .as_object()
            .map(|m| {
                m.iter()
                    .map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_string()))
                    .collect()
            })
            .unwrap_or_default();
        let rows = top["rows"]
            .as_array()
            .ok_or_else(|| bad("no rows"))?
            .iter()
            .map(|row| {
                columns
                    .iter()
                    .map(|c| Value::from_json(&row[c.as_str()]))
                    .collect()
            })
            .collect();
        Ok(Table {
            title: title.to_string(),
            meta,
            columns,
            rows,
        })
    }

    /// RFC 4180 CSV: a header line, then one line per row; numbers exact, no figure empty.
    pub fn to_csv(&self) -> String {
        let mut text = String::new();
        let line = |cells: Vec<String>| {
            cells
                .iter()
                .map(|c| csv_field(c))
                .collect::<Vec<_>>()
                .join(",")
        };
        text.push_str(&line(self.columns.clone()));
        text.push('\n');
        for row in &self.rows {
            text.push_str(&line(row.iter().map(Value::exact).collect()));
            text.push('\n');
        }
        text
    }

    /// A heading, the notes as a list, and a GitHub table.
    pub fn to_markdown(&self) -> String {
        let mut text = format!("### {}\n\n", self.title);
        for (k, v) in &self.meta {
            let _ = writeln!(text, "- {k}: {v}");
        }
        if !self.meta.is_empty() {
            text.push('\n');
        }
        let cell = |s: String| s.replace('|', "\\|");
        let _ = writeln!(text, "| {} |", self.columns.join(" | "));
        let rule: Vec<&str> = self
            .columns
            .iter()
            .enumerate()
            .map(|(i, _)| if self.numeric(i) { "---:" } else { "---" })
            .collect();
        let _ = writeln!(text, "|{}|", rule.join("|"));
        for row in &self.rows {
            let cells: Vec<String> = row.iter().map(|v| cell(v.pretty())).collect();
            let _ = writeln!(text, "| {} |", cells.join(" | "));
        }
        text
    }

    /// Aligned columns for a terminal, the notes first.
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        let _ = writeln!(text, "{}", self.title);
        for (k, v) in &self.meta {
            let _ = writeln!(text, "  {k}: {v}");
        }
        let cells: Vec<Vec<String>> = self
            .rows
            .iter()
            .map(|r| r.iter().map(Value::pretty).collect())
            .collect();
        let widths: Vec<usize> = (0..self.columns.len())
            .map(|i| {
                cells
                    .iter()
                    .map(|r| r[i].chars().count())
                    .chain([self.columns[i].chars().count()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let pad = |s: &str, i: usize| {
            let fill = " ".repeat(widths[i] - s.chars().count());
            if self.numeric(i) {
                format!("{fill}{s}")
            } else {
                format!("{s}{fill}")
            }
        };
        let line = |row: &[String]| {
            row.iter()
                .enumerate()
                .map(|(i, s)| pad(s, i))
                .collect::<Vec<_>>()
                .join("  ")
                .trim_end()
                .to_string()
        };
        let _ = writeln!(text, "{}", line(&self.columns));
        for row in &cells {
            let _ = writeln!(text, "{}", line(row));
        }
        text
    }

    /// A column is numeric when it holds a number and nothing but numbers and gaps.
    fn numeric(&self, column: usize) -> bool {
        self.rows
            .iter()
            .all(|r| matches!(r[column], Value::Int(_) | Value::Num(_) | Value::Empty))
            && self
                .rows
                .iter()
                .any(|r| matches!(r[column], Value::Int(_) | Value::Num(_)))
    }

    pub fn write(&self, format: ExportFormat, path: &Path) -> Result<()> {
        use std::io::Write;
        let io = |action| {
            move |source| Error::Io {
                action,
                path: path.to_path_buf(),
                source,
            }
        };
        let mut file = std::fs::File::create(path).map_err(io(IoAction::Create))?;
        file.write_all(self.render(format).as_bytes())
            .map_err(io(IoAction::Write))
    }
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// Reads `--export FORMAT FILE` pairs as clap collects them (a flat list, two values a use).
pub fn parse_exports(values: &[String]) -> Result<Vec<(ExportFormat, PathBuf)>> {
    if !values.len().is_multiple_of(2) {
        return Err(Error::Config(
            "--export takes two values: FORMAT (json, csv, markdown) and FILE".into(),
        ));
    }
    values
        .chunks_exact(2)
        .map(|pair| Ok((ExportFormat::parse(&pair[0])?, PathBuf::from(&pair[1]))))
        .collect()
}

/// The export files of one command, each created (empty) when the command starts, so that a bad
/// path fails at once, naming the path, before any run (as hyperfine does); filled at the end,
/// or with the runs finished so far when the command is stopped. Files never written (the
/// command failed first) are removed when the value is dropped, so no empty export is left.
#[derive(Debug)]
pub struct Exports {
    files: Vec<(ExportFormat, PathBuf, std::fs::File)>,
    written: bool,
}

impl Drop for Exports {
    fn drop(&mut self) {
        if !self.written {
            for (_, path, _) in &self.files {
                let _ = std::fs::remove_file(path);
            }
        }
    }
}

impl Exports {
    /// Reads `flag FORMAT FILE` pairs (a flat list, two values a use, as clap collects them) and
    /// creates every file.
    pub fn create(flag: &str, values: &[String]) -> Result<Exports> {
        let files = parse_exports(values)
            .map_err(|e| match e {
                Error::Config(message) => Error::Config(message.replace("--export", flag)),
                other => other,
            })?
            .into_iter()
            .map(|(format, path)| {
                let file = std::fs::File::create(&path).map_err(|source| Error::Io {
                    action: IoAction::Create,
                    path: path.clone(),
                    source,
                })?;
                Ok((format, path, file))
            })
            .collect::<Result<_>>()?;
        Ok(Exports {
            files,
            written: false,
        })
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// Writes `table` to every file, replacing what an earlier write put there.
    pub fn write(&mut self, table: &Table) -> Result<()> {
        use std::io::{Seek, Write};
        self.written = true;
        for (format, path, file) in &mut self.files {
            let text = table.render(*format);
            let written = file
                .set_len(0)
                .and_then(|()| file.rewind())
                .and_then(|()| file.write_all(text.as_bytes()))
                .and_then(|()| file.flush());
            written.map_err(|source| Error::Io {
                action: IoAction::Write,
                path: path.clone(),
                source,
            })?;
        }
        Ok(())
    }
}

/// Writes `table` to every requested file.
pub fn write_all(table: &Table, exports: &[(ExportFormat, PathBuf)]) -> Result<()> {
    for (format, path) in exports {
        table.write(*format, path)?;
    }
    Ok(())
}

/// The model name of the CPU (from `/proc/cpuinfo` on Linux; the architecture elsewhere).
pub fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| std::env::consts::ARCH.to_string())
}

/// `CPU model, N threads (M logical cores)`: what a measurement ran on.
pub fn machine(threads: Option<usize>) -> String {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    format!(
        "{}, {} threads ({} logical cores), {}",
        cpu_model(),
        threads.unwrap_or_else(rayon::current_num_threads),
        cores,
        std::env::consts::OS
    )
}

/// `paper`, `default` or `walk` when `config` is that preset (any seed and generation cap),
/// else `custom`.
pub fn preset_name(config: &GaConfig) -> String {
    for (preset, name) in [
        (Preset::Paper, "paper"),
        (Preset::Default, "default"),
        (Preset::Walk, "walk"),
        (Preset::Row, "row"),
    ] {
        let mut p = GaConfig::preset(preset);
        p.seed = config.seed;
        p.max_generations = config.max_generations;
        if p == *config {
            return name.to_string();
        }
    }
    "custom".to_string()
}

/// Every GA setting on one line, for the notes of a measurement, with the values spelled as
/// the command line takes them (`crossover band 0.3`, `mutation directed 0.5 per child`).
pub fn settings(config: &GaConfig) -> String {
    let on = |b: bool| if b { "on" } else { "off" };
    let row_ga = if config.encoding != crate::ga::Encoding::Block
        || config.selection_rate != 1.0
        || config.adaptive
    {
        format!(
            ", encoding {}, selection rate {}, adaptive {} (crossover max {}, target {}; \
             mutation min {}; step {})",
            cli_name(&config.encoding),
            config.selection_rate,
            on(config.adaptive),
            config.crossover_max,
            config.crossover_target,
            config.mutation_min,
            config.rate_step
        )
    } else {
        String::new()
    };
    format!(
        "population {}, islands {}, elites {}, tournament {}, crossover {} {}, mutation {} {} per {}, \
         box assignments {} (noise {}), local search {}, aging {}, restart after {} (keep {}), migration {}, \
         init {}, presolve {}, max generations {}, seed {}{row_ga}",
        config.population_size,
        config.islands,
        config.elites,
        config.tournament_size,
        cli_name(&config.crossover),
        config.crossover_rate,
        cli_name(&config.mutation),
        config.mutation_rate,
        cli_name(&config.mutation_scope),
        config.assign_steps,
        config.assign_noise,
        config.local_search_children,
        on(config.aging),
        config.restart_after,
        config.restart_keep,
        config.migration_interval,
        cli_name(&config.init),
        on(config.presolve),
        config.max_generations,
        config.seed
    )
}

/// The ACS settings as the command line spells them (`--ants`, `--q0`, ...).
pub fn aco_settings(config: &crate::aco::AcoConfig) -> String {
    format!(
        "ants {}, q0 {}, rho {}, evaporation {}, local-update {}, colonies {}, stagnation {}, \
         exchange {}, max iterations {}, seed {}",
        config.ants,
        config.q0,
        config.rho,
        config.evaporation,
        config.local_update,
        config.colonies,
        config.restart_after,
        config.exchange_interval,
        config.max_iterations,
        config.seed
    )
}

/// The name the command line uses for `value` (`band`, `multi-parent`, `child`).
pub fn cli_name<T: clap::ValueEnum>(value: &T) -> String {
    value
        .to_possible_value()
        .map_or_else(|| "?".to_string(), |v| v.get_name().to_string())
}

/// `1 puzzle`, `2 puzzles`, `0 puzzles`: a count with its noun in the right number (nouns that
/// take an `s`).
pub fn count(n: impl TryInto<u64> + Copy + std::fmt::Display, noun: &str) -> String {
    let one = n.try_into().is_ok_and(|v| v == 1);
    if one {
        return format!("{n} {noun}");
    }
    // "colony" -> "colonies", but "day" -> "days".
    match noun.strip_suffix('y') {
        Some(stem) if !stem.ends_with(['a', 'e', 'i', 'o', 'u']) => format!("{n} {stem}ies"),
        _ => format!("{n} {noun}s"),
    }
}
