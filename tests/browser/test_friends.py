"""Friends at one device in Chromium: a whole game of two people and an AI player, the cover
between two people's turns, no private card of one person in the page while the other plays
(read from the DOM), a reload in the middle of a hand-over, and names drawn as text."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from playwright.sync_api import Page, expect

from scout_core import Game

from .browser_support import wait_ready
from .test_table import enter, game_of, turn, wait_idle, wait_registered

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))

from scout_web.animate import card_id  # web/ is put on the path above

ANN, MEI = "Ann", "<b>Mei</b>"  # a name that looks like markup is drawn as the text typed

CARDS_ON_PAGE = """() => [...document.querySelectorAll('[data-card]')].map((n) => ({
  card: n.dataset.card,
  area: n.closest('#hand-cards, #preview, #table-cards, #recent-list, #seats, #log')?.id || '',
}))"""


def start_friends_game(page: Page, site_url: str, rounds: int = 2, seed: int = 3) -> None:
    """Ann in seat 0, the normal AI in seat 1 (West), Mei in seat 2 (East)."""
    page.goto(site_url)
    wait_ready(page)
    page.select_option("#opt-players", "3")
    page.select_option("#opt-rounds", str(rounds))
    page.select_option("#opt-speed", "instant")
    page.fill("#opt-seed", str(seed))
    expect(page.locator("#opt-name-0")).to_be_hidden()  # no names asked alone
    page.select_option("#opt-level-2", "person")
    expect(page.locator("#opt-practice")).to_be_disabled()  # practice is a solo game's
    page.fill("#opt-name-0", ANN)
    page.fill("#opt-name-2", MEI)
    page.click("#start-game")
    wait_idle(page)


def private_cards(game: Game, seat: int) -> set[str]:
    """The ids (``data-card``) of the cards in a seat's hand, the page's own way."""
    return {card_id(card) for card in game.hands[seat]}


def check_privacy(page: Page, game: Game, viewer: int | None) -> None:
    """No card of a person's hand is in the page unless that person holds the device; the
    hand drawn is exactly the viewer's."""
    seen: list[dict[str, str]] = page.evaluate(CARDS_ON_PAGE)
    public = {"table-cards", "recent-list", "seats", "log"}  # shown or scouted cards only
    hidden = [s for s in (0, 2) if s != viewer]
    for item in seen:
        if item["area"] in public:
            continue
        for seat in hidden:
            assert item["card"] not in private_cards(game, seat), (item, seat)
    in_hand = [i["card"] for i in seen if i["area"] == "hand-cards"]
    if viewer is None:
        assert in_hand == []
    else:
        assert set(in_hand) == private_cards(game, viewer)


def test_a_whole_game_of_two_people_and_an_ai_keeps_every_hand_private(
    page: Page, site_url: str
) -> None:
    start_friends_game(page, site_url)
    rng = random.Random(3)
    handovers = 0
    reloaded = False
    for _ in range(400):
        state = turn(page)
        game = game_of(page)
        if state == "over":
            break
        if state == "summary":
            # The round's scores are public; its hands are not: no replay before the end.
            expect(page.locator("#summary [data-act=replay]")).to_have_count(0)
            page.click("#summary [data-act=next-round]")
        elif state == "handover":
            cover = page.locator("#handover")
            expect(cover).to_be_visible()
            name = MEI if game.to_move == 2 else ANN
            expect(page.locator("#handover-text")).to_have_text(f"Pass the device to {name}")
            assert page.locator("#handover b").count() == 0  # text, not markup
            check_privacy(page, game, None)
            if not reloaded:  # a reload in the middle of a hand-over comes back to it
                page.reload()
                wait_ready(page)
                wait_idle(page)
                expect(page.locator("#handover-text")).to_have_text(f"Pass the device to {name}")
                check_privacy(page, game_of(page), None)
                reloaded = True
            page.click("#handover [data-act=take-device]")
            handovers += 1
            expect(cover).to_be_hidden()
            # A new person's turn: nothing of the last person's to take back.
            expect(page.locator("#actions [data-act=undo]")).to_have_count(0)
        else:
            assert state == "human", state
            viewer = game.to_move
            assert viewer in (0, 2)
            check_privacy(page, game, viewer)
            before = len(game.moves)
            move = rng.choice(game.legal_moves())
            enter(page, move, game)
            wait_registered(page, move, before)
        wait_idle(page)
    assert turn(page) == "over"
    assert handovers >= 4
    # The final standings name both people; the game is not a solo player's statistic.
    standings = page.locator("#summary .standings")
    expect(standings).to_contain_text(ANN)
    expect(standings).to_contain_text(MEI)
    expect(page.locator("#summary")).to_contain_text("statistics count solo games only")
    stats = page.evaluate("localStorage.getItem('scout.stats')")
    assert stats is None or json.loads(stats)["played"] == 0
    # Once the game is over every hand may be seen: the replay opens.
    page.click("#summary [data-act=replay]")
    expect(page.locator("#replay")).to_be_visible()
