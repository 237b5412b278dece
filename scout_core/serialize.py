"""A game as plain JSON values, and back, checking every key of untrusted input."""

from __future__ import annotations

from typing import Any, Final

from .cards import Card, deck_for
from .combos import strength
from .errors import InvalidMoveError
from .game import HAND_SIZE, MAX_ROUNDS, Game, RoundResult, check_setup
from .history import Event
from .moves import Move, parse_move
from .position import TWO_PLAYER_CHIPS, EndReason, Position, RoundEnd, SeatScore

FORMAT: Final = 1
"""Version of the dictionary layout written by :func:`game_to_dict`."""

_PHASES: Final = ("orient", "play", "over")
_REASONS: Final = ("hand_emptied", "all_scouted", "blocked")


def game_to_dict(game: Game) -> dict[str, Any]:
    """Every fact of the game, as JSON values."""
    p = game.position
    return {
        "format": FORMAT,
        "players": game.players,
        "rounds": game.rounds,
        "round": game.round,
        "seed": game.seed,
        "starter": p.starter,
        "phase": game.phase,
        "to_move": game.to_move,
        "hands": [[str(c) for c in hand] for hand in p.hands],
        "table": [str(c) for c in p.table],
        "owner": p.owner,
        "scouts_in_row": p.scouts_in_row,
        "captured": list(p.captured),
        "chips": list(p.chips),
        "scout_show": list(p.scout_show),
        "choices": [None if c is None else ("rotate" if c else "keep") for c in p.choices],
        "end": None if p.end is None else {"reason": p.end.reason, "exempt": p.end.exempt},
        "totals": game.totals,
        "reserve": None if game.reserve is None else [str(c) for c in game.reserve],
        "results": [_result_to_dict(r) for r in game.round_results],
        "moves": [str(m) for m in game.moves],
        "log": [e.to_dict() for e in game.log],
    }


def _result_to_dict(result: RoundResult) -> dict[str, Any]:
    return {
        "round": result.round,
        "scores": list(result.scores),
        "reason": result.reason,
        "exempt": result.exempt,
        "breakdown": [[s.captured, s.chips, s.hand, s.exempt] for s in result.breakdown],
    }


def game_from_dict(data: Any) -> Game:
    """Read a game; raise ``ValueError`` naming the first key that is wrong."""
    if not isinstance(data, dict):
        raise ValueError(f"a game is a JSON object, not {type(data).__name__}")
    fmt = data.get("format", FORMAT)
    if fmt != FORMAT:
        raise ValueError(f"format: this engine reads format {FORMAT}, not {fmt!r}")
    players = _required(data, "players")
    rounds = data.get("rounds")
    seed = data.get("seed", 0)
    check_setup(players, rounds, seed)
    rounds = players if rounds is None else rounds
    rnd = _int(data, "round", 1, 1, rounds)
    starter = _int(data, "starter", None, 0, players - 1)
    phase = data.get("phase", "play")
    if phase not in _PHASES:
        raise ValueError(f"phase: one of {', '.join(_PHASES)}, not {phase!r}")

    deck = deck_for(players)
    seen: set[tuple[int, int]] = set()
    hands = _card_lists(data, "hands", players, deck, seen)
    table = _cards(data.get("table", []), "table", deck, seen)
    reserve_data = data.get("reserve")
    reserve = None if reserve_data is None else _cards(reserve_data, "reserve", deck, seen)
    if reserve is not None and players != 2:
        raise ValueError("reserve: only the two-player game sets cards aside")

    owner = _seat_or_none(data, "owner", players)
    if table and owner is None:
        raise ValueError("owner: a table with cards on it has an owner")
    if table and strength([c.value for c in table]) == 0:
        raise ValueError("table: the active set must be a set or a run")
    scouts_in_row = _int(data, "scouts_in_row", 0, 0, players * 99)
    captured = _int_list(data, "captured", players, 0)
    chips = _int_list(data, "chips", players, 3 if players == 2 else 0)
    if players == 2 and any(c > 3 for c in chips):
        raise ValueError("chips: two players hold at most 3 Scout chips each")
    scout_show = _bool_list(data, "scout_show", players, players > 2)
    if players == 2 and any(scout_show):
        raise ValueError("scout_show: there is no Scout & Show with two players")
    totals = tuple(_int_list(data, "totals", players, 0, lowest=None))
    moves = _moves(data.get("moves", []))
    log = _log(data.get("log", []))
    results = _results(data.get("results", []), players, log)

    end = _end(data.get("end"), players)
    to_move_default = None if phase == "over" else starter
    to_move = _seat_or_none(data, "to_move", players, to_move_default)
    if phase == "over":
        if rnd != rounds:
            raise ValueError("phase: a game is over only after its last round")
        if owner is None:
            raise ValueError("owner: a round ends only after a show, so the active set has one")
        if end is None:
            end = _default_end(hands, owner, players)
        to_move = starter
    elif to_move is None:
        raise ValueError(f"to_move: the seat to move, 0 to {players - 1}")
    elif end is not None:
        raise ValueError("end: only a finished game has a round end")
    choices = _choices(data.get("choices"), phase, players, starter, to_move)

    position = Position(
        players=players,
        phase="play" if phase == "over" else phase,
        starter=starter,
        to_move=to_move,
        hands=hands,
        table=table,
        owner=owner,
        scouts_in_row=scouts_in_row,
        captured=tuple(captured),
        chips=tuple(chips),
        scout_show=tuple(scout_show),
        choices=choices,
        end=end,
    )
    _check_cards(position, rnd, reserve)
    if phase == "orient":
        _check_orient(position)
    elif phase == "play":
        _check_live(position)
        _check_play(position)
    else:
        _check_end(position)
        _check_play(position)
    _check_history(position, over=phase == "over", rnd=rnd, totals=totals, results=results, log=log)
    return Game(
        players=players,
        rounds=rounds,
        seed=seed,
        round=rnd,
        position=position,
        totals=totals,
        results=results,
        reserve=reserve,
        moves=moves,
        log=log,
    )


