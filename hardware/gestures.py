"""One job: turn debounced press/release transitions of several buttons into gestures.

Rules (documented for the dealer in ``docs/hardware.md``):

* **click** - a button goes down and up alone within the hold time: one :class:`Click`,
  reported on release. Holding a button longer never repeats.
* **hold** - a button stays down alone for the hold time: one :class:`Hold`, reported as soon
  as the time is reached (or at release if nobody looked in between); its release reports
  nothing more.
* **chord** - a second button goes down while another is down: none of them clicks; when
  the last is released one :class:`Chord` with every button involved is reported.
* **stuck** - a button down for longer than ``stuck_after`` seconds (default 5 s) no longer
  takes part in chords, so one jammed button does not lock the whole panel.
"""

from __future__ import annotations

from collections.abc import Callable

from hardware.events import Chord, Click, Hold, PanelEvent
from hardware.pins import ButtonName


class ButtonGestures:
    """Classify presses of a set of buttons.

    :param hold_time: seconds down before a press is a hold.
    :param emit: receives each :class:`Click`, :class:`Hold` or :class:`Chord`.
    :param stuck_after: seconds down after which a button counts as stuck.
    """

    def __init__(
        self, hold_time: float, emit: Callable[[PanelEvent], None], stuck_after: float = 5.0
    ) -> None:
        self._hold_time = hold_time
        self._emit = emit
        self._stuck_after = stuck_after
        self._down_since: dict[ButtonName, float] = {}
        self._held: set[ButtonName] = set()
        self._chord: set[ButtonName] = set()

    @property
    def down(self) -> frozenset[ButtonName]:
        """Buttons currently down."""
        return frozenset(self._down_since)

    def change(self, button: ButtonName, pressed: bool, at: float) -> None:
        """Feed one debounced transition of ``button``."""
        if pressed:
            self._press(button, at)
        else:
            self._release(button, at)

    def update(self, now: float) -> None:
        """Report holds whose time has come."""
        for button, since in self._down_since.items():
            if button in self._chord:
                continue
            if button not in self._held and now - since >= self._hold_time:
                self._held.add(button)
                self._emit(Hold(button, since + self._hold_time))

    def stuck(self, now: float) -> frozenset[ButtonName]:
        """Buttons down for longer than ``stuck_after`` seconds at ``now``."""
        return frozenset(
            b for b, since in self._down_since.items() if now - since > self._stuck_after
        )

    def _press(self, button: ButtonName, at: float) -> None:
        if button in self._down_since:
            return
        stuck = self.stuck(at)
        others = {b for b in self._down_since if b not in stuck}
        if others:
            self.update(at)
            self._chord.update(others, {button})
        self._down_since[button] = at

    def _release(self, button: ButtonName, at: float) -> None:
        since = self._down_since.pop(button, None)
        if since is None:
            return
        if button in self._chord:
            self._held.discard(button)
            if not self._chord & set(self._down_since):
                self._emit(Chord(frozenset(self._chord), at))
                self._chord.clear()
            return
        if button in self._held:
            self._held.discard(button)
        elif at - since >= self._hold_time:
            self._emit(Hold(button, since + self._hold_time))
        else:
            self._emit(Click(button, at))
