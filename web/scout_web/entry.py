"""The human's move while it is being entered: selection, Show, Scout, Scout & Show, cancel.

An :class:`Entry` is a small immutable value; every step returns a new one. Nothing reaches
the engine until :func:`move_of` gives a move and the player confirms it, and the engine
itself checks the move again when it is played.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from scout_core import Card, Game, IllegalMoveError, Move, Orient, Scout, ScoutShow, Show
from scout_core.combos import NOTHING, best_strength, hand_combos, strength
from scout_core.movegen import scouted

from .words import combo_name, values_text

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
    end: Literal["left", "right"] | None = None
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


def taken_card(table: Sequence[Card], entry: Entry) -> Card | None:
    """The table card the scout takes, turned as the player chose, or None."""
    if entry.end is None or not table:
        return None
    card = table[0] if entry.end == "left" else table[-1]
    return card.flipped() if entry.flip else card


def shown_hand(game: Game, seat: int, entry: Entry) -> tuple[tuple[Card, ...], int | None]:
    """The hand as the player sees it, with a placed scouted card, and that card's index."""
    hand = game.hands[seat]
    if entry.end is None or entry.insert_at is None or not game.table:
        return hand, None
    new_hand, _, _ = scouted(hand, game.table, _scout(entry))
    return new_hand, entry.insert_at


def shown_table(game: Game, entry: Entry) -> tuple[Card, ...]:
    """The active set, less the card being scouted once it is placed."""
    table = game.table
    if entry.end is None or entry.insert_at is None or not table:
        return table
    return table[1:] if entry.end == "left" else table[:-1]


def _scout(entry: Entry) -> Scout:
    assert entry.end is not None and entry.insert_at is not None
    return Scout(entry.end, entry.flip, entry.insert_at)


def contiguous(selection: Sequence[int]) -> bool:
    """Whether the indices are side by side."""
    return bool(selection) and list(selection) == list(range(selection[0], selection[-1] + 1))


def needs(table_values: Sequence[int]) -> str:
    """What beats a table, in words (R8)."""
    n = len(table_values)
    kind_set = n == 1 or table_values[0] == table_values[1]
    low = min(table_values)
    more = f"{n + 1} cards"
    if kind_set:
        what = "a higher single" if n == 1 else f"a higher set of {n}"
        return f"needs {more} or {what}" if low < 10 else f"needs {more}"
    return f"needs {more}, a set of {n}, or a higher run of {n}"


def selection_problem(
    hand: Sequence[Card], selection: Sequence[int], table: Sequence[Card]
) -> str | None:
    """Why these cards cannot be shown over ``table``, or None when they can."""
    if not selection:
        return "no cards selected"
    if not contiguous(selection):
        return "not adjacent: a show is cards side by side in your hand"
    values = [hand[i].value for i in selection]
    shown = strength(values)
    if shown == NOTHING:
        return f"{values_text(values)} is not a set or run"
    table_values = [c.value for c in table]
    if table and shown <= strength(table_values):
        return f"does not beat {values_text(table_values)}: {needs(table_values)}"
    return None


def selection_note(hand: Sequence[Card], selection: Sequence[int], table: Sequence[Card]) -> str:
    """A one-line verdict on the selection, good or bad."""
    problem = selection_problem(hand, selection, table)
    if problem is not None:
        return problem.capitalize() + "."
    values = [hand[i].value for i in selection]
    name = combo_name(values)
    if not table:
        return f"{name.capitalize()}: the table is empty, any show is allowed."
    table_values = [c.value for c in table]
    return (
        f"{name.capitalize()} beats {values_text(table_values)}"
        f" and captures {len(table)} card{'s' if len(table) != 1 else ''}."
    )


def can_follow_with_show(game: Game, seat: int, entry: Entry) -> bool:
    """Scout & Show: whether some show beats the table after this scout."""
    hand, placed = shown_hand(game, seat, entry)
    if placed is None:
        return False
    rest = shown_table(game, entry)
    return best_strength([c.value for c in hand]) > strength([c.value for c in rest])


def scout_possible(game: Game, seat: int) -> bool:
    """Whether the seat may Scout now: cards on the table, and a chip with two players."""
    return bool(game.table) and (game.players > 2 or game.position.chips[seat] > 0)


def legal_slices(game: Game, seat: int, entry: Entry) -> list[tuple[int, int]]:
    """The shows that beat the table now (in a Scout & Show, after the placed scout), the
    biggest first."""
    hand, _ = shown_hand(game, seat, entry)
    to_beat = strength([c.value for c in shown_table(game, entry)])
    found = [
        (c.start, c.stop) for c in hand_combos([c.value for c in hand]) if c.strength > to_beat
    ]
    found.sort(key=lambda s: (-(s[1] - s[0]), s[0]))
    return found


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
        return "rotate your hand" if move.rotate else "keep your hand"
    hand = game.hands[seat]
    if isinstance(move, Show):
        return f"show {values_text([c.value for c in hand[move.start : move.stop]])}"
    scout = move if isinstance(move, Scout) else move.scout
    card = game.table[0] if scout.end == "left" else game.table[-1]
    text = f"scout {card} from the {scout.end} end"
    if isinstance(move, ScoutShow):
        text += " and show"
    return text


def scout_show_possible(game: Game, seat: int) -> bool:
    """Whether some Scout & Show is legal now (R11), without listing every one of them."""
    position = game.position
    table = game.table
    if game.players == 2 or not table or not position.scout_show[seat]:
        return False
    if len(table) == 1:
        return True  # the scout empties the table, so any show follows
    hand = game.hands[seat]
    values = [c.value for c in hand]
    for end in ("left", "right"):
        card = table[0] if end == "left" else table[-1]
        rest = table[1:] if end == "left" else table[:-1]
        to_beat = strength([c.value for c in rest])
        if best_strength(values) > to_beat:
            return True
        for x in (card.value, card.other):
            for k in range(len(values) + 1):
                if best_strength([*values[:k], x, *values[k:]]) > to_beat:
                    return True
    return False


