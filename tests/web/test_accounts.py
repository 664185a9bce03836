"""Players' accounts (issue #64, the first part): Argon2id passwords, sessions kept as hashes,
names unique as they read, on SQLite and PostgreSQL."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from argon2 import PasswordHasher
from sqlalchemy import select, update
from tests.web.conftest import QUICK

from kingdomino.web.accounts import Accounts
from kingdomino.web.confusables import CONFUSABLES, prototypes
from kingdomino.web.refusals import HubError
from kingdomino.web.store import Store
from kingdomino.web.tables import AccountRow, SessionRow


@pytest.fixture
def accounts(either_database: str) -> Iterator[Accounts]:
    store = Store(either_database)
    yield Accounts(store, QUICK)
    store.close()


def fresh(name: str) -> str:
    """``name`` made new in a database other tests share (PostgreSQL): a few letters appended."""
    return f"{name}{secrets.choice('bcdfghjk')}{secrets.token_hex(3)}"


def test_an_account_logs_in_with_its_password_and_keeps_only_its_hash(accounts: Accounts) -> None:
    name = fresh("Anna")
    account, token = accounts.create(f"  {name}\u202e ", "correct horse")
    assert account.name == name and accounts.account_for(token) == account
    again, other = accounts.log_in(name.upper(), "correct horse")
    assert again == account and other != token
    with accounts.store.sessions() as session:
        row = session.get(AccountRow, account.id)
        assert row is not None and row.password_hash.startswith("$argon2id$")
        assert "correct horse" not in row.password_hash
        hashes = session.scalars(
            select(SessionRow.token_hash).where(SessionRow.account_id == account.id)
        ).all()
    assert len(hashes) == 2 and token not in hashes and other not in hashes
    with pytest.raises(HubError) as refused:
        accounts.log_in(name, "wrong horse")
    assert (refused.value.status, refused.value.field) == (401, "password")
    with pytest.raises(HubError) as unknown:
        accounts.log_in(fresh("Nobody"), "correct horse")
    assert str(unknown.value) == str(refused.value)  # an unknown name is not told apart


def test_a_name_is_taken_as_it_reads(accounts: Accounts) -> None:
    name = fresh("Bela")
    accounts.create(name, "password one")
    look_alike = "\u0412" + name[1:].upper()  # a Cyrillic capital Ve, and the rest in capitals
    # A Hangul filler, a letter that shows nothing, made another account of a name that looked the same.
    for taken in (name.lower(), f" {name} ", look_alike, name + "\u3164"):
        with pytest.raises(HubError) as refused:
            accounts.create(taken, "password two")
        assert (refused.value.status, refused.value.field) == (409, "name"), taken


def test_a_name_that_looks_like_an_account_s_is_refused_without_naming_it(accounts: Accounts) -> None:
    """Unicode's confusable skeleton (UTS #39) tells names apart that ``name_key`` alone let in:
    Cherokee and small capital letters drawn as Latin ones, an "m" drawn as "rn"."""
    boris, arnie = fresh("Boris"), fresh("Arnie")
    for name in (boris, arnie):
        accounts.create(name, "password one")
    cherokee = "\u13f4o\u13d2is" + boris[5:]  # "ᏴoᏒis"
    small_capital = "B\u1d0fris" + boris[5:]  # "Bᴏris"
    for look_alike in (cherokee, small_capital, "Amie" + arnie[5:]):
        with pytest.raises(HubError) as refused:
            accounts.create(look_alike, "password two")
        error = refused.value
        assert (error.status, error.field, error.code) == (409, "name", "name_look_alike"), look_alike
        assert error.values == {"name": look_alike} and boris not in str(error) and arnie not in str(error)
    with pytest.raises(HubError) as same:
        accounts.create(boris.upper(), "password two")
    assert same.value.code == "name_taken"  # a name that reads the same is taken, as before
    doris = fresh("Doris")
    assert accounts.create(doris, "password two")[0].name == doris


def test_confusables_is_unicode_s_file_as_its_sources_say() -> None:
    """The table is Unicode's, unchanged: its hash and version are those ``data/SOURCES.md`` gives."""
    sources = (CONFUSABLES.parent / "SOURCES.md").read_text(encoding="utf-8")
    assert hashlib.sha256(CONFUSABLES.read_bytes()).hexdigest() in sources
    assert "# Version: 16.0.0" in CONFUSABLES.read_text(encoding="utf-8") and "16.0.0" in sources
    assert len(prototypes()) > 6000 and prototypes()["\u13f4"] == "B"


