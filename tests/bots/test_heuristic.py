"""The normal player's judgement in small positions a SCOUT player would agree on."""

from __future__ import annotations

import random

from scout_core import Game, Position
from scout_core.bots import heuristic, make
from scout_core.bots.handeval import hand_value
from scout_core.bots.heuristic import Pricer, choose_orient, view_at
from scout_core.bots.policy import policy_move
from scout_core.cards import parse_cards
from scout_core.moves import Move, Scout, parse_move

from .conftest import scripted_game, varied_games


def _choose(hands: list[str], table: str = "", owner: int | None = None, **keys: object) -> Move:
    game = scripted_game(hands, table, owner, **keys)
    return make("normal").choose(game.observation(0), random.Random(0))


def test_hand_value_prefers_long_sets_and_runs() -> None:
    assert hand_value([5, 5, 5]) > hand_value([5, 6, 7]) > hand_value([5, 9, 2])
    assert hand_value([1, 2, 3, 4]) > hand_value([1, 2]) + hand_value([3, 4])
    assert hand_value([]) == 0.0


def test_empties_the_hand_when_it_can() -> None:
    move = _choose(["6/1 7/2 8/3", "1/2 2/3 4/5 7/9", "4/5 5/6 3/9 2/8"], table="3/1 4/2", owner=1)
    assert move == parse_move("show 0:3")


def test_scouts_the_card_that_completes_a_set_rather_than_a_useless_one() -> None:
    move = _choose(
        ["6/1 6/2 1/3 9/5", "1/2 2/3 4/5 7/9", "4/5 5/6 3/9 2/8"],
        table="2/4 3/4 4/6",
        owner=2,
        scout_show=(False, True, True),
    )
    # Nothing in hand beats a three-card run; the 4 end flipped to 6 joins the pair of 6s.
    assert move in (parse_move("scout right flip 0"), parse_move("scout right flip 2"))


def test_keeps_a_hand_that_reads_well_and_rotates_one_that_does_not() -> None:
    hand = "1/9 2/8 3/7 4/6 5/2"
    position = Position.deal(
        (parse_cards(hand), parse_cards("1/2 2/3 4/5 7/9 6/8"), parse_cards("4/5 5/6 3/9 2/8")),
        0,
    )
    game = Game(players=3, rounds=1, seed=1, round=1, position=position, totals=(0, 0, 0))
    bot = make("normal")
    assert str(bot.choose(game.observation(0), random.Random(0))) == "keep"
    rotated = Position.deal(
        (parse_cards("2/5 6/4 7/3 8/2 9/1"), *position.hands[1:]),
        0,
    )
    game = Game(players=3, rounds=1, seed=1, round=1, position=rotated, totals=(0, 0, 0))
    assert str(bot.choose(game.observation(0), random.Random(0))) == "rotate"


def test_two_players_beat_rather_than_pay_a_chip() -> None:
    move = _choose(["8/1 8/2 3/4", "4/5 5/6 1/2"], table="9/1", owner=1, chips=(1, 3))
    assert move == parse_move("show 0:2")


def test_two_player_scouts_price_the_same_whether_remembered_or_worked_out() -> None:
    # The prices of two-player scouts are remembered across Pricers that see the same other
    # seat, as a search meets the same hand again and again. Each position is also priced with
    # the seat's chips changed: a fact the memo's key left out (the last chip blocks, more let
    # the seat come back) would show as a price remembered from the wrong position.
    positions: list[Position] = []
    for game in varied_games(2, 8, seed=41):
        position: Position = game.position
        while position.end is None:
            if position.phase == "orient":
                move: Move = choose_orient(position.hands[position.to_move])
            else:
                for chips in (1, 2):
                    mine = list(position.chips)
                    mine[position.to_move] = chips
                    positions.append(position.replace(chips=tuple(mine)))
                move = policy_move(position)
            position = position.apply(move)

    def scout_prices(position: Position) -> list[float]:
        pricer = Pricer(view_at(position))
        return [pricer.price(m) for m in position.legal_moves() if isinstance(m, Scout)]

    remembered = [scout_prices(p) for p in positions]
    worked_out = []
    for position in positions:
        heuristic._SHARED.clear()
        worked_out.append(scout_prices(position))
    assert remembered == worked_out
    assert sum(map(len, remembered)) > 1000
