"""Compiled tree walks of the solver: CFR updates, best response and evaluation, vectorised over hands.

One recursive walk serves three jobs (``mode``):

* ``UPDATE``: a CFR iteration for the traverser (current strategies from
  regret matching; the traverser's regrets and average-strategy sums are
  updated with the discount factors given);
* ``BEST_RESPONSE``: the traverser maximises per hand against the other
  player's average strategy;
* ``AVERAGE``: both play their average strategies.

Every call returns the traverser's counterfactual values, one per hand:
the sum over the opponent's hands, weighted by the opponent's reach, of the
traverser's chips won (net of what it put in since the spot began; the
opponent's are ``pot`` minus those). Terminal values cost O(n) per node with
card removal done by running sums (see :mod:`.tables`): per-card totals for
folds, and for showdowns a sum over the opponent's hands by strength plus one
by card and strength, read back with precomputed positions; no loop over hand
pairs and no data-dependent branch. Where the traverser can fold or call to a
showdown, one pass over the opponent's reach values both. Below a node the
opponent reaches with no hand, every value is 0: an update walks such a
subtree only for the traverser's regret discounts and average-strategy sums,
without terminals or the opponent's regret matching.

Arguments travel as tuples: ``tree = (kind, player, amount, child_start,
n_children, children, card, board, offset, twin_start, n_twins, twin_card,
twin_swap)`` (see :mod:`.tree`), ``hands = (first, second, n_hands, same,
bounds, card_start, card_end, card_major, images)`` where ``same[p, h]`` is
the index of the identical combo in the other player's list (-1 if none),
the next four are the board-independent tables of :mod:`.tables` and
``images[swap, p, h]`` is the index of hand ``h``'s image under a suit swap
(see :func:`~pokergym.solver.isomorphism.hand_images`; a chance node's child
also stands for its twins, whose values are the child's read at the images),
``boards = (strength, equity, by_strength, by_card, packed)`` with
``strength[b, p]`` the hand ranks on board ``b``, ``equity[i]`` the OOP player's showdown equity per pair of hands at
check-down board ``i`` (0 for pairs that share a card) and the per-board
tables of :mod:`.tables`, and ``store = (regrets0, regrets1, sums0, sums1, cumulative0, cumulative1)``
(the cumulative regrets of predictive CFR, empty for the other algorithms).
The walk takes out of these, once, what each helper reads (:func:`seat_tables`, the traverser's rows of
``store``) and hands a helper only that, as views without an owner (:data:`pokergym._jit.unowned`): numba
counts a reference, an atomic add, for every array a call is given, on entry and on exit, and helpers given
the whole tuples at every node spent 14% of an iteration on it, the owned views still 9%
(``benchmarks/profile_solver.py``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pokergym._jit import kernel as _jit
from pokergym._jit import unowned

UPDATE = 0
NO_LEAVES = (np.zeros(0, dtype=np.int64), np.zeros((0, 0)))
"""``walk``'s ``leaves`` when every chance node's children are walked in the same walk."""
NOISE = 1e-9
"""Regrets smaller than this share of the pot are rounding noise and count as zero."""
BEST_RESPONSE = 1
AVERAGE = 2
_LANES = 8
"""Rows :func:`_matrix_times` sums at once: one vector register of float64s."""


@_jit
def _clipped_rows(values: Any, offset: int, n_actions: int, n: int, positive: bool, out: Any, total: Any) -> None:
    """Copy the rows into ``out`` (negative entries as 0 if ``positive``); ``total[h]`` = 1 / the hand's sum, or 0."""
    lowest = 0.0 if positive else -np.inf
    total[:n] = 0.0
    for a in range(n_actions):
        row = values[offset + a * n : offset + (a + 1) * n]
        dest = out[a]
        for h in range(n):
            v = max(np.float64(row[h]), lowest)
            dest[h] = v
            total[h] += v
    for h in range(n):
        t = total[h]
        total[h] = 1.0 / t if t > 0.0 else 0.0


@_jit
def _fill_strategy(values: Any, offset: int, n_actions: int, n: int, positive: bool, out: Any, total: Any) -> None:
    """Write into ``out[:n_actions, :n]`` the rows of ``values`` at ``offset`` normalised per hand.

    With ``positive`` (regret matching) negative entries count as 0; a hand whose row sums to 0 gets the
    uniform strategy. ``total`` is scratch space for ``n`` sums. The loops run over hands innermost on row
    slices, with selects instead of branches, so they vectorise.
    """
    _clipped_rows(values, offset, n_actions, n, positive, out, total)
    uniform = 1.0 / n_actions
    for a in range(n_actions):
        dest = out[a]
        for h in range(n):
            t = total[h]
            dest[h] = dest[h] * t if t > 0.0 else uniform


@_jit
def _fill_reach(
    values: Any, offset: int, n_actions: int, n: int, positive: bool, reach: Any, out: Any, total: Any, alive: Any
) -> None:
    """The reach each of the opponent's actions leads to, written in the pass that normalises its strategy.

    ``out[a, :n]`` = ``reach`` times row ``a`` of :func:`_fill_strategy`; ``alive[a]``: whether any of it is
    positive.
    """
    _clipped_rows(values, offset, n_actions, n, positive, out, total)
    uniform = 1.0 / n_actions
    for a in range(n_actions):
        dest = out[a]
        positive_entries = 0  # counted, not a max: integer sums vectorise, a float max only with fast-math flags
        for h in range(n):
            t = total[h]
            v = reach[h] * (dest[h] * t if t > 0.0 else uniform)
            dest[h] = v
            positive_entries += 1 if v > 0.0 else 0
        alive[a] = positive_entries > 0


