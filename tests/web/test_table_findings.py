"""The table's findings, each fixed and kept fixed: words said once, named shows, a scout that
ends the round, a refused Undo, the guided hand, the motion plan, the remembered mute, scores."""

from __future__ import annotations

import asyncio
import random

from scout_web import animate, words
from scout_web import entry as ent
from scout_web.prefs import Prefs, read_prefs
from scout_web.session import Session, Settings, since_my_turn
from scout_web.tutorial import guide, guide_cards, tutorial_session
from scout_web.words import HUMAN

from scout_core import Event, Game, Scout, Show, rules
from scout_core.cards import parse_cards


async def no_sleep(_: float) -> None:
    return None


def scouted_after_a_show(scouts: int = 1) -> Game:
    """West showed 5-6 and East scouted (a chip for West); now you: a scout ends the round,
    West exempt. Without East's scout it is East who showed, and you come next."""
    return Game.from_dict(
        {
            "players": 3,
            "seed": 1,
            "phase": "play",
            "starter": 1,
            "to_move": 0,
            "hands": [["1/2", "7/3", "8/4"], ["2/9", "4/1"], ["8/3", "9/3", "6/1"]],
            "table": ["5/7", "6/2"],
            "owner": 1 if scouts else 2,
            "scouts_in_row": scouts,
            "chips": [0, scouts, 0],
        }
    )


def test_one_minus_sign_everywhere() -> None:
    assert words.signed(-2) == "\u22122" and words.signed(3) == "+3" and words.signed(0) == "0"
    assert words.minus(-2) == "\u22122" and words.minus(4) == "4"
    assert "-" not in words.verdict([-2, -5], [0], ("You", "North"))


def test_legal_shows_are_named_by_their_cards_and_place() -> None:
    assert words.show_choice([5], 2, 3) == "5 (card 3)"
    assert words.show_choice([5], 6, 7) == "5 (card 7)"  # two 5s are told apart
    assert words.show_choice([4, 5], 1, 3) == "4-5 (cards 2\u20133)"


def test_the_hint_says_each_thing_once() -> None:
    text = words.hint_line("show 7-8", "beats the run 4-5 and captures 2 cards")
    assert text.count("beats") == 1 and text.count("captures") == 1


def test_a_scout_that_ends_the_round_says_so_with_its_cost() -> None:
    game = scouted_after_a_show()
    scout = Scout("left", False, 0)
    result = rules.round_end_after(game, scout)
    assert result is not None  # the engine's answer, not the page's
    text = words.round_end_warning(result, ("You", "West", "East"), "scout")
    assert text.startswith("This scout ends the round.")
    assert "West keeps the table and pays nothing for their hand" in text
    you = result.breakdown[HUMAN]
    assert f"You would score {words.signed(result.scores[HUMAN])} this round" in text
    assert f"\u2212{you.hand} for your cards in hand" in text
    # Right after a show, the same scout would not end the round.
    assert rules.round_end_after(scouted_after_a_show(scouts=0), scout) is None


def test_a_refused_undo_says_why() -> None:
    session = Session.new(Settings(players=3, seed=5, speed="instant"))
    assert words.undo_refusal(session.undo_refusal() or "") == words.UNDO_REFUSALS["nothing"]
    rng = random.Random(5)
    while not (session.human_to_move() and session.game.phase == "play" and session.game.table):
        if session.human_to_move():
            session.play(rng.choice(session.game.legal_moves()))
        else:
            asyncio.run(session.run_ai(no_sleep, lambda: None))
    move = next(m for m in session.game.legal_moves() if isinstance(m, Scout))
    session.play(move)
    if session.summary_pending:
        assert session.undo_refusal() == "round"
        return
    assert session.undo_refusal() is None  # the next player has not answered yet
    asyncio.run(session.run_ai(no_sleep, lambda: None))
    assert session.undo_refusal() == "answered"
    assert "Too late" in words.undo_refusal("answered")


def test_the_guided_hand_marks_each_card_to_pick_and_ends_cleanly() -> None:
    session, _ = tutorial_session()
    assert guide_cards(session) == {1, 2}
    assert "Step 1 of 4" in guide(session)
    session.entry = ent.Entry(selection=(1,))
    assert guide_cards(session) == {2} and "Step 2 of 4" in guide(session)
    session.entry = ent.Entry(selection=(1, 2))
    assert guide_cards(session) == frozenset() and "Step 3 of 4" in guide(session)
    move = ent.move_of(session.game, HUMAN, session.entry)
    assert move is not None
    session.play(move)
    assert "Step 4 of 4" in guide(session) and "ends here" in guide(session)
    assert not session.ai_to_move()  # West waits: nobody is marked to play


def test_the_other_players_moves_stay_until_you_act() -> None:
    cards = parse_cards("3/4 5/6")
    log = [
        Event(1, 0, "show", shown=(cards[0],)),
        Event(1, 1, "scout", scouted=cards[0], end="left"),
        Event(1, 2, "show", shown=(cards[1],)),
    ]
    assert since_my_turn(log) == log[1:]
    assert since_my_turn(log[1:]) == log[1:]  # before your first move: the whole round
    assert since_my_turn(log[:1]) == []


def test_the_motion_plan_tells_where_cards_come_from_and_go() -> None:
    game = scouted_after_a_show()
    scout = Scout("right", False, 1)
    plan = animate.motion_plan(game, game.play(scout))
    assert plan.chip == (animate.HAND, animate.seat_selector(1))  # your chip goes to West
    assert plan.sound in ("scout", "round")
    # An AI show: its cards come from its seat; the set it beats goes to its pile.
    west = Game.from_dict(
        {
            "players": 3,
            "seed": 1,
            "phase": "play",
            "starter": 1,
            "to_move": 1,
            "hands": [["1/2", "3/4"], ["7/2", "8/1", "9/6"], ["8/3", "9/3"]],
            "table": ["5/7", "6/4"],
            "owner": 0,
        }
    )
    plan = animate.motion_plan(west, west.play(Show(0, 2)))
    assert plan.sources == {"2/7": animate.seat_selector(1), "1/8": animate.seat_selector(1)}
    assert plan.targets == {"5/7": animate.seat_selector(1), "4/6": animate.seat_selector(1)}
    assert plan.sound == "capture"
    # Taking a move back is no story to tell.
    assert animate.motion_plan(west.play(Show(0, 2)), west) == animate.Plan()
    # Seen by the person in seat 1 (with friends), West's show comes from their own hand.
    plan = animate.motion_plan(west, west.play(Show(0, 2)), viewer=1)
    assert plan.sources == {} and plan.targets == {"5/7": "#hand-title", "4/6": "#hand-title"}


def test_the_mute_is_remembered_with_the_start_form() -> None:
    prefs = Prefs(players=4, muted=True)
    assert read_prefs(prefs.to_json()) == prefs
    assert read_prefs('{"muted": "yes"}').muted is False
    assert read_prefs(None).muted is False
