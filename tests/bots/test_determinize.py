"""Re-dealt worlds agree with everything the observer knows, and with the rules."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from scout_core import Game
from scout_core.bots.determinize import Knowledge
from scout_core.cards import deck_for

from .conftest import varied_games


def _play_phase_games(players: int) -> list[Game]:
    return [g for g in varied_games(players, 16, seed=70 + players) if g.phase == "play"]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_sampled_worlds_are_consistent(players: int) -> None:
    rng = random.Random(players)
    for game in _play_phase_games(players):
        seat = game.to_move
        assert seat is not None
        observation = game.observation(seat)
        knowledge = Knowledge(observation)
        held = Counter(e.scouted.pair for e in observation.round_log() if e.scouted is not None)
        for _ in range(5):
            world = knowledge.sample(rng)
            assert world.hands[seat] == observation.hand
            assert tuple(len(h) for h in world.hands) == observation.hand_sizes
            assert world.table == observation.table
            assert world.legal_moves() == observation.legal_moves()
            pairs = [c.pair for h in world.hands for c in h] + [c.pair for c in world.table]
            assert len(pairs) == len(set(pairs)), "a card dealt twice"
            assert set(pairs) <= {c.pair for c in deck_for(players)}
            for other in range(players):
                if other == seat:
                    continue
                # A card the other seat scouted and has not shown since is still in its hand.
                real = {c.pair for c in game.hands[other]}
                sampled = {c.pair for c in world.hands[other]}
                for pair in held:
                    if pair in real:
                        assert pair in sampled


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_unseen_card_is_dealt_when_no_cards_are_set_aside(players: int) -> None:
    for game in _play_phase_games(players):
        seat = game.to_move
        assert seat is not None
        knowledge = Knowledge(game.observation(seat))
        assert sum(knowledge.missing) == len(knowledge.unseen)


def test_the_real_hidden_cards_are_among_the_unseen() -> None:
    for players in (2, 3, 4, 5):
        for game in _play_phase_games(players):
            seat = game.to_move
            assert seat is not None
            knowledge = Knowledge(game.observation(seat))
            unseen = {c.pair for c in knowledge.unseen}
            known = {c.pair for s in range(players) for c in knowledge.known[s]}
            for other in range(players):
                if other != seat:
                    for card in game.hands[other]:
                        assert card.pair in unseen or card.pair in known
