"""TapeScope's own version (the package's, shown by `tapescope --version`, the API and the
docs). `engine.__version__` is TensorFlow's, as `tf.__version__` is."""

__version__ = "0.1.0"
