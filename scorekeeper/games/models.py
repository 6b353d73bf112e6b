"""A game at a table: its seats, its hands and every version of each hand.

Hands store the entry exactly as the players typed it; everything derived from entries (each
hand's result, the totals, who deals next, whether the game is over) is recomputed by the
engine on every write and cached here, so reads never need the engine.
"""

import hashlib
import secrets

from django.db import models
from django.db.models import Q


def new_public_id() -> str:
    # 64 random bits: unguessable enough that ids can be shared as links, short enough to read out.
    return secrets.token_urlsafe(8)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


# A game's join code: typed on the home page, read out across a table. No look-alikes: no 0/O,
# no 1/I/L. 31 characters, 6 of them: about 887 million codes.
JOIN_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
JOIN_CODE_LENGTH = 6


def new_join_code() -> str:
    return "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


class Game(models.Model):
    public_id = models.CharField(max_length=16, unique=True, default=new_public_id, editable=False)
    variant = models.CharField(max_length=40)
    options = models.JSONField(default=dict, blank=True)  # as given; the engine fills defaults
    dealer = models.CharField(max_length=40)  # of the first hand
    # Only the hash: a leaked database must not let anyone edit games.
    token_hash = models.CharField(max_length=64, editable=False)

    # Cached from the engine's replay of the live hands, rewritten in every hand write.
    hand_count = models.PositiveIntegerField(default=0)
    totals = models.JSONField(default=dict)
    over = models.BooleanField(default=False)
    winners = models.JSONField(default=list)
    next_dealer = models.CharField(max_length=40, blank=True)
    next_deal = models.PositiveSmallIntegerField(null=True, blank=True)  # cards each
    # How many rulings the table kept (Ruling rows): a state with none reads no rulings, so a
    # hand write answers its state without that query.
    ruling_count = models.PositiveIntegerField(default=0)

    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    # Grows by one with every change of the game (events.game_changed): the live stream's id.
    version = models.PositiveIntegerField(default=0)
    # The short code a phone types to watch this game (home page); unique, no look-alikes.
    code = models.CharField(max_length=6, unique=True, null=True, default=new_join_code)  # noqa: DJ001
    # The game this one is a rematch of (same table, same settings); one rematch per game.
    rematch_of = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch"
    )

    def __str__(self) -> str:
        return f"{self.variant} {self.public_id}"


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()  # 0-based, clockwise
    name = models.CharField(max_length=40)

    class Meta:
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="seat_position_unique"),
            models.UniqueConstraint(fields=["game", "name"], name="seat_name_unique"),
        ]

    def __str__(self) -> str:
        return self.name


