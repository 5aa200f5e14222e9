//! `--shard I/N`, shared by the batch commands (`suite`, `rate`, `generate`, `paper`, `study`):
//! one definition of the option and its help.

use clap::Args;
use evoku::shard::Shard;

#[derive(Args, Debug, Clone, Copy)]
pub struct ShardArgs {
    /// Run only shard I of N (1 <= I <= N) of the batch: the work items whose index in the
    /// batch's fixed order, counted from 0, is I-1 modulo N (suite: instance x run; rate: puzzle;
    /// paper: puzzle x operator set; study: parameter value x puzzle; generate: puzzle or
    /// instance index). Every item keeps the seed and result it has in the whole batch, so the N
    /// shards' JSON lines (`--json`, `--export jsonl`, `--export-runs jsonl`) concatenated are
    /// the whole batch's; summaries cover the shard's items only. In a Slurm job array
    /// (`sbatch --array=1-N`): `--shard $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT`.
    #[arg(long, value_name = "I/N", value_parser = Shard::parse, default_value = "1/1", allow_hyphen_values = true)]
    pub shard: Shard,
}

impl ShardArgs {
    /// Adds `shard: I/N` to a table's notes when this is one shard of several.
    pub fn note(&self, table: &mut evoku::export::Table) {
        if !self.shard.is_all() {
            table.meta(
                "shard",
                format!("{} (this table covers the shard's items only)", self.shard),
            );
        }
    }
}
