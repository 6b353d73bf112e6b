"""A database call that never returns must not hold a worker (issue 16 item 4).

PostgreSQL's own ``statement_timeout`` ends a slow statement and libpq's ``connect_timeout`` a
connection that is never made, but neither helps when an open connection stops answering (a
stalled server or network): the client waits in ``recv`` until gunicorn kills the worker. This
middleware watches each request's database calls: when one has been waiting longer than
``DB_CALL_DEADLINE`` seconds (health: ``HEALTH_DEADLINE``), it shuts the connection's socket
down from a timer thread. The waiting call then fails at once with an OperationalError, the
request answers 503 (health, and the API's JSON error), Django drops the broken connection and
the next request connects afresh: the app recovers by itself.

Before a request's first query, what waits is connecting (bounded by ``connect_timeout``
already) or the one-line check Django makes of a reused connection, which a live database
answers in milliseconds: that part gets ``DB_CHECK_DEADLINE`` (2 s). A hung database so costs
a request 2 s there plus the reconnect's ``connect_timeout``, not the whole call deadline; a
live one whose check is cut by mistake costs one reconnect, not the request. Only a connection
with a command in flight is cut: a request busy with its own work for longer than that, its
connection idle, keeps it.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable

from django.conf import settings
from django.db import connection, connections
from django.http import HttpRequest, HttpResponse
from psycopg.pq import TransactionStatus

HEALTH_PATH = "/api/v1/health"


def _deadline(request: HttpRequest) -> float:
    if request.path == HEALTH_PATH:
        return getattr(settings, "HEALTH_DEADLINE", 3.0)
    return getattr(settings, "DB_CALL_DEADLINE", 10.0)


class _Watch:
    """Tracks whether this request is inside a database call and since when."""

    def __init__(self, deadline: float, db, check_deadline: float | None = None):
        self.deadline = deadline
        self.check_deadline = deadline if check_deadline is None else min(deadline, check_deadline)
        self.first = True  # no query has started yet: connecting, or checking a reused connection
        self.db = db  # this request thread's connection (connections are per thread)
        # Until the first call returns the request counts as waiting: connecting, and the
        # health check Django runs on a reused connection, happen outside execute wrappers.
        self.since: float | None = time.monotonic()
        self.fd: int | None = None
        self.cut = False
        self.done = threading.Event()

    def __call__(self, execute, sql, params, many, context):
        self._grab()
        self.first = False
        self.since = time.monotonic()
        try:
            return execute(sql, params, many, context)
        finally:
            self.since = None

    def _grab(self) -> None:
        raw = getattr(self.db, "connection", None)
        pgconn = getattr(raw, "pgconn", None)
        if pgconn is not None:
            try:
                self.fd = pgconn.socket
            except Exception:  # noqa: BLE001 - a closed connection has no socket
                self.fd = None

    def _busy(self) -> bool:
        """Is a command of this connection in flight (sent, its answer not read yet)? Before a
        request's first query the watch cannot tell its own work from the check of a reused
        connection, but an idle connection has nothing waiting on it: a request busy in
        Python (the first rule search of a process building its indexes) keeps its healthy
        connection. When the state cannot be read, the call counts as waiting."""
        info = getattr(getattr(self.db, "connection", None), "info", None)
        try:
            return info.transaction_status == TransactionStatus.ACTIVE
        except Exception:  # noqa: BLE001 - no state to read: cut, as before
            return True

    def run(self) -> None:
        while not self.done.wait(0.2):
            since = self.since
            deadline = self.check_deadline if self.first else self.deadline
            if since is None or time.monotonic() - since < deadline:
                continue
            self._grab()  # the socket of the connection now in use (perhaps a new one)
            if self.fd is not None and not self.cut and self._busy():
                self.cut = True
                try:  # a duplicate of the socket: shutting it down ends the blocked recv
                    socket.socket(fileno=socket.dup(self.fd)).shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass


class DatabaseDeadlineMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response
        self.active = settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not self.active:
            return self.get_response(request)
        watch = _Watch(
            _deadline(request),
            connections["default"],
            check_deadline=getattr(settings, "DB_CHECK_DEADLINE", None),
        )
        watch._grab()
        watcher = threading.Thread(target=watch.run, daemon=True)
        watcher.start()
        try:
            with connection.execute_wrapper(watch):
                return self.get_response(request)
        finally:
            watch.done.set()
            if watch.cut:
                connection.close_if_unusable_or_obsolete()
