"""The ``expert`` player: legal, deterministic, blind to hidden cards, within its move budget."""

from __future__ import annotations

import inspect
import random

import pytest

from scout_core import Game
from scout_core.bots import ExpertBot, MoveBudget, Reading, make
from scout_core.bots.determinize import KeptHands, Knowledge
from scout_core.bots.expert import KEPT_HANDS, _sameness
from scout_core.bots.heuristic import DEFAULT_WEIGHTS, Pricer, Weights, view_of
from scout_core.bots.policy import ROLLOUT_CAP
from scout_core.bots.worth import round_margin, standing_value
from scout_core.moves import Move, Scout

from .conftest import mid_round, scripted_game, varied_games
from .test_hidden_information import reshuffle_hidden

SMALL = MoveBudget(steps=300, candidates=4, orient_steps=200, slice_steps=40, first_deals=2)


def _seat(game: Game) -> int:
    seat = game.to_move
    assert seat is not None
    return seat


def test_its_arguments_build_the_same_player_again() -> None:
    # Tools vary a level through arguments(): an argument it left out would be lost.
    shipped = make("expert")
    assert isinstance(shipped, ExpertBot)
    arguments = shipped.arguments()
    named = set(inspect.signature(ExpertBot.__init__).parameters) - {"self"}
    assert set(arguments) == named
    again = ExpertBot(**arguments)
    assert again.arguments() == arguments
    for players in (2, 3):
        game = mid_round(players, seed=3, moves=4)
        observation = game.observation(_seat(game))
        assert again.choose(observation, random.Random(5)) == shipped.choose(
            observation, random.Random(5)
        )


def test_expert_is_the_strongest_level_and_the_hint() -> None:
    bot = make("expert")
    assert isinstance(bot, ExpertBot)
    assert bot.budget.slice_steps <= 100


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_expert_reads_kept_hands_at_three_players_and_more(players: int) -> None:
    bot = make("expert")
    assert isinstance(bot, ExpertBot)
    game = next(g for g in varied_games(players, 6, seed=30) if g.phase == "play")
    deals = bot.deals(game.observation(_seat(game)))
    weights = bot.weights_at(players)
    if players == 2:
        assert isinstance(deals, Knowledge)
        assert weights == DEFAULT_WEIGHTS
        assert bot.steps_at(players) == bot.steps.get(players, bot.budget.steps)
    else:
        assert isinstance(deals, KeptHands)
        assert weights == Weights(beat_boost=KEPT_HANDS.beat_boost)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_expert_searches_the_replies_in_a_tree_head_to_head_only(players: int) -> None:
    bot = make("expert")
    assert isinstance(bot, ExpertBot)
    game = mid_round(players, seed=3, moves=6)
    seat = game.to_move
    assert seat is not None
    bot.choose(game.observation(seat), random.Random(2))
    if players == 2:
        assert bot.replies is not None
        assert 0 < bot.replies.visits() == bot.rollouts_done
    else:
        assert bot.replies is None


def test_expert_simulates_more_head_to_head_and_less_where_it_reads_three_hands() -> None:
    bot = make("expert")
    assert isinstance(bot, ExpertBot)
    assert [bot.steps_at(players) for players in (2, 3, 4, 5)] == [6000, 3000, 4000, 4000]


