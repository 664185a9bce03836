"""A team battle in the browser: Kira, a club's leader, organises one from her club's page (the
lobby's form, "A team battle between clubs", three clubs one a line); its page shows the clubs'
table above the standings, Kira's club and each player's beside their name; Ivy and Gus, members
of two of its clubs, are asked which they play for where Join is (desktop, a 360 px phone); the
standings file names each player's club. Screenshots, desktop and phone, go to the artifacts'
``team_battle`` folder. The API tests (test_team_battles.py) play one through and refuse."""

from __future__ import annotations

import csv
import io
import secrets
from urllib.parse import quote

import httpx
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, axe_violations, log_in_new, new_page
from tests.web.browser.test_people import PASSWORD, logged_in_phone
from tests.web.browser.test_tournament_rounds_said import posted

SHOTS = ARTIFACTS / "team_battle"


def member(live_server: str, name: str, creates: str | None = None, joins: tuple[str, ...] = ()) -> None:
    """A new account ``name`` that creates the club ``creates`` and joins the clubs ``joins``."""
    with httpx.Client(base_url=live_server, headers={"Origin": live_server}, timeout=30) as client:
        assert client.post("/api/accounts", json={"name": name, "password": PASSWORD}).status_code == 201
        if creates:
            made = client.post("/api/clubs", json={"name": creates, "admission": "open"})
            assert made.status_code == 201, made.text
        for club in joins:
            assert client.post(f"/api/clubs/{quote(club)}/join").status_code == 200


