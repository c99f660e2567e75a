"""TensorShape: a tuple of dimensions that compares equal to lists and tuples, as TF's does,
with TF's methods for combining and checking shapes. Unknown dimensions are None.

A shape of unknown rank, TensorShape(None), never belongs to an eager tensor; it appears in
specs (tf.TensorSpec(None), tf.function signatures) and in Variable(shape=...). It is an
instance of the subclass UnknownRankShape, an empty tuple that refuses to be iterated."""

import operator


def _dimension(value):
    """One dimension as TF's as_dimension reads it: None, or an int >= 0."""
    if value is None:
        return None
    try:
        d = operator.index(value)
    except TypeError:
        raise TypeError(
            f"Dimension value must be integer or None or have an __index__ method, "
            f"got value '{value!r}' with type '{type(value)!r}'"
        ) from None
    if d < 0:
        raise ValueError(f"Dimension {d} must be >= 0")
    return d


class TensorShape(tuple):
    __slots__ = ()

    def __new__(cls, dims=()):
        if dims is None or type(dims) is UnknownRankShape:
            return tuple.__new__(UnknownRankShape)
        try:
            items = iter(dims)
        except TypeError:  # TensorShape(3) is the shape [3], as in TF
            items = iter((dims,))
        return super().__new__(cls, [_dimension(d) for d in items])

    @classmethod
    def _known(cls, shape):
        """A NumPy shape (a tuple of ints) as a TensorShape, without checks: tensor.shape."""
        return tuple.__new__(cls, shape)

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

    def __bool__(self):
        return True  # TF: a shape of known rank is true, even the scalar shape ()

    def __getitem__(self, key):
        item = tuple.__getitem__(self, key)
        return TensorShape._known(item) if isinstance(key, slice) else item

    def __eq__(self, other):
        if type(other) is UnknownRankShape:
            return False
        try:
            return tuple(self) == tuple(other)
        except TypeError:
            return NotImplemented

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    __hash__ = tuple.__hash__

    # --- combining and checking shapes, as TF's TensorShape ------------------------------
    def concatenate(self, other):
        other = TensorShape(other)
        return other if other.rank is None else TensorShape(tuple(self) + tuple(other))

    def __add__(self, other):
        return self.concatenate(other)

    def __radd__(self, other):
        return TensorShape(other).concatenate(self)

    def __mul__(self, other):
        return NotImplemented  # not a tuple's repetition: TF's shapes have no *

    __rmul__ = __mul__

    def is_compatible_with(self, other):
        other = TensorShape(other)
        if other.rank is None:
            return True
        return len(self) == len(other) and all(
            a is None or b is None or a == b for a, b in zip(self, other)
        )

    def assert_is_compatible_with(self, other):
        if not self.is_compatible_with(other):
            raise ValueError(f"Shapes {self} and {other} are incompatible")

    def merge_with(self, other):
        other = TensorShape(other)
        if other.rank is None:
            return self
        if not self.is_compatible_with(other):
            raise ValueError(f"Shapes {self} and {other} are not compatible")
        return TensorShape(a if a is not None else b for a, b in zip(self, other))

    def assert_has_rank(self, rank):
        if len(self) != rank:
            raise ValueError(f"Shape {self} must have rank {rank}")

    def with_rank(self, rank):
        self.assert_has_rank(rank)
        return self

    def with_rank_at_least(self, rank):
        if len(self) < rank:
            raise ValueError(f"Shape {self} must have rank at least {rank}")
        return self

    def __str__(self):
        inner = ", ".join("None" if d is None else str(d) for d in self)
        return f"({inner},)" if len(self) == 1 else f"({inner})"

    def __repr__(self):
        return f"TensorShape({list(self)})"


class UnknownRankShape(TensorShape):
    """TensorShape(None): compatible with every shape; no length, no dimensions, as TF's."""

    __slots__ = ()

    @property
    def rank(self):
        return None

    ndims = dims = rank

    def as_list(self):
        raise ValueError("as_list() is not defined on an unknown TensorShape.")

    def __len__(self):
        raise ValueError("Cannot take the length of shape with unknown rank.")

    def __iter__(self):
        raise ValueError("Cannot iterate over a shape with unknown rank.")

    def __getitem__(self, key):
        return TensorShape(None) if isinstance(key, slice) else None

    def __bool__(self):
        return False

    def num_elements(self):
        return None

    def is_fully_defined(self):
        return False

    def __eq__(self, other):
        try:
            return TensorShape(other).rank is None
        except (TypeError, ValueError):
            return NotImplemented

    __hash__ = TensorShape.__hash__

    def concatenate(self, other):
        return self

    def is_compatible_with(self, other):
        TensorShape(other)  # still checks that `other` is a shape
        return True

    def merge_with(self, other):
        return TensorShape(other)

    def assert_has_rank(self, rank):
        pass

    def with_rank(self, rank):
        return TensorShape([None] * rank)

    def with_rank_at_least(self, rank):
        return self

    def __str__(self):
        return "<unknown>"

    def __repr__(self):
        return "TensorShape(None)"
