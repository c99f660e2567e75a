"""TapeScope's service: sandboxed runs, stored captures, the REST API and the web app.

URLs a person or the web app can rely on:
  /                      the web app (server/static/ if present, else web/dist/)
  /#run=<id>, /runs/<id> one run in the web app (RunSummary.url is the first form)
  /docs, /openapi.json   the API, documented
  /docs/findings#<code>  docs/findings.md rendered; every finding code is an anchor
  /docs/findings.md      the same, as Markdown

The layer above engine.debug (docs/architecture.md): it may import `engine` and `engine.debug`
and its own modules; the web app reads only its REST API. Inside it, `server/routes/` import
only the service (run_service.py), models, deps and errors, and `server/sandbox/` nothing of the
server outside itself (`make check`: .importlinter).
"""
