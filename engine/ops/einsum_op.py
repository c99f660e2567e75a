"""tf.einsum (the Einsum op) and its gradient, itself an einsum.

The equation is first made explicit: every '...' becomes letters (a size-1 dimension that
broadcasts gets a letter of its own, summed away), and an implicit output is spelled out. The
gradient for input k contracts the output gradient with the other inputs onto input k's labels;
labels only input k has (summed in the forward pass) come back through a ones vector, and a
repeated label (a diagonal, 'ii->i') through an identity matrix.
"""

import string

import numpy as np

from ..errors import invalid_argument
from ..tensor import EagerTensor, convert_to_tensor
from .array_args import shape_text
from .operands import same_dtype
from .registry import ALL, define, execute

__all__ = ["einsum"]

_LETTERS = string.ascii_letters


class _Equation:
    """An einsum equation made explicit for given input shapes."""

    __slots__ = ("inputs", "output", "sizes")

    def __init__(self, inputs, output, sizes):
        self.inputs = inputs  # one string of letters per input
        self.output = output  # a string of letters
        self.sizes = sizes  # {letter: dimension}

    def text(self):
        return ",".join(self.inputs) + "->" + self.output


def _split_ellipsis(term, equation):
    if term.count("...") > 1 or any(c not in _LETTERS for c in term.replace("...", "")):
        raise ValueError(f"Subscripts have incorrect format: {equation}")
    if "..." in term:
        before, after = term.split("...")
        return before, True, after
    return term, False, ""


def parse(equation, shapes):
    """The explicit form of `equation` for inputs of `shapes`, with TF's errors."""
    compact = equation.replace(" ", "")
    if compact.count("->") > 1:
        raise ValueError(f"Subscripts have incorrect format: {equation}")
    lhs, _, rhs = compact.partition("->")
    terms = lhs.split(",")
    if len(terms) != len(shapes):
        raise ValueError(
            f'Got {len(shapes)} inputs for equation "{equation}", expecting {len(terms)}'
        )
    parsed = [_split_ellipsis(t, equation) for t in terms]
    used = set(compact)
    fresh = iter([c for c in _LETTERS if c not in used])

    # The broadcast shape of the '...' parts (aligned on the right, as NumPy aligns them).
    ellipsis_shapes = []
    for k, ((before, has, after), shape) in enumerate(zip(parsed, shapes)):
        named = len(before) + len(after)
        if (not has and len(shape) != named) or len(shape) < named:
            raise invalid_argument(
                "Einsum", f"Expected input {k} to have rank {named} but got: {len(shape)}"
            )
        ellipsis_shapes.append(tuple(shape[len(before) : len(shape) - len(after)]) if has else ())
    try:
        broadcast = np.broadcast_shapes(*ellipsis_shapes)
    except ValueError:
        raise invalid_argument(
            "Einsum",
            "Ellipsis dimensions of the inputs are not "
            "broadcastable: " + " vs. ".join(shape_text(s) for s in ellipsis_shapes),
        ) from None
    broadcast_letters = "".join(next(fresh) for _ in broadcast)

    sizes: dict[str, int] = {}
    inputs = []
    for k, ((before, has, after), shape) in enumerate(zip(parsed, shapes)):
        middle = ""
        if has:
            own = ellipsis_shapes[k]
            for letter, d, full in zip(
                broadcast_letters[len(broadcast) - len(own) :],
                own,
                broadcast[len(broadcast) - len(own) :],
            ):
                middle += next(fresh) if d == 1 and full != 1 else letter
        labels = before + middle + after
        for axis, (letter, d) in enumerate(zip(labels, shape)):
            if sizes.setdefault(letter, d) != d:
                raise invalid_argument(
                    "Einsum",
                    f"Expected dimension {sizes[letter]} at axis "
                    f"{axis} of the input shaped {shape_text(shape)}"
                    f" but got dimension {d}",
                )
        inputs.append(labels)
    return _Equation(
        inputs, _output(rhs, "->" in compact, parsed, broadcast_letters, equation), sizes
    )


def _output(rhs, explicit, parsed, broadcast_letters, equation):
    if not explicit:  # implicit: '...' first, then the labels used once, sorted
        counts: dict[str, int] = {}
        for before, _, after in parsed:
            for c in before + after:
                counts[c] = counts.get(c, 0) + 1
        return broadcast_letters + "".join(sorted(c for c, n in counts.items() if n == 1))
    before, has, after = _split_ellipsis(rhs, equation)
    if not has and broadcast_letters:
        raise invalid_argument(
            "Einsum",
            f"Output contains {len(broadcast_letters)} broadcasting "
            f"dimension(s) but no ellipsis (...) was found in the "
            f"output subscripts.",
        )
    named_inputs = set("".join(b + a for b, _, a in parsed))
    for c in before + after:
        if c not in named_inputs:
            raise ValueError(
                f"Output subscripts contain the label {c} not present in the input subscripts."
            )
        if (before + after).count(c) > 1:
            raise ValueError(
                f"Output subscripts contain a label appearing more than once: "
                f"{equation.replace(' ', '')}"
            )
    return before + (broadcast_letters if has else "") + after


def _gradient_for(k):
    def gradient(rec, dy):
        eq = rec.attrs
        dy = convert_to_tensor(dy)
        dtype = dy._value.dtype
        others = [i for i in range(len(eq.inputs)) if i != k]
        terms = [eq.output] + [eq.inputs[i] for i in others]
        operands = [dy] + [rec.inputs[i] for i in others]
        available = set("".join(terms))
        used = set("".join(eq.inputs) + eq.output)
        fresh = iter([c for c in _LETTERS if c not in used])
        target = ""
        for letter in eq.inputs[k]:
            if letter not in available:  # summed in the forward pass: every element got dy
                terms.append(letter)
                operands.append(EagerTensor(np.ones(eq.sizes[letter], dtype)))
                available.add(letter)
            if letter in target:  # a diagonal: the gradient sits on it
                twin = next(fresh)
                terms.append(letter + twin)
                operands.append(EagerTensor(np.eye(eq.sizes[letter], dtype=dtype)))
                letter = twin
            target += letter
        return einsum(",".join(terms) + "->" + target, *operands)

    return gradient


# One gradient function per possible input (einsum takes any number; extras are never called).
EINSUM = define("Einsum", tuple(_gradient_for(k) for k in range(len(_LETTERS))), saves_inputs=ALL)


def einsum(equation, *inputs, **kwargs):
    tensors = same_dtype("Einsum", *inputs)
    eq = parse(equation, [t._value.shape for t in tensors])
    value = np.einsum(eq.text(), *[t._value for t in tensors], optimize=len(tensors) > 1)
    value = np.asarray(value, dtype=tensors[0]._value.dtype)
    return execute(EINSUM, tensors, value if value.ndim else value[()], eq)
