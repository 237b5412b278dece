"""``tools/learn_value.py``: what the rest of a round gives each seat, learned and searched with."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from scout_core import Game
from scout_core.bots import ExpertBot, make
from scout_core.bots.handeval import hand_value
from scout_core.bots.policy import ROLLOUT_CAP, finish, play
from scout_core.bots.worth import margin_of, round_scores, standing_of
from scout_core.cards import Card
from scout_core.moves import Show
from scout_core.position import Position

ROOT = Path(__file__).resolve().parents[2]
if not (ROOT / "tools").is_dir():
    # The Pyodide layer mounts tests/ alone; the tool is CPython's.
    pytest.skip("tools/ is not here", allow_module_level=True)
sys.path.insert(0, str(ROOT / "tools"))

import learn_value  # noqa: E402 - tools/ is put on the path above


def _position() -> Position:
    """Three players in play: seat 1 to move, seat 0 owns a pair of 5s."""
    hands = (
        (Card(1, 2), Card(2, 3)),
        (Card(6, 1), Card(6, 2), Card(6, 3), Card(9, 4)),
        (Card(3, 7),),
    )
    return Position(
        players=3,
        phase="play",
        starter=0,
        to_move=1,
        hands=hands,
        table=(Card(5, 8), Card(5, 9)),
        owner=0,
        scouts_in_row=1,
        captured=(2, 0, 1),
        chips=(1, 0, 0),
        scout_show=(True, False, True),
        choices=(True, True, True),
    )


def test_the_facts_are_read_from_the_seat_on_in_turn_order() -> None:
    position = _position()
    facts = learn_value.facts(position, 1)
    assert len(facts) == learn_value.width(3)
    assert facts[:3] == [1.0, 2.0, 1.0]
    seat_1, seat_2, seat_0 = (facts[3 + 9 * i : 12 + 9 * i] for i in range(3))
    # Size, worth, beats the pair, to move, both, owns the table, Scout & Show chip, spare
    # Scout chips (two players only), size if to move.
    assert seat_1[0] == 4.0
    assert seat_1[2:] == [1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 4.0]
    assert seat_2[0] == 1.0
    assert seat_2[2:] == [0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0]
    assert seat_0[2:] == [0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0]
    assert [seat_1[1], seat_2[1], seat_0[1]] == [
        hand_value([6, 6, 6, 9]),
        hand_value([3]),
        hand_value([1, 2]),
    ]


def test_the_fit_finds_weights_that_explain_the_labels_exactly() -> None:
    rng = random.Random(3)
    truth = [2.0, -1.0, 0.5]
    rows = []
    for _ in range(50):
        x = [1.0, rng.uniform(-3, 3), rng.uniform(-3, 3)]
        rows.append((x, learn_value.estimate(truth, x)))
    found = learn_value.fit(rows, ridge=0.0)
    assert found == pytest.approx(truth)
    assert learn_value.mean_squared_error(rows, found) == pytest.approx(0.0, abs=1e-18)
    # The ridge pulls every weight but the constant towards zero.
    shrunk = learn_value.fit(rows, ridge=1000.0)
    assert abs(shrunk[1]) < 0.5 < abs(truth[1])


def test_each_label_is_what_the_rest_of_the_round_gave_the_seat() -> None:
    labels = learn_value.label_game((3, 5, 2, learn_value.FAST))
    start = Game.new(players=3, rounds=1, seed=5 * 100_003 + 2).position
    weights = make_expert().weights_at(3)
    final = round_scores(finish(start, weights)[0])
    first = labels[:3]
    assert [label["y"] for label in first] == [float(f + 12) for f in final]
    assert all(label["game"] == 2 and label["players"] == 3 for label in labels)
    assert len(labels) % 3 == 0
    # The last position in play: what its one move gave each seat.
    last = labels[-3:]
    assert all(len(label["x"]) == learn_value.width(3) for label in last)


def make_expert() -> ExpertBot:
    bot = make("expert")
    assert isinstance(bot, ExpertBot)
    return bot


def test_labels_are_written_one_line_a_seat_and_position(tmp_path: Path) -> None:
    out = tmp_path / "labels.jsonl"
    learn_value.main(
        [
            "labels",
            "--players",
            "2",
            "--games",
            "3",
            "--seed",
            "4",
            "--level",
            "fast",
            "--out",
            f"{out}",
        ]
    )
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [line["game"] for line in lines[:2]] == [0, 0]
    assert {line["game"] for line in lines} == {0, 1, 2}
    assert all(len(line["x"]) == learn_value.width(2) for line in lines)


def test_the_fitted_file_holds_one_estimate_a_table_size(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    labels = tmp_path / "labels.jsonl"
    learn_value.main(
        ["labels", "--players", "3", "--games", "10", "--level", "fast", "--out", f"{labels}"]
    )
    model = tmp_path / "model.json"
    learn_value.main(["fit", str(labels), "--out", str(model)])
    assert "3 players: " in capsys.readouterr().out
    weights = learn_value.read_model(model)
    assert list(weights) == [3]
    assert len(weights[3]) == learn_value.width(3)
    learn_value.main(["score", str(model), str(labels)])
    fitted, held = learn_value.read_labels([labels])[3]
    assert capsys.readouterr().out == (
        f"3 players: mean squared error {learn_value.mean_squared_error(held, weights[3]):.2f} "
        f"on the {len(held)} labels of the held-out games, "
        f"{learn_value.mean_squared_error(fitted + held, weights[3]):.2f} on all "
        f"{len(fitted) + len(held)}\n"
    )
    with pytest.raises(SystemExit, match="has no estimate for 2 players"):
        learn_value.score_files(model, [_two_player_labels(tmp_path)])


def _two_player_labels(folder: Path) -> Path:
    out = folder / "two.jsonl"
    learn_value.main(
        ["labels", "--players", "2", "--games", "1", "--level", "fast", "--out", f"{out}"]
    )
    return out


def test_a_model_of_the_wrong_width_is_refused(tmp_path: Path) -> None:
    model = tmp_path / "model.json"
    model.write_text(json.dumps({"4": [0.0] * 5}), encoding="utf-8")
    with pytest.raises(SystemExit, match="5 weights for 4 players, not 39"):
        learn_value.read_model(model)
    with pytest.raises(SystemExit, match="--cut is at least 1, not 0"):
        learn_value.play([str(model), "--cut", "0", "expert-valued", "hard", "--games", "1"])


def test_uncut_rollouts_choose_as_expert_does() -> None:
    zero = {3: [0.0] * learn_value.width(3)}
    valued = learn_value.ValuedExpert("expert-valued", zero, ROLLOUT_CAP)
    shipped = make_expert()
    game = Game.new(players=3, rounds=1, seed=11)
    for _ in range(4):
        seat = game.to_move
        assert seat is not None
        observation = game.observation(seat)
        move = valued.choose(observation, random.Random(seat))
        assert move == shipped.choose(observation, random.Random(seat))
        game = game.play(move)


def test_a_cut_round_is_scored_with_every_seats_estimate() -> None:
    # An estimate of one point a card in hand, every other fact weighing nothing.
    weights = [0.0] * learn_value.width(3)
    weights[3] = 1.0
    valued = learn_value.ValuedExpert("expert-valued", {3: weights}, 1)
    game = Game.new(players=3, rounds=2, seed=11)
    while game.phase == "orient":
        seat = game.to_move
        assert seat is not None
        game = game.play(make("normal").choose(game.observation(seat), random.Random(0)))
    observation = game.observation(game.to_move or 0)
    value = valued.rollout_value(observation)
    cut = play(_position(), Show(0, 3))
    scores = [float(s + len(h)) for s, h in zip(round_scores(cut), cut.hands, strict=True)]
    assert value(cut) == pytest.approx(margin_of(scores, observation.seat))
    # A round that ended is scored as it ended; the last round for the game.
    last = learn_value.ValuedExpert("expert-valued", {3: weights}, 1).rollout_value(
        Game.new(players=3, rounds=1, seed=11).observation(0)
    )
    assert last(cut) == pytest.approx(standing_of(scores, 0, (0, 0, 0), 0))


def test_a_spread_draws_each_estimate_around_the_fitted_one() -> None:
    weights = [0.0] * learn_value.width(3)
    observation = Game.new(players=3, rounds=1, seed=11).observation(0)
    cut = play(_position(), Show(0, 3))
    plain = learn_value.ValuedExpert("expert-valued", {3: weights}, 1).rollout_value(observation)

    def drawn(seed: int) -> list[float]:
        bot = learn_value.ValuedExpert("expert-valued", {3: weights}, 1, spread=6.0)
        bot.think(observation, random.Random(seed))
        value = bot.rollout_value(observation)
        return [value(cut) for _ in range(200)]

    first = drawn(1)
    assert first == drawn(1)
    assert first != drawn(2)
    assert len(set(first)) == 200
    # A round that ended is scored as it ended, whatever the spread.
    ended = finish(cut, make_expert().weights_at(3))[0]
    bot = learn_value.ValuedExpert("expert-valued", {3: weights}, 1, spread=6.0)
    assert bot.rollout_value(observation)(ended) == plain(ended)
    with pytest.raises(SystemExit, match=r"--spread is 0 or more, not -1\.0"):
        learn_value.play(["model.json", "--spread", "-1", "expert-valued", "hard"])
