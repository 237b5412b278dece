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
from .rules import (
    ComboName,
    Fact,
    Reason,
    ReasonCode,
    beating_shows,
    combo_name,
    follow_up_shows,
    may_scout,
    may_scout_show,
    move_problem,
    round_end_after,
    scout_show_exists,
    selection_problem,
    show_problem,
    take_end,
)

__version__ = "0.1.0"

__all__ = [
    "Card",
    "ComboName",
    "Event",
    "Fact",
    "Game",
    "IllegalMoveError",
    "InvalidMoveError",
    "Move",
    "Observation",
    "Orient",
    "Position",
    "Reason",
    "ReasonCode",
    "RoundResult",
    "Scout",
    "ScoutShow",
    "SeatScore",
    "Show",
    "beating_shows",
    "combo_name",
    "follow_up_shows",
    "may_scout",
    "may_scout_show",
    "move_problem",
    "parse_move",
    "round_end_after",
    "scout_show_exists",
    "selection_problem",
    "show_problem",
    "take_end",
]
