"""Review: replay, take-backs, and the pricing of one seat's decisions (small budgets)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from scout_core import Game, Scout, gamefile
from scout_core.bots import make
from scout_core.bots.analysis import AnalysisBudget, price
from scout_core.review import (
    BLUNDER,
    MISTAKE,
    Decision,
    Progress,
    Review,
    decision_rng,
    known_to,
    main,
    mark_of,
    replay,
    replay_positions,
    review_game,
    take_back,
    think_review,
)

from .conftest import scripted_game

SMALL = AnalysisBudget(deals=6, screen_deals=3, candidates=3, slice_rollouts=4)


def played_game(players: int, seed: int, rounds: int | None = None) -> tuple[Game, list[Game]]:
    """A whole game of ``normal`` players, and every state it went through as it was played."""
    rng = random.Random(seed)
    bot = make("normal")
    game = Game.new(players=players, rounds=rounds, seed=seed)
    states = [game]
    while game.phase != "over":
        seat = game.to_move
        assert seat is not None
        game = game.play(bot.choose(game.observation(seat), rng))
        states.append(game)
    return game, states


@pytest.mark.parametrize("players", [2, 3])
def test_replay_shows_the_hands_the_engine_had(players: int) -> None:
    game, states = played_game(players, seed=40 + players)
    again = gamefile.read(gamefile.write(game, {})).game
    steps = replay_positions(again)
    assert len(steps) == len(states) == len(game.moves) + 1
    for step, state in zip(steps, states, strict=True):
        assert step.game == state
        assert step.game.hands == state.hands
        assert step.index == len(state.moves)
        assert step.to_dict()["hands"] == [[str(c) for c in h] for h in state.hands]
    ends = [s for s in steps if s.ended is not None]
    assert len(ends) == game.rounds
    for step, result in zip(ends, game.round_results, strict=True):
        assert step.ended is not None and step.round == result.round
        assert tuple(s.total for s in step.ended.scores()) == result.scores
    json.dumps([s.to_dict() for s in steps])


def test_take_back_then_the_same_moves_give_the_same_game() -> None:
    game, states = played_game(3, seed=5, rounds=1)
    for index in (0, 1, 3, len(game.moves) // 2, len(game.moves)):
        earlier = take_back(game, index)
        assert earlier == states[index]
        for move in game.moves[index:]:
            earlier = earlier.play(move)
        assert earlier == game
    with pytest.raises(ValueError, match="move_index"):
        take_back(game, len(game.moves) + 1)


def test_replay_refuses_a_start_the_game_did_not_come_from() -> None:
    game, _ = played_game(3, seed=5, rounds=1)
    with pytest.raises(ValueError, match="start"):
        replay(game, Game.new(players=3, rounds=1, seed=6))


def test_thresholds() -> None:
    assert (MISTAKE, BLUNDER) == (2.0, 4.0)
    assert [mark_of(c) for c in (0.0, 1.99, 2.0, 3.99, 4.0, 9.0)] == [
        None,
        None,
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]


# Seat 0 can empty its hand with a run of six; seat 1 has just scouted, so a scout by seat 0
# ends the round with seat 0 paying for seven cards.
BLUNDER_HANDS = ["3/1 4/1 5/1 6/1 7/1 8/1", "9/2 9/3 9/4", "9/5 9/6 9/7 9/8"]


def test_a_scout_that_ends_the_round_with_a_big_hand_is_a_blunder() -> None:
    start = scripted_game(BLUNDER_HANDS, table="2/7", owner=2, scouts_in_row=1)
    game = start.play("scout left 0")
    review = review_game(game, 0, budget=SMALL, start=start)
    (decision,) = review.decisions
    assert decision.preferred == "show 0:6"
    # Seat 0 pays 7 for its hand; seat 1 pays 3, seat 2 is exempt and takes a chip.
    assert decision.played_value == -7 - (-3 + 1) / 2
    assert decision.preferred_value == 1 - (-3 - 4) / 2
    assert decision.cost >= BLUNDER and decision.mark == "blunder"
    assert "empties your hand" in decision.reason
    summary = review.summary()
    assert summary.blunders == 1 and summary.costliest == (decision,)


def test_the_preferred_move_costs_exactly_nothing() -> None:
    start = scripted_game(BLUNDER_HANDS, table="2/7", owner=2, scouts_in_row=1)
    game = start.play("show 0:6")
    (decision,) = review_game(game, 0, budget=SMALL, start=start).decisions
    assert decision.preferred == decision.played == "show 0:6"
    assert decision.cost == 0.0 and decision.mark is None


def test_two_spellings_of_one_move_price_identically() -> None:
    # A lone card on the table: taking it from the left or from the right is the same move.
    game = scripted_game(["3/1 5/2 7/4 9/6", "2/8 4/6", "1/7 3/8"], table="6/3", owner=2)
    observation = game.observation(0)
    left = price(observation, Scout("left", False, 2), decision_rng(0, 0), SMALL)
    right = price(observation, Scout("right", False, 2), decision_rng(0, 0), SMALL)
    assert left.played_value == right.played_value
    assert left.preferred_value == right.preferred_value
    assert left.cost == right.cost
    assert left.options == right.options


# Two games with the same hand for seat 0 and the same public record, but different hidden
# cards: seats 1 and 2 swap every card they never show.
SEAT_0 = "1/3 4/5 5/6 2/8 9/1"
HIDDEN_A = ["8/3 2/4 5/7 1/6", "6/9 3/2 4/7 5/1"]
HIDDEN_B = ["8/3 6/9 3/2 4/7", "2/4 5/7 1/6 5/1"]
PUBLIC_MOVES = ["show 0:1", "show 0:1", "scout left 0", "show 0:2", "scout left 0", "scout left 0"]


def _with_hidden(hidden: list[str]) -> tuple[Game, Game]:
    start = scripted_game([SEAT_0, *hidden])
    game = start
    for move in PUBLIC_MOVES:
        game = game.play(move)
    return start, game


def test_the_analysis_never_reads_a_hidden_hand() -> None:
    start_a, game_a = _with_hidden(HIDDEN_A)
    start_b, game_b = _with_hidden(HIDDEN_B)
    assert game_a.phase == game_b.phase == "over"
    assert game_a.log == game_b.log
    assert start_a.hands[0] == start_b.hands[0] and start_a.hands != start_b.hands
    review_a = review_game(game_a, 0, budget=SMALL, start=start_a)
    review_b = review_game(game_b, 0, budget=SMALL, start=start_b)
    assert len(review_a.decisions) == 2
    assert review_a == review_b
    steps_a, steps_b = replay_positions(game_a, start_a), replay_positions(game_b, start_b)
    for step_a, step_b in zip(steps_a, steps_b, strict=True):
        for seat in range(3):
            # What an AI seat knew never includes another hand.
            assert (step_a.known_to(seat) == step_b.known_to(seat)) == (
                step_a.game.hands[seat] == step_b.game.hands[seat]
            )
        assert step_a.known_to(0) == step_b.known_to(0)


def test_known_to_is_its_hand_and_the_public_record() -> None:
    _, game = _with_hidden(HIDDEN_A)
    middle = take_back(game, 3, scripted_game([SEAT_0, *HIDDEN_A]))
    known = known_to(middle, 2)
    assert known["hand"] == [str(c) for c in middle.hands[2]]
    assert known["held"][2] == [] and known["held"][1] == []  # seat 2 scouted the 8 itself
    assert [e["move"] for e in known["log"]] == ["show 1/3", "show 8/3", "scout left 8/3"]
    assert known["unseen"] == 36 - len(middle.hands[2]) - 1  # its hand, and the 1 it saw
    assert all(str(c) not in json.dumps(known) for c in middle.hands[1])


def test_analysis_runs_in_slices_stops_and_resumes() -> None:
    game, _ = played_game(3, seed=8, rounds=1)
    whole = review_game(game, 1, budget=SMALL, seed=3)
    assert whole.decisions and all(d.seat == 1 for d in whole.decisions)
    steps = think_review(game, 1, budget=SMALL, seed=3)
    partial: tuple[Decision, ...] = ()
    slices = 0
    for step in steps:
        assert isinstance(step, Progress)
        slices += 1
        if step.done == 2:
            partial = step.priced
            break
    steps.close()
    assert slices > 2 and len(partial) == 2
    resumed = None
    for step in think_review(game, 1, budget=SMALL, seed=3, resume=partial):
        if isinstance(step, Review):
            resumed = step
    assert resumed == whole


def test_a_review_is_plain_data_kept_with_its_game() -> None:
    game, _ = played_game(3, seed=9, rounds=1)
    review = review_game(game, 0, budget=SMALL)
    data = json.loads(json.dumps(review.to_dict()))
    assert Review.from_dict(data) == review
    assert review.matches(game) and Review.from_dict(data).matches(game)
    assert not review.matches(take_back(game, len(game.moves) - 1))
    summary = data["summary"]
    assert summary["decisions"] == len(review.decisions)
    assert summary["points_lost"] == pytest.approx(sum(d.cost for d in review.decisions))
    assert len(summary["costliest"]) <= 3
    costs = [d.cost for d in review.summary().costliest]
    assert costs == sorted(costs, reverse=True)
    kept = gamefile.read(gamefile.write(game, {"review": review.to_dict()}))
    assert Review.from_dict(kept.client["review"]) == review
    with pytest.raises(ValueError, match="review"):
        Review.from_dict({"kind": "scout-game"})
    broken = dict(data, decisions=[dict(data["decisions"][0], played="dance")])
    with pytest.raises(ValueError):
        Review.from_dict(broken)


def test_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game, _ = played_game(3, seed=10, rounds=1)
    path = tmp_path / "game.json"
    path.write_text(gamefile.write(game, {}))
    small = ["--deals", "4", "--screen-deals", "2", "--candidates", "2"]
    assert main([str(path), *small, "--time"]) == 0
    out = capsys.readouterr().out
    decisions = [i for i, m in enumerate(game.moves) if take_back(game, i).to_move == 0]
    lines = out.splitlines()
    assert lines[0].startswith("Review of seat 0: 3 players, 1 rounds")
    assert len([ln for ln in lines if ln.startswith("    1 ")]) == len(decisions)
    assert any(ln.startswith("Points lost:") for ln in lines)
    assert lines[-1].startswith(f"Analysed {len(decisions)} decisions")
    assert main([str(path), *small, "--seat", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seat"] == 2 and data["kind"] == "scout-review"


def test_command_line_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text("not json")
    assert main([str(bad)]) == 2
    assert "[not_json]" in capsys.readouterr().err
    game, _ = played_game(3, seed=10, rounds=1)
    document = json.loads(gamefile.write(game, {}))
    document["game"]["moves"][0] = "rotate" if document["game"]["moves"][0] == "keep" else "keep"
    bad.write_text(json.dumps(document))
    assert main([str(bad)]) == 2
    assert "[checksum]" in capsys.readouterr().err
    good = tmp_path / "good.json"
    good.write_text(gamefile.write(game, {}))
    assert main([str(good), "--seat", "3"]) == 2
    assert "--seat" in capsys.readouterr().err
