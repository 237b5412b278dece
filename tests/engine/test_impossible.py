"""``Game.from_dict`` refuses every position that could not arise in play, naming the key."""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scout_core import Game


def finished(players: int, seed: int) -> dict[str, Any]:
    """The saved form of a one-round game played to its end."""
    game = Game.new(players=players, rounds=1, seed=seed)
    while game.phase != "over":
        game = game.play(game.legal_moves()[0])
    return game.to_dict()


def result(
    reason: str, exempt: int | None, breakdown: list[list[Any]], rnd: int = 1
) -> dict[str, Any]:
    scores = [c + ch - (0 if ex else h) for c, ch, h, ex in breakdown]
    return {
        "round": rnd,
        "scores": scores,
        "reason": reason,
        "exempt": exempt,
        "breakdown": breakdown,
    }


PLAY: dict[str, Any] = {
    "players": 3,
    "hands": [["1/2", "3/4"], ["2/3"], ["5/6"]],
    "table": ["7/8", "8/9"],
    "owner": 2,
    "starter": 0,
    "phase": "play",
}
OPENING: dict[str, Any] = {
    "players": 3,
    "hands": [["1/2", "3/4"], ["2/3", "4/5"], ["5/6", "6/7"]],
    "starter": 0,
    "phase": "play",
}
ORIENT: dict[str, Any] = {**OPENING, "phase": "orient"}
TWO: dict[str, Any] = {
    "players": 2,
    "hands": [["1/2", "3/4"], ["2/3", "9/8"]],
    "table": ["5/6"],
    "owner": 1,
    "starter": 0,
    "phase": "play",
}
HANDS_2P_FULL = [
    ["1/2", "1/3", "1/4", "1/5", "1/6", "1/7", "1/8", "1/9", "1/10", "2/3", "2/4"],
    ["2/5", "2/6", "2/7", "2/8", "2/9", "2/10", "3/4", "3/5", "3/6", "3/7", "3/8"],
]
RESERVE_2P = [
    "3/9", "3/10", "4/5", "4/6", "4/7", "4/8", "4/9", "4/10", "5/6", "5/7", "5/8",
    "5/9", "5/10", "6/7", "6/8", "6/9", "6/10", "7/8", "7/9", "7/10", "8/9", "8/10",
]  # fmt: skip
FULL_2P: dict[str, Any] = {
    "players": 2,
    "hands": HANDS_2P_FULL,
    "starter": 0,
    "phase": "orient",
    "reserve": RESERVE_2P,
}

