"""The argument and shape checks TF's CPU convolution kernels make, worded as TF words them."""

import numpy as np

from ..errors import UnimplementedError, invalid_argument


def groups_of(op_type, depth, filter_shape):
    """TF's grouped convolution: the input depth is a multiple of the filter's in-depth."""
    if not filter_shape[2] or depth % filter_shape[2]:
        raise invalid_argument(
            op_type,
            f"input depth must be evenly divisible by filter depth: {depth} vs {filter_shape[2]}",
        )
    groups = depth // filter_shape[2]
    if filter_shape[3] % groups:
        raise invalid_argument(
            op_type,
            "output depth must be evenly divisible by number of groups: "
            f"{filter_shape[3]} vs {groups}",
        )
    return groups


def backprop_input_shape(op_type, input_sizes, filter_shape, dy_shape):
    """TF's input_sizes: 4 values, or 2 (height, width) with batch and depth implied."""
    sizes = [int(d) for d in np.asarray(input_sizes._value).reshape(-1)]
    if len(sizes) == 2:
        return (dy_shape[0], sizes[0], sizes[1], filter_shape[2])
    if len(sizes) != 4:
        raise invalid_argument(
            op_type,
            f"{op_type} requires input_sizes to contain 4 values or 2 values, but got: "
            f"{len(sizes)}",
        )
    if filter_shape[3] != dy_shape[3]:
        raise invalid_argument(
            op_type,
            "Conv2DCustomBackpropInput: filter and out_backprop must have the same out_depth",
        )
    if not filter_shape[2] or sizes[3] % filter_shape[2]:
        raise invalid_argument(
            op_type,
            "Conv2DCustomBackpropInput: input depth must be evenly divisible by filter depth",
        )
    return tuple(sizes)


def check_backprop_size(op_type, out_hw, dy_shape, in_shape, filter_shape, attrs):
    """The out_backprop a backprop op gets must have the forward op's output size."""
    for dim in (0, 1):
        if out_hw[dim] != dy_shape[dim + 1]:
            raise invalid_argument(
                op_type,
                "Conv2DCustomBackpropInput: Size of out_backprop doesn't match computed: "
                f"actual = {dy_shape[dim + 1]}, computed = {out_hw[dim]} spatial_dim: "
                f"{dim + 1} input: {in_shape[dim + 1]} filter: {filter_shape[dim]} output: "
                f"{dy_shape[dim + 1]} stride: {attrs.strides[dim + 1]} dilation: "
                f"{attrs.dilations[dim + 1]}",
            )


def check_nchw(op_type, input, filters, data_format):
    """TF's CPU Conv2D checks an NCHW call's shapes, then refuses the format."""
    in_shape, filter_shape = np.shape(input), np.shape(filters)
    if len(in_shape) == 4 and len(filter_shape) == 4:
        groups_of(op_type, in_shape[1], filter_shape)
    raise UnimplementedError(
        None,
        op_type,
        f"The {op_type} op currently only supports the NHWC tensor format on the CPU. The op "
        f"was given the format: {data_format} [Op:{op_type}]",
    )
