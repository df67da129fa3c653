"""The web page and HTTP API of tiebreaks (``tiebreaks serve``; needs ``tiebreaks[web]``).

:func:`create_app` builds the ASGI application: the page at ``/``, the API under ``/api``
and its OpenAPI description at ``/api/openapi.json``. See README.md, "Web page and HTTP API".
"""

from __future__ import annotations

from .app import create_app

__all__ = ["create_app"]
