"""evoku.run_ga: the GA's fitness per generation, as arrays."""

import numpy as np
import pytest

import evoku
from conftest import to_array


def test_the_trace_of_a_run(hard):
    trace = evoku.run_ga(hard[0], preset="paper", generations=300, seed=3)
    n = len(trace["generation"])
    assert n >= 2
    for key in ["best", "mean", "best_so_far", "restarts"]:
        assert trace[key].shape == (n,)
    assert trace["generation"][0] == 0
    assert (np.diff(trace["generation"]) > 0).all()
    assert trace["generation"][-1] <= 300
    assert (np.diff(trace["best_so_far"].astype(np.int64)) <= 0).all()
    assert (trace["best_so_far"] <= trace["best"]).all()
    assert (trace["mean"] >= trace["best"]).all()
    assert (np.diff(trace["restarts"].astype(np.int64)) >= 0).all()
    assert set(trace["restart_generations"]) <= set(trace["generation"])
    assert trace["solved"] == (trace["best"][-1] == 0)


def test_the_same_seed_the_same_trace_from_any_form(hard):
    a = evoku.run_ga(hard[0], generations=200, seed=5)
    grid = to_array(hard[:1])
    for form in [grid, grid[0], grid.reshape(9, 9), grid.reshape(1, 9, 9).astype(np.uint8)]:
        b = evoku.run_ga(form, generations=200, seed=5, threads=1)
        for key in ["generation", "best", "mean", "best_so_far", "restarts"]:
            np.testing.assert_array_equal(a[key], b[key], err_msg=key)
    c = evoku.run_ga(hard[0], generations=200, seed=6)
    assert not np.array_equal(a["mean"], c["mean"])


def test_bad_input_is_refused(hard):
    with pytest.raises(ValueError, match="preset"):
        evoku.run_ga(hard[0], preset="nonsense")
    with pytest.raises(ValueError, match="one puzzle"):
        evoku.run_ga(hard[:2])
    with pytest.raises(ValueError, match="line 1, column 3"):
        evoku.run_ga(hard[0][:2] + "x" + hard[0][3:])