def _default_end(hands: tuple[tuple[Card, ...], ...], owner: int, players: int) -> RoundEnd:
    """How a finished hand-built position ended, when it does not say."""
    if not hands[owner]:
        return RoundEnd("hand_emptied", None)
    return RoundEnd("blocked" if players == 2 else "all_scouted", owner)


def _check_cards(position: Position, rnd: int, reserve: tuple[Card, ...] | None) -> None:
    """The cards listed must fit in one deal (R3). A hand-built position may leave out cards
    that play no part; the cards set aside with two players are always all 22 of them."""
    players = position.players
    dealt = HAND_SIZE[players] * players
    listed = sum(len(h) for h in position.hands) + len(position.table)
    if listed > dealt:
        raise ValueError(
            f"hands: {listed} cards in hands and on the table, but a round deals {dealt}"
        )
    in_round = listed + sum(position.captured)
    if in_round > dealt:
        raise ValueError(
            f"captured: {in_round} cards in hands, on the table and captured,"
            f" but a round deals {dealt}"
        )
    if players != 2:
        return
    if reserve is not None and rnd % 2 == 0:
        raise ValueError("reserve: an even round deals the cards set aside, none are left aside")
    if reserve is not None and len(reserve) != dealt:
        raise ValueError(f"reserve: two players set aside {dealt} cards, not {len(reserve)}")
    if reserve is None and rnd % 2 == 1 and in_round == dealt:
        raise ValueError(f"reserve: an odd round of two players sets {dealt} cards aside")


def _check_orient(position: Position) -> None:
    """Before the first turn of a round: hands as dealt, nothing shown, chips as handed out."""
    players = position.players
    sizes = {len(h) for h in position.hands}
    if len(sizes) != 1 or not 0 < sizes.pop() <= HAND_SIZE[players]:
        raise ValueError(
            f"hands: every seat is dealt the same number of cards, at most {HAND_SIZE[players]}"
        )
    if position.table:
        raise ValueError("table: nothing is shown before the round's first turn")
    if position.owner is not None:
        raise ValueError("owner: nothing is shown before the round's first turn")
    _check_untouched(position, "before the round's first turn")


def _check_untouched(position: Position, when: str) -> None:
    """Nothing captured, chips as handed out, no Scout & Show spent, no scouts counted."""
    players = position.players
    if any(position.captured):
        raise ValueError(f"captured: nothing is captured {when}")
    start = TWO_PLAYER_CHIPS if players == 2 else 0
    if any(c != start for c in position.chips):
        raise ValueError(f"chips: every seat holds {start} Scout chips {when}")
    if players > 2 and not all(position.scout_show):
        raise ValueError(f"scout_show: no Scout & Show chip is spent {when}")
    if position.scouts_in_row:
        raise ValueError(f"scouts_in_row: nobody has scouted {when}")


