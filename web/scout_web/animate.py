"""What a redraw should show moving, worked out from the game before and after it.

Motion is a diff of two drawn states. Cards have an identity (``3/7`` is one card wherever it
lies, either way up), so ``web/motion.js`` records where every drawn card was, lets the page
redraw, and slides each card that is still drawn from its old place to its new one. This
module adds what the drawing alone cannot know: where a card that appears came from (the seat
that showed it) and where a card that disappears went (the capturer's pile, the seat that
scouted it), whether a Scout chip changed hands, and which sound goes with the move. Plain
data, no browser: the tests run it under CPython.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from scout_core import Card, Event, Game

HAND = "#hand-cards"


def card_id(card: Card) -> str:
    """A card's identity, the same whichever way up it lies: "3/7"."""
    low, high = sorted((card.value, card.other))
    return f"{low}/{high}"


def seat_selector(seat: int) -> str:
    """The element of another player's seat."""
    return f'#seats [data-seat="{seat}"]'


@dataclass(frozen=True)
class Plan:
    """The story of one redraw: ``sources`` and ``targets`` map card identities to the place
    (a CSS selector) they come from or go to; ``chip`` is a Scout chip's flight (from, to);
    ``round_end`` gathers the table; ``sound`` names the sound to play."""

    sources: dict[str, str] = field(default_factory=dict)
    targets: dict[str, str] = field(default_factory=dict)
    chip: tuple[str, str] | None = None
    round_end: bool = False
    sound: str | None = None


def pile(seat: int, viewer: int = 0) -> str:
    """Where a seat's captured cards go: its seat box, or for the person whose hand is drawn
    (``viewer``) the hand's header."""
    return "#hand-title" if seat == viewer else seat_selector(seat)


def new_events(old: Game, new: Game) -> list[Event]:
    """The public events ``new`` adds to ``old``; none when ``new`` is not a later state
    (an undo, another game)."""
    if len(new.log) < len(old.log) or new.log[: len(old.log)] != old.log:
        return []
    return [e for e in new.log[len(old.log) :] if e.action not in ("keep", "rotate")]


def motion_plan(old: Game, new: Game, viewer: int = 0) -> Plan:
    """What moved between two drawn games, for the person whose hand is drawn (``viewer``;
    see the module's docstring)."""
    events = new_events(old, new)
    if not events:
        return Plan()
    event = events[-1]
    seat = event.seat
    sources: dict[str, str] = {}
    targets: dict[str, str] = {}
    chip: tuple[str, str] | None = None
    sound: str | None = None
    if event.scouted is not None:
        if seat != viewer:
            targets[card_id(event.scouted)] = seat_selector(seat)
        if old.owner is not None:
            chip = (HAND if seat == viewer else seat_selector(seat), pile(old.owner, viewer))
        sound = "scout"
    if event.shown:
        if seat != viewer:
            for card in event.shown:
                sources[card_id(card)] = seat_selector(seat)
        shown = {card_id(c) for c in event.shown}
        scouted = card_id(event.scouted) if event.scouted is not None else None
        for card in old.table:
            ident = card_id(card)
            if ident not in shown and ident != scouted:
                targets[ident] = pile(seat, viewer)
        sound = "capture" if event.captured else "show"
    round_end = len(new.round_results) > len(old.round_results)
    if round_end:
        sound = "round"
    return Plan(sources, targets, chip, round_end, sound)


def plan_json(plan: Plan | None, ms: int, *, first: bool = False) -> str:
    """The plan as the JSON text ``motion.js`` reads; ``first`` draws without any motion."""
    data: dict[str, Any] = {"ms": ms, "first": first, "move": plan is not None}
    if plan is not None:
        data.update(
            sources=plan.sources,
            targets=plan.targets,
            chip=list(plan.chip) if plan.chip else None,
            roundEnd=plan.round_end,
        )
    return json.dumps(data)