class Hand(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    # 1-based among live hands; a deleted hand keeps the number it had when deleted.
    number = models.PositiveIntegerField()
    entry = models.JSONField()  # the API's `result` object, exactly as given
    # Who dealt this hand, as recorded when it was entered (the rotation's suggestion unless the
    # table said otherwise): a fact of the table, never rewritten by another hand's correction
    # or deletion (RULES.md 1). "" only for a hand that predates recorded dealers.
    dealer = models.CharField(max_length=40, blank=True)
    result = models.JSONField(default=dict)  # the engine's HandResult, with its dealer
    totals = models.JSONField(default=dict)  # running totals after this hand
    # NULL, not "", for "none given": NULLs never collide in the unique constraint below.
    request_id = models.CharField(max_length=100, null=True, blank=True)  # noqa: DJ001
    deleted_at = models.DateTimeField(null=True, blank=True)
    # The version of its latest HandRevision: what the hand's etag is made of, so the etag changes
    # exactly when the hand is corrected, deleted or restored (not when a neighbour moves it).
    version = models.PositiveIntegerField(default=1)
    # What the seated players said about this version of the hand (API.md "Confirmations"):
    # {player: {"disputed": bool, "reason": str}}. Kept on the hand, so a state reads it with
    # the hands; a correction or deletion empties it (it was about the hand as it was).
    checks = models.JSONField(default=dict, blank=True)
    # Who saved it (API.md "The hand a phone meant"): the seated player whose phone kept score,
    # "" for the scorekeeper's phone or an API client without a seat.
    saved_by = models.CharField(max_length=40, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            # The last line of defence against two writers numbering the same hand.
            models.UniqueConstraint(
                fields=["game", "number"],
                condition=Q(deleted_at__isnull=True),
                name="hand_live_number_unique",
            ),
            # Deleted hands keep their request_id: a client retrying a post must not revive it.
            models.UniqueConstraint(fields=["game", "request_id"], name="hand_request_id_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.game.public_id} hand {self.number}"

    @property
    def deleted(self) -> bool:
        return self.deleted_at is not None

    @property
    def etag(self) -> str:
        """This version of this hand, opaque: ``If-Match`` sends it back (API.md, safe retries)."""
        return hand_etag(self.pk, self.version)


def hand_etag(pk: int, version: int) -> str:
    return hashlib.sha256(f"hand:{pk}:{version}".encode()).hexdigest()[:20]


class HandRevision(models.Model):
    class Action(models.TextChoices):
        RECORDED = "recorded"
        CORRECTED = "corrected"
        DELETED = "deleted"
        RESTORED = "restored"

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="revisions")
    version = models.PositiveIntegerField()  # 1 for the hand as first recorded
    action = models.CharField(max_length=10, choices=Action.choices)
    number = models.PositiveIntegerField()  # the hand's number at the time
    entry = models.JSONField()
    result = models.JSONField()
    # What this change did to the other hands (rescore.Consequences.as_data()), for the history.
    consequences = models.JSONField(default=dict, blank=True)
    # Why the change was made, when it had to say (a correction after the organiser approved
    # the round of a club night: API.md "Club nights"); shown in the hand's history.
    reason = models.CharField(max_length=200, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["hand", "version"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "version"], name="hand_revision_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.hand} v{self.version} {self.action}"


class IdempotencyKey(models.Model):
    """A write's ``Idempotency-Key`` and the answer it got, so a retry gets that answer again.

    Keys are scoped by game (``scope`` is the game's public id; ``""`` for creating a game). Only
    a write that succeeded is stored, in the same transaction as the write: a failed write leaves
    no key, and retrying it simply tries again. Keys expire after ``IDEMPOTENCY_KEY_TTL``.
    """

    scope = models.CharField(max_length=16)
    key = models.CharField(max_length=100)
    # sha256 of what was asked (method, path, body): the same key with another request is refused.
    fingerprint = models.CharField(max_length=64)
    status = models.PositiveSmallIntegerField()
    response = models.JSONField()  # never a raw edit token; see api.games.create_game
    created = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["scope", "key"], name="idempotency_key_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.scope or 'new game'} {self.key}"


class Grant(models.Model):
    """A browser session's right over a thing (to keep a game's score, to organise a league): a
    row of its own, never a key in the session. One model for every kind (:mod:`.grants`).

    Session data is saved whole, so when two requests of one phone run at once (a tab starts a
    game while another saves a hand) the later save would drop the other's change; rows merge.
    ``grant`` is an HMAC of the thing's public id and token hash under the secret key (see
    :meth:`.grants.GrantKind.grant_for`), so a database reader can forge none and a grant dies
    with its token. Rows go with their session (``clearsessions``). ``kind`` says what
    ``public_id`` names, so the games app needs to know no app that keeps grants here.
    """

    session = models.ForeignKey("sessions.Session", on_delete=models.CASCADE)
    kind = models.CharField(max_length=16)  # "game", "league"
    public_id = models.CharField(max_length=16)
    grant = models.CharField(max_length=64)
    seen = models.DateTimeField()  # last given or used: "My games" lists newest first

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["session", "kind", "public_id"], name="grant_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.session_id[:6]}… holds {self.kind} {self.public_id}"


class SeatClaim(models.Model):
    """A phone says which player it belongs to (API.md "Seats"): the seat's token, hashed.

    A seat is never an account: no name or e-mail, only the token the claiming phone got once.
    Moving the seat to another phone gives it a new token, so the old phone's token (and any
    page grant made from it) stops working."""

    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, related_name="claim")
    token_hash = models.CharField(max_length=64)
    claimed = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.seat} claimed"


class SeatGrant(models.Model):
    """A browser session holds a seat of a game: a row like :class:`Grant`, never the seat's
    token in the session. ``grant`` is an HMAC of the game, the player and the claim's token
    hash (see :func:`games.table.seats.seat_grant_for`), so it dies when the seat moves."""

    session = models.ForeignKey("sessions.Session", on_delete=models.CASCADE)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seat_grants")
    player = models.CharField(max_length=40)
    grant = models.CharField(max_length=64)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["session", "game"], name="seat_grant_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.session_id[:6]}… is {self.player} in {self.game_id}"


class Ruling(models.Model):
    """The table's answer to a dispute, kept with the game (API.md "Rulings")."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rulings")
    created = models.DateTimeField(auto_now_add=True)
    by = models.CharField(max_length=40, blank=True)  # the seated player; "" for the keeper
    question = models.CharField(max_length=300)
    variant = models.CharField(max_length=40)
    rule = models.CharField(max_length=100)
    # The rule's title and the passage as they read when the ruling was kept (the recorder's
    # language, the table's numbers): the record; each phone reads them in its own language.
    title = models.CharField(max_length=200, blank=True)
    text = models.TextField(blank=True)
    note = models.CharField(max_length=200, blank=True)
    language = models.CharField(max_length=10, blank=True)  # the recorder's (of text, words)
    # A question or note the app wrote (a checker answer kept as a ruling), as a message
    # ({"code", "params"}) that each phone renders in its language; the words above stay as
    # the record. None: typed by a person, shown as typed.
    question_code = models.JSONField(null=True, blank=True)
    note_code = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["game", "created", "pk"]

    def __str__(self) -> str:
        return f"{self.game_id} {self.rule}: {self.question[:30]}"


class Handover(models.Model):
    """A one-time link that gives another phone the right to keep score ("Keep score on another
    phone"): only the hash of its secret is stored; it works once and expires."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="handovers")
    secret_hash = models.CharField(max_length=64, unique=True)
    expires = models.DateTimeField()
    used = models.DateTimeField(null=True, blank=True)
    # API.md "Handover" Decision: a handover hands the role over (the phones that kept score
    # watch from then on); ``share`` makes a second keeper instead.
    share = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"handover of {self.game_id}"
