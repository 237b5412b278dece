"""Game files: round trips, every schema that shipped, and a clear refusal of anything else."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from scout_core import Game
from scout_core.gamefile import (
    SCHEMA,
    GameFileError,
    checksum,
    content,
    read,
    write,
)

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "saves"
SAVES = sorted(FIXTURES.glob("schema*.json"))


def random_game(players: int, seed: int) -> Game:
    rng = random.Random(seed)
    game = Game.new(players=players, seed=seed)
    for _ in range(rng.randrange(0, 150)):
        if game.phase == "over":
            break
        game = game.play(rng.choice(game.legal_moves()))
    return game


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_file_reads_back_as_the_same_game_and_client_section(players: int) -> None:
    for seed in range(10):
        game = random_game(players, seed)
        client = {"speed": "fast", "names": ["Mei", "\u738b", "<b>"]}
        record = read(write(game, client, indent=1 if seed % 2 else None))
        assert record.game == game and record.client == client and record.schema == SCHEMA


def test_a_file_holds_only_what_was_decided() -> None:
    game = random_game(3, 4)
    data = json.loads(write(game, {}))
    assert set(data) == {"kind", "schema", "ruleset", "game", "client", "checksum"}
    assert data["game"] == {
        "players": 3,
        "rounds": 3,
        "seed": 4,
        "moves": [str(m) for m in game.moves],
    }
    assert data["checksum"] == checksum(content(game, {}))


@pytest.mark.parametrize("path", SAVES, ids=[p.stem for p in SAVES])
def test_every_save_that_shipped_replays_to_the_position_it_was_saved_in(path: Path) -> None:
    text = json.loads(path.read_text())["scout.save"]
    saved = json.loads(text)
    record = read(text)
    # The snapshot is what the page held when it wrote the save: derived, so not read, but
    # replaying the moves must give exactly that position again.
    assert record.game == Game.from_dict(saved["snapshot"])
    assert record.schema == saved["schema"]


def test_the_fixtures_cover_every_schema_written_before_this_one() -> None:
    written = {json.loads(json.loads(p.read_text())["scout.save"])["schema"] for p in SAVES}
    assert written == set(range(1, SCHEMA))


def test_schema_1_keeps_the_table_state_in_the_client_section() -> None:
    path = FIXTURES / "schema1-scout-and-show-half-entered.json"
    saved = json.loads(json.loads(path.read_text())["scout.save"])
    client = read(json.dumps(saved)).client
    assert client == {
        "levels": saved["settings"]["levels"],
        "speed": saved["settings"]["speed"],
        "entry": saved["ui"]["entry"],
        "rounds_seen": saved["ui"]["rounds_seen"],
        "counted": False,
    }


def test_schema_1_does_not_depend_on_its_derived_parts() -> None:
    # A later wording of the log or a new key in the snapshot must not refuse an old save.
    path = FIXTURES / "schema1-three-players-mid-round.json"
    saved = json.loads(json.loads(path.read_text())["scout.save"])
    saved["log"] = ["reworded"]
    saved["snapshot"]["a_new_key"] = 1
    assert read(json.dumps(saved)).game.moves == tuple(
        read(json.loads(path.read_text())["scout.save"]).game.moves
    )


def sealed(change: Any) -> str:
    data = json.loads(write(random_game(3, 9), {}))
    change(data)
    data["checksum"] = checksum(data)
    return json.dumps(data)


def unsealed(change: Any) -> str:
    data = json.loads(write(random_game(3, 9), {}))
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "code", "key"),
    [
        ("{not json", "not_json", None),
        ("[1, 2]", "not_a_game", None),
        ('{"players": 3}', "not_a_game", None),
        (unsealed(lambda d: d["game"]["moves"].pop()), "checksum", "checksum"),
        (unsealed(lambda d: d.pop("checksum")), "checksum", "checksum"),
        (unsealed(lambda d: d.update(schema=SCHEMA + 1)), "newer", None),
        (unsealed(lambda d: d.update(schema="two")), "unknown_schema", None),
        (unsealed(lambda d: d.update(schema=0)), "unknown_schema", None),
        (sealed(lambda d: d.update(kind="chess")), "not_a_game", "kind"),
        (sealed(lambda d: d.update(ruleset="house")), "other_rules", "ruleset"),
        (sealed(lambda d: d["game"].update(players=6)), "bad_value", "game.players"),
        (sealed(lambda d: d["game"].update(rounds=0)), "bad_value", "game.rounds"),
        (sealed(lambda d: d["game"].pop("rounds")), "bad_value", "game.rounds"),
        (sealed(lambda d: d["game"].update(seed=-1)), "bad_value", "game.seed"),
        (sealed(lambda d: d["game"].update(moves="keep")), "bad_value", "game.moves"),
        (sealed(lambda d: d.update(client=[])), "bad_value", "client"),
        (sealed(lambda d: d.update(game=None)), "bad_value", "game"),
    ],
)
def test_a_file_that_cannot_be_trusted_is_refused_naming_why(
    text: str, code: str, key: str | None
) -> None:
    with pytest.raises(GameFileError) as caught:
        read(text)
    assert caught.value.code == code and caught.value.key == key


def test_an_illegal_move_is_refused_with_its_number() -> None:
    text = sealed(lambda d: d["game"]["moves"].insert(1, "show 0:12"))
    with pytest.raises(GameFileError) as caught:
        read(text)
    error = caught.value
    assert (error.code, error.number, error.move) == ("illegal_move", 2, "show 0:12")
    assert "move 2 ('show 0:12') is not legal" in str(error)


def test_a_finished_game_file_replays_its_deal() -> None:
    game = random_game(2, 3)
    while game.phase != "over":
        game = game.play(game.legal_moves()[0])
    again = read(write(game, {})).game
    assert again.phase == "over" and again.totals == game.totals
    assert (
        Game.new(players=2, rounds=again.rounds, seed=again.seed).hands
        == Game.new(players=2, seed=game.seed).hands
    )