CASES: list[tuple[str, dict[str, Any], dict[str, Any], str]] = [
    # -- cards: no more than one deal, and the two-player half set aside ----------------------
    ("more-cards-than-dealt", PLAY, {"captured": [20, 10, 5]}, "captured"),
    (
        "hands-larger-than-a-deal",
        TWO,
        {"hands": [HANDS_2P_FULL[0], [*HANDS_2P_FULL[1], "4/5"]], "table": [], "owner": None},
        "hands",
    ),
    ("reserve-in-an-even-round", FULL_2P, {"round": 2, "phase": "orient"}, "reserve"),
    ("reserve-of-the-wrong-size", FULL_2P, {"reserve": RESERVE_2P[:5]}, "reserve"),
    ("no-reserve-in-an-odd-round", FULL_2P, {"reserve": None}, "reserve"),
    # -- before the first turn -------------------------------------------------------------
    ("orient-uneven-hands", ORIENT, {"hands": [["1/2"], ["2/3", "4/5"], ["5/6"]]}, "hands"),
    ("orient-table", ORIENT, {"table": ["7/8"], "owner": 1}, "table"),
    ("orient-owner", ORIENT, {"owner": 1}, "owner"),
    ("orient-captured", ORIENT, {"captured": [0, 1, 0]}, "captured"),
    ("orient-chips", ORIENT, {"chips": [0, 1, 0]}, "chips"),
    ("orient-two-player-chips", {**FULL_2P}, {"chips": [2, 3]}, "chips"),
    ("orient-scout-show-spent", ORIENT, {"scout_show": [True, False, True]}, "scout_show"),
    ("orient-scouts-counted", ORIENT, {"scouts_in_row": 1}, "scouts_in_row"),
    ("orient-choice-after-to-move", ORIENT, {"choices": ["keep", None, None]}, "choices"),
    # -- before the round's first show -----------------------------------------------------
    ("unshown-captured", OPENING, {"captured": [2, 0, 0]}, "captured"),
    ("unshown-chips", OPENING, {"chips": [0, 1, 0]}, "chips"),
    ("unshown-scout-show-spent", OPENING, {"scout_show": [False, True, True]}, "scout_show"),
    ("unshown-scouts-counted", OPENING, {"scouts_in_row": 1}, "scouts_in_row"),
    ("unshown-not-the-starter", OPENING, {"to_move": 1}, "to_move"),
    # -- during play -----------------------------------------------------------------------
    ("shown-set-gone-without-a-scout", PLAY, {"table": []}, "table"),
    ("owner-to-move-on-an-empty-table", PLAY,
     {"table": [], "scouts_in_row": 1, "chips": [0, 0, 1], "to_move": 2}, "to_move"),
    ("scout-show-spent-without-a-chip-paid", PLAY, {"scout_show": [True, False, True]},
     "scout_show"),
    ("scouts-unpaid", PLAY, {"scouts_in_row": 1, "to_move": 1}, "chips"),
    ("out-of-turn", PLAY, {"to_move": 1}, "to_move"),
    ("out-of-turn-after-a-scout", PLAY,
     {"scouts_in_row": 1, "chips": [0, 0, 1], "to_move": 0}, "to_move"),
    ("too-many-scouts-in-a-row", PLAY, {"scouts_in_row": 2, "chips": [0, 0, 2]}, "scouts_in_row"),
    ("an-empty-hand-in-play", PLAY, {"hands": [["1/2"], [], ["5/6"]]}, "hands"),
    ("two-players-owner-to-move", TWO, {"to_move": 1}, "to_move"),
    ("two-players-scouts-unpaid", TWO, {"scouts_in_row": 1}, "scouts_in_row"),
    ("two-players-already-blocked", TWO, {"hands": [["1/2", "3/4"], ["2/3"]], "chips": [0, 3]},
     "to_move"),
    ("two-players-scout-show", TWO, {"scout_show": [True, False]}, "scout_show"),
    ("two-players-four-chips", TWO, {"chips": [4, 3]}, "chips"),
    # -- history ---------------------------------------------------------------------------
    ("results-of-unplayed-rounds", PLAY,
     {"results": [result("all_scouted", 0, [[0, 0, 1, True], [0, 0, 1, False],
                                             [0, 0, 1, False]])]}, "results"),
    ("results-out-of-order", PLAY,
     {"round": 2, "totals": [1, -1, -1],
      "results": [result("all_scouted", 0, [[0, 1, 1, True], [0, 0, 1, False],
                                            [0, 0, 1, False]], rnd=2)]}, "results[0].round"),
    ("totals-not-the-sum", PLAY,
     {"round": 2, "totals": [5, -1, -1],
      "results": [result("all_scouted", 0, [[0, 1, 1, True], [0, 0, 1, False],
                                            [0, 0, 1, False]])]}, "totals"),
    ("blocked-with-three-players", PLAY,
     {"round": 2, "results": [result("blocked", 0, [[0, 0, 1, True], [0, 0, 1, False],
                                                    [0, 0, 1, False]])]}, "results[0].reason"),
    ("all-scouted-with-two-players", TWO,
     {"round": 2, "results": [result("all_scouted", 0, [[0, 3, 1, True], [0, 3, 1, False]])]},
     "results[0].reason"),
    ("all-scouted-nobody-exempt", PLAY,
     {"round": 2, "results": [result("all_scouted", None, [[0, 0, 1, False], [0, 0, 1, False],
                                                           [0, 0, 1, False]])]},
     "results[0].exempt"),
    ("emptied-hand-with-an-exempt-seat", PLAY,
     {"round": 2, "results": [result("hand_emptied", 0, [[0, 0, 0, True], [0, 0, 1, False],
                                                         [0, 0, 1, False]])]},
     "results[0].exempt"),
    ("emptied-hand-nobody-emptied", PLAY,
     {"round": 2, "results": [result("hand_emptied", None, [[0, 0, 1, False], [0, 0, 1, False],
                                                            [0, 0, 1, False]])]},
     "results[0].breakdown"),
    ("log-of-a-later-round", PLAY, {"log": [{"round": 2, "seat": 0, "move": "keep",
                                              "captured": 0}]}, "log"),
    ("log-seat-out-of-range", PLAY, {"log": [{"round": 1, "seat": 3, "move": "keep",
                                               "captured": 0}]}, "log"),
    ("log-out-of-order", {**PLAY, "round": 2},
     {"log": [{"round": 2, "seat": 0, "move": "keep", "captured": 0},
              {"round": 1, "seat": 0, "move": "keep", "captured": 0}]}, "log"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("base", "change", "key"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_an_impossible_position_is_refused_naming_the_key(
    base: dict[str, Any], change: dict[str, Any], key: str
) -> None:
    Game.from_dict(base)  # the base position is possible
    data = {**copy.deepcopy(base), **change}
    with pytest.raises(ValueError, match="^" + re.escape(key) + r"\b"):
        Game.from_dict(data)


def over_with(changes: dict[str, Any], players: int = 3, seed: int = 4) -> dict[str, Any]:
    data = finished(players, seed)
    data.update(changes)
    return data


def test_a_finished_game_had_a_show() -> None:
    data = over_with({"owner": None, "table": []})
    with pytest.raises(ValueError, match=r"^owner"):
        Game.from_dict(data)


def test_a_finished_round_ended_the_way_its_end_says() -> None:
    for players, seed in ((3, 1), (3, 2), (3, 4), (2, 1), (2, 5), (4, 3), (5, 3)):
        data = finished(players, seed)
        Game.from_dict(data)
        reason = data["end"]["reason"]
        others = {"hand_emptied", "all_scouted", "blocked"} - {reason}
        for other in sorted(others):
            exempt = None if other == "hand_emptied" else data["owner"]
            bad = {**data, "end": {"reason": other, "exempt": exempt}}
            with pytest.raises(ValueError, match=r"^(end|results\[0\])\b"):
                Game.from_dict(bad)
        if reason != "hand_emptied":
            exempt = (data["owner"] + 1) % players
            with pytest.raises(ValueError, match=r"^end\b"):
                Game.from_dict({**data, "end": {"reason": reason, "exempt": exempt}})


def test_the_last_result_is_the_round_that_ended() -> None:
    data = finished(3, 4)
    last = data["results"][-1]
    last["breakdown"][0][0] += 1
    last["scores"][0] += 1
    data["totals"][0] += 1
    with pytest.raises(ValueError, match=r"^results\[0\]"):
        Game.from_dict(data)


def test_hand_built_positions_may_leave_out_cards_and_history() -> None:
    game = Game.from_dict({**PLAY, "round": 2, "totals": [3, 1, 0]})
    assert game.totals == [3, 1, 0] and game.round_results == ()
    game = Game.from_dict(TWO)
    assert game.reserve is None


@settings(max_examples=12)
@given(st.integers(2, 5), st.integers(0, 2**31 - 1), st.integers(0, 2**31 - 1))
def test_every_position_of_random_play_round_trips(players: int, seed: int, pick: int) -> None:
    choices = random.Random(pick)
    game = Game.new(players=players, rounds=2, seed=seed)
    while True:
        data = json.loads(json.dumps(game.to_dict()))
        loaded = Game.from_dict(data)
        assert loaded == game and loaded.to_dict() == data
        assert loaded.round_results == game.round_results
        if game.phase == "over":
            break
        game = game.play(choices.choice(game.legal_moves()))
