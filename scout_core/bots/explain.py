"""One-line reasons for moves, in a player's words, and the hint for the human player.

:func:`why` gives the reason as data (a code and its facts), for a client to word in any
language; :func:`explain` words it in English.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from ..cards import Card, rotated
from ..combos import describe, strength
from ..moves import Move, Orient, Scout, ScoutShow, Show
from ..observation import Observation
from ..rules import take_end
from .handeval import best_cut
from .policy import longest_through


def _values(cards: tuple[Card, ...] | list[Card]) -> list[int]:
    return [c.value for c in cards]


def _shows_needed(values: list[int]) -> int:
    return len(best_cut(values))


def _scouted(
    observation: Observation, scout: Scout
) -> tuple[list[int], int, int, tuple[Card, ...]]:
    """The hand's values after ``scout``, where the card went, its value, and the table left."""
    card, rest = take_end(observation.table, scout.end)
    x = card.other if scout.flip else card.value
    values = _values(observation.hand)
    k = scout.insert_at
    return [*values[:k], x, *values[k:]], k, x, rest


@dataclass(frozen=True)
class Why:
    """Why a move makes sense, as data. ``code`` is one of

    - ``keep_even`` / ``rotate_even`` (``shows``: as many shows either way, the chosen way's
      sets and runs stronger), ``keep`` / ``rotate`` (``kept``, ``turned``: shows needed);
    - ``show`` and ``scout_show`` (``x`` for the card scouted), with ``shown`` (values),
      ``left`` (cards left in hand), ``beaten`` (the table's values, empty when it opens)
      and ``captured``;
    - ``scout`` (``x``; ``how``: ``extend`` with ``before`` and ``made``, ``bridge`` with
      ``low``, ``high`` and ``made``, ``make`` with ``made``, or ``nothing``; ``costs_chip``
      with two players).
    """

    code: str
    facts: tuple[tuple[str, object], ...] = ()

    def fact(self, name: str) -> object:
        """One fact, or None."""
        return dict(self.facts).get(name)

    def number(self, name: str) -> int:
        """A fact that is a number (0 when absent)."""
        value = self.fact(name)
        return value if isinstance(value, int) else 0

    def values(self, name: str) -> list[int]:
        """A fact that is card values (none when absent)."""
        value = self.fact(name)
        return [v for v in value if isinstance(v, int)] if isinstance(value, tuple) else []


def _show_facts(shown: list[int], left: int, table: tuple[Card, ...]) -> dict[str, object]:
    beaten = tuple(_values(table))
    return {"shown": tuple(shown), "left": left, "beaten": beaten, "captured": len(table)}


def why(observation: Observation, move: Move) -> Why:
    """Why ``move`` makes sense for the seat of ``observation``, as data."""
    if isinstance(move, Orient):
        kept = _shows_needed(_values(observation.hand))
        turned = _shows_needed(_values(rotated(observation.hand)))
        way = "rotate" if move.rotate else "keep"
        if kept == turned:
            return Why(f"{way}_even", (("shows", kept),))
        return Why(way, (("kept", kept), ("turned", turned)))
    values = _values(observation.hand)
    if isinstance(move, Show):
        shown = values[move.start : move.stop]
        facts = _show_facts(shown, len(values) - len(shown), observation.table)
        return Why("show", tuple(facts.items()))
    scout = move if isinstance(move, Scout) else move.scout
    after, k, x, rest = _scouted(observation, scout)
    if isinstance(move, ScoutShow):
        shown = after[move.show.start : move.show.stop]
        facts = {"x": x, **_show_facts(shown, len(after) - len(shown), rest)}
        return Why("scout_show", tuple(facts.items()))
    found: dict[str, object] = {"x": x, "how": "nothing"}
    joined = [c for c in longest_through(after, k) if c[1] - c[0] > 1]
    if joined:
        start, stop, _ = max(joined, key=lambda c: (c[1] - c[0], c[2]))
        before = [v for i, v in enumerate(after[start:stop]) if start + i != k]
        made = tuple(after[start:stop])
        if len(before) >= 2 and strength(before) > 0:
            found = {"x": x, "how": "extend", "before": tuple(before), "made": made}
        elif len(before) >= 2:
            found = {"x": x, "how": "bridge", "low": before[0], "high": before[-1], "made": made}
        else:
            found = {"x": x, "how": "make", "made": made}
    found["costs_chip"] = observation.players == 2
    return Why("scout", tuple(found.items()))


def _cards(n: int) -> str:
    return f"{n} card{'s' * (n != 1)}"


def _show_words(reason: Why) -> str:
    what, left = describe(reason.values("shown")), reason.number("left")
    beaten = reason.values("beaten")
    if left == 0:
        return f"{what}: empties your hand and ends the round"
    if not beaten:
        return f"{what} to open, leaving {_cards(left)}"
    captured = _cards(reason.number("captured"))
    return f"{what}: beats the {describe(beaten)} and captures {captured}"


def explain(observation: Observation, move: Move) -> str:
    """Why ``move`` makes sense for the seat of ``observation``, in one line of English."""
    reason = why(observation, move)
    code, fact = reason.code, reason.fact
    if code in ("keep_even", "rotate_even"):
        verb, way = ("Rotate", "rotated") if code == "rotate_even" else ("Keep", "as dealt")
        return (
            f"{verb} your hand: {fact('shows')} shows either way, "
            f"and its sets and runs are stronger {way}"
        )
    if code == "rotate":
        turned, kept = fact("turned"), fact("kept")
        return f"Rotate your hand: it then splits into {turned} shows instead of {kept}"
    if code == "keep":
        return f"Keep your hand: it splits into {fact('kept')} shows (rotated: {fact('turned')})"
    if code == "show":
        return "Show " + _show_words(reason)
    if code == "scout_show":
        return f"Scout & Show: take the {fact('x')} and show " + _show_words(reason)
    how = fact("how")
    if how == "extend":
        made = describe(reason.values("made"))
        text = f"to extend your {describe(reason.values('before'))} into a {made}"
    elif how == "bridge":
        made = describe(reason.values("made"))
        text = f"to bridge your {fact('low')} and {fact('high')} into a {made}"
    elif how == "make":
        text = f"to make a {describe(reason.values('made'))}"
    else:
        text = "because nothing in your hand beats the table worth breaking up"
    cost = " (it costs one of your chips)" if fact("costs_chip") else ""
    return f"Scout the {fact('x')} {text}{cost}"


def hint(observation: Observation, rng: random.Random) -> tuple[Move, str]:
    """The strongest player's move for this seat, with its reason."""
    result: tuple[Move, str] | None = None
    for step in think_hint(observation, rng):
        if step is not None:
            result = step
    assert result is not None
    return result


def think_hint(observation: Observation, rng: random.Random) -> Iterator[tuple[Move, str] | None]:
    """:func:`hint` in slices: None after each slice of work, then the move and its reason."""
    from . import levels, make  # noqa: PLC0415 - the registry imports this module

    move: Move | None = None
    for step in make(levels()[-1]).think(observation, rng):
        if step is None:
            yield None
        else:
            move = step
    assert move is not None
    yield move, explain(observation, move)
