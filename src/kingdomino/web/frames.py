"""Reading one WebSocket message of a client into a pydantic model, refusing anything else.

A client may send any frame: binary, too long, not JSON, JSON nested thousands of
levels deep (``json`` raises ``RecursionError``), numbers of thousands of digits
(``ValueError``), or JSON of the wrong shape. Each is a :class:`HubError` naming the
field at fault, which the socket answers with an ``error`` message: the connection
stays open for the next message.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from kingdomino.web.errors import unparsable, validation_error
from kingdomino.web.refusals import HubError

#: The longest text message read, in characters (every valid message is far shorter).
MAX_MESSAGE = 4 * 1024

#: What JSON that is not an object is, in JSON's words (anything else is ``null``).
JSON_KINDS = {list: "an array", str: "a string", int: "a number", float: "a number", bool: "true or false"}

Model = TypeVar("Model", bound=BaseModel)


def decode(received: Mapping[str, Any], model: type[Model]) -> Model:
    """The ``model`` a ``websocket.receive`` ASGI event carries, or a :class:`HubError` saying why not."""
    text = received.get("text")
    if not isinstance(text, str):
        raise HubError(400, "message", "expected a text frame holding a JSON object, got a binary frame")
    if len(text) > MAX_MESSAGE:
        raise HubError(400, "message", f"message over {MAX_MESSAGE} characters")
    try:
        data = json.loads(text)
    except (RecursionError, ValueError) as error:
        raise HubError(400, "message", unparsable(error)) from None
    if not isinstance(data, dict):  # pydantic's words would name the model, a class of the server
        shown = JSON_KINDS.get(type(data), "null")
        raise HubError(400, "message", f'expected a JSON object, e.g. {{"type": "ping"}}, got {shown}')
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise HubError(400, *validation_error(list(error.errors()))) from None
    except RecursionError:
        raise HubError(400, "message", "JSON nested too deeply") from None
