"""TapeScope's service: sandboxed runs, stored captures, the REST API and the web app."""
