"""evoku.solve: the command's results, batch or alone, CPU or GPU; its settings checked."""

import json
import os
import signal
import threading
import time

import numpy as np
import pytest

import evoku
from conftest import NINE, cli_json, lines, to_array, without_times

FIELDS = ["solutions", "solved", "solved_by", "generations", "evaluations", "best"]


def same(a, b):
    """The same runs: the arrays, and the JSON but for the times and the thread count."""
    for field in FIELDS:
        np.testing.assert_array_equal(getattr(a, field), getattr(b, field), err_msg=field)

    def run(line):
        report = without_times(json.loads(line))
        report.pop("threads")
        return report

    assert [run(j) for j in a.to_json()] == [run(j) for j in b.to_json()]


def test_the_result_is_arrays_and_json(hard):
    got = evoku.solve(hard, backend="cpu", seed=3)
    n = len(hard)
    assert len(got) == n
    assert got.solutions.shape == got.best.shape == (n, 81)
    assert got.solved.dtype == np.bool_ and got.solved.shape == (n,)
    assert got.seconds.dtype == np.float64 and (got.seconds >= 0).all()
    assert got.generations.dtype == got.evaluations.dtype == np.uint64
    reports = [json.loads(j) for j in got.to_json()]
    for i, report in enumerate(reports):
        assert report["solved"] == bool(got.solved[i])
        assert report["seed"] == 3
        assert report["evaluations"] == int(got.evaluations[i])
        assert report["generations"] == int(got.generations[i])
        assert (report["solved_by"] or "") == got.solved_by[i]
        if report["solved"]:
            assert report["solution"] == "".join(str(d) for d in got.solutions[i])
            np.testing.assert_array_equal(got.best[i], got.solutions[i])


@pytest.mark.parametrize("algorithm", ["auto", "ga", "aco"])
def test_each_puzzle_of_a_batch_gets_the_run_it_gets_alone(hard, algorithm):
    # No time limit: a run then depends on the puzzle, the settings and the seed only.
    # The method itself runs (not the exact solver's check, which solves a 9x9 at once).
    settings = dict(backend="cpu", seed=11, algorithm=algorithm, time_limit=0, no_exact_shortcut=True)
    batch = evoku.solve(hard, **settings)
    assert batch.solved.all()
    if algorithm != "auto":
        assert (batch.generations > 0).all() and set(batch.solved_by) <= {"walk", "aco"}
    for i, puzzle in enumerate(hard):
        alone = evoku.solve([puzzle], **settings)
        for field in FIELDS:
            np.testing.assert_array_equal(getattr(batch, field)[i], getattr(alone, field)[0])
    same(evoku.solve(hard, threads=1, **settings), batch)


@pytest.mark.parametrize("algorithm", ["auto", "ga", "aco", "exact"])
def test_the_same_as_the_command_json(tmp_path, algorithm):
    path = tmp_path / "top.txt"
    path.write_text("\n".join(lines(NINE / "top95.txt", 4)) + "\n")
    args = ["--backend", "cpu", "--seed", "5", "--time-limit", "0", "--algorithm", algorithm]
    shortcut = algorithm in ("ga", "aco")
    if shortcut:
        args.append("--no-exact-shortcut")
    cli = cli_json("solve", "--json", "-q", *args, path)
    got = evoku.solve(
        path, backend="cpu", seed=5, time_limit=0, algorithm=algorithm, no_exact_shortcut=shortcut
    )
    assert [without_times(json.loads(j)) for j in got.to_json()] == without_times(cli)


def test_bad_settings_are_refused_as_the_command_refuses_them(easy):
    with pytest.raises(ValueError, match="backend"):
        evoku.solve(easy, backend="tpu")
    with pytest.raises(ValueError, match="one of auto"):
        evoku.solve(easy, algorithm="magic")
    with pytest.raises(ValueError, match="threads"):
        evoku.solve(easy, threads=0)
    with pytest.raises(ValueError, match="time_limit"):
        evoku.solve(easy, time_limit=-1)
    with pytest.raises(ValueError, match="exact-streams"):
        evoku.solve(easy, exact_streams=0)
    with pytest.raises(OverflowError):
        evoku.solve(easy, seed=-1)
    with pytest.raises(ValueError, match="populaton"):
        evoku.solve(easy, populaton=10)
    with pytest.raises(ValueError, match="mutation_rate"):
        evoku.solve(easy, mutation_rate="often")
    with pytest.raises(ValueError, match="crossover"):
        evoku.solve(easy, crossover="zigzag")
    with pytest.raises(ValueError, match="preset"):
        evoku.solve(easy, preset="fastest")
    # Each value readable, but together refused by the configs' checks, as the command refuses.
    with pytest.raises(ValueError, match="elites"):
        evoku.solve(easy, preset="paper", population=4, elites=10)


