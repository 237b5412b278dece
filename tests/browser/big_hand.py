"""A saved game in which the person holds many cards and must move with a table to scout:
reached by real moves from a deal (the save format keeps only moves), the person scouting
every turn and the AI seats showing whenever they can."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from scout_core import Game, Scout, Show

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
