"""Puzzles in every accepted form read the same; bad ones are refused with clear errors."""

import pathlib

import numpy as np
import pytest

import evoku
from conftest import NINE, REPO, to_array

DTYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]


def exact(puzzles):
    return evoku.solve(puzzles, algorithm="exact", backend="cpu")


def test_every_integer_dtype_and_both_shapes_read_the_same(easy):
    reference = exact(easy)
    assert reference.solved.all()
    flat = to_array(easy)
    for dtype in DTYPES:
        for shape in [(len(easy), 81), (len(easy), 9, 9)]:
            got = exact(flat.astype(dtype).reshape(shape))
            np.testing.assert_array_equal(got.solutions, reference.solutions, err_msg=f"{dtype} {shape}")
    # Anything numpy.asarray takes: nested lists, a non-contiguous view.
    np.testing.assert_array_equal(exact(flat.tolist()).solutions, reference.solutions)
    wide = np.zeros((len(easy), 162), dtype=np.int32)
    wide[:, ::2] = flat
    np.testing.assert_array_equal(exact(wide[:, ::2]).solutions, reference.solutions)
    # Fortran order.
    np.testing.assert_array_equal(exact(np.asfortranarray(flat)).solutions, reference.solutions)


def test_the_solutions_are_those_of_the_givens(easy):
    got = exact(easy)
    puzzles = to_array(easy)
    assert got.solutions.shape == (len(easy), 81) and got.solutions.dtype == np.uint8
    given = puzzles > 0
    np.testing.assert_array_equal(got.solutions[given], puzzles[given])
    for grid in got.solutions.reshape(-1, 9, 9):
        for i in range(9):
            assert sorted(grid[i]) == list(range(1, 10))
            assert sorted(grid[:, i]) == list(range(1, 10))
        boxes = grid.reshape(3, 3, 3, 3).transpose(0, 2, 1, 3).reshape(9, 9)
        for box in boxes:
            assert sorted(box) == list(range(1, 10))


def test_strings_tuples_and_paths_read_the_same(easy, tmp_path):
    reference = exact(to_array(easy))
    np.testing.assert_array_equal(exact(easy).solutions, reference.solutions)
    np.testing.assert_array_equal(exact(tuple(easy)).solutions, reference.solutions)
    path = tmp_path / "easy.txt"
    path.write_text("\n".join(easy) + "\n")
    np.testing.assert_array_equal(exact(path).solutions, reference.solutions)
    np.testing.assert_array_equal(exact(str(path)).solutions, reference.solutions)


def test_other_sizes_read(tmp_path):
    sixteen = evoku.solve(REPO / "puzzles" / "easy-16x16.txt", algorithm="exact", backend="cpu")
    assert sixteen.solutions.shape == (1, 256) and sixteen.solved.all()
    again = evoku.solve(sixteen.solutions.reshape(1, 16, 16).astype(np.int16), algorithm="exact", backend="cpu")
    np.testing.assert_array_equal(again.solutions, sixteen.solutions)
    four = evoku.solve(np.zeros((2, 4, 4), dtype=np.uint8), algorithm="exact", backend="cpu")
    assert four.solutions.shape == (2, 16) and four.solved.all()


@pytest.mark.parametrize(
    "shape, words",
    [
        ((81,), "shape"),
        ((2, 80), "80 cells is not a board"),
        ((2, 9, 8), "shape"),
        ((2, 3, 9, 9), "shape"),
        ((2, 10, 10), "100 cells is not a board"),
    ],
)
def test_bad_shapes_are_refused(shape, words):
    with pytest.raises(ValueError, match=words):
        exact(np.zeros(shape, dtype=np.int64))


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.bool_, np.complex64, object, "U1"])
def test_non_integer_dtypes_are_refused(dtype):
    with pytest.raises(ValueError, match="integers"):
        exact(np.zeros((1, 81)).astype(dtype))


@pytest.mark.parametrize("value", [10, -1, 256, 2**40])
def test_bad_values_name_the_puzzle_line_and_column(easy, value):
    puzzles = to_array(easy)
    puzzles[2, 9 * 4 + 6] = value  # line 5, column 7 of puzzle 2
    with pytest.raises(ValueError, match=rf"puzzle 2, line 5, column 7: {value} is not a cell"):
        exact(puzzles)


def test_bad_strings_name_the_puzzle_line_and_column(easy):
    bad = list(easy)
    bad[1] = bad[1][:40] + "x" + bad[1][41:]
    with pytest.raises(ValueError, match=r"puzzle 1, line 1, column 41"):
        exact(bad)
    with pytest.raises(ValueError, match=r"puzzle 3"):
        exact(easy[:3] + [easy[3][:80]])
    with pytest.raises(ValueError, match=r"puzzle 1: a string expected"):
        exact([easy[0], 5])


def test_a_bad_file_names_its_line_and_column(easy, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text(easy[0] + "\n" + easy[1][:10] + "?" + easy[1][11:] + "\n")
    with pytest.raises(ValueError, match=rf"{path.name}:2:11"):
        exact(path)
    with pytest.raises(OSError):
        exact(tmp_path / "missing.txt")


def test_mixed_sizes_and_nothing_are_refused(easy):
    with pytest.raises(ValueError, match="one board size per call"):
        exact([easy[0], "1.3.....2..3.3.."])
    with pytest.raises(ValueError, match="no puzzles"):
        exact(np.zeros((0, 81), dtype=np.int64))
    with pytest.raises(ValueError):
        exact(42)
