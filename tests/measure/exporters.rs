//! Measurement: the exporters, JSON, CSV, Markdown and text, each with every row and column.

use super::*;

fn sample_table() -> Table {
    let mut t = Table::new("sample", &["name", "runs", "rate", "note"]);
    t.meta("machine", "test");
    t.push(vec!["a, b".into(), 3u32.into(), 0.25.into(), Value::Empty]);
    t.push(vec![
        "quote \"q\"".into(),
        10u32.into(),
        1234.5.into(),
        "x|y".into(),
    ]);
    t
}

#[test]
fn json_export_round_trips() {
    let t = sample_table();
    let back = Table::from_json(&t.to_json()).expect("parses");
    assert_eq!(back, t);
    let json: serde_json::Value = serde_json::from_str(&t.to_json()).unwrap();
    assert_eq!(json["rows"][0]["runs"], 3);
    assert_eq!(json["rows"][0]["note"], serde_json::Value::Null);
    assert_eq!(json["meta"]["machine"], "test");
}

#[test]
fn csv_export_has_the_columns_and_quotes_fields() {
    let csv = sample_table().to_csv();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "name,runs,rate,note");
    assert_eq!(lines[1], "\"a, b\",3,0.25,");
    assert_eq!(lines[2], "\"quote \"\"q\"\"\",10,1234.5,x|y");
    assert_eq!(lines.len(), 3);
}

#[test]
fn markdown_and_text_exports_have_every_row() {
    let t = sample_table();
    let md = t.to_markdown();
    assert!(md.contains("| name | runs | rate | note |"));
    assert!(md.contains("|---|---:|---:|---|"));
    assert!(md.contains("x\\|y"), "pipes escaped: {md}");
    assert_eq!(md.lines().filter(|l| l.starts_with("| ")).count(), 3);
    let text = t.to_text();
    assert!(text.contains("machine: test"));
    assert_eq!(text.lines().count(), 1 + 1 + 1 + 2);
    let dir = temp_dir("export");
    let exports = export::parse_exports(&[
        "csv".into(),
        dir.join("t.csv").to_string_lossy().into_owned(),
        "markdown".into(),
        dir.join("t.md").to_string_lossy().into_owned(),
    ])
    .unwrap();
    assert_eq!(exports[0].0, ExportFormat::Csv);
    export::write_all(&t, &exports).unwrap();
    assert_eq!(
        std::fs::read_to_string(dir.join("t.csv")).unwrap(),
        t.to_csv()
    );
    assert!(export::parse_exports(&["xml".into(), "f".into()]).is_err());
    assert!(export::parse_exports(&["csv".into()]).is_err());
}
