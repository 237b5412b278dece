"""``scout_core.rules``: every rules question answered once, as data, and agreeing with play."""

from __future__ import annotations

import pickle

import pytest

from scout_core import (
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Reason,
    Scout,
    ScoutShow,
    Show,
    beating_shows,
    combo_name,
    follow_up_shows,
    may_scout,
    may_scout_show,
    move_problem,
    parse_move,
    round_end_after,
    scout_show_exists,
    selection_problem,
    show_problem,
    take_end,
)
from scout_core.cards import parse_cards
from scout_core.moves import ENDS, KEEP

from .conftest import position
from .support import outcome, random_positions


def problem(game: Game, move: str) -> Reason | None:
    return move_problem(game.position, parse_move(move))


# -- one test per reason code -----------------------------------------------------------------


def test_round_over() -> None:
    game = position(["1/2", "3/4 5/6", "6/7"], rounds=1)
    over = game.play("show 0:1")
    assert over.phase == "over"
    assert move_problem(over.position, Show(0, 1)) == Reason("round_over")
    with pytest.raises(IllegalMoveError, match="the game is over") as caught:
        over.play("show 0:1")
    assert caught.value.reason == Reason("round_over")
    assert caught.value.move == Show(0, 1) and caught.value.position == over.position


def test_orient_first() -> None:
    game = Game.new(players=3, seed=1)
    assert problem(game, "show 0:1") == Reason("orient_first")
    assert problem(game, "scout left 0") == Reason("orient_first")
    assert problem(game, "rotate") is None


def test_orient_over() -> None:
    game = position(["1/2", "3/4", "5/6"])
    assert move_problem(game.position, KEEP) == Reason("orient_over")
    assert str(Reason("orient_over")) == (
        "keep and rotate are chosen only before the round's first turn"
    )


def test_no_cards() -> None:
    assert selection_problem(parse_cards("1/2 3/4"), [], ()) == Reason("no_cards")


def test_bad_slice() -> None:
    game = position(["1/2 2/3", "3/4", "5/6"])
    expected = Reason("bad_slice", (("hand_size", 2), ("start", 1), ("stop", 5)))
    assert problem(game, "show 1:5") == expected
    assert str(expected) == "the hand has 2 cards, so 1:5 is not a slice of it"
    assert selection_problem(game.hands[0], [1, 4], ()) == Reason(
        "bad_slice", (("hand_size", 2), ("start", 1), ("stop", 5))
    )


def test_not_adjacent() -> None:
    hand = parse_cards("3/1 4/2 6/5")
    assert selection_problem(hand, [2, 0], ()) == Reason("not_adjacent", (("selection", (0, 2)),))


def test_not_a_combo() -> None:
    game = position(["1/2 3/4", "3/5", "5/6"])
    expected = Reason("not_a_combo", (("values", (1, 3)),))
    assert problem(game, "show 0:2") == expected
    assert str(expected) == "those cards are neither a set nor a run"


def test_does_not_beat() -> None:
    game = position(["3/1 4/2 1/7", "2/3", "5/6"], table="5/1 6/2", owner=2)
    expected = Reason(
        "does_not_beat",
        (
            ("values", (3, 4)),
            ("table", (5, 6)),
            ("count", 2),
            ("kind", "run"),
            ("lowest", 5),
            ("higher", True),
        ),
    )
    assert problem(game, "show 0:2") == expected
    assert str(expected) == "that show does not beat the active set"
    # A single card is a set of one; 9 is the top value with three players.
    game = position(["3/1 4/2", "2/3", "5/6"], table="9/1", owner=2)
    reason = problem(game, "show 0:1")
    assert reason is not None and reason.as_dict() == {
        "values": (3,),
        "table": (9,),
        "count": 1,
        "kind": "set",
        "lowest": 9,
        "higher": False,
    }
    # The same show from the page's side, where the player count is not asked.
    assert show_problem(game.hands[0], 0, 1, game.table) == Reason(
        "does_not_beat",
        (
            ("values", (3,)),
            ("table", (9,)),
            ("count", 1),
            ("kind", "set"),
            ("lowest", 9),
            ("higher", True),
        ),
    )


def test_table_empty() -> None:
    game = position(["1/2", "3/4", "5/6"])
    assert problem(game, "scout left 0") == Reason("table_empty")
    assert problem(game, "scout left 0 + show 0:1") == Reason("table_empty")


def test_bad_insert() -> None:
    game = position(["1/2 2/3", "3/4", "5/6"], table="7/8", owner=2)
    expected = Reason("bad_insert", (("hand_size", 2), ("insert_at", 3)))
    assert problem(game, "scout left 3") == expected
    assert str(expected) == "the hand has 2 cards, so the insertion index must be 0 to 2"


