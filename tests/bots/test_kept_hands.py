"""The measurement of re-deals against real hands (``tools/kept_hands.py``) draws its weighted
re-deals as ``expert`` does (the re-deals themselves are tested in ``test_determinize.py``)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from scout_core import Game
from scout_core.bots import make
from scout_core.bots.determinize import KeptHands, Knowledge, shows_made

ROOT = Path(__file__).resolve().parents[2]
if not (ROOT / "tools").is_dir():
    # The Pyodide layer mounts tests/ alone; the tool and its matches are CPython's.
    pytest.skip("tools/ is not here", allow_module_level=True)
sys.path.insert(0, str(ROOT / "tools"))

import kept_hands  # noqa: E402 - tools/ is put on the path above


def test_the_tools_weighted_re_deal_is_the_one_expert_draws() -> None:
    game = Game.new(players=4, rounds=1, seed=4)
    bot = make("normal")
    rng = random.Random(4)
    for _ in range(14):
        seat = game.to_move
        assert seat is not None
        game = game.play(bot.choose(game.observation(seat), rng))
    seat = game.to_move
    assert seat is not None
    knowledge = Knowledge(game.observation(seat))
    assert any(shows_made(knowledge.observation))
    for n in range(5):
        tool = kept_hands.sample_kept(knowledge, random.Random(n), weight=0.6)
        assert tool == KeptHands(knowledge, 0.6).sample(random.Random(n))


def test_at_two_players_each_decision_compares_the_one_other_hand() -> None:
    found = kept_hands.decisions(("normal", 2, 0))
    assert found and all(position.players == 2 for position, _ in found)
    tally = kept_hands.compare(found, lambda k, rng: k.sample(rng), deals=2)
    hands = sum(row[0] for row in tally.rows.values())
    emptied = sum(not p.hands[1 - p.to_move] for p, _ in found)  # nothing left to compare
    assert hands == 2 * (len(found) - emptied)
    lines = list(tally.lines("plain"))
    assert len(lines) == len(tally.rows) and lines[0].startswith("| plain | 0 |")
