"""The replay dialog: every hand at the chosen step, what the player who moved knew, and the
analysis of the person's decisions."""

from __future__ import annotations

from typing import Any

from scout_core import Card, parse_move
from scout_core.review import Decision, Review, Step

from . import entry as ent
from .dom import button, by_id, card_node, clear, el
from .replay import Replay
from .session import Session
from .words import HUMAN, knowledge_line, points, step_line


def render_replay(
    session: Session, replay: Replay, progress: tuple[int, int] | None, review: Review | None
) -> None:
    """Draw the replay at its step; ``progress`` is (done, total) while the analysis runs."""
    step = replay.step
    names = session.names
    by_id(
        "replay-where"
    ).textContent = (
        f"Move {replay.at} of {replay.limit} \u00b7 Round {step.round} of {step.game.rounds}"
    )
    before = replay.steps[replay.at - 1] if replay.at else None
    seat = step.seat
    if before is None or seat is None:
        by_id("replay-move").textContent = "The deal: every hand as it was dealt."
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
        mover = " (moved)" if seat == replay.step.seat else ""
        box.append(card_row("replay-seat", f"{session.names[seat]}{mover}", hand, "no cards left"))
    owned = "" if owner is None else f", {session.names[owner]}'s"
    box.append(card_row("replay-seat replay-table", f"The table{owned}", table, "empty"))


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
        return (
            f"You chose to {played}: the strongest level agrees"
            f" (about {points(decision.played_value)} points for the round)."
        )
    preferred = ent.describe_move(game, HUMAN, parse_move(decision.preferred))
    mark = {"mistake": " A mistake.", "blunder": " A blunder."}.get(decision.mark or "", "")
    return (
        f"You chose to {played} (about {points(decision.played_value)} points for the round);"
        f" the strongest level would {preferred} ({points(decision.preferred_value)}): it cost"
        f" {decision.cost:.1f} points.{mark} {decision.reason[:1].upper()}{decision.reason[1:]}."
    )


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
                f"{summary.decisions} decisions, {summary.points_lost:.1f} points lost in all"
                f" ({summary.per_decision:.2f} a decision): {summary.mistakes} mistakes,"
                f" {summary.blunders} blunders. A mistake costs at least 2 points, a blunder"
                " at least 4, by the strongest level's estimate from what you could see.",
            )
        )
        if summary.costliest:
            items = el("ol", "costliest")
            for decision in summary.costliest:
                item = el("li")
                shown = min(decision.index + 1, replay.limit)
                label = (
                    f"Move {decision.number}, round {decision.round}: cost"
                    f" {decision.cost:.1f} ({decision.mark or 'small'})"
                )
                item.append(button(label, "replay-goto", small=True, index=shown))
                item.append(el("span", "small", f" {decision.reason}."))
                items.append(item)
            body.append(items)
        return
    if progress is not None:
        done, total = progress
        bar = el("progress", "", None, max=str(max(total, 1)), value=str(done))
        bar.setAttribute("aria-label", "Analysis")
        body.append(el("p", "", f"Analysing your decisions: {done} of {total}…"), bar)
        body.append(button("Stop the analysis", "stop-analysis", small=True))
        return
    if session.shared:
        body.append(el("p", "small", "The analysis of decisions is for solo games."))
    elif session.over:
        body.append(el("p", "", "The strongest level can price each of your decisions."))
        body.append(button("Analyse my decisions", "analyse", small=True))
    else:
        body.append(el("p", "small", "The analysis is offered once the game is over."))
