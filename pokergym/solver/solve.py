"""Solve a spot: Discounted CFR (or CFR+) over the whole tree, with exact exploitability checks.

Example:
    >>> from pokergym.cards import parse_cards
    >>> from pokergym.solver import Menu, Range, Spot
    >>> spot = Spot(parse_cards("Ks7d2c5h9s"), pot=1000, stack=1000,
    ...             ranges=(Range.parse("AA,QQ,32o"), Range.parse("KQ")), menu=Menu.uniform("a"))
    >>> solution = solve(spot, target_exploitability=0.001)
    >>> solution.exploitability_pct < 0.1
    True
"""

from __future__ import annotations

import math
import mmap
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import combinations
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
import numpy.typing as npt

from pokergym.errors import SolverError
from pokergym.evaluator.batch import evaluate_batch
from pokergym.evaluator.combos import combo_array
from pokergym.solver import _cfr_kernel as K
from pokergym.solver.isomorphism import hand_images
from pokergym.solver.parallel import Split, split_iterate, split_walk, thread_pool
from pokergym.solver.spot import Spot
from pokergym.solver.tables import showdown_tables, table_bytes
from pokergym.solver.tree import SHOWDOWN, GameTree, build_tree, count_tree, hand_cards

if TYPE_CHECKING:
    from pokergym.solver.solution import Solution

__all__ = ["Algorithm", "Gadget", "Prepared", "check_gap", "estimate_bytes", "prepare", "solve"]

Algorithm = Literal["dcfr", "cfr+", "pdcfr+"]
_ALGORITHM_CODES = {"dcfr": K.DCFR, "cfr+": K.CFR_PLUS, "pdcfr+": K.PDCFR_PLUS}
_NO_DISCOUNTS = (1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0)  # what a walk that updates nothing is given
NO_GADGET = (-1, np.zeros(1), np.zeros((2, 1)))
"""The gadget argument of :func:`_iterate` for a solve without one (player -1; nothing reads or writes the arrays)."""
_NO_CUMULATIVE = (np.zeros(0, dtype=np.float32), np.zeros(0, dtype=np.float32))
"""The store's last two entries where the algorithm keeps no separate cumulative regrets."""
_BYTES_PER_NODE = 240  # the build's lists and arrays (the flop benchmark: 2.0 GiB estimated, 2.2 GB resident)
_MAPPED_BYTES = 1 << 22
"""From this size on (numpy's threshold for asking the kernel for huge pages) :func:`zeroed` maps fresh memory."""


def zeroed(shape: int | tuple[int, ...], dtype: npt.DTypeLike = np.float64) -> npt.NDArray[Any]:
    """``np.zeros(shape, dtype)``, the large ones in a fresh anonymous mapping, without huge-page advice.

    numpy advises the kernel to back every allocation of 4 MiB or more with transparent huge pages. Where the
    kernel honours that advice by compacting memory on the first touch (Linux's ``defrag`` setting
    ``madvise``, the default), the flop benchmark's 1.3 GiB of regrets and sums cost 3.3 s of system time to
    touch once, against 0.8 s in ordinary pages, and its iterations ran no faster with huge pages
    (``benchmarks/RESULTS.md``, "The solver's arrays in ordinary pages"). A mapping's pages are zero when
    first read, so nothing is written here; the array keeps the mapping alive and it is unmapped with it.

    Example:
        >>> big = zeroed((1 << 21,), np.float32)
        >>> big.shape, big.dtype.name, bool(big.flags.writeable), float(big.max())
        ((2097152,), 'float32', True, 0.0)
        >>> zeroed(3).tolist()                     # small arrays: plain np.zeros
        [0.0, 0.0, 0.0]
    """
    dims = (shape,) if isinstance(shape, int) else tuple(shape)
    kind = np.dtype(dtype)
    count = math.prod(dims)
    if count * kind.itemsize < _MAPPED_BYTES:
        return np.zeros(dims, dtype=kind)
    buffer = mmap.mmap(-1, count * kind.itemsize)
    return np.ndarray(dims, dtype=kind, buffer=buffer)


