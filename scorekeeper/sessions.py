"""Django's database sessions, an existing session saved in one UPDATE.

A keeper's every hand keeps its undo in the session. Django's store saves an existing session
inside ``transaction.atomic`` so that a failed *insert* can be told apart without breaking the
caller's transaction; an update needs no such guard, and without it the save is one statement
(no BEGIN/COMMIT round trips, no savepoint pair inside a request's transaction). A session
deleted meanwhile still raises :class:`UpdateError`, as Django's does (the middleware answers
it as Django's store would)."""

from __future__ import annotations

from django.contrib.sessions.backends import db
from django.contrib.sessions.backends.base import UpdateError
from django.db import router


class SessionStore(db.SessionStore):
    def save(self, must_create: bool = False) -> None:
        if must_create or self.session_key is None:
            super().save(must_create=must_create)
            return
        row = self.create_model_instance(self._get_session())
        using = router.db_for_write(self.model, instance=row)
        updated = (
            self.model._default_manager.using(using)
            .filter(session_key=row.session_key)
            .update(session_data=row.session_data, expire_date=row.expire_date)
        )
        if not updated:
            raise UpdateError
