//! What the Ant Colony System's CPU and GPU engines share: the run parameters, the colony and ant
//! records in the GPU's word layout, the geometry tables, and the fixed-point pheromone arithmetic.
//!
//! The Rust twin of `crates/evoku/shaders/aco/common.wgsl`: its structs `AcoParams` and `Colony` are generated
//! from [`AcoParams`] and [`Colony`] here (`gpu_struct!`), its constants (`NO_CHOICE`, `DONE_BIT`,
//! `ANT_HEADER_WORDS`, the `A_*` header words, the workgroup sizes) and bindings from their Rust
//! homes, into the prelude (`crates/evoku/src/aco/prelude.rs`); its `tables` binding is [`AcoTables`], its
//! `mul_q16` and `blend` are [`mul_q16`] and [`blend`] (`mul_hi` is `crates/evoku/src/rng.rs`'s). The ant record's
//! accessors (`is_single`, `ant_digit`, ...) are `crates/evoku/src/aco/cpu/propagate.rs`'s.
//!
//! # Fixed-point pheromone
//!
//! Pheromone is a `u32` in units of `tau0 / 2^k`, i.e. `tau0 = 2^k` units, so `1.0 = c * 2^k`
//! units for `c` cells. The largest value any update can produce is the largest deposit
//! `dtau = c / (c - f) <= c`, that is `c^2 * 2^k` units; `k` is the largest shift with
//! `c^2 * 2^k < 2^32` (19 at 9x9, 15 at 16x16, 13 at 25x25, 7 at 64x64), so no update overflows
//! and `tau0` keeps 7 to 24 bits of resolution. Every update is a convex combination
//! `(1 - r) * tau + r * x` computed as `tau - mul_q16(tau, r) + mul_q16(x, r)` with the rate `r`
//! quantised to 1/65536 and `mul_q16` an exact floor of `x * r / 65536`: the result never exceeds
//! `max(tau, x)`, and the CPU and the GPU compute the same integers. Decisions are integer too: the
//! greedy choice is an argmax, the roulette draws below the sum of the weights `tau >> s`, the
//! shift `s` chosen per cell so that the sum fits 32 bits. Floating point would need proof that
//! both sides round alike (no fused multiply-add, same order); integers need none.

use crate::board::Geometry;

/// Words of an ant's header in the `ants` buffer (before its candidates and its stack).
pub const ANT_HEADER_WORDS: u32 = 16;
/// Words of an ant's dirty units (rows, columns, boxes: `3 n` bits, 192 at 64x64).
/// `crates/evoku/shaders/aco/propagate.wgsl` reads them unrolled, without a loop (see there).
pub const DIRTY_WORDS: u32 = (3 * crate::board::MAX_BOX_SIZE.pow(2) as u32).div_ceil(32);
/// Word offsets of an ant's header fields in the `ants` buffer (`Ant::words`); `DIRTY` starts the
/// [`DIRTY_WORDS`] words of the dirty units.
pub mod ant_header {
    pub const POINTER: u32 = 0;
    pub const STACK_LEN: u32 = 1;
    pub const FILLED: u32 = 2;
    pub const CHOICE_CELL: u32 = 3;
    pub const CHOICE_DIGIT: u32 = 4;
    pub const EMPTY_VISITS: u32 = 5;
    pub const BUDGET_STOPS: u32 = 6;
    pub const VISITS: u32 = 7;
    pub const DIRTY: u32 = 8;
    /// Every field, by its WGSL name (`A_<NAME>`).
    pub const ALL: [(&str, u32); 9] = [
        ("POINTER", POINTER),
        ("STACK_LEN", STACK_LEN),
        ("FILLED", FILLED),
        ("CHOICE_CELL", CHOICE_CELL),
        ("CHOICE_DIGIT", CHOICE_DIGIT),
        ("EMPTY_VISITS", EMPTY_VISITS),
        ("BUDGET_STOPS", BUDGET_STOPS),
        ("VISITS", VISITS),
        ("DIRTY", DIRTY),
    ];
}
const _: () = assert!(ant_header::DIRTY + DIRTY_WORDS <= ANT_HEADER_WORDS);
const _: () = assert!(DIRTY_WORDS == 6, "propagate.wgsl unrolls six dirty words");
/// Invocations per workgroup of `tour`: the ants of one or more colonies, so also the most
/// ants a colony may have (`crate::aco::MAX_ANTS`): a step's local updates wait for every ant of
/// the colony at a workgroup barrier. 128 (it was 32) leaves room below WebGPU's guaranteed 256
/// invocations; results do not depend on it (only on the colonies and their ants).
pub const TOUR_WORKGROUP: u32 = 128;
/// Invocations per workgroup of the per-colony stages (`colony_update`, `exchange`).
pub const COLONY_WORKGROUP: u32 = 64;
/// `choice_cell` of an ant that made no choice in its last step.
pub const NO_CHOICE: u32 = u32::MAX;
/// The done flag of a cell in the GPU layout: bit 31 of the cell's last candidate word.
pub const DONE_BIT: u32 = 1 << 31;
/// Most candidate words per cell: the shaders hold a cell's candidates in a `vec2<u32>` (64
/// digits), and a 64x64 cell's done flag takes a third word.
pub const MAX_CAND_WORDS: u32 = 3;

