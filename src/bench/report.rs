//! What `evoku bench` reports: each engine's throughput per board size, and the report as lines
//! and as a table.

use serde::Serialize;

use evoku::export::{self, Table, Value};
use evoku::gpu::AdapterSummary;

/// Throughput of one engine on one puzzle.
#[derive(Clone, Debug, Serialize)]
pub struct Throughput {
    /// Individual-generations per second of each repetition.
    pub rates: Vec<f64>,
    pub median: f64,
    pub min: f64,
    pub max: f64,
    /// Individual-generations timed, over all repetitions.
    pub individual_generations: u64,
    /// Seconds timed, over all repetitions.
    pub seconds: f64,
    /// Islands that solved the puzzle (and so stopped breeding) by the end.
    pub solved_islands: u32,
}

/// One board size.
#[derive(Clone, Debug, Serialize)]
pub struct BenchRow {
    /// Side `n` of the board.
    pub size: usize,
    pub puzzle: String,
    pub givens: usize,
    /// Generations per repetition.
    pub generations: u32,
    /// Islands both engines ran (the GPU-filling count with `islands_auto`).
    pub islands: u32,
    /// Invocations the GPU launched per generation, stage by stage (empty without a GPU column).
    pub gpu_invocations: Vec<(String, u64)>,
    pub cpu: Throughput,
    pub gpu: Option<Throughput>,
    /// Why the GPU column is empty for this size (e.g. the adapter's limits).
    pub gpu_error: Option<String>,
    /// GPU median over CPU median.
    pub gpu_cpu_ratio: Option<f64>,
    /// Both engines ended in the same island states (they should: the GPU is the CPU's twin).
    pub identical: Option<bool>,
}

/// Everything `evoku bench` prints and exports.
#[derive(Clone, Debug, Serialize)]
pub struct BenchReport {
    pub cpu_model: String,
    pub cpu_threads: usize,
    pub adapter: Option<AdapterSummary>,
    /// Why there is no GPU column, when there is none.
    pub gpu_note: Option<String>,
    /// Each adapter the GPU column ran on and its islands (several with `--adapters`).
    pub islands_per_adapter: Vec<(String, u32)>,
    pub preset: String,
    pub population: u32,
    pub islands: u32,
    pub seed: u64,
    pub repetitions: u32,
    pub rows: Vec<BenchRow>,
}

impl BenchReport {
    /// Where it ran, one line each for the CPU and the GPU.
    pub fn describe(&self) -> Vec<(String, String)> {
        let gpu = match (&self.adapter, &self.gpu_note) {
            (Some(a), _) => format!(
                "{} ({}, {}{})",
                a.name,
                a.backend,
                a.device_type,
                if a.software {
                    ", software adapter: figures are not GPU speed"
                } else {
                    ""
                }
            ),
            (None, Some(why)) => format!("none ({why})"),
            (None, None) => "none".into(),
        };
        let gpu = match self.islands_per_adapter.as_slice() {
            several @ [_, _, ..] => several
                .iter()
                .map(|(adapter, islands)| {
                    format!("{adapter}: {}", export::count(*islands, "island"))
                })
                .collect::<Vec<_>>()
                .join("; "),
            _ => gpu,
        };
        vec![
            (
                "cpu".into(),
                format!("{}, {} threads", self.cpu_model, self.cpu_threads),
            ),
            ("gpu".into(), gpu),
            (
                "work".into(),
                format!(
                    "preset {}, population {}, islands {}, seed {}, {} repetitions (median, min, max)",
                    self.preset, self.population, self.islands, self.seed, self.repetitions
                ),
            ),
        ]
    }

    /// The report as a table: one row per board size, rates in individual-generations/s.
    pub fn table(&self) -> Table {
        let mut table = Table::new(
            "Engine throughput (individual-generations per second)",
            &[
                "size",
                "name",
                "generations",
                "islands",
                "cpu_median",
                "cpu_min",
                "cpu_max",
                "gpu_median",
                "gpu_min",
                "gpu_max",
                "gpu_cpu_ratio",
                "identical",
                "gpu_invocations",
                "note",
            ],
        );
        for (k, v) in self.describe() {
            table.meta(&k, v);
        }
        for r in &self.rows {
            let g = r.gpu.as_ref();
            let mut notes = Vec::new();
            if let Some(e) = &r.gpu_error {
                notes.push(format!("GPU not run: {e}"));
            }
            let solved = r.cpu.solved_islands + g.map_or(0, |g| g.solved_islands);
            if solved > 0 {
                notes.push(format!(
                    "{} islands solved and stopped breeding (counted)",
                    r.cpu.solved_islands
                ));
            }
            table.push(vec![
                r.size.into(),
                r.puzzle.as_str().into(),
                r.generations.into(),
                r.islands.into(),
                r.cpu.median.into(),
                r.cpu.min.into(),
                r.cpu.max.into(),
                g.map(|g| g.median).into(),
                g.map(|g| g.min).into(),
                g.map(|g| g.max).into(),
                r.gpu_cpu_ratio.into(),
                r.identical.into(),
                if r.gpu_invocations.is_empty() {
                    Value::Empty
                } else {
                    r.gpu_invocations
                        .iter()
                        .map(|(stage, n)| format!("{stage} {n}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                        .into()
                },
                if notes.is_empty() {
                    Value::Empty
                } else {
                    notes.join("; ").into()
                },
            ]);
        }
        table
    }
}
