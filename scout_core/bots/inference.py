"""What the public record says about the hands, beyond which cards are where.

A seat that scouts (with three or more players) seldom could have beaten the active set: a
player who can show mostly does, and scouts to build a hand when it cannot. Counted over
three-player games: where the seat to move could beat the table, ``normal`` made a plain
scout in none of 4,446 turns (150 games), ``hard`` in 15-17% of 158 turns (5 games); where it
could not and had no Scout & Show chip left, both always scouted.

So every plain scout since a seat's last show is a fact about its hand then: that hand -- the
cards it holds now, less those it scouted since -- held no show stronger than the table it
scouted from. :class:`Evidence` collects those facts from an observation; a re-deal that
breaks one is kept only with a small chance (:data:`BROKEN_FACT`), so the deals searched
look like the hands the table has been playing, not like random ones.

With two players a scout costs a chip and the scout moves again, often to show better right
away, so nothing is read from it.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from ..cards import Card
from ..combos import best_strength, strength
from ..observation import Observation
from ..position import Position
from .determinize import Knowledge

BROKEN_FACT = 0.15
"""Chance of keeping a re-deal for each fact it breaks: a player may scout on purpose (about
as often as ``hard`` does)."""
TRIES = 30
"""Re-deals drawn at most for one sample; then the one that breaks the fewest facts is kept."""


class Fact(NamedTuple):
    """``seat`` held no show stronger than ``to_beat`` when it held its hand of now less the
    cards ``since`` (the pairs it scouted from then on)."""

    seat: int
    to_beat: int
    since: frozenset[tuple[int, int]]


class Evidence:
    """The facts one observation's round log gives about the other seats' hands."""

    def __init__(self, observation: Observation | None) -> None:
        o = observation
        facts: list[Fact] = []
        if o is not None and o.players > 2:
            table: tuple[Card, ...] = ()
            # Per seat: the strength it scouted from and the pairs scouted since its last show.
            pending: dict[int, list[tuple[int, tuple[int, int]]]] = {}
            for event in o.round_log():
                if event.action == "scout" and event.scouted is not None and table:
                    to_beat = strength([c.value for c in table])
                    pending.setdefault(event.seat, []).append((to_beat, event.scouted.pair))
                    table = table[1:] if event.end == "left" else table[:-1]
                elif event.shown:
                    pending.pop(event.seat, None)
                    table = event.shown
            for seat, scouts in pending.items():
                if seat == o.seat:
                    continue
                for k, (to_beat, _) in enumerate(scouts):
                    since = frozenset(pair for _, pair in scouts[k:])
                    facts.append(Fact(seat, to_beat, since))
        self.facts: tuple[Fact, ...] = tuple(facts)

    def broken(self, world: Position) -> int:
        """How many facts the re-deal ``world`` breaks."""
        count = 0
        for seat, to_beat, since in self.facts:
            values = [c.value for c in world.hands[seat] if c.pair not in since]
            if best_strength(values) > to_beat:
                count += 1
        return count


NO_EVIDENCE = Evidence(None)
"""No facts: re-deals are drawn as :class:`~scout_core.bots.determinize.Knowledge` draws them."""


def sample(knowledge: Knowledge, evidence: Evidence, rng: random.Random) -> tuple[Position, int]:
    """A re-deal, drawn so that deals breaking facts are rare (see the module documentation),
    and how many deals were drawn to find it."""
    if not evidence.facts:
        return knowledge.sample(rng), 1
    best: Position | None = None
    fewest = len(evidence.facts) + 1
    for tries in range(1, TRIES + 1):
        world = knowledge.sample(rng)
        broken = evidence.broken(world)
        if broken == 0 or rng.random() < BROKEN_FACT**broken:
            return world, tries
        if broken < fewest:
            best, fewest = world, broken
    assert best is not None
    return best, TRIES
