"""Request size and time limits: a request whose body is larger than the limit gets a 413
answer before it is read (when it declares its length) or as soon as it has sent too much
(when it does not), and nothing of it is kept; a request whose body has not arrived whole
within the read time limit gets a 408 answer (a client that sends a byte now and then cannot
hold the server)."""

from __future__ import annotations

import time
from collections.abc import Callable

import anyio
from starlette.exceptions import HTTPException
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: builds the 413 answer of a request (JSON for the API, a page for the browser)
Answer = Callable[[Scope, int, str], Response]


def too_large_message(limit: int) -> str:
    """The message of a 413 answer."""
    return (
        f"the request is larger than the limit of {limit} bytes; send a smaller tournament "
        "file (the limit is the server's setting)"
    )


class TooLarge(HTTPException):
    """Raised while reading a body past the limit (answered with 413 by the app)."""

    def __init__(self, limit: int) -> None:
        super().__init__(status_code=413, detail=too_large_message(limit))


class TooSlow(HTTPException):
    """Raised when a body has not arrived whole in time (answered with 408 by the app)."""

    def __init__(self, seconds: float) -> None:
        message = (
            f"the request body did not arrive within the limit of {seconds:g} seconds; "
            "send it again over a faster connection"
        )
        super().__init__(status_code=408, detail=message, headers={"connection": "close"})


class BodyLimit:
    """ASGI middleware that stops request bodies larger than ``limit`` bytes or slower than
    ``read_timeout`` seconds in all; ``answer`` builds the 413 answer of a request that
    declares a larger body."""

    def __init__(
        self, app: ASGIApp, limit: int, answer: Answer, read_timeout: float = 60.0
    ) -> None:
        self.app = app
        self.limit = limit
        self.answer = answer
        self.read_timeout = read_timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on with a counting, timed ``receive``; answer 413 at once when
        the declared length is over the limit."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is not None and declared > self.limit:
            response = self.answer(scope, 413, too_large_message(self.limit))
            await response(scope, receive, send)
            return
        received = 0
        complete = False
        deadline = time.monotonic() + self.read_timeout

        async def counted() -> Message:
            nonlocal received, complete
            if complete:  # the body is in: waiting for a disconnection is not timed
                return await receive()
            with anyio.move_on_after(max(0.0, deadline - time.monotonic())):
                message = await receive()
                if message["type"] == "http.request":
                    received += len(message.get("body", b""))
                    complete = not message.get("more_body", False)
                    if received > self.limit:
                        raise TooLarge(self.limit)
                else:
                    complete = True
                return message
            raise TooSlow(self.read_timeout)

        await self.app(scope, counted, send)


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name.lower() == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


class SecurityHeaders:
    """ASGI middleware adding ``headers`` to every answer that does not set them."""

    def __init__(self, app: ASGIApp, headers: dict[str, str]) -> None:
        self.app = app
        self.headers = [(name.encode(), value.encode()) for name, value in headers.items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on; add the headers to the start of the answer."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(name, value) for name, value in self.headers if name not in present]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, with_headers)