@pytest.mark.parametrize(
    ("name", "password", "field"),
    [
        ("A", "long enough", "name"),
        ("x" * 25, "long enough", "name"),
        ("!!!", "long enough", "name"),
        ("Bo (AI, hard)", "long enough", "name"),
        ("Carla", "short", "password"),
        ("Carla", "p" * 257, "password"),
    ],
)
def test_a_bad_name_or_password_is_refused_by_its_field(
    accounts: Accounts, name: str, password: str, field: str
) -> None:
    with pytest.raises(HubError) as refused:
        accounts.create(name, password)
    assert (refused.value.status, refused.value.field) == (400, field)


def test_logging_out_ends_the_session_and_an_expired_one_is_gone(accounts: Accounts) -> None:
    account, token = accounts.create(fresh("Dora"), "password one")
    accounts.log_out(token)
    assert accounts.account_for(token) is None
    _, token = accounts.log_in(account.name, "password one")
    with accounts.store.sessions.begin() as session:
        session.execute(
            update(SessionRow)
            .where(SessionRow.account_id == account.id)
            .values(expires=datetime.now(UTC) - timedelta(seconds=1))
        )
    assert accounts.account_for(token) is None
    assert accounts.account_for("no such token") is None


def test_a_new_password_ends_every_other_session(accounts: Accounts) -> None:
    account, first = accounts.create(fresh("Emil"), "password one")
    _, second = accounts.log_in(account.name, "password one")
    with pytest.raises(HubError) as wrong:
        accounts.change_password(first, "not it at all", "password two")
    assert (wrong.value.status, wrong.value.field) == (403, "old_password")
    with pytest.raises(HubError) as short:
        accounts.change_password(first, "password one", "short")
    assert short.value.field == "new_password"
    third = accounts.change_password(first, "password one", "password two")
    assert accounts.account_for(first) is None and accounts.account_for(second) is None
    assert accounts.account_for(third) == account
    with pytest.raises(HubError):
        accounts.log_in(account.name, "password one")
    assert accounts.log_in(account.name, "password two")[0] == account


def test_a_hash_of_weaker_parameters_is_made_anew_at_login(accounts: Accounts) -> None:
    account, _ = accounts.create(fresh("Fritz"), "password one")
    stronger = Accounts(accounts.store, PasswordHasher(time_cost=2, memory_cost=16, parallelism=1))
    stronger.log_in(account.name, "password one")
    with accounts.store.sessions() as session:
        row = session.get(AccountRow, account.id)
        assert row is not None and "m=16,t=2,p=1" in row.password_hash


def test_the_routes_keep_the_session_in_a_cookie_and_refuse_foreign_pages(database: str) -> None:
    """Over HTTP: a new account is logged in by an HttpOnly cookie (never a token in the body),
    who is logged in is asked with it, a page of another site is refused, logging out ends it."""
    from fastapi.testclient import TestClient

    from kingdomino.web.app import create_app

    with TestClient(create_app(database)) as client:
        made = client.post("/api/accounts", json={"name": "Greta", "password": "password one"})
        assert made.status_code == 201, made.text
        assert made.json() == {
            "account": {
                "id": 1,
                "name": "Greta",
                "created": made.json()["account"]["created"],
                "bot": False,
                "moderator": False,
            }
        }
        cookie = made.headers["set-cookie"]
        assert cookie.startswith("kd_session=") and "HttpOnly" in cookie and "SameSite=lax" in cookie
        assert "Secure" not in cookie  # plain HTTP here; over TLS the cookie is Secure
        assert "__Host-" not in cookie  # a browser would refuse the prefix from http
        assert client.get("/api/account").json()["account"]["name"] == "Greta"
        foreign = client.delete("/api/session", headers={"Origin": "https://elsewhere.example"})
        assert foreign.status_code == 403 and foreign.json()["error"]["field"] == "origin"
        assert client.get("/api/account").json()["account"] is not None
        lookalike = client.delete("/api/session", headers={"Origin": "http://testserver.example"})
        assert lookalike.status_code == 403
        # Behind a proxy that ends TLS the page's origin is https, the request the server sees http.
        assert client.delete("/api/session", headers={"Origin": "https://testserver"}).status_code == 200
        assert client.get("/api/account").json() == {"account": None}
        wrong = client.post("/api/session", json={"name": "greta", "password": "password two"})
        assert wrong.status_code == 401 and "kd_session" not in wrong.headers.get("set-cookie", "")
        right = client.post("/api/session", json={"name": "greta", "password": "password one"})
        assert right.status_code == 200 and client.get("/api/account").json()["account"]["name"] == "Greta"
        changed = client.post(
            "/api/account/password", json={"old_password": "password one", "new_password": "password two"}
        )
        assert (
            changed.json() == {"changed": True} and client.get("/api/account").json()["account"] is not None
        )
        bad = client.post("/api/accounts", json={"name": "Greta", "password": "x"})
        assert bad.status_code == 400 and bad.json()["error"]["field"] == "password"


