"""The tutorial's server: Streamlit's ASGI app for ``tutorial/app.py``, with one middleware.

Run with ``make app`` (``streamlit run tutorial/serve.py``). Opened at a page's own address
(``/retos``), Streamlit's page looks for its server first under that address
(``/retos/_stcore/health``, ``/retos/_stcore/host-config``), gets two 404s that the browser logs as
errors, and only then tries the root. :class:`BackendBase` tells the page where its server is
(``window.__streamlit.BACKEND_BASE_URL``, read by Streamlit's page before it starts), so it asks
the root at once: no 404, one round trip less before the first paint.
"""

from __future__ import annotations

import gzip
from typing import Any

import streamlit as st
from starlette.middleware import Middleware

Scope = dict[str, Any]
Message = dict[str, Any]


def backend_script(base_path: str) -> bytes:
    """The script that tells Streamlit's page its server's address (``base_path``: the server's
    ``server.baseUrlPath``, ``""`` at the root)."""
    path = "/" + base_path.strip("/")
    return (
        "<script>window.__streamlit=Object.assign({},window.__streamlit,"
        f"{{BACKEND_BASE_URL:location.origin+{path!r}}});</script>"
    ).encode()


class BackendBase:
    """ASGI middleware: every HTML page the server sends (Streamlit's ``index.html``) gets
    :func:`backend_script` at the start of its ``<head>``."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope.get("method") not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        held: Message | None = None
        body: list[bytes] = []

        async def patched(message: Message) -> None:
            nonlocal held
            if message["type"] == "http.response.start":
                headers = {k.lower(): v for k, v in message.get("headers", [])}
                html = headers.get(b"content-type", b"").startswith(b"text/html")
                if (
                    html
                    and headers.get(b"content-encoding", b"gzip") == b"gzip"
                    and scope.get("method") == "GET"
                ):
                    held = message
                    return
                await send(message)
            elif message["type"] == "http.response.body" and held is not None:
                body.append(message.get("body", b""))
                if message.get("more_body"):
                    return
                from streamlit import config

                page = b"".join(body)
                if any(k.lower() == b"content-encoding" for k, _ in held.get("headers", [])):
                    page = gzip.decompress(page)  # sent plain: a few kB, once per page load
                page = page.replace(
                    b"<head>",
                    b"<head>" + backend_script(str(config.get_option("server.baseUrlPath") or "")),
                    1,
                )
                dropped = (b"content-length", b"content-encoding")
                kept = [(k, v) for k, v in held.get("headers", []) if k.lower() not in dropped]
                kept.append((b"content-length", str(len(page)).encode()))
                await send({**held, "headers": kept})
                await send({"type": "http.response.body", "body": page, "more_body": False})
            else:
                await send(message)

        await self.app(scope, receive, patched)


def warm_up() -> None:
    """Import what the play page needs before the first visitor comes (the engine's move tables
    take about half a second): the first page load is as fast as the next ones."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import ddz.ai  # noqa: F401
    import tutorial.practice
    import tutorial.review  # noqa: F401


warm_up()
app = st.App("app.py", middleware=[Middleware(BackendBase)])
