"""Random games and exhaustive move lists, shared by the cross-checks and property tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from scout_core import Game, IllegalMoveError
from scout_core.moves import ENDS, KEEP, ROTATE, Move, Orient, Scout, ScoutShow, Show


def every_spelling(game: Game) -> Iterator[Move]:
    """Every syntactically possible move with indexes that fit the mover's hand, legal or not."""
    if game.phase == "orient":
        yield from (KEEP, ROTATE)
        return
    seat = game.to_move
    assert seat is not None
    n = len(game.hands[seat])
    for i in range(n):
        for j in range(i + 1, n + 1):
            yield Show(i, j)
    for end in ENDS:
        for flip in (False, True):
            for k in range(n + 1):
                scout = Scout(end, flip, k)
                yield scout
                for i in range(n + 1):
                    for j in range(i + 1, n + 2):
                        yield ScoutShow(scout, Show(i, j))


def outcome(game: Game) -> tuple[Any, ...]:
    """Everything a move can change, without the move's own spelling."""
    p = game.position
    return (
        game.round,
        tuple(game.totals),
        game.phase,
        p.to_move,
        p.hands,
        p.table,
        p.owner,
        p.scouts_in_row,
        p.captured,
        p.chips,
        p.scout_show,
        p.choices,
        game.log,
    )


def try_play(game: Game, move: Move) -> Game | None:
    """The game after ``move``, or None if it is illegal."""
    try:
        return game.play(move)
    except IllegalMoveError:
        return None


def spelling_order(move: Move) -> tuple[int, ...]:
    """The documented order of the legal-move list, and of spellings with the same result."""
    if isinstance(move, Orient):
        return (0, 0, 0, 0, 0, int(move.rotate))
    if isinstance(move, Show):
        return (0, 0, 0, 0, move.start, move.stop)
    scout = move.scout if isinstance(move, ScoutShow) else move
    show = move.show if isinstance(move, ScoutShow) else Show(0, 0)
    kind = 2 if isinstance(move, ScoutShow) else 1
    end = ENDS.index(scout.end)
    return (kind, end, int(scout.flip), scout.insert_at, show.start, show.stop)


def random_positions(count: int, seed: int) -> list[Game]:
    """Positions from random games of 2-5 players, some in the keep/rotate phase."""
    rng = random.Random(seed)
    found: list[Game] = []
    while len(found) < count:
        game = Game.new(players=rng.randint(2, 5), seed=rng.randrange(10**6))
        stop_after = rng.randrange(40)
        for _ in range(stop_after):
            if game.phase == "over":
                break
            game = game.play(rng.choice(game.legal_moves()))
        if game.phase != "over":
            found.append(game)
    return found
