"""Bitboard geometry: no wrap across rows, regions, rectangles, placement masks."""

from __future__ import annotations

import os
import random
import shutil

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kingdomino.core.grid import Grid, bit_indices


def test_spread_never_wraps_across_rows() -> None:
    grid = Grid(3, 4)
    east_edge = grid.bit(0, 3)
    assert sorted(grid.cells(grid.spread(east_edge))) == [(0, 2), (1, 3)]
    west_edge = grid.bit(1, 0)
    assert sorted(grid.cells(grid.spread(west_edge))) == [(0, 0), (1, 1), (2, 0)]


def test_surrounding_has_eight_squares_inside_and_three_in_a_corner() -> None:
    grid = Grid(5, 5)
    assert grid.surrounding[grid.index(2, 2)].bit_count() == 8
    assert sorted(grid.cells(grid.surrounding[grid.index(0, 0)])) == [(0, 1), (1, 0), (1, 1)]


def test_regions_split_orthogonal_groups_only() -> None:
    grid = Grid(3, 3)
    mask = grid.bit(0, 0) | grid.bit(0, 1) | grid.bit(1, 2) | grid.bit(2, 2) | grid.bit(2, 0)
    regions = sorted(sorted(grid.cells(r)) for r in grid.regions(mask))
    assert regions == [[(0, 0), (0, 1)], [(1, 2), (2, 2)], [(2, 0)]]


def test_rectangle_is_clipped_to_the_grid() -> None:
    grid = Grid(4, 4)
    assert sorted(grid.cells(grid.rectangle(-2, 0, 2, 9))) == [(0, 2), (0, 3)]
    assert grid.rectangle(3, 1, 0, 3) == 0


def test_placement_masks_need_both_squares_free_and_a_connection() -> None:
    grid = Grid(1, 3)
    free = grid.bit(0, 1) | grid.bit(0, 2)
    touch_first = grid.bit(0, 1)
    east, south, west, north = grid.placement_masks(free, touch_first, 0, False)
    assert list(grid.cells(east)) == [(0, 1)]
    assert south == 0 and north == 0
    # West: the first half at (0, 2), the second at (0, 1); only the first-half touch counts.
    assert west == 0
    assert len(grid.placement_masks(free, touch_first, 0, True)) == 2


def test_bad_sizes_are_refused() -> None:
    with pytest.raises(ValueError, match="at least one row"):
        Grid(0, 3)


@given(st.integers(1, 7), st.integers(1, 7), st.data())
def test_regions_partition_any_mask(rows: int, cols: int, data: st.DataObject) -> None:
    grid = Grid(rows, cols)
    squares = data.draw(st.sets(st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1))))
    mask = 0
    for row, col in squares:
        mask |= grid.bit(row, col)
    regions = grid.regions(mask)
    union = 0
    for region in regions:
        assert union & region == 0
        union |= region
        assert grid.regions(region) == [region]
    assert union == mask
    assert sorted(grid.square(i) for i in bit_indices(mask)) == sorted(squares)


#: More layers than the compiled ``region_points`` takes (16): those go the Python way.
#: More layers than the compiled methods take (32), so the Python fallback answers too.
_MANY_LAYERS = 36


def _random_squares(grid: Grid, rng: random.Random, density: float) -> int:
    """Each square of ``grid`` with probability ``density``."""
    mask = 0
    for row in range(grid.rows):
        for col in range(grid.cols):
            if rng.random() < density:
                mask |= grid.bit(row, col)
    return mask


def _compiled_grid(rows: int, cols: int) -> Grid:
    """A grid whose compiled flood fill is there (it must be when a C compiler is: the install
    builds it); skipped on a machine with neither."""
    grid = Grid(rows, cols)
    if grid._compiled is None:
        if (shutil.which("cc") or shutil.which("gcc")) and not os.environ.get("KINGDOMINO_PURE_PYTHON"):
            raise AssertionError("a C compiler is here but kingdomino.core._bitgrid was not built")
        pytest.skip("the compiled flood fill was not built")
    return grid


