"""Friends at one device (pass-and-play): who plays each seat, names as people type them, the
hand-over between two people's turns, Undo that never crosses from one person to another, what
a save keeps, and the replay kept closed until the game is over."""

from __future__ import annotations

import json
import random

import pytest
from scout_web import storage
from scout_web.prefs import Prefs, read_prefs
from scout_web.session import PERSON, Session, Settings
from scout_web.words import NAME_LENGTH, person_name, table_names

from scout_core import Orient


def friends(names: tuple[str, ...] = ("Ann", "", "Mei"), rounds: int | None = None) -> Session:
    """Ann (seat 0) and Mei (seat 2) with the normal AI in seat 1."""
    levels = ("normal", PERSON)
    return Session.new(Settings(players=3, rounds=rounds, levels=levels, names=names, seed=4))


def play_until_handover(session: Session, rng: random.Random) -> None:
    """Play random moves for whoever is to move (people and AI alike) until the device must
    change hands."""
    for _ in range(500):
        assert not session.over, "the game ended first"
        if session.handover_to() is not None:
            return
        if session.summary_pending:
            session.close_summary()
            continue
        session.play(rng.choice(session.game.legal_moves()))
    pytest.fail("the device never changed hands")


# -- seats and names -------------------------------------------------------------------------


def test_a_seat_is_a_person_or_an_ai_and_seat_0_always_a_person() -> None:
    settings = Settings(players=4, levels=(PERSON, "hard", "nonsense")).resolved()
    assert settings.levels == (PERSON, "hard", "normal")  # unknown: the default level
    assert settings.people == (0, 1)
    assert settings.is_person(0) and settings.is_person(1) and not settings.is_person(2)
    assert Settings(players=3).resolved().people == (0,)  # the trial: you against two AIs


def test_practice_is_for_one_person_only() -> None:
    assert Settings(players=3, levels=("easy", "easy"), practice=True).resolved().practice
    assert not Settings(players=3, levels=(PERSON, "easy"), practice=True).resolved().practice


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        ("Mei", "Mei"),
        ("  Mei   Lin \n", "Mei Lin"),  # spaces and line breaks trimmed
        ("", "Player 3"),  # nothing typed
        ("\u200b\t", "Player 3"),  # nothing printable
        ("<b>Mei</b>", "<b>Mei</b>"),  # text, never markup: the page draws it as text
        ("\U0001f98a", "\U0001f98a"),  # an emoji is a name
        ("梅", "梅"),
        ("x" * 40, "x" * (NAME_LENGTH - 1) + "\u2026"),  # long names end with an ellipsis
    ],
)
def test_a_typed_name_is_made_fit_for_the_table(typed: str, shown: str) -> None:
    assert person_name(typed, 2) == shown
    assert len(person_name(typed, 2)) <= NAME_LENGTH


def test_names_with_friends_and_alone() -> None:
    assert table_names(3, (0,), ("Ann", "", "")) == ("You", "West", "East")  # alone: "You"
    assert table_names(3, (0, 2), ("Ann", "", "Mei")) == ("Ann", "West", "Mei")
    # Two people who type the same name, or an AI seat's, or "You", are told apart.
    assert table_names(3, (0, 2), ("Mei", "", "mei")) == ("Mei", "West", "mei 2")
    assert table_names(3, (0, 1), ("East", "", "")) == ("East 2", "Player 2", "East")
    assert table_names(2, (0, 1), ("You", "")) == ("You 2", "Player 2")


# -- the hand-over ---------------------------------------------------------------------------


def test_the_device_changes_hands_between_two_people_and_only_when_they_tap() -> None:
    session = friends()
    rng = random.Random(1)
    seen = 0
    while not session.over and seen < 6:
        play_until_handover(session, rng)
        seat = session.handover_to()
        assert seat is not None and seat != session.viewer
        assert not session.human_to_move() and not session.ai_to_move()  # play waits
        with pytest.raises(ValueError, match="nobody"):
            Session.new(session.settings).take_device()
        session.take_device()
        assert session.viewer == seat and session.human_to_move()
        seen += 1
    assert seen == 6


