"""The panel buzzer: a short chirp for "accepted", a low triple beep for "refused"."""

from __future__ import annotations

import threading
from collections import deque

from gpiozero import Buzzer, TonalBuzzer
from gpiozero.pins import Factory
from gpiozero.tones import Tone

from hardware.clock import Clock
from hardware.patterns import Pattern

SOUNDS: dict[str, Pattern[float | None]] = {
    "accept": Pattern(((880.0, 0.06),)),
    "refuse": Pattern(((220.0, 0.15), (None, 0.08), (220.0, 0.15), (None, 0.08), (220.0, 0.15))),
    "attention": Pattern(((660.0, 0.08), (None, 0.06), (880.0, 0.08))),
}
"""Each sound as (frequency in Hz or ``None`` for silence, seconds) segments. An active buzzer
sounds its own pitch whenever the frequency is not ``None``."""


class PanelBuzzer:
    """Plays :data:`SOUNDS` on an active or a passive buzzer; advances in :meth:`update`.
    Thread-safe.

    :param pin: BCM number.
    :param kind: ``"active"`` (:class:`gpiozero.Buzzer`, on/off) or ``"passive"``
        (:class:`gpiozero.TonalBuzzer`, needs a PWM pin; on MockFactory use ``MockPWMPin``).
    :param clock: the time source.
    :param pin_factory: gpiozero pin factory.
    """

    def __init__(self, pin: int, kind: str, clock: Clock, pin_factory: Factory) -> None:
        self._clock = clock
        self.kind = kind
        self._device: Buzzer | TonalBuzzer
        if kind == "passive":
            self._device = TonalBuzzer(pin, mid_tone=Tone("A4"), octaves=1, pin_factory=pin_factory)
        elif kind == "active":
            self._device = Buzzer(pin, pin_factory=pin_factory)
        else:
            raise ValueError(f"buzzer kind must be 'active' or 'passive', got {kind!r}")
        self._playing: Pattern[float | None] | None = None
        self._started = 0.0
        self._sounding: float | None = None
        self.played: deque[str] = deque(maxlen=20)
        """Names of the last 20 sounds started, oldest first (what a virtual panel shows)."""
        self.count = 0
        """How many sounds were started since the panel was opened."""
        self._lock = threading.RLock()

    def play(self, sound: str) -> None:
        """Start ``sound`` (one of :data:`SOUNDS`), cutting off any sound still playing."""
        if sound not in SOUNDS:
            raise ValueError(f"unknown sound {sound!r}; known: {', '.join(SOUNDS)}")
        with self._lock:
            self._playing = SOUNDS[sound]
            self._started = self._clock.now()
            self.played.append(sound)
            self.count += 1
            self.update()

    @property
    def busy(self) -> bool:
        """True while a sound is playing."""
        return self._playing is not None

    @property
    def sounding(self) -> float | None:
        """The frequency sounding now, or ``None`` when silent."""
        return self._sounding

    def update(self) -> None:
        """Drive the pin for the current point of the sound."""
        with self._lock:
            frequency: float | None = None
            if self._playing is not None:
                elapsed = self._clock.now() - self._started
                frequency = self._playing.level_at(elapsed, None)
                if self._playing.finished(elapsed):
                    self._playing = None
            if frequency != self._sounding:
                self._sounding = frequency
                self._drive(frequency)

    def _drive(self, frequency: float | None) -> None:
        if isinstance(self._device, TonalBuzzer):
            if frequency is None:
                self._device.stop()
            else:
                self._device.play(Tone(frequency=frequency))
        elif frequency is None:
            self._device.off()
        else:
            self._device.on()

    def close(self) -> None:
        """Silence and release the pin."""
        self._device.close()