@_jit
def _strategy(values: Any, offset: int, n_actions: int, n: int, positive: bool) -> Any:
    """Normalise ``n_actions`` rows of ``n`` entries at ``offset`` per hand (positive parts if ``positive``)."""
    out = np.empty((n_actions, n))
    _fill_strategy(values, offset, n_actions, n, positive, out, np.empty(n))
    return out


@_jit
def _running_sum(reach: Any, order: Any, count: int, out: Any) -> None:
    """``out[0] = 0`` and ``out[k + 1] = out[k] + reach[order[k]]`` for ``k < count``.

    Four interleaved chains over the quarters of the list, then one pass adding each quarter's offset: a single
    chain of additions would wait for each one's latency.
    """
    q = count // 4
    a0 = a1 = a2 = a3 = 0.0
    out[0] = 0.0
    for k in range(q):
        a0 += reach[order[k]]
        out[k + 1] = a0
        a1 += reach[order[q + k]]
        out[q + k + 1] = a1
        a2 += reach[order[2 * q + k]]
        out[2 * q + k + 1] = a2
        a3 += reach[order[3 * q + k]]
        out[3 * q + k + 1] = a3
    for k in range(4 * q, count):
        a3 += reach[order[k]]
        out[k + 1] = a3
    for k in range(q + 1, 2 * q + 1):
        out[k] += a0
    shift = a0 + a1
    for k in range(2 * q + 1, 3 * q + 1):
        out[k] += shift
    shift += a2
    for k in range(3 * q + 1, count + 1):
        out[k] += shift


@_jit
def _card_totals(reach: Any, bounds: Any, order: Any, totals: Any) -> float:
    """Write into ``totals[c]`` the reach of the hands holding card ``c``; return the whole reach.

    ``bounds`` and ``order`` are the reach's player's rows of ``bounds`` and ``card_major`` (:mod:`.tables`).
    Sums over each card's stretch of ``order`` (two chains, nothing stored but the 52 totals): a fold needs
    only these, not the running sum a showdown reads.
    """
    whole = 0.0
    for c in range(52):
        low, high = bounds[c], bounds[c + 1]
        a = b = 0.0
        k = low
        while k + 1 < high:
            a += reach[order[k]]
            b += reach[order[k + 1]]
            k += 2
        if k < high:
            a += reach[order[k]]
        totals[c] = a + b
        whole += a + b
    return 0.5 * whole  # every hand is counted under both its cards


@_jit
def _compatible_into(reach_o: Any, mine: Any, theirs: Any, n: int, totals: Any, out: Any) -> None:
    """Write into ``out`` the opponent reach compatible with each of a player's ``n`` hands (blocked combos out).

    ``mine`` and ``theirs``: the player's and the opponent's rows of the hand tables (see :func:`seat_tables`);
    ``totals`` is scratch space for 52 sums.
    """
    whole = _card_totals(reach_o, theirs[0], theirs[1], totals)
    mine_first, mine_second, twins = mine
    for h in range(n):
        twin_index = twins[h]
        twin = reach_o[twin_index]  # index -1 wraps to a real entry, discarded below: no branch
        twin = twin if twin_index >= 0 else 0.0
        out[h] = whole - totals[mine_first[h]] - totals[mine_second[h]] + twin


@_jit
def _compatible(player: int, reach_o: Any, hands: Any) -> Any:
    """Opponent reach compatible with each of ``player``'s hands (blocked combos removed)."""
    out = np.empty(hands[2][player])
    mine, theirs = seat_tables(player, hands)
    _compatible_into(reach_o, mine, theirs, len(out), _workspace(hands)[1], out)
    return out


@_jit
def seat_tables(player: int, hands: Any) -> tuple[Any, Any]:
    """``player``'s rows of the hand tables a fold or a check-down reads, and its opponent's.

    ``((first, second, same), (bounds, card_major))``: the player's hands' cards and twins, and where each card's
    hands of the opponent's lie in the opponent's card-major order. The walks take these once, not ``hands``:
    numba counts a reference for every array a call is given, on entry and exit, and terminals are most of the
    calls.
    """
    other = 1 - player
    mine = (hands[0][player], hands[1][player], hands[3][player])
    return mine, (hands[4][other], hands[7][other])


@_jit
def _showdown_into(
    player: int,
    board: int,
    pot: float,
    amount: float,
    reach_o: Any,
    counts: tuple[int, int],
    ranked: Any,
    work: Any,
    out: Any,
    fold_payoff: float,
    fold_out: Any,
) -> None:
    """Write into ``out`` the counterfactual values of ``player``'s hands at a showdown where both put ``amount`` in.

    Two running sums over the opponent's reach (see :mod:`.tables`) and eleven look-ups per hand: the reach it
    beats and the reach it beats or ties, each less the combos sharing one of its cards, with their positions
    read from three packed words. No comparisons and no data-dependent branches; O(n + m) per showdown.
    ``reach_o`` is padded: its entry ``n_max`` is 0 (the twin of a hand the opponent does not hold). ``counts``:
    the player's and the opponent's numbers of hands; ``ranked``: ``boards[2:5]`` (the per-board tables of
    :mod:`.tables`). ``work`` is scratch space (see :func:`_workspace`). The compatible reach, times
    ``fold_payoff``, goes into ``fold_out``: the values of a fold with the same reach (the traverser's fold beside
    its call), for free.
    """
    n, m = counts
    other = 1 - player
    by_rank, by_card = work[0], work[1]
    _running_sum(reach_o, ranked[0][board, other], m, by_rank)
    _running_sum(reach_o, ranked[1][board, other], 2 * m, by_card)
    packed = ranked[2][board, player]
    words0, words1, words2 = packed[0], packed[1], packed[2]
    field = np.uint64(0xFFFF)
    s16, s32, s48 = np.uint64(16), np.uint64(32), np.uint64(48)
    whole = by_rank[m]
    half = 0.5 * pot
    stake = amount + half  # win: pot + amount, loss: -amount, both counted from a tie's pot / 2
    for h in range(n):
        x, y, z = words0[h], words1[h], words2[h]
        below = by_card[(y >> s32) & field] + by_card[y >> s48]
        twin = reach_o[(z >> s32) & field]
        compatible = whole - by_card[z & field] - by_card[(z >> s16) & field] + below + twin
        win = by_rank[x & field] - by_card[(x >> s32) & field] - by_card[y & field] + below
        not_stronger = by_rank[(x >> s16) & field] - by_card[x >> s48] - by_card[(y >> s16) & field] + below + twin
        out[h] = stake * (win - (compatible - not_stronger)) + half * compatible
        fold_out[h] = fold_payoff * compatible


