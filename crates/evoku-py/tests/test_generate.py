"""evoku.generate: the command's puzzles for the same seed, unique and at their level."""

import json

import numpy as np
import pytest

import evoku
from conftest import cli_json


def test_unique_puzzles_at_the_level_with_their_solutions():
    made = evoku.generate(9, level="easy", count=3, seed=5)
    assert made.puzzles.shape == made.solutions.shape == (3, 81)
    assert made.puzzles.dtype == np.uint8
    assert (made.level == 1).all()
    given = made.puzzles > 0
    np.testing.assert_array_equal(made.puzzles[given], made.solutions[given])
    # Each puzzle has one solution: the exact solver finds it, rate counts one.
    solved = evoku.solve(made.puzzles, algorithm="exact", backend="cpu")
    np.testing.assert_array_equal(solved.solutions, made.solutions)
    rated = evoku.rate(made.puzzles, runs=0)
    assert (rated.solutions == 1).all()
    np.testing.assert_array_equal(rated.level, made.level)
    np.testing.assert_array_equal(rated.entropy, made.entropy)
    np.testing.assert_array_equal(rated.technique, made.technique)


def test_the_same_seed_the_same_puzzles_whatever_the_threads():
    a = evoku.generate(4, level=1, count=4, seed=9)
    b = evoku.generate(4, level="1", count=4, seed=9, threads=1)
    np.testing.assert_array_equal(a.puzzles, b.puzzles)
    assert a.to_json() == b.to_json()
    c = evoku.generate(4, level=1, count=4, seed=10)
    assert not np.array_equal(a.puzzles, c.puzzles)


def test_the_same_as_the_command_json():
    cli = cli_json("generate", "--json", "-q", "--size", 9, "--level", 2, "--count", 3, "--seed", 7)
    for record in cli:
        record.pop("source", None)
    made = evoku.generate(9, level=2, count=3, seed=7)
    assert [json.loads(j) for j in made.to_json()] == cli


def test_fill_makes_the_commands_instances(tmp_path):
    made = evoku.generate(9, fill=40, count=3, seed=2, unique=False)
    assert made.puzzles.shape == (3, 81)
    assert ((made.puzzles > 0).sum(axis=1) == 33).all()  # ceil(81 * 40 / 100)
    assert (made.level == 0).all() and np.isnan(made.score).all()
    given = made.puzzles > 0
    np.testing.assert_array_equal(made.puzzles[given], made.solutions[given])
    assert made.to_json() == []


def test_bad_settings_are_refused():
    with pytest.raises(ValueError, match="--size"):
        evoku.generate(10)
    with pytest.raises(ValueError, match="level"):
        evoku.generate(9, level="impossible")
    with pytest.raises(ValueError, match="level"):
        evoku.generate(9, level=6)
    with pytest.raises(ValueError, match="unique=False"):
        evoku.generate(9, fill=40)
    with pytest.raises(ValueError, match="fill"):
        evoku.generate(9, unique=False)
    with pytest.raises(ValueError, match="--fill"):
        evoku.generate(9, fill=101, unique=False)
    with pytest.raises(ValueError, match="threads"):
        evoku.generate(9, threads=0)
