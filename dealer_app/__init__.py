"""dealer-app: a Raspberry Pi appliance that runs a live Texas Hold'em table with its dealer."""

__version__ = "0.1.0"
