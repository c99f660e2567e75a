"""TensorShape: a tuple of dimensions that compares equal to lists and tuples, as TF's does."""


class TensorShape(tuple):
    __slots__ = ()

    def __new__(cls, dims=()):
        if dims is None:
            raise ValueError("engine does not implement shapes of unknown rank")
        return super().__new__(cls, (None if d is None else int(d) for d in dims))

    def as_list(self):
        return list(self)

    @property
    def rank(self):
        return len(self)

    @property
    def ndims(self):
        return len(self)

    @property
    def dims(self):
        return list(self)

    def num_elements(self):
        n = 1
        for d in self:
            if d is None:
                return None
            n *= d
        return n

    def is_fully_defined(self):
        return None not in self

    def __getitem__(self, key):
        item = tuple.__getitem__(self, key)
        return TensorShape(item) if isinstance(key, slice) else item

    def __eq__(self, other):
        try:
            return tuple(self) == tuple(other)
        except TypeError:
            return NotImplemented

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    __hash__ = tuple.__hash__

    def __str__(self):
        inner = ", ".join("None" if d is None else str(d) for d in self)
        return f"({inner},)" if len(self) == 1 else f"({inner})"

    def __repr__(self):
        return f"TensorShape({list(self)})"
