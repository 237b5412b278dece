"""Cards (R1) and the deck for each player count (R3).

A card is a pair of different numbers 1-10; the one on top is its value. There are 90 oriented
cards in all, each an interned, immutable :class:`Card`, so hands are cheap tuples of shared
objects and a card compares equal to itself in either spelling.
"""

from __future__ import annotations

import random
from typing import Final

LOWEST: Final = 1
HIGHEST: Final = 10


class Card:
    """One card as it lies: ``value`` on top, ``other`` hidden below (``3/7``)."""

    __slots__ = ("other", "value")

    value: int
    other: int

    def __new__(cls, value: int, other: int) -> Card:
        try:
            return _ORIENTED[value][other]
        except (IndexError, KeyError, TypeError):
            pass
        raise ValueError(f"no such card: {value!r}/{other!r} (two different numbers 1-10)")

    @classmethod
    def _make(cls, value: int, other: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "value", value)
        object.__setattr__(card, "other", other)
        return card

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read the ``value/other`` form, e.g. ``Card.parse("3/7")``."""
        top, sep, bottom = text.strip().partition("/")
        if not sep or not top.isdigit() or not bottom.isdigit():
            raise ValueError(f"not a card: {text!r} (expected value/other, like 3/7)")
        return cls(int(top), int(bottom))

    def flipped(self) -> Card:
        """The same card turned upside down (``3/7`` -> ``7/3``)."""
        return _ORIENTED[self.other][self.value]

    @property
    def pair(self) -> tuple[int, int]:
        """The card's identity whichever way up it lies: its two numbers, smaller first."""
        return (self.value, self.other) if self.value < self.other else (self.other, self.value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, int]]:
        return (Card, (self.value, self.other))

    def __str__(self) -> str:
        return f"{self.value}/{self.other}"

    def __repr__(self) -> str:
        return f"Card('{self.value}/{self.other}')"


# _ORIENTED[value][other]; row 0 and the diagonal stay empty so bad numbers raise.
_ORIENTED: Final[list[dict[int, Card]]] = [{} for _ in range(HIGHEST + 1)]
for _a in range(LOWEST, HIGHEST + 1):
    for _b in range(LOWEST, HIGHEST + 1):
        if _a != _b:
            _ORIENTED[_a][_b] = Card._make(_a, _b)

FULL_DECK: Final[tuple[Card, ...]] = tuple(
    _ORIENTED[a][b] for a in range(LOWEST, HIGHEST + 1) for b in range(a + 1, HIGHEST + 1)
)
"""All 45 cards, smaller number on top, in a fixed order (R1)."""


def deck_for(players: int) -> tuple[Card, ...]:
    """The cards used with ``players`` players (R3), smaller number on top."""
    if players == 3:
        return tuple(c for c in FULL_DECK if HIGHEST not in c.pair)
    if players in (2, 4):
        return tuple(c for c in FULL_DECK if c.pair != (9, 10))
    if players == 5:
        return FULL_DECK
    raise ValueError(f"SCOUT is played by 2 to 5 players, not {players!r}")


def highest_value(players: int) -> int:
    """The highest value in the deck of ``players`` players: 9 with three (R3), else 10."""
    # Asked on every move's legality check: looked up, not worked out from the deck.
    highest = _HIGHEST_VALUE.get(players)
    if highest is None:
        deck_for(players)  # raises for a player count that has no deck
        raise AssertionError(players)
    return highest


_HIGHEST_VALUE: Final[dict[int, int]] = {p: max(c.other for c in deck_for(p)) for p in range(2, 6)}


def shuffled(cards: tuple[Card, ...], rng: random.Random) -> tuple[Card, ...]:
    """The cards in a random order, each randomly turned (R2)."""
    order = list(cards)
    rng.shuffle(order)
    return tuple(c.flipped() if rng.random() < 0.5 else c for c in order)


def rotated(hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """The hand turned 180 degrees: order reversed and every card flipped (R6)."""
    return tuple(c.flipped() for c in reversed(hand))


def format_cards(cards: tuple[Card, ...] | list[Card]) -> str:
    """Cards in their text form, separated by spaces."""
    return " ".join(map(str, cards))


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards from their text form, separated by white space."""
    return tuple(Card.parse(part) for part in text.split())