/// Candidate words per cell of a board of `side` digits in the GPU layout: the digits
/// (bit `d % 32` of word `d / 32` for digit `d + 1`) and the done flag ([`DONE_BIT`] of the last
/// word) in as few 32-bit words as hold `side + 1` bits: one up to 25x25 (31 digits), two at
/// 36x36 and 49x49, three at 64x64.
pub const fn cand_words(side: u32) -> u32 {
    (side + 1).div_ceil(32)
}
const _: () = assert!(cand_words(crate::board::MAX_BOX_SIZE.pow(2) as u32) <= MAX_CAND_WORDS);

/// Appends one cell's candidate words (`cand_words` of them, see [`cand_words`]) to `out`: the
/// one encoding of the start board ([`AcoTables::words`]) and of an ant's board (`Ant::words`).
#[inline]
pub fn push_cand_words(out: &mut Vec<u32>, mask: u64, done: bool, cand_words: u32) {
    let at = out.len();
    out.push(mask as u32);
    if cand_words > 1 {
        out.push((mask >> 32) as u32);
    }
    if cand_words > 2 {
        out.push(0);
    }
    if done {
        out[at + cand_words as usize - 1] |= DONE_BIT;
    }
}

/// Largest propagation budget of one ant step, in loop iterations as lavapipe counts them (see [`AcoParams::step_budget`]): below lavapipe's 65,535 with room for the rest of a step.
pub const MAX_STEP_BUDGET: u32 = 40_000;

crate::gpu_struct! {
/// Everything a stage needs to know about the run, as `u32`s.
#[derive(Clone, Copy, Debug, PartialEq, Eq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct AcoParams {
    pub box_size: u32,
    pub side: u32,
    pub cells: u32,
    /// Peers of a cell: `2 (n - 1) + (b - 1)^2`.
    pub npeers: u32,
    pub ants: u32,
    pub colonies: u32,
    /// Colonies sharing one `tour` workgroup (`TOUR_WORKGROUP / ants`); GPU only.
    pub colonies_per_group: u32,
    /// Ant steps one `tour` dispatch runs; GPU only, results do not depend on it.
    pub steps_per_dispatch: u32,
    /// Probability of the greedy choice, in 1/65536.
    pub q0_q16: u32,
    pub rho_q16: u32,
    pub evaporation_q16: u32,
    pub local_q16: u32,
    /// `tau0 = 2^k` units.
    pub tau0: u32,
    /// `mul_q16(tau0, local_q16)`: the local update's constant term.
    pub local_add: u32,
    /// `c^2 * 2^k`: the deposit of an ant that filled `f` cells is `dtau_numerator / (c - f)`.
    pub dtau_numerator: u32,
    /// Restart a colony after this many iterations without a fuller ant; 0 = never.
    pub restart_after: u32,
    /// Every this many iterations a colony may adopt its ring neighbour's best; 0 = never.
    pub exchange_interval: u32,
    /// Loop iterations (as lavapipe counts them) the propagation of one ant step may spend; work
    /// left over waits for the ant's next step. Large enough that it almost never binds.
    pub step_budget: u32,
    /// Budget one piece of propagation work costs, a propagated cell or a unit scan alike:
    /// `max(npeers, 2 n) + 3`, the loop iterations of the one inner loop both run through.
    pub work_cost: u32,
    pub seed_lo: u32,
    pub seed_hi: u32,
    /// Words per ant in the `ants` buffer: header, candidates, stack.
    pub ant_words: u32,
    /// Words per colony in the `records` buffer: the best-so-far and the overall best, each
    /// `filled` then one digit per cell.
    pub record_words: u32,
    /// Cells filled on the propagated givens every ant starts from.
    pub start_filled: u32,
    /// Steps of a tour: one per cell plus slack for steps that only resume propagation the
    /// budget cut short, so that such an ant still visits every cell.
    pub tour_steps: u32,
    /// Words per cell of an ant's candidates ([`cand_words`]).
    pub cand_words: u32,
    /// The run's number of this engine's first colony: 0, unless the engine holds part of a
    /// run's colonies across devices (`MultiGpuAco`). Colony `c` here is the run's colony
    /// `first_colony + c` ([`AcoParams::run_colony`]).
    pub first_colony: u32,
    /// Colonies of one puzzle's run: the length of its exchange ring. `colonies` for one
    /// puzzle; fewer for an engine holding a part (its first colony then takes its neighbour's
    /// best from the ghost record after its own, which the host fills); a batch of puzzles
    /// (`GpuAco::new_batch`) holds `colonies / run_colonies` puzzles' runs one after another.
    pub run_colonies: u32,
}
}

