"""The table's logic under CPython: messages, the move entry, AI turns, saves, statistics."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from scout_web import entry as ent
from scout_web import storage, words
from scout_web.replay import Replay
from scout_web.session import SPEEDS, Session, Settings, bot_rng, bot_seed
from scout_web.stats import Stats, read_stats
from scout_web.tutorial import TARGET, guide, tutorial_session
from scout_web.words import (
    HUMAN,
    card_name,
    event_line,
    knowledge_line,
    log_lines,
    seat_names,
    verdict,
)

from scout_core import Card, Game, Scout, ScoutShow, Show, bots, rules
from scout_core.bots.analysis import AnalysisBudget
from scout_core.cards import highest_value, parse_cards
from scout_core.gamefile import checksum
from scout_core.remote import MoveRequest, answer, read_request
from scout_core.review import review_game

TINY = AnalysisBudget(deals=4, screen_deals=2, candidates=2, slice_rollouts=8)


async def no_sleep(_: float) -> None:
    return None


def finish_ai(session: Session) -> None:
    asyncio.run(session.run_ai(no_sleep, lambda: None))


def go(
    entry: ent.Entry, act: str, table: tuple[Card, ...], i: int | None = None, j: int | None = None
) -> ent.Entry:
    """A click's effect on the move being entered (one that is about the entry)."""
    new = ent.step(entry, act, table, i, j)
    assert new is not None, act
    return new


def play_until(session: Session, done: Callable[[Session], bool], seed: int) -> Session:
    """Play the session on (the person at random, the AI players as they do) until ``done``."""
    rng = random.Random(seed)
    while not done(session):
        if session.summary_pending:
            session.close_summary()
        elif session.human_to_move():
            session.play(rng.choice(session.game.legal_moves()))
        else:
            finish_ai(session)
    return session


def human_session(seed: int = 11, players: int = 3) -> Session:
    """A session in the play phase with the person to move."""
    session = Session.new(Settings(players=players, seed=seed, speed="instant"))
    return play_until(
        session, lambda s: s.human_to_move() and s.game.phase == "play" and bool(s.game.table), seed
    )


# -- words ------------------------------------------------------------------------------------


def test_card_names_give_the_value_first() -> None:
    assert card_name(Card(4, 9)) == "4 over 9"


def test_seat_names_put_the_person_first() -> None:
    assert seat_names(3) == ("You", "West", "East")
    assert len(seat_names(5)) == 5


def test_log_lines_read_like_a_table_talk() -> None:
    game = Game.from_dict(
        {
            "players": 3,
            "seed": 1,
            "phase": "play",
            "starter": 0,
            "to_move": 1,
            "hands": [["1/2", "5/6"], ["7/3", "4/9", "6/2"], ["8/1", "9/3"]],
            "table": ["4/5", "5/7", "6/8"],
            "owner": 0,
        }
    )
    game = game.play("scout left 0")
    game = game.play("show 0:2")
    names = seat_names(3)
    lines = [event_line(e, names) for e in game.log]
    assert lines == ["West scouted 4/5 from the left end", "East showed 8-9 and captured 2 cards"]


def test_log_has_round_headers_and_round_ends() -> None:
    session = Session.new(Settings(seed=3, speed="instant"))
    rng = random.Random(3)
    while not session.over:
        if session.summary_pending:
            session.close_summary()
        elif session.human_to_move():
            session.play(rng.choice(session.game.legal_moves()))
        else:
            finish_ai(session)
    texts = [session.line_text(line) for line in log_lines(session.game)]
    assert [t for t in texts if t.startswith("Round ") and " of " in t] == [
        "Round 1 of 3",
        "Round 2 of 3",
        "Round 3 of 3",
    ]
    assert sum("over:" in t for t in texts) == 3


# -- entering a move ----------------------------------------------------------------------------


