"""Re-dealing what a seat cannot see, consistently with everything it has seen (R17).

:class:`Knowledge` reads an observation's public log for the current round: which cards have
been shown (they are on the table, captured, or were scouted back into a hand), and which
cards each seat is known to hold because it scouted them and has not shown them since.
:meth:`Knowledge.sample` then deals the remaining unseen cards to the other seats, exactly
filling their hand sizes, and places each known scouted card in its holder's hand where it
fits best, as a player who scouted it for a reason would have put it. Unseen hands are also
kept or rotated whichever way reads better, as their owners chose before the round.
:class:`KeptHands` leans those re-deals towards the richer hands of seats that have shown.
"""

from __future__ import annotations

import math
import random

from ..cards import Card, deck_for, rotated
from ..observation import Observation
from ..position import Position
from .handeval import hand_value, hand_value_sharing

Pair = tuple[int, int]


class Knowledge:
    """Where every card of the round may be, from one seat's point of view."""

    def __init__(self, observation: Observation) -> None:
        o = observation
        self.observation = o
        players = o.players
        known: list[list[Card]] = [[] for _ in range(players)]
        seen: set[Pair] = set()
        for event in o.round_log():
            holding = known[event.seat]
            if event.scouted is not None:
                holding.append(event.scouted)
            for card in event.shown:
                seen.add(card.pair)
                for i, held in enumerate(holding):
                    if held.pair == card.pair:
                        del holding[i]
                        break
        mine = {c.pair for c in o.hand}
        universe = [c for c in deck_for(players) if c.pair not in mine and c.pair not in seen]
        if players == 2 and o.round % 2 == 0:
            # The second of a pair of rounds deals the cards set aside the round before, so
            # nothing seen in that round can be here.
            earlier = {c.pair for e in o.log if e.round == o.round - 1 for c in e.shown}
            earlier |= {e.scouted.pair for e in o.log if e.round == o.round - 1 and e.scouted}
            universe = [c for c in universe if c.pair not in earlier]
        self.known: list[list[Card]] = known
        known[o.seat] = []
        self.unseen: list[Card] = universe
        """Cards that may be in another seat's hand (or, with two players, set aside)."""
        self.missing: list[int] = [
            0 if s == o.seat else max(0, o.hand_sizes[s] - len(known[s])) for s in range(players)
        ]
        """How many unseen cards each seat holds."""

    def sample(self, rng: random.Random) -> Position:
        """A full position the observer cannot tell from the real one."""
        o = self.observation
        pool = list(self.unseen)
        rng.shuffle(pool)
        hands: list[tuple[Card, ...]] = []
        taken = 0
        for seat in range(o.players):
            if seat == o.seat:
                hands.append(o.hand)
                continue
            count = self.missing[seat]
            dealt = pool[taken : taken + count]
            cards = tuple(c.flipped() if rng.random() < 0.5 else c for c in dealt)
            taken += count
            back = rotated(cards)
            if hand_value([c.value for c in back]) > hand_value([c.value for c in cards]):
                cards = back
            for card in self.known[seat]:
                cards = _insert_best(cards, card)
            hands.append(cards)
        return Position(
            players=o.players,
            phase="orient" if o.phase == "orient" else "play",
            starter=o.starter,
            to_move=o.to_move if o.to_move is not None else o.seat,
            hands=tuple(hands),
            table=o.table,
            owner=o.owner,
            scouts_in_row=o.scouts_in_row,
            captured=o.captured,
            chips=o.chips,
            scout_show=o.scout_show,
        )


def _insert_best(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``hand`` with ``card`` put where, and which way up, it makes the best hand."""
    values = tuple(c.value for c in hand)
    best = hand
    best_value = -1e9
    prefixes: list[float] = []  # every row below begins like the hand: they share its prefixes
    for face in (card, card.flipped()):
        x = face.value
        for k in range(len(hand) + 1):
            worth = hand_value_sharing((*values[:k], x, *values[k:]), k, values, prefixes)
            if worth > best_value:
                best_value = worth
                best = (*hand[:k], face, *hand[k:])
    return best


KEPT_DRAWS = 6
"""Plain re-deals drawn for each one :class:`KeptHands` keeps."""
KEPT_SHOWS = 3
"""Shows counted at most when weighing a seat's hand."""


def shows_made(observation: Observation) -> list[int]:
    """The shows each seat has made this round."""
    shows = [0] * observation.players
    for event in observation.round_log():
        if event.shown:
            shows[event.seat] += 1
    return shows


class KeptHands:
    """Re-deals weighted towards the hands players keep.

    A player shows its weak cards and keeps its sets and runs, so the hand of a seat that has
    shown is richer than a random one of its size (``tools/kept_hands.py`` measures by how
    much). Of :data:`KEPT_DRAWS` plain re-deals, one is kept with a chance proportional to
    ``exp(weight * sum(min(shows, KEPT_SHOWS) * hand_value))`` over the other seats
    (sampling-importance-resampling); before anyone has shown, a plain re-deal.
    """

    def __init__(self, knowledge: Knowledge, weight: float) -> None:
        self.knowledge = knowledge
        o = knowledge.observation
        self.tilts = [
            0.0 if s == o.seat else weight * min(n, KEPT_SHOWS) for s, n in enumerate(shows_made(o))
        ]

    def sample(self, rng: random.Random) -> Position:
        """One re-deal, the richer hands of seats that have shown the likelier."""
        tilts = self.tilts
        if not any(tilts):
            return self.knowledge.sample(rng)
        worlds = [self.knowledge.sample(rng) for _ in range(KEPT_DRAWS)]
        logs = [
            sum(t * hand_value([c.value for c in w.hands[s]]) for s, t in enumerate(tilts) if t)
            for w in worlds
        ]
        top = max(logs)
        return rng.choices(worlds, [math.exp(x - top) for x in logs])[0]