@_jit
def _workspace(hands: Any) -> Any:
    """Scratch rows for the terminals: a showdown's two running sums, then check-down shares or unread values.

    A fold's 52 card totals use the second row; a showdown whose fold values nobody reads writes them to the third.
    """
    return np.zeros((3, 2 * hands[0].shape[1] + 53))


@_jit
def _showdown(player: int, board: int, pot: float, amount: float, reach_o: Any, hands: Any, boards: Any) -> Any:
    """Counterfactual values of ``player``'s hands at a showdown on ``board`` (see :func:`_showdown_into`)."""
    out = np.empty(hands[2][player])
    work = _workspace(hands)
    padded = np.zeros(hands[0].shape[1] + 1)
    padded[: len(reach_o)] = reach_o
    counts = (hands[2][player], hands[2][1 - player])
    _showdown_into(player, board, pot, amount, padded, counts, boards[2:5], work, out, 0.0, work[2])
    return out


@_jit
def _checkdown(
    player: int, equity: Any, stakes: tuple[float, float], reach_o: Any, counts: Any, seats: Any, work: Any, out: Any
) -> None:
    """Write into ``out`` the values at a check-down leaf: each pair splits ``pot + 2 * amount`` by its equity.

    ``equity``: the leaf's board's matrix (OOP's hands by IP's); ``stakes``: ``(pot, amount)``; ``counts``: the
    player's and the opponent's numbers of hands; ``seats``: :func:`seat_tables`. ``work``: scratch space.
    """
    (pot, amount), (n, m), share = stakes, counts, work[2]
    if player == 0:
        _matrix_times(equity, reach_o, n, m, share)
    else:
        share[:n] = 0.0
        for h in range(m):
            r = reach_o[h]
            for j in range(n):
                share[j] += equity[h, j] * r
    _compatible_into(reach_o, seats[0], seats[1], n, work[1], out)
    for h in range(n):
        mine = share[h] if player == 0 else out[h] - share[h]
        out[h] = (pot + 2.0 * amount) * mine - amount * out[h]


@_jit
def _matrix_times(matrix: Any, vector: Any, n: int, m: int, out: Any) -> None:
    """``out[h] = sum_j matrix[h, j] * vector[j]`` for ``h < n``, ``j < m``, each sum from ``j = 0`` up.

    ``_LANES`` rows at a time, each its own running sum: one row's chain of additions alone would wait for every
    addition's latency. Splitting a row's sum into partial sums would be as fast but round differently, and the
    solver agent's matches are recorded with these sums (the order of a row's additions is the plain loop's).
    """
    lanes = np.zeros(_LANES)
    whole = n - n % _LANES
    for h0 in range(0, whole, _LANES):
        lanes[:] = 0.0
        for j in range(m):
            r = vector[j]
            for k in range(_LANES):
                lanes[k] += matrix[h0 + k, j] * r
        out[h0 : h0 + _LANES] = lanes
    for h in range(whole, n):
        total = 0.0
        for j in range(m):
            total += matrix[h, j] * vector[j]
        out[h] = total


@_jit
def equity_matrix(runouts: Any, known: Any, board_cards: Any, strength: Any, hands: Any) -> Any:
    """OOP's equity (win + tie / 2) per pair of hands, averaged over ``runouts`` (indices into ``board_cards``).

    ``known`` lists the cards already on the board; a pair's run-outs are those holding neither hand's cards.
    Pairs of hands that share a card get 0. The inner loop has no branches (a hand a run-out blocks adds
    0 through its 0/1 weight), so it vectorises; the sums are of 0, 0.5 and 1, hence exact in any order.
    """
    first, second, n_hands = hands[0], hands[1], hands[2]
    n, m = n_hands[0], n_hands[1]
    out = np.zeros((n, m))
    count = np.zeros((n, m))
    is_known = np.zeros(52, dtype=np.bool_)
    for c in known:
        is_known[c] = True
    dealt = np.zeros(52, dtype=np.bool_)
    alive = np.zeros(m)
    for b in runouts:
        for c in board_cards[b]:
            dealt[c] = not is_known[c]
        ranks0, ranks1 = strength[b, 0], strength[b, 1]
        for j in range(m):
            alive[j] = 0.0 if dealt[first[1, j]] or dealt[second[1, j]] else 1.0
        for h in range(n):
            if dealt[first[0, h]] or dealt[second[0, h]]:
                continue
            mine = ranks0[h]
            row, seen = out[h], count[h]
            for j in range(m):
                theirs = ranks1[j]
                row[j] += alive[j] * ((mine < theirs) + 0.5 * (mine == theirs))
                seen[j] += alive[j]
        for c in board_cards[b]:
            dealt[c] = False
    for h in range(n):
        a1, a2 = first[0, h], second[0, h]
        for j in range(m):
            b1, b2 = first[1, j], second[1, j]
            if a1 in (b1, b2) or a2 in (b1, b2) or count[h, j] == 0.0:
                out[h, j] = 0.0
            else:
                out[h, j] /= count[h, j]
    return out


