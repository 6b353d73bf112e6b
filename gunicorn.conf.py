"""gunicorn settings for production (`make serve`, the Dockerfile, a systemd unit).

Every value can be changed from the environment without editing this file:

- ``HOST``/``PORT`` (127.0.0.1:8000) or ``GUNICORN_BIND``: where to listen. Keep 127.0.0.1
  behind a reverse proxy on the same machine; 0.0.0.0 in a container.
- ``WEB_CONCURRENCY``: worker processes (default 2 x CPUs + 1, at most 8). Nothing is kept in
  a worker between requests (sessions, cache and rate limits live in the database and Redis;
  live streams learn of changes through Redis or the database), so any number of workers and
  servers behave as one.
- ``GUNICORN_WORKER_CLASS`` (``asgi``): gunicorn's own asyncio workers serving
  ``scorekeeper.asgi``. The live streams (Server-Sent Events) stay open on the worker's event
  loop without holding a thread; every other request runs the Django WSGI application on one
  of ``GUNICORN_THREADS`` (4) threads of the worker, as the sync workers did.
  ``GUNICORN_WORKER_CLASS=sync`` serves the WSGI application as before: no live streams there
  (the game page then polls).
- ``WORKER_CONNECTIONS`` (1000): open connections (streams included) one asgi worker takes.
- ``GUNICORN_TIMEOUT`` (30 s): a worker silent for longer is killed and replaced; no request
  of this app needs more than a fraction of a second.
- ``FORWARDED_ALLOW_IPS`` (127.0.0.1,::1): the proxies whose X-Forwarded-* headers gunicorn
  believes (for the scheme). Set it to the proxy's address when the proxy runs elsewhere;
  never ``*`` when clients can reach gunicorn directly.
"""

import multiprocessing
import os

_host = os.environ.get("HOST", "127.0.0.1")
_port = os.environ.get("PORT", "8000")
bind = os.environ.get("GUNICORN_BIND", f"{_host}:{_port}").split(",")

workers = int(os.environ.get("WEB_CONCURRENCY", min(2 * multiprocessing.cpu_count() + 1, 8)))
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "asgi")
if worker_class == "asgi":
    wsgi_app = "scorekeeper.asgi:application"
    worker_connections = int(os.environ.get("WORKER_CONNECTIONS", 1000))
    asgi_lifespan = "on"  # the app ends its streams at shutdown
else:
    wsgi_app = "scorekeeper.wsgi:application"
    threads = int(os.environ.get("GUNICORN_THREADS", 1))
    if threads > 1 and worker_class == "sync":
        worker_class = "gthread"
timeout = int(os.environ.get("GUNICORN_TIMEOUT", 30))
graceful_timeout = 30  # on SIGTERM (a deploy), requests in flight get this long to finish
keepalive = 5
# Recycle workers now and then, so a slow leak never grows for months.
max_requests = 2000
max_requests_jitter = 200

forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
# The app logs one line per request itself (with the request id); gunicorn logs only its own
# events and errors, to stderr.
accesslog = None
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")

# Requests are small: a hand is a few KB and bodies over 256 KB are refused by the app.
# gunicorn answers a request line or header over its limits itself, with a bare HTML 414 or
# 400 that no API client can read; so its limits are set to its maximum (8190 bytes), above
# anything the app or a phone sends, and the proxy in front (deploy/nginx.conf) refuses what
# is bigger first, with the API's JSON error shape on /api/ paths.
limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 8190

# Heartbeat files in memory, not on a disk that may stall (containers).
if os.path.isdir("/dev/shm"):
    worker_tmp_dir = "/dev/shm"

# No control socket: it would sit at one fixed path in $HOME, shared by every instance on the
# machine (several servers side by side, the tests' two instances).
control_socket_disable = True


def post_worker_init(worker):
    """An asgi worker told to stop (a deploy, --reload) ends its live streams at once instead
    of waiting its graceful timeout for them; the phones reconnect to the next worker."""
    if worker_class == "asgi":
        from scorekeeper.games import events

        events.worker_alive = lambda: worker.alive
