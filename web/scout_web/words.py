"""Words for people: seat names, card names, combination names, log lines, end reasons."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple

from scout_core import Card, Event, Game, rules
from scout_core.bots import Why
from scout_core.game import RoundResult
from scout_core.gamefile import GameFileError
from scout_core.rules import Reason

from .i18n import N_, _, ngettext

HUMAN = 0

SEAT_NAMES = {
    2: (N_("You"), N_("North")),
    3: (N_("You"), N_("West"), N_("East")),
    4: (N_("You"), N_("West"), N_("North"), N_("East")),
    5: (N_("You"), N_("West"), N_("Northwest"), N_("Northeast"), N_("East")),
}

NAME_LENGTH = 20
"""Characters of a typed name that are kept: enough for a name, short enough for a seat."""


def seat_names(players: int) -> tuple[str, ...]:
    """The name of every seat, in the current language; seat 0 is the person at the page."""
    return tuple(_(name) for name in SEAT_NAMES[players])


def you() -> str:
    """The name of the one person of a solo game: "You"."""
    return _("You")


def person_name(typed: str, seat: int) -> str:
    """A name as a person typed it, made fit for the table: spaces and control characters
    trimmed, at most :data:`NAME_LENGTH` characters; nothing typed gives "Player N"."""
    kept = " ".join("".join(c for c in typed if c.isprintable()).split())
    if len(kept) > NAME_LENGTH:
        kept = kept[: NAME_LENGTH - 1].rstrip() + "…"
    return kept or _("Player {number}").format(number=seat + 1)


def table_names(players: int, people: Sequence[int], typed: Sequence[str]) -> tuple[str, ...]:
    """Every seat's name. Alone at the device the person is "You"; with friends, every person
    goes by their own name (told apart when two type the same) and the AI players by seat."""
    names = list(seat_names(players))
    if len(people) == 1:
        return tuple(names)
    taken = {"you", you().casefold()}  # "You" is the one person of a solo game
    for seat in people:
        name = person_name(typed[seat] if seat < len(typed) else "", seat)
        base, n = name, 2
        while name.casefold() in taken or name in names[1:]:
            name, n = f"{base} {n}", n + 1
        taken.add(name.casefold())
        names[seat] = name
    return tuple(names)


def hand_owner(name: str) -> str:
    """The heading of a hand: "Your hand"; with friends, "Your hand, Mei"."""
    return _("Your hand") if name == you() else _("Your hand, {name}").format(name=name)


def sentence(text: str) -> str:
    """A phrase ended as a sentence: "East showed 4-5." ("东家表演了 4-5。")."""
    return _("{text}.").format(text=text)


def both(first: str, second: str) -> str:
    """Two sentences (or phrases) one after the other, as the language spaces them."""
    return _("{first} {second}").format(first=first, second=second)


def listed(items: Sequence[str], joiner: str = N_("{first}, {second}")) -> str:
    """Items in a list, joined as the language joins them."""
    text = items[0] if items else ""
    for item in items[1:]:
        text = _(joiner).format(first=text, second=item)
    return text


def and_list(items: Sequence[str]) -> str:
    """ "Ann and Mei"."""
    return listed(items, N_("{first} and {second}"))


def card_name(card: Card) -> str:
    """A card as it is read aloud, value first: "4 over 9"."""
    return _("{value} over {other}").format(value=card.value, other=card.other)


def values_text(values: Sequence[int]) -> str:
    """Values as shown on the table: "4-5-6"."""
    return "-".join(str(v) for v in values)


def cap(text: str) -> str:
    """The first letter upper case (a sentence's start; nothing changes in Chinese)."""
    return text[:1].upper() + text[1:]


def combo_name(values: Sequence[int]) -> str:
    """ "a single 7", "the pair 5-5", "the run 4-5-6", "the set 3-3-3" (the engine's
    :func:`~scout_core.rules.combo_name`, in words)."""
    name = rules.combo_name(values)
    text = values_text(name.values)
    if name.kind == "single":
        return _("a single {value}").format(value=name.lowest)
    if name.kind == "set":
        pair = name.count == 2
        return (_("the pair {cards}") if pair else _("the set {cards}")).format(cards=text)
    if name.kind == "run":
        return _("the run {cards}").format(cards=text)
    return text


def cards_count(n: int) -> str:
    """ "1 card", "3 cards"."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def captured_text(n: int) -> str:
    """ "3 captured": the cards a seat has captured this round."""
    return ngettext("{n} captured", "{n} captured", n).format(n=n)


def chips_text(n: int) -> str:
    """ "1 Scout chip", "2 Scout chips"."""
    return ngettext("{n} Scout chip", "{n} Scout chips", n).format(n=n)


def card_place(card: Card, i: int, total: int) -> str:
    """A card of a hand, for a screen reader: "4 over 9, card 3 of 12"."""
    return _("{card}, card {number} of {total}").format(
        card=card_name(card), number=i + 1, total=total
    )


LEVEL_NAMES = {
    "random": N_("Random"),
    "easy": N_("Easy"),
    "normal": N_("Normal"),
    "hard": N_("Hard"),
    "expert": N_("Expert"),
}


def level_name(level: str) -> str:
    """An AI level as the start form and the seats name it: "Hard"."""
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level.capitalize()


def needs(reason: Reason) -> str:
    """What beats the table, from a ``does_not_beat`` reason (R8)."""
    count, kind, higher = reason.fact("count"), reason.fact("kind"), reason.fact("higher")
    if not isinstance(count, int):
        return _("needs more cards")
    more = cards_count(count + 1)
    if kind == "set" and count == 1:
        text = _("needs {more} or a higher single") if higher else _("needs {more}")
    elif kind == "set":
        text = _("needs {more} or a higher set of {count}") if higher else _("needs {more}")
    elif higher:
        text = _("needs {more}, a set of {count}, or a higher run of {count}")
    else:
        text = _("needs {more} or a set of {count}")
    return text.format(more=more, count=count)


REASONS = {
    "no_cards": N_("No cards selected."),
    "not_adjacent": N_("Not adjacent: a show is cards side by side in your hand."),
    "no_follow_up": N_("No show would beat what is left after this scout."),
    "no_scout_chip": N_("You have no Scout chip left to pay for a scout."),
    "no_scout_show": N_("Your Scout & Show chip is already spent this round."),
    "scout_show_spent": N_("Your Scout & Show chip is already spent this round."),
    "table_empty": N_("There is nothing on the table to scout."),
    "bad_slice": N_("Those cards are not in your hand."),
    "bad_insert": N_("The scouted card cannot go there."),
    "orient_first": N_("Every player keeps or rotates their hand first."),
    "orient_over": N_("Keep or rotate is over for this round."),
    "round_over": N_("The round is over."),
}


def reason_text(reason: Reason) -> str:
    """Why the picked cards (or a move) are not allowed, as a sentence for the player."""
    code = reason.code
    if code == "not_a_combo":
        values = values_text(_ints(reason.fact("values")))
        return _("{cards} is not a set or run.").format(cards=values)
    if code == "does_not_beat":
        table = values_text(_ints(reason.fact("table")))
        return _("Does not beat {table}: {needs}.").format(table=table, needs=needs(reason))
    return _(REASONS.get(code, N_("The rules do not allow that move.")))


def _ints(fact: object) -> tuple[int, ...]:
    return fact if isinstance(fact, tuple) else ()


def show_note(values: Sequence[int], table: Sequence[int]) -> str:
    """What a legal show of ``values`` does over ``table``."""
    name = cap(combo_name(values))
    if not table:
        return _("{combo}: the table is empty, any show is allowed.").format(combo=name)
    return _("{combo} beats {table} and captures {cards}.").format(
        combo=name, table=values_text(table), cards=cards_count(len(table))
    )


def signed(n: int) -> str:
    """A score with its sign, the minus being a true minus sign (U+2212): "+3", "0"."""
    return f"+{n}" if n > 0 else ("0" if n == 0 else f"\u2212{-n}")


def minus(n: int) -> str:
    """A number with a true minus sign (U+2212) when negative, no sign otherwise."""
    return f"\u2212{-n}" if n < 0 else str(n)


def hand_choice(name: str, rotated: bool) -> str:
    """ "West kept their hand", "You rotated your hand"."""
    if name == you():
        return _("You rotated your hand") if rotated else _("You kept your hand")
    text = _("{name} rotated their hand") if rotated else _("{name} kept their hand")
    return text.format(name=name)


def event_line(event: Event, names: Sequence[str]) -> str:
    """One public event as a sentence: "East showed 4-5-6 and captured 2 cards"."""
    name = names[event.seat]
    if event.action in ("keep", "rotate"):
        return hand_choice(name, event.action == "rotate")
    shown = values_text([c.value for c in event.shown])
    if event.captured:
        showed = _("showed {cards} and captured {captured}").format(
            cards=shown, captured=cards_count(event.captured)
        )
    else:
        showed = _("showed {cards}").format(cards=shown)
    if event.action == "show":
        return _("{name} {did}").format(name=name, did=showed)
    card = f"{event.scouted}"
    left = event.end == "left"
    scouted = (
        _("scouted {card} from the left end") if left else _("scouted {card} from the right end")
    ).format(card=card)
    if event.action == "scout":
        return _("{name} {did}").format(name=name, did=scouted)
    return _("{name} {scouted}, then {showed} (Scout & Show)").format(
        name=name, scouted=scouted, showed=showed
    )


UNDO_REFUSALS = {
    "nothing": N_("There is no move of yours to take back."),
    "answered": N_("Too late to take back: the next player has already answered your move."),
    "round": N_("Your move ended the round, so it stands."),
}


def undo_refusal(why: str) -> str:
    """Why Undo did nothing."""
    return _(UNDO_REFUSALS.get(why, UNDO_REFUSALS["nothing"]))


ENDS_THE_ROUND = {
    "scout": N_("This scout ends the round."),
    "show": N_("This show ends the round."),
    "move": N_("This move ends the round."),
}


def round_end_warning(
    result: RoundResult, names: Sequence[str], what: str, viewer: int = HUMAN
) -> str:
    """What a move (``what``: "scout", "show", "move") that would end the round costs or
    brings to the person deciding (``viewer``)."""
    mine = result.breakdown[viewer]
    parts = _("+{captured} captured, +{chips} chips").format(
        captured=mine.captured, chips=mine.chips
    )
    if mine.hand and not mine.exempt:
        parts = _("{parts}, \u2212{hand} for your cards in hand").format(
            parts=parts, hand=mine.hand
        )
    text = _(ENDS_THE_ROUND[what])
    if result.exempt is not None and result.exempt != viewer:
        name = names[result.exempt]
        text = both(
            text,
            _("{name} keeps the table and pays nothing for their hand.").format(name=name),
        )
    elif result.exempt == viewer:
        text = both(text, _("Your show stands and you pay nothing for your hand."))
    score = _("You would score {score} this round ({parts}).").format(
        score=signed(result.scores[viewer]), parts=parts
    )
    return both(text, score)


def show_choice(values: Sequence[int], start: int, stop: int) -> str:
    """A legal show named by its cards and their place in the hand: "4-5 (cards 2 to 3)",
    with an en dash between the places."""
    cards = values_text(values)
    if stop - start == 1:
        return _("{cards} (card {number})").format(cards=cards, number=start + 1)
    return _("{cards} (cards {first}\u2013{last})").format(cards=cards, first=start + 1, last=stop)


def hint_line(move_text: str, reason: str) -> str:
    """A hint, said once: the move, why, and what to do."""
    return _("Hint: {move} \u2014 {reason}. Confirm to play it, or choose something else.").format(
        move=move_text, reason=reason
    )


def _show_why(reason: Why) -> str:
    """What a suggested show does: empties the hand, opens, or beats and captures."""
    left, beaten = reason.number("left"), reason.values("beaten")
    if left == 0:
        return _("empties your hand and ends the round")
    if not beaten:
        return _("opens the table, leaving {cards} in your hand").format(cards=cards_count(left))
    return _("beats {beaten} and captures {cards}").format(
        beaten=combo_name(beaten), cards=cards_count(reason.number("captured"))
    )


def hint_reason(reason: Why) -> str:
    """Why the strongest level suggests a move (``scout_core.bots.why``), in words that do
    not name the move again (the hint names it)."""
    code, number = reason.code, reason.number
    if code in ("keep_even", "rotate_even"):
        return _("{shows} shows either way, and its sets and runs are stronger so").format(
            shows=number("shows")
        )
    if code == "rotate":
        return _("it then splits into {turned} shows instead of {kept}").format(
            turned=number("turned"), kept=number("kept")
        )
    if code == "keep":
        return _("it splits into {kept} shows (rotated: {turned})").format(
            kept=number("kept"), turned=number("turned")
        )
    if code == "show":
        return _show_why(reason)
    if code == "scout_show":
        shown = combo_name(reason.values("shown"))
        return _("then {combo}: {what}").format(combo=shown, what=_show_why(reason))
    how = reason.fact("how")
    made = combo_name(reason.values("made"))
    if how == "extend":
        before = combo_name(reason.values("before"))
        text = _("to extend your {before} into {made}").format(before=before, made=made)
    elif how == "bridge":
        text = _("to bridge your {low} and {high} into {made}").format(
            low=number("low"), high=number("high"), made=made
        )
    elif how == "make":
        text = _("to make {made}").format(made=made)
    else:
        text = _("nothing in your hand beats the table worth breaking up")
    if reason.fact("costs_chip"):
        text = _("{reason} (it costs one of your chips)").format(reason=text)
    return text


def recent_title(after_mine: bool) -> str:
    """The heading of the other players' moves kept on the table for the person."""
    return _("Since your last move") if after_mine else _("This round so far")


def end_reason(result: RoundResult, names: Sequence[str]) -> str:
    """Why a round ended: who emptied their hand, whose show nobody beat, or who could
    neither beat the table nor scout."""
    seat = result.stuck if result.stuck is not None else result.owner
    assert seat is not None
    name = names[seat]
    mine = name == you()
    if result.reason == "hand_emptied":
        text = _("you played your last card") if mine else _("{name} played their last card")
    elif result.reason == "all_scouted":
        text = (
            _("everyone else scouted after your show")
            if mine
            else _("everyone else scouted after {name}'s show")
        )
    else:
        text = (
            _("you could neither beat the table nor scout")
            if mine
            else _("{name} could neither beat the table nor scout")
        )
    return text.format(name=name)


def end_line(game: Game, round_no: int, names: Sequence[str]) -> str:
    """Why a round ended, as a sentence."""
    result = game.round_results[round_no - 1]
    reason = end_reason(result, names)
    return _("Round {round} over: {reason}.").format(round=round_no, reason=reason)


class LogLine(NamedTuple):
    """One line of the game log, as data: a round's heading, a public event, or a round's end."""

    kind: Literal["round", "event", "end"]
    round: int
    event: Event | None = None
    number: int = -1
    """An event's place in the game's public log (0-based)."""


def log_lines(game: Game) -> list[LogLine]:
    """The whole public history, with each round's heading and end in place."""
    lines: list[LogLine] = []
    finished = len(game.round_results)
    by_round: dict[int, list[tuple[int, Event]]] = {}
    for number, event in enumerate(game.log):
        by_round.setdefault(event.round, []).append((number, event))
    for round_no in range(1, game.round + 1):
        lines.append(LogLine("round", round_no))
        lines += [LogLine("event", round_no, e, n) for n, e in by_round.get(round_no, ())]
        if round_no <= finished:
            lines.append(LogLine("end", round_no))
    return lines


def line_text(line: LogLine, game: Game, names: Sequence[str]) -> str:
    """A log line in words."""
    if line.kind == "round":
        return _("Round {round} of {rounds}").format(round=line.round, rounds=game.rounds)
    if line.kind == "end":
        return end_line(game, line.round, names)
    assert line.event is not None
    return event_line(line.event, names)


def verdict(totals: Sequence[int], winners: Sequence[int], names: Sequence[str]) -> str:
    """The final word on a game; tied leaders share the victory (R16)."""
    top = max(totals)
    best = minus(top)
    named = [names[s] for s in winners]
    if named == [you()]:
        text = ngettext("You win with {points} point!", "You win with {points} points!", top)
        return text.format(points=best)
    if you() in named:
        others = and_list([n for n in named if n != you()])
        text = ngettext(
            "You share the victory with {others} at {points} point!",
            "You share the victory with {others} at {points} points!",
            top,
        )
        return text.format(others=others, points=best)
    if len(winners) == 1:
        text = ngettext(
            "{name} wins with {points} point.", "{name} wins with {points} points.", top
        )
        return text.format(name=named[0], points=best)
    text = ngettext(
        "{names} share the victory with {points} point.",
        "{names} share the victory with {points} points.",
        top,
    )
    return text.format(names=and_list(named), points=best)


FILE_PROBLEMS = {
    "not_json": N_("{what} is damaged: it is not readable data."),
    "not_a_game": N_("{what} is not a SCOUT game."),
    "newer": N_(
        "{what} comes from a newer version of this page (format {schema}):"
        " reload the page to get that version."
    ),
    "unknown_schema": N_(
        "{what} comes from another version of this page, which this page cannot read."
    ),
    "other_rules": N_("{what} was played with other rules and cannot be continued here."),
    "checksum": N_("{what} was changed or damaged: its content does not match its checksum."),
    "illegal_move": N_("{what} is damaged: move {number} ({move}) is not legal."),
}


def file_problem(error: GameFileError, what: str) -> str:
    """Why a save or a game file (``what``: "saved game", "game file") cannot be used."""
    subject = _("The saved game") if what == "saved game" else _("The game file")
    if error.code in FILE_PROBLEMS:
        return _(FILE_PROBLEMS[error.code]).format(
            what=subject, schema=error.schema, number=error.number, move=error.move
        )
    part = error.key or _("a part of it")
    return _("{what} is damaged: {part} is not readable.").format(what=subject, part=part)


# -- the replay and the analysis --------------------------------------------------------------


def step_line(before: Game, after: Game, seat: int, names: Sequence[str]) -> str:
    """What the move from ``before`` to ``after`` was, all hands being shown in a replay."""
    new = after.log[len(before.log) :]
    mine = [e for e in new if e.seat == seat]
    if mine and mine[-1].action not in ("keep", "rotate"):
        return event_line(mine[-1], names)
    rotated = after.position.choices[seat] if after.round == before.round else None
    if rotated is None and mine:
        rotated = mine[-1].action == "rotate"
    return hand_choice(names[seat], bool(rotated))


def knowledge_line(known: dict[str, object], names: Sequence[str]) -> str:
    """A plain statement of what a seat knew when it chose (``scout_core.review.known_to``)."""
    seat = known["seat"]
    assert isinstance(seat, int)
    hand, held, unseen = known["hand"], known["held"], known["unseen"]
    assert isinstance(hand, list) and isinstance(held, list) and isinstance(unseen, int)
    parts = [_("its own hand ({cards})").format(cards=" ".join(map(str, hand)))]
    log = known["log"]
    count = len(log) if isinstance(log, list) else 0
    moves = ngettext("{n} move", "{n} moves", count).format(n=count)
    parts.append(_("the public record of this round ({moves})").format(moves=moves))
    scouted = [
        _("{name} held {cards}").format(name=names[s], cards=" ".join(cards))
        for s, cards in enumerate(held)
        if cards and s != seat
    ]
    if scouted:
        joined = listed(scouted, N_("{first}; {second}"))
        parts.append(_("the cards scouted and not shown since ({cards})").format(cards=joined))
    return ngettext(
        "{name} knew only {parts}. The other {n} card in the players' hands it could not see.",
        "{name} knew only {parts}. The other {n} cards in the players' hands it could not see.",
        unseen,
    ).format(name=names[seat], parts=listed(parts), n=unseen)


def number(value: float, digits: int = 1) -> str:
    """A decimal number for people: fixed digits, a true minus sign."""
    return f"{value:.{digits}f}".replace("-", "\u2212")


def points(value: float) -> str:
    """An estimate in points, signed with a plus or a true minus sign: "+1.5"."""
    text = f"{value:+.1f}"
    return text.replace("-", "\u2212")
