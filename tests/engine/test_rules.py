"""One test (at least) per rule of RULES.md, on scripted positions with exact results."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from scout_core import Card, Game, IllegalMoveError, Reason, parse_move
from scout_core.cards import FULL_DECK, deck_for, rotated
from scout_core.combos import strength

from .conftest import hand_text, position, table_text


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in text.split())


def play_all(game: Game, *moves: str) -> Game:
    for move in moves:
        game = game.play(move)
    return game


# -- Cards ------------------------------------------------------------------------------------


def test_r1_one_card_for_every_pair_of_numbers() -> None:
    assert len(FULL_DECK) == 45
    assert {c.pair for c in FULL_DECK} == {(a, b) for a in range(1, 11) for b in range(a + 1, 11)}
    card = Card.parse("3/7")
    assert (card.value, card.other, str(card)) == (3, 7, "3/7")
    assert card.flipped() == Card.parse("7/3") and card.flipped().pair == card.pair
    assert str(Card(10, 2)) == "10/2"
    for bad in ("3/3", "0/4", "11/2", "3-7", "a/b", ""):
        with pytest.raises(ValueError, match="card"):
            Card.parse(bad)


def test_r2_shuffling_randomises_order_and_orientation() -> None:
    tops: Counter[bool] = Counter()
    first_cards = set()
    for seed in range(200):
        hand = Game.new(players=5, seed=seed).hands[0]
        first_cards.add(hand[0].pair)
        tops.update(c.value < c.other for c in hand)
    assert len(first_cards) > 30  # the order changes
    # Both orientations come up about equally often (9 cards x 200 deals).
    assert 0.45 < tops[True] / 1800 < 0.55


# -- Set-up -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "deck_size", "per_hand", "missing"),
    [
        (3, 36, 12, {(a, 10) for a in range(1, 10)}),
        (4, 44, 11, {(9, 10)}),
        (5, 45, 9, set()),
        (2, 44, 11, {(9, 10)}),
    ],
)
def test_r3_deck_and_deal_by_player_count(
    players: int, deck_size: int, per_hand: int, missing: set[tuple[int, int]]
) -> None:
    deck = deck_for(players)
    assert len(deck) == deck_size
    assert {c.pair for c in FULL_DECK} - {c.pair for c in deck} == missing
    game = Game.new(players=players, seed=11)
    assert [len(h) for h in game.hands] == [per_hand] * players
    dealt = [c.pair for h in game.hands for c in h] + [c.pair for c in game.reserve or ()]
    assert sorted(dealt) == sorted(c.pair for c in deck)


def finish_round_quickly(game: Game) -> Game:
    """Play the current round out with the first legal move each time."""
    start = game.round
    while game.round == start and game.phase != "over":
        game = game.play(game.legal_moves()[0])
    return game


def test_r3_two_players_deal_the_reserve_in_round_two_and_a_fresh_deck_in_round_three() -> None:
    game = Game.new(players=2, rounds=4, seed=5)
    reserve = game.reserve
    assert reserve is not None and len(reserve) == 22
    game = finish_round_quickly(game)
    assert game.round == 2
    assert game.hands == (reserve[:11], reserve[11:])  # as it lies, no reshuffle
    assert game.reserve is None
    game = finish_round_quickly(game)
    assert game.round == 3
    assert game.reserve is not None and len(game.reserve) == 22
    dealt = [c.pair for h in game.hands for c in h] + [c.pair for c in game.reserve]
    assert sorted(dealt) == sorted(c.pair for c in deck_for(2))
    game = finish_round_quickly(game)
    assert game.round == 4 and game.hands[0] == reserve_of_round_three(game)


def reserve_of_round_three(game: Game) -> tuple[Card, ...]:
    replay = Game.new(players=2, rounds=4, seed=game.seed)
    for _ in range(2):
        replay = finish_round_quickly(replay)
    assert replay.reserve is not None
    return replay.reserve[:11]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_r4_chips_three_to_five_players(players: int) -> None:
    position = Game.new(players=players, seed=1).position
    assert position.scout_show == (True,) * players
    assert position.chips == (0,) * players


def test_r4_chips_two_players() -> None:
    position = Game.new(players=2, seed=1).position
    assert position.chips == (3, 3)
    assert position.scout_show == (False, False)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_r5_rounds_default_to_player_count_and_the_start_rotates(players: int) -> None:
    game = Game.new(players=players, seed=3)
    assert game.rounds == players
    starters = []
    while game.phase != "over":
        starters.append(game.starter)
        assert game.to_move == game.starter  # the starter chooses and plays first
        game = finish_round_quickly(game)
    assert len(starters) == players
    assert starters == [(starters[0] + i) % players for i in range(players)]
    assert len(game.round_results) == players


def test_r5_host_chooses_one_to_five_rounds_and_first_starter_is_random() -> None:
    for rounds in range(1, 6):
        assert Game.new(rounds=rounds, seed=1).rounds == rounds
    for bad in (0, 6, "3", 2.0):
        with pytest.raises(ValueError, match="rounds"):
            Game.new(rounds=bad, seed=1)  # type: ignore[arg-type]
    assert {Game.new(seed=s).starter for s in range(30)} == {0, 1, 2}


def test_r6_rotating_reverses_the_order_and_flips_every_card() -> None:
    assert rotated(cards("1/5 7/2 9/3")) == cards("3/9 2/7 5/1")
    game = Game.new(players=3, seed=2)
    starter = game.starter
    dealt = game.hands
    game = game.play("rotate")
    assert game.hands[starter] == rotated(dealt[starter])
    assert game.to_move == (starter + 1) % 3
    game = play_all(game, "keep", "rotate")
    assert game.phase == "play" and game.to_move == starter
    assert game.hands[(starter + 1) % 3] == dealt[(starter + 1) % 3]
    with pytest.raises(IllegalMoveError, match="keep and rotate"):
        game.play("rotate")


def test_r6_choices_stay_private_until_everyone_has_chosen() -> None:
    game = Game.new(players=3, seed=2)
    starter = game.starter
    after = game.play("rotate")
    watcher = (starter + 1) % 3
    assert after.observation(watcher) == game.play("keep").observation(watcher)
    assert after.observation(watcher).chosen[starter]
    assert after.log == ()
    done = play_all(after, "keep", "keep")
    assert [(e.seat, e.action) for e in done.log] == [
        (starter, "rotate"),
        ((starter + 1) % 3, "keep"),
        ((starter + 2) % 3, "keep"),
    ]


# -- A turn -----------------------------------------------------------------------------------


def test_r7_a_show_is_a_contiguous_set_or_run() -> None:
    game = position(["4/1 4/2 5/3 6/1 8/2 7/3", "1/2"])
    legal = {str(m) for m in game.legal_moves()}
    assert {"show 0:2", "show 1:4", "show 4:6", "show 2:4", "show 0:1"} <= legal
    assert "show 0:3" not in legal  # 4 4 5 is neither
    assert "show 3:5" not in legal  # 6 8 skips 7
    with pytest.raises(IllegalMoveError, match="neither a set nor a run"):
        game.play("show 0:3")
    assert strength([9, 10]) > 0 and strength([10, 1]) == 0  # no wrap from 10 to 1
    assert strength([7, 6, 5]) == strength([5, 6, 7])  # runs read either way


def test_r8_strength_count_then_set_over_run_then_lowest_value() -> None:
    assert strength([4, 5]) > strength([3, 4])  # the seed example
    assert strength([1, 2, 3]) > strength([9, 9])  # more cards beat fewer
    assert strength([2, 2]) > strength([8, 9])  # set beats run at equal count
    assert strength([6, 6]) > strength([5, 5])
    assert strength([10]) > strength([9])
    # The seed example played out: 4-5 beats 3-4 and captures both cards.
    game = position(["9/1 4/2 5/1 2/7", "7/3 8/2"], table="3/1 4/1", owner=1)
    after = game.play("show 1:3")
    assert table_text(after) == "4/2 5/1" and after.owner == 0
    assert after.position.captured == (2, 0) and hand_text(after, 0) == "9/1 2/7"


def test_r8_equal_strength_never_beats() -> None:
    game = position(["3/1 4/2 9/1", "6/1 8/2"], table="4/5 3/6", owner=1)
    assert "show 0:2" not in {str(m) for m in game.legal_moves()}
    with pytest.raises(IllegalMoveError, match="does not beat"):
        game.play("show 0:2")


def test_r9_show_on_an_empty_table_is_free_and_captures_nothing() -> None:
    game = position(["2/1 7/3", "1/3 8/2", "5/4"])
    after = game.play("show 0:1")
    assert table_text(after) == "2/1" and after.owner == 0
    assert after.position.captured == (0, 0, 0) and after.to_move == 1


def test_r9_show_must_beat_and_captures_what_remains() -> None:
    game = position(["6/1 6/2 3/1", "2/3 8/1", "5/4"], table="5/3 5/2", owner=2, to_move=0)
    assert [str(m) for m in game.legal_moves() if str(m).startswith("show")] == ["show 0:2"]
    after = game.play("show 0:2")
    assert after.position.captured == (2, 0, 0)
    assert after.owner == 0 and table_text(after) == "6/1 6/2" and after.to_move == 1


def test_r10_scout_takes_an_end_card_turned_as_chosen_into_any_gap() -> None:
    game = position(["1/2 3/4", "5/7 7/8", "9/1", "2/3"], table="4/5 5/6 6/7", owner=3, to_move=0)
    after = game.play("scout right flip 1")
    assert hand_text(after, 0) == "1/2 7/6 3/4"
    assert table_text(after) == "4/5 5/6"
    assert after.owner == 3 and after.position.chips == (0, 0, 0, 1)  # the owner is paid
    assert after.to_move == 1
    after = after.play("scout left 2")
    assert hand_text(after, 1) == "5/7 7/8 4/5"
    assert after.position.chips == (0, 0, 0, 2)
    # Every gap of the hand is offered, both ways up, from both ends.
    scouts = [
        str(m) for m in game.legal_moves() if str(m).startswith("scout") and "+" not in str(m)
    ]
    assert len(scouts) == 2 * 2 * 3


def test_r10_scouting_the_last_card_leaves_an_empty_table_with_its_owner() -> None:
    game = position(["1/2 3/4", "5/6 7/8", "9/1 2/3"], table="4/5", owner=2, to_move=0)
    legal = [str(m) for m in game.legal_moves() if "+" not in str(m)]
    assert "scout right 0" not in legal  # one card: left and right are the same move
    after = game.play("scout right 0")  # but both spellings play
    assert after.table == () and after.owner == 2 and after.position.scouts_in_row == 1
    assert all(str(m).startswith("show") for m in after.legal_moves())  # R12: must show
    with pytest.raises(IllegalMoveError, match="empty"):
        after.play("scout left 0")


def test_r11_scout_and_show_in_one_turn() -> None:
    game = position(["5/1 7/2 9/4", "1/3 2/4", "9/1"], table="6/2 7/3", owner=2, to_move=0)
    after = game.play("scout left 1 + show 0:3")  # 5 6 7 beats the 7 left behind
    assert table_text(after) == "5/1 6/2 7/2" and after.owner == 0
    assert after.position.captured == (1, 0, 0)
    assert after.position.chips == (0, 0, 1)  # the owner is still paid
    assert after.position.scout_show == (False, True, True)
    assert after.position.scouts_in_row == 0 and after.to_move == 1
    # Once per round: the chip is spent.
    with pytest.raises(IllegalMoveError, match="already spent"):
        position(
            ["5/1 7/2", "1/3", "9/1"],
            table="6/2 7/3",
            owner=2,
            chips=[0, 0, 1],
            scout_show=[False, True, True],
        ).play("scout left 1 + show 0:3")


def test_r11_scout_and_show_is_offered_only_with_a_follow_up_show() -> None:
    # Nothing in this hand, even with either end card, beats the 9 that would remain.
    game = position(["5/1 7/4", "1/3", "8/1"], table="9/2 9/3", owner=2, to_move=0)
    assert not any("+" in str(m) for m in game.legal_moves())
    with pytest.raises(IllegalMoveError, match="no show beats what remains") as caught:
        game.play("scout left 0 + show 0:1")
    assert caught.value.reason == Reason("no_follow_up")
    # Scouting a one-card table empties it: then any show follows.
    game = position(["1/2 3/5", "1/3", "9/1"], table="9/2", owner=2, to_move=0)
    combined = [str(m) for m in game.legal_moves() if "+" in str(m)]
    assert "scout left 0 + show 1:2" in combined
    after = game.play("scout left 0 + show 1:2")
    assert after.position.captured == (0, 0, 0) and table_text(after) == "1/2"


def test_r12_there_is_always_a_legal_move() -> None:
    rng = random.Random(12)
    for seed in range(60):
        game = Game.new(players=2 + seed % 4, seed=seed)
        while game.phase != "over":
            moves = game.legal_moves()
            assert moves
            game = game.play(rng.choice(moves))


def test_r13_two_players_scout_with_their_own_chips_and_go_again() -> None:
    game = position(["1/2 3/4", "5/7 7/8"], table="4/5 5/6 6/7", owner=1, chips=[3, 3])
    assert not any("+" in str(m) for m in game.legal_moves())  # no Scout & Show
    after = game.play("scout left 0")
    assert after.to_move == 0  # another turn
    assert after.position.chips == (2, 3)  # paid by the scout, nothing to the opponent
    after = after.play("scout left 0").play("scout left 0")
    assert after.position.chips == (0, 3) and after.table == () and after.to_move == 0
    with pytest.raises(IllegalMoveError):
        position(["1/2 9/4", "5/6 7/8"], table="4/5", owner=1, chips=[0, 3]).play("scout left 0")
    with pytest.raises(IllegalMoveError, match="no Scout & Show"):
        game.play("scout left 0 + show 0:1")


def test_r14_i_a_show_that_empties_the_hand_ends_the_round_at_once() -> None:
    game = position(
        ["5/1 6/2", "1/3 2/4", "9/1 8/2"],
        table="3/4 4/5",
        owner=2,
        to_move=0,
        captured=[1, 0, 0],
        chips=[0, 0, 2],
    )
    after = game.play("show 0:2")
    result = after.round_results[-1]
    assert (result.reason, result.exempt) == ("hand_emptied", None)
    # 3 captured; seat 1 has 2 cards; seat 2 (the old owner) is not exempt: 2 chips - 2 cards.
    assert result.scores == (3, -2, 0)
    assert after.round == 2 and after.phase == "orient"


def test_r14_ii_all_others_scouting_ends_the_round_before_the_owner_moves_again() -> None:
    game = position(
        ["5/1 6/2", "1/3 2/4", "9/1 8/2 7/1"], table="3/4 4/5", owner=2, to_move=0, rounds=1
    )
    after = game.play("scout left 0")
    assert after.phase == "play" and after.position.scouts_in_row == 1
    after = after.play("scout left 0")  # second scout empties the table: still ends the round
    result = after.round_results[-1]
    assert (result.reason, result.exempt) == ("all_scouted", 2)
    assert result.scores == (-3, -3, 2)  # the owner pays nothing for its 3 cards
    assert after.phase == "over" and after.to_move is None


def test_r14_ii_an_empty_table_forces_a_show_that_restarts_the_count() -> None:
    game = position(["5/1 6/2", "1/3 2/4 3/5 6/8", "9/1 8/2 7/1", "2/9"], table="3/4", owner=3)
    after = game.play("scout left 0")  # empties the table; count 1
    assert after.position.scouts_in_row == 1 and after.owner == 3
    after = after.play("show 0:3")  # seat 1 must show: the count restarts
    assert after.position.scouts_in_row == 0 and after.owner == 1
    after = play_all(after, "scout left 0", "scout left 0")
    assert after.phase == "play" and after.to_move == 0
    after = after.play("scout left 0")
    assert after.round_results[-1].reason == "all_scouted"
    assert after.round_results[-1].exempt == 1


def test_r14_ii_two_players_blocked_after_the_opponents_show() -> None:
    game = position(["5/1 6/2 1/8", "1/3 2/4"], table="3/4", owner=1, chips=[3, 0], rounds=1)
    after = game.play("show 0:2")  # seat 1 can't beat 5-6 and has no chip
    result = after.round_results[-1]
    assert (result.reason, result.exempt) == ("blocked", 0)
    # Seat 0: 1 captured + 3 chips, exempt for its 1 card; seat 1: 0 chips - 2 cards.
    assert result.scores == (4, -2)


def test_r14_ii_two_players_blocked_after_spending_the_last_chip() -> None:
    game = position(["1/5 3/7", "8/3 9/4"], table="8/2 9/1", owner=1, chips=[1, 2], rounds=1)
    after = game.play("scout left 0")  # last chip; 9 remains, nothing beats it
    result = after.round_results[-1]
    assert (result.reason, result.exempt) == ("blocked", 1)
    assert result.scores == (-3, 2)
    # With a card left that can beat the table, the round goes on.
    game = position(["1/5 10/7", "8/3 7/4"], table="8/2 9/1", owner=1, chips=[1, 2])
    assert game.play("scout left 0").phase == "play"


def test_r15_round_score_with_the_owners_exemption() -> None:
    game = position(
        ["5/1 6/2", "1/3 2/4 7/6", "9/1 8/2 7/1"],
        table="3/4 4/5",
        owner=2,
        to_move=0,
        captured=[2, 4, 1],
        chips=[1, 0, 3],
        scout_show=[False, False, True],
        rounds=1,
    )
    after = play_all(game, "scout left 0", "scout left 0")
    breakdown = after.round_results[-1].breakdown
    assert [tuple(s) for s in breakdown] == [(2, 1, 3, False), (4, 0, 4, False), (1, 5, 3, True)]
    assert after.round_results[-1].scores == (0, 0, 6)  # the table and S&S chips score nothing
    assert after.totals == [0, 0, 6] and after.winners == [2]


def test_r15_scores_may_be_negative() -> None:
    game = position(["5/1 6/2", "1/3 2/4 7/6 3/9", "9/1"], table="3/4 4/5", owner=2, rounds=1)
    after = play_all(game, "scout left 0", "scout left 0")
    assert after.round_results[-1].scores == (-3, -5, 2)


def test_r16_totals_add_up_and_tied_leaders_share_victory() -> None:
    game = position(
        ["5/1 6/2", "1/3 2/4", "9/1"], table="3/4 4/5", owner=2, rounds=2, round=2, totals=[4, 1, 2]
    )
    after = play_all(game, "scout left 0", "scout left 0")  # scores [-3, -3, 2]
    assert after.totals == [1, -2, 4] and after.winners == [2]
    tied = position(
        ["5/1 6/2", "1/3 2/4", "9/1"], table="3/4 4/5", owner=2, rounds=2, round=2, totals=[5, 1, 0]
    )
    assert play_all(tied, "scout left 0", "scout left 0").winners == [0, 2]


def test_r17_an_observation_holds_only_the_seats_own_hand_and_public_facts() -> None:
    game = play_all(Game.new(players=3, seed=9), "keep", "keep", "keep")
    assert game.to_move is not None
    seat = (game.to_move + 1) % 3
    seen = game.observation(seat)
    assert seen.hand == game.hands[seat]
    assert seen.hand_sizes == tuple(len(h) for h in game.hands)
    assert not hasattr(seen, "seed") and not hasattr(seen, "hands")
    # Swap the two other seats' hidden cards: the observation does not change.
    data = game.to_dict()
    others = [s for s in range(3) if s != seat]
    data["hands"][others[0]], data["hands"][others[1]] = (
        data["hands"][others[1]],
        data["hands"][others[0]],
    )
    data["moves"] = []
    swapped = Game.from_dict(data)
    assert swapped.observation(seat) == Game.from_dict({**game.to_dict(), "moves": []}).observation(
        seat
    )


def test_r17_the_log_tells_which_card_was_scouted_but_not_where_it_went() -> None:
    game = position(["1/2 3/4", "5/6 7/8", "9/1"], table="4/5 5/7", owner=2, to_move=0)
    left = game.play("scout right flip 0")
    right = game.play("scout right 2")
    assert left.log == right.log
    assert str(left.log[-1]) == "scout right 5/7"
    assert left.observation(1) == right.observation(1)
    assert left.observation(0) != right.observation(0)


def test_moves_round_trip_through_their_text_form() -> None:
    for text in (
        "keep",
        "rotate",
        "show 0:3",
        "scout left 4",
        "scout right flip 0",
        "scout left flip 2 + show 1:4",
    ):
        assert str(parse_move(text)) == text
