"""Saved games for the browser tests, reached by real moves from a deal (the save format keeps
only moves): the person holding many cards and having to move with a table to scout (the
person scouting every turn, the AI seats showing whenever they can), and the person at a turn
where a scout would end the round."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from scout_core import Game, Scout, Show, rules

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))

from scout_web import storage  # web/ is put on the path above
from scout_web.session import Session, Settings


def big_hand_game(cards: int = 15, players: int = 3) -> Game:
    """A game where seat 0 holds ``cards`` cards, must move, and may scout."""
    for seed in range(1, 400):
        rng = random.Random(seed)
        game = Game.new(players=players, rounds=1, seed=seed)
        while game.phase != "over" and len(game.round_results) == 0:
            seat = game.to_move
            moves = game.legal_moves()
            if game.phase == "play" and seat == 0:
                hand = len(game.hands[0])
                if hand == cards and game.table and any(isinstance(m, Scout) for m in moves):
                    return game
                scouts = [m for m in moves if isinstance(m, Scout)]
                move = rng.choice(scouts or moves)
            elif game.phase == "play":
                shows = [m for m in moves if isinstance(m, Show)]
                move = rng.choice(shows or moves)
            else:
                move = rng.choice(moves)
            game = game.play(move)
    raise AssertionError(f"no deal gives a hand of {cards}")


def big_hand_save(cards: int = 15, speed: str = "instant", back: int = 0) -> str:
    """The save text of :func:`big_hand_game`, or of the position ``back`` moves earlier."""
    game = big_hand_game(cards)
    if back:
        moves = game.moves[:-back]
        game = Game.new(players=game.players, rounds=game.rounds, seed=game.seed)
        for move in moves:
            game = game.play(move)
    settings = Settings(players=game.players, rounds=game.rounds, seed=game.seed, speed=speed)
    return str(storage.dump(Session(settings.resolved(), game)))


def round_ending_scout_save(speed: str = "instant") -> tuple[str, Scout]:
    """The save text of a game where the person must move and a scout would end the round
    (every other seat has scouted since the last show), and that scout."""
    for seed in range(1, 400):
        rng = random.Random(seed)
        game = Game.new(players=3, rounds=1, seed=seed)
        while game.phase != "over" and not game.round_results:
            moves = game.legal_moves()
            if game.phase == "play" and game.to_move == 0:
                ending = [
                    m for m in moves if isinstance(m, Scout) and rules.round_end_after(game, m)
                ]
                if ending:
                    settings = Settings(players=3, rounds=1, seed=seed, speed=speed)
                    return str(storage.dump(Session(settings.resolved(), game))), ending[0]
                move = rng.choice([m for m in moves if isinstance(m, Show)] or moves)
            elif game.phase == "play":
                move = rng.choice([m for m in moves if isinstance(m, Scout)] or moves)
            else:
                move = rng.choice(moves)
            game = game.play(move)
    raise AssertionError("no deal reaches a round-ending scout")