def test_clicks_change_the_move_being_entered_through_one_pure_step() -> None:
    table = parse_cards("3/1 4/2")
    picked = go(ent.Entry(), "card", table, 2)
    assert picked == ent.Entry(selection=(2,))
    assert go(picked, "card", table, 2) == ent.Entry()
    assert go(picked, "cancel", table) == ent.Entry()  # Esc clears a bare selection
    assert go(picked, "select", table, 4, 6) == ent.Entry(selection=(4, 5))
    assert go(picked, "select", table, 6, 4) == picked  # not a slice: nothing changes
    scout = go(picked, "end-right", table)
    assert scout == ent.Entry("scout", end="right")
    assert go(scout, "card", table, 1) == scout  # cards are not picked while scouting
    flipped = go(scout, "flip", table)
    placed = go(flipped, "gap", table, 3)
    assert placed == ent.Entry("scout", (), "right", True, 3)
    both = go(ent.Entry(), "scout-show", parse_cards("5/2"))
    assert both == ent.Entry("scout_show", end="left")  # one card: no end to choose
    showing = go(go(both, "gap", table, 0), "to-show", table)
    assert showing is not None and showing.show_step
    assert go(showing, "card", table, 0) == replace(showing, selection=(0,))
    assert go(showing, "back", table) == replace(showing, show_step=False)
    assert go(ent.Entry(), "end-left", ()) == ent.Entry()  # an empty table has no end
    assert ent.step(ent.Entry(), "undo", table) is None  # not about the entry


def words_for(hand: str, selection: tuple[int, ...], table: str, players: int = 4) -> str:
    """The page's sentence for the engine's reason (or verdict) on a selection."""
    cards, on_table = parse_cards(hand), parse_cards(table)
    reason = rules.selection_problem(cards, selection, on_table, highest=highest_value(players))
    if reason is None:
        return words.show_note([cards[i].value for i in selection], [c.value for c in on_table])
    return words.reason_text(reason)


def test_selection_messages_word_the_engines_reasons() -> None:
    hand, table = "4/1 9/2 5/3 6/1 7/2", "6/1 7/2"
    assert words_for(hand, (0, 2), table) == (
        "Not adjacent: a show is cards side by side in your hand."
    )
    assert words_for(hand, (0, 1), table) == "4-9 is not a set or run."
    assert words_for(hand, (2, 3), table) == (
        "Does not beat 6-7: needs 3 cards, a set of 2, or a higher run of 2."
    )
    assert words_for(hand, (), table) == "No cards selected."
    assert words_for(hand, (3, 4), "5/1 6/2") == "The run 6-7 beats 5-6 and captures 2 cards."
    assert words_for(hand, (2, 3, 4), table) == "The run 5-6-7 beats 6-7 and captures 2 cards."
    assert words_for(hand, (1,), "") == "A single 9: the table is empty, any show is allowed."


def test_what_beats_the_table_is_said_exactly() -> None:
    hand = "1/2 2/3 3/4"
    assert words_for(hand, (0,), "5/1") == "Does not beat 5: needs 2 cards or a higher single."
    assert words_for(hand, (0,), "9/1", players=3) == "Does not beat 9: needs 2 cards."
    assert words_for(hand, (0,), "9/1", players=4) == (
        "Does not beat 9: needs 2 cards or a higher single."
    )
    assert words_for("1/2 1/3", (0, 1), "3/1 3/2") == (
        "Does not beat 3-3: needs 3 cards or a higher set of 2."
    )
    assert words_for("1/2 2/3", (0, 1), "8/1 9/2", players=3) == (
        "Does not beat 8-9: needs 3 cards or a set of 2."
    )


def test_show_entry_gives_a_move_only_when_legal() -> None:
    session = human_session()
    game = session.game
    for move in game.legal_moves():
        if isinstance(move, Show):
            entry = go(ent.Entry(), "select", game.table, move.start, move.stop)
            assert ent.move_of(game, HUMAN, entry) == move
    assert ent.move_of(game, HUMAN, ent.Entry()) is None
    assert ent.move_of(game, HUMAN, ent.Entry(selection=(0, 2))) is None


def test_scout_entry_needs_an_end_and_a_gap_and_previews_the_hand() -> None:
    session = human_session()
    game = session.game
    entry = go(ent.Entry(), "scout", game.table)
    assert ent.move_of(game, HUMAN, entry) is None
    entry = go(entry, "end-right", game.table)
    entry = go(entry, "flip", game.table)
    assert ent.move_of(game, HUMAN, entry) is None
    entry = go(entry, "gap", game.table, 1)
    hand, new = ent.shown_hand(game, HUMAN, entry)
    assert new == 1 and hand[1] == game.table[-1].flipped()
    assert len(hand) == len(game.hands[HUMAN]) + 1
    assert ent.move_of(game, HUMAN, entry) == Scout("right", True, 1)
    assert ent.shown_table(game, entry) == game.table[:-1]


