"""Words for people: seat names, card names, combination names, log lines, end reasons."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple

from scout_core import Card, Event, Game
from scout_core.combos import NOTHING, strength
from scout_core.gamefile import GameFileError

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


class LogLine(NamedTuple):
    """One line of the game log, as data: a round's heading, a public event, or a round's end."""

    kind: Literal["round", "event", "end"]
    round: int
    event: Event | None = None


def log_lines(game: Game) -> list[LogLine]:
    """The whole public history, with each round's heading and end in place."""
    lines: list[LogLine] = []
    finished = len(game.round_results)
    by_round: dict[int, list[Event]] = {}
    for event in game.log:
        by_round.setdefault(event.round, []).append(event)
    for round_no in range(1, game.round + 1):
        lines.append(LogLine("round", round_no))
        lines += [LogLine("event", round_no, e) for e in by_round.get(round_no, ())]
        if round_no <= finished:
            lines.append(LogLine("end", round_no))
    return lines


def line_text(line: LogLine, game: Game, names: Sequence[str]) -> str:
    """A log line in words."""
    if line.kind == "round":
        return f"Round {line.round} of {game.rounds}"
    if line.kind == "end":
        return end_line(game, line.round, names)
    assert line.event is not None
    return event_line(line.event, names)


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


def file_problem(error: GameFileError, what: str) -> str:
    """Why a save or a game file (``what``: "saved game", "game file") cannot be used."""
    the = f"The {what}"
    if error.code == "not_json":
        return f"{the} is damaged: it is not readable data."
    if error.code == "not_a_game":
        return f"{the} is not a SCOUT game."
    if error.code == "newer":
        return (
            f"{the} comes from a newer version of this page (format {error.schema}):"
            " reload the page to get that version."
        )
    if error.code == "unknown_schema":
        return f"{the} comes from another version of this page, which this page cannot read."
    if error.code == "other_rules":
        return f"{the} was played with other rules and cannot be continued here."
    if error.code == "checksum":
        return f"{the} was changed or damaged: its content does not match its checksum."
    if error.code == "illegal_move":
        return f"{the} is damaged: move {error.number} ({error.move}) is not legal."
    return f"{the} is damaged: {error.key or 'a part of it'} is not readable."