def estimate_bytes(spot: Spot, algorithm: Algorithm = "dcfr") -> int:
    """Memory in bytes a solve of ``spot`` by ``algorithm`` needs.

    Two float32 arrays per strategy slot (three for ``"pdcfr+"``), the tree and its boards.
    """
    count = count_tree(spot)
    n_max = max(spot.n_hands)
    boards = count.showdown_boards * 2 * n_max * 4 + table_bytes(count.showdown_boards, n_max)
    checkdowns = {3: 50, 4: 1, 5: 0}[len(spot.board)] * n_max * n_max * 8  # at most: the flop and each turn
    per_slot = 12 if algorithm == "pdcfr+" else 8
    return per_slot * sum(count.slots) + _BYTES_PER_NODE * count.nodes + boards + checkdowns


@dataclass(frozen=True)
class Gadget:
    """Safe re-solving: what each of one player's hands is guaranteed outside the subgame.

    In a re-solve, the other player's range is the one player's own (known) range, but ``player``'s range is
    only a model. With a gadget, each of ``player``'s hands chooses, by regret matching during the solve,
    between entering the subgame and taking ``values[h]``, its expected value in the strategy the subgame
    replaces (e.g. the solve of the street before). The solve then keeps every hand at most near its value,
    whatever the model's weights, so the re-solved strategy is no more exploitable than the one it replaces.
    The model's weights only choose among such strategies (Burch, Johanson and Bowling 2014; DeepStack's
    continual re-solving).

    Attributes:
        player: whose hands choose (0 out of position, 1 in position).
        values: per hand of ``spot.hands(player)``, in order, the expected chips won from the spot's start if
            the hand does not enter (the same convention as :meth:`Solution.node`'s ``ev``).
    """

    player: int
    values: npt.NDArray[np.float64]

    def alternatives(self, prepared: Prepared) -> npt.NDArray[np.float64]:
        """Counterfactual values of taking ``values``: each weighted by the other player's compatible weight.

        Raises:
            SolverError: if the player is not 0 or 1, or the values do not fit the player's hands.
        """
        if self.player not in (0, 1):
            raise SolverError(f"a gadget's player is 0 or 1, got {self.player!r}")
        values = np.asarray(self.values, dtype=np.float64)
        n = prepared.spot.n_hands[self.player]
        if values.shape != (n,) or not np.all(np.isfinite(values)):
            raise SolverError(
                f"a gadget needs {n} finite values (one per hand of player {self.player}), got {values.shape}"
            )
        weight = prepared.compatible(self.player, prepared.weights[1 - self.player])
        return np.asarray(values * weight, dtype=np.float64)


def _available_bytes() -> int:
    try:
        with open("/proc/meminfo") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 8 << 30


def _guard(spot: Spot, max_bytes: int | None, algorithm: Algorithm) -> None:
    need = estimate_bytes(spot, algorithm)
    limit = int(0.8 * _available_bytes()) if max_bytes is None else max_bytes
    if need > limit:
        count = count_tree(spot)
        raise SolverError(
            f"spot too large: about {need / 2**30:.1f} GiB ({count.nodes:,} nodes, {sum(count.slots):,} strategy "
            f"entries) against a limit of {limit / 2**30:.1f} GiB; cut sizes on later streets, lower raise_cap, "
            "lower allin_threshold, limit betting_streets or narrow the ranges"
        )


