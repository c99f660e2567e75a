"""One router per resource. A route imports only the service (server/run_service.py), the models,
the dependencies (server/deps.py) and the errors; whatever else it needs comes from deps."""
