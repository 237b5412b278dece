"""The round's summary dialog: the scores of the round that ended, or the final standings."""

from __future__ import annotations

from .dom import ROOT, attr, button, by_id, clear, el, real
from .i18n import _, ngettext
from .session import Session
from .words import end_line, minus, signed, verdict, you


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
        _("Final standings")
        if final
        else _("Round {round} of {rounds} is over").format(round=result.round, rounds=game.rounds)
    )
    by_id("summary-reason").textContent = end_line(game, result.round, session.names)
    body = clear(by_id("summary-body"))
    table = el("table", "breakdown")
    table.append(el("caption", "", _("Round {round} scores").format(round=result.round)))
    head = el("tr")
    for text in (
        _("Player"),
        _("Captured"),
        _("Chips"),
        _("Cards in hand"),
        _("Round"),
        _("Total"),
    ):
        head.append(el("th", "", text, scope="col"))
    table.append(head)
    for seat in range(game.players):
        part = result.breakdown[seat]
        row = el("tr")
        row.append(el("th", "", session.names[seat], scope="row"))
        row.append(el("td", "", f"+{part.captured}"))
        row.append(el("td", "", f"+{part.chips}"))
        if part.exempt:
            hand_text = _("{cards} (exempt)").format(cards=part.hand)
        else:
            hand_text = minus(-part.hand)
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
            total = game.totals[seat]
            line = ngettext("{name}: {points} point", "{name}: {points} points", total)
            item.textContent = line.format(name=session.names[seat], points=minus(total))
            if seat in winners:
                item.textContent = _("{line} \u2014 winner").format(line=item.textContent)
            standings.append(item)
        body.append(standings)
        rounds = el("table", "breakdown")
        rounds.append(el("caption", "", _("Round by round")))
        head = el("tr")
        head.append(el("th", "", _("Player"), scope="col"))
        for past in results:
            head.append(el("th", "", _("Round {round}").format(round=past.round), scope="col"))
        head.append(el("th", "", _("Total"), scope="col"))
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
        actions.append(button(_("New game"), "final-new", primary=True))
        actions.append(button(_("Replay and analysis"), "replay"))
        actions.append(button(_("Play this deal again"), "replay-deal"))
        if session.shared:
            note = _("A game with friends: statistics count solo games only.")
            body.append(el("p", "practice-note", note))
        if session.settings.practice:
            note = _("A practice game: not counted in your statistics.")
            body.append(el("p", "practice-note", note))
    else:
        starter = game.position.starter
        name = session.names[starter]
        following = result.round + 1
        if name == you():
            starts = _("You start round {round}.").format(round=following)
        else:
            starts = _("{name} starts round {round}.").format(name=name, round=following)
        body.append(el("p", "next-starter", starts))
        start = _("Start round {round}").format(round=following)
        actions.append(button(start, "next-round", primary=True))
        if session.replayable_rounds():
            actions.append(button(_("Replay the round"), "replay"))