@_jit
def _deal(player: int, card: int, reach: Any, hands: Any) -> Any:
    """``reach`` with ``player``'s hands holding ``card`` set to 0 (a copy)."""
    first, second, n_hands = hands[0], hands[1], hands[2]
    out = reach.copy()
    for h in range(n_hands[player]):
        if first[player, h] == card or second[player, h] == card:
            out[h] = 0.0
    return out


@_jit
def _terminal(
    dead: bool, kind: int, node: int, trav: int, payoffs: Any, reach_o: Any, counts: Any, leaf: Any, work: Any, out: Any
) -> None:
    """Write the traverser's counterfactual values at terminal ``node`` of ``kind`` into ``out`` (0 where ``dead``).

    ``payoffs``: ``(pot, (player, amount, board))``, what a terminal's payoff is read from, the last three the
    tree's arrays; ``leaf``: ``(seats, ranked, equity)``, the tables :func:`walk` takes once (see
    :func:`seat_tables`).
    """
    (pot, (player_a, amount_a, board_a)), n = payoffs, counts[0]
    seats, ranked, equity = leaf
    amount, board = float(amount_a[node]), board_a[node]
    if dead:
        out[:n] = 0.0
    elif kind == 1:  # fold
        payoff = -amount if player_a[node] == trav else pot + amount
        _compatible_into(reach_o, seats[0], seats[1], n, work[1], out)
        for h in range(n):
            out[h] *= payoff
    elif kind == 4:
        _checkdown(trav, equity[board], (pot, amount), reach_o, counts, seats, work, out)
    else:
        _showdown_into(trav, board, pot, amount, reach_o, counts, ranked, work, out, 0.0, work[2])


@_jit
def _masked(source: Any, dest: Any, player: int, card: int, count: int, hands: Any) -> bool:
    """``dest[:count]`` = ``source`` with ``player``'s hands holding ``card`` set to 0; whether any is positive."""
    first, second = hands[0][player], hands[1][player]
    positive_entries = 0  # counted, not a max: see _fill_reach
    for h in range(count):
        blocked = (first[h] == card) | (second[h] == card)
        v = 0.0 if blocked else source[h]
        dest[h] = v
        positive_entries += 1 if v > 0.0 else 0
    return positive_entries > 0


@_jit
def _scaled(source: Any, share: Any, dest: Any, count: int) -> bool:
    """``dest[:count]`` = ``source * share``; whether any entry is positive."""
    positive_entries = 0  # counted, not a max: see _fill_reach
    for h in range(count):
        v = source[h] * share[h]
        dest[h] = v
        positive_entries += 1 if v > 0.0 else 0
    return positive_entries > 0


@_jit
def _any_reach(reach: Any, count: int) -> bool:
    """Whether some entry of ``reach[:count]`` is positive."""
    positive_entries = 0  # counted, not a max: see _fill_reach
    for h in range(count):
        positive_entries += 1 if reach[h] > 0.0 else 0
    return positive_entries > 0


@_jit
def _frames(shape: Any, reach_t: Any, reach_o: Any) -> Any:
    """:func:`walk`'s buffers for a tree of ``shape = (max_depth, max_actions)``, one frame per depth, once per walk.

    The root's frame holds the reaches ``reach_t`` and ``reach_o``.

    ``(nodes, next_child, t_at, o_at, out_at, dead, rt, ro, alive, rows, strategy)``: the node at each depth,
    its next child (-1 before the first visit), the rows holding the traverser's and the opponent's reach,
    the row the node's value goes to, whether the opponent's reach is all 0, the traverser's reach rows, the
    opponent's (rows ``d * max_actions + a`` for the actions of the node at depth ``d``, the last row the reach
    at the root; entries past the opponent's hands stay 0: the padding showdowns read), which of them are
    positive, the value rows (``width = max_actions + 1`` per depth: the node's value, then one per action of
    a traverser's node) and the traverser's strategy per depth.

    :func:`walk` goes depth-first over these frames, not by recursion: numba's disk cache cannot reload
    recursive functions safely. A reach that an action leaves unchanged is not copied (``t_at`` and ``o_at``
    point at the row holding it), the traverser's reach is kept only where an update needs it, and a child of
    the traverser's decision writes its values straight into the parent's row for that action (``out_at``).
    """
    depth_cap, max_actions = shape[0] + 1, shape[1]
    width, n, m = max_actions + 1, len(reach_t), len(reach_o)
    n_max = max(n, m)
    frames = (
        np.empty(depth_cap, dtype=np.int64),
        np.full(depth_cap, -1, dtype=np.int64),
        np.zeros(depth_cap, dtype=np.int64),
        np.full(depth_cap, depth_cap * max_actions, dtype=np.int64),
        np.zeros(depth_cap, dtype=np.int64),
        np.zeros(depth_cap, dtype=np.bool_),
        np.zeros((depth_cap, n_max)),
        np.zeros((depth_cap * max_actions + 1, n_max + 1)),
        np.zeros((depth_cap, max_actions), dtype=np.bool_),
        np.zeros((depth_cap * width, n_max)),
        np.zeros((depth_cap, max_actions, n_max)),
    )
    frames[6][0, :n] = reach_t
    frames[7][depth_cap * max_actions, :m] = reach_o  # the root's o_at
    return frames