@given(
    shape=st.sampled_from([(1, 1), (3, 3), (5, 7), (9, 9), (13, 13)]),
    density=st.floats(0.0, 1.0),
    seed=st.integers(0, 2**32 - 1),
    extra=st.sampled_from(["none", "outside", "negative"]),
)
def test_compiled_regions_equal_the_python_flood_fill(
    shape: tuple[int, int], density: float, seed: int, extra: str
) -> None:
    """Same regions in the same order, for any masks and seeds: sentinel and out-of-grid bits
    and negative ints are clipped to the grid as the Python method clips them."""
    grid = _compiled_grid(*shape)
    rng = random.Random(seed)
    mask = _random_squares(grid, rng, density)
    seeds = mask & rng.getrandbits(grid.rows * grid.stride) if seed % 3 else mask
    if extra == "outside":
        mask |= rng.getrandbits(400)
    elif extra == "negative":
        mask = ~mask
    assert grid.regions_holding(mask, seeds) == grid.regions_holding_python(mask, seeds)
    assert grid.regions(mask) == grid.regions_holding_python(mask, mask)
    assert grid.largest_region_size([mask, seeds]) == grid.largest_region_size_python([mask, seeds])
    assert grid.largest_region_size([seeds]) == grid.largest_region_size_python([seeds])


@given(
    shape=st.sampled_from([(1, 1), (3, 3), (5, 7), (9, 9), (13, 13)]),
    density=st.floats(0.0, 1.0),
    seed=st.integers(0, 2**32 - 1),
    weights=st.lists(st.integers(-3, 9), max_size=_MANY_LAYERS),
    extra=st.sampled_from(["none", "outside", "negative"]),
)
def test_compiled_region_points_equal_the_python_ones(
    shape: tuple[int, int], density: float, seed: int, weights: list[int], extra: str
) -> None:
    """The same score for any mask, layers (within the mask or not) and weights, out-of-grid
    and negative ints clipped as the Python method clips them, more layers than the compiled
    one takes included."""
    grid = _compiled_grid(*shape)
    rng = random.Random(seed)
    mask = _random_squares(grid, rng, density)
    layers = [rng.getrandbits(grid.rows * grid.stride) & (mask if k % 2 else -1) for k in range(len(weights))]
    if extra == "outside":
        mask |= rng.getrandbits(400)
    elif extra == "negative" and layers:
        layers[0] = ~layers[0]
    assert grid.region_points(mask, layers, weights) == grid.region_points_python(mask, layers, weights)


def test_region_points_weigh_each_layer_in_each_scoring_group() -> None:
    """Two groups: 3 squares with 1 + 2 x 2 marks scores 3 x 5; 1 square without any, 0."""
    grid = Grid(3, 3)
    row0 = grid.bit(0, 0) | grid.bit(0, 1) | grid.bit(0, 2)
    mask = row0 | grid.bit(2, 2)
    ones, twos = grid.bit(0, 0), grid.bit(0, 1) | grid.bit(0, 2)
    for points in (grid.region_points, grid.region_points_python):
        assert points(mask, [ones, twos], [1, 2]) == 3 * 5
        assert points(mask, [ones | grid.bit(2, 2)], [4]) == 3 * 4 + 1 * 4
        assert points(mask, [], []) == 0
        assert points(0, [ones], [1]) == 0
        with pytest.raises(ValueError, match="as many weights as layers"):
            points(mask, [ones], [1, 2])