crate::gpu_struct! {
/// Per-colony bookkeeping: written by `tour` (`step`), `colony_update` and `exchange`,
/// read by the host.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct Colony {
    /// Iterations completed (frozen once solved).
    pub iteration: u32,
    /// Ant steps of the current iteration done so far (0..=tour_steps).
    pub step: u32,
    pub solved: u32,
    /// The deposit of the best-so-far solution, evaporating each iteration (the authors'
    /// `bestPher`); 0 after a restart.
    pub best_value: u32,
    /// Cells filled by the best-so-far solution (the one the global update reinforces).
    pub best_filled: u32,
    /// Most cells any ant filled since the last restart: stagnation is measured against it.
    pub epoch_max_filled: u32,
    /// Most cells any ant of this colony ever filled.
    pub overall_best_filled: u32,
    pub overall_best_iteration: u32,
    pub iteration_best_filled: u32,
    pub iteration_best_ant: u32,
    /// Iterations since `epoch_max_filled` last grew.
    pub stagnation: u32,
    pub restarts: u32,
    /// Times the colony adopted its neighbour's best.
    pub exchanges: u32,
    /// 1 when this iteration's `colony_update` restarted the colony: `restart` then resets its
    /// pheromone (a stage of its own, so that no invocation loops over a whole pheromone table).
    pub restart_pending: u32,
    pub _pad: [u32; 2],
}
}

/// `Colony::solved` of a colony whose puzzle a batch is done with (`GpuAco::new_batch`): every
/// stage leaves it alone, as it leaves a solved colony.
pub const COLONY_FROZEN: u32 = 2;

impl AcoParams {
    pub fn seed(&self) -> u64 {
        (self.seed_hi as u64) << 32 | self.seed_lo as u64
    }

    /// The run's number of engine colony `colony` (`run_colony` in `common.wgsl`): the engine's
    /// colonies follow `first_colony`, a batch's puzzles' runs one after another.
    #[inline]
    pub fn run_colony(&self, colony: u32) -> u32 {
        self.first_colony + colony
    }

    /// The puzzle of engine colony `colony`: 0 but in a batch (`puzzle_of` in `common.wgsl`).
    #[inline]
    pub fn puzzle_of(&self, colony: u32) -> u32 {
        self.run_colony(colony) / self.run_colonies
    }

    /// The colony's number in its puzzle's run, which keys its random streams: a batch's
    /// puzzle draws what it draws alone (`stream_colony` in `common.wgsl`).
    #[inline]
    pub fn stream_colony(&self, colony: u32) -> u32 {
        self.run_colony(colony) % self.run_colonies
    }

    /// The engine colony whose overall best colony `colony` may adopt at an exchange: the one
    /// before it in its puzzle's ring, or `colonies` (the ghost record) where that one lives on
    /// another device (`ring_neighbour` in `common.wgsl`).
    #[inline]
    pub fn ring_neighbour(&self, colony: u32) -> u32 {
        let run = self.run_colony(colony);
        let neighbour = if run.is_multiple_of(self.run_colonies) {
            run + self.run_colonies - 1
        } else {
            run - 1
        };
        match neighbour.checked_sub(self.first_colony) {
            Some(local) if local < self.colonies => local,
            _ => self.colonies,
        }
    }

    /// `pheromone` index of (cell, digit index `d` = digit - 1).
    #[inline(always)]
    pub fn pher_index(&self, cell: usize, d: usize) -> usize {
        cell * self.side as usize + d
    }