def test_kira_organises_a_team_battle_and_gus_chooses_his_club(browser: Browser, live_server: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    owls, larks, wrens = (f"{name} {secrets.token_hex(3)}" for name in ("Owls", "Larks", "Wrens"))
    kira = new_page(browser, live_server)
    kira_name = log_in_new(kira, live_server, "Kira")
    posted(kira, "/api/clubs", {"name": owls, "admission": "open"})
    gus = f"Gus{secrets.token_hex(3)}"
    member(live_server, f"Cleo{secrets.token_hex(3)}", creates=larks)
    member(live_server, f"Eve{secrets.token_hex(3)}", creates=wrens)
    member(live_server, gus, joins=(owls, larks))
    ivy_name = f"Ivy{secrets.token_hex(3)}"
    member(live_server, ivy_name, joins=(owls, larks))
    kira.goto(f"{live_server}/club/{quote(owls)}")
    kira.wait_for_selector("#club-team-battles")
    expect(kira.locator("#club-team-battles p").first).to_have_text(
        "No team battle yet.", use_inner_text=True
    )
    kira.click("#club-organise")
    kira.wait_for_selector("#tournament-club-label:not([hidden])")
    kira.select_option("#tournament-format", "arena")
    kira.check("#team-battle-make")
    expect(kira.locator("#team-battle-clubs-field"), "the club's page names its club").to_have_value(owls)
    kira.fill("#team-battle-clubs-field", f"{owls}\n{larks}\n{wrens}")
    kira.fill("#team-battle-leaders-field", "3")
    kira.locator("#organise-form").screenshot(path=str(SHOTS / "form-en.png"))
    kira.click("#organise-button")
    kira.wait_for_url(f"{live_server}/tournament/*")
    tournament_id = kira.url.rsplit("/", 1)[1]
    kira.wait_for_selector("#team-battle-clubs tbody tr >> nth=2")
    expect(kira.locator("#team-battle-you")).to_have_text(f"You play for {owls}")
    expect(kira.locator("#team-battle")).to_contain_text(
        "Best players counted per club: 3", use_inner_text=True
    )
    heads = [cell.inner_text() for cell in kira.locator("#team-battle-clubs thead th").all()]
    assert heads == ["Place", "Club", "Score", "Best players"]
    owls_row = kira.locator(f"#team-battle-clubs tr[data-club='{owls}'] td")
    expect(owls_row.nth(3)).to_have_text(f"{kira_name} 0", use_inner_text=True)
    # The clubs' table comes before the players' standings.
    order = kira.evaluate("[...document.querySelectorAll('#team-battle, #arena-standings')].map((e) => e.id)")
    assert order == ["team-battle", "arena-standings"]
    expect(kira.locator("#tournament-join-choice"), "Kira plays for her club already").to_have_count(0)

    # Ivy, of two of its clubs, is asked which she plays for where Join is: no club is hers unasked.
    ivy = new_page(browser, live_server)
    ivy.goto(live_server + "/")
    assert ivy.request.post(
        f"{live_server}/api/session",
        data={"name": ivy_name, "password": PASSWORD},
        headers={"Origin": live_server},
    ).ok
    ivy.goto(f"{live_server}/tournament/{tournament_id}")
    expect(ivy.locator("#tournament-which-club")).to_have_text("Play for which club?")
    expect(ivy.locator("#tournament-join"), "no Join that would choose for her").to_have_count(0)
    choices = ivy.locator("#tournament-join-choice button")
    assert choices.all_inner_texts() == [f"Join for {owls}", f"Join for {larks}"]
    ivy.locator("#tournament").screenshot(path=str(SHOTS / "which-club-en.png"))
    assert axe_violations(ivy) == []
    choices.nth(0).click()
    expect(ivy.locator("#team-battle-you")).to_have_text(f"You play for {owls}")
    expect(ivy.locator("#tournament-leave")).to_be_visible()
    expect(ivy.locator("#tournament-join-choice")).to_have_count(0)

    phone = logged_in_phone(browser, live_server, gus, "en")
    phone.goto(f"{live_server}/tournament/{tournament_id}")
    expect(phone.locator("#tournament-which-club")).to_have_text("Play for which club?")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360, "the choice fits the phone"
    phone.locator("#tournament").screenshot(path=str(SHOTS / "which-club-phone-en.png"))
    phone.click(f"#tournament-join-choice button[data-club='{larks}']")
    expect(phone.locator("#team-battle-you")).to_have_text(f"You play for {larks}")
    expect(phone.locator(f"#team-battle-clubs tr[data-club='{larks}'] td").nth(3)).to_have_text(f"{gus} 0")
    phone.locator("#arena-standings").scroll_into_view_if_needed()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360, "the page fits the phone"
    phone.locator("#team-battle").screenshot(path=str(SHOTS / "clubs-phone-en.png"))
    phone.screenshot(path=str(SHOTS / "page-phone-en.png"), full_page=True)
    assert axe_violations(phone) == []
    # Its end as the page draws it (the API tests play one to its end): the winner, and three
    # best players of long names within the phone's width.
    ended: dict[str, object] = {
        "status": "finished",
        "you": None,
        "team_battle": {
            "leaders": 3,
            "clubs": [
                {
                    "rank": 1,
                    "name": larks,
                    "score": 14,
                    "players": 4,
                    "leaders": [
                        {"name": f"Maximilian{n}{secrets.token_hex(3)}", "points": p}
                        for n, p in enumerate((8, 4, 2))
                    ],
                },
                {"rank": 2, "name": owls, "score": 6, "players": 2, "leaders": [{"name": gus, "points": 6}]},
            ],
            "sides": {},
            "winners": [larks],
            "you": None,
        },
    }
    phone.evaluate(
        """async (found) => {
            const { battleCards } = await import(staticBase + "team-battle.js");
            document.querySelector("#team-battle").replaceWith(...battleCards(found));
        }""",
        ended,
    )
    expect(phone.locator("#team-battle-winner")).to_have_text(f"Winner: {larks}")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360, "long names wrap"
    phone.locator("#team-battle").screenshot(path=str(SHOTS / "ended-phone-en.png"))
    # In a running arena the same choice stands in place of the arena's Join.
    running = phone.evaluate(
        """async ([owls, larks]) => {
            const { arenaCards } = await import(staticBase + "tournament-arena.js");
            const acts = [];
            const found = { status: "running", you: { organiser: false, playing: false }, club_gone: false,
                entrants: [], public: true, game: "kingdomino", options: {},
                arena: { minutes: 60, ends_at: null, seconds_left: null, standings: [], games: [],
                    you: null },
                team_battle: { leaders: 5, clubs: [], sides: {}, winners: [],
                    you: { club: null, clubs: [owls, larks] } } };
            const [card] = arenaCards(found, async (what, body) => { acts.push([what, body]); });
            const asked = card.querySelector("#arena-which-club")?.textContent;
            card.querySelector(`#arena-join-choice button[data-club="${larks}"]`).click();
            return { join: card.querySelector("#arena-join") !== null, asked, acts };
        }""",
        [owls, larks],
    )
    assert running == {"join": False, "asked": "Play for which club?", "acts": [["join", {"club": larks}]]}
    # Its end in each player's inbox (the API tests see the entries written).
    told = phone.evaluate(
        """async ([owls, larks]) => {
            const { entryWords } = await import(staticBase + "inbox.js");
            const said = (params) => entryWords({ id: 1, kind: "team_battle_ended", at: 0, read: false,
                token: null, params: { tournament: "t1", name: "Club night", of: 3, ...params } });
            return [said({ winners: [owls], club: larks, place: 2 }),
                said({ winners: [owls, larks], club: owls, place: 1 }),
                said({ winners: [], club: owls, place: 1 })];
        }""",
        [owls, larks],
    )
    assert told == [
        f"{owls} won the team battle Club night; your club {larks}: place 2 of 3",
        f"The team battle Club night is over: your club {owls} came first",
        "The team battle Club night is over: no club scored",
    ]

    kira.reload()
    gus_line = kira.locator("#arena-standings tbody tr", has_text=gus)
    expect(gus_line).to_contain_text(f"· {larks}")
    kira.screenshot(path=str(SHOTS / "page-en.png"), full_page=True)
    assert axe_violations(kira) == []
    with kira.expect_download() as started:
        kira.click("#standings-file")
    rows = list(csv.reader(io.StringIO(started.value.path().read_text(encoding="utf-8-sig"))))
    assert rows[0][:3] == ["Place", "Player", "Club"]
    assert sorted((row[1], row[2]) for row in rows[1:]) == sorted(
        [(kira_name, owls), (gus, larks), (ivy_name, owls)]
    )
    kira.goto(f"{live_server}/club/{quote(wrens)}")
    expect(kira.locator(f"#club-team-battles li[data-id='{tournament_id}']")).to_contain_text(
        f"Clubs: {owls}, {larks}, {wrens}"
    )
    posted(kira, f"/api/tournaments/{tournament_id}/cancel")
    assert not kira.errors and not phone.errors and not ivy.errors
