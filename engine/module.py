"""tf.Module: a named container whose variables and submodules are found by walking attributes.

The walk is TF's `_flatten_module`: a module's attributes in sorted name order, each value
flattened like tf.nest (lists and tuples by position, dicts by sorted key), leaves de-duplicated
by identity; the matches among a module's own attributes come first, then each submodule's
(in the order they were found), recursively. Cycles between modules are walked once.

As in TF 2.21 with Keras 3, Keras layers are not tf.Modules and their variables are not
tf.Variables, so a Module does not see a Keras layer stored on it.
"""

import re
from collections.abc import Mapping

from .name_scopes import name_scope
from .variables import ResourceVariable

_CAMEL_TO_SNAKE = re.compile(r"((?<=[a-z0-9])[A-Z]|(?!^)[A-Z](?=[a-z]))")
_VALID_IDENTIFIER = re.compile(r"^[a-zA-Z_]([a-zA-Z0-9_])*$")


def camel_to_snake(value):
    return _CAMEL_TO_SNAKE.sub(r"_\1", value).lower()


def valid_identifier(name):
    return bool(_VALID_IDENTIFIER.match(name))


def _is_variable(value):
    # Keras layer variables are engine variables, but not tf.Variables as TF 2.21 sees them.
    return isinstance(value, ResourceVariable) and not getattr(value, "_keras_variable", False)


def _is_trainable_variable(value):
    return _is_variable(value) and value.trainable


def _is_non_trainable_variable(value):
    return _is_variable(value) and not value.trainable


def _is_module(value):
    return isinstance(value, Module)


class Module:
    """Base class for models and layers that own variables, as tf.Module."""

    # TF's AutoTrackable bookkeeping attributes that a walk skips; kept for subclasses that
    # copy TF code referring to it.
    _TF_MODULE_IGNORED_PROPERTIES = frozenset(
        (
            "_self_unconditional_checkpoint_dependencies",
            "_self_unconditional_dependency_names",
        )
    )

    def __init__(self, name=None):
        if name is None:
            name = camel_to_snake(type(self).__name__)
        elif not valid_identifier(name):
            raise ValueError(
                f"{name!r} is not a valid module name. Module names must be valid Python "
                "identifiers (e.g. a valid class name)."
            )
        self._name = name
        # The scope is fixed at construction, under whatever scope was open then (as TF does).
        with name_scope(name) as scope_name:
            self._name_scope = name_scope(scope_name)

    @property
    def name(self):
        return self._name

    @property
    def name_scope(self):
        return self._name_scope

    @property
    def variables(self):
        return tuple(self._flatten(predicate=_is_variable))

    @property
    def trainable_variables(self):
        return tuple(self._flatten(predicate=_is_trainable_variable))

    @property
    def non_trainable_variables(self):
        return tuple(self._flatten(predicate=_is_non_trainable_variable))

    @property
    def submodules(self):
        return tuple(self._flatten(predicate=_is_module))

    def _flatten(
        self,
        recursive=True,
        predicate=None,
        attribute_traversal_key=None,
        with_path=False,
        expand_composites=False,
    ):
        """Attribute values (with their paths if `with_path`) matching `predicate`."""
        return _flatten_module(
            self,
            recursive=recursive,
            predicate=predicate or (lambda _: True),
            attribute_traversal_key=attribute_traversal_key,
            attributes_to_ignore=self._TF_MODULE_IGNORED_PROPERTIES,
            with_path=with_path,
            module_path=(),
            seen=None,
            recursion_stack=None,
        )

    @classmethod
    def with_name_scope(cls, method):
        """Decorator: the method runs inside the module's name scope."""
        import functools

        @functools.wraps(method)
        def method_with_name_scope(self, *args, **kwargs):
            with self.name_scope:
                return method(self, *args, **kwargs)

        return method_with_name_scope


def _leaves_with_paths(value, path=()):
    """tf.nest.flatten_with_tuple_paths: lists/tuples by index, mappings by sorted key."""
    if isinstance(value, Mapping):
        for key in sorted(value):
            yield from _leaves_with_paths(value[key], path + (key,))
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            yield from _leaves_with_paths(item, path + (index,))
    else:
        yield path, value


def _flatten_module(
    module,
    recursive,
    predicate,
    attribute_traversal_key,
    attributes_to_ignore,
    with_path,
    module_path,
    seen,
    recursion_stack,
):
    module_id = id(module)
    if seen is None:
        seen = {module_id}
    if recursion_stack is None:
        recursion_stack = []
    # A module already on the walk's stack is a back edge of a cycle: yield its own matches
    # only, without following its submodules again.
    if module_id in recursion_stack:
        recursive = False

    module_dict = vars(module)
    submodules = []
    for key in sorted(module_dict, key=attribute_traversal_key):
        if key in attributes_to_ignore:
            continue
        prop = module_dict[key]
        try:
            leaves = list(_leaves_with_paths(prop))
        except Exception as cause:
            raise ValueError(f"Error processing property {key!r} of {prop!r}") from cause
        for leaf_path, leaf in leaves:
            leaf_path = (key,) + leaf_path
            if not with_path:  # with paths, a leaf reachable twice is reported twice (as TF)
                if id(leaf) in seen:
                    continue
                seen.add(id(leaf))
            if predicate(leaf):
                yield (module_path + leaf_path, leaf) if with_path else leaf
            if recursive and _is_module(leaf):
                submodules.append((module_path + leaf_path, leaf))

    recursion_stack.append(module_id)
    for submodule_path, submodule in submodules:
        yield from _flatten_module(
            submodule,
            recursive=recursive,
            predicate=predicate,
            attribute_traversal_key=attribute_traversal_key,
            attributes_to_ignore=submodule._TF_MODULE_IGNORED_PROPERTIES,
            with_path=with_path,
            module_path=submodule_path,
            seen=seen,
            recursion_stack=recursion_stack,
        )
    recursion_stack.pop()