def move_of(game: Game, seat: int, entry: Entry) -> Move | None:
    """The move the entry describes, when it is complete and legal; else None."""
    move: Move
    if entry.mode == "show":
        if not contiguous(entry.selection):
            return None
        move = Show(entry.selection[0], entry.selection[-1] + 1)
    elif entry.end is None or entry.insert_at is None:
        return None
    elif entry.mode == "scout":
        move = _scout(entry)
    else:
        if not entry.show_step or not contiguous(entry.selection):
            return None
        move = ScoutShow(_scout(entry), Show(entry.selection[0], entry.selection[-1] + 1))
    try:
        game.play(move)
    except (IllegalMoveError, IndexError, ValueError):
        return None
    return move


def problem_of(game: Game, seat: int, entry: Entry) -> str:
    """What is missing or wrong before the entry can be confirmed ('' when nothing)."""
    hand, _ = shown_hand(game, seat, entry)
    if entry.mode == "show" or entry.show_step:
        return selection_note(hand, entry.selection, shown_table(game, entry))
    if entry.end is None:
        return "Pick the left or right end card of the active set."
    if entry.insert_at is None:
        return "Choose where the card goes: pick a gap in your hand."
    if entry.mode == "scout_show" and not can_follow_with_show(game, seat, entry):
        return "No show would beat what is left after this scout: choose another place or card."
    if entry.mode == "scout_show":
        return "Scout placed. Continue to choose your show, or change the place."
    return "Confirm to take the card, or change the place or the side."


# -- steps ----------------------------------------------------------------------------------


def toggle(entry: Entry, index: int) -> Entry:
    """Select or unselect a card of the shown hand."""
    chosen = set(entry.selection)
    chosen ^= {index}
    return replace(entry, selection=tuple(sorted(chosen)))


def select_range(entry: Entry, start: int, stop: int) -> Entry:
    """Select exactly ``start:stop`` (a suggested show)."""
    return replace(entry, selection=tuple(range(start, stop)))


def start_scout(entry: Entry, table: Sequence[Card], scout_show: bool) -> Entry:
    """Begin a Scout (or Scout & Show); a one-card table needs no end chosen."""
    end: Literal["left", "right"] | None = "left" if len(table) == 1 else None
    return Entry(mode="scout_show" if scout_show else "scout", end=end)


def pick_end(entry: Entry, end: Literal["left", "right"]) -> Entry:
    """Choose the end card of the active set to scout; a Show entry becomes a Scout."""
    mode: Mode = "scout" if entry.mode == "show" else entry.mode
    return replace(entry, mode=mode, end=end, flip=False, selection=(), show_step=False)


def set_flip(entry: Entry, flip: bool) -> Entry:
    """Turn the scouted card (relative to how it lies on the table)."""
    return replace(entry, flip=flip, selection=(), show_step=False)


def place(entry: Entry, gap: int) -> Entry:
    """Put the scouted card into gap ``gap`` (0 = before the first card)."""
    return replace(entry, insert_at=gap, selection=(), show_step=False)


def to_show_step(entry: Entry) -> Entry:
    """Scout & Show: the scout is placed; now pick the show."""
    return replace(entry, show_step=True, selection=())


def back_to_scout_step(entry: Entry) -> Entry:
    """Scout & Show: go back and change the scout."""
    return replace(entry, show_step=False, selection=())


def step(
    entry: Entry,
    act: str,
    table: Sequence[Card],
    index: int | None = None,
    stop: int | None = None,
) -> Entry | None:
    """What a click (``data-act``, with ``data-i``/``data-j``) does to the move being entered:
    the new entry, the same one when the click does not apply now, or None for a click that is
    not about the entry at all."""
    if act == "card":
        picking = entry.mode == "show" or entry.show_step
        return toggle(entry, index) if picking and index is not None else entry
    if act == "select":
        if index is None or stop is None or not 0 <= index < stop:
            return entry
        return select_range(Entry() if entry.mode == "show" else entry, index, stop)
    if act in ("scout", "scout-show"):
        return start_scout(entry, table, act == "scout-show")
    if act in ("end-left", "end-right"):
        return pick_end(entry, "left" if act == "end-left" else "right") if table else entry
    if act == "flip":
        return set_flip(entry, not entry.flip) if entry.end is not None else entry
    if act == "gap":
        return place(entry, index) if entry.end is not None and index is not None else entry
    if act == "to-show":
        return to_show_step(entry)
    if act == "back":
        return back_to_scout_step(entry)
    if act in ("cancel", "clear"):
        return NOTHING_PICKED
    return None


def fits(game: Game, seat: int, entry: Entry) -> bool:
    """Whether a (restored) entry makes sense in this position."""
    if entry.mode == "show":
        hand, _ = shown_hand(game, seat, entry)
        return all(0 <= i < len(hand) for i in entry.selection) and entry.end is None
    if game.phase != "play" or not game.table:
        return False
    if entry.mode == "scout_show" and not game.position.scout_show[seat]:
        return False
    if game.players == 2 and entry.mode == "scout_show":
        return False
    if entry.insert_at is not None and (
        entry.end is None or entry.insert_at > len(game.hands[seat])
    ):
        return False
    if entry.show_step and (entry.mode != "scout_show" or entry.insert_at is None):
        return False
    hand, _ = shown_hand(game, seat, entry)
    return all(0 <= i < len(hand) for i in entry.selection)
