"""The web app: public scoreboard, dealer console, organiser area and the JSON API.

The appliance builds it with :func:`create_app` and serves it with :func:`serve`::

    app = create_app(service, tournament=None, panel=None, config=WebAppSettings(data_dir=...))
    serve(app, host="0.0.0.0", port=8000, threads=128)
"""

from dealer_app.web.app import create_app, shutdown
from dealer_app.web.server import make_server, serve, waitress_options
from dealer_app.web.settings import WebAppSettings

__all__ = ["WebAppSettings", "create_app", "make_server", "serve", "shutdown", "waitress_options"]