@dataclass
class Prepared:
    """A spot's tree and the arrays the compiled walks take (see :mod:`._cfr_kernel`)."""

    spot: Spot
    tree: GameTree
    tree_args: tuple[Any, ...]
    hands_args: tuple[Any, ...]
    boards_args: tuple[Any, ...]
    weights: tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]
    store: tuple[npt.NDArray[np.float32], ...]
    threads: int = 1
    _runouts: tuple[npt.NDArray[np.int64], tuple[Any, ...]] | None = None
    _split: Split | None = None

    @property
    def split(self) -> Split | None:
        """Where a walk from the root splits over :attr:`threads` threads (None with one thread or no chance)."""
        if self.threads > 1 and self._split is None:
            self._split = Split.of(self.tree)
        return self._split if self.threads > 1 and self._split is not None and self._split.nodes else None

    def walk(
        self,
        mode: int,
        trav: int,
        node: int | None = None,
        reach: tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]] | None = None,
    ) -> npt.NDArray[np.float64]:
        """Counterfactual values of ``trav``'s hands below ``node`` (root) with reaches ``reach`` (the ranges)."""
        reach = self.weights if reach is None else reach
        start = self.tree.root if node is None else node
        split = self.split if start == self.tree.root else None
        if split is not None:
            pool = thread_pool(self.threads)
            return split_walk(self, split, pool, trav, mode, reach[trav], reach[1 - trav], _NO_DISCOUNTS)
        return np.asarray(
            K.walk(
                start,
                trav,
                mode,
                reach[trav],
                reach[1 - trav],
                float(self.spot.pot),
                (self.tree_args, self.hands_args, self.boards_args),
                self.store,
                _NO_DISCOUNTS,
                (self.tree.max_depth, self.tree.max_actions),
                K.NO_LEAVES,
            )
        )

    def runouts(self) -> tuple[npt.NDArray[np.int64], tuple[Any, ...]]:
        """Every five-card completion of the spot's board and the per-board arrays of the walks over them (built once).

        Not :attr:`tree`'s boards: with suit isomorphism the tree holds only the canonical run-outs, and an
        equity averages over all of them.
        """
        if self._runouts is None:
            board = self.spot.board
            rest = [c for c in range(52) if c not in board]
            boards = np.array(
                [sorted((*board, *extra)) for extra in combinations(rest, 5 - len(board))], dtype=np.int64
            ).reshape(-1, 5)
            strength = _board_strength(boards, [self.spot.hands(p) for p in range(2)])
            hands = self.hands_args
            tables = showdown_tables(strength, hands[0], hands[1], hands[2])
            args = (strength, self.boards_args[1], tables.by_strength, tables.by_card, tables.packed)
            self._runouts = (boards, args)
        return self._runouts

    def compatible(self, player: int, reach_other: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        """Weight of the other player's combos compatible with each of ``player``'s hands."""
        return np.asarray(K._compatible(player, reach_other, self.hands_args))

    def values(self, mode: int) -> tuple[float, float]:
        """Each player's expected chips won (net, from the spot's start) in ``mode`` (best response or average)."""
        out = []
        norm = float(self.weights[0] @ self.compatible(0, self.weights[1]))
        for p in range(2):
            out.append(float(self.weights[p] @ self.walk(mode, p)) / norm)
        return out[0], out[1]

    def exploitability(self) -> float:
        """Exploitability of the average strategies in chips: (BR_0 + BR_1 - pot) / 2."""
        br0, br1 = self.values(K.BEST_RESPONSE)
        return (br0 + br1 - self.spot.pot) / 2.0


def prepare(spot: Spot, *, max_bytes: int | None = None, algorithm: Algorithm = "dcfr") -> Prepared:
    """Check the memory guard, build the tree and the arrays for the walks (``algorithm``'s regret arrays)."""
    _guard(spot, max_bytes, algorithm)
    tree = build_tree(spot)
    first, second = hand_cards(spot)
    hands = [spot.hands(p) for p in range(2)]
    n_hands = np.array([len(h) for h in hands], dtype=np.int64)
    same = np.full(first.shape, -1, dtype=np.int64)
    for p in range(2):
        index_of = {int(c): i for i, c in enumerate(hands[1 - p])}
        for i, combo in enumerate(hands[p]):
            same[p, i] = index_of.get(int(combo), -1)
    strength = _board_strength(tree.boards, hands)
    showdowns = np.unique(tree.board[tree.kind == SHOWDOWN]).astype(np.int64)  # check-down run-outs need none
    tables = showdown_tables(strength, first, second, n_hands, showdowns)
    images = hand_images(hands, spot.suit_swaps)
    hands_args = (
        first,
        second,
        n_hands,
        same,
        tables.bounds,
        tables.card_start,
        tables.card_end,
        tables.card_major,
        images,
    )
    n_max = first.shape[1]
    equity = zeroed((max(1, len(tree.checkdowns)), n_max, n_max))
    for i, (board, runouts) in enumerate(zip(tree.checkdowns, tree.checkdown_runouts, strict=True)):
        equity[i, : n_hands[0], : n_hands[1]] = K.equity_matrix(
            runouts, np.array(board, dtype=np.int64), tree.boards, strength, hands_args
        )
    weights = (
        spot.ranges[0].weights[hands[0]].astype(np.float64),
        spot.ranges[1].weights[hands[1]].astype(np.float64),
    )
    store = tuple(zeroed(tree.slots[p % 2], np.float32) for p in range(4))
    store += tuple(zeroed(tree.slots[p], np.float32) for p in range(2)) if algorithm == "pdcfr+" else _NO_CUMULATIVE
    tree_args = (
        tree.kind,
        tree.player,
        tree.amount,
        tree.child_start,
        tree.n_children,
        tree.children,
        tree.card,
        tree.board,
        tree.offset,
        tree.twin_start,
        tree.n_twins,
        tree.twin_card,
        tree.twin_swap,
    )
    boards_args = (strength, equity, tables.by_strength, tables.by_card, tables.packed)
    return Prepared(spot, tree, tree_args, hands_args, boards_args, weights, store)


def _board_strength(boards: npt.NDArray[np.int64], hands: list[npt.NDArray[np.intp]]) -> npt.NDArray[np.int32]:
    """Hand ranks (1 the strongest) of each player's hands on every showdown board."""
    n_max = max(len(h) for h in hands)
    strength = np.zeros((len(boards), 2, n_max), dtype=np.int32)
    for p, combos in enumerate(hands):
        cards = combo_array()[combos].astype(np.uint8)
        rows = np.empty((len(boards), len(combos), 7), dtype=np.uint8)
        rows[:, :, :2] = cards[None, :, :]
        rows[:, :, 2:] = boards[:, None, :]
        ranks = evaluate_batch(rows.reshape(-1, 7), check=False).reshape(len(boards), len(combos))
        strength[:, p, : len(combos)] = ranks
    return strength


def check_gap(history: list[tuple[int, float]], target_pct: float, check_every: int, restarts: bool = False) -> int:
    """Iterations until the next exploitability check, from the last two checks' ``(iterations, %)``.

    Exploitability falls roughly as a power of the iterations; the two latest checks give the power, and the
    next check comes after 80% of the iterations that it predicts to the target, but no later than half the
    iterations done so far, and in whole multiples of ``check_every`` (each check costs about an iteration).
    With ``restarts`` (Discounted CFR, whose average starts over at each power of 4: see
    :func:`._cfr_kernel.dcfr_discounts`), a check due before the next restart while the trend of the last two
    checks, both since the last restart, puts the target past 1.5 times the next waits until a quarter past it:
    the iterations in between then skip the average-strategy sums (:func:`._cfr_kernel.averaging_start`), and
    the average read there is no longer the restart's young one.

    Example:
        >>> check_gap([(10, 40.0)], 0.5, 10)
        10
        >>> check_gap([(40, 3.7), (70, 2.1)], 0.5, 10)  # far: as many as half the iterations done
        30
        >>> check_gap([(130, 0.58), (140, 0.52)], 0.5, 10)  # close: the next multiple
        10
        >>> check_gap([(30, 5.36), (40, 3.28)], 0.5, 10, restarts=True)  # on to 80: past 64, the next restart
        40
    """
    if len(history) < 2:
        return check_every
    (t0, e0), (t1, e1) = history[-2:]
    if not e0 > e1 > 0.0:
        return check_every
    power = math.log(e0 / e1) / math.log(t1 / t0)
    reached = t1 * (e1 / target_pct) ** (1.0 / power) if e1 > target_pct else t1  # where the trend meets the target
    gap = max(1, int(min(0.8 * (reached - t1), t1 / 2) // check_every)) * check_every
    restart = 4 * K.last_restart(t1)
    same_average = K.last_restart(t0) * 4 == restart  # a trend across a restart compares two different averages
    if restarts and same_average and t1 + gap < restart and reached > 1.5 * restart:
        gap = -(-(restart + restart // 4 - t1) // check_every) * check_every  # rounded up to whole multiples
    return gap


def _before_restart(done: int, step: int, elapsed: float, limit: float) -> int:
    """How many of the next ``step`` iterations to run under a time limit: all, or up to just before a restart.

    Discounted CFR's average starts over at each power of 4, and for a while the new one is further from
    equilibrium than the one it replaced (the flop spot of ``benchmarks/bench_solver.py``: 1.42% of the pot after
    63 iterations, 4.83% after 64, 1.90% after 70 and 1.00% after 80). A chunk that would cross a restart is
    cut to end just before it where, at the pace so far, the time left does not reach a quarter past it.

    Example:
        >>> _before_restart(60, 5, 0.6, 0.7)  # 10 ms an iteration: iteration 80 is out of reach, stop at 63
        3
        >>> _before_restart(60, 5, 0.6, 1.0), _before_restart(40, 5, 0.4, 0.5)  # within reach; no restart
        (5, 5)
    """
    restart = 4 * K.last_restart(max(done, 1))
    if done == 0 or not done < restart <= done + step:
        return step
    if elapsed + elapsed / done * (restart + restart // 4 - done) <= limit:
        return step
    return restart - 1 - done


def _chunk(
    done: int,
    total: int,
    next_check: int,
    check_every: int,
    iterations: int | None,
    restarts: bool,
    clock: tuple[float, float | None],
) -> tuple[int, int, bool]:
    """:func:`solve`'s next iterations: how many, after which the average is next read, and whether they are the last.

    ``iterations``: a fixed number (``total``; no checks, no time limit) or None; ``restarts``: Discounted CFR
    (see :func:`_before_restart`); ``clock``: when the solve started (``time.perf_counter``) and its time limit
    in seconds (None: none).
    """
    step = min(check_every, total - done)
    if iterations is not None:
        return step, total, False
    started, limit = clock
    if limit is None:
        return step, min(next_check, total), False
    cut = _before_restart(done, step, time.perf_counter() - started, limit) if restarts else step
    return cut, done + cut, cut < step  # under a time limit any chunk's end may be read


def _iterate(
    prepared: Prepared,
    first: int,
    count: int,
    algorithm: Algorithm,
    gadget: tuple[int, npt.NDArray[np.float64], npt.NDArray[np.float64]],
    read_at: int | None = None,
) -> None:
    """Run ``count`` iterations numbered from ``first`` on ``prepared``'s arrays (gadget: player, values, regrets).

    ``read_at``: the iteration after which the average strategy is next read (default: after these); the
    iterations whose strategies a restart of the average wipes before then skip the average's sums
    (:func:`._cfr_kernel.averaging_start`).
    """
    code = _ALGORITHM_CODES[algorithm]
    averaging_from = K.averaging_start(first + count - 1 if read_at is None else read_at, code)
    if prepared.split is not None:
        pool = thread_pool(prepared.threads)
        split_iterate(prepared, prepared.split, pool, first, count, code, gadget, averaging_from)
        return
    K.iterate(
        first,
        count,
        code,
        prepared.tree.root,
        prepared.weights,
        float(prepared.spot.pot),
        prepared.tree_args,
        prepared.hands_args,
        prepared.boards_args,
        prepared.store,
        prepared.tree.max_depth,
        prepared.tree.max_actions,
        *gadget,
        averaging_from,
    )


def _gadget_keeps_symmetry(spot: Spot, gadget: Gadget) -> bool:
    """Whether the gadget's values are the same for each hand and its image under every suit swap the spot uses."""
    if not spot.suit_swaps or gadget.player not in (0, 1):
        return True
    values = np.asarray(gadget.values, dtype=np.float64)
    hands = [spot.hands(p) for p in range(2)]
    if values.shape != (len(hands[gadget.player]),):
        return True  # Gadget.alternatives names the problem
    images = hand_images(hands, spot.suit_swaps)[:, gadget.player, : len(values)]
    return all(np.array_equal(values[images[swap]], values) for swap in spot.suit_swaps)


def _positive_int(value: object) -> bool:
    return isinstance(value, int | np.integer) and not isinstance(value, bool) and bool(value >= 1)


def _gadget_arrays(gadget: Gadget | None, prepared: Prepared) -> tuple[int, Any, Any]:
    """What the kernel reads of ``gadget``: its player, the alternatives' values and their regrets (or none)."""
    if gadget is None:
        return NO_GADGET
    alternatives = gadget.alternatives(prepared)
    return gadget.player, alternatives, np.zeros((2, len(alternatives)))


def _check_settings(
    algorithm: str, iterations: int | None, target: float, threads: int, max_iterations: int, check_every: int
) -> None:
    """Raise the :class:`SolverError` :func:`solve` documents for a bad setting."""
    if algorithm not in _ALGORITHM_CODES:
        raise SolverError(f"algorithm must be one of {sorted(_ALGORITHM_CODES)}, got {algorithm!r}")
    if iterations is not None and not _positive_int(iterations):
        raise SolverError(f"iterations must be a positive integer or None, got {iterations!r}")
    if not isinstance(target, int | float | np.floating) or isinstance(target, bool) or not 0.0 < target < math.inf:
        raise SolverError(f"target_exploitability must be a positive number, got {target!r}")
    for name, value in (("threads", threads), ("max_iterations", max_iterations), ("check_every", check_every)):
        if not _positive_int(value):
            raise SolverError(f"{name} must be a positive integer, got {value!r}")


def solve(
    spot: Spot,
    *,
    iterations: int | None = None,
    target_exploitability: float = 0.005,
    algorithm: Algorithm = "dcfr",
    max_iterations: int = 2000,
    check_every: int = 25,
    time_limit_s: float | None = None,
    max_bytes: int | None = None,
    progress: Callable[[int, float], None] | None = None,
    measure: bool = True,
    gadget: Gadget | None = None,
    threads: int = 1,
) -> Solution:
    """Solve ``spot`` and return the average strategies with their exploitability.

    Args:
        spot: the spot.
        iterations: run exactly this many iterations (deterministic; the target is then only reported).
        target_exploitability: otherwise stop once exploitability is at most this share of the starting pot
            (0.005 = 0.5%), or at ``max_iterations``; checked at most every ``check_every`` iterations and
            further apart while the trend says the target is still far (see :func:`check_gap`).
        algorithm: ``"dcfr"`` (Discounted CFR, see :func:`._cfr_kernel.dcfr_discounts`), ``"cfr+"`` or
            ``"pdcfr+"`` (predictive discounted CFR+, see :func:`._cfr_kernel.iteration_discounts`; one more
            float32 array per strategy slot).
        max_iterations: cap when solving to a target.
        check_every: the fewest iterations between exploitability checks (and between looks at the clock).
        time_limit_s: also stop once this many seconds have passed, looking every ``check_every`` iterations,
            or (DCFR) just before a restart of the average the time left cannot get a quarter past (makes the
            result depend on speed).
        max_bytes: memory limit for the guard (default 80% of available memory).
        progress: called with ``(iterations done, exploitability in % of the pot)`` after each check.
        measure: with ``iterations``, measure the exploitability at the end (two best-response walks, about one
            iteration's cost); without, :attr:`Solution.exploitability` computes it when first read.
        gadget: re-solve safely (see :class:`Gadget`). The exploitability reported is still that of the spot
            with its ranges as given. Values that differ between a hand and its suit twin turn
            :attr:`Spot.isomorphism` off for the solve (the solution's ``spot`` says so).
        threads: walk the subtrees under the first chance nodes on this many threads (:mod:`.parallel`); the
            solution is the same to the last bit, only faster where cores are free. 1 on a river spot.

    Raises:
        SolverError: on a bad setting or a spot too large for the memory limit.
    """
    from pokergym.solver.solution import Solution  # at call time: solution imports this module

    _check_settings(algorithm, iterations, target_exploitability, threads, max_iterations, check_every)
    if time_limit_s is not None and not time_limit_s > 0.0:
        raise SolverError(f"time_limit_s must be positive or None, got {time_limit_s!r}")
    if gadget is not None and not _gadget_keeps_symmetry(spot, gadget):
        spot = replace(spot, isomorphism=False)  # hands that enter unlike their suit twins break the symmetry
    prepared = prepare(spot, max_bytes=max_bytes, algorithm=algorithm)
    prepared.threads = threads
    arrays = _gadget_arrays(gadget, prepared)
    started, dcfr, total = time.perf_counter(), algorithm == "dcfr", iterations or max_iterations
    done, history, next_check = 0, [], check_every
    while done < total:
        step, read_at, last = _chunk(done, total, next_check, check_every, iterations, dcfr, (started, time_limit_s))
        if step == 0:
            break  # out of time just before a restart: the average as it is (Solution measures it when read)
        _iterate(prepared, done + 1, step, algorithm, arrays, read_at)
        done += step
        out_of_time = last or (time_limit_s is not None and time.perf_counter() - started > time_limit_s)
        if iterations is not None:
            if done < total or not measure:
                continue
        elif done < min(next_check, total) and not out_of_time:
            continue
        pct = 100.0 * prepared.exploitability() / spot.pot
        history.append((done, pct))
        if progress is not None:
            progress(done, pct)
        if iterations is None and pct <= 100.0 * target_exploitability:
            break
        next_check = done + check_gap(history, 100.0 * target_exploitability, check_every, dcfr)
        if out_of_time:
            break
    return Solution(prepared, done, history, algorithm, time.perf_counter() - started)
