"""The one shape of gradient rule the backward pass calls, made by define() from what an op
module writes beside its forward:

- a tuple with one function per input, `fn(record, *upstream) -> gradient` (None for an
  input that never gets one): the usual form, as autograd's defvjp;
- one function `fn(record, *upstream) -> gradients per input`, for ops whose input
  gradients share work (ConcatV2's split, custom_gradient's grad_fn);
- NOT_DIFFERENTIABLE (every input gets None), or None: no gradient registered, and
  backpropagating through the op raises TF's LookupError.

Every form becomes `backward(record, upstream, tracked) -> gradients per input`, where
`upstream` holds one gradient per output (None for an output that got none) and an input
whose id is not in `tracked` gets None without its function running (TF's
skip_input_indices: a constant operand costs nothing).
"""


class _NotDifferentiable:
    def __repr__(self):
        return "NOT_DIFFERENTIABLE"


NOT_DIFFERENTIABLE = _NotDifferentiable()


def backward_rule(op_type, gradient):
    """`gradient`, as an op module defines it, in the shape the backward pass calls."""
    if gradient is None:
        return _unregistered(op_type)
    if gradient is NOT_DIFFERENTIABLE:
        return _no_gradient
    if type(gradient) is tuple:
        return _per_input(gradient)
    return _shared(gradient)


def _unregistered(op_type):
    def backward(record, upstream, tracked):
        raise LookupError(f"gradient registry has no entry for: {op_type}")

    return backward


def _no_gradient(record, upstream, tracked):
    return (None,) * len(record.input_ids)


def _per_input(functions):
    # Specialised for one and two inputs with one output (most ops): this runs once per
    # record in every backward pass, where a loop or a star call (not inlined by Python 3.11)
    # costs about as much as the gradient's own Mul.
    def each(record, upstream, tracked):
        grads = [None] * len(record.input_ids)
        for k, (fn, i) in enumerate(zip(functions, record.input_ids)):
            if fn is not None and i in tracked:
                grads[k] = fn(record, *upstream)
        return grads

    if len(functions) == 1:
        (fn,) = functions
        if fn is None:
            return _no_gradient

        def backward(record, upstream, tracked):
            try:  # unpacking costs less than two len() calls; zero-cost when it fits
                (i,) = record.input_ids
                (dy,) = upstream
            except ValueError:
                return each(record, upstream, tracked)
            return (fn(record, dy) if i in tracked else None,)

    elif len(functions) == 2:
        first, second = functions

        def backward(record, upstream, tracked):
            try:
                i, j = record.input_ids
                (dy,) = upstream
            except ValueError:
                return each(record, upstream, tracked)
            return (
                None if first is None or i not in tracked else first(record, dy),
                None if second is None or j not in tracked else second(record, dy),
            )

    else:
        return each
    return backward


def _shared(fn):
    def backward(record, upstream, tracked):
        grads = fn(record, *upstream)
        return [None if i not in tracked else grads[k] for k, i in enumerate(record.input_ids)]

    return backward
