"""``tools/scout_show_reach.py``: how often a seat holding its Scout & Show chip can beat the
table with it, counted on scripted positions and on fast-player rounds."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from scout_core.cards import Card
from scout_core.position import Position

ROOT = Path(__file__).resolve().parents[2]
if not (ROOT / "tools").is_dir():
    # The Pyodide layer mounts tests/ alone; the tool is CPython's.
    pytest.skip("tools/ is not here", allow_module_level=True)
sys.path.insert(0, str(ROOT / "tools"))

import scout_show_reach as tool  # noqa: E402 - tools/ is put on the path above


def cards(text: str) -> tuple[Card, ...]:
    """Cards written ``value/other``, apart by spaces."""
    return tuple(Card.parse(c) for c in text.split())


def facing(table: str, hand: str) -> Position:
    """Seat 0 of three to move, holding ``hand`` and its chip, seat 1's ``table`` to beat."""
    return Position(
        players=3,
        phase="play",
        starter=1,
        to_move=0,
        hands=(cards(hand), cards("6/7 6/8"), cards("2/3 2/4")),
        table=cards(table),
        owner=1,
        scouts_in_row=1,
    )


def test_a_pair_no_show_beats_falls_to_a_single_card_after_the_scout() -> None:
    # No pair, no run in 1 3 7; scouting a 5 leaves a single 5, which the 7 beats.
    assert tool.reach(facing("5/1 5/2", "1/2 3/4 7/8")) == (False, True)


def test_three_of_a_kind_left_by_the_scout_holds() -> None:
    # After a 9 is scouted three 9s remain; the best the hand can make with it is the run 1 2 3.
    assert tool.reach(facing("9/1 9/2 9/3 9/4", "1/2 3/5")) == (False, False)


def test_a_show_that_beats_is_seen() -> None:
    assert tool.reach(facing("5/1", "7/8 3/4")) == (True, True)


def test_counts_add_up_and_repeat_for_a_seed() -> None:
    groups = tool.tally(players=4, rounds=6, seed=3)
    assert groups == tool.tally(players=4, rounds=6, seed=3)
    assert sorted(groups) == [1, 2, 3, 4]
    assert sum(r.turns for r in groups.values()) > 20
    for r in groups.values():
        assert 0 <= r.scout_show <= r.no_show <= r.turns
    # Every counted turn really has the chip in hand and a set to beat.
    for position in tool.turns_with_the_chip(4, seed=3, round_no=1):
        assert position.table and position.scout_show[position.to_move]


def test_the_report_gives_each_group_and_every_turn() -> None:
    groups = {1: tool.Reach(4, 4, 0), 2: tool.Reach(), 3: tool.Reach(5, 1, 3), 4: tool.Reach()}
    assert tool.report(groups) == [
        "table of 1: 4 turns, a show beats it 100%; of the 0 where none does, "
        "a Scout & Show beats it -",
        "table of 2: 0 turns, a show beats it -; of the 0 where none does, "
        "a Scout & Show beats it -",
        "table of 3: 5 turns, a show beats it 20%; of the 4 where none does, "
        "a Scout & Show beats it 75%",
        "table of 4+: 0 turns, a show beats it -; of the 0 where none does, "
        "a Scout & Show beats it -",
        "every table: 9 turns, a show beats it 56%; of the 4 where none does, "
        "a Scout & Show beats it 75%",
    ]


def test_a_table_without_scout_and_show_is_refused() -> None:
    with pytest.raises(ValueError, match="Scout & Show is played by 3 to 5 players, not 2"):
        tool.tally(players=2, rounds=1, seed=1)
    with pytest.raises(SystemExit):
        tool.main(["--rounds", "0"])
