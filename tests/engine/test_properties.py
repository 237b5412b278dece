"""Property tests over many random games of 2-5 players."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Sequence

from hypothesis import given
from hypothesis import strategies as st

from scout_core import Game, IllegalMoveError, parse_move
from scout_core.cards import deck_for
from scout_core.game import HAND_SIZE
from scout_core.moves import ENDS, KEEP, ROTATE, Move, Scout, ScoutShow, Show

from .support import outcome, try_play

players = st.integers(min_value=2, max_value=5)
seeds = st.integers(min_value=0, max_value=2**31 - 1)


def check_cards_and_chips(game: Game) -> None:
    """Card conservation and chip arithmetic of the current round (R3, R4, R10, R13)."""
    p = game.position
    held = [c.pair for hand in p.hands for c in hand] + [c.pair for c in p.table]
    held += [c.pair for c in game.reserve or ()]
    assert len(held) == len(set(held)), "a card is in two places"
    assert set(held) <= {c.pair for c in deck_for(game.players)}
    dealt = HAND_SIZE[game.players] * game.players
    in_round = sum(len(h) for h in p.hands) + len(p.table) + sum(p.captured)
    assert in_round == dealt
    scouts = sum(
        1 for e in game.log if e.round == game.round and e.action in ("scout", "scout_show")
    )
    if game.players == 2:
        assert sum(3 - c for c in p.chips) == scouts
    else:
        assert sum(p.chips) == scouts
        spent = sum(1 for e in game.log if e.round == game.round and e.action == "scout_show")
        assert p.scout_show.count(False) == spent


def check_scores(game: Game) -> None:
    """R15 and R16: each round's scores from its breakdown, totals as their sum."""
    for result in game.round_results:
        assert result.scores == tuple(
            s.captured + s.chips - (0 if s.exempt else s.hand) for s in result.breakdown
        )
        exempt = [seat for seat, s in enumerate(result.breakdown) if s.exempt]
        assert exempt == ([] if result.exempt is None else [result.exempt])
        if result.reason == "hand_emptied":
            assert result.exempt is None and 0 in [s.hand for s in result.breakdown]
    assert game.totals == [
        sum(r.scores[s] for r in game.round_results) for s in range(game.players)
    ]


def random_game(players: int, seed: int, choices: random.Random) -> list[Game]:
    game = Game.new(players=players, seed=seed)
    seen = [game]
    while game.phase != "over":
        game = game.play(choices.choice(game.legal_moves()))
        seen.append(game)
    return seen


@given(players, seeds, seeds)
def test_invariants_hold_after_every_move(n: int, seed: int, choice_seed: int) -> None:
    choices = random.Random(choice_seed)
    games = random_game(n, seed, choices)
    for game in games:
        check_cards_and_chips(game)
        check_scores(game)
        if game.phase != "over":
            assert game.legal_moves(), "R12: always a legal move"
    final = games[-1]
    assert len(final.round_results) == final.rounds == n
    assert final.winners == [s for s, t in enumerate(final.totals) if t == max(final.totals)]


@given(players, seeds, seeds)
def test_every_listed_move_plays_and_a_random_other_spelling_is_judged_alike(
    n: int, seed: int, choice_seed: int
) -> None:
    choices = random.Random(choice_seed)
    game = Game.new(players=n, seed=seed)
    while game.phase != "over":
        legal = game.legal_moves()
        for move in choices.sample(legal, min(len(legal), 4)):
            game.play(move)
        for _ in range(4):
            move = random_spelling(game, choices)
            after = try_play(game, move)
            if after is None:
                assert move not in legal
            elif move not in legal:
                # A legal spelling that is not listed gives the result of one that is.
                assert gives_a_listed_result(game, legal, after)
        game = game.play(choices.choice(legal))


def gives_a_listed_result(game: Game, legal: Sequence[Move], after: Game) -> bool:
    """Whether one of the ``legal`` moves from ``game`` gives ``after``. Hands and table are
    compared first: they tell most results apart at a fraction of the cost of a whole one."""
    target = None
    for move in legal:
        candidate = game.play(move)
        p, q = candidate.position, after.position
        if p.hands == q.hands and p.table == q.table:
            target = target or outcome(after)
            if outcome(candidate) == target:
                return True
    return False


