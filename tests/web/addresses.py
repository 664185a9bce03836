"""Requests of a test client as if from another address: another household's guest, as the
server tells clients apart (``clients.client_key``)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from fastapi.testclient import TestClient


@contextmanager
def from_address(client: TestClient, address: str) -> Iterator[TestClient]:
    """``client``, its requests coming from ``address`` until the block ends."""
    transport = client._transport
    kept = transport.client
    transport.client = (address, 50000)
    try:
        yield client
    finally:
        transport.client = kept
