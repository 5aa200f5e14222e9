//! Measurement: a CPU-only bench, its work counted.

use super::*;

#[test]
fn bench_without_gpu_counts_cpu_work() {
    let mut config = GaConfig::preset(Preset::Paper);
    config.islands = 2;
    config.population = 10;
    let options = BenchOptions {
        config,
        preset: "paper".into(),
        puzzles: vec![bench::default_puzzle(3).unwrap()],
        generations: Some(3),
        repetitions: 2,
        threads: Some(1),
        gpu: GpuChoice::Skip("test: CPU only".into()),
    };
    let mut lines = 0;
    let report = bench::run(&options, &mut |_| lines += 1).unwrap();
    assert!(lines > 0);
    assert_eq!(report.rows.len(), 1);
    let row = &report.rows[0];
    assert_eq!((row.size, row.generations), (9, 3));
    assert_eq!(row.cpu.rates.len(), 2);
    assert_eq!(row.cpu.solved_islands, 0);
    // 2 islands x 10 individuals x 3 generations x 2 repetitions.
    assert_eq!(row.cpu.individual_generations, 120);
    assert!(row.cpu.median > 0.0 && row.cpu.min <= row.cpu.median && row.cpu.median <= row.cpu.max);
    assert!(row.gpu.is_none() && row.gpu_cpu_ratio.is_none());
    assert_eq!(report.gpu_note.as_deref(), Some("test: CPU only"));
    assert_eq!(
        (report.islands, report.population, report.cpu_threads),
        (2, 10, 1)
    );
    let table = report.table();
    assert_eq!(table.get(0, "gpu_median"), Some(&Value::Empty));
    assert_eq!(table.get(0, "size"), Some(&Value::Int(9)));
    assert!(table
        .meta
        .iter()
        .any(|(k, v)| k == "gpu" && v.contains("test: CPU only")));
    // The built-in puzzles carry one wrong given, so no island ever solves and stops breeding.
    let nine = bench::default_puzzle(3).unwrap();
    assert!(nine.name.contains("wrong given"), "{}", nine.name);
    assert!(evoku::exact::solve(&nine.grid, &Default::default()).has_no_solution());
    assert!(evoku::exact::propagate(&nine.grid).is_ok());
    assert_eq!(bench::default_puzzle(4).unwrap().grid.geometry().side(), 16);
    assert_eq!(bench::default_puzzle(5).unwrap().grid.geometry().side(), 25);
}