def test_scout_and_show_is_two_steps_and_can_be_cancelled() -> None:
    session = human_session()
    game = session.game
    wanted = next(m for m in game.legal_moves() if isinstance(m, ScoutShow))
    entry = go(ent.Entry(), "scout-show", game.table)
    entry = go(entry, f"end-{wanted.scout.end}", game.table)
    entry = go(entry, "flip", game.table) if wanted.scout.flip else entry
    entry = go(entry, "gap", game.table, wanted.scout.insert_at)
    assert ent.can_follow_with_show(game, HUMAN, entry)
    assert ent.move_of(game, HUMAN, entry) is None  # not before the show is chosen
    entry = go(entry, "to-show", game.table)
    entry = go(entry, "select", game.table, wanted.show.start, wanted.show.stop)
    assert ent.move_of(game, HUMAN, entry) == wanted
    assert go(entry, "back", game.table) == replace(entry, show_step=False, selection=())
    assert session.game is game  # nothing was played while entering


def test_entry_round_trips_and_rejects_junk() -> None:
    entry = ent.Entry("scout_show", (2, 3), "left", True, 4, True)
    assert ent.Entry.from_dict(json.loads(json.dumps(entry.to_dict()))) == entry
    junk: object
    for junk in (None, [], {"mode": "dance"}, {**entry.to_dict(), "mode": "dance"}):
        with pytest.raises(ValueError):
            ent.Entry.from_dict(junk)


# -- AI turns -----------------------------------------------------------------------------------


def test_ai_turns_run_until_the_person_must_act() -> None:
    session = Session.new(Settings(seed=8, speed="instant"))
    finish_ai(session)
    assert session.human_to_move()


def test_ai_turns_yield_between_slices_and_pause_at_the_chosen_speed() -> None:
    session = human_session(seed=5)
    rng = random.Random(0)
    session.settings = replace(session.settings, speed="fast")
    session.play(rng.choice(session.game.legal_moves()))
    sleeps: list[float] = []

    async def record(seconds: float) -> None:
        sleeps.append(seconds)

    asyncio.run(session.run_ai(record, lambda: None))
    assert SPEEDS["fast"] in sleeps


def test_the_next_ai_player_thinks_during_the_pause_before_its_move() -> None:
    """The pace's pauses (after the person's move, the time to Undo it, and after each AI
    move) are the least time before the next AI move, not time added to its thinking."""
    session = human_session(seed=5)
    session.settings = replace(session.settings, speed="fast")
    session.play(random.Random(0).choice(session.game.legal_moves()))
    events: list[str] = []

    async def sleep(seconds: float) -> None:
        if not seconds:
            await asyncio.sleep(0)
            return
        events.append("pause")
        for _turn in range(5):  # some of the event loop's turns that a real pause gives
            await asyncio.sleep(0)
        events.append("paused")

    async def remote(_request: str) -> str | None:
        events.append("asked")
        return None  # nobody else answers: thought here, in slices

    asyncio.run(session.run_ai(sleep, lambda: events.append("moved"), remote))
    told = " ".join(events)
    assert told.startswith("pause asked paused moved pause asked paused moved"), told
    assert told.count("pause asked paused") == told.count("pause "), told


def test_a_turn_stopped_during_the_pause_stops_its_thinking() -> None:
    session = human_session(seed=5)
    session.settings = replace(session.settings, speed="fast")
    session.play(random.Random(0).choice(session.game.legal_moves()))
    slices: list[float] = []

    async def undo_at_once(seconds: float) -> None:
        if seconds:
            session.undo()  # the person takes the move back during the grace
        else:
            slices.append(seconds)
        await asyncio.sleep(0)

    async def turn_then_wait() -> int:
        await session.run_ai(undo_at_once, lambda: pytest.fail("an AI moved"))
        thought = len(slices)
        for _turn in range(50):
            await asyncio.sleep(0)
        return thought

    thought = asyncio.run(turn_then_wait())
    assert session.human_to_move() and session.thinking is None
    assert len(slices) == thought  # nothing goes on thinking for the stale position