def test_a_table_size_may_have_its_own_budget() -> None:
    bot = ExpertBot("expert", SMALL, steps={3: SMALL.steps // 2})
    game = next(g for g in varied_games(3, 6, seed=31) if g.phase == "play")
    observation = game.observation(_seat(game))
    assert len(observation.legal_moves()) > 1
    list(bot.think(observation, random.Random(0)))
    assert SMALL.steps // 2 <= bot.steps_done < SMALL.steps
    assert bot.steps_at(4) == SMALL.steps
    with pytest.raises(ValueError, match="0 moves or more, not -1"):
        ExpertBot("expert", SMALL, steps={2: -1})


def test_a_reading_spends_its_share_of_the_budget() -> None:
    reading = {3: Reading(kept_weight=0.6, beat_boost=0.35, step_share=0.5)}
    bot = ExpertBot("expert", SMALL, reading=reading)
    game = next(g for g in varied_games(3, 6, seed=31) if g.phase == "play")
    observation = game.observation(_seat(game))
    assert len(observation.legal_moves()) > 1
    plain = ExpertBot("expert", SMALL)
    list(bot.think(observation, random.Random(0)))
    list(plain.think(observation, random.Random(0)))
    assert SMALL.steps // 2 <= bot.steps_done < SMALL.steps <= plain.steps_done


def test_expert_scores_a_rollout_for_the_margin_or_for_the_game() -> None:
    # Seat 0 trails by 12 after the first round; this round it is ahead of the mean.
    end = scripted_game(["3/7 4/1", "5/2 6/8 7/1 8/3", "9/1 2/4 1/5 6/7"]).position
    standings = (0, 12, 0)

    def game(round_number: int) -> Game:
        return Game(players=3, rounds=3, seed=1, round=round_number, position=end, totals=standings)

    round_one, last_round = game(1), game(3)
    margin = round_margin(end, 0)
    assert margin == 2.0
    for_margin = ExpertBot("expert", SMALL, play_to_win=False)
    to_win = ExpertBot("expert", SMALL, play_to_win=True)
    shipped = make("expert")  # as it ships: the early rounds for the margin
    assert isinstance(shipped, ExpertBot)

    assert for_margin.rollout_value(round_one.observation(0))(end) == margin
    assert shipped.rollout_value(round_one.observation(0))(end) == margin
    assert to_win.rollout_value(round_one.observation(0))(end) == standing_value(
        end, 0, standings, rounds_left=2
    )
    for bot in (for_margin, to_win, shipped):
        assert bot.rollout_value(last_round.observation(0))(end) == standing_value(
            end, 0, standings, rounds_left=0
        )
    # Both ways of scoring differ here, so the test tells them apart.
    assert len({margin, *(standing_value(end, 0, standings, r) for r in (0, 2))}) == 3


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_expert_plays_legal_moves_the_same_for_the_same_seed(
    players: int, games_by_players: dict[int, list[Game]]
) -> None:
    bot = ExpertBot("expert", SMALL)
    for i, game in enumerate(games_by_players[players][:8]):
        observation = game.observation(_seat(game))
        first = bot.choose(observation, random.Random(i))
        steps = list(bot.think(observation, random.Random(i)))
        assert first in game.legal_moves()
        assert steps[-1] == first
        assert all(step is None for step in steps[:-1])


@pytest.mark.parametrize("players", [2, 3, 5])
def test_expert_stays_within_its_move_budget(
    players: int, games_by_players: dict[int, list[Game]]
) -> None:
    bot = ExpertBot("expert", SMALL)
    for i, game in enumerate(games_by_players[players]):
        observation = game.observation(_seat(game))
        slices = list(bot.think(observation, random.Random(i)))
        budget = SMALL.orient_steps if game.phase == "orient" else SMALL.steps
        # A stage stops at the first deal past its share: at most one deal over, per stage.
        deal = 10 * (ROLLOUT_CAP + 1)
        assert bot.steps_done <= budget + 3 * deal
        if bot.steps_done:
            assert len(slices) - 1 >= bot.steps_done // (SMALL.slice_steps + deal)


@pytest.mark.parametrize("players", [3, 4])
def test_expert_sees_only_its_observation(players: int) -> None:
    bot = ExpertBot("expert", SMALL)
    for i, game in enumerate(varied_games(players, 6, seed=60 + players)):
        seat = _seat(game)
        other = reshuffle_hidden(game, seat, random.Random(i))
        a = bot.choose(game.observation(seat), random.Random(i))
        b = bot.choose(other.observation(seat), random.Random(i))
        assert a == b


def _candidates(bot: ExpertBot, game: Game) -> list[Move]:
    observation = game.observation(_seat(game))
    chosen: list[Move] = []
    for _ in bot._candidates(observation, observation.legal_moves(), chosen):
        pass
    return chosen


def test_expert_searches_moves_its_pricing_can_tell_apart() -> None:
    # Seat 1 owns 7/1 7/2, seat 2 scouted once and seat 0 has spent its Scout & Show chip:
    # seat 0's scout ends the round wherever the card goes, so the pricing sees one move per
    # end and way up, and the search tries just those four.
    game = scripted_game(
        ["9/1 2/1 3/1 6/1 5/1 9/2 3/2 2/5", "4/1 4/2 4/3", "8/1 8/2 8/3"],
        table="7/1 7/2",
        owner=1,
        scouts_in_row=1,
        scout_show=(False, True, True),
    )
    moves = _candidates(make("expert"), game)  # type: ignore[arg-type]
    assert len(moves) == 4
    assert {(m.end, m.flip) for m in moves if isinstance(m, Scout)} == {
        ("left", False),
        ("left", True),
        ("right", False),
        ("right", True),
    }
    plain = _candidates(ExpertBot("expert", MoveBudget(6500, 8, 6500)), game)
    assert len(plain) == 8
    assert all(isinstance(m, Scout) for m in plain)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_expert_candidates_start_with_the_best_priced_and_differ(
    players: int, games_by_players: dict[int, list[Game]]
) -> None:
    bot = make("expert")
    assert isinstance(bot, ExpertBot)
    for game in games_by_players[players]:
        if game.phase == "orient" or len(game.legal_moves()) == 1:
            continue
        observation = game.observation(_seat(game))
        pricer = Pricer(view_of(observation))
        moves = _candidates(bot, game)
        assert len(set(moves)) == len(moves)
        assert pricer.price(moves[0]) == max(pricer.price(m) for m in observation.legal_moves())
        keys = [_sameness(observation, m, pricer.price(m)) for m in moves]
        assert len(set(keys)) == len(keys)
