"""One tape as a graph for the web app: op and tensor nodes, input/output edges, scope groups,
and for a selected gradient call what lies on a path from its sources to its targets."""

from engine.debug.schema import Capture, GradientCall, OpInfo

from .errors import ApiError, not_found
from .models import GraphEdge, GraphGroup, GraphNode, GraphPublic


def build_graph(capture: Capture, tape_id: int | None, call_id: int | None) -> GraphPublic:
    call = _call(capture, call_id)
    if call is not None:
        if tape_id is not None and tape_id != call.tape:
            raise ApiError(
                422,
                "invalid_request",
                f"gradient call {call.id} belongs to tape {call.tape}, not {tape_id}",
            )
        tape_id = call.tape
    tapes = {tape.id: tape for tape in capture.tapes}
    if tape_id is None:
        if not tapes:
            return GraphPublic(tape=None, call=None, nodes=[], edges=[], groups=[])
        tape_id = min(tapes)
    if tape_id not in tapes:
        raise not_found(f"tape {tape_id}")
    ops_by_id = {op.id: op for op in capture.ops}
    ops = sorted(
        (ops_by_id[i] for i in tapes[tape_id].records if i in ops_by_id), key=lambda op: op.seq
    )
    on_path_ops, on_path_tensors = _path(capture, ops, call)
    released = _released(capture, tape_id, call)
    return GraphPublic(
        tape=tape_id,
        call=call.id if call else None,
        nodes=_tensor_nodes(capture, ops, call, on_path_tensors)
        + [_op_node(op, on_path_ops, released) for op in ops],
        edges=_edges(capture, ops, call, on_path_ops, on_path_tensors),
        groups=_groups(ops),
    )


def _call(capture: Capture, call_id: int | None) -> GradientCall | None:
    if call_id is None:
        return None
    for call in capture.calls:
        if call.id == call_id:
            return call
    raise not_found(f"gradient call {call_id}")


def _variable_family(capture: Capture, ids) -> set[int]:
    """Tensor ids, with every read of a Variable counted as the Variable itself."""
    family = set(ids)
    family |= {t.id for t in capture.tensors if t.variable is not None and t.variable in family}
    return family


def _path(capture: Capture, ops: list[OpInfo], call) -> tuple[set | None, set | None]:
    """Ops and tensors on a path from a source to a target (None: no call selected)."""
    if call is None:
        return None, None
    forward = _variable_family(capture, call.sources)
    reached_ops = set()
    for op in ops:
        if any(t in forward for t in op.inputs):
            reached_ops.add(op.id)
            forward.update(op.outputs)
    backward = _variable_family(capture, call.targets)
    path_ops = set()
    for op in reversed(ops):
        if any(t in backward for t in op.outputs):
            backward.update(op.inputs)
            if op.id in reached_ops:
                path_ops.add(op.id)
    return path_ops, forward & backward


def _released(capture: Capture, tape_id: int, call) -> set[int]:
    calls = [call] if call is not None else [c for c in capture.calls if c.tape == tape_id]
    released: set[int] = set()
    for each in calls:
        released.update(each.released_after)
        for step in each.steps:
            released.update(step.released_ops)
    return released


def _tensor_nodes(capture, ops, call, on_path) -> list[GraphNode]:
    tensors = {t.id: t for t in capture.tensors}
    saved: set[int] = set()
    pruned: set[int] = set()
    saved_bytes: dict[int, int] = {}
    scope_of: dict[int, str] = {}
    order: list[int] = []
    for op in ops:
        for tid in (*op.inputs, *op.outputs):
            if tid not in scope_of and tid in tensors:
                order.append(tid)
                scope_of[tid] = ""
        for tid in op.outputs:
            scope_of[tid] = op.scope
        for kept in op.saved:
            saved.add(kept.tensor)
            saved_bytes[kept.tensor] = max(saved_bytes.get(kept.tensor, 0), kept.bytes)
        pruned.update(p.tensor for p in op.pruned)
    sources = _variable_family(capture, call.sources) if call else set()
    targets = set(call.targets) if call else set()
    causes = {}
    if call is not None:
        for result in call.results:
            if result.gradient is None and result.none_cause:
                causes[result.tensor] = result.none_cause
    nodes = []
    for tid in order:
        tensor = tensors[tid]
        source_id = tensor.variable if tensor.variable in causes else tid
        nodes.append(
            GraphNode(
                id=f"t{tid}",
                kind="tensor",
                label=tensor.name or f"{tensor.kind} {tid}",
                tensor=tid,
                tensor_kind=tensor.kind,
                dtype=tensor.dtype,
                shape=tensor.shape,
                scope=scope_of[tid],
                line=tensor.location.line if tensor.location else None,
                on_path=on_path is None or tid in on_path,
                source=tid in sources,
                target=tid in targets,
                none_cause=causes.get(source_id),
                saved=tid in saved,
                pruned=tid in pruned and tid not in saved,
                saved_bytes=saved_bytes.get(tid, 0),
            )
        )
    return nodes


def _op_node(op: OpInfo, on_path, released) -> GraphNode:
    return GraphNode(
        id=f"o{op.id}",
        kind="op",
        label=op.type,
        op=op.id,
        op_type=op.type,
        gradient=op.gradient,
        scope=op.scope,
        line=op.location.line if op.location else None,
        on_path=on_path is None or op.id in on_path,
        saved_bytes=op.saved_bytes,
        released=op.id in released,
    )


def _edges(capture, ops, call, on_path_ops, on_path_tensors) -> list[GraphEdge]:
    tensors = {t.id: t for t in capture.tensors}
    edges = []
    for op in ops:
        saved = {(s.role, s.index) for s in op.saved}
        pruned = {(p.role, p.index) for p in op.pruned}
        for role, ids in (("input", op.inputs), ("output", op.outputs)):
            for index, tid in enumerate(ids):
                tensor = tensors.get(tid)
                if tensor is None:
                    continue
                ends = (f"t{tid}", f"o{op.id}") if role == "input" else (f"o{op.id}", f"t{tid}")
                edges.append(
                    GraphEdge(
                        id=f"e{op.id}-{role[0]}{index}",
                        source=ends[0],
                        target=ends[1],
                        role=role,
                        index=index,
                        shape=tensor.shape,
                        dtype=tensor.dtype,
                        on_path=on_path_ops is None
                        or (op.id in on_path_ops and tid in on_path_tensors),
                        saved=(role, index) in saved,
                        pruned=(role, index) in pruned,
                    )
                )
    return edges


def _groups(ops: list[OpInfo]) -> list[GraphGroup]:
    counts: dict[str, int] = {}
    for op in ops:
        parts = [p for p in op.scope.split("/") if p]
        for depth in range(1, len(parts) + 1):
            scope = "/".join(parts[:depth])
            counts[scope] = counts.get(scope, 0) + 1
    return [
        GraphGroup(
            id=scope,
            label=scope.rsplit("/", 1)[-1],
            parent=scope.rsplit("/", 1)[0] if "/" in scope else None,
            ops=count,
        )
        for scope, count in counts.items()
    ]
