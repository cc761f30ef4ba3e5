"""What the panel reports: plain facts about presses and turns, no poker meaning."""

from __future__ import annotations

from dataclasses import dataclass

from hardware.pins import ButtonName


@dataclass(frozen=True)
class Click:
    """``button`` went down and up again, alone, in less than the hold time."""

    button: ButtonName
    at: float


@dataclass(frozen=True)
class Hold:
    """``button`` stayed down alone for the hold time (a long press); reported once per press."""

    button: ButtonName
    at: float


@dataclass(frozen=True)
class Chord:
    """Two or more buttons were down at the same time; reported once, when all are up again.

    None of the buttons in a chord produces a :class:`Click` (a :class:`Hold` that was
    already reported before the second button went down stays reported).
    """

    buttons: frozenset[ButtonName]
    at: float


@dataclass(frozen=True)
class Turn:
    """The dial moved one detent; ``steps`` is the detent times the acceleration factor.

    ``detents`` is +1 (clockwise) or -1 (counter-clockwise); ``steps`` has the same sign and
    a magnitude of 1 when turned slowly, more when turned fast.
    """

    detents: int
    steps: int
    at: float


PanelEvent = Click | Hold | Chord | Turn
