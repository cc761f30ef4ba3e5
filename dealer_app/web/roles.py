"""Who may do what: spectator < dealer < organiser.

>>> Role.ORGANISER.may(Role.DEALER)
True
>>> Role.SPECTATOR.may(Role.DEALER)
False
"""

from __future__ import annotations

from enum import Enum


class Role(Enum):
    """A visitor's role. Each role may do everything the roles below it may."""

    SPECTATOR = "spectator"
    DEALER = "dealer"
    ORGANISER = "organiser"

    @property
    def level(self) -> int:
        """0 for spectators, 1 for dealers, 2 for organisers."""
        return _LEVELS[self]

    def may(self, needed: Role) -> bool:
        """True when this role may do what ``needed`` may."""
        return self.level >= needed.level


_LEVELS = {Role.SPECTATOR: 0, Role.DEALER: 1, Role.ORGANISER: 2}
