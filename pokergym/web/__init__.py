"""pokergym in the browser: an offline report of a run, and a local web app.

* :func:`~pokergym.web.report.write_report` (``pokergym report RUN_DIR``)
  writes one self-contained HTML file for an arena, ladder or match folder:
  ranking, crosstable with CIs, style statistics, cumulative-winnings charts
  and a replayer for every saved hand.
* :func:`~pokergym.web.app.create_app` (``pokergym serve``) is a small
  Starlette application served by uvicorn on 127.0.0.1: play heads-up against
  any registered agent, watch two agents, open the reports of ``runs/``.

Why Starlette and uvicorn: the app needs a handful of JSON routes and one
page, not forms, templates or an ORM. Starlette is the maintained ASGI
toolkit underneath FastAPI (same maintainers as uvicorn and httpx), has no
dependencies of its own beyond ``anyio``, and is fully typed, so
``mypy --strict`` holds; uvicorn is its reference server. Both install from
the ``web`` extra (``pip install -e ".[web]"``); the report needs neither.
The pages are plain HTML, CSS and JavaScript shipped in
``pokergym/web/data/``: no npm build, nothing fetched from a CDN.
"""