def test_each_person_keeps_or_rotates_privately_in_turn() -> None:
    session = friends()
    orders = []
    rng = random.Random(2)
    while session.game.phase == "orient":
        if session.handover_to() is not None:
            session.take_device()
        if session.human_to_move():
            orders.append(session.viewer)
        session.play(rng.choice([Orient(False), Orient(True)]))
    assert sorted(orders) == [0, 2]


def test_undo_never_reaches_from_one_persons_move_to_another() -> None:
    session = friends()
    rng = random.Random(3)
    for _ in range(12):
        play_until_handover(session, rng)
        before = session.viewer
        session.take_device()
        # The new person cannot take back the last person's move, nor anything before.
        assert not session.can_undo() and session.undo_refusal() == "answered"
        assert session.viewer != before


# -- saves -------------------------------------------------------------------------------------


def test_a_save_keeps_the_seats_the_names_and_whose_view_it_is() -> None:
    session = friends(names=("Ann", "", "<b>Mei</b>"))
    play_until_handover(session, random.Random(5))
    waiting_for = session.handover_to()
    text = storage.dump(session)
    client = json.loads(text)["client"]
    assert client["levels"] == ["normal", PERSON] and client["names"] == ["Ann", "", "<b>Mei</b>"]
    loaded = storage.load(text).session
    assert loaded is not None
    assert loaded.settings.people == (0, 2) and loaded.names == session.names
    # A reload in the middle of a hand-over comes back to the same cover.
    assert loaded.viewer == session.viewer and loaded.handover_to() == waiting_for
    loaded.take_device()
    assert storage.load(storage.dump(loaded)).session.viewer == waiting_for  # type: ignore[union-attr]


def test_saves_from_before_friends_load_as_solo_games() -> None:
    session = Session.new(Settings(players=3, seed=2))
    client = json.loads(storage.dump(session))
    for key in ("names", "viewer"):
        del client["client"][key]
    from scout_core.gamefile import write  # noqa: PLC0415 - a save of the earlier shape

    loaded = storage.load(write(session.game, client["client"])).session
    assert loaded is not None and loaded.settings.people == (0,) and loaded.viewer == 0
    # A viewer that no person plays (an edited save) falls back to seat 0.
    client["client"]["viewer"] = 1
    loaded = storage.load(write(session.game, client["client"])).session
    assert loaded is not None and loaded.viewer == 0


def test_the_start_form_remembers_who_played_and_their_names() -> None:
    settings = Settings(players=3, levels=(PERSON, "hard"), names=("Ann", "Mei", "")).resolved()
    prefs = read_prefs(Prefs.of(settings).to_json())
    assert prefs.level(1) == PERSON and prefs.level(2) == "hard"
    assert prefs.name(0) == "Ann" and prefs.name(1) == "Mei" and prefs.name(4) == ""
    assert read_prefs('{"names": [3, "x"]}').names == ("", "x")  # read leniently


# -- what stays private --------------------------------------------------------------------------


def test_with_friends_the_replay_waits_for_the_end_of_the_game() -> None:
    alone = Session.new(Settings(players=3, rounds=2, seed=3))
    shared = friends(rounds=2)
    rng = random.Random(4)
    for session in (alone, shared):
        while not session.game.round_results:
            if session.handover_to() is not None:
                session.take_device()
            session.play(rng.choice(session.game.legal_moves()))
    assert alone.replayable_rounds() == 1
    assert shared.replayable_rounds() == 0  # a finished round's hands are still private
    while not shared.over:
        if shared.summary_pending:
            shared.close_summary()
        elif shared.handover_to() is not None:
            shared.take_device()
        else:
            shared.play(rng.choice(shared.game.legal_moves()))
    assert shared.replayable_rounds() == 2
