"""Allow ``python -m dealer_app``."""

from dealer_app.cli import main

raise SystemExit(main())
