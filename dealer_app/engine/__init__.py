"""Pure rules of the game: no I/O, no clock, no global state (see DESIGN.md)."""
