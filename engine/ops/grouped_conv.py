"""The NumPy arithmetic of a grouped 2-D convolution, as im2col + one batched matmul per call.

A filter [kh, kw, cg, out] over an input with `groups * cg` channels: group g reads input
channels [g*cg, (g+1)*cg) and writes output channels [g*og, (g+1)*og), og = out / groups.
groups == 1 is Conv2D; groups == channels with cg == 1 is DepthwiseConv2dNative (its filter
[kh, kw, c, m] read as [kh, kw, 1, c*m], output channel c*m + k, as TF orders it).

`patches` is the strided view [n, oh, ow, kh, kw, c] of `convolution.windows`; the functions
below copy it once into columns [groups, n*oh*ow, kh*kw*cg] so every product is a GEMM.
"""

import numpy as np


def _columns(patches, groups):
    n, oh, ow, kh, kw, c = patches.shape
    cg = c // groups
    cols = patches.reshape(n * oh * ow, kh, kw, groups, cg)
    return cols.transpose(3, 0, 1, 2, 4).reshape(groups, n * oh * ow, kh * kw * cg)


def _grouped_filter(w, groups):
    kh, kw, cg, out = w.shape
    og = out // groups
    return w.reshape(kh, kw, cg, groups, og).transpose(3, 0, 1, 2, 4).reshape(groups, -1, og)


def forward(patches, w, groups):
    """y[n, oh, ow, out] = sum over each group's window of patches * w."""
    n, oh, ow = patches.shape[:3]
    if groups == 1:
        return np.tensordot(patches, w, axes=([3, 4, 5], [0, 1, 2]))
    y = np.matmul(_columns(patches, groups), _grouped_filter(w, groups))  # [g, nhw, og]
    return y.transpose(1, 0, 2).reshape(n, oh, ow, w.shape[3])


def input_windows(dy, w, groups):
    """d loss / d patches, [n, oh, ow, kh, kw, c], for `convolution.scatter_windows` to sum."""
    if groups == 1:
        return np.tensordot(dy, w, axes=([3], [3]))
    n, oh, ow, out = dy.shape
    kh, kw, cg, _ = w.shape
    dyg = dy.reshape(n * oh * ow, groups, out // groups).transpose(1, 0, 2)
    cols = np.matmul(dyg, _grouped_filter(w, groups).transpose(0, 2, 1))  # [g, nhw, kh*kw*cg]
    cols = cols.reshape(groups, n, oh, ow, kh, kw, cg).transpose(1, 2, 3, 4, 5, 0, 6)
    return cols.reshape(n, oh, ow, kh, kw, groups * cg)


def filter_gradient(patches, dy, groups):
    """d loss / d w, [kh, kw, cg, out]."""
    if groups == 1:
        return np.tensordot(patches, dy, axes=([0, 1, 2], [0, 1, 2]))
    n, oh, ow, kh, kw, c = patches.shape
    out = dy.shape[3]
    og = out // groups
    dyg = dy.reshape(n * oh * ow, groups, og).transpose(1, 0, 2)
    dw = np.matmul(_columns(patches, groups).transpose(0, 2, 1), dyg)  # [g, kh*kw*cg, og]
    return (
        dw.reshape(groups, kh, kw, c // groups, og)
        .transpose(1, 2, 3, 0, 4)
        .reshape(kh, kw, c // groups, out)
    )
