"""The round's summary dialog: the scores of the round that ended, or the final standings."""

from __future__ import annotations

from .dom import ROOT, attr, button, by_id, clear, el, real
from .session import Session
from .words import end_line, minus, signed, verdict


def render_summary(session: Session) -> None:
    """Show the dialog while a round's end waits to be seen or the game is over, else close it."""
    dialog = by_id("summary")
    want = session.summary_pending or session.over
    if not want:
        if dialog.open:
            dialog.close()
        return
    if dialog.open and attr(dialog, "data-rounds") == str(len(session.game.round_results)):
        return
    fill_summary(session)
    if not dialog.open and ROOT.getAttribute("data-turn") in ("summary", "over"):
        dialog.showModal()
        primary = real(dialog.querySelector(".primary"))
        if primary is not None:
            primary.focus()


def fill_summary(session: Session) -> None:
    """Write the last round's breakdown (and at the end, the standings) into the dialog."""
    game = session.game
    dialog = by_id("summary")
    results = game.round_results
    dialog.setAttribute("data-rounds", str(len(results)))
    result = results[-1]
    final = session.over
    by_id("summary-title").textContent = (
        "Final standings" if final else f"Round {result.round} of {game.rounds} is over"
    )
    by_id("summary-reason").textContent = end_line(game, result.round, session.names)
    body = clear(by_id("summary-body"))
    table = el("table", "breakdown")
    table.append(el("caption", "", f"Round {result.round} scores"))
    head = el("tr")
    for text in ("Player", "Captured", "Chips", "Cards in hand", "Round", "Total"):
        head.append(el("th", "", text, scope="col"))
    table.append(head)
    for seat in range(game.players):
        part = result.breakdown[seat]
        row = el("tr")
        row.append(el("th", "", session.names[seat], scope="row"))
        row.append(el("td", "", f"+{part.captured}"))
        row.append(el("td", "", f"+{part.chips}"))
        hand_text = (
            f"{part.hand} (exempt)"
            if part.exempt and part.hand
            else ("0" if part.hand == 0 else f"\u2212{part.hand}")
        )
        if part.exempt and not part.hand:
            hand_text = "0 (exempt)"
        row.append(el("td", "exempt" if part.exempt else "", hand_text))
        row.append(el("td", "", signed(result.scores[seat])))
        row.append(el("td", "total", minus(game.totals[seat])))
        table.append(row)
    body.append(table)
    if final:
        winners = game.winners
        text = verdict(game.totals, winners, session.names)
        body.prepend(el("p", "verdict", text))
        standings = el("ol", "standings")
        order = sorted(range(game.players), key=lambda s: -game.totals[s])
        for seat in order:
            item = el("li", "winner" if seat in winners else "")
            item.textContent = f"{session.names[seat]}: {minus(game.totals[seat])} points" + (
                " — winner" if seat in winners else ""
            )
            standings.append(item)
        body.append(standings)
        rounds = el("table", "breakdown")
        rounds.append(el("caption", "", "Round by round"))
        head = el("tr")
        head.append(el("th", "", "Player", scope="col"))
        for past in results:
            head.append(el("th", "", f"Round {past.round}", scope="col"))
        head.append(el("th", "", "Total", scope="col"))
        rounds.append(head)
        for seat in range(game.players):
            row = el("tr")
            row.append(el("th", "", session.names[seat], scope="row"))
            for past in results:
                row.append(el("td", "", signed(past.scores[seat])))
            row.append(el("td", "total", minus(game.totals[seat])))
            rounds.append(row)
        body.append(rounds)
    actions = clear(by_id("summary-actions"))
    if final:
        actions.append(button("New game", "final-new", primary=True))
        actions.append(button("Replay and analysis", "replay"))
        actions.append(button("Play this deal again", "replay-deal"))
        if session.shared:
            body.append(
                el("p", "practice-note", "A game with friends: statistics count solo games only.")
            )
        if session.settings.practice:
            body.append(
                el("p", "practice-note", "A practice game: not counted in your statistics.")
            )
    else:
        starter = game.position.starter
        name = session.names[starter]
        starts = "You start" if name == "You" else f"{name} starts"
        body.append(el("p", "next-starter", f"{starts} round {result.round + 1}."))
        actions.append(button(f"Start round {result.round + 1}", "next-round", primary=True))
        if session.replayable_rounds():
            actions.append(button("Replay the round", "replay"))
