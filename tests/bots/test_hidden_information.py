"""A bot's input is its observation: games differing only in hidden cards look the same (R17)."""

from __future__ import annotations

import random

import pytest

from scout_core import Card, Game
from scout_core.bots import Budget, SearchBot, make

from .conftest import varied_games


def _scouted_pairs(game: Game) -> set[tuple[int, int]]:
    """Cards publicly known to have gone into a hand this round."""
    return {e.scouted.pair for e in game.log if e.round == game.round and e.scouted is not None}


def reshuffle_hidden(game: Game, observer: int, rng: random.Random) -> Game:
    """The same game with every card the observer cannot place moved among the other hands
    (and, with two players, the cards set aside), each turned at random."""
    position = game.position
    public = _scouted_pairs(game)
    slots: list[tuple[int, int]] = []
    hidden: list[Card] = []
    for seat, hand in enumerate(position.hands):
        if seat == observer:
            continue
        for i, card in enumerate(hand):
            if card.pair not in public:
                slots.append((seat, i))
                hidden.append(card)
    reserve = list(game.reserve or ())
    pool = hidden + reserve
    rng.shuffle(pool)
    pool = [c.flipped() if rng.random() < 0.5 else c for c in pool]
    hands = [list(h) for h in position.hands]
    for (seat, i), card in zip(slots, pool, strict=False):
        hands[seat][i] = card
    new_reserve = tuple(pool[len(slots) :]) or None
    changed = position.replace(hands=tuple(tuple(h) for h in hands))
    return Game(
        players=game.players,
        rounds=game.rounds,
        seed=game.seed,
        round=game.round,
        position=changed,
        totals=tuple(game.totals),
        results=tuple(game.round_results),
        reserve=new_reserve if game.reserve is not None else None,
        moves=game.moves,
        log=game.log,
    )


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_hidden_cards_change_neither_observation_nor_move(players: int) -> None:
    bots = [make("easy"), make("normal"), SearchBot("hard", Budget(rollouts=16, candidates=3))]
    differing = 0
    for i, game in enumerate(varied_games(players, 8, seed=40 + players)):
        seat = game.to_move
        assert seat is not None
        other = reshuffle_hidden(game, seat, random.Random(i))
        differing += other.hands != game.hands
        assert other.observation(seat) == game.observation(seat)
        for bot in bots:
            a = bot.choose(game.observation(seat), random.Random(i))
            b = bot.choose(other.observation(seat), random.Random(i))
            assert a == b, (bot.level, game)
    assert differing >= 6  # the test really changed hidden cards
