"""The guided first hand: a real position where 4-5 beats 3-4, explained step by step."""

from __future__ import annotations

from scout_core import Game

from .i18n import _
from .session import Session, Settings
from .words import HUMAN

HANDS = (
    ["1/7", "4/8", "5/2", "9/6", "2/3"],
    ["6/7", "8/5", "7/3"],
    ["2/9", "8/1", "6/4"],
)
TABLE = ["3/6", "4/1"]
TARGET = (1, 2)  # the 4 and the 5
TARGET_SLICE = (1, 3)


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
    session = Session(settings, tutorial_game())
    session.still = True  # the AI players wait: the hand ends with your show
    return session, "first-hand"


def guide_cards(session: Session) -> frozenset[int]:
    """The cards to pick next, marked in the hand: the 4, then the 5."""
    if session.game.moves or session.entry.mode != "show":
        return frozenset()
    selection = set(session.entry.selection)
    if selection - set(range(*TARGET_SLICE)):
        return frozenset()
    return frozenset(i for i in range(*TARGET_SLICE) if i not in selection)


def guide(session: Session) -> str:
    """What to do next, and why, for the state the tutorial is in."""
    game = session.game
    if game.moves:
        captured = game.position.captured[HUMAN]
        return _(
            "Step 4 of 4 \u2014 well played: you captured the {captured} cards of 3-4 (1 point"
            " each at the end of the round) and your hand shrank from 5 to {left} cards. 4-5 is"
            " now the active set, and it is yours: to take it, the next player must beat it, or"
            " scout a card from one of its ends, which gives you a Scout chip. That is the heart"
            " of SCOUT. The guided hand ends here: start a real game."
        ).format(captured=captured, left=len(game.hands[HUMAN]))
    selection = session.entry.selection
    if session.entry.mode != "show":
        return _("For this example, cancel the scout (Esc): we will show instead.")
    if selection == TARGET:
        return _(
            "Step 3 of 4 \u2014 4-5 beats 3-4: both have 2 cards and both are runs, so the"
            " lowest value decides, and 4 is higher than 3. Press Show to play it."
        )
    if selection == (1,):
        return _(
            "Step 2 of 4 \u2014 the 4 is picked. Now pick the 5 beside it (marked): a show is"
            " always cards that lie side by side in your hand."
        )
    if selection:
        return _("Not quite: select just the 4 and the 5 (the second and third cards, marked).")
    return _(
        "Step 1 of 4 \u2014 East has shown the run 3-4: to take it you must show something"
        " stronger. Your hand holds 4 and 5 side by side: pick the 4 (marked) first."
    )
