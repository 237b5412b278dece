"""The guided first hand: a real position where 4-5 beats 3-4, explained step by step."""

from __future__ import annotations

from scout_core import Game

from .session import Session, Settings
from .words import HUMAN

HANDS = (
    ["1/7", "4/8", "5/2", "9/6", "2/3"],
    ["6/7", "8/5", "7/3"],
    ["2/9", "8/1", "6/4"],
)
TABLE = ["3/6", "4/1"]
TARGET = (1, 2)  # the 4 and the 5


def tutorial_game() -> Game:
    """East has just shown the run 3-4; you hold 4 and 5 side by side."""
    data = Game.new(players=3, rounds=1, seed=1).to_dict()
    data.update(
        phase="play",
        round=1,
        starter=2,
        to_move=HUMAN,
        hands=[list(h) for h in HANDS],
        table=list(TABLE),
        owner=2,
        scouts_in_row=0,
        captured=[0, 0, 0],
        chips=[0, 0, 0],
        scout_show=[True, True, True],
        choices=["keep", "keep", "keep"],
        end=None,
        totals=[0, 0, 0],
        reserve=None,
        results=[],
        moves=[],
        log=[],
    )
    return Game.from_dict(data)


def tutorial_session() -> tuple[Session, str]:
    """A session on the tutorial position (AI players stay still), and its name."""
    settings = Settings(players=3, rounds=1, seed=1, speed="normal").resolved()
    return Session(settings, tutorial_game()), "first-hand"


def guide(session: Session) -> str:
    """What to do next, and why, for the state the tutorial is in."""
    game = session.game
    if game.moves:
        captured = game.position.captured[HUMAN]
        return (
            f"Well played: you captured the {captured} cards of 3-4 (1 point each at the end of"
            f" the round) and your hand shrank from 5 to {len(game.hands[HUMAN])} cards. 4-5 is"
            " now the active set, and it is yours. That is the heart of SCOUT — start a real"
            " game from the menu."
        )
    selection = session.entry.selection
    if session.entry.mode != "show":
        return "For this example, cancel the scout: we will show instead."
    if selection == TARGET:
        return (
            "4-5 beats 3-4: both have 2 cards and both are runs, so the lowest value decides —"
            " 4 is higher than 3. Press Show to play it."
        )
    if selection:
        return "Not quite: select just the 4 and the 5 (the second and third cards)."
    return (
        "Follow a real sequence. East has shown the run 3-4. Your hand holds 4 and 5 side by"
        " side: select those two cards."
    )