def _check_play(position: Position) -> None:
    """Facts that hold after every turn of a round (and at its end)."""
    players, owner, in_row = position.players, position.owner, position.scouts_in_row
    if owner is None:
        _check_untouched(position, "before the round's first show")
        if position.to_move != position.starter:
            raise ValueError("to_move: nobody has shown yet, so the starter is still to move")
        return
    if not position.table and in_row == 0:
        raise ValueError("table: a show stays on the table until a scout takes from it")
    if players == 2:
        return
    spent = position.scout_show.count(False)
    if spent > sum(position.chips):
        raise ValueError(
            f"scout_show: {spent} Scout & Show chips spent, but every scout gives its owner a"
            f" chip and only {sum(position.chips)} are held"
        )
    if position.chips[owner] < in_row:
        raise ValueError(
            f"chips: the owner took a chip for each of the {in_row} scouts since its show"
        )


def _check_live(position: Position) -> None:
    """Reject play positions that the rules would already have ended, or that no turn order
    reaches."""
    players, owner, in_row = position.players, position.owner, position.scouts_in_row
    if any(not hand for hand in position.hands):
        raise ValueError("hands: an empty hand ends the round, so no hand may be empty in play")
    if players > 2 and in_row >= players - 1:
        raise ValueError(f"scouts_in_row: {players - 1} Scouts in a row end the round")
    if owner is None:
        return
    if position.to_move == owner:
        raise ValueError("to_move: the turn never comes back to the active set's owner")
    turn = (owner + in_row + 1) % players
    if players > 2 and position.to_move != turn:
        raise ValueError(
            f"to_move: after seat {owner}'s show and {in_row} scouts, seat {turn} is to move"
        )
    if players == 2:
        if in_row > TWO_PLAYER_CHIPS - position.chips[position.to_move]:
            raise ValueError(
                f"scouts_in_row: the seat to move paid a chip for each of its {in_row} scouts"
            )
        if position.blocked(position.to_move):
            raise ValueError("to_move: that seat can neither show nor scout, so the round is over")


def _check_end(position: Position) -> None:
    """A finished round ended the way its ``end`` says (R14)."""
    end, owner, players = position.end, position.owner, position.players
    assert end is not None and owner is not None
    emptied = [s for s, hand in enumerate(position.hands) if not hand]
    if end.reason == "hand_emptied":
        if end.exempt is not None:
            raise ValueError("end: nobody is exempt when a hand is emptied")
        if emptied != [owner]:
            raise ValueError("end: a round ends with an emptied hand when the last shower's is")
        return
    if emptied:
        raise ValueError(f"end: an empty hand ends the round as hand_emptied, not {end.reason}")
    if end.exempt != owner:
        raise ValueError(f"end: after {end.reason} the owner of the active set is exempt")
    if end.reason == "all_scouted":
        if players == 2 or position.scouts_in_row != players - 1:
            raise ValueError(f"end: all_scouted takes {players - 1} scouts in a row, 3-5 players")
    elif players != 2 or not position.blocked(1 - owner):
        raise ValueError("end: blocked is for two players, the one to move unable to do anything")


def _check_history(
    position: Position,
    *,
    over: bool,
    rnd: int,
    totals: tuple[int, ...],
    results: tuple[RoundResult, ...],
    log: tuple[Event, ...],
) -> None:
    """Results, totals and the log agree with the round the game is in. A hand-built position
    may leave the results out; then its totals are taken as they are."""
    players = position.players
    for event in log:
        if not 1 <= event.round <= rnd or not 0 <= event.seat < players:
            raise ValueError(f"log: an event of round {event.round}, seat {event.seat}")
    if [e.round for e in log] != sorted(e.round for e in log):
        raise ValueError("log: events in the order of the rounds")
    if not results:
        return
    finished = rnd if over else rnd - 1
    if len(results) != finished:
        raise ValueError(f"results: {finished} rounds are finished, not {len(results)}")
    for i, result in enumerate(results):
        if result.round != i + 1:
            raise ValueError(f"results[{i}].round: {i + 1}, not {result.round!r}")
    sums = tuple(sum(r.scores[s] for r in results) for s in range(players))
    if totals != sums:
        raise ValueError(f"totals: the sum of the round scores, {list(sums)}")
    last, end = results[-1], position.end
    if not over or end is None:
        return
    if (last.reason, last.exempt) != (end.reason, end.exempt) or (
        last.breakdown and last.breakdown != position.scores()
    ):
        raise ValueError(f"results[{len(results) - 1}]: the last round is the one that ended")


