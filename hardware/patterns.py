"""Timed on/off patterns for lights and the buzzer, evaluated against an injected clock."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

Level = TypeVar("Level")


@dataclass(frozen=True)
class Pattern(Generic[Level]):
    """A sequence of (level, seconds) segments, played once or looped.

    >>> blink = Pattern(((True, 0.5), (False, 0.5)), loop=True)
    >>> [blink.level_at(t, False) for t in (0.0, 0.49, 0.5, 1.2)]
    [True, True, False, True]
    """

    segments: tuple[tuple[Level, float], ...]
    loop: bool = False

    def __post_init__(self) -> None:
        if not self.segments or any(seconds <= 0 for _, seconds in self.segments):
            raise ValueError("a pattern needs segments of positive length")

    @property
    def length(self) -> float:
        """Seconds of one pass."""
        return sum(seconds for _, seconds in self.segments)

    def level_at(self, elapsed: float, rest: Level) -> Level:
        """The level ``elapsed`` seconds after the start; ``rest`` once a one-shot is over."""
        if elapsed < 0:
            return rest
        if self.loop:
            elapsed %= self.length
        for level, seconds in self.segments:
            if elapsed < seconds:
                return level
            elapsed -= seconds
        return rest

    def finished(self, elapsed: float) -> bool:
        """True when a one-shot pattern is over (never for a loop)."""
        return not self.loop and elapsed >= self.length


def on_off(*durations: float, loop: bool = False) -> Pattern[bool]:
    """A pattern starting on and alternating on/off for the given seconds.

    >>> on_off(0.1, 0.2, 0.1).segments
    ((True, 0.1), (False, 0.2), (True, 0.1))
    """
    return Pattern(tuple((i % 2 == 0, d) for i, d in enumerate(durations)), loop=loop)


def delayed(pattern: Pattern[bool], delay: float, cycle: float) -> Pattern[bool]:
    """``pattern`` shifted by ``delay`` seconds of off, padded with off to ``cycle`` seconds,
    looping: the building block of a chase across several lights."""
    segments: list[tuple[bool, float]] = []
    if delay > 0:
        segments.append((False, delay))
    segments.extend(pattern.segments)
    rest = cycle - delay - pattern.length
    if rest > 0:
        segments.append((False, rest))
    return Pattern(tuple(segments), loop=True)
