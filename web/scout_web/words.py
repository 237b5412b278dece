"""Words for people: seat names, card names, combination names, log lines, end reasons."""

from __future__ import annotations

from collections.abc import Sequence

from scout_core import Card, Event, Game
from scout_core.combos import NOTHING, strength

HUMAN = 0

SEAT_NAMES = {
    2: ("You", "North"),
    3: ("You", "West", "East"),
    4: ("You", "West", "North", "East"),
    5: ("You", "West", "Northwest", "Northeast", "East"),
}

REASONS = {
    "hand_emptied": "{name} played {their} last card",
    "all_scouted": "everyone else scouted after {name_pos} show",
    "blocked": "{name} could neither beat the table nor scout",
}


def seat_names(players: int) -> tuple[str, ...]:
    """The name of every seat; seat 0 is the person at the page."""
    return SEAT_NAMES[players]


def their(seat: int) -> str:
    """The possessive for a seat: "your" for the person, "their" otherwise."""
    return "your" if seat == HUMAN else "their"


def possessive(name: str) -> str:
    """ "West's", "your"."""
    return "your" if name == "You" else f"{name}'s"


def card_name(card: Card) -> str:
    """A card as it is read aloud, value first: "4 over 9"."""
    return f"{card.value} over {card.other}"


def values_text(values: Sequence[int]) -> str:
    """Values as shown on the table: "4-5-6"."""
    return "-".join(str(v) for v in values)


def combo_name(values: Sequence[int]) -> str:
    """ "a single 7", "the pair 5-5", "the run 4-5-6", "the set 3-3-3"."""
    if len(values) == 1:
        return f"a single {values[0]}"
    if strength(values) == NOTHING:
        return values_text(values)
    if values[0] == values[1]:
        return ("the pair " if len(values) == 2 else "the set ") + values_text(values)
    return "the run " + values_text(values)


def cards_count(n: int) -> str:
    """ "1 card", "3 cards"."""
    return f"{n} card" if n == 1 else f"{n} cards"


def event_line(event: Event, names: Sequence[str]) -> str:
    """One public event as a sentence: "East showed 4-5-6 and captured 2 cards"."""
    name = names[event.seat]
    if event.action in ("keep", "rotate"):
        verb = "kept" if event.action == "keep" else "rotated"
        return f"{name} {verb} {their(event.seat)} hand"
    captured = f" and captured {cards_count(event.captured)}" if event.captured else ""
    shown = values_text([c.value for c in event.shown])
    if event.action == "show":
        return f"{name} showed {shown}{captured}"
    scout = f"{name} scouted {event.scouted} from the {event.end} end"
    if event.action == "scout":
        return scout
    return f"{scout}, then showed {shown}{captured} (Scout & Show)"


def end_line(game: Game, round_no: int, names: Sequence[str]) -> str:
    """Why a round ended, as a sentence."""
    result = game.round_results[round_no - 1]
    events = [e for e in game.log if e.round == round_no and e.action != "keep"]
    # The seat the reason is about: the last shower (hand emptied, all scouted) or the owner.
    shower = next(
        (e.seat for e in reversed(events) if e.action in ("show", "scout_show")), result.exempt
    )
    seat = shower if result.reason == "hand_emptied" else result.exempt
    if seat is None:
        seat = HUMAN
    if result.reason == "blocked":
        seat = (seat + 1) % game.players
    name = names[seat]
    text = REASONS[result.reason].format(name=name, their=their(seat), name_pos=possessive(name))
    return f"Round {round_no} over: {text}."


def log_lines(game: Game, names: Sequence[str]) -> list[tuple[int, str]]:
    """The whole public history as (round, sentence), with the round ends in place."""
    lines: list[tuple[int, str]] = []
    current = 0
    finished = len(game.round_results)
    for event in game.log:
        while event.round > current:
            if 0 < current <= finished:
                lines.append((current, end_line(game, current, names)))
            current += 1
            lines.append((current, f"Round {current} of {game.rounds}"))
        lines.append((event.round, event_line(event, names)))
    while current < game.round:
        if 0 < current <= finished:
            lines.append((current, end_line(game, current, names)))
        current += 1
        lines.append((current, f"Round {current} of {game.rounds}"))
    if finished >= current > 0:
        lines.append((current, end_line(game, current, names)))
    return lines


def verdict(totals: Sequence[int], winners: Sequence[int], names: Sequence[str]) -> str:
    """The final word on a game; tied leaders share the victory (R16)."""
    best = max(totals)
    named = [names[s] for s in winners]
    if list(winners) == [HUMAN]:
        return f"You win with {best} points!"
    if HUMAN in winners:
        others = " and ".join(n for n in named if n != "You")
        return f"You share the victory with {others} at {best} points!"
    if len(winners) == 1:
        return f"{named[0]} wins with {best} points."
    return f"{' and '.join(named)} share the victory with {best} points."
