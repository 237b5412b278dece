"""Words for people: seat names, card names, combination names, log lines, end reasons."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple

from scout_core import Card, Event, Game, rules
from scout_core.game import RoundResult
from scout_core.gamefile import GameFileError
from scout_core.rules import Reason

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


NAME_LENGTH = 20
"""Characters of a typed name that are kept: enough for a name, short enough for a seat."""


def seat_names(players: int) -> tuple[str, ...]:
    """The name of every seat; seat 0 is the person at the page."""
    return SEAT_NAMES[players]


def person_name(typed: str, seat: int) -> str:
    """A name as a person typed it, made fit for the table: spaces and control characters
    trimmed, at most :data:`NAME_LENGTH` characters; nothing typed gives "Player N"."""
    kept = " ".join("".join(c for c in typed if c.isprintable()).split())
    if len(kept) > NAME_LENGTH:
        kept = kept[: NAME_LENGTH - 1].rstrip() + "…"
    return kept or f"Player {seat + 1}"


def table_names(players: int, people: Sequence[int], typed: Sequence[str]) -> tuple[str, ...]:
    """Every seat's name. Alone at the device the person is "You"; with friends, every person
    goes by their own name (told apart when two type the same) and the AI players by seat."""
    names = list(seat_names(players))
    if len(people) == 1:
        return tuple(names)
    taken = {"you"}  # "You" is the one person of a solo game
    for seat in people:
        name = person_name(typed[seat] if seat < len(typed) else "", seat)
        base, n = name, 2
        while name.casefold() in taken or name in names[1:]:
            name, n = f"{base} {n}", n + 1
        taken.add(name.casefold())
        names[seat] = name
    return tuple(names)


def their(name: str) -> str:
    """The possessive for a seat: "your" for the person ("You"), "their" otherwise."""
    return "your" if name == "You" else "their"


def hand_owner(name: str) -> str:
    """The heading of a hand: "Your hand"; with friends, "Your hand, Mei"."""
    return "Your hand" if name == "You" else f"Your hand, {name}"


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
    """ "a single 7", "the pair 5-5", "the run 4-5-6", "the set 3-3-3" (the engine's
    :func:`~scout_core.rules.combo_name`, in words)."""
    name = rules.combo_name(values)
    text = values_text(name.values)
    if name.kind == "single":
        return f"a single {name.lowest}"
    if name.kind == "set":
        return ("the pair " if name.count == 2 else "the set ") + text
    if name.kind == "run":
        return "the run " + text
    return text


def needs(reason: Reason) -> str:
    """What beats the table, from a ``does_not_beat`` reason (R8)."""
    count, kind, higher = reason.fact("count"), reason.fact("kind"), reason.fact("higher")
    more = f"{count + 1} cards" if isinstance(count, int) else "more cards"
    if kind == "set":
        what = "a higher single" if count == 1 else f"a higher set of {count}"
        return f"needs {more} or {what}" if higher else f"needs {more}"
    if higher:
        return f"needs {more}, a set of {count}, or a higher run of {count}"
    return f"needs {more} or a set of {count}"


def reason_text(reason: Reason) -> str:
    """Why the picked cards (or a move) are not allowed, as a sentence for the player."""
    code = reason.code
    if code == "no_cards":
        return "No cards selected."
    if code == "not_adjacent":
        return "Not adjacent: a show is cards side by side in your hand."
    if code == "not_a_combo":
        return f"{values_text(_ints(reason.fact('values')))} is not a set or run."
    if code == "does_not_beat":
        table = values_text(_ints(reason.fact("table")))
        return f"Does not beat {table}: {needs(reason)}."
    if code == "no_follow_up":
        return "No show would beat what is left after this scout."
    text = str(reason)
    return text[:1].upper() + text[1:] + "."


def _ints(fact: object) -> tuple[int, ...]:
    return fact if isinstance(fact, tuple) else ()


def show_note(values: Sequence[int], table: Sequence[int]) -> str:
    """What a legal show of ``values`` does over ``table``."""
    name = combo_name(values)
    if not table:
        return f"{name[:1].upper()}{name[1:]}: the table is empty, any show is allowed."
    return (
        f"{name[:1].upper()}{name[1:]} beats {values_text(table)}"
        f" and captures {cards_count(len(table))}."
    )


def signed(n: int) -> str:
    """A score with its sign, the minus being a true minus sign (U+2212): "+3", "0"."""
    return f"+{n}" if n > 0 else ("0" if n == 0 else f"\u2212{-n}")


def minus(n: int) -> str:
    """A number with a true minus sign (U+2212) when negative, no sign otherwise."""
    return f"\u2212{-n}" if n < 0 else str(n)


def cards_count(n: int) -> str:
    """ "1 card", "3 cards"."""
    return f"{n} card" if n == 1 else f"{n} cards"


def event_line(event: Event, names: Sequence[str]) -> str:
    """One public event as a sentence: "East showed 4-5-6 and captured 2 cards"."""
    name = names[event.seat]
    if event.action in ("keep", "rotate"):
        verb = "kept" if event.action == "keep" else "rotated"
        return f"{name} {verb} {their(name)} hand"
    captured = f" and captured {cards_count(event.captured)}" if event.captured else ""
    shown = values_text([c.value for c in event.shown])
    if event.action == "show":
        return f"{name} showed {shown}{captured}"
    scout = f"{name} scouted {event.scouted} from the {event.end} end"
    if event.action == "scout":
        return scout
    return f"{scout}, then showed {shown}{captured} (Scout & Show)"


UNDO_REFUSALS = {
    "nothing": "There is no move of yours to take back.",
    "answered": "Too late to take back: the next player has already answered your move.",
    "round": "Your move ended the round, so it stands.",
}


def undo_refusal(why: str) -> str:
    """Why Undo did nothing."""
    return UNDO_REFUSALS.get(why, UNDO_REFUSALS["nothing"])


def round_end_warning(
    result: RoundResult, names: Sequence[str], what: str, viewer: int = HUMAN
) -> str:
    """What a move (``what``: "scout", "show") that would end the round costs or brings to
    the person deciding (``viewer``)."""
    you = result.breakdown[viewer]
    parts = f"+{you.captured} captured, +{you.chips} chips"
    if you.hand and not you.exempt:
        parts += f", \u2212{you.hand} for your cards in hand"
    text = f"This {what} ends the round."
    if result.exempt is not None and result.exempt != viewer:
        name = names[result.exempt]
        text += f" {name} keeps the table and pays nothing for {their(name)} hand."
    elif result.exempt == viewer:
        text += " Your show stands and you pay nothing for your hand."
    return f"{text} You would score {signed(result.scores[viewer])} this round ({parts})."


def show_choice(values: Sequence[int], start: int, stop: int) -> str:
    """A legal show named by its cards and their place in the hand: "4-5 (cards 2 to 3)",
    with an en dash between the places."""
    where = f"card {start + 1}" if stop - start == 1 else f"cards {start + 1}\u2013{stop}"
    return f"{values_text(values)} ({where})"


def hint_line(move_text: str, reason: str) -> str:
    """A hint, said once: the move, why, and what to do."""
    return f"Hint: {move_text} — {reason}. Confirm to play it, or choose something else."


def recent_title(after_mine: bool) -> str:
    """The heading of the other players' moves kept on the table for the person."""
    return "Since your last move" if after_mine else "This round so far"