@pytest.mark.parametrize(
    "keywords, options",
    [
        (dict(preset="paper", population=60, mutation_rate=0.2, presolve=True),
         ["--preset", "paper", "--population", "60", "--mutation-rate", "0.2", "--presolve"]),
        (dict(algorithm="aco", ants=6, q0=0.5, colonies=2),
         ["--algorithm", "aco", "--ants", "6", "--q0", "0.5", "--colonies", "2"]),
        (dict(algorithm="ga", islands=3, crossover="uniform", aging=False),
         ["--algorithm", "ga", "--islands", "3", "--crossover", "uniform", "--no-aging"]),
    ],
)
def test_ga_and_aco_keywords_are_the_command_options(tmp_path, keywords, options):
    path = tmp_path / "top.txt"
    path.write_text("\n".join(lines(NINE / "top95.txt", 2)) + "\n")
    common = ["--backend", "cpu", "--seed", "7", "--time-limit", "0", "--no-exact-shortcut"]
    cli = cli_json("solve", "--json", "-q", *common, *options, path)
    got = evoku.solve(path, backend="cpu", seed=7, time_limit=0, no_exact_shortcut=True, **keywords)
    assert [without_times(json.loads(j)) for j in got.to_json()] == without_times(cli)


def pattern(box, keep):
    """A large puzzle no solver finishes quickly (the command's SIGINT test's)."""
    n = box * box
    r, c = np.divmod(np.arange(n * n), n)
    digits = ((r % box) * box + r // box + c) % n + 1
    kept = (r * 7919 + c * 104_729 + 12_345) % 1000 < keep
    return np.where(kept, digits, 0).reshape(1, n * n)


@pytest.mark.skipif(not hasattr(signal, "pthread_kill"), reason="needs POSIX signals")
def test_ctrl_c_raises_keyboard_interrupt_and_the_next_solve_runs(easy):
    main = threading.get_ident()
    sent = []

    def interrupt():
        time.sleep(1.0)
        sent.append(time.monotonic())
        signal.pthread_kill(main, signal.SIGINT)

    # Python's own handler, whatever this process inherited: a test runner started in the
    # background of a non-interactive shell (`.ci/run &`) inherits SIGINT ignored, and Python then
    # leaves it ignored, so the signal would never reach the module.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        threading.Thread(target=interrupt, daemon=True).start()
        with pytest.raises(KeyboardInterrupt):
            evoku.solve(pattern(7, 500), backend="cpu", time_limit=120)
    finally:
        signal.signal(signal.SIGINT, previous)
    # Not a speed figure: a generous bound that only a solve deaf to the signal would miss.
    assert time.monotonic() - sent[0] < 10
    # The stop request is withdrawn: the next solve runs to its end.
    assert evoku.solve(easy, backend="cpu", algorithm="exact").solved.all()


def test_other_python_threads_run_while_solving():
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(1)
            time.sleep(0.01)

    thread = threading.Thread(target=tick)
    before = []
    evoku_thread_result = []
    thread.start()
    try:
        before.append(len(ticks))
        evoku_thread_result.append(
            evoku.solve(pattern(7, 500), backend="cpu", seed=2, time_limit=1.5)
        )
    finally:
        done.set()
        thread.join()
    # With the GIL held for the 1.5 s solve the other thread could not have ticked at all.
    assert len(ticks) - before[0] > 5


GPU = os.environ.get("EVOKU_REQUIRE_GPU") == "1"


def test_a_batch_on_the_gpu_equals_the_cpus(hard):
    if not evoku.devices():
        if GPU:
            pytest.fail("EVOKU_REQUIRE_GPU=1 but no GPU adapter was found")
        pytest.skip("no GPU adapter (lavapipe: apt-get install mesa-vulkan-drivers)")
    # The ACS: lavapipe refuses the walk's 9x9 runs (their shader loops pass its 65,535
    # iterations), as the command does.
    settings = dict(seed=4, algorithm="aco", time_limit=0, no_exact_shortcut=True)
    cpu = evoku.solve(hard, backend="cpu", **settings)
    gpu = evoku.solve(hard, backend="gpu", **settings)
    assert (gpu.generations > 0).all()
    for field in FIELDS:
        np.testing.assert_array_equal(getattr(gpu, field), getattr(cpu, field), err_msg=field)
