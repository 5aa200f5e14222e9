"""evoku.rate: the command's ratings for the same seed, as arrays."""

import json

import numpy as np
import pytest

import evoku
from conftest import NINE, cli_json, lines, without_times


def test_the_ratings_as_arrays(easy, hard):
    rated = evoku.rate(easy + hard, runs=0)
    n = len(easy) + len(hard)
    assert rated.level.shape == rated.entropy.shape == rated.technique.shape == (n,)
    assert ((rated.level >= 1) & (rated.level <= 5)).all()
    assert (rated.ga_solved == -1).all() and np.isnan(rated.ga_mean_generations).all()
    for i, line in enumerate(rated.to_json()):
        report = json.loads(line)
        assert report["level"] == rated.level[i]
        assert report["entropy"] == rated.entropy[i]
        assert (report["technique"] or "") == rated.technique[i]


def test_the_ga_rating_is_the_same_alone_and_in_a_batch(easy):
    batch = evoku.rate(easy, runs=4, backend="cpu", seed=3)
    assert ((batch.ga_solved >= 0) & (batch.ga_solved <= 4)).all()
    for i, puzzle in enumerate(easy):
        alone = evoku.rate([puzzle], runs=4, backend="cpu", seed=3)
        assert without_times(json.loads(alone.to_json()[0])) == without_times(
            json.loads(batch.to_json()[i])
        )


def test_the_same_as_the_command_json(tmp_path):
    path = tmp_path / "top.txt"
    path.write_text("\n".join(lines(NINE / "easy50.txt", 3)) + "\n")
    cli = cli_json("rate", "--json", "-q", "--runs", 4, "--backend", "cpu", "--seed", 3, path)
    got = evoku.rate(path, runs=4, backend="cpu", seed=3)
    assert [without_times(json.loads(j)) for j in got.to_json()] == without_times(cli)


def test_bad_input_is_refused(easy):
    with pytest.raises(ValueError, match="backend"):
        evoku.rate(easy, backend="abacus")
    with pytest.raises(ValueError, match="time_limit"):
        evoku.rate(easy, time_limit=float("nan"))
    # Two solutions or more: rated, and counted as 2, as the command does.
    assert evoku.rate([easy[0][:9] + "." * 72], runs=0).solutions[0] == 2
