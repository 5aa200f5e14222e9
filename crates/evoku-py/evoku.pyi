"""evoku: Sudoku of any size (4x4 to 64x64): solve, rate and generate with a genetic algorithm,
an Ant Colony System and an exact solver, on the CPU or the GPU; numpy arrays in and out.

Puzzles are given as a numpy array (or anything ``numpy.asarray`` takes) of shape (N, n*n) or
(N, n, n) and any integer dtype, 0 for an empty cell and 1..n for a digit; as a list of strings in
evoku's line format (``"4.....8.5.3..."``); or as a path (``str`` or ``os.PathLike``) to a file
in any format ``evoku solve`` reads. Bad input raises ``ValueError`` naming the puzzle's index,
line and column (for a file: the file, line and column).

Every keyword argument is the ``evoku`` command's option of the same name, with its default and
its checks. A run is a function of the puzzle, the settings and the seed: the same seed gives the
same result, whatever the thread count, the batch or the backend. The GIL is released while
evoku works; Ctrl-C raises ``KeyboardInterrupt`` within a second.
"""

import os
from typing import Any, Dict, List, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

__version__: str

Puzzles = Union[npt.ArrayLike, Sequence[str], str, "os.PathLike[str]"]

class SolveResult:
    """What ``solve`` found, one row per puzzle in the puzzles' order."""

    solutions: npt.NDArray[np.uint8]
    """(N, n*n): each solution, row by row; all 0 for an unsolved puzzle."""
    solved: npt.NDArray[np.bool_]
    """(N,): whether the puzzle was solved."""
    seconds: npt.NDArray[np.float64]
    """(N,): wall time of each solve."""
    solved_by: npt.NDArray[np.str_]
    """(N,): what found the solution (``exact``, ``presolve``, ``aco``, ``walk``, a GA preset);
    ``""`` when unsolved."""
    generations: npt.NDArray[np.uint64]
    """(N,): GA generations or ACS iterations run."""
    evaluations: npt.NDArray[np.uint64]
    """(N,): individual-generations (GA), ant tours (ACS) or search nodes (exact)."""
    best: npt.NDArray[np.uint8]
    """(N, n*n): the best grid found (the solution when solved); all 0 when no run was made."""
    def to_json(self) -> List[str]:
        """One JSON object per puzzle, with the fields of ``evoku solve --json``."""
    def __len__(self) -> int: ...

class RateResult:
    """The ratings of ``rate``, one entry per puzzle in the puzzles' order."""

    level: npt.NDArray[np.uint8]
    """(N,): the level, 1 (easy) to 5 (extreme)."""
    score: npt.NDArray[np.float64]
    """(N,): the score behind the level (Sudoku Explainer's scale on the technique ladder)."""
    entropy: npt.NDArray[np.float64]
    """(N,): the entropy along the search path to the solution, in bits."""
    technique: npt.NDArray[np.str_]
    """(N,): the hardest technique the ladder used; ``""`` when none was needed."""
    solutions: npt.NDArray[np.int64]
    """(N,): solutions found, up to 2 (2 means two or more)."""
    ga_solved: npt.NDArray[np.int64]
    """(N,): GA runs that solved the puzzle; -1 when skipped (``runs=0``)."""
    ga_mean_generations: npt.NDArray[np.float64]
    """(N,): mean generations of the GA's runs; NaN when skipped."""
    def to_json(self) -> List[str]:
        """One JSON object per puzzle, with the fields of ``evoku rate --json``."""
    def __len__(self) -> int: ...

class GenerateResult:
    """The puzzles ``generate`` made, one row per puzzle."""

    puzzles: npt.NDArray[np.uint8]
    """(N, n*n): the puzzles, row by row, 0 for an empty cell."""
    solutions: npt.NDArray[np.uint8]
    """(N, n*n): their solutions (for an instance, the grid its givens were taken from)."""
    level: npt.NDArray[np.uint8]
    """(N,): the level, 1 to 5; 0 for instances (``fill``), which are not rated."""
    score: npt.NDArray[np.float64]
    """(N,): the technique ladder's score; NaN for instances."""
    entropy: npt.NDArray[np.float64]
    """(N,): the entropy in bits; NaN for instances."""
    technique: npt.NDArray[np.str_]
    """(N,): the hardest technique the ladder used; ``""`` for instances."""
    def to_json(self) -> List[str]:
        """One JSON object per puzzle, the fields of ``evoku generate --json`` (without
        ``source``); empty for instances."""
    def __len__(self) -> int: ...