def test_a_replaced_game_stops_the_ai() -> None:
    session = Session.new(Settings(seed=9, speed="slow"))
    moved: list[int] = []

    async def interrupt(_: float) -> None:
        session.epoch += 1

    if session.ai_to_move():
        asyncio.run(session.run_ai(interrupt, lambda: moved.append(1)))
        assert len(moved) <= 1


def test_the_bot_chooses_the_same_move_after_a_reload() -> None:
    game = Game.new(seed=4)
    assert bot_rng(game).random() == bot_rng(Game.from_dict(game.to_dict())).random()


def test_undo_only_until_the_next_player_moves() -> None:
    session = human_session(seed=12)
    before = session.game
    session.play(session.game.legal_moves()[-1])
    if session.game.round == before.round and len(session.game.round_results) == len(
        before.round_results
    ):
        assert session.can_undo()
        session.undo()
        assert session.game is before and not session.can_undo()
        session.play(session.game.legal_moves()[0])
        if session.ai_to_move():
            finish_ai(session)
            assert not session.can_undo()


# -- saves --------------------------------------------------------------------------------------


def play_through(seed: int, players: int = 3) -> list[str]:
    """Save texts after every move of a whole game."""
    session = Session.new(Settings(players=players, seed=seed, speed="instant"))
    rng = random.Random(seed)
    saves = [storage.dump(session)]
    while not session.over:
        if session.summary_pending:
            session.close_summary()
        elif session.human_to_move():
            session.play(rng.choice(session.game.legal_moves()))
        else:
            session.play(session.game.legal_moves()[0])
        saves.append(storage.dump(session))
    return saves


@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_save_loads_back_to_the_same_game(players: int) -> None:
    for text in play_through(21, players):
        loaded = storage.load(text)
        assert loaded.problem is None and loaded.session is not None
        assert storage.dump(loaded.session) == text


def test_a_half_entered_scout_and_show_survives_a_reload() -> None:
    session = human_session(seed=13)
    wanted = next(m for m in session.game.legal_moves() if isinstance(m, ScoutShow))
    entry = ent.Entry("scout_show", (), wanted.scout.end, wanted.scout.flip, wanted.scout.insert_at)
    session.entry = replace(entry, show_step=True)
    loaded = storage.load(storage.dump(session))
    assert loaded.session is not None and loaded.session.entry == session.entry


def edited(text: str, change: str) -> str:
    data = json.loads(text)
    if change == "move":
        data["game"]["moves"][-1] = "show 0:9"
        data["checksum"] = checksum(data)  # even a well-sealed illegal move is refused
    elif change == "unsealed":
        data["game"]["moves"].pop()
    elif change == "schema":
        data["schema"] = 99
    elif change == "ruleset":
        data["ruleset"] = "scout-house-rules"
    elif change == "kind":
        data["kind"] = "chess-game"
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ("move", "(show 0:9) is not legal"),
        ("unsealed", "changed or damaged"),
        ("schema", "newer version of this page (format 99)"),
        ("ruleset", "other rules"),
        ("kind", "not a SCOUT game"),
    ],
)
def test_edited_saves_are_refused_with_a_clear_message(change: str, words: str) -> None:
    session = human_session(seed=14)
    loaded = storage.load(edited(storage.dump(session), change))
    assert loaded.session is None and loaded.problem is not None
    assert words in loaded.problem


def test_the_table_section_is_read_leniently_so_no_game_is_lost() -> None:
    session = human_session(seed=14)
    data = json.loads(storage.dump(session))
    data["client"] = {
        "levels": ["grandmaster", 7],
        "speed": "warp",
        "entry": {"mode": "scout", "insert_at": 99},
        "rounds_seen": -3,
    }
    data["checksum"] = checksum(data)
    loaded = storage.load(json.dumps(data))
    assert loaded.session is not None
    assert loaded.session.game == session.game
    assert loaded.session.settings.levels == ("normal", "normal")
    assert loaded.session.settings.speed == "normal"
    assert loaded.session.entry == ent.Entry() and loaded.session.rounds_seen == 0


def test_a_reworded_log_line_does_not_invalidate_a_save(monkeypatch: pytest.MonkeyPatch) -> None:
    session = human_session(seed=15)
    text = storage.dump(session)
    monkeypatch.setattr(words, "event_line", lambda event, names: "reworded")
    loaded = storage.load(text)
    assert loaded.session is not None and loaded.session.game == session.game
    assert "reworded" in [loaded.session.line_text(line) for line in loaded.session.lines()]


