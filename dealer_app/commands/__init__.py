"""Sub-commands of ``dealer-app``.

Each module here defines ``register(subparsers)``: it adds its own sub-parser and sets
``func`` (a callable taking the parsed ``argparse.Namespace`` and returning an exit status)
with ``parser.set_defaults(func=...)``. The CLI discovers the modules by itself, so a new
command is a new file and nothing else.
"""
