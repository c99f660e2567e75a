"""Training for keras.Model: compile, fit, evaluate, predict (trainer.py), the batches they
iterate over (data.py) and what compile keeps (compile_utils.py)."""
