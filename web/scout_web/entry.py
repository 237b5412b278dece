"""The human's move while it is being entered: selection, Show, Scout, Scout & Show, cancel.

An :class:`Entry` is a small immutable value; every step returns a new one. Nothing reaches
the engine until :func:`move_of` gives a move and the player confirms it, and the engine
itself checks the move again when it is played.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from scout_core import Card, Game, Move, Orient, Scout, ScoutShow, Show, rules
from scout_core.cards import highest_value as highest
from scout_core.moves import End
from scout_core.rules import Reason, scouted, take_end

from .i18n import _
from .words import reason_text, show_note, values_text

Mode = Literal["show", "scout", "scout_show"]
MODES: tuple[Mode, ...] = ("show", "scout", "scout_show")


@dataclass(frozen=True)
class Entry:
    """What the player has picked so far.

    ``mode`` is what the player is doing; ``end``/``flip``/``insert_at`` describe a scout in
    progress; ``shown_step`` means a Scout & Show has its scout placed and now takes the show;
    ``selection`` is a sorted tuple of indices into the hand as displayed.
    """

    mode: Mode = "show"
    selection: tuple[int, ...] = ()
    end: End | None = None
    flip: bool = False
    insert_at: int | None = None
    show_step: bool = False

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values, for the save."""
        return {
            "mode": self.mode,
            "selection": list(self.selection),
            "end": self.end,
            "flip": self.flip,
            "insert_at": self.insert_at,
            "show_step": self.show_step,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Entry:
        """Read :meth:`to_dict`'s output; raise ``ValueError`` when it is not that."""
        if not isinstance(data, dict) or set(data) != set(cls().to_dict()):
            raise ValueError("entry: not a move in progress")
        mode, selection, end = data["mode"], data["selection"], data["end"]
        flip, insert_at, show_step = data["flip"], data["insert_at"], data["show_step"]
        if (
            mode not in MODES
            or not isinstance(selection, list)
            or not all(isinstance(i, int) and not isinstance(i, bool) for i in selection)
            or end not in (None, "left", "right")
            or not isinstance(flip, bool)
            or not isinstance(show_step, bool)
            or not (insert_at is None or (isinstance(insert_at, int) and insert_at >= 0))
        ):
            raise ValueError("entry: not a move in progress")
        return cls(mode, tuple(sorted(set(selection))), end, flip, insert_at, show_step)


NOTHING_PICKED = Entry()


# -- what the player sees while entering --------------------------------------------------
# Every rules question here is the engine's (scout_core.rules); this module only keeps track
# of what has been picked and asks.


def taken_card(table: Sequence[Card], entry: Entry) -> Card | None:
    """The table card the scout takes, turned as the player chose, or None."""
    if entry.end is None or not table:
        return None
    card, _rest = take_end(table, entry.end)
    return card.flipped() if entry.flip else card


def placed_scout(entry: Entry) -> Scout | None:
    """The scout the entry describes once its card has a place, else None."""
    if entry.end is None or entry.insert_at is None:
        return None
    return Scout(entry.end, entry.flip, entry.insert_at)


def shown_hand(game: Game, seat: int, entry: Entry) -> tuple[tuple[Card, ...], int | None]:
    """The hand as the player sees it, with a placed scouted card, and that card's index."""
    hand = game.hands[seat]
    scout = placed_scout(entry)
    if scout is None or not game.table or scout.insert_at > len(hand):
        return hand, None
    new_hand, _table, _card = scouted(hand, game.table, scout)
    return new_hand, scout.insert_at


def shown_table(game: Game, entry: Entry) -> tuple[Card, ...]:
    """The active set, less the card being scouted once it is placed."""
    if entry.end is None or entry.insert_at is None or not game.table:
        return game.table
    return take_end(game.table, entry.end)[1]


def selection_problem(game: Game, seat: int, entry: Entry) -> Reason | None:
    """Why the picked cards are no show now (in a Scout & Show, after the placed scout)."""
    hand, _new = shown_hand(game, seat, entry)
    table = shown_table(game, entry)
    return rules.selection_problem(hand, entry.selection, table, highest=highest(game.players))


def selection_note(game: Game, seat: int, entry: Entry) -> str:
    """A one-line verdict on the selection, good or bad."""
    problem = selection_problem(game, seat, entry)
    if problem is not None:
        return reason_text(problem)
    hand, _new = shown_hand(game, seat, entry)
    values = [hand[i].value for i in entry.selection]
    return show_note(values, [c.value for c in shown_table(game, entry)])


def can_follow_with_show(game: Game, seat: int, entry: Entry) -> bool:
    """Scout & Show: whether some show beats the table after this scout."""
    scout = placed_scout(entry)
    return scout is not None and bool(rules.follow_up_shows(game.hands[seat], game.table, scout))


def scout_possible(game: Game, seat: int) -> bool:
    """Whether the seat may Scout now."""
    return game.position.can_scout(seat)


def scout_show_possible(game: Game, seat: int) -> bool:
    """Whether some Scout & Show is legal now (R11)."""
    return rules.scout_show_exists(game.position, seat)


def legal_slices(game: Game, seat: int, entry: Entry) -> list[tuple[int, int]]:
    """The shows that beat the table now (in a Scout & Show, after the placed scout), the
    biggest first."""
    scout = placed_scout(entry) if entry.mode == "scout_show" else None
    if scout is not None and game.table:
        shows = rules.follow_up_shows(game.hands[seat], game.table, scout)
    else:
        shows = rules.beating_shows(game.hands[seat], game.table)
    return sorted(((s.start, s.stop) for s in shows), key=lambda s: (s[0] - s[1], s[0]))


def entry_for(move: Move) -> Entry | None:
    """The entry that shows a suggested move, ready to confirm."""
    if isinstance(move, Show):
        return Entry(selection=tuple(range(move.start, move.stop)))
    if isinstance(move, Scout):
        return Entry("scout", (), move.end, move.flip, move.insert_at)
    if isinstance(move, ScoutShow):
        s = move.scout
        show = tuple(range(move.show.start, move.show.stop))
        return Entry("scout_show", show, s.end, s.flip, s.insert_at, True)
    return None


def describe_move(game: Game, seat: int, move: Move) -> str:
    """A suggested move in words: "show 4-5", "scout 7/3 from the right end"."""
    if isinstance(move, Orient):
        return _("rotate your hand") if move.rotate else _("keep your hand")
    hand = game.hands[seat]
    if isinstance(move, Show):
        values = values_text([c.value for c in hand[move.start : move.stop]])
        return _("show {cards}").format(cards=values)
    scout = move if isinstance(move, Scout) else move.scout
    card, _rest = take_end(game.table, scout.end)
    left = scout.end == "left"
    if isinstance(move, ScoutShow):
        text = (
            _("scout {card} from the left end and show")
            if left
            else _("scout {card} from the right end and show")
        )
    else:
        text = _("scout {card} from the left end") if left else _("scout {card} from the right end")
    return text.format(card=card)


def picked_show(selection: Sequence[int]) -> Show | None:
    """The show of the picked cards when they lie side by side, else None."""
    if not selection or list(selection) != list(range(selection[0], selection[-1] + 1)):
        return None
    return Show(selection[0], selection[-1] + 1)


def move_of(game: Game, seat: int, entry: Entry) -> Move | None:
    """The move the entry describes, when it is complete and legal; else None."""
    show = picked_show(entry.selection)
    scout = placed_scout(entry)
    move: Move | None
    if entry.mode == "show":
        move = show
    elif entry.mode == "scout":
        move = scout
    else:
        both = entry.show_step and scout is not None and show is not None
        move = ScoutShow(scout, show) if both and scout and show else None
    if move is None or game.to_move != seat:
        return None
    return move if rules.move_problem(game.position, move) is None else None


def problem_of(game: Game, seat: int, entry: Entry) -> str:
    """What is missing or wrong before the entry can be confirmed ('' when nothing)."""
    if entry.mode == "show" or entry.show_step:
        return selection_note(game, seat, entry)
    if entry.end is None:
        return _("Pick the left or right end card of the active set.")
    if entry.insert_at is None:
        return _("Choose where the card goes: pick a gap in your hand.")
    if entry.mode == "scout_show" and not can_follow_with_show(game, seat, entry):
        return _("No show would beat what is left after this scout: choose another place or card.")
    if entry.mode == "scout_show":
        return _("Scout placed. Continue to choose your show, or change the place.")
    return _("Confirm to take the card, or change the place or the side.")


# -- steps ----------------------------------------------------------------------------------


def step(
    entry: Entry,
    act: str,
    table: Sequence[Card],
    index: int | None = None,
    stop: int | None = None,
) -> Entry | None:
    """What a click (``data-act``, with ``data-i``/``data-j``) does to the move being entered:
    the new entry, the same one when the click does not apply now, or None for a click that is
    not about the entry at all.

    ``card`` picks or unpicks ``hand[index]`` (in a Show, or a Scout & Show's show); ``select``
    picks exactly ``index:stop``; ``scout``/``scout-show`` begin one (a one-card table needs no
    end); ``end-left``/``end-right`` choose the card to take, ``flip`` turns it, ``gap`` puts it
    before ``hand[index]``; ``to-show``/``back`` move between a Scout & Show's two steps;
    ``cancel``/``clear`` start again.
    """
    if act == "card":
        if index is None or not (entry.mode == "show" or entry.show_step):
            return entry
        return replace(entry, selection=tuple(sorted(set(entry.selection) ^ {index})))
    if act == "select":
        if index is None or stop is None or not 0 <= index < stop:
            return entry
        base = NOTHING_PICKED if entry.mode == "show" else entry
        return replace(base, selection=tuple(range(index, stop)))
    if act in ("scout", "scout-show"):
        end: End | None = "left" if len(table) == 1 else None
        return Entry(mode="scout_show" if act == "scout-show" else "scout", end=end)
    if act in ("end-left", "end-right"):
        if not table:
            return entry
        mode: Mode = "scout" if entry.mode == "show" else entry.mode
        side: End = "left" if act == "end-left" else "right"
        return replace(entry, mode=mode, end=side, flip=False, selection=(), show_step=False)
    if act == "flip" and entry.end is not None:
        return replace(entry, flip=not entry.flip, selection=(), show_step=False)
    if act == "gap" and entry.end is not None and index is not None:
        return replace(entry, insert_at=index, selection=(), show_step=False)
    if act in ("to-show", "back"):
        return replace(entry, show_step=act == "to-show", selection=())
    if act in ("cancel", "clear"):
        return NOTHING_PICKED
    return entry if act in ("flip", "gap") else None


def fits(game: Game, seat: int, entry: Entry) -> bool:
    """Whether a restored entry can be taken up in this position: all it has picked is
    something the rules allow now."""
    hand = game.hands[seat]
    if entry.mode == "show":
        return entry.end is None and all(0 <= i < len(hand) for i in entry.selection)
    position = game.position
    if game.phase != "play":
        return False
    scout = position.can_scout if entry.mode == "scout" else position.can_scout_show
    if not scout(seat) or (entry.end is None and entry.insert_at is not None):
        return False
    if entry.insert_at is not None and entry.insert_at > len(hand):
        return False
    if entry.show_step and (entry.mode != "scout_show" or entry.insert_at is None):
        return False
    shown, _new = shown_hand(game, seat, entry)
    return all(0 <= i < len(shown) for i in entry.selection)
