"""Small matches: the levels come in order, by margins far wider than the luck of 24 games."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from scout_core import Game, arena
from scout_core.bots import Bot, make


def test_easy_beats_random() -> None:
    result = arena.run("easy", "random", players=3, games=24, seed=3)
    assert result.win_share >= 0.75  # measured over 400 games: 97%
    assert result.score_diff > 10


def test_normal_beats_easy() -> None:
    result = arena.run("normal", "easy", players=3, games=24, seed=3)
    assert result.win_share >= 0.55  # measured over 400 games: 95%
    assert result.score_diff > 5


@pytest.mark.parametrize("players", [2, 4, 5])
def test_normal_beats_random_at_every_table_size(players: int) -> None:
    result = arena.run("normal", "random", players=players, games=12, seed=4)
    assert result.win_share >= 0.75


def test_report_names_the_figures() -> None:
    result = arena.run("normal", "easy", players=2, games=4, seed=1, rounds=1)
    text = result.report()
    assert result.games == 4
    for words in ("win share", "95% CI", "mean score difference", "median", "95th percentile"):
        assert words in text
    low, high = result.interval
    assert 0.0 <= low <= result.win_share <= high <= 1.0


@pytest.mark.slow
def test_hard_beats_normal() -> None:
    result = arena.run("hard", "normal", players=3, games=12, seed=5, rounds=1)
    assert result.score_diff > 0  # measured over 30 whole games: 78% wins, +16 points


def test_a_logged_match_can_be_reported_from_its_log() -> None:
    log = io.StringIO()
    played = arena.run("normal", "easy", players=3, games=3, seed=2, rounds=1, log=log)
    lines = log.getvalue().splitlines()
    assert len(lines) == 3
    again = arena.read_log("normal", "easy", 3, lines)
    assert again.report() == played.report()


def test_a_stopped_match_resumed_from_its_log_is_the_whole_match() -> None:
    whole = arena.run("normal", "easy", players=3, games=5, seed=6, rounds=1)
    log = io.StringIO()
    arena.run("normal", "easy", players=3, games=2, seed=6, rounds=1, log=log)
    stopped = arena.read_log("normal", "easy", 3, log.getvalue().splitlines())
    resumed = arena.run(
        "normal", "easy", players=3, games=5, seed=6, rounds=1, played=stopped, log=log
    )
    assert [o.win for o in resumed.outcomes] == [o.win for o in whole.outcomes]
    assert [o.score_diff for o in resumed.outcomes] == [o.score_diff for o in whole.outcomes]
    lines = log.getvalue().splitlines()
    assert [json.loads(line)["game"] for line in lines] == [0, 1, 2, 3, 4]


def test_every_round_is_scored_and_the_rounds_add_up_to_the_game() -> None:
    log = io.StringIO()
    result = arena.run("normal", "easy", players=3, games=3, seed=2, log=log)
    for outcome in result.outcomes:
        assert len(outcome.round_diffs) == 3  # three players: three rounds (R5)
        assert sum(outcome.round_diffs) == pytest.approx(outcome.score_diff)
    by_round = result.round_diffs()
    assert [mean for mean, _ in by_round] == pytest.approx(
        [sum(o.round_diffs[r] for o in result.outcomes) / 3 for r in range(3)]
    )
    assert all(half > 0 for _, half in by_round)
    assert "by round, with 95% intervals: 1: " in result.report()
    again = arena.read_log("normal", "easy", 3, log.getvalue().splitlines())
    assert again.report() == result.report()


def test_a_log_written_before_rounds_were_kept_still_reads() -> None:
    line = '{"game": 0, "win": 0.5, "score_diff": 3.5, "seconds": [0.1], "cpu_seconds": [0.1]}'
    result = arena.read_log("hard", "normal", 3, [line])
    assert (result.win_share, result.score_diff, result.round_diffs()) == (0.5, 3.5, [])
    assert "by round" not in result.report()


def test_a_seats_margin_is_its_score_less_the_mean_of_the_others() -> None:
    assert arena.margin((5, 2, -1), 0) == 4.5
    assert arena.margin((5, 2, -1, 3), 2) == -(1 + 10 / 3)
    assert arena.margin((4, 6), 1) == 2


@pytest.mark.parametrize(
    ("lines", "problem"),
    [
        (['{"game": 0, "win": 1'], "log line 1: not JSON"),
        (
            ['{"game": 1, "win": 1.0, "score_diff": 2, "seconds": [], "cpu_seconds": []}'],
            "log line 1: not the outcome of game 0",
        ),
        (["[1, 2]"], "log line 1: not the outcome of game 0"),
        (['{"game": 0, "win": 1.0, "seconds": [], "cpu_seconds": []}'], "has no 'score_diff'"),
    ],
)
def test_a_log_that_is_not_a_match_is_refused(lines: list[str], problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        arena.read_log("normal", "easy", 3, lines)


def test_the_command_resumes_a_logged_match_and_never_mixes_two(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "match.log"
    args = ["normal", "easy", "--players", "2", "--rounds", "1", "--seed", "3", "--log", str(log)]
    arena.main([*args, "--games", "2"])
    with pytest.raises(SystemExit):
        arena.main([*args, "--games", "3"])  # a second match would mix into the first
    assert "already holds games: --resume goes on with them" in capsys.readouterr().err
    arena.main([*args, "--games", "3", "--resume"])
    assert "3 games" in capsys.readouterr().out
    assert len(log.read_text(encoding="utf-8").splitlines()) == 3
    with pytest.raises(SystemExit):
        arena.main([*args, "--games", "2", "--resume"])
    assert "already holds 3 games, more than --games" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        arena.main(["normal", "easy", "--resume"])
    assert "read the games of --log FILE" in capsys.readouterr().err


def test_a_roster_adds_levels_and_is_shown_each_move_before_it_is_made() -> None:
    shown: list[tuple[int, int | None, str]] = []

    def make_bot(level: str) -> Bot:
        return make("normal" if level == "mine" else level)

    def before_move(game: Game, bot: Bot) -> None:
        shown.append((len(game.moves), game.to_move, bot.level))

    roster = arena.Roster(make=make_bot, before_move=before_move)
    arena.play_game("mine", "easy", players=3, rounds=1, seed=2, index=1, roster=roster)
    # Every move was announced once, in order, with the seat about to make it.
    assert [n for n, _, _ in shown] == list(range(len(shown)))
    assert {level for _, seat, level in shown if seat == 1} == {"normal"}
    assert {level for _, seat, level in shown if seat != 1} == {"easy"}
    with pytest.raises(ValueError, match="no bot level 'nobody'"):
        arena.run("nobody", "easy", games=1, roster=roster)


def test_the_command_names_an_unknown_level_before_it_plays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "match.log"
    with pytest.raises(SystemExit) as stopped:
        arena.main(["normal", "nobody", "--games", "1", "--log", str(log)])
    assert stopped.value.code == 2
    assert "no bot level 'nobody'; choose one of random, easy" in capsys.readouterr().err
    assert not log.exists()


def test_two_matches_of_the_same_games_are_paired_game_by_game() -> None:
    after = arena.run("normal", "easy", players=3, games=4, seed=4)
    before = arena.run("easy", "easy", players=3, games=4, seed=4)
    pairing = arena.pair(after, before)
    couples = list(zip(after.outcomes, before.outcomes, strict=True))
    changes = [a.score_diff - b.score_diff for a, b in couples]
    assert pairing.games == 4
    assert pairing.score_diff[0] == pytest.approx(sum(changes) / 4)
    assert pairing.score_diff[1] == arena.half_width(changes) > 0
    assert pairing.win_share[0] == pytest.approx(after.win_share - before.win_share)
    assert len(pairing.round_diffs) == 3
    assert pairing.round_diffs[1][0] == pytest.approx(
        sum(a.round_diffs[1] - b.round_diffs[1] for a, b in couples) / 4
    )
    same = arena.pair(after, arena.run("normal", "easy", players=3, games=4, seed=4))
    assert same.alike == 4 and same.score_diff == (0.0, 0.0) and same.win_share == (0.0, 0.0)


def test_pairs_of_matches_pool_into_one_pairing_of_all_their_games() -> None:
    seeds = (4, 5)
    matches = [
        (
            arena.run("normal", "easy", players=3, games=3, seed=seed),
            arena.run("easy", "easy", players=3, games=2, seed=seed),
        )
        for seed in seeds
    ]
    pooled = arena.pool(matches)
    couples = [
        c for after, before in matches for c in zip(after.outcomes, before.outcomes, strict=False)
    ]
    changes = [a.score_diff - b.score_diff for a, b in couples]
    assert pooled.games == 4  # each pair counts the games both of its matches played
    assert pooled.score_diff[0] == pytest.approx(sum(changes) / 4)
    assert pooled.score_diff[1] == arena.half_width(changes)
    assert pooled.win_share[0] == pytest.approx(sum(a.win - b.win for a, b in couples) / 4)
    assert len(pooled.round_diffs) == 3
    assert arena.pool(matches[:1]) == arena.pair(*matches[0])
    with pytest.raises(ValueError, match="no matches to pair"):
        arena.pool([])
    with pytest.raises(ValueError, match="share no game"):
        arena.pool([*matches, (matches[0][0], arena.ArenaResult("easy", "easy", 3))])


def test_matches_of_other_games_are_not_paired() -> None:
    whole = arena.run("normal", "easy", players=3, games=2, seed=4)
    one_round = arena.run("normal", "easy", players=3, games=2, seed=4, rounds=1)
    with pytest.raises(ValueError, match="game 0 has 3 rounds in one match and 1 in the other"):
        arena.pair(whole, one_round)
    with pytest.raises(ValueError, match="share no game"):
        arena.pair(whole, arena.ArenaResult("easy", "easy", 3))


def test_the_command_pairs_a_match_with_another_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--players", "2", "--rounds", "2", "--seed", "3", "--games", "3"]
    after, before = tmp_path / "after.log", tmp_path / "before.log"
    arena.main(["easy", "random", *args, "--log", str(before)])
    arena.main(["normal", "random", *args, "--log", str(after)])
    capsys.readouterr()
    report = ["--log", str(after), "--report-log", "--paired-with", str(before)]
    arena.main(["normal", "random", *args, *report])
    text = capsys.readouterr().out
    assert "paired game by game over 3 games" in text
    assert "change of the mean score difference" in text and "by round: 1: " in text
    with pytest.raises(SystemExit):
        arena.main(["normal", "random", *args, "--paired-with", str(tmp_path / "none.log")])
    assert "none.log: " in (err := capsys.readouterr().err) and "No such file" in err