@pytest.mark.parametrize("text", ["", "{", "[]", "null", '{"schema": 1}', "\u0000\u0001"])
def test_damaged_saves_never_crash(text: str) -> None:
    loaded = storage.load(text)
    assert loaded.session is None and loaded.problem


def test_no_save_is_no_problem() -> None:
    assert storage.load(None) == storage.Loaded(None)


def test_undo_survives_a_reload_until_the_next_player_moves() -> None:
    session = human_session(seed=16)
    before = session.game
    session.play(next(m for m in before.legal_moves() if isinstance(m, Scout)))
    assert session.can_undo()
    loaded = storage.load(storage.dump(session)).session
    assert loaded is not None and loaded.can_undo()
    loaded.undo()
    assert loaded.game.moves == before.moves
    finish_ai(session)
    again = storage.load(storage.dump(session)).session
    assert again is not None and not again.can_undo()


FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "saves"


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("schema*.json")), ids=lambda p: p.stem)
def test_every_save_that_shipped_resumes_exactly(path: Path) -> None:
    kept = json.loads(path.read_text())
    old = json.loads(kept["scout.save"])
    loaded = storage.load(kept["scout.save"])
    assert loaded.problem is None and loaded.session is not None
    session = loaded.session
    assert session.game == Game.from_dict(old["snapshot"])
    settings = session.settings
    assert [settings.players, settings.rounds, list(settings.levels), settings.seed] == [
        old["settings"][key] for key in ("players", "rounds", "levels", "seed")
    ]
    assert settings.speed == old["settings"]["speed"]
    assert session.entry.to_dict() == old["ui"]["entry"]
    assert session.rounds_seen == old["ui"]["rounds_seen"]
    assert session.counted == old["ui"]["counted"]
    assert session.can_undo() == old["ui"]["undo"]
    if "scout.stats" in kept:
        assert read_stats(kept["scout.stats"]) is not None
    # Saved again, it is in today's format and reads back the same.
    again = storage.load(storage.dump(session)).session
    assert again is not None and storage.dump(again) == storage.dump(session)


def test_statistics_count_games_wins_and_scores() -> None:
    saves = play_through(5)
    session = storage.load(saves[-1]).session
    assert session is not None and session.over
    stats = Stats().after(session.game).after(session.game)
    again = read_stats(stats.to_json())
    assert again == stats and again.played == 2
    assert again.best == session.game.totals[HUMAN]
    assert read_stats(None) == Stats()
    assert read_stats("junk") is None  # kept aside by the page, never counted over
    assert read_stats('{"schema": 9, "played": 1, "won": 0, "total_score": 3}') is None


def test_statistics_of_schema_1_still_load() -> None:
    text = '{"schema": 1, "played": 3, "won": 1, "total_score": 12, "best": 9, "last_seed": 1}'
    assert read_stats(text) == Stats(3, 1, 12, 9)


# -- the guided first hand ----------------------------------------------------------------------


def test_guided_hand_walks_through_4_5_beating_3_4() -> None:
    session, _ = tutorial_session()
    assert "pick the 4" in guide(session)
    session.entry = ent.Entry(selection=TARGET)
    assert "4 is higher than 3" in guide(session)
    move = ent.move_of(session.game, HUMAN, session.entry)
    assert move == Show(1, 3)
    session.play(move)
    assert session.game.position.captured[HUMAN] == 2
    assert len(session.game.hands[HUMAN]) == 3
    assert "captured the 2 cards" in guide(session)


@pytest.mark.parametrize("seed", range(6))
def test_scout_show_possible_agrees_with_the_engine(seed: int) -> None:
    session = Session.new(Settings(players=4, seed=seed, speed="instant"))
    rng = random.Random(seed)
    while not session.over:
        game = session.game
        if game.phase == "play":
            seat = game.to_move
            assert seat is not None
            listed = any(isinstance(m, ScoutShow) for m in game.legal_moves())
            assert ent.scout_show_possible(game, seat) == listed
        if session.summary_pending:
            session.close_summary()
        else:
            session.play(rng.choice(game.legal_moves()))


class SlicedBot:
    """A bot with the ``think`` contract: None after each slice of work, then the move."""

    level = "sliced"

    def think(self, observation: Any, rng: random.Random) -> Iterator[Any]:
        for _ in range(5):
            yield None
        yield observation.legal_moves()[0]