def test_no_scout_chip() -> None:
    game = position(["1/2 9/4", "5/6 7/8"], table="4/5", owner=1, chips=[0, 3])
    assert problem(game, "scout left 0") == Reason("no_scout_chip")
    assert str(Reason("no_scout_chip")) == "you have no Scout chip left"


def test_scout_show_spent() -> None:
    game = position(
        ["1/2 2/3", "3/4", "5/6"],
        table="7/8",
        owner=2,
        chips=[0, 0, 1],
        scout_show=[False, True, True],
    )
    assert problem(game, "scout left 0 + show 0:1") == Reason("scout_show_spent")


def test_no_scout_show() -> None:
    game = position(["1/2 9/4", "5/6 7/8"], table="4/5", owner=1)
    assert problem(game, "scout left 0 + show 0:1") == Reason("no_scout_show")


def test_no_follow_up() -> None:
    game = position(["5/1 7/4", "1/3", "8/1"], table="9/2 9/3", owner=2)
    assert problem(game, "scout left 0 + show 0:1") == Reason("no_follow_up")
    assert not scout_show_exists(game.position, 0)
    # When some show would follow, the reason is the chosen show's own.
    game = position(["5/1 7/4", "1/3", "8/1"], table="4/2 5/3", owner=2)
    assert scout_show_exists(game.position, 0)
    reason = problem(game, "scout left 0 + show 0:3")
    assert reason is not None and reason.code == "not_a_combo"


def test_every_legal_move_has_no_problem() -> None:
    for game in random_positions(60, seed=11):
        for move in game.legal_moves():
            assert move_problem(game.position, move) is None


def test_reason_facts_are_named() -> None:
    reason = Reason("bad_insert", (("hand_size", 3), ("insert_at", 5)))
    assert reason.fact("insert_at") == 5
    with pytest.raises(KeyError):
        reason.fact("start")
    assert "{hand_size} cards".format(**reason.as_dict()) == "3 cards"


# -- exceptions --------------------------------------------------------------------------------


def test_an_illegal_move_carries_the_move_the_reason_and_the_position() -> None:
    game = position(["1/2 3/4", "3/5", "5/6"])
    with pytest.raises(IllegalMoveError) as caught:
        game.play("show 0:2")
    error = caught.value
    assert isinstance(error, ValueError)
    assert error.move == Show(0, 2)
    assert error.reason == Reason("not_a_combo", (("values", (1, 3)),))
    assert error.position == game.position
    assert str(error) == (
        "illegal move 'show 0:2': those cards are neither a set nor a run"
        f" [{game.position.describe()}]"
    )
    copy = pickle.loads(pickle.dumps(error))
    assert str(copy) == str(error) and copy.reason == error.reason
    assert copy.position == game.position and copy.move == error.move


def test_text_that_is_no_move_carries_the_text() -> None:
    with pytest.raises(InvalidMoveError, match="not a move") as caught:
        parse_move("dance")
    assert caught.value.text == "dance" and isinstance(caught.value, ValueError)
    with pytest.raises(InvalidMoveError) as caught:
        parse_move("show 3:1")
    assert caught.value.text == "show 3:1"


# -- the small questions -----------------------------------------------------------------------


def test_take_end_gives_the_card_as_it_lay_and_what_remains() -> None:
    table = parse_cards("3/1 4/2 5/9")
    assert take_end(table, "left") == (table[0], table[1:])
    assert take_end(table, "right") == (table[2], table[:2])
    assert take_end(table[:1], "right") == (table[0], ())


def test_who_may_scout() -> None:
    table = parse_cards("3/1")
    assert may_scout(3, table, 0) and not may_scout(3, (), 5)
    assert may_scout(2, table, 1) and not may_scout(2, table, 0)
    assert may_scout_show(4, table, True)
    assert not may_scout_show(4, table, False) and not may_scout_show(2, table, True)
    assert not may_scout_show(3, (), True)
    two = position(["1/2 9/4", "5/6 7/8"], table="4/5", owner=1, chips=[0, 3])
    assert not two.position.can_scout(0) and two.position.can_scout(1)
    assert not two.position.can_scout_show(0)
    for game in random_positions(40, seed=5):
        p = game.position
        for seat in range(game.players):
            seen = game.observation(seat)
            assert p.can_scout(seat) == seen.can_scout(seat)
            assert p.can_scout_show(seat) == seen.can_scout_show(seat)
            assert p.can_scout(seat) == may_scout(p.players, p.table, p.chips[seat])


def test_the_name_of_a_combination() -> None:
    assert tuple(combo_name([7])) == ("single", 1, 7, (7,))
    assert tuple(combo_name([5, 5, 5])) == ("set", 3, 5, (5, 5, 5))
    assert tuple(combo_name([6, 5, 4])) == ("run", 3, 4, (6, 5, 4))
    assert tuple(combo_name([2, 4])) == ("none", 2, 2, (2, 4))
    assert tuple(combo_name([])) == ("none", 0, 0, ())
    assert combo_name([3, 4]).count == 2