@_jit
def walk(
    root: int,
    trav: int,
    mode: int,
    reach_t: Any,
    reach_o: Any,
    pot: float,
    game: Any,
    store: Any,
    discounts: Any,
    shape: Any,
    leaves: Any,
) -> Any:
    """Counterfactual values of ``trav``'s hands below ``root`` (see the module docstring for ``mode``).

    ``game``: ``(tree, hands, boards)``; ``shape``: ``(max_depth, max_actions)``; ``leaves``: ``(leaf_of, leaf_sums)``,
    the sum over the cards of a chance node walked already (:mod:`.parallel`) in ``leaf_sums[leaf_of[node]]``.
    Depth-first over frames (:func:`_frames` says how they are shared), in :func:`_walk`.
    """
    owned = (game, store, leaves, _frames(shape, reach_t, reach_o), _workspace(game[1]))
    return _walk(root, trav, mode, pot, owned, discounts, shape[1])


@_jit
def _walk(root: int, trav: int, mode: int, pot: float, owned: Any, discounts: Any, max_actions: int) -> Any:
    """:func:`walk` over the frames and scratch space in ``owned`` = ``(game, store, leaves, frames, work)``.

    Every array of ``owned`` is taken as a view without an owner (:data:`pokergym._jit.unowned`): the walk hands
    its helpers several arrays at every node, and numba would count a reference, an atomic operation, for each on
    entry and exit. The caller holds ``owned`` until the walk returns, and no view leaves it.
    """
    game, store, leaves, frames, work = unowned(owned)
    tree, hands, boards = game
    kind_a, player_a, amount_a, child_start, n_children, children, card_a, board_a, offset_a, _, n_twins = tree[:11]
    learning = (mode, (store[trav], store[2 + trav], store[4 + trav]), discounts)
    walking = (mode == UPDATE, mode == UPDATE and discounts[3] != 0.0)  # updates; updates the sums (its reach's use)
    payoffs, leaf = (pot, (player_a, amount_a, board_a)), (seat_tables(trav, hands), boards[2:5], boards[1])
    n, m, width = hands[2][trav], hands[2][1 - trav], max_actions + 1
    nodes, next_child, t_at, o_at, out_at, dead, rt, ro, alive, rows, strategy = frames
    d, nodes[0], dead[0] = 0, root, not _any_reach(ro[o_at[0]], m)  # the root's reach, as _frames put it
    while d >= 0:
        node, dest = nodes[d], rows[out_at[d]]
        kind, count = kind_a[node], n_children[node]
        if next_child[d] < 0:  # first visit
            next_child[d] = 0
            if kind == 0:
                actor, below = player_a[node], ro[d * max_actions : d * max_actions + count]
                args = (store[actor + 2 * (mode != UPDATE)], offset_a[node], count, ro[o_at[d]], below, strategy[d])
                _decision(actor == trav, mode, dead[d], n, m, *args, alive[d], dest, work[0])
            elif kind == 3:
                next_child[d] = _chance_start(node, count, leaves, dest, n)
            else:
                _terminal(dead[d], kind, node, trav, payoffs, ro[o_at[d]], (n, m), leaf, work, dest)
        i = next_child[d]
        if i < count:
            child = children[child_start[node] + i]
            out_at[d + 1] = (d + 1) * width
            t_at[d + 1], o_at[d + 1], dead[d + 1], live = t_at[d], o_at[d], dead[d], True
            if kind == 3:
                live = _enter_card(d, trav, walking, card_a[child], hands, t_at, o_at, dead, rt, ro, n, m, max_actions)
            elif player_a[node] == trav:
                base, sibling = d * width + 1, children[child_start[node] + min(i + 1, count - 1)]
                if kind_a[child] == 1 and kind_a[sibling] == 2:  # fold, then call: both from one pass over the reach
                    args2 = (payoffs, ro[o_at[d]], (n, m), leaf[1], work, rows[base + i : base + i + 2])
                    _fold_and_call(dead[d], trav, child, sibling, *args2)
                    next_child[d] = i + 2
                    continue
                t_at[d + 1] = _carry_reach(walking[1], rt, t_at[d], d + 1, strategy[d, i], n)
                out_at[d + 1] = base + i
            elif not dead[d]:
                dead[d + 1] = not alive[d, i]
                o_at[d + 1] = d * max_actions + i
                live = mode == UPDATE or not dead[d + 1]
            if live:  # else nothing to win or lose below: the child's value is 0 (an update walks every child)
                nodes[d + 1], next_child[d + 1], d = child, -1, d + 1  # the child's frame, pushed
            else:
                next_child[d] = i + 1
            continue
        if kind == 3:
            _chance_average(dest, n, float(amount_a[node]), child_start[node], count, children, n_twins)
        elif kind == 0 and player_a[node] == trav:
            _own_value(learning, (rows, d * width + 1, count), dest, strategy[d], rt[t_at[d]], n, offset_a[node])
        if d == 0:
            return dest[:n].copy()
        parent, above = nodes[d - 1], rows[out_at[d - 1]]
        if kind_a[parent] == 3:
            _add_card(dest, above, node, trav, tree, hands, n)
        elif player_a[parent] != trav:  # a traverser's child wrote into its own row already
            _add_into(above, dest, n)
        next_child[d - 1] += 1
        d -= 1
    return np.zeros(n)


@_jit
def _carry_reach(averaging: bool, rows: Any, source: int, row: int, share: Any, n: int) -> int:
    """The row of ``rows`` holding the traverser's reach below one of its actions, whose probabilities are ``share``.

    ``row``, written as ``rows[source]`` times ``share``, where the update needs it for the average-strategy sums
    (``averaging``); else ``source``, unread below.
    """
    if not averaging:
        return source
    _scaled(rows[source], share, rows[row], n)
    return row


