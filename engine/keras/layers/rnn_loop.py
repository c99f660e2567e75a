"""The time loop of Keras 3's RNN layers as its TensorFlow backend runs it in eager mode
(keras/src/backend/tensorflow/rnn.py `rnn`).

Eager TF runs the symbolic loop (tf.while_loop over TensorArrays) as a Python loop, so the ops
it records are: the input swapped to time-major (Transpose), split into steps (Unpack, after a
ReverseV2 with go_backwards), the cell's ops at every step, with a mask each state and output
chosen per sample (Tile, SelectV2: a masked step carries the previous state forward), then the
outputs stacked (Pack) and the last one sliced (StridedSlice). Unrolled, the steps are unstacked
first and reversed as a list, and the outputs stacked at the end. Two things TF runs are left
out because nothing reads them: the step Keras runs once before the loop only to learn the
output's dtype, and the while loop's int32 counters.
"""

from ... import nest
from .. import _tf as tf


def _swap_batch_time(x):
    axes = list(range(x._value.ndim))
    axes[0], axes[1] = 1, 0
    return tf.transpose(x, axes)


def _expand_mask(mask_t, input_t, fixed_dim=1):
    """The step's mask tiled to the shape of `input_t` past its first `fixed_dim` axes."""
    for _ in range(input_t._value.ndim - mask_t._value.ndim):
        mask_t = tf.expand_dims(mask_t, -1)
    multiples = [1] * fixed_dim + list(input_t._value.shape[fixed_dim:])
    return tf.tile(mask_t, multiples)


def rnn(
    step_function,
    inputs,
    initial_states,
    go_backwards=False,
    mask=None,
    unroll=False,
    zero_output_for_mask=False,
    return_all_outputs=True,
):
    """(last_output, outputs, new_states); `outputs` batch-major (only the last step's when
    `return_all_outputs` is False)."""
    inputs = _swap_batch_time(inputs)
    if mask is not None:
        if mask.dtype != tf.bool:
            mask = tf.cast(mask, tf.bool)
        if mask._value.ndim == 2:
            mask = tf.expand_dims(mask, axis=-1)
        mask = _swap_batch_time(mask)
    states = tuple(initial_states)
    if unroll:
        last_output, outputs, states = _unrolled(
            step_function, inputs, states, go_backwards, mask, zero_output_for_mask,
            return_all_outputs,
        )  # fmt: skip
    else:
        last_output, outputs, states = _looped(
            step_function, inputs, states, go_backwards, mask, zero_output_for_mask,
            return_all_outputs,
        )  # fmt: skip
    # Keras swaps the outputs back even when only the last one is returned.
    return last_output, _swap_batch_time(outputs), states


def _keep(outputs, output, return_all):
    """Every step's output, or (return_sequences=False) only the latest."""
    if return_all:
        outputs.append(output)
    else:
        outputs[:] = [output]


def _select_states(mask_t, new_states, states, fixed_dim):
    flat_old, flat_new = nest.flatten(states), nest.flatten(new_states)
    tiled = [_expand_mask(mask_t, old, fixed_dim) for old in flat_old]  # all tiles, then wheres
    flat = [tf.where(m, new, old) for m, new, old in zip(tiled, flat_new, flat_old)]
    return nest.pack_sequence_as(new_states, flat)


def _looped(step, inputs, states, go_backwards, mask, zero_output_for_mask, return_all):
    """The tf.while_loop branch, as eager TF runs it."""
    steps = tf.unstack(tf.reverse(inputs, [0]) if go_backwards else inputs)
    outputs: list = []
    if mask is None:
        structure = states
        for input_t in steps:
            output, new_states = step(input_t, states)
            # Keras repacks the states as the initial ones (RNN([LSTMCell]) relies on it)
            states = nest.pack_sequence_as(structure, nest.flatten(new_states))
            _keep(outputs, output, return_all)
    else:
        mask_steps = tf.unstack(tf.reverse(mask, [0]) if go_backwards else mask)
        zero_output = prev_output = None
        for input_t, mask_t in zip(steps, mask_steps):
            output, new_states = step(input_t, states)
            if zero_output is None:
                zero_output = prev_output = tf.zeros_like(output)
            fixed_dim = mask_t._value.ndim
            masked = zero_output if zero_output_for_mask else prev_output
            output = tf.where(_expand_mask(mask_t, output, fixed_dim), output, masked)
            states = _select_states(mask_t, new_states, states, fixed_dim)
            prev_output = output
            _keep(outputs, output, return_all)
    stacked = tf.stack(outputs)
    return stacked[-1], stacked, states


def _unrolled(step, inputs, states, go_backwards, mask, zero_output_for_mask, return_all):
    """The unroll=True branch."""
    steps = tf.unstack(inputs)
    if go_backwards:
        steps.reverse()
    outputs: list = []
    if mask is None:
        for input_t in steps:
            output, states = step(input_t, states)
            _keep(outputs, output, return_all)
        return outputs[-1], tf.stack(outputs), states
    mask_steps = tf.unstack(mask)
    if go_backwards:
        mask_steps.reverse()
    prev_output = None
    for input_t, mask_t in zip(steps, mask_steps):
        output, new_states = step(input_t, states)
        if prev_output is None:
            prev_output = tf.zeros_like(output)
        output = tf.where(_expand_mask(mask_t, output), output, prev_output)
        states = _select_states(mask_t, new_states, states, 1)
        prev_output = output
        _keep(outputs, output, return_all)
    last_output = outputs[-1]
    stacked = tf.stack(outputs)
    if zero_output_for_mask:
        last_output = tf.where(
            _expand_mask(mask_steps[-1], last_output), last_output, tf.zeros_like(last_output)
        )
        stacked = tf.where(_expand_mask(mask, stacked, 2), stacked, tf.zeros_like(stacked))
    return last_output, stacked, states