def random_spelling(game: Game, choices: random.Random) -> Move:
    """A move of any kind with indexes that fit the mover's hand, legal or not."""
    if game.phase == "orient":
        orient_or_not: list[Move] = [KEEP, ROTATE, Show(0, 1)]
        return choices.choice(orient_or_not)
    seat = game.to_move
    assert seat is not None
    n = len(game.hands[seat])
    start = choices.randrange(n)
    show = Show(start, choices.randint(start + 1, n))
    scout = Scout(choices.choice(ENDS), choices.random() < 0.5, choices.randint(0, n))
    wide_start = choices.randrange(n + 1)
    wide = Show(wide_start, choices.randint(wide_start + 1, n + 1))
    spellings: list[Move] = [show, scout, ScoutShow(scout, wide), ScoutShow(scout, wide)]
    return choices.choice(spellings)


@given(players, seeds, seeds)
def test_text_forms_and_saves_round_trip(n: int, seed: int, choice_seed: int) -> None:
    choices = random.Random(choice_seed)
    # A save grows with the game, so every position would cost the square of its length:
    # one in fifteen, from a random first, reaches every stage over the examples.
    games = random_game(n, seed, choices)
    for game in games[choices.randrange(15) :: 15]:
        legal = game.legal_moves()
        for move in choices.sample(legal, min(len(legal), 10)):
            assert parse_move(str(move)) == move
        saved = json.loads(json.dumps(game.to_dict()))
        loaded = Game.from_dict(saved)
        assert loaded.to_dict() == saved
        assert loaded.legal_moves() == game.legal_moves()


@given(players, seeds, st.integers(min_value=0, max_value=10**6))
def test_same_seed_same_game_whatever_the_global_random_does(
    n: int, seed: int, choice_seed: int
) -> None:
    quiet = random_game(n, seed, random.Random(choice_seed))[-1]
    noisy_choices = random.Random(choice_seed)
    game = Game.new(players=n, seed=seed)
    while game.phase != "over":
        random.seed(random.random())  # the module-level generator must not matter
        game = game.play(noisy_choices.choice(game.legal_moves()))
    assert game == quiet


@given(players, seeds, seeds)
def test_playing_never_changes_the_game_played_from(n: int, seed: int, choice_seed: int) -> None:
    choices = random.Random(choice_seed)
    game = Game.new(players=n, seed=seed)
    for _ in range(30):
        if game.phase == "over":
            break
        before = game.to_dict()
        after = game.play(choices.choice(game.legal_moves()))
        assert game.to_dict() == before
        assert game.moves == after.moves[:-1]
        game = after


# Thousands of whole games; a slower interpreter may ask for fewer (tests/pyodide/run.mjs does).
RANDOM_GAMES = int(os.environ.get("SCOUT_RANDOM_GAMES", "2000"))


def test_thousands_of_random_games_keep_the_invariants() -> None:
    choices = random.Random(2000)
    for seed in range(RANDOM_GAMES):
        game = Game.new(players=2 + seed % 4, seed=seed)
        while game.phase != "over":
            moves = game.legal_moves()
            assert moves
            game = game.play(choices.choice(moves))
            if game.phase == "orient" or choices.random() < 0.05:
                check_cards_and_chips(game)
        check_scores(game)


@given(st.text(max_size=30))
def test_any_text_either_parses_to_a_move_that_prints_back_or_raises(text: str) -> None:
    try:
        move = parse_move(text)
    except ValueError:
        return
    assert parse_move(str(move)) == move


def test_an_illegal_move_raises_and_quotes_move_and_position() -> None:
    game = Game.new(players=3, seed=4).play("keep").play("keep").play("keep")
    try:
        game.play("show 0:9")
    except IllegalMoveError as error:
        message = str(error)
    else:
        raise AssertionError("show 0:9 of 12 cards is not a set or run in this deal")
    assert "show 0:9" in message and "table empty" in message