def solve(
    puzzles: Puzzles,
    *,
    backend: str = "auto",
    seed: int = 1,
    time_limit: Optional[float] = None,
    algorithm: str = "auto",
    threads: Optional[int] = None,
    adapter: Optional[str] = None,
    exact_streams: Optional[int] = None,
    no_exact_shortcut: bool = False,
    preset: Optional[str] = None,
    **settings: Union[int, float, str, bool],
) -> SolveResult:
    """Solves every puzzle, as ``evoku solve`` solves each one, the puzzles concurrently on the
    CPU's threads; each result is the one the puzzle gets alone with the same seed and settings.

    backend: ``auto`` (a hardware GPU when there is one, else the CPU), ``cpu`` or ``gpu``.
    seed: the random seed. time_limit: seconds per puzzle; ``None`` the default of the board's
    size, ``0`` no limit. algorithm: ``auto`` (the portfolio of the exact solver, the ACS and the
    walk), ``ga``, ``aco`` or ``exact``. threads: CPU threads (default every core); results do
    not depend on it. adapter: the GPU adapter whose name contains this. exact_streams:
    independent searches of the exact member from 36x36 on. no_exact_shortcut: run the chosen
    method even when the exact solver's no-solution check finds the solution first (to measure
    the GA or the ACS alone); by default that solution is the answer.

    preset: the GA's named settings (``paper``, ``default``, ``walk``, ``row``); given without an
    algorithm it runs the GA, as ``evoku solve --preset`` does. Every other GA and ACS option of
    ``evoku solve`` is a keyword named as the option without its dashes, its value read as the
    option reads it: ``population=400``, ``mutation_rate=0.2``, ``crossover="uniform"``,
    ``presolve=True``, ``islands=8``, ``ants=10``, ``q0=0.1``, ``colonies=4``, ``stagnation=50``.
    An unknown name, an unreadable value or values that do not fit together raise ``ValueError``.
    """

def rate(
    puzzles: Puzzles,
    *,
    runs: Optional[int] = None,
    backend: str = "auto",
    seed: int = 1,
    time_limit: Optional[float] = None,
    threads: Optional[int] = None,
) -> RateResult:
    """Rates every puzzle as ``evoku rate`` does: the technique ladder, the entropy and the GA's
    independent runs.

    runs: GA runs per puzzle (default 100, as ``--runs``); 0 skips the GA rating (fast and
    deterministic). time_limit: seconds of GA rating per puzzle. A puzzle with no solution
    raises ``ValueError``.
    """

def generate(
    size: int = 9,
    level: Union[int, str, None] = None,
    fill: Optional[int] = None,
    count: int = 1,
    seed: int = 1,
    unique: bool = True,
    *,
    symmetric: bool = False,
    threads: Optional[int] = None,
) -> GenerateResult:
    """Generates ``count`` puzzles of side ``size`` as ``evoku generate`` does.

    With ``unique=True`` (the default): puzzles with one solution at ``level`` (1..5 or
    ``easy``, ``medium``, ``hard``, ``expert``, ``extreme``; default ``medium``), rated; fewer
    than ``count`` come back only when a puzzle's attempts all ended at other levels. With
    ``unique=False`` and ``fill`` (percent of cells given): Lloyd & Amos-style instances, as
    ``evoku generate --fill`` makes them (solutions not necessarily unique, not rated). The same
    seed gives the same puzzles.
    """

def run_ga(
    puzzle: Union[npt.ArrayLike, str],
    preset: str = "paper",
    generations: Optional[int] = None,
    seed: int = 1,
    *,
    backend: str = "cpu",
    threads: Optional[int] = None,
    max_points: int = 2000,
) -> Dict[str, Any]:
    """Runs the GA of ``preset`` (``paper``, ``default``, ``walk``, ...) on one puzzle (a string,
    an (n*n,) or (n, n) array, or a batch of one) for at most ``generations`` generations (default:
    the preset's cap), ending when it solves the puzzle, and returns its fitness per generation,
    the trace ``evoku solve --plot`` draws: ``generation``, ``best`` (the lowest penalty, digits
    missing from rows and columns, over every island), ``mean`` (over every individual),
    ``best_so_far`` and ``restarts`` (so far, all islands), one entry per sample (at most
    ``max_points``, evenly spaced); ``restart_generations``, the samples at which an island
    restarted; and ``solved``. The same seed gives the same trace, on any backend and thread count.
    """

def devices() -> List[Dict[str, Any]]:
    """The GPU adapters wgpu sees, one dict each with the keys of ``evoku devices --json``
    (``chosen``: ``backend="gpu"`` opens it; ``matches_adapter_name``: its name passes
    ``WGPU_ADAPTER_NAME``); an empty list when there is none."""
