//! Measured results as one table structure, and one exporter per format (text, JSON, CSV,
//! Markdown), as hyperfine does: every measuring command fills a [`Table`] and picks a format.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value as Json};

use crate::choice::choice_enum;
use crate::error::{Error, Result};
use crate::output_file::Claims;

mod describe;
mod value;

pub use describe::{aco_settings, cli_name, count, cpu_model, machine, preset_name, settings};
pub use value::Value;

choice_enum! {
    /// The file formats of `--export FORMAT FILE`.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
    #[serde(rename_all = "kebab-case")]
    pub enum ExportFormat ("export format") {
        /// One JSON document: title, notes, columns and rows.
        Json => "json",
        /// One JSON object per row per line, no title or notes: the shards of a batch
        /// (`--shard I/N`) merge by concatenating their files.
        Jsonl => "jsonl",
        /// Comma-separated values, a header row first.
        Csv => "csv",
        /// A Markdown table.
        Markdown => "markdown",
    }
}

impl ExportFormat {
    /// The format named `name` (ASCII case ignored; `md` is Markdown).
    pub fn parse(name: &str) -> Result<ExportFormat> {
        match name.to_ascii_lowercase().as_str() {
            "md" => Ok(ExportFormat::Markdown),
            other => crate::choice::parse(other).map_err(|_| {
                Error::invalid_option(
                    "--export",
                    format!("'{other}'"),
                    "json, jsonl, csv or markdown",
                )
            }),
        }
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
            ExportFormat::Jsonl => self.with_partial_column().to_json_lines(),
            ExportFormat::Csv => self.with_partial_column().to_csv(),
            ExportFormat::Markdown => self.to_markdown(),
        }
    }

    /// CSV and JSON lines have no place for the notes, so a table marked `partial` (a run
    /// stopped by a signal) gets a last column `partial`, `yes` (CSV) or `true` (JSONL) on
    /// every row; an unmarked table is unchanged.
    fn with_partial_column(&self) -> std::borrow::Cow<'_, Table> {
        if !self.meta.iter().any(|(key, _)| key == "partial") {
            return std::borrow::Cow::Borrowed(self);
        }
        let mut table = self.clone();
        table.columns.push("partial".into());
        for row in &mut table.rows {
            row.push(Value::Bool(true));
        }
        std::borrow::Cow::Owned(table)
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

    /// Every row as one compact JSON object (`{column: value}`) per line.
    pub fn to_json_lines(&self) -> String {
        let mut text = String::new();
        for row in &self.rows {
            let object: Map<String, Json> = self
                .columns
                .iter()
                .zip(row)
                .map(|(c, v)| (c.clone(), v.to_json()))
                .collect();
            text.push_str(&Json::Object(object).to_string());
            text.push('\n');
        }
        text
    }

    /// Reads back what [`Table::to_json`] wrote (the order of `meta` keys is not kept).
    pub fn from_json(text: &str) -> Result<Table> {
        let bad = |what: &str| Error::Config(format!("not an evoku table: {what}"));
        let top: Json = serde_json::from_str(text).map_err(|source| Error::Json {
            what: "not an evoku table".into(),
            source,
        })?;
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

    /// Writes the table to `path` whole, or leaves what was there ([`crate::output_file`]).
    pub fn write(&self, format: ExportFormat, path: &Path) -> Result<()> {
        crate::output_file::write(path, self.render(format).as_bytes())
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
            "--export takes two values: FORMAT (json, jsonl, csv, markdown) and FILE".into(),
        ));
    }
    values
        .chunks_exact(2)
        .map(|pair| Ok((ExportFormat::parse(&pair[0])?, PathBuf::from(&pair[1]))))
        .collect()
}

/// The export files of one command, each checked when the command starts (a bad path, or one
/// path given for two outputs, fails at once, naming it, before any run, as hyperfine does) and
/// written at the end, or with the runs finished so far when the command is stopped. Each write
/// replaces the file whole ([`crate::output_file`]): a command that fails or is stopped before
/// it writes leaves what the files held before.
#[derive(Debug)]
pub struct Exports {
    files: Vec<(ExportFormat, PathBuf)>,
}

impl Exports {
    /// Reads `flag FORMAT FILE` pairs (a flat list, two values a use, as clap collects them),
    /// claims every file in `claims` and checks that it can be written.
    pub fn create(flag: &str, values: &[String], claims: &mut Claims) -> Result<Exports> {
        let files = parse_exports(values).map_err(|e| match e {
            Error::Config(message) => Error::Config(message.replace("--export", flag)),
            Error::InvalidOption { value, allowed, .. } => Error::InvalidOption {
                option: flag.to_string(),
                value,
                allowed,
            },
            other => other,
        })?;
        for (format, path) in &files {
            claims.claim(
                &format!("{flag} {}", crate::choice::Choice::name(*format)),
                path,
            )?;
        }
        Ok(Exports { files })
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// Writes `table` to every file, replacing what an earlier write put there.
    pub fn write(&mut self, table: &Table) -> Result<()> {
        for (format, path) in &self.files {
            crate::output_file::write(path, table.render(*format).as_bytes())?;
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
