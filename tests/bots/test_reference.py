"""The arena's yardstick ``hard-2026-11`` plays exactly the moves recorded for it."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from scout_core.bots import REFERENCES, levels, make

from .conftest import varied_games

RECORDED = json.loads((Path(__file__).parent / "data" / "hard_2026_11.json").read_text())


def test_references_are_made_but_not_offered() -> None:
    for name in REFERENCES:
        assert make(name).level == name
        assert name not in levels()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_hard_2026_11_plays_the_recorded_moves(players: int) -> None:
    rows = [r for r in RECORDED["moves"] if r["players"] == players]
    games = varied_games(players, len(rows), seed=40 + players)
    bot = make("hard-2026-11")
    for row, game in zip(rows, games, strict=True):
        seat = game.to_move
        assert seat is not None
        assert game.phase == row["phase"]
        rng = random.Random(f"reference:{players}:{row['index']}")
        assert str(bot.choose(game.observation(seat), rng)) == row["move"], row
