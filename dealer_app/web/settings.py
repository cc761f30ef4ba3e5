"""The web app's settings: one frozen dataclass, validated when it is made.

>>> WebAppSettings(data_dir="/tmp/t").lockout_attempts
5
>>> WebAppSettings(data_dir="/tmp/t", default_lang="fr")
Traceback (most recent call last):
...
ValueError: web.default_lang: 'fr' is not one of nl, en
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

#: Languages the UI speaks.
LANGUAGES: tuple[str, ...] = ("nl", "en")


@dataclass(frozen=True)
class WebAppSettings:
    """Everything the web app can be told at start.

    Parameters:
        data_dir: folder for the web app's own files (hashed credentials, the session key).
        default_lang: language of a visitor who has not chosen one (``nl`` or ``en``).
        lockout_attempts: wrong PINs or passwords in a row that lock a client out.
        lockout_seconds: how long the lock-out lasts.
        keepalive_seconds: a comment line is sent on every idle event stream this often, so a
            vanished client frees its server thread (see platform.md).
        secure_cookies: set the ``Secure`` flag on the session cookie (only behind HTTPS).
        table_name: shown in page titles.
    """

    data_dir: str | Path
    default_lang: str = "nl"
    lockout_attempts: int = 5
    lockout_seconds: float = 300.0
    keepalive_seconds: float = 15.0
    secure_cookies: bool = False
    table_name: str = "Table 1"

    def __post_init__(self) -> None:
        if self.default_lang not in LANGUAGES:
            raise ValueError(
                f"web.default_lang: {self.default_lang!r} is not one of {', '.join(LANGUAGES)}"
            )
        if self.lockout_attempts < 1:
            raise ValueError(f"web.lockout_attempts: must be at least 1, not {self.lockout_attempts}")
        if self.lockout_seconds <= 0:
            raise ValueError(f"web.lockout_seconds: must be positive, not {self.lockout_seconds}")
        if not 0 < self.keepalive_seconds <= 60:
            raise ValueError(
                f"web.keepalive_seconds: must be between 0 and 60, not {self.keepalive_seconds}"
            )

    @property
    def data_path(self) -> Path:
        """``data_dir`` as a :class:`~pathlib.Path`."""
        return Path(self.data_dir)
