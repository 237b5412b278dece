"""The game's record beside the table: the log panel, the score table, the spoken news."""

from __future__ import annotations

from .dom import by_id, clear, el, next_frame
from .i18n import N_, _
from .session import Session
from .words import LogLine, event_line, listed, minus, sentence, signed

Lines = list[LogLine]
CLASSES = {"round": "log-round", "end": "log-end", "event": ""}


def render_log(session: Session, shown: Lines, expanded: bool) -> Lines:
    """Bring the log panel up to date; return the lines it now shows (``shown`` before)."""
    lines = session.lines()
    log = by_id("log")
    # Lines of finished rounds open the replay there (hands stay private until then, R17).
    finished = session.replayable_rounds()
    # Only new lines are added: the log grows by one line a move, and redrawing all of it
    # every move would cost more and more as the game goes on; a round's end redraws it.
    if (
        lines[: len(shown)] != shown
        or not log.hasChildNodes()
        or log.getAttribute("data-finished") != str(finished)
    ):
        clear(log)
        shown = []
        log.setAttribute("data-finished", str(finished))
    fresh = lines[len(shown) :]
    for line in fresh:
        text = session.line_text(line)
        if line.kind == "event" and line.round <= finished:
            item = el("li", CLASSES[line.kind])
            jump = el("button", "link log-jump", text, type="button", data_act="replay-event")
            jump.setAttribute("data-i", str(line.number))
            item.append(jump)
        else:
            item = el("li", CLASSES[line.kind], text)
        item.setAttribute("data-round", str(line.round))
        log.append(item)
    if fresh:
        show_newest()
    panel = by_id("log-panel")
    panel.classList.toggle("open", expanded)
    by_id("log-button").setAttribute("aria-expanded", "true" if expanded else "false")
    return list(lines)


def show_newest() -> None:
    """The log scrolled to its newest line, in the next frame: reading its height now, in the
    middle of a redraw, would make the browser lay out the whole new table at once, inside the
    redraw's task (6-14 ms in Chromium here); the frame lays the page out anyway."""
    next_frame(scroll_to_end)


def scroll_to_end() -> None:
    log = by_id("log")
    log.scrollTop = log.scrollHeight


def render_scores(session: Session) -> None:
    """The score table: every player's score in each round so far, and the totals."""
    game = session.game
    scores = clear(by_id("scores"))
    table = el("table", "score-table")
    caption = el("caption", "", _("Scores"))
    table.append(caption)
    head = el("tr")
    head.append(el("th", "", _("Player"), scope="col"))
    for result in game.round_results:
        short = _("R{round}").format(round=result.round)
        title = _("Round {round}").format(round=result.round)
        head.append(el("th", "", short, scope="col", title=title))
    head.append(el("th", "", _("Total"), scope="col"))
    table.append(head)
    for seat in range(game.players):
        row = el("tr")
        row.append(el("th", "", session.names[seat], scope="row"))
        for result in game.round_results:
            row.append(el("td", "", signed(result.scores[seat])))
        row.append(el("td", "total", minus(game.totals[seat])))
        table.append(row)
    scores.append(table)


def news(session: Session, announced: int) -> str | None:
    """What to announce (politely) of the public events after the first ``announced``, if any.

    AI moves especially: the live region tells them to a screen reader as they happen. Of many
    new moves only the last two are said, so that the news does not run on.
    """
    texts = [
        event_line(e, session.names)
        for e in session.game.log[announced:]
        if e.action not in ("keep", "rotate")
    ]
    return listed([sentence(t) for t in texts[-2:]], N_("{first} {second}")) if texts else None