# -- agreement with the legal moves (random positions) -----------------------------------------


def test_beating_shows_are_the_legal_shows() -> None:
    for game in random_positions(150, seed=21):
        if game.phase != "play":
            continue
        seat = game.to_move
        assert seat is not None
        legal = tuple(m for m in game.legal_moves() if isinstance(m, Show))
        assert beating_shows(game.hands[seat], game.table) == legal


def test_follow_up_shows_give_the_results_of_the_legal_scout_and_shows() -> None:
    checked = 0
    for game in random_positions(120, seed=31):
        if game.phase != "play":
            continue
        seat = game.to_move
        assert seat is not None
        hand, table = game.hands[seat], game.table
        legal = {outcome(game.play(m)) for m in game.legal_moves() if isinstance(m, ScoutShow)}
        assert scout_show_exists(game.position, seat) == bool(legal)
        found = set()
        if game.position.can_scout_show(seat):
            for end in ENDS:
                for flip in (False, True):
                    for k in range(len(hand) + 1):
                        scout = Scout(end, flip, k)
                        for show in follow_up_shows(hand, table, scout):
                            found.add(outcome(game.play(ScoutShow(scout, show))))
        assert found == legal
        checked += bool(legal)
    assert checked > 10


def test_round_end_after_agrees_with_playing_the_move() -> None:
    ending = 0
    for game in random_positions(150, seed=41):
        for move in game.legal_moves():
            predicted = round_end_after(game, move)
            after = game.play(move)
            if len(after.round_results) > len(game.round_results):
                assert predicted == after.round_results[-1]
                ending += 1
            else:
                assert predicted is None
    assert ending > 0


def test_round_end_after_a_scripted_show() -> None:
    game = position(["5/1 6/2", "1/3 2/4", "9/1 8/2"], table="3/4 4/5", owner=2, chips=[0, 0, 2])
    result = round_end_after(game, Show(0, 2))
    assert result is not None
    assert (result.reason, result.owner, result.stuck, result.scores) == (
        "hand_emptied",
        0,
        None,
        (2, -2, 0),
    )
    assert round_end_after(game, Scout("left", False, 0)) is None


# -- how a round ended -------------------------------------------------------------------------


def test_the_owner_of_an_emptied_hand_round_is_the_seat_that_emptied_it() -> None:
    game = position(["5/1 6/2", "1/3 2/4", "9/1 8/2"], table="3/4 4/5", owner=2, rounds=1)
    result = game.play("show 0:2").round_results[-1]
    assert (result.reason, result.owner, result.exempt, result.stuck) == (
        "hand_emptied",
        0,
        None,
        None,
    )


def test_the_owner_after_all_scouted_is_the_exempt_seat() -> None:
    game = position(
        ["5/1 6/2", "1/3 2/4", "9/1 8/2 7/1"], table="3/4 4/5", owner=2, to_move=0, rounds=1
    )
    result = game.play("scout left 0").play("scout left 0").round_results[-1]
    assert (result.reason, result.owner, result.exempt, result.stuck) == ("all_scouted", 2, 2, None)


def test_blocked_names_the_seat_that_could_do_nothing() -> None:
    game = position(["5/1 6/2 1/8", "1/3 2/4"], table="3/4", owner=1, chips=[3, 0], rounds=1)
    result = game.play("show 0:2").round_results[-1]
    assert (result.reason, result.owner, result.stuck) == ("blocked", 0, 1)
    game = position(["1/5 3/7", "8/3 9/4"], table="8/2 9/1", owner=1, chips=[1, 2], rounds=1)
    result = game.play("scout left 0").round_results[-1]
    assert (result.reason, result.owner, result.stuck) == ("blocked", 1, 0)


def test_a_round_result_is_immutable_and_survives_a_save() -> None:
    game = Game.new(players=2, seed=3)
    while game.phase != "over":
        game = game.play(game.legal_moves()[-1])
    loaded = Game.from_dict(game.to_dict())
    assert loaded.round_results == game.round_results
    result = game.round_results[0]
    assert isinstance(result.scores, tuple) and isinstance(result.breakdown, tuple)
    assert not hasattr(result, "copy") and not hasattr(result, "__getitem__")
    with pytest.raises(AttributeError):
        result.owner = 1  # type: ignore[misc]


def test_a_games_moves_and_log_are_read_once() -> None:
    game = Game.new(players=3, seed=2).play("keep").play("keep").play("keep")
    game = game.play(game.legal_moves()[0])
    assert game.moves is game.moves and game.log is game.log
    assert len(game.moves) == 4 and len(game.log) == 4
