"""The one error type of the tournament rules: a refusal a dealer or organiser can act on."""

from __future__ import annotations


class TournamentError(ValueError):
    """A set-up, registration or command that the rules refuse; nothing was changed.

    ``rule`` is the id in RULES.md (``TO5``, ``T4`` ...) when a numbered rule is the reason.
    """

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule
