"""The tournament service: the tournament as events in SQLite, driving its tables.

:class:`TournamentService` (``service.py``) records the tournament's events and sends seats,
rebuys and re-entries to each table's :class:`dealer_app.service.TableService`;
``simulate.py`` plays a whole tournament at random through it; ``exports.py`` gives the
results as JSON, CSV and text. The rules themselves are pure, in
:mod:`dealer_app.engine.tournament`.
"""

from dealer_app.tournament.service import TournamentService, table_config

__all__ = ["TournamentService", "table_config"]
