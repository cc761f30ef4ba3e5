"""The dealer PIN and the organiser password: chosen at first start, stored only as hashes.

There is no default secret. Until both are chosen, :attr:`CredentialStore.setup_token` holds a
one-time code (printed by the appliance at start) that the ``/setup`` page asks for, so a
stranger on the network cannot claim the table first.

>>> import tempfile
>>> store = CredentialStore(tempfile.mkdtemp())
>>> store.is_configured
False
>>> store.choose(dealer_pin="123", organiser_password="long enough")
Traceback (most recent call last):
...
ValueError: The dealer PIN must be 4 to 8 digits
>>> store.choose(dealer_pin="2468", organiser_password="river-card-7")
>>> store.check("dealer", "2468"), store.check("dealer", "1357")
(True, False)
"""

from __future__ import annotations

import json
import os
import secrets
from pathlib import Path

from werkzeug.security import check_password_hash, generate_password_hash

from dealer_app.web.roles import Role

CREDENTIALS_FILE = "web-credentials.json"
SESSION_KEY_FILE = "web-session.key"
MIN_PASSWORD_LENGTH = 8


def validate_pin(pin: str) -> None:
    """Raise :class:`ValueError` unless ``pin`` is 4 to 8 digits."""
    if not (isinstance(pin, str) and pin.isascii() and pin.isdigit() and 4 <= len(pin) <= 8):
        raise ValueError("The dealer PIN must be 4 to 8 digits")


def validate_password(password: str, pin: str) -> None:
    """Raise :class:`ValueError` unless ``password`` is long enough and differs from the PIN."""
    if not isinstance(password, str) or len(password) < MIN_PASSWORD_LENGTH:
        raise ValueError(f"The organiser password must be at least {MIN_PASSWORD_LENGTH} characters")
    if password == pin:
        raise ValueError("The organiser password must differ from the dealer PIN")


def _write_private(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically, readable by the owner only."""
    tmp = path.with_suffix(path.suffix + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(tmp, path)


class CredentialStore:
    """Hashed secrets of the dealer and organiser roles in ``data_dir``.

    Parameters:
        data_dir: folder that holds ``web-credentials.json`` (mode 0600).
    """

    def __init__(self, data_dir: str | Path) -> None:
        self._dir = Path(data_dir)
        self._dir.mkdir(parents=True, exist_ok=True)
        self._path = self._dir / CREDENTIALS_FILE
        self._hashes: dict[str, str] = {}
        if self._path.exists():
            self._hashes = json.loads(self._path.read_text(encoding="utf-8"))
        self.setup_token: str | None = None if self.is_configured else secrets.token_urlsafe(12)

    @property
    def is_configured(self) -> bool:
        """True once both the dealer PIN and the organiser password are chosen."""
        return Role.DEALER.value in self._hashes and Role.ORGANISER.value in self._hashes

    def choose(self, dealer_pin: str, organiser_password: str) -> None:
        """Set both secrets (first start or a change by the organiser) and store their hashes."""
        validate_pin(dealer_pin)
        validate_password(organiser_password, dealer_pin)
        self._hashes = {
            Role.DEALER.value: generate_password_hash(dealer_pin),
            Role.ORGANISER.value: generate_password_hash(organiser_password),
        }
        _write_private(self._path, json.dumps(self._hashes).encode("utf-8"))
        self.setup_token = None

    def check(self, role: str, secret: str) -> bool:
        """True when ``secret`` is the one chosen for ``role``."""
        stored = self._hashes.get(role)
        if stored is None or not isinstance(secret, str):
            return False
        return check_password_hash(stored, secret)

    def session_key(self) -> bytes:
        """The key that signs session cookies; made once and kept, so sessions survive restarts."""
        path = self._dir / SESSION_KEY_FILE
        if not path.exists():
            _write_private(path, secrets.token_bytes(32))
        return path.read_bytes()