def _required(data: dict[str, Any], key: str) -> Any:
    if key not in data:
        raise ValueError(f"{key}: missing")
    return data[key]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(data: dict[str, Any], key: str, default: int | None, low: int, high: int) -> int:
    value = data.get(key, default)
    if value is None:
        raise ValueError(f"{key}: missing")
    if not _is_int(value) or not low <= value <= high:
        raise ValueError(f"{key}: a whole number from {low} to {high}, not {value!r}")
    return int(value)


def _seat_or_none(
    data: dict[str, Any], key: str, players: int, default: int | None = None
) -> int | None:
    value = data.get(key, default)
    if value is None:
        return None
    if not _is_int(value) or not 0 <= value < players:
        raise ValueError(f"{key}: a seat from 0 to {players - 1} or null, not {value!r}")
    return int(value)


def _int_list(
    data: dict[str, Any], key: str, players: int, default: int, lowest: int | None = 0
) -> list[int]:
    value = data.get(key, [default] * players)
    if not isinstance(value, list) or len(value) != players:
        raise ValueError(f"{key}: a list of {players} whole numbers, not {value!r}")
    if not all(_is_int(v) and (lowest is None or v >= lowest) for v in value):
        raise ValueError(f"{key}: a list of {players} whole numbers, not {value!r}")
    return [int(v) for v in value]


def _bool_list(data: dict[str, Any], key: str, players: int, default: bool) -> list[bool]:
    value = data.get(key, [default] * players)
    if not isinstance(value, list) or len(value) != players:
        raise ValueError(f"{key}: a list of {players} true/false values, not {value!r}")
    if not all(isinstance(v, bool) for v in value):
        raise ValueError(f"{key}: a list of {players} true/false values, not {value!r}")
    return list(value)


def _cards(
    value: Any, key: str, deck: tuple[Card, ...], seen: set[tuple[int, int]]
) -> tuple[Card, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f'{key}: a list of cards like "3/7", not {value!r}')
    allowed = {c.pair for c in deck}
    cards = []
    for text in value:
        try:
            card = Card.parse(text)
        except ValueError as error:
            raise ValueError(f"{key}: {error}") from None
        if card.pair not in allowed:
            raise ValueError(f"{key}: {text} is not in the {len(deck)}-card deck of this game")
        if card.pair in seen:
            raise ValueError(f"{key}: {text} appears twice")
        seen.add(card.pair)
        cards.append(card)
    return tuple(cards)


def _card_lists(
    data: dict[str, Any],
    key: str,
    players: int,
    deck: tuple[Card, ...],
    seen: set[tuple[int, int]],
) -> tuple[tuple[Card, ...], ...]:
    value = _required(data, key)
    if not isinstance(value, list) or len(value) != players:
        raise ValueError(f"{key}: a list of {players} hands, not {value!r}")
    return tuple(_cards(hand, f"{key}[{s}]", deck, seen) for s, hand in enumerate(value))


def _choices(
    value: Any, phase: str, players: int, starter: int, to_move: int
) -> tuple[bool | None, ...]:
    if phase == "orient":
        done = {(starter + i) % players for i in range((to_move - starter) % players)}
    else:
        done = set(range(players))
    if value is None:
        return tuple(False if s in done else None for s in range(players))
    if not isinstance(value, list) or len(value) != players:
        raise ValueError(f"choices: a list of {players} of keep, rotate or null, not {value!r}")
    choices: list[bool | None] = []
    for s, v in enumerate(value):
        if v not in ("keep", "rotate", None) or (v is None) == (s in done):
            raise ValueError(
                f"choices: seat {s} {'has' if s in done else 'has not'} chosen yet, not {v!r}"
            )
        choices.append(None if v is None else v == "rotate")
    return tuple(choices)