@_jit
def _add_into(total: Any, value: Any, n: int) -> None:
    """``total[:n] += value[:n]``."""
    for h in range(n):
        total[h] += value[h]


@_jit
def _chance_start(node: int, count: int, leaves: Any, dest: Any, n: int) -> int:
    """A chance node's first visit in :func:`walk`: its first child to walk, and ``dest`` set to what it adds to.

    0 and zeros, or, where its cards were walked already (``leaf_of[node] >= 0``), ``count`` and their sum.
    """
    leaf_of, leaf_sums = leaves
    if len(leaf_of) > 0 and leaf_of[node] >= 0:
        dest[:n] = leaf_sums[leaf_of[node], :n]
        return count
    dest[:n] = 0.0
    return 0


@_jit
def _enter_card(
    d: int,
    trav: int,
    walking: tuple[bool, bool],
    card: int,
    hands: Any,
    t_at: Any,
    o_at: Any,
    dead: Any,
    reach_t: Any,
    reach_o: Any,
    n: int,
    m: int,
    max_actions: int,
) -> bool:
    """Both reaches below the chance node at depth ``d`` for the child dealing ``card``; whether to walk it.

    ``walking``: whether the walk updates, and whether it updates the average-strategy sums. The traverser's
    reach is kept only where the sums need it; the child is walked where the opponent can reach it, and always
    in an update (the traverser's regrets below are still discounted).
    """
    update, averaging = walking
    if averaging:
        _masked(reach_t[t_at[d]], reach_t[d + 1], trav, card, n, hands)
        t_at[d + 1] = d + 1
    if not dead[d]:
        dead[d + 1] = not _masked(reach_o[o_at[d]], reach_o[d * max_actions], 1 - trav, card, m, hands)
        o_at[d + 1] = d * max_actions
    return update or not dead[d + 1]


@_jit
def _decision(
    own: bool,
    mode: int,
    dead: bool,
    n: int,
    m: int,
    source: Any,
    offset: int,
    count: int,
    reach_o: Any,
    below: Any,
    strategy: Any,
    alive: Any,
    dest: Any,
    scratch: Any,
) -> None:
    """:func:`walk`'s first visit of a decision with ``count`` actions whose regrets or sums are ``source``.

    The traverser's (``own``): its strategy into ``strategy`` (not in a best response). The opponent's: the reach
    each action leads to into the rows of ``below`` and whether it is positive into ``alive`` (not where its
    reach is ``dead``: it stays 0 whatever the strategy), and ``dest`` zeroed for the sum over the actions.
    """
    if own:
        if mode != BEST_RESPONSE:
            _fill_strategy(source, offset, count, n, mode == UPDATE, strategy, scratch)
        return
    if not dead:
        _fill_reach(source, offset, count, m, mode == UPDATE, reach_o, below, scratch, alive)
    dest[:n] = 0.0


@_jit
def _fold_and_call(
    dead: bool,
    trav: int,
    fold: int,
    call: int,
    payoffs: Any,
    reach_o: Any,
    counts: Any,
    ranked: Any,
    work: Any,
    out: Any,
) -> None:
    """The traverser's values at its ``fold`` and its ``call`` to a showdown, from one pass over ``reach_o``.

    ``payoffs``: as :func:`_terminal`'s; ``out``: the fold's row, then the call's.
    """
    (pot, (_, amount_a, board_a)), n = payoffs, counts[0]
    fold_values, call_values = out[0], out[1]
    if dead:
        fold_values[:n] = 0.0
        call_values[:n] = 0.0
        return
    lose, amount = -float(amount_a[fold]), float(amount_a[call])
    _showdown_into(trav, board_a[call], pot, amount, reach_o, counts, ranked, work, call_values, lose, fold_values)


@_jit
def _add_card(value: Any, total: Any, node: int, trav: int, tree: Any, hands: Any, n: int) -> None:
    """Add a chance child's values, and its twins' (see :func:`_add_twin`), to the hands its card leaves alive."""
    _add_unblocked(value, total, trav, tree[6][node], n, hands)
    for k in range(tree[9][node], tree[9][node] + tree[10][node]):
        _add_twin(value, total, trav, tree[11][k], hands[8][tree[12][k], trav], n, hands)


@_jit
def _add_unblocked(value: Any, total: Any, player: int, card: int, count: int, hands: Any) -> None:
    """``total[:count] += value`` for ``player``'s hands that do not hold ``card``."""
    first, second = hands[0][player], hands[1][player]
    for h in range(count):
        blocked = (first[h] == card) | (second[h] == card)
        total[h] += 0.0 if blocked else value[h]


@_jit
def _add_twin(value: Any, total: Any, player: int, card: int, image: Any, count: int, hands: Any) -> None:
    """``total[h] += value[image[h]]`` for ``player``'s hands ``h`` that do not hold ``card`` (a twin's values)."""
    first, second = hands[0][player], hands[1][player]
    for h in range(count):
        blocked = (first[h] == card) | (second[h] == card)
        total[h] += 0.0 if blocked else value[image[h]]


@_jit
def _chance_average(dest: Any, n: int, cards: float, start: int, count: int, children: Any, n_twins: Any) -> None:
    """A chance node's value: the sum over the cards dealt (twins included), over what it estimates.

    ``cards`` cards could come, ``count`` children were walked from ``children[start]`` on, each standing for
    itself and ``n_twins`` of its suit twins (see ``tree.chance_divisor``).
    """
    dealt = count
    for i in range(count):
        dealt += n_twins[children[start + i]]
    chances = cards * dealt / (cards + 4.0)
    for h in range(n):
        dest[h] /= chances