def test_over_tls_the_session_cookie_is_host_prefixed_and_an_older_one_still_works(database: str) -> None:
    """Over https the session is kept in ``__Host-kd_session`` (Secure, Path=/, no Domain, which a
    browser requires of the prefix), the plain name dropped. A session kept under the plain name
    (set over http, or before the prefix) still logs in, and is moved to the prefixed name."""
    from fastapi.testclient import TestClient

    from kingdomino.web.app import create_app

    app = create_app(database)
    with TestClient(app, base_url="https://testserver") as tls, TestClient(app) as plain:
        made = tls.post("/api/accounts", json={"name": "Hedda", "password": "password one"})
        assert made.status_code == 201, made.text
        cookie = made.headers["set-cookie"]
        assert cookie.startswith("__Host-kd_session=") and "Secure" in cookie and "Path=/" in cookie
        assert "Domain" not in cookie and "HttpOnly" in cookie
        assert tls.get("/api/account").json()["account"]["name"] == "Hedda"

        older = plain.post("/api/session", json={"name": "Hedda", "password": "password one"})
        token = older.cookies["kd_session"]
        tls.cookies.clear()
        tls.cookies.set("kd_session", token, domain="testserver.local")  # as the client keeps one
        who = tls.get("/api/account")
        assert who.json()["account"]["name"] == "Hedda"
        moved = who.headers.get_list("set-cookie")
        assert any(c.startswith(f"__Host-kd_session={token};") and "Secure" in c for c in moved), moved
        assert any(c.startswith("kd_session=") and "Max-Age=0" in c for c in moved), moved
        assert tls.cookies.get("__Host-kd_session") == token and "kd_session" not in tls.cookies

        assert tls.delete("/api/session").status_code == 200
        assert tls.get("/api/account").json() == {"account": None}
        plain.cookies.clear()
        plain.cookies.set("kd_session", token)
        assert plain.get("/api/account").json() == {"account": None}  # the session itself ended


def test_logins_are_limited_per_name_from_any_client_alike_for_unknown_names(database: str) -> None:
    """Logins were limited per client only, so guesses
    spread over many addresses met no limit. A name meets one too (as it reads: case folded),
    and a name with no account meets the same, so the refusal does not tell it exists."""
    from argon2 import PasswordHasher
    from fastapi.testclient import TestClient

    from kingdomino.web.accounts import Accounts
    from kingdomino.web.app import create_app
    from kingdomino.web.routes.accounts import NAME_LOGINS

    app = create_app(database)
    quick = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
    app.state.accounts = Accounts(app.state.hub.store, quick)
    with TestClient(app) as client:
        made = client.post("/api/accounts", json={"name": "Anna", "password": "a long password"})
        assert made.status_code == 201
    said = {}
    for name in ("Anna", "Nobody"):
        answers = []
        for n in range(NAME_LOGINS.amount + 1):
            with TestClient(app, client=(f"10.0.{n // 250}.{n % 250}", 5000)) as guesser:
                guess = {"name": name.upper() if n % 2 else name, "password": f"guess {n}"}
                answer = guesser.post("/api/session", json=guess)
                answers.append(answer.status_code)
        assert answers == [401] * NAME_LOGINS.amount + [429], name
        said[name] = answer.json()
    assert said["Anna"] == said["Nobody"] and said["Anna"]["error"]["code"] == "too_many_tries"


def test_logins_are_limited_per_client(database: str) -> None:
    from fastapi.testclient import TestClient
    from limits import parse

    from kingdomino.web.app import create_app

    app = create_app(database)
    app.state.login_rate = parse("10/day")  # the count, whatever time the tries take
    with TestClient(app) as client:
        answers = [
            client.post("/api/session", json={"name": "Nobody", "password": "guess " + str(n)}).status_code
            for n in range(11)
        ]
    assert answers == [401] * 10 + [429]
