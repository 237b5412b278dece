"""The replay dialog: every hand at the chosen step, what the player who moved knew, and the
analysis of the person's decisions."""

from __future__ import annotations

from typing import Any

from scout_core import Card, parse_move
from scout_core.bots import why
from scout_core.review import Decision, Review, Step

from . import entry as ent
from .dom import button, by_id, card_node, clear, el
from .i18n import _, ngettext
from .replay import Replay
from .session import Session
from .words import (
    HUMAN,
    both,
    cap,
    hint_reason,
    knowledge_line,
    number,
    points,
    sentence,
    step_line,
)


def render_replay(
    session: Session, replay: Replay, progress: tuple[int, int] | None, review: Review | None
) -> None:
    """Draw the replay at its step; ``progress`` is (done, total) while the analysis runs."""
    step = replay.step
    names = session.names
    by_id("replay-where").textContent = _(
        "Move {move} of {moves} \u00b7 Round {round} of {rounds}"
    ).format(move=replay.at, moves=replay.limit, round=step.round, rounds=step.game.rounds)
    before = replay.steps[replay.at - 1] if replay.at else None
    seat = step.seat
    if before is None or seat is None:
        by_id("replay-move").textContent = _("The deal: every hand as it was dealt.")
        by_id("replay-known").textContent = ""
    else:
        by_id("replay-move").textContent = step_line(before.game, step.game, seat, names)
        known = "" if seat == HUMAN else knowledge_line(before.known_to(seat), names)
        by_id("replay-known").textContent = known
    draw_hands(session, replay)
    verdict = clear(by_id("replay-verdict"))
    decision = decision_at(review, replay.at - 1)
    if decision is not None and before is not None:
        verdict.append(
            el("p", f"verdict {decision.mark or 'fine'}", verdict_text(decision, before))
        )
    for act, disabled in (
        ("replay-start", replay.at == 0),
        ("replay-back", replay.at == 0),
        ("replay-forward", replay.at == replay.limit),
        ("replay-end", replay.at == replay.limit),
    ):
        by_id(act).disabled = disabled
    draw_analysis(session, replay, progress, review)


def draw_hands(session: Session, replay: Replay) -> None:
    hands, table, owner = replay.seen()
    box = clear(by_id("replay-hands"))
    for seat, hand in enumerate(hands):
        name = session.names[seat]
        title = _("{name} (moved)").format(name=name) if seat == replay.step.seat else name
        box.append(card_row("replay-seat", title, hand, _("no cards left")))
    if owner is None:
        title = _("The table")
    else:
        title = _("The table, {name}'s").format(name=session.names[owner])
    box.append(card_row("replay-seat replay-table", title, table, _("empty")))


def card_row(cls: str, title: str, cards: tuple[Card, ...], empty: str) -> Any:
    """A titled row of small cards (a hand or the table), or a word when there are none."""
    row = el("div", cls)
    row.append(el("h3", "replay-name", title))
    box = el("div", "replay-cards")
    for card in cards:
        box.append(card_node(card, "span", "small-card"))
    if not cards:
        box.append(el("span", "small", empty))
    row.append(box)
    return row


def decision_at(review: Review | None, index: int) -> Decision | None:
    """The person's decision at move ``index`` (0-based), when the analysis has it."""
    if review is None:
        return None
    return next((d for d in review.decisions if d.index == index), None)


def verdict_text(decision: Decision, before: Step) -> str:
    """The strongest level's estimate of the move played and of its own choice."""
    game = before.game
    played = ent.describe_move(game, HUMAN, parse_move(decision.played))
    if decision.cost == 0:
        return _(
            "You chose to {move}: the strongest level agrees (about {points} points for the round)."
        ).format(move=played, points=points(decision.played_value))
    move = parse_move(decision.preferred)
    preferred = ent.describe_move(game, HUMAN, move)
    text = _(
        "You chose to {move} (about {points} points for the round); the strongest level would"
        " {preferred} ({preferred_points}): it cost {cost} points."
    ).format(
        move=played,
        points=points(decision.played_value),
        preferred=preferred,
        preferred_points=points(decision.preferred_value),
        cost=number(decision.cost),
    )
    if decision.mark == "mistake":
        text = both(text, _("A mistake."))
    elif decision.mark == "blunder":
        text = both(text, _("A blunder."))
    reason = hint_reason(why(game.observation(HUMAN), move))
    return both(text, sentence(cap(reason)))


def draw_analysis(
    session: Session, replay: Replay, progress: tuple[int, int] | None, review: Review | None
) -> None:
    body = clear(by_id("analysis-body"))
    if review is not None:
        summary = review.summary()
        body.append(
            el(
                "p",
                "",
                both(
                    ngettext(
                        "{n} decision, {lost} points lost in all ({each} a decision):"
                        " {mistakes} mistakes, {blunders} blunders.",
                        "{n} decisions, {lost} points lost in all ({each} a decision):"
                        " {mistakes} mistakes, {blunders} blunders.",
                        summary.decisions,
                    ).format(
                        n=summary.decisions,
                        lost=number(summary.points_lost),
                        each=number(summary.per_decision, 2),
                        mistakes=summary.mistakes,
                        blunders=summary.blunders,
                    ),
                    _(
                        "A mistake costs at least 2 points, a blunder at least 4, by the"
                        " strongest level's estimate from what you could see."
                    ),
                ),
            )
        )
        if summary.costliest:
            items = el("ol", "costliest")
            for decision in summary.costliest:
                item = el("li")
                shown = min(decision.index + 1, replay.limit)
                mark = {"mistake": _("a mistake"), "blunder": _("a blunder")}
                label = _("Move {move}, round {round}: cost {cost} ({mark})").format(
                    move=decision.number,
                    round=decision.round,
                    cost=number(decision.cost),
                    mark=mark.get(decision.mark or "", _("small")),
                )
                item.append(button(label, "replay-goto", small=True, index=shown))
                at = replay.steps[decision.index].game
                preferred = parse_move(decision.preferred)
                said = _("Better: {move} \u2014 {reason}.").format(
                    move=ent.describe_move(at, HUMAN, preferred),
                    reason=hint_reason(why(at.observation(HUMAN), preferred)),
                )
                item.append(el("span", "small", f" {said}"))
                items.append(item)
            body.append(items)
        return
    if progress is not None:
        done, total = progress
        bar = el("progress", "", None, max=str(max(total, 1)), value=str(done))
        bar.setAttribute("aria-label", _("Analysis"))
        analysing = _("Analysing your decisions: {done} of {total}…").format(done=done, total=total)
        body.append(el("p", "", analysing), bar)
        body.append(button(_("Stop the analysis"), "stop-analysis", small=True))
        return
    if session.shared:
        body.append(el("p", "small", _("The analysis of decisions is for solo games.")))
    elif session.over:
        body.append(el("p", "", _("The strongest level can price each of your decisions.")))
        body.append(button(_("Analyse my decisions"), "analyse", small=True))
    else:
        body.append(el("p", "small", _("The analysis is offered once the game is over.")))
