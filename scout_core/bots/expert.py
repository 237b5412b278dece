"""The ``expert`` player: determinized search paid for in simulated moves.

Like ``hard`` (:mod:`~scout_core.bots.search`) it re-deals the unseen cards, tries the
best-priced moves on the same deals, finishes each round with the fast player and halves the
field after each batch, and plays its last round for first place in the game and the others
for their margin (:mod:`~scout_core.bots.worth`). Two things differ:

- The budget is counted in simulated moves, not in rollouts. A rollout from the first turn of
  a five-player round plays about 26 moves, one near its end two or three, so a fixed number of
  rollouts makes early decisions slow and late ones shallow. A fixed number of moves costs
  about the same time everywhere, and buys many more deals near the end of a round, where
  the close calls are.
- No two candidates are moves the pricing cannot tell apart. A scouted card that joins nothing
  prices the same at every spot of the hand, so the best-priced moves were often one scout
  at eight spots; one spot is tried, and the next distinct move takes the others' places.

With ``play_to_win`` every round is played for the game: a rollout's end is scored by the
seat's standing against its strongest rival, softened by the rounds still to come. ``expert``
played so until December 2026; the margin scored more over whole two-, three- and four-player
games (docs/strength.md).

Deals are drawn from what is public alone. Reading a plain scout as "that seat could not beat
the table" fails against searching players, who scout on purpose: ``hard`` scouted in 15-17% of
the turns where it could have beaten the table, and the real hands broke such a fact in 12 of
22 decisions that had one. Filtering deals by those facts did not win more either: on the
same 40 one-round three-player games against two ``hard-2026-11``, 33.8% with the filter and
37.5% without (mean score difference +1.56 and +2.61).

At three players and more it also reads the table more as players hold it (:class:`Reading`):
its re-deals lean towards the richer hands of seats that have shown (:class:`KeptHands`), and
its pricing, in the candidates and in every seat of the rollouts, expects a set to be beaten
more often than random hands would. Against ``hard-2026-11``, paired game by game on 200
one-round games, that gained +0.70 +- 1.29 and +1.28 +- 1.20 points a game at four players
(two seeds, the first with a larger budget) and +1.24 +- 0.80 at five, at about a quarter more
time a decision. At three players it spends 3,000 simulated moves instead of 4,000, so that a
decision takes no longer than a plain one: +0.70 +- 0.68 over 800 games (four seeds). At two
players it gained nothing measurable and stays plain.

With ``trees`` its rollouts begin in a tree of the replies at the table sizes named
(:mod:`~scout_core.bots.replies`). ``expert`` grows one at two players only: there it gained
+0.74 +- 0.57 points a game over 1,000 whole games (five seeds), at about a tenth more time a
decision; at three and four players it gained nothing, and at five it did worse (100 whole
games: -2.20 +- 2.45 points a game, -10.5 +- 10.4 points of win share). With ``steps`` a
table size has a budget of its own: at two players ``expert`` simulates 6,000 moves a
decision instead of 4,000, which with the tree gained +0.86 +- 0.59 points a game and
+4.7 +- 3.5 points of win share over 1,000 whole games (five seeds) and still decides within
the page's time; 8,000 gained nothing more (502 games on three seeds).

The work is counted in simulated moves, never in seconds, so a seed always gives the same move.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Protocol, TypedDict

from ..moves import Move, Orient, Scout, ScoutShow
from ..observation import Observation
from ..position import Position
from ..rules import take_end
from .base import Player, legal_or_raise
from .determinize import KeptHands, Knowledge
from .heuristic import (
    DEFAULT_WEIGHTS,
    Pricer,
    Weights,
    add_best_of_each_kind,
    orient_candidates,
    view_of,
)
from .odds import warm_up
from .policy import ROLLOUT_CAP, finish, play
from .replies import Replies, Tree
from .worth import rollout_worth


@dataclass(frozen=True, slots=True)
class MoveBudget:
    """How much the ``expert`` player may simulate for one decision."""

    steps: int
    """Simulated moves per decision, at most (every rollout's moves added up, each counted
    as ``two_player_cost`` with two players)."""
    candidates: int
    """Moves searched, the best-priced ones (with the best show and best scout among them)."""
    orient_steps: int
    """Simulated moves for the keep/rotate decision."""
    two_player_cost: int = 3
    """What one simulated move counts for with two players, where it takes about three times
    as long (a scout's price looks at every show that may follow it)."""
    slice_steps: int = 60
    """Simulated moves between two yields of ``think`` (a few milliseconds)."""
    first_deals: int = 4
    """Deals every candidate gets before the first cut, whatever it costs."""
    deal_steps: int = 3
    """What drawing one deal costs, counted in simulated moves (about what it takes)."""
    rollout_moves: int = ROLLOUT_CAP
    """Moves a rollout plays at most; a round still going on is then scored as it stands
    (each seat's cards in hand counted against it)."""


@dataclass(frozen=True, slots=True)
class Reading:
    """How ``expert`` reads the hands it cannot see, at one table size."""

    kept_weight: float
    """How far re-deals lean towards kept hands (:class:`KeptHands`)."""
    beat_boost: float
    """The pricing's :attr:`~scout_core.bots.heuristic.Weights.beat_boost`."""
    step_share: float = 1.0
    """The share of the budget's ``steps`` a decision spends at this table size. A move of a
    rollout costs more when the pricing expects sets to be beaten; a share below 1 keeps a
    decision as long as a plain one."""


KEPT_HANDS = Reading(kept_weight=0.6, beat_boost=0.35)
"""Richer hands where seats have shown, and sets beaten more often than random hands beat them."""


class ExpertArguments(TypedDict):
    """What builds an :class:`ExpertBot`, by the names of its constructor's arguments."""

    level: str
    budget: MoveBudget
    weights: Weights
    play_to_win: bool
    distinct: bool
    reading: Mapping[int, Reading]
    trees: Mapping[int, Tree]
    steps: Mapping[int, int]


class Deals(Protocol):
    """A source of full positions the searching seat cannot tell from the real one."""

    def sample(self, rng: random.Random) -> Position:
        """One such position."""
        ...


PRICES_PER_SLICE = 100
"""Moves priced between two yields while choosing the candidates."""


class ExpertBot(Player):
    """Chooses by determinized rollouts under a move budget; see the module documentation."""

    def __init__(
        self,
        level: str,
        budget: MoveBudget,
        weights: Weights = DEFAULT_WEIGHTS,
        *,
        play_to_win: bool = False,
        distinct: bool = False,
        reading: Mapping[int, Reading] | None = None,
        trees: Mapping[int, Tree] | None = None,
        steps: Mapping[int, int] | None = None,
    ) -> None:
        self.level = level
        self.budget = budget
        self.weights = weights
        self.reading = dict(reading or {})
        """How it reads unseen hands, by table size; plain re-deals and ``weights`` elsewhere."""
        self._weights_at = {
            players: dataclasses.replace(weights, beat_boost=r.beat_boost)
            for players, r in self.reading.items()
        }
        self.steps = dict(steps or {})
        """Simulated moves of a decision in play, by table size, where not ``budget.steps``."""
        for count in self.steps.values():
            if count < 0:
                raise ValueError(f"a decision simulates 0 moves or more, not {count}")
        self.trees = dict(trees or {})
        """Where its rollouts begin in a tree of the replies (:mod:`.replies`), by table size."""
        self.replies: Replies | None = None
        """The trees of the decision being searched, where it grows them."""
        self.play_to_win = play_to_win
        self.distinct = distinct
        """Pass over candidates the pricing cannot tell from a better-priced one."""
        self.steps_done = 0
        """Simulated moves of the last decision (tests read it to check the budget)."""
        self.rollouts_done = 0
        """Rollouts of the last decision."""

    def arguments(self) -> ExpertArguments:
        """The arguments that build this player again, ``ExpertBot(**bot.arguments())``.

        A variant of a level changes one of them and keeps the rest, so that an argument added
        later is carried over rather than forgotten."""
        return ExpertArguments(
            level=self.level,
            budget=self.budget,
            weights=self.weights,
            play_to_win=self.play_to_win,
            distinct=self.distinct,
            reading=dict(self.reading),
            trees=dict(self.trees),
            steps=dict(self.steps),
        )

    def think(self, observation: Observation, rng: random.Random) -> Iterator[Move | None]:
        """Yield None between slices of simulation, then the chosen move."""
        moves = legal_or_raise(observation)
        self.steps_done = self.rollouts_done = 0
        self.replies = None
        yield from warm_up(observation.players)
        budget = self.budget
        if isinstance(moves[0], Orient):
            candidates = orient_candidates(observation.hand)
            steps = budget.orient_steps
        elif len(moves) == 1:
            yield moves[0]
            return
        else:
            candidates = []
            yield from self._candidates(observation, moves, candidates)
            steps = self.steps_at(observation.players)
        cost = budget.two_player_cost if observation.players == 2 else 1
        if len(candidates) == 1 or steps <= 0:
            yield candidates[0]
            return
        deals = self.deals(observation)
        value = self.rollout_value(observation)
        tree = self.trees.get(observation.players)
        if tree is not None:
            weights = self.weights_at(observation.players)
            self.replies = Replies(tree, observation.seat, value, weights, budget.rollout_moves)
        totals = [0.0] * len(candidates)
        alive = list(range(len(candidates)))
        stages = max(1, (len(candidates) - 1).bit_length())
        since_yield = 0
        for stage in range(stages):
            # Each stage may spend its share of what is left; the last one spends it all.
            allowed = (steps - self.steps_done) // (stages - stage)
            spent = 0
            dealt = 0
            while spent < allowed or dealt < (budget.first_deals if stage == 0 else 1):
                world = deals.sample(rng)
                spent += budget.deal_steps
                since_yield += budget.deal_steps
                for i in alive:
                    end, used = self.play_out(play(world, candidates[i]))
                    totals[i] += value(end)
                    used = (used + 1) * cost
                    spent += used
                    self.rollouts_done += 1
                    since_yield += used
                    if since_yield >= budget.slice_steps:
                        since_yield = 0
                        yield None
                dealt += 1
            self.steps_done += spent
            if stage < stages - 1:
                # Totals of live candidates share the same deals, so they compare directly.
                alive.sort(key=lambda i: (-totals[i], i))
                alive = sorted(alive[: max(2, (len(alive) + 1) // 2)])
        best = max(alive, key=lambda i: (totals[i], -i))
        yield candidates[best]

    def rollout_value(self, observation: Observation) -> Callable[[Position], float]:
        """What a rollout's end is worth to the deciding seat (:func:`.worth.rollout_worth`)."""
        return rollout_worth(observation, every_round_for_the_game=self.play_to_win)

    def steps_at(self, players: int) -> int:
        """Simulated moves of a decision in play at a table of ``players``."""
        reading = self.reading.get(players)
        share = 1.0 if reading is None else reading.step_share
        return round(self.steps.get(players, self.budget.steps) * share)

    def weights_at(self, players: int) -> Weights:
        """The pricing's weights at a table of ``players``."""
        return self._weights_at.get(players, self.weights)

    def deals(self, observation: Observation) -> Deals:
        """Where the worlds searched come from: re-deals of the cards the seat cannot see."""
        reading = self.reading.get(observation.players)
        if reading is None:
            return Knowledge(observation)
        return KeptHands(Knowledge(observation), reading.kept_weight)

    def play_out(self, position: Position) -> tuple[Position, int]:
        """Finish the round from ``position``: its last position and the moves it took."""
        if self.replies is not None:
            return self.replies.play_out(position)
        return finish(position, self.weights_at(position.players), self.budget.rollout_moves)

    def _candidates(
        self, observation: Observation, moves: list[Move], chosen: list[Move]
    ) -> Iterator[None]:
        """Fill ``chosen`` with the best-priced moves, the best of each kind among them;
        yield now and then (a hand can have hundreds of Scout & Shows to price)."""
        pricer = Pricer(view_of(observation), self.weights_at(observation.players))
        prices = []
        for i, move in enumerate(moves):
            prices.append((pricer.price(move), i, move))
            if i % PRICES_PER_SLICE == PRICES_PER_SLICE - 1:
                yield None
        priced = sorted(prices, key=lambda t: (-t[0], t[1]))
        if self.distinct:
            seen: set[object] = set()
            for price, _, move in priced:
                key = _sameness(observation, move, price)
                if key in seen:
                    continue
                seen.add(key)
                chosen.append(move)
                if len(chosen) == self.budget.candidates:
                    break
        else:
            chosen.extend(m for _, _, m in priced[: self.budget.candidates])
        add_best_of_each_kind(chosen, priced)


def _sameness(observation: Observation, move: Move, price: float) -> object:
    """What two moves share when the pricing cannot tell them apart: the same scouted card,
    the same way up, showing the same values, at an equal price (a card that joins nothing
    prices the same wherever it goes)."""
    if isinstance(move, Scout):
        return (move.end, move.flip, round(price, 6))
    if isinstance(move, ScoutShow):
        scout, show = move
        card, _ = take_end(observation.table, scout.end)
        values = [c.value for c in observation.hand]
        values.insert(scout.insert_at, card.other if scout.flip else card.value)
        shown = tuple(values[show.start : show.stop])
        return (scout.end, scout.flip, shown, round(price, 6))
    return move