@_jit
def _own_value(learning: Any, rows: Any, dest: Any, strategy: Any, reach_t: Any, n: int, offset: int) -> None:
    """The traverser's decision, all actions walked: its value into ``dest`` (and in an update, its learning).

    ``rows``: ``(values, first, count)``, the actions' values in ``values[first : first + count]``; the node's
    value is their best per hand in a best response, their mix by ``strategy`` otherwise. ``learning``:
    ``(mode, (regrets, sums, cumulative), discounts)``, the traverser's arrays (see :func:`_update`). Only the
    arrays it reads come in: numba counts a reference for each array a call is given, on entry and exit, and
    this runs at every decision of the traverser's.
    """
    (mode, learner, discounts), (every_row, first, count) = learning, rows
    values = every_row[first : first + count]
    if mode == BEST_RESPONSE:
        for h in range(n):
            dest[h] = values[0, h]
        for a in range(1, count):
            row = values[a]
            for h in range(n):
                dest[h] = max(dest[h], row[h])
        return
    for h in range(n):
        dest[h] = 0.0
    for a in range(count):
        row, share = values[a], strategy[a]
        for h in range(n):
            dest[h] += share[h] * row[h]
    if mode == UPDATE:
        _update(learner[0], learner[1], learner[2], offset, count, n, values, dest, strategy, reach_t, discounts)


@_jit
def _update(
    regrets: Any,
    sums: Any,
    cumulative: Any,
    offset: int,
    count: int,
    n: int,
    values: Any,
    node_value: Any,
    strategy: Any,
    reach_t: Any,
    discounts: Any,
) -> None:
    """Discount and accumulate the regrets and average-strategy sums of one node.

    A regret within ``noise`` of zero is set to zero: values summed in different orders differ by rounding
    (about 1e-13 of the pot), and regret matching would turn such a difference into a pure strategy where the
    hand is exactly indifferent. With ``cumulative`` (predictive CFR: not empty) the discounted regrets live
    there and ``regrets`` receives what the next strategy is matched on: the cumulative regrets discounted
    ahead plus this iteration's regrets as the prediction.
    """
    positive, negative, keep, weight, floor, noise, ahead = discounts
    lowest = 0.0 if floor > 0.0 else -np.inf
    predictive = len(cumulative) > 0
    for a in range(count):  # row slices and selects, no branches: the loop over hands vectorises
        regret_row = regrets[offset + a * n : offset + (a + 1) * n]
        sum_row = sums[offset + a * n : offset + (a + 1) * n]
        value_row, strategy_row = values[a], strategy[a]
        if predictive:
            kept_row = cumulative[offset + a * n : offset + (a + 1) * n]
            for h in range(n):
                gain = value_row[h] - node_value[h]
                r = max(np.float64(kept_row[h]) * positive + gain, 0.0)
                r = r if r >= noise else 0.0
                kept_row[h] = r
                q = r * ahead + gain
                regret_row[h] = q if q >= noise else 0.0
                sum_row[h] = sum_row[h] * keep + weight * reach_t[h] * strategy_row[h]
            continue
        for h in range(n):
            r = np.float64(regret_row[h])
            r = r * (positive if r > 0.0 else negative) + value_row[h] - node_value[h]
            r = max(r, lowest)
            regret_row[h] = r if abs(r) >= noise else 0.0
        if weight != 0.0:  # 0: an update that leaves the sums alone (see iteration_discounts)
            for h in range(n):
                sum_row[h] = sum_row[h] * keep + weight * reach_t[h] * strategy_row[h]


@_jit
def dcfr_discounts(t: int) -> tuple[float, float, float]:
    """Factors applied at iteration ``t`` (from 1) to positive regrets, negative regrets and strategy sums.

    Discounted CFR with alpha 1.5 and beta 0 (regrets: ``(t-1)^1.5 / ((t-1)^1.5 + 1)`` and 1/2); the average
    strategy is weighted with gamma 3 counted from the last power of 4 at or below ``t``, so the early
    iterations' strategies are dropped at iterations 4, 16, 64, ... (about 10% fewer iterations to 0.5% of the
    pot than plain gamma 2 on the benchmark's spots).

    Example:
        >>> dcfr_discounts(1)
        (0.0, 0.5, 0.0)
        >>> [round(x, 3) for x in dcfr_discounts(17)]
        [0.985, 0.5, 0.125]
    """
    prior = float(t - 1)
    grown = prior**1.5
    since = float(t - last_restart(t))
    return grown / (grown + 1.0), 0.5, (since / (since + 1.0)) ** 3


@_jit
def last_restart(t: int) -> int:
    """The last power of 4 at or below ``t``: where Discounted CFR's average strategy last started over."""
    restart = 1
    while restart * 4 <= t:
        restart *= 4
    return restart


@_jit
def averaging_start(read_at: int, algorithm: int) -> int:
    """The first iteration whose strategy the average read after iteration ``read_at`` holds.

    Discounted CFR's average starts over at each power of 4 (:func:`dcfr_discounts`), so the strategies of the
    iterations before the last restart are wiped before they are read; the other algorithms keep every
    iteration's.

    Example:
        >>> averaging_start(110, DCFR), averaging_start(63, DCFR), averaging_start(110, CFR_PLUS)
        (64, 16, 1)
    """
    return last_restart(read_at) if algorithm == DCFR else 1


@_jit
def _entering(regrets: Any, count: int) -> Any:
    """Regret matching over a re-solving gadget's two choices: per hand, the probability of entering the subgame."""
    out = np.empty(count)
    for h in range(count):
        follow, leave = max(regrets[0, h], 0.0), max(regrets[1, h], 0.0)
        out[h] = follow / (follow + leave) if follow + leave > 0.0 else 0.5
    return out