def test_thinking_bots_are_driven_slice_by_slice(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bots, "make", lambda level: SlicedBot())
    session = Session.new(Settings(seed=16, speed="instant"))
    rng = random.Random(16)
    while not session.ai_to_move():
        session.play(rng.choice(session.game.legal_moves()))
    slices: list[float] = []

    async def count(seconds: float) -> None:
        slices.append(seconds)

    seat = session.game.to_move
    assert seat is not None
    move = asyncio.run(session.think(count))
    assert slices == [0] * 6  # one before thinking, one after each slice
    assert move == session.game.observation(seat).legal_moves()[0]


def test_tied_leaders_share_the_victory() -> None:
    names = seat_names(3)
    assert verdict([5, 5, 1], [0, 1], names) == "You share the victory with West at 5 points!"
    assert verdict([2, 7, 7], [1, 2], names) == "West and East share the victory with 7 points."
    assert verdict([9, 7, 7], [0], names) == "You win with 9 points!"
    assert verdict([1, 7, 3], [1], names) == "West wins with 7 points."


def test_round_end_reasons_are_told() -> None:
    saves = play_through(31, players=2)
    session = storage.load(saves[-1]).session
    assert session is not None
    ends = [session.line_text(line) for line in session.lines() if line.kind == "end"]
    assert len(ends) == 2
    assert all(any(w in t for w in ("last card", "scouted after", "neither beat")) for t in ends)


def test_suggested_moves_become_entries_that_confirm_to_the_same_move() -> None:
    session = human_session(seed=17)
    game = session.game
    for move in game.legal_moves()[::7]:
        entry = ent.entry_for(move)
        assert entry is not None
        assert ent.move_of(game, HUMAN, entry) == move
        assert ent.describe_move(game, HUMAN, move)
    slices = ent.legal_slices(game, HUMAN, ent.Entry())
    assert {Show(a, b) for a, b in slices} == {m for m in game.legal_moves() if isinstance(m, Show)}


