"""The ASGI entry point: what gunicorn's ``asgi`` workers serve (gunicorn.conf.py).

Two kinds of request, kept apart:

- the live streams (``GET /api/v1/games/{id}/events``, games/events.py) run on the worker's
  event loop: an open stream costs a little memory, never a thread or a database connection,
  so one worker holds thousands (bench/live.py measures it);
- everything else is the same Django WSGI application as before, run on a small pool of
  threads per worker (``GUNICORN_THREADS``, default 4), each with its persistent database
  connection, exactly as the sync workers ran it: same middleware, same transactions.
"""

from __future__ import annotations

import asyncio
import io
import os
import sys
from concurrent.futures import ThreadPoolExecutor

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

from django.core.wsgi import get_wsgi_application  # noqa: E402

django_wsgi = get_wsgi_application()

from scorekeeper.games import events  # noqa: E402 - needs the apps loaded
from scorekeeper.leagues import night_events  # noqa: E402
from scorekeeper.middleware import body_limit  # noqa: E402
from scorekeeper.startup import prepare  # noqa: E402

# Every view, and the rule search's indexes, model and passage vectors, before the first
# request (each worker imports this module before it takes requests).
prepare()

# Bodies are refused above 256 KB (4 MB for a league import) by the app (RequestBodyMiddleware);
# a body sent without a length (chunked) is cut here a little above that, and the app answers
# 413 for it.
MAX_BUFFERED_BODY = 512 * 1024


class WsgiOnLoop:
    """A WSGI application served from an asyncio server: the request is read on the loop, the
    application runs on one of ``threads`` threads, the answer is written back on the loop."""

    def __init__(self, app, threads: int):
        self.app = app
        self.pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="wsgi")

    async def __call__(self, scope: dict, receive, send) -> None:
        body = bytearray()
        most = max(MAX_BUFFERED_BODY, body_limit(scope.get("path", "")) + 1)
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            if len(body) <= most:
                body += message.get("body", b"")
            more = message.get("more_body", False)
        environ = wsgi_environ(scope, bytes(body[: most + 1]))
        loop = asyncio.get_running_loop()
        status, headers, chunks = await loop.run_in_executor(self.pool, self._run, environ)
        await send({"type": "http.response.start", "status": status, "headers": headers})
        if scope.get("method") == "HEAD":
            chunks = []
        for chunk in chunks:
            if chunk:
                await send({"type": "http.response.body", "body": chunk, "more_body": True})
        await send({"type": "http.response.body", "body": b""})

    def _run(self, environ: dict) -> tuple[int, list, list[bytes]]:
        started: dict = {}
        written: list[bytes] = []

        def start_response(status: str, headers: list, exc_info=None):
            if exc_info and started:
                raise exc_info[1].with_traceback(exc_info[2])
            started["status"] = int(status.split(" ", 1)[0])
            started["headers"] = [
                (name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in headers
            ]
            return written.append

        result = self.app(environ, start_response)
        try:
            chunks = written + [chunk for chunk in result]
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()
        return started["status"], started["headers"], chunks


def wsgi_environ(scope: dict, body: bytes) -> dict:
    """PEP 3333's environ for an ASGI HTTP scope."""
    root = scope.get("root_path", "")
    path = scope["path"]
    if root and path.startswith(root):
        path = path[len(root) :]
    server = scope.get("server") or ("localhost", 80)
    client = scope.get("client") or ("", 0)
    environ = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": root.encode("utf-8").decode("latin-1"),
        "PATH_INFO": path.encode("utf-8").decode("latin-1"),
        "QUERY_STRING": scope.get("query_string", b"").decode("latin-1"),
        "SERVER_NAME": str(server[0]),
        "SERVER_PORT": str(server[1] or 80),
        "SERVER_PROTOCOL": f"HTTP/{scope.get('http_version', '1.1')}",
        "REMOTE_ADDR": str(client[0]),
        "REMOTE_PORT": str(client[1]),
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    for raw_name, raw_value in scope.get("headers", ()):
        name = raw_name.decode("latin-1").lower()
        if "_" in name:
            continue  # as gunicorn's WSGI workers: X_Forwarded_For must not pass as X-Forwarded-For
        value = raw_value.decode("latin-1")
        if name == "content-type":
            key = "CONTENT_TYPE"
        elif name == "content-length":
            key = "CONTENT_LENGTH"
        else:
            key = "HTTP_" + name.upper().replace("-", "_")
        if key in environ:
            value = environ[key] + ("; " if name == "cookie" else ",") + value
        environ[key] = value
    return environ


class Application:
    """Streams on the loop, the rest on the WSGI threads; the lifespan ends the streams."""

    def __init__(self, wsgi, threads: int):
        self.wsgi = WsgiOnLoop(wsgi, threads)

    async def __call__(self, scope: dict, receive, send) -> None:
        kind = scope["type"]
        if kind == "http":
            match = events.EVENTS_PATH.match(scope["path"])
            night = None if match else night_events.EVENTS_PATH.match(scope["path"])
            if match:
                await events.stream(scope, receive, send, match["game"])
            elif night:
                await night_events.stream(scope, receive, send, night)
            else:
                await self.wsgi(scope, receive, send)
        elif kind == "lifespan":
            await self.lifespan(receive, send)
        # websockets: none here; the server closes them

    async def lifespan(self, receive, send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await shutdown()
                await send({"type": "lifespan.shutdown.complete"})
                return


async def shutdown() -> None:
    """End every stream of this process (the phones reconnect to another worker)."""
    hub = events.HUB.get()
    if hub is not None:
        await hub.close()


def _threads() -> int:
    try:
        return max(1, int(os.environ.get("GUNICORN_THREADS", "4")))
    except ValueError:
        return 4


application = Application(django_wsgi, _threads())
