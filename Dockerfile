# Rummy Table, production image: gunicorn behind your reverse proxy (README "Deploying").
# gunicorn runs its asgi workers (gunicorn.conf.py): the live game's event streams stay open
# on each worker's event loop, every other request runs the Django app on its threads. Behind
# nginx, deploy/nginx.conf turns buffering off for the stream's path.
#   docker build -t rummytable .
#   docker run -p 127.0.0.1:8000:8000 --env-file rummytable.env rummytable
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    HOST=0.0.0.0 \
    PORT=8000 \
    DATABASE_URL=sqlite:////data/db.sqlite3 \
    GUNICORN_WORKER_CLASS=asgi

WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt

COPY . .
# Hashed, compressed static files baked into the image (served by WhiteNoise). The key here
# only satisfies the settings' startup check for this one command; it is not kept.
RUN SECRET_KEY="collectstatic-only-$(python -c 'import secrets; print(secrets.token_urlsafe(50))')" \
    python manage.py collectstatic --noinput -v 0 \
 && useradd --system --uid 10001 --no-create-home app \
 && mkdir /data && chown app /data
USER app
# Only for the embedded SQLite default; with PostgreSQL (DATABASE_URL) nothing is kept here.
VOLUME /data

EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --retries=3 \
  CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/api/v1/health', timeout=4)"
# Migrations are idempotent and take a lock; with several replicas, run them as a release step
# (`docker run ... python manage.py migrate`) and start the replicas with gunicorn alone.
CMD ["sh", "-c", "python manage.py migrate --noinput && exec gunicorn -c gunicorn.conf.py"]