def test_advice_is_the_strongest_players_move_thought_in_slices(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = human_session(seed=18)
    asked: list[str] = []

    def make(level: str) -> SlicedBot:
        asked.append(level)
        return SlicedBot()

    monkeypatch.setattr(bots, "make", make)
    slices: list[float] = []

    async def count(seconds: float) -> None:
        slices.append(seconds)

    move = asyncio.run(session.advise(count))
    assert move == session.game.legal_moves()[0]
    assert asked == [bots.levels()[-1]]
    assert slices == [0] * 5


def ai_turn(seed: int) -> Session:
    session = Session.new(Settings(seed=seed, speed="instant"))
    rng = random.Random(seed)
    while not session.ai_to_move():
        session.play(rng.choice(session.game.legal_moves()))
    return session


def test_an_ai_move_is_asked_of_the_remote_thinker_and_is_the_same_move() -> None:
    session = ai_turn(21)
    requests: list[str] = []

    async def remote(request: str) -> str | None:
        requests.append(request)
        return answer(request)

    slices: list[float] = []

    async def count(seconds: float) -> None:
        slices.append(seconds)

    move = asyncio.run(session.think(count, remote))
    asked = read_request(requests[0])
    assert asked == MoveRequest(session.game, "normal", bot_seed(session.game))
    assert move == asyncio.run(session.think(count))  # thought here, slice by slice
    assert slices[0] == 0 and len(requests) == 1


@pytest.mark.parametrize("reply", [None, '{"problem": "busy"}', "garbled"])
def test_without_an_answer_from_the_remote_thinker_the_ai_thinks_here(
    monkeypatch: pytest.MonkeyPatch, reply: str | None
) -> None:
    monkeypatch.setattr(bots, "make", lambda level: SlicedBot())
    session = ai_turn(22)

    async def remote(request: str) -> str | None:
        return reply

    slices: list[float] = []

    async def count(seconds: float) -> None:
        slices.append(seconds)

    move = asyncio.run(session.think(count, remote))
    assert move == session.game.legal_moves()[0]
    assert slices == [0] * 6


def test_a_whole_game_played_by_remote_answers_is_the_game_played_here() -> None:
    async def remote(request: str) -> str | None:
        return answer(request)

    here = ai_turn(23)
    there = Session.new(here.settings)
    there.game = here.game
    rng = random.Random(5)
    for session in (here, there):
        while not session.over:
            if session.summary_pending:
                session.close_summary()
            elif session.ai_to_move():
                asyncio.run(
                    session.run_ai(no_sleep, lambda: None, remote if session is there else None)
                )
            else:
                session.play(rng.choice(session.game.legal_moves()))
        rng = random.Random(5)
    assert there.game.moves == here.game.moves


# -- the replay and practice ----------------------------------------------------------------------


def played_session(seed: int, rounds: int, *, practice: bool = False) -> Session:
    """A session played (randomly for the person) until the game is over."""
    settings = Settings(rounds=rounds, seed=seed, speed="instant", practice=practice)
    return play_until(Session.new(settings), lambda s: s.over, seed)


def test_the_replay_shows_only_finished_rounds_until_the_game_is_over() -> None:
    game = played_session(7, 2).game
    states = [Game.new(players=3, rounds=2, seed=7)]
    for move in game.moves:
        states.append(states[-1].play(move))
    end_of_round_1 = next(i for i, g in enumerate(states) if g.round_results)
    assert Replay.of(states[end_of_round_1 - 1]) is None  # round 1 still being played
    middle = Replay.of(states[end_of_round_1 + 3])
    assert middle is not None and middle.limit == end_of_round_1
    whole = Replay.of(game)
    assert whole is not None and whole.limit == len(game.moves) == whole.at
    # The round-ending step shows the hands as the round ended, not the next deal.
    at_end = whole.moved("replay-goto", end_of_round_1)
    hands, _, _ = at_end.seen()
    assert any(len(hand) != 12 for hand in hands)
    assert at_end.moved("replay-forward").seen()[0] == states[end_of_round_1 + 1].hands
    assert at_end.moved("replay-forward").moved("replay-start").at == end_of_round_1
    assert at_end.moved("replay-start").at == 0
    assert whole.moved("replay-forward").at == whole.limit  # never past the end
    assert whole.moved("replay-goto", -5).at == 0


def test_a_log_line_leads_to_the_step_that_recorded_it() -> None:
    game = played_session(8, 1).game
    replay = Replay.of(game)
    assert replay is not None
    for number, event in enumerate(game.log):
        at = replay.step_of_event(number)
        assert at is not None and event in replay.steps[at].game.log
        assert event not in replay.steps[at - 1].game.log[number : number + 1]


def test_what_an_ai_player_knew_is_said_from_its_own_view() -> None:
    game = played_session(9, 1).game
    replay = Replay.of(game, 20)
    assert replay is not None
    step = replay.steps[replay.at - 1]
    seat = replay.step.seat
    assert seat is not None
    line = knowledge_line(step.known_to(seat), seat_names(3))
    hand = " ".join(map(str, step.game.hands[seat]))
    assert f"its own hand ({hand})" in line
    for other in range(3):
        if other != seat:
            # Another hand is never listed whole.
            assert " ".join(map(str, step.game.hands[other])) not in line


def test_practice_takes_back_any_decision_and_the_ai_answers_again_the_same() -> None:
    session = human_session(seed=19)
    session.settings = replace(session.settings, practice=True)
    first = session.game
    rng = random.Random(19)
    played = []
    for _ in range(3):
        move = rng.choice(session.game.legal_moves())
        played.append(move)
        session.play(move)
        finish_ai(session)
        while session.summary_pending:
            session.close_summary()
            finish_ai(session)
        if session.over:
            break
    after = session.game
    for _ in played:
        assert session.can_undo()
        session.undo()
    assert session.game == first
    for move in played:
        session.play(move)
        finish_ai(session)
        while session.summary_pending:
            session.close_summary()
            finish_ai(session)
    assert session.game == after


def test_a_practice_game_and_its_analysis_are_kept_with_the_save() -> None:
    session = played_session(10, 1, practice=True)
    session.review = review_game(session.game, HUMAN, budget=TINY)
    loaded = storage.load(storage.dump(session)).session
    assert loaded is not None and loaded.settings.practice
    assert loaded.review == session.review
    other = played_session(11, 1)
    data = json.loads(storage.dump(other))
    data["client"]["review"] = session.review.to_dict()  # the analysis of another game
    data["checksum"] = checksum(data)
    again = storage.load(json.dumps(data)).session
    assert again is not None and again.review is None
