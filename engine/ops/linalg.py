"""linalg ops."""

__all__ = []
TOP_LEVEL = []
