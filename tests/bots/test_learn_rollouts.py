"""The learned correction of the fast player (``tools/learned_player.py``) and its fitting
(``tools/learn_rollouts.py``): with no correction it is the fast player itself, its candidates
are legal moves with every fact it weighs, labels point at the searcher's move, and the fit
finds weights that were planted in made-up decisions."""

from __future__ import annotations

import json
import math
import random
import sys
from pathlib import Path

import pytest

from scout_core import Game
from scout_core.bots import make
from scout_core.bots.determinize import Knowledge
from scout_core.bots.policy import policy_move
from scout_core.moves import Scout, Show
from scout_core.position import Position

from .conftest import scripted_game

ROOT = Path(__file__).resolve().parents[2]
if not (ROOT / "tools").is_dir():
    # The Pyodide layer mounts tests/ alone; the tool is CPython's.
    pytest.skip("tools/ is not here", allow_module_level=True)
sys.path.insert(0, str(ROOT / "tools"))

import learn_rollouts  # noqa: E402 - tools/ is put on the path above
from learned_player import FEATURES, corrected_move, options, score  # noqa: E402

ZERO = (0.0,) * len(FEATURES)


def _positions(players: int, games: int) -> list[Position]:
    """Re-dealt positions at every decision in play of one-round games of ``normal``."""
    found = []
    bot = make("normal")
    for seed in range(games):
        game = Game.new(players=players, rounds=1, seed=seed)
        rng = random.Random(seed)
        while game.phase != "over":
            seat = game.to_move
            assert seat is not None
            observation = game.observation(seat)
            if game.phase == "play":
                found.append(Knowledge(observation).sample(rng))
            game = game.play(bot.choose(observation, rng))
    return found


@pytest.mark.parametrize("players", [3, 4, 5])
def test_with_no_correction_it_plays_the_fast_players_move(players: int) -> None:
    positions = _positions(players, games=4)
    assert len(positions) > 60
    for position in positions:
        assert corrected_move(position, ZERO) == policy_move(position)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_option_is_legal_and_has_every_fact(players: int) -> None:
    for position in _positions(players, games=2):
        legal = position.legal_moves()
        found = options(position)
        assert found
        assert len({o.move for o in found}) == len(found)
        for option in found:
            assert option.move in legal
            assert len(option.facts) == len(FEATURES)


def test_the_corrected_move_has_the_best_corrected_price() -> None:
    # A weight on "cards shown" large enough to outweigh any price: the longest show wins.
    theta = [0.0] * len(FEATURES)
    theta[FEATURES.index("cards shown")] = 100.0
    position = scripted_game(["1/2 5/6 5/7 5/8 9/3", "2/4 3/4 6/7", "1/3 2/6 4/8"]).position
    move = corrected_move(position, theta)
    assert move == max(options(position), key=lambda o: score(o, theta)).move
    assert move == Show(1, 4)


def test_a_scout_that_joins_a_neighbour_says_so() -> None:
    game = scripted_game(["1/2 5/6 9/3", "2/4 3/4 6/7", "1/3 2/6 4/8"], table="6/1", owner=1)
    joins = FEATURES.index("scouted card joins a neighbour")
    by_spot = {
        o.move.insert_at: o.facts[joins]
        for o in options(game.position)
        if isinstance(o.move, Scout) and not o.move.flip
    }
    # The 6 joins the 5 on either side of it; at the left end it joins nothing.
    assert by_spot == {0: 0.0, 1: 1.0, 2: 1.0}


def test_two_players_are_refused() -> None:
    position = scripted_game(["1/2 5/6 9/3", "2/4 3/4 6/7"]).position
    with pytest.raises(ValueError, match="three to five players"):
        options(position)


def test_a_label_points_at_the_searchers_move_and_a_lone_scout_counts_at_the_left_end() -> None:
    game = scripted_game(["1/2 5/6 9/3", "2/4 3/4 6/7", "1/3 2/6 4/8"], table="3/1", owner=1)
    observation = game.observation(0)
    rng = random.Random(1)
    shown = learn_rollouts.record(observation, Show(1, 2), rng)
    assert shown is not None
    facts = shown["facts"][shown["chosen"]]
    assert facts[FEATURES.index("highest value shown")] == 5.0
    # A 3 joins nothing in 1 5 9: put at spot 2, it is the fast player's left-end scout.
    lone = learn_rollouts.record(observation, Scout("left", False, 2), rng)
    assert lone is not None
    moves = [o.move for o in options(Knowledge(observation).sample(rng))]
    assert moves[lone["chosen"]] == Scout("left", False, 0)


def test_the_fit_finds_the_weights_planted_in_made_up_decisions() -> None:
    rng = random.Random(7)
    planted = {FEATURES.index("cards shown"): 0.8, FEATURES.index("worth of the hand left"): -0.5}
    sharpness = 2.0  # the made-up chooser weighs the price twice as much as the fit starts
    decisions = []
    for _ in range(600):
        prices, facts = [], []
        for _ in range(4):
            prices.append(rng.gauss(0, 1))
            row = [0.0] * len(FEATURES)
            for i in planted:
                row[i] = rng.gauss(0, 1)
            facts.append(row)
        scores = [
            sharpness * (p + sum(w * row[i] for i, w in planted.items()))
            for p, row in zip(prices, facts, strict=True)
        ]
        top = max(scores)
        chosen = rng.choices(range(4), [math.exp(s - top) for s in scores])[0]
        decisions.append((prices, facts, chosen))
    model = learn_rollouts.fit(decisions, ridge=1e-4)
    assert model[0] == pytest.approx(sharpness, abs=0.4)
    correction = learn_rollouts.correction_of(model)
    for i, weight in enumerate(correction):
        assert weight == pytest.approx(planted.get(i, 0.0), abs=0.15)


def test_a_fit_is_written_with_the_facts_it_weighs(tmp_path: Path) -> None:
    labels = tmp_path / "labels.jsonl"
    rng = random.Random(3)
    lines = []
    for position in _positions(4, games=2):
        found = options(position)
        if len(found) > 1:
            best = max(range(len(found)), key=lambda i: found[i].price)
            label = {
                "players": 4,
                "chosen": best,
                "prices": [o.price for o in found],
                "facts": [list(o.facts) for o in found],
            }
            lines.append(json.dumps(label))
    rng.shuffle(lines)
    labels.write_text("\n".join(lines) + "\n")
    weights = tmp_path / "weights.json"
    learn_rollouts.fit_files([labels], weights)
    data = json.loads(weights.read_text())
    assert data["features"] == list(FEATURES)
    assert len(data["weights"]["4"]) == len(FEATURES)


def test_a_duel_tells_a_useless_correction_from_none() -> None:
    assert learn_rollouts.duel_gains(4, rounds=8, seed=1, theta=ZERO) == [0.0] * 8
    # A seat that scouts whenever it may keeps every card it is given: it loses every round.
    scouting = [0.0] * len(FEATURES)
    scouting[FEATURES.index("scout")] = 50.0
    gains = learn_rollouts.duel_gains(4, rounds=8, seed=1, theta=scouting)
    assert sum(gains) / len(gains) < -3