@given(
    shape=st.sampled_from([(1, 1), (3, 3), (5, 7), (9, 9), (13, 13)]),
    density=st.floats(0.0, 1.0),
    seed=st.integers(0, 2**32 - 1),
    centres=st.integers(0, _MANY_LAYERS),
    targets=st.integers(0, _MANY_LAYERS),
    extra=st.sampled_from(["none", "outside", "negative", "empty"]),
)
def test_compiled_surrounding_count_equals_the_python_one(
    shape: tuple[int, int], density: float, seed: int, centres: int, targets: int, extra: str
) -> None:
    """The same count for any centres, targets and weights: squares on every edge and corner,
    out-of-grid and negative ints clipped as the Python method clips them, empty centres
    skipped, more layers than the compiled method takes included."""
    grid = _compiled_grid(*shape)
    rng = random.Random(seed)
    centre_layers = [_random_squares(grid, rng, density) for _ in range(centres)]
    target_layers = [rng.getrandbits(grid.rows * grid.stride) for _ in range(targets)]
    weights = [[rng.randint(-3, 9) for _ in range(targets)] for _ in range(centres)]
    if extra == "outside" and centre_layers:
        centre_layers[0] |= rng.getrandbits(400)
    elif extra == "negative" and target_layers:
        target_layers[0] = ~target_layers[0]
    elif extra == "empty":
        centre_layers[::2] = [0] * len(centre_layers[::2])
    expected = grid.surrounding_count_python(centre_layers, target_layers, weights)
    assert grid.surrounding_count(centre_layers, target_layers, weights) == expected


def test_surrounding_count_counts_the_eight_neighbours_of_each_square() -> None:
    """Around the centre of a 3x3 grid all 8 squares; around a corner 3; a target square next to
    two centre squares counts twice; each centre layer weighs the targets with its own row."""
    grid = Grid(3, 3)
    everything = grid.valid
    centre, corner = grid.bit(1, 1), grid.bit(0, 0)
    for count in (grid.surrounding_count, grid.surrounding_count_python):
        assert count([centre], [everything], [[1]]) == 8
        assert count([corner], [everything], [[1]]) == 3
        assert count([corner | grid.bit(0, 2)], [grid.bit(0, 1)], [[5]]) == 10
        assert count([corner], [everything, centre], [[1, 10]]) == 3 + 10
        assert count([corner, centre], [everything, centre], [[1, 10], [2, 100]]) == 3 + 10 + 2 * 8
        assert count([0], [everything], [[1]]) == 0
        assert count([], [everything], []) == 0
        with pytest.raises(ValueError, match="as many weights as targets"):
            count([centre], [everything], [[]])
        with pytest.raises(ValueError, match="as many weights as targets"):
            count([0], [everything], [[1, 2]])
        with pytest.raises(ValueError, match="one row of weights per centre layer"):
            count([centre], [everything], [])


def test_largest_region_size_counts_the_largest_group_of_any_mask() -> None:
    grid = Grid(3, 3)
    row0 = grid.bit(0, 0) | grid.bit(0, 1) | grid.bit(0, 2)
    corners = grid.bit(2, 0) | grid.bit(2, 2)
    for largest in (grid.largest_region_size, grid.largest_region_size_python):
        assert largest([]) == 0
        assert largest([0, corners]) == 1
        assert largest([corners, row0]) == 3
        assert largest([row0 | grid.bit(1, 1) | grid.bit(2, 1)]) == 5


def test_compiled_regions_refuse_what_is_no_bitboard() -> None:
    grid = _compiled_grid(3, 3)
    with pytest.raises(TypeError):
        grid.regions_holding("1", 1)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        grid.largest_region_size(["1"])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        grid.largest_region_size(1)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        grid.region_points(1, ["1"], [1])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        grid.region_points(1, [1], ["1"])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        grid.region_points(1, 1, [1])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="at most 32 layers"):
        grid._compiled.region_points(1, [1] * 33, [1] * 33)
    with pytest.raises(ValueError, match="at most 32 centres"):
        grid._compiled.surrounding_count([1] * 33, [1], [[1]] * 33)
    with pytest.raises(ValueError, match="at most 32 targets"):
        grid._compiled.surrounding_count([1], [1] * 33, [[1] * 33])
    with pytest.raises(TypeError):
        grid.surrounding_count(["1"], [1], [[1]])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        grid.surrounding_count([1], [1], [["1"]])  # type: ignore[list-item]
