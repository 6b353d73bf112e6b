"""The live table: every change of a game reaches the phones that follow it (API.md "Events").

Writers call :func:`game_changed` inside their transaction (every hand write does, in
``services._store``; confirmations and rulings call it too): the game's ``version`` grows by one
and, once the transaction commits, the change is published. Readers hold a Server-Sent Events
stream, ``GET /api/v1/games/{id}/events`` (:func:`stream`, served by the ASGI entry point in
``scorekeeper/asgi.py`` outside Django's sync request path, so an open stream holds no thread
and no database connection).

Each server process has one :class:`Hub`: it knows which games its streams follow and reads a
game's state (one query, on one thread of its own) when that game changed, once for all its
streams. How a hub learns of a change made in another process or on another server:

- with ``REDIS_URL`` (several workers or servers): Redis pub/sub, one channel per deployment
  (the cache key prefix); the hub also checks its games every ``LIVE_SAFETY_SECONDS`` in case a
  message was lost (Redis restarted);
- without Redis (``make run``, ``make serve`` on SQLite): the hub checks the versions of the
  games it follows every ``LIVE_POLL_SECONDS`` (one query per process for all its streams), and
  at once when a write committed in its own process.

bench/live.py measures both against polling.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import DatabaseError, close_old_connections, transaction
from django.db.models import F
from django.utils import timezone

from . import signals
from .models import Game

log = logging.getLogger("scorekeeper.events")

EVENTS_PATH = re.compile(r"^/api/v1/games/(?P<game>[A-Za-z0-9_-]{1,16})/events/?$")


def _setting(name: str, default: float) -> float:
    return float(getattr(settings, name, default))


# -- writers -------------------------------------------------------------------------------------


def game_changed(game: Game | int, *, kind: str = "table") -> int:
    """Say that ``game`` (a Game or its primary key) changed outside a hand write (a seat, a
    confirmation, a dispute, a ruling): its version grows by one (and its ``updated`` time,
    which the scoreboard's ETag is made of), and on commit :data:`.signals.game_changed` fires
    with it, so every phone that follows the game hears of it. Call it inside the write's
    transaction, once per write. Returns the new version; a Game passed in gets the new
    ``version`` and ``updated`` too."""
    pk = game.pk if isinstance(game, Game) else int(game)
    now = timezone.now()
    Game.objects.filter(pk=pk).update(version=F("version") + 1, updated=now)
    public_id, version = Game.objects.filter(pk=pk).values_list("public_id", "version").get()
    if isinstance(game, Game):
        game.version, game.updated = version, now
    transaction.on_commit(
        lambda: signals.game_changed.send_robust(
            sender=Game, game_id=pk, public_id=public_id, kind=kind, version=version
        ),
        robust=True,
    )
    return version


def game_saved_changed(game: Game) -> None:
    """The version of a game whose writer saves the row itself, under its lock and after
    reloading it (every hand write), grows by one in the row it is about to save; the writer
    sends :data:`.signals.game_changed` with it on commit. No query of its own."""
    game.version += 1


def published(sender, *, public_id: str, version: int | None = None, **kwargs) -> None:
    """The receiver of :data:`.signals.game_changed` (connected in ``GamesConfig.ready``): the
    change goes to every hub."""
    publish(public_id, version if version is not None else 0)


def publish(public_id: str, version: int) -> None:
    """Tell every hub (this process's at once; the others' through Redis) that a game changed.
    Never fails a write: a hub that missed the message finds the change by its next check."""
    local = HUB.get()
    if local is not None:
        local.wake(public_id)
    url = getattr(settings, "REDIS_URL", None)
    if not url:
        return
    try:
        _redis(url).publish(channel(), json.dumps({"game": public_id, "version": version}))
    except Exception:  # noqa: BLE001 - Redis down: the hubs' safety checks still find it
        log.warning("could not publish the change of game %s", public_id, exc_info=True)


_clients: dict[str, Any] = {}
_clients_lock = threading.Lock()


def _redis(url: str):
    with _clients_lock:
        client = _clients.get(url)
        if client is None:
            import redis

            client = redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1)
            _clients[url] = client
        return client


def channel() -> str:
    prefix = os.environ.get("CACHE_KEY_PREFIX", "rummytable")
    return f"{prefix}:game-events"


# -- what a stream says ----------------------------------------------------------------------------


def game_etag_part(public_id: str, updated, hand_count: int) -> str:
    """The part of the scoreboard's ETag (pages.game_etag) that depends on the game alone: the
    page compares it with what it shows before it asks for the scoreboard."""
    return f"{public_id}-{updated.timestamp()}-{hand_count}"


def _payload(public_id: str, version: int, updated, hand_count: int, over: bool) -> dict:
    return {
        "version": version,
        "etag": game_etag_part(public_id, updated, hand_count),
        "hands": hand_count,
        "over": over,
    }


def read_states(public_ids: list[str]) -> dict[str, dict]:
    """The event payload of each of these streams' keys (missing ones left out): one query for
    the games, one per other kind of stream (a key ``<kind>:<rest>``: see :func:`add_reader`)."""
    games = [key for key in public_ids if ":" not in key]
    rows = Game.objects.filter(public_id__in=games).values_list(
        "public_id", "version", "updated", "hand_count", "over"
    ) if games else ()
    states = {row[0]: _payload(*row) for row in rows}
    others: dict[str, list[str]] = {}
    for key in public_ids:
        if ":" in key:
            others.setdefault(key.partition(":")[0], []).append(key)
    for kind, keys in others.items():
        reader = _READERS.get(kind)
        if reader is not None:
            states.update(reader(keys))
    return states


# Streams of other things than one game (a club night follows all its tables), by the kind
# their keys start with: ``reader(keys) -> {key: payload with a growing "version"}``. An app
# that builds on games registers its reader in its AppConfig.ready and publishes its keys with
# :func:`publish` when they change.
_READERS: dict[str, Callable[[list[str]], dict[str, dict]]] = {}


def add_reader(kind: str, reader: Callable[[list[str]], dict[str, dict]]) -> None:
    _READERS[kind] = reader


def format_event(payload: dict) -> bytes:
    data = json.dumps(payload, separators=(",", ":"))
    return f"id: {payload['version']}\nevent: state\ndata: {data}\n\n".encode()


# -- the hub: one per process ----------------------------------------------------------------------


@dataclass(eq=False)
class Listener:
    game: str
    latest: dict | None = None
    ready: asyncio.Event = field(default_factory=asyncio.Event)

    def give(self, payload: dict) -> None:
        if self.latest is None or payload["version"] > self.latest["version"]:
            self.latest = payload
            self.ready.set()


class Hub:
    """The streams of this process, by game, and what tells them of changes."""

    def __init__(self, loop: asyncio.AbstractEventLoop):
        self.loop = loop
        self.listeners: dict[str, set[Listener]] = {}
        self.known: dict[str, int] = {}
        self.dirty: set[str] = set()
        self.poke = asyncio.Event()
        self.closing = asyncio.Event()
        # One thread (one database connection) reads for every stream of this process.
        self.reader = ThreadPoolExecutor(max_workers=1, thread_name_prefix="live-reader")
        self.tasks: list[asyncio.Task] = []
        self.started = False

    # streams
    def join(self, game: str) -> Listener:
        self._start()
        listener = Listener(game)
        self.listeners.setdefault(game, set()).add(listener)
        return listener

    def leave(self, listener: Listener) -> None:
        group = self.listeners.get(listener.game)
        if group is not None:
            group.discard(listener)
            if not group:
                del self.listeners[listener.game]
                self.known.pop(listener.game, None)

    @property
    def streams(self) -> int:
        return sum(len(group) for group in self.listeners.values())

    async def read(self, games: list[str]) -> dict[str, dict]:
        return await self.loop.run_in_executor(self.reader, _read_in_thread, games)

    # changes
    def wake(self, game: str) -> None:
        """From any thread: ``game`` changed (a write in this process committed)."""
        self.loop.call_soon_threadsafe(self._mark, game)

    def _mark(self, game: str) -> None:
        if game in self.listeners:
            self.dirty.add(game)
            self.poke.set()

    def _start(self) -> None:
        if self.started:
            return
        self.started = True
        self.tasks.append(self.loop.create_task(self._checker()))
        url = getattr(settings, "REDIS_URL", None)
        if url:
            self.tasks.append(self.loop.create_task(self._subscriber(url)))

    async def _checker(self) -> None:
        """Reads what changed: the games marked dirty at once, every followed game now and then
        (every LIVE_POLL_SECONDS without Redis, every LIVE_SAFETY_SECONDS with it)."""
        redis = bool(getattr(settings, "REDIS_URL", None))
        every = _setting("LIVE_SAFETY_SECONDS", 5.0) if redis else _setting("LIVE_POLL_SECONDS", 0.25)
        last_full = 0.0
        while not self.closing.is_set():
            try:
                await asyncio.wait_for(self.poke.wait(), timeout=min(every, 1.0))
            except TimeoutError:
                pass
            self.poke.clear()
            if not worker_alive():
                # The worker is stopping (a deploy, a reload): end the streams now, or the
                # worker waits its whole graceful timeout for them; the phones reconnect.
                self.closing.set()
                break
            if not self.listeners:
                self.dirty.clear()
                continue
            now = time.monotonic()
            if now - last_full >= every:
                games, last_full = list(self.listeners), now
            else:
                games = [game for game in self.dirty if game in self.listeners]
            self.dirty.clear()
            if not games:
                continue
            try:
                states = await self.read(games)
            except Exception:  # noqa: BLE001 - the database is away: try again next round
                log.warning("live: could not read %d games", len(games), exc_info=True)
                await asyncio.sleep(1)
                continue
            for game, payload in states.items():
                self._tell(game, payload)

    def _tell(self, game: str, payload: dict) -> None:
        if payload["version"] <= self.known.get(game, -1):
            return
        self.known[game] = payload["version"]
        for listener in list(self.listeners.get(game, ())):
            listener.give(payload)

    async def _subscriber(self, url: str) -> None:
        """Redis pub/sub: a change published by any process marks the game dirty here."""
        import redis.asyncio as aioredis

        pause = 0.5
        while not self.closing.is_set():
            client = aioredis.Redis.from_url(url, socket_connect_timeout=1)
            try:
                pubsub = client.pubsub(ignore_subscribe_messages=True)
                await pubsub.subscribe(channel())
                pause = 0.5
                # Anything changed before the subscription held (or while Redis was away) is
                # read now.
                self.dirty.update(self.listeners)
                self.poke.set()
                while not self.closing.is_set():
                    message = await pubsub.get_message(timeout=1.0)
                    if message is None or message.get("type") != "message":
                        continue
                    try:
                        news = json.loads(message["data"])
                        game, version = str(news["game"]), int(news["version"])
                    except (ValueError, KeyError, TypeError):
                        continue
                    if game in self.listeners and version > self.known.get(game, -1):
                        self.dirty.add(game)
                        self.poke.set()
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - Redis away: the safety check covers, retry later
                log.warning("live: Redis subscription lost; retrying", exc_info=True)
                await asyncio.sleep(pause)
                pause = min(pause * 2, 10.0)
            finally:
                try:
                    await client.aclose()
                except Exception:  # noqa: BLE001
                    pass

    async def close(self) -> None:
        self.closing.set()
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        self.reader.shutdown(wait=False)


def _read_in_thread(games: list[str]) -> dict[str, dict]:
    close_old_connections()  # a connection the database dropped is replaced, not reused
    try:
        return read_states(games)
    except DatabaseError:
        close_old_connections()
        raise


def _always() -> bool:
    return True


# gunicorn.conf.py's post_worker_init points this at its worker's ``alive`` flag.
worker_alive: Callable[[], bool] = _always


class _HubRef:
    """The hub of this process's event loop (made on the first stream)."""

    def __init__(self) -> None:
        self.hub: Hub | None = None

    def get(self) -> Hub | None:
        return self.hub

    def for_loop(self, loop: asyncio.AbstractEventLoop) -> Hub:
        if self.hub is None or self.hub.loop is not loop:
            self.hub = Hub(loop)
        return self.hub


HUB = _HubRef()


# -- the stream ------------------------------------------------------------------------------------

ASGIReceive = Callable[[], Any]
ASGISend = Callable[[dict], Any]


def _header(scope: dict, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return value.decode("latin-1")
    return None


def _last_seen(scope: dict) -> int | None:
    """Last-Event-ID (a reconnecting EventSource sends it), else ``?since=`` (the version the
    page was drawn at, for the first connection)."""
    value = _header(scope, b"last-event-id")
    if value is None:
        from urllib.parse import parse_qs

        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        value = (query.get("since") or [None])[0]
    try:
        return int(value) if value is not None and value.strip() else None
    except ValueError:
        return None


async def _json_error(send: ASGISend, status: int, code: str, message: str) -> None:
    body = json.dumps({"error": {"code": code, "message": message}}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"x-content-type-options", b"nosniff"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


async def stream(scope: dict, receive: ASGIReceive, send: ASGISend, game: str) -> None:
    """``GET /api/v1/games/{id}/events``: the game's Server-Sent Events (API.md "Events").
    ``game`` is the stream's key: a game's public id, or ``<kind>:...`` for a registered kind
    (:func:`add_reader`)."""
    if scope.get("method") not in ("GET", "HEAD"):
        await _json_error(send, 405, "method_not_allowed", "events: only GET")
        return
    hub = HUB.for_loop(asyncio.get_running_loop())
    if hub.closing.is_set():
        await _json_error(send, 503, "unavailable", "this server is restarting; try again")
        return
    listener = hub.join(game)
    try:
        try:
            current = (await hub.read([game])).get(game)
        except Exception:  # noqa: BLE001 - no database: the page polls instead
            await _json_error(send, 503, "database_unavailable", "the database cannot be reached")
            return
        if current is None:
            what = "game" if ":" not in game else game.partition(":")[0]
            await _json_error(send, 404, "not_found", f"no {what} {game.rpartition(':')[2]!r}")
            return
        hub._tell(game, current)
        await send(
            {
                "type": "http.response.start",
                "status": 200,
                "headers": [
                    (b"content-type", b"text/event-stream; charset=utf-8"),
                    (b"cache-control", b"no-cache, no-transform"),
                    (b"x-accel-buffering", b"no"),  # nginx: pass each event on at once
                    (b"x-content-type-options", b"nosniff"),
                ],
            }
        )
        if scope.get("method") == "HEAD":
            await send({"type": "http.response.body", "body": b""})
            return
        await _follow(hub, listener, current, _last_seen(scope), receive, send)
    finally:
        hub.leave(listener)


async def _follow(
    hub: Hub,
    listener: Listener,
    current: dict,
    seen: int | None,
    receive: ASGIReceive,
    send: ASGISend,
) -> None:
    keepalive = _setting("LIVE_KEEPALIVE_SECONDS", 15.0)
    lifetime = _setting("LIVE_STREAM_SECONDS", 600.0)
    # A phone reconnects after this many ms (EventSource does it by itself, with Last-Event-ID).
    opening = b"retry: 1000\n\n"
    if seen is None or current["version"] != seen:
        opening += format_event(current)
    sent = current["version"]
    listener.latest = current if listener.latest is None else listener.latest

    gone = asyncio.Event()

    async def watch_disconnect() -> None:
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                gone.set()
                return

    watcher = asyncio.ensure_future(watch_disconnect())
    ends = time.monotonic() + lifetime
    try:
        await send({"type": "http.response.body", "body": opening, "more_body": True})
        while not gone.is_set() and not hub.closing.is_set():
            left = ends - time.monotonic()
            if left <= 0:
                break
            ready = asyncio.ensure_future(listener.ready.wait())
            closing = asyncio.ensure_future(hub.closing.wait())
            done, pending = await asyncio.wait(
                {ready, closing, watcher}, timeout=min(keepalive, left),
                return_when=asyncio.FIRST_COMPLETED,
            )
            for task in (ready, closing):
                if task not in done:
                    task.cancel()
            if gone.is_set() or hub.closing.is_set():
                break
            if ready in done:
                listener.ready.clear()
                latest = listener.latest
                if latest is not None and latest["version"] > sent:
                    await send(
                        {"type": "http.response.body", "body": format_event(latest), "more_body": True}
                    )
                    sent = latest["version"]
            else:
                await send({"type": "http.response.body", "body": b": keep-alive\n\n", "more_body": True})
        if not gone.is_set():
            await send({"type": "http.response.body", "body": b"", "more_body": False})
    except OSError:
        pass  # the phone went away mid-write
    finally:
        watcher.cancel()
