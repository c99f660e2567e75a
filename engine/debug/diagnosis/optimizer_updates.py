"""An optimizer's update inside a tape. `apply_gradients`, `apply` and `minimize` assign the
variables and the optimizer's slots (momentum, Adam's moments) from the gradients they are
handed, so a value handed to an optimizer reaches a later loss only through state: the tape
carries no gradient through it (TF returns None for a learned learning-rate scale in MAML).
The engine reports each gradient an optimizer takes (an escape `how="optimizer"`); this module
says it in the words of the API in use."""


def handed_over(ctx, assign, among=None):
    """The tensor the statement of `assign` handed to an optimizer before it (one of `among`
    when given), or None when the assignment is not an optimizer's update."""
    for escape in ctx.escapes:
        if escape.how != "optimizer" or escape.stmt is not assign.stmt or escape.seq > assign.seq:
            continue
        if among is None or escape.tensor.id in among:
            return escape.tensor
    return None


def update_words(ctx, assign, names, gradient):
    """(what the statement did, the fix) for an optimizer's update: `gradient` is the tensor
    computed from the sources `names` that the optimizer was handed."""
    variable = ctx.variable_of.get(assign.variable.id)
    slot = variable is not None and not variable.trainable
    into = (
        f"wrote it into its slot {ctx.describe(assign.variable)}"
        if slot
        else f"applied it to {ctx.describe(assign.variable)}"
    )
    text = ctx.source_line(assign.location)
    quoted = f" (`{text}`)" if text else ""
    what = (
        f"line {ctx.line(assign.location)}{quoted} handed a gradient computed from {names} to "
        f"an optimizer, which {into} by assignment: an optimizer's update, of the "
        f"variables and of its slots (momentum, Adam's moments), is state"
    )
    weight = "w" if slot else (ctx.name(assign.variable) or "w")
    grad = ctx.name(gradient) or "grad"
    fix = (
        f"for a gradient through the update (MAML, a learned learning rate), compute the "
        f"updated weights as tensors inside the tape, `{weight}_new = {weight} - learning_rate "
        f"* {grad}`, use {weight}_new in the loss, and apply the optimizer after the gradient"
    )
    return what, fix