def end_line(game: Game, round_no: int, names: Sequence[str]) -> str:
    """Why a round ended, as a sentence."""
    result = game.round_results[round_no - 1]
    # The seat the reason is about: who emptied their hand, whose show nobody beat, or who
    # could neither beat the table nor scout.
    seat = result.stuck if result.stuck is not None else result.owner
    name = names[seat]
    text = REASONS[result.reason].format(name=name, their=their(name), name_pos=possessive(name))
    return f"Round {round_no} over: {text}."


class LogLine(NamedTuple):
    """One line of the game log, as data: a round's heading, a public event, or a round's end."""

    kind: Literal["round", "event", "end"]
    round: int
    event: Event | None = None
    number: int = -1
    """An event's place in the game's public log (0-based)."""


def log_lines(game: Game) -> list[LogLine]:
    """The whole public history, with each round's heading and end in place."""
    lines: list[LogLine] = []
    finished = len(game.round_results)
    by_round: dict[int, list[tuple[int, Event]]] = {}
    for number, event in enumerate(game.log):
        by_round.setdefault(event.round, []).append((number, event))
    for round_no in range(1, game.round + 1):
        lines.append(LogLine("round", round_no))
        lines += [LogLine("event", round_no, e, n) for n, e in by_round.get(round_no, ())]
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
    best = minus(max(totals))
    named = [names[s] for s in winners]
    if named == ["You"]:
        return f"You win with {best} points!"
    if "You" in named:
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


# -- the replay and the analysis --------------------------------------------------------------


def step_line(before: Game, after: Game, seat: int, names: Sequence[str]) -> str:
    """What the move from ``before`` to ``after`` was, all hands being shown in a replay."""
    new = after.log[len(before.log) :]
    mine = [e for e in new if e.seat == seat]
    if mine and mine[-1].action not in ("keep", "rotate"):
        return event_line(mine[-1], names)
    rotated = after.position.choices[seat] if after.round == before.round else None
    if rotated is None and mine:
        rotated = mine[-1].action == "rotate"
    verb = "rotated" if rotated else "kept"
    return f"{names[seat]} {verb} {their(names[seat])} hand"


def knowledge_line(known: dict[str, object], names: Sequence[str]) -> str:
    """A plain statement of what a seat knew when it chose (``scout_core.review.known_to``)."""
    seat = known["seat"]
    assert isinstance(seat, int)
    hand, held, unseen = known["hand"], known["held"], known["unseen"]
    assert isinstance(hand, list) and isinstance(held, list)
    parts = [f"its own hand ({' '.join(map(str, hand))})"]
    log = known["log"]
    count = len(log) if isinstance(log, list) else 0
    parts.append(f"the public record of this round ({count} move{'' if count == 1 else 's'})")
    scouted = [
        f"{names[s]} held {' '.join(cards)}" for s, cards in enumerate(held) if cards and s != seat
    ]
    if scouted:
        parts.append("the cards scouted and not shown since (" + "; ".join(scouted) + ")")
    return (
        f"{names[seat]} knew only {', '.join(parts)}. The other {unseen} cards in the players'"
        " hands it could not see."
    )


def points(value: float) -> str:
    """An estimate in points, signed with a plus or a true minus sign: "+1.5"."""
    text = f"{value:+.1f}"
    return text.replace("-", "\u2212")
