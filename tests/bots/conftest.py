"""Shared fixtures of the bot tests, and the ``slow`` marker a Pyodide run can skip."""

from __future__ import annotations

import random
from typing import Any

import pytest

from scout_core import Game, Position
from scout_core.bots import make
from scout_core.cards import parse_cards


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "slow: a match that measures strength alone; Pyodide leaves it to CPython"
    )


def mid_round(players: int, seed: int, moves: int) -> Game:
    """A one-round game after ``moves`` moves of ``normal`` players (keep/rotate included)."""
    game = Game.new(players=players, rounds=1, seed=seed)
    bot = make("normal")
    rng = random.Random(seed)
    for _ in range(moves):
        seat = game.to_move
        assert seat is not None
        game = game.play(bot.choose(game.observation(seat), rng))
    return game


def scripted_game(hands: list[str], table: str = "", owner: int | None = None, **keys: Any) -> Game:
    """A one-round game in play, seat 0 to move, from hands written as text (``"3/7 4/1"``)."""
    players = len(hands)
    position = Position(
        players=players,
        phase="play",
        starter=0,
        to_move=0,
        hands=tuple(parse_cards(h) for h in hands),
        table=parse_cards(table),
        owner=owner,
        **keys,
    )
    return Game(
        players=players, rounds=1, seed=1, round=1, position=position, totals=(0,) * players
    )


def varied_games(players: int, count: int, seed: int) -> list[Game]:
    """Games stopped at varied decisions: keep/rotate, openings, mid-round, later rounds.

    Moves are drawn from a mix of the normal player and uniform choice, so the positions are
    both plausible and odd (scouted cards, spent Scout & Show chips, empty tables).
    """
    rng = random.Random(f"varied:{players}:{seed}")
    normal = make("normal")
    found: list[Game] = []
    game_seed = seed * 1000
    while len(found) < count:
        game_seed += 1
        game = Game.new(players=players, seed=game_seed)
        stops = {rng.randrange(120) for _ in range(4)} | {0}
        step = 0
        while game.phase != "over" and len(found) < count:
            if step in stops:
                found.append(game)
            seat = game.to_move
            assert seat is not None
            if rng.random() < 0.3:
                move = rng.choice(game.legal_moves())
            else:
                move = normal.choose(game.observation(seat), rng)
            game = game.play(move)
            step += 1
    return found


@pytest.fixture(scope="session")
def games_by_players() -> dict[int, list[Game]]:
    """Twelve varied decisions for each player count."""
    return {p: varied_games(p, 12, seed=p) for p in (2, 3, 4, 5)}