    /// Pheromone words per colony.
    pub fn pher_words(&self) -> usize {
        self.cells as usize * self.side as usize
    }

    /// The memory of the run's colonies (`run_colonies` of them): each its pheromone table, its
    /// records and its ants' boards, the larger of the CPU engine's ant (a candidate word, a
    /// done flag and a stack entry per cell: 13 bytes) and the GPU's (`ant_words`).
    pub fn host_bytes(&self) -> crate::state_size::MemoryPart {
        let cpu_ant = self.cells as u64 * 13 + 128;
        let ant = cpu_ant.max(self.ant_words as u64 * 4);
        let colony =
            4 * (self.pher_words() as u64 + self.record_words as u64) + self.ants as u64 * ant;
        crate::state_size::MemoryPart {
            what: "ACS colonies".into(),
            options: "--colonies x --ants",
            bytes: colony.saturating_mul(self.run_colonies as u64),
        }
    }

    /// The deposit of an ant that filled `filled` cells: `c / (c - f)` in fixed point.
    #[inline]
    pub fn dtau(&self, filled: u32) -> u32 {
        if filled >= self.cells {
            self.dtau_numerator
        } else {
            self.dtau_numerator / (self.cells - filled)
        }
    }
}

/// The largest `k` with `c^2 * 2^k < 2^32` (see the module documentation).
pub fn pheromone_shift(cells: u32) -> u32 {
    let square = cells as u64 * cells as u64;
    let mut k = 0;
    while square << (k + 1) < 1u64 << 32 {
        k += 1;
    }
    k
}

/// `floor(x * rate_q16 / 65536)`, exactly, in 32-bit arithmetic (`rate_q16 <= 65536`).
#[inline(always)]
pub fn mul_q16(x: u32, rate_q16: u32) -> u32 {
    (x >> 16) * rate_q16 + (((x & 0xffff) * rate_q16) >> 16)
}

/// `(1 - rate) * tau + rate * target`, the form of every pheromone update.
#[inline(always)]
pub fn blend(tau: u32, target: u32, rate_q16: u32) -> u32 {
    tau - mul_q16(tau, rate_q16) + mul_q16(target, rate_q16)
}

/// The geometry tables every stage reads; the GPU gets them as one `u32` array
/// ([`AcoTables::words`]).
#[derive(Clone, Debug)]
pub struct AcoTables {
    pub geometry: Geometry,
    pub side: usize,
    pub cells: usize,
    pub npeers: usize,
    /// Peers of each cell in increasing order, `npeers` per cell.
    pub peers: Vec<u32>,
    /// Cells of each unit (rows 0..n, columns n..2n, boxes 2n..3n), `side` per unit.
    pub units: Vec<u32>,
    /// Row, column and box unit of each cell.
    pub cell_units: Vec<[u32; 3]>,
    /// The puzzle after propagation: candidates per cell (single bit for a fixed cell, 0 for a
    /// cell propagation emptied).
    pub start: Vec<u64>,
    /// Cells of `start` that are fixed (and propagated).
    pub start_filled: u32,
}

/// Steps a tour adds to one per cell for ants whose propagation the budget cut short (see
/// [`AcoParams::tour_steps`]); at 25x25 45 % the default budget cuts one step short per 60 tours.
pub fn tour_slack(cells: u32) -> u32 {
    (cells / 16).max(16)
}

/// The cost of one piece of propagation work (see [`AcoParams::work_cost`]).
pub fn work_cost(geometry: Geometry) -> u32 {
    peer_count(geometry).max(2 * geometry.side() as u32) + 3
}

/// A cell's peers: the rest of its row and of its column, and of its box outside them.
pub fn peer_count(geometry: Geometry) -> u32 {
    let b = geometry.box_size() as u32;
    let n = geometry.side() as u32;
    2 * (n - 1) + (b - 1) * (b - 1)
}

/// The propagation budget of one ant step: four times a whole board's worth of work, at most
/// [`MAX_STEP_BUDGET`] (so that several steps of a 9x9 ant fit one lavapipe dispatch), and at most
/// `room`: what lavapipe's loop budget leaves beside the rest of a one-step dispatch (the start
/// board's copy above all; it binds at 64x64 only). `requested` (non-zero) overrides it, for tests.
pub fn step_budget(geometry: Geometry, requested: u32, room: u64) -> u32 {
    if requested != 0 {
        return requested;
    }
    let whole = 4 * geometry.cells() as u64 * work_cost(geometry) as u64;
    whole.min(MAX_STEP_BUDGET as u64).min(room) as u32
}
