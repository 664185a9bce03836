"""Web Push's reads and writes: the server's VAPID key, the browsers subscribed
per account, and the turn whose short time was told.

The key is kept in the database, made by the first server to start over it, so that every
server of one database signs with the same key: a browser's subscription is bound to the key it
was made with, and a new key would silence every subscription. A subscription is keyed by its
endpoint (a browser subscribed again moves to the account now logged in there); an account keeps
at most ``MAX_SUBSCRIPTIONS``, the oldest dropped first. Every table is made where missing when a
store opens (``push_tables``).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import delete, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from kingdomino.web.push_tables import PushKeyRow, PushSubscriptionRow, PushToldRow
from kingdomino.web.store import Store
from kingdomino.web.stored import now
from kingdomino.web.tables import GameRow

#: The browsers one account may have subscribed at once (a phone, a laptop, a tablet...).
MAX_SUBSCRIPTIONS = 10


@dataclass(frozen=True)
class Subscription:
    """A browser's push subscription: its endpoint and keys (URL-safe base64, as the browser's
    ``PushSubscription.toJSON()`` gives them), and the language of its texts."""

    endpoint: str
    p256dh: str
    auth: str
    language: str = "en"

    def info(self) -> dict[str, object]:
        """The subscription as pywebpush takes it."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


def vapid_pem(store: Store, made: str) -> str:
    """The server's private key as the database keeps it, ``made`` kept first if none is (the
    first of servers started together wins: the others read its key)."""
    with store.engine.begin() as connection:
        kept = connection.execute(select(PushKeyRow.private_pem).where(PushKeyRow.id == 1)).scalar()
        if kept is not None:
            return str(kept)
    try:
        with store.engine.begin() as connection:
            connection.execute(insert(PushKeyRow).values(id=1, private_pem=made))
        return made
    except IntegrityError:
        with store.engine.connect() as connection:
            return str(
                connection.execute(select(PushKeyRow.private_pem).where(PushKeyRow.id == 1)).scalar_one()
            )


def subscribe(store: Store, account_id: int, subscription: Subscription) -> None:
    """Keep ``subscription`` for ``account_id`` (the endpoint's former account loses it), dropping
    the account's oldest beyond ``MAX_SUBSCRIPTIONS``."""
    with store.engine.begin() as connection:
        connection.execute(
            delete(PushSubscriptionRow).where(PushSubscriptionRow.endpoint == subscription.endpoint)
        )
        connection.execute(
            insert(PushSubscriptionRow).values(
                account_id=account_id,
                endpoint=subscription.endpoint,
                p256dh=subscription.p256dh,
                auth=subscription.auth,
                language=subscription.language,
                created=now(),
            )
        )
        kept = connection.execute(
            select(PushSubscriptionRow.id)
            .where(PushSubscriptionRow.account_id == account_id)
            .order_by(PushSubscriptionRow.id.desc())
        ).scalars()
        beyond = list(kept)[MAX_SUBSCRIPTIONS:]
        if beyond:
            connection.execute(delete(PushSubscriptionRow).where(PushSubscriptionRow.id.in_(beyond)))


def unsubscribe(store: Store, account_id: int, endpoint: str) -> bool:
    """Forget ``account_id``'s subscription at ``endpoint`` (False: it had none there)."""
    with store.engine.begin() as connection:
        gone = connection.execute(
            delete(PushSubscriptionRow).where(
                PushSubscriptionRow.account_id == account_id, PushSubscriptionRow.endpoint == endpoint
            )
        )
        return bool(gone.rowcount)


def forget(store: Store, endpoint: str) -> None:
    """Forget the subscription at ``endpoint`` (its push service says it is gone)."""
    with store.engine.begin() as connection:
        connection.execute(delete(PushSubscriptionRow).where(PushSubscriptionRow.endpoint == endpoint))


def subscriptions_of(store: Store, account_id: int) -> list[Subscription]:
    """The browsers ``account_id`` has subscribed, the oldest first."""
    with store.engine.connect() as connection:
        rows = connection.execute(
            select(
                PushSubscriptionRow.endpoint,
                PushSubscriptionRow.p256dh,
                PushSubscriptionRow.auth,
                PushSubscriptionRow.language,
            )
            .where(PushSubscriptionRow.account_id == account_id)
            .order_by(PushSubscriptionRow.id)
        )
        return [Subscription(*row) for row in rows]


def claim_told(store: Store, game_id: str, revision: int) -> bool:
    """Note that the short time of ``game_id`` at ``revision`` is told; False if it was already
    (by this server or another)."""
    with store.engine.begin() as connection:
        moved = connection.execute(
            update(PushToldRow)
            .where(PushToldRow.game_id == game_id, PushToldRow.revision < revision)
            .values(revision=revision)
        )
        if moved.rowcount:
            return True
        if connection.execute(select(PushToldRow.revision).where(PushToldRow.game_id == game_id)).first():
            return False
    try:
        with store.engine.begin() as connection:
            connection.execute(insert(PushToldRow).values(game_id=game_id, revision=revision))
        return True
    except IntegrityError:
        return False


def deadlines_within(store: Store, moment: float, seconds: float) -> list[tuple[str, float]]:
    """The turn-based games being played whose seat to act runs out within ``seconds`` after
    ``moment``, with that deadline, but those whose turn (revision) was told already. A real-time
    game's is left out here, not in the database: its time control is JSON."""
    with store.engine.connect() as connection:
        rows = connection.execute(
            select(GameRow.id, GameRow.deadline, GameRow.time_control)
            .outerjoin(PushToldRow, PushToldRow.game_id == GameRow.id)
            .where(
                GameRow.status == "playing", GameRow.deadline > moment, GameRow.deadline < moment + seconds
            )
            .where(or_(PushToldRow.revision.is_(None), PushToldRow.revision < GameRow.revision))
        )
        return [
            (str(id_), float(deadline))
            for id_, deadline, control in rows
            if (control or {}).get("kind") == "days"
        ]
