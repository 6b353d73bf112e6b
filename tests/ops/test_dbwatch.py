"""The hung-database watch (scorekeeper/dbwatch.py) cuts a connection only while a command of
it is in flight: a request busy with its own work past the check deadline, before any query
(the first rule search of a process building its indexes, under load), keeps its idle
connection. Cutting it cost a reconnect in production and, in the suite, a database access
from a test that uses none."""

from __future__ import annotations

import socket
import threading
import time
from types import SimpleNamespace

import pytest
from psycopg.pq import TransactionStatus

from scorekeeper.dbwatch import _Watch


class Info:
    """A connection's state, counting how often the watch read it."""

    def __init__(self, status: TransactionStatus):
        self.status = status
        self.reads = 0

    @property
    def transaction_status(self) -> TransactionStatus:
        self.reads += 1
        return self.status


def until(condition, seconds: float = 10.0) -> bool:
    ends = time.monotonic() + seconds
    while time.monotonic() < ends:
        if condition():
            return True
        time.sleep(0.01)
    return False


@pytest.mark.parametrize(
    ("status", "cut"),
    [(TransactionStatus.ACTIVE, True), (TransactionStatus.IDLE, False)],
)
def test_only_a_connection_with_a_command_in_flight_is_cut(status, cut):
    ours, theirs = socket.socketpair()
    info = Info(status)
    db = SimpleNamespace(
        connection=SimpleNamespace(pgconn=SimpleNamespace(socket=ours.fileno()), info=info)
    )
    watch = _Watch(10.0, db, check_deadline=0.01)
    watch.since = time.monotonic() - 60  # long past the check deadline, no query yet
    thread = threading.Thread(target=watch.run, daemon=True)
    thread.start()
    try:
        # The watch looked at the connection's state three times: it has decided.
        assert until(lambda: info.reads >= 3 or watch.cut)
        assert watch.cut is cut
        if cut:  # the socket is shut down: the waiting call would fail at once
            assert until(lambda: theirs.recv(1) == b"")
        else:  # the idle connection is untouched
            ours.sendall(b"x")
            assert theirs.recv(1) == b"x"
    finally:
        watch.done.set()
        thread.join()
        ours.close()
        theirs.close()