def _end(value: Any, players: int) -> RoundEnd | None:
    if value is None:
        return None
    if not isinstance(value, dict) or value.get("reason") not in _REASONS:
        raise ValueError(f"end: {{reason, exempt}} with a reason in {_REASONS}, not {value!r}")
    exempt = value.get("exempt")
    if exempt is not None and (not _is_int(exempt) or not 0 <= exempt < players):
        raise ValueError(f"end: exempt is a seat or null, not {exempt!r}")
    reason: EndReason = value["reason"]
    return RoundEnd(reason, exempt)


def _results(value: Any, players: int, log: tuple[Event, ...]) -> tuple[RoundResult, ...]:
    if not isinstance(value, list) or len(value) > MAX_ROUNDS:
        raise ValueError(f"results: a list of at most {MAX_ROUNDS} round results")
    results = []
    for i, item in enumerate(value):
        where = f"results[{i}]"
        if not isinstance(item, dict):
            raise ValueError(f"{where}: a round result object, not {item!r}")
        scores = item.get("scores")
        if (
            not isinstance(scores, list)
            or len(scores) != players
            or not all(_is_int(s) for s in scores)
        ):
            raise ValueError(f"{where}.scores: a list of {players} whole numbers")
        reason = item.get("reason")
        if reason not in _REASONS:
            raise ValueError(f"{where}.reason: one of {_REASONS}, not {reason!r}")
        exempt = item.get("exempt")
        if exempt is not None and (not _is_int(exempt) or not 0 <= exempt < players):
            raise ValueError(f"{where}.exempt: a seat or null, not {exempt!r}")
        breakdown = _breakdown(item.get("breakdown"), where, scores)
        rnd = item.get("round", i + 1)
        owner, stuck = _result_owner(
            where,
            rnd=rnd,
            reason=reason,
            exempt=exempt,
            players=players,
            breakdown=breakdown,
            log=log,
        )
        results.append(RoundResult(rnd, tuple(scores), reason, exempt, breakdown, owner, stuck))
    return tuple(results)


def _result_owner(
    where: str,
    *,
    rnd: Any,
    reason: EndReason,
    exempt: int | None,
    players: int,
    breakdown: tuple[SeatScore, ...],
    log: tuple[Event, ...],
) -> tuple[int, int | None]:
    """The seat owning the active set when the round ended, and the seat left stuck: not
    saved, because the rest of the save tells them."""
    if reason == "hand_emptied":
        if exempt is not None:
            raise ValueError(f"{where}.exempt: nobody is exempt when a hand is emptied")
        showers = [e.seat for e in log if e.round == rnd and e.shown]
        if showers:
            return showers[-1], None
        emptied = [s for s, part in enumerate(breakdown) if part.hand == 0]
        if len(emptied) != 1:
            raise ValueError(f"{where}.breakdown: exactly one seat empties its hand")
        return emptied[0], None
    if reason == "blocked" and players != 2:
        raise ValueError(f"{where}.reason: only two players end a round blocked")
    if reason == "all_scouted" and players == 2:
        raise ValueError(f"{where}.reason: two players never end a round by scouting")
    if exempt is None:
        raise ValueError(f"{where}.exempt: the owner of the active set is exempt after {reason}")
    return exempt, (1 - exempt if reason == "blocked" else None)


def _breakdown(value: Any, where: str, scores: list[int]) -> tuple[SeatScore, ...]:
    if value is None:
        return ()
    ok = isinstance(value, list) and len(value) == len(scores)
    parts: list[SeatScore] = []
    for row in value if ok else ():
        if not (
            isinstance(row, list)
            and len(row) == 4
            and all(_is_int(v) for v in row[:3])
            and isinstance(row[3], bool)
        ):
            ok = False
            break
        parts.append(SeatScore(*row))
    if not ok or [p.total for p in parts] != scores:
        raise ValueError(f"{where}.breakdown: [captured, chips, hand, exempt] per seat, adding up")
    return tuple(parts)


def _moves(value: Any) -> tuple[Move, ...]:
    if not isinstance(value, list):
        raise ValueError("moves: a list of move texts")
    try:
        return tuple(parse_move(text) for text in value)
    except InvalidMoveError as error:
        raise ValueError(f"moves: {error}") from None


def _log(value: Any) -> tuple[Event, ...]:
    if not isinstance(value, list):
        raise ValueError("log: a list of events")
    return tuple(Event.from_dict(item) for item in value)
