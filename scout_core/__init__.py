"""SCOUT, Kei Kajino's card game: the rules engine.

>>> from scout_core import Game
>>> game = Game.new(players=3, seed=7)
>>> game.phase, len(game.hands[0])
('orient', 12)
"""

from .cards import Card
from .errors import IllegalMoveError, InvalidMoveError
from .game import Game, RoundResult
from .history import Event
from .moves import Move, Orient, Scout, ScoutShow, Show, parse_move
from .observation import Observation
from .position import Position, SeatScore

__version__ = "0.1.0"

__all__ = [
    "Card",
    "Event",
    "Game",
    "IllegalMoveError",
    "InvalidMoveError",
    "Move",
    "Observation",
    "Orient",
    "Position",
    "RoundResult",
    "Scout",
    "ScoutShow",
    "SeatScore",
    "Show",
    "parse_move",
]