@_jit
def _update_gadget(regrets: Any, entered: Any, values: Any, alternatives: Any, count: int, discounts: Any) -> None:
    """Discount and accumulate the gadget's regrets (enter, take the alternative) with ``_update``'s rules."""
    positive, negative, floor, noise = discounts[0], discounts[1], discounts[4], discounts[5]
    lowest = 0.0 if floor > 0.0 else -np.inf
    for h in range(count):
        mixed = entered[h] * values[h] + (1.0 - entered[h]) * alternatives[h]
        for choice, gain in ((0, values[h] - mixed), (1, alternatives[h] - mixed)):
            r = regrets[choice, h]
            r = max(r * (positive if r > 0.0 else negative) + gain, lowest)
            regrets[choice, h] = r if abs(r) >= noise else 0.0


DCFR, CFR_PLUS, PDCFR_PLUS = 0, 1, 2
"""Algorithm codes of :func:`iteration_discounts`."""
PDCFR_ALPHA, PDCFR_GAMMA = 2.3, 5.0


@_jit
def iteration_discounts(
    t: int, algorithm: int, pot: float, averaging_from: int = 1
) -> tuple[float, float, float, float, float, float, float]:
    """``walk``'s ``discounts`` at iteration ``t``: (positive, negative, keep, weight, floor, noise, ahead).

    Before ``averaging_from`` (see :func:`averaging_start`) Discounted CFR's update leaves the average-strategy
    sums as they are (``keep`` 1, ``weight`` 0): :func:`walk` then neither carries the traverser's reach down the
    tree nor touches the sums, and only the regrets are updated.

    ``algorithm`` is :data:`DCFR` (see :func:`dcfr_discounts`), :data:`CFR_PLUS` (regrets floored at 0, the
    average weighted by ``t``) or :data:`PDCFR_PLUS`: predictive discounted CFR+ (Xu et al., IJCAI 2024), whose
    cumulative regrets are discounted by ``(t-1)^a / ((t-1)^a + 1)`` and floored at 0, whose next strategy is
    matched on those regrets discounted by ``t^a / (t^a + 1)`` plus this iteration's regrets (``ahead``), and
    whose average strategy is discounted by ``((t-1)/t)^g`` (a = 2.3, g = 5).

    Example:
        >>> [round(x, 3) for x in iteration_discounts(2, PDCFR_PLUS, 1000.0)]
        [0.5, 0.0, 0.031, 1.0, 1.0, 0.0, 0.831]
    """
    noise = NOISE * pot
    if algorithm == CFR_PLUS:
        return (1.0, 1.0, 1.0, float(t), 1.0, noise, 0.0)
    if algorithm == PDCFR_PLUS:
        prior, now = float(t - 1) ** PDCFR_ALPHA, float(t) ** PDCFR_ALPHA
        keep = (float(t - 1) / float(t)) ** PDCFR_GAMMA
        return (prior / (prior + 1.0), 0.0, keep, 1.0, 1.0, noise, now / (now + 1.0))
    positive, negative, keep = dcfr_discounts(t)
    if t < averaging_from:
        return (positive, negative, 1.0, 0.0, 0.0, noise, 0.0)
    return (positive, negative, keep, 1.0, 0.0, noise, 0.0)


@_jit
def gadget_reaches(trav: int, weights: Any, gadget_player: int, gadget_regrets: Any) -> tuple[Any, Any, Any]:
    """The traverser's and the opponent's reach at the root, and the gadget player's entering probabilities.

    Without a gadget (``gadget_player`` -1) the reaches are the weights and the probabilities a single 1; with
    one, that player's hands reach the subgame as often as they enter it.
    """
    reach_t, reach_o = weights[trav], weights[1 - trav]
    entered = np.ones(1)
    if gadget_player >= 0:
        entered = _entering(gadget_regrets, len(weights[gadget_player]))
        if trav == gadget_player:
            reach_t = reach_t * entered
        else:
            reach_o = reach_o * entered
    return reach_t, reach_o, entered


@_jit
def iterate(
    first_iteration: int,
    iterations: int,
    algorithm: int,
    root: int,
    weights: Any,
    pot: float,
    tree: Any,
    hands: Any,
    boards: Any,
    store: Any,
    max_depth: int,
    max_actions: int,
    gadget_player: int,
    alternatives: Any,
    gadget_regrets: Any,
    averaging_from: int,
) -> None:
    """Run ``iterations`` alternating updates numbered from ``first_iteration`` (see :func:`iteration_discounts`).

    The iterations numbered below ``averaging_from`` leave the average-strategy sums alone
    (:func:`iteration_discounts`): the caller passes :func:`averaging_start` of the next iteration at which the
    average is read, so that only sums a restart would wipe unread are skipped.

    With ``gadget_player`` 0 or 1, that player's hands each choose, by regret matching, between entering the
    subgame (reach: its weight times the probability of entering) and ``alternatives`` (counterfactual values,
    one per hand): the re-solving gadget of safe subgame solving. -1: no gadget.
    """
    for t in range(first_iteration, first_iteration + iterations):
        discounts = iteration_discounts(t, algorithm, pot, averaging_from)
        for trav in range(2):
            reach_t, reach_o, entered = gadget_reaches(trav, weights, gadget_player, gadget_regrets)
            values = walk(
                root,
                trav,
                UPDATE,
                reach_t,
                reach_o,
                pot,
                (tree, hands, boards),
                store,
                discounts,
                (max_depth, max_actions),
                NO_LEAVES,
            )
            if trav == gadget_player:
                _update_gadget(gadget_regrets, entered, values, alternatives, len(values), discounts)
