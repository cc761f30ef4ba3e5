"""The table service: commands from any input -> durable events -> views and prompts.

>>> from dealer_app.service import TableService, TableConfig, CommandResult
"""

from dealer_app.service.config import ConfigError, TableConfig
from dealer_app.service.service import CommandResult, TableService
from dealer_app.store import Event, Subscription

__all__ = ["CommandResult", "ConfigError", "Event", "Subscription", "TableConfig", "TableService"]
