"""Every refusal of the web API in one shape: ``{"error": {"field": ..., "message": ...}}``.

Clients show ``message`` and highlight ``field``; a refusal a player meets in the browser also
has a ``code`` (and the ``values`` its words need), which the page words in its language. No
answer may fall back to FastAPI's ``{"detail": ...}``: the handlers here cover the hub's refusals, invalid
requests, Starlette's own errors (unknown path 404, wrong method 405, a body that
cannot be parsed 400) and, last, any unexpected exception (500, still in the shape).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from kingdomino.web.refusals import HubError

#: The field named by a Starlette error of this status (any other status names "request").
_STATUS_FIELDS = {400: "body", 404: "path", 405: "method", 413: "body"}


def error_body(field: str, message: str, code: str = "") -> dict[str, Any]:
    """The documented body of a refusal (``code``: its name, where the page words it)."""
    return HubError(0, field, message, code).to_json()


def error_response(
    status: int, field: str, message: str, headers: Mapping[str, str] | None = None, code: str = ""
) -> JSONResponse:
    """A refusal as an HTTP answer."""
    return JSONResponse(error_body(field, message, code), status, headers=headers)


#: The tags pydantic puts after a field of several allowed types, naming the type it tried
#: ("options.harmony.bool"): not part of the field's name.
_UNION_TAGS = frozenset({"bool", "int", "float", "str", "list", "dict", "none"})


def validation_error(errors: Sequence[Any]) -> tuple[str, str]:
    """The field and message of the first pydantic error, e.g. ``("seats.0.kind", "seats.0.kind: ...")``.

    >>> validation_error([{"loc": ("body", "options", "harmony", "bool"), "msg": "not a boolean"}])
    ('options.harmony', 'options.harmony: not a boolean')
    """
    first = errors[0]
    parts = [str(p) for p in first.get("loc", ()) if p not in ("body", "query", "path")]
    while len(parts) > 1 and parts[-1] in _UNION_TAGS:
        parts.pop()
    field = ".".join(parts) or "body"
    return field, f"{field}: {first.get('msg', 'invalid')}"


def unparsable(cause: BaseException | None) -> str:
    """Why a JSON text could not be read, in a client's words (``cause`` is what the parser raised).

    >>> unparsable(RecursionError()), unparsable(ValueError("Exceeds the limit (4300 digits)"))
    ('JSON nested too deeply', 'a number has too many digits')
    """
    if isinstance(cause, RecursionError):
        return "JSON nested too deeply"
    if isinstance(cause, UnicodeError):
        return "the body is not UTF-8 text"
    if isinstance(cause, ValueError) and "digits" in str(cause):
        return "a number has too many digits"
    return "malformed JSON"


def wants_a_page(request: Request) -> bool:
    """A browser asking for a page (not the API, a socket or a static file): it gets the app's
    page, which says there is no such page and shows the lobby, rather than JSON."""
    path = request.url.path
    return (
        request.method == "GET"
        and "text/html" in request.headers.get("accept", "")
        and not path.startswith(("/api/", "/ws/", "/static/"))
    )


def install_error_handlers(app: FastAPI, page: str | None = None) -> None:
    """Answer every refusal and failure of ``app`` in the error shape; an unknown path asked for
    by a browser gets ``page`` (the app's page, a file) with the status 404."""

    @app.exception_handler(HubError)
    async def hub_error(_request: Request, error: HubError) -> JSONResponse:
        return JSONResponse(error.to_json(), error.status, headers=error.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, error: RequestValidationError) -> JSONResponse:
        errors = list(error.errors())
        if errors and errors[0].get("type") == "json_invalid":
            return error_response(400, "body", "malformed JSON")
        return error_response(422, *validation_error(errors))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> Response:
        status = error.status_code
        field = _STATUS_FIELDS.get(status, "request")
        if status == 404 and page is not None and wants_a_page(request):
            return FileResponse(page, status_code=404)
        if status == 404:
            message = "no such page or API route"
        elif status == 405:
            allowed = (error.headers or {}).get("Allow", "")
            message = f"{request.method} is not allowed here" + (f"; use {allowed}" if allowed else "")
        elif status == 400 and error.__cause__ is not None:
            message = unparsable(error.__cause__)
        else:
            message = str(error.detail)
        return error_response(status, field, message, error.headers)
