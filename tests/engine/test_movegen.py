"""Legal moves: counts of fixed positions (like chess perft) and an exhaustive cross-check."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scout_core import Game
from scout_core.moves import ScoutShow

from .support import every_spelling, outcome, random_positions, spelling_order, try_play

PERFT = json.loads((Path(__file__).parent / "data" / "perft.json").read_text())


@pytest.mark.parametrize("case", PERFT, ids=[c["name"] for c in PERFT])
def test_legal_move_counts_of_fixed_positions(case: dict[str, object]) -> None:
    game = Game.from_dict(case["position"])
    moves = game.legal_moves()
    kinds = {
        "shows": sum(1 for m in moves if type(m).__name__ == "Show"),
        "scouts": sum(1 for m in moves if type(m).__name__ == "Scout"),
        "scout_shows": sum(1 for m in moves if isinstance(m, ScoutShow)),
    }
    assert len(moves) == case["moves"]
    assert kinds == {k: case[k] for k in kinds}


def test_a_hand_counted_by_hand() -> None:
    """Shows 5, 5, 5-5; the lone 3/4 scouted either way into 3 gaps; Scout & Shows 6 + 10."""
    case = next(c for c in PERFT if c["name"] == "pair-of-fives-vs-single-3")
    assert case["moves"] == 3 + 6 + 16


@pytest.mark.parametrize("game", random_positions(40, seed=2024), ids=lambda g: f"{g.players}p")
def test_generated_moves_are_exactly_the_distinct_results_of_all_spellings(game: Game) -> None:
    legal = game.legal_moves()
    assert len(set(legal)) == len(legal)
    assert list(legal) == sorted(legal, key=spelling_order)
    first_spelling: dict[object, object] = {}
    for move in sorted(every_spelling(game), key=spelling_order):
        after = try_play(game, move)
        if after is not None:
            first_spelling.setdefault(outcome(after), move)
    listed = {outcome(game.play(m)): m for m in legal}
    assert len(listed) == len(legal), "two listed moves give the same position"
    assert listed == first_spelling
