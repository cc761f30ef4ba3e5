"""JSON inside HTML: data for the page scripts, safe in a ``<script type="application/json">``.

>>> str(embedded_json({"name": "</script>"}))
'{"name": "\\\\u003c/script\\\\u003e"}'
"""

from __future__ import annotations

import json
from typing import Any

from markupsafe import Markup


def embedded_json(payload: Any) -> Markup:
    """``payload`` as JSON that cannot close the script element it sits in."""
    text = json.dumps(payload, ensure_ascii=False)
    return Markup(text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))
