"""tf.Module: names, name scopes, and the attribute walk that finds variables and submodules.

Every expected list below is what TF 2.21 returns for the same classes (order included).
"""

import pytest

import engine as tf


class Dense(tf.Module):
    def __init__(self, name=None):
        super().__init__(name=name)
        with self.name_scope:
            self.w = tf.Variable(tf.ones([2, 2]), name="w")
            self.b = tf.Variable(tf.zeros([2]), name="b", trainable=False)

    @tf.Module.with_name_scope
    def __call__(self, x):
        self.last = tf.Variable(1.0, name="inside")
        return x


class Seq(tf.Module):
    def __init__(self):
        super().__init__()
        self.layers = [Dense("d1"), Dense("d2")]
        self.cfg = {"z": tf.Variable(3.0, name="z"), "a": (tf.Variable(4.0, name="a"), Dense("d3"))}
        self.alias = self.layers[0].w


def names(values):
    return [v.name for v in values]


def test_variables_are_own_attributes_in_name_order_then_submodules_each_once():
    model = Seq()
    assert names(model.variables) == [
        "d1/w:0",
        "a:0",
        "z:0",
        "d3/b:0",
        "d3/w:0",
        "d1/b:0",
        "d2/b:0",
        "d2/w:0",
    ]
    assert isinstance(model.variables, tuple)


def test_trainable_and_non_trainable_variables_split_by_the_flag():
    model = Seq()
    assert names(model.trainable_variables) == ["d1/w:0", "a:0", "z:0", "d3/w:0", "d2/w:0"]
    assert names(model.non_trainable_variables) == ["d3/b:0", "d1/b:0", "d2/b:0"]


def test_submodules_inside_lists_dicts_and_tuples_are_found():
    assert [m.name for m in Seq().submodules] == ["d3", "d1", "d2"]


def test_flatten_with_path_reports_every_path_without_deduplication():
    model = Seq()
    found = [
        (path, v.name)
        for path, v in model._flatten(
            with_path=True, predicate=lambda v: isinstance(v, tf.Variable)
        )
    ]
    assert found == [
        (("alias",), "d1/w:0"),
        (("cfg", "a", 0), "a:0"),
        (("cfg", "z"), "z:0"),
        (("cfg", "a", 1, "b"), "d3/b:0"),
        (("cfg", "a", 1, "w"), "d3/w:0"),
        (("layers", 0, "b"), "d1/b:0"),
        (("layers", 0, "w"), "d1/w:0"),
        (("layers", 1, "b"), "d2/b:0"),
        (("layers", 1, "w"), "d2/w:0"),
    ]


def test_default_name_is_the_class_name_in_snake_case():
    class HTTPServer2D(tf.Module):
        pass

    assert HTTPServer2D().name == "http_server2_d"
    assert tf.Module().name == "module"
    assert Seq().name == "seq" and Seq().name_scope.name == "seq/"


def test_an_invalid_name_is_a_value_error():
    with pytest.raises(
        ValueError,
        match=r"'my module' is not a valid module name\. Module names "
        r"must be valid Python identifiers",
    ):
        tf.Module(name="my module")


def test_with_name_scope_runs_the_method_in_the_module_scope():
    layer = Dense()
    layer(1.0)
    assert layer.last.name == "dense/inside:0"
    assert Dense.__call__.__name__ == "__call__"


def test_the_scope_is_fixed_by_where_the_module_was_built():
    with tf.name_scope("outer"):
        layer = Dense()
    assert layer.name == "dense"
    assert layer.name_scope.name == "outer/dense/"
    assert layer.w.name == "outer/dense/w:0"
    with layer.name_scope as scope:
        assert scope == "outer/dense/"
        assert tf.Variable(1.0, name="v").name == "outer/dense/v:0"


def test_cycles_between_modules_are_walked_once():
    a, b = tf.Module(), tf.Module(name="b")
    a.b, b.a = b, a
    b.v = tf.Variable(1.0, name="cyc")
    assert [m.name for m in a.submodules] == ["b"]
    assert names(a.variables) == ["cyc:0"]
    assert [m.name for m in b.submodules] == ["module"]


def test_unsortable_dict_keys_are_reported_with_the_property():
    module = tf.Module()
    module.d = {1: tf.Variable(1.0), "x": tf.Variable(2.0)}
    with pytest.raises(ValueError, match="Error processing property 'd'") as raised:
        module.variables
    assert isinstance(raised.value.__cause__, TypeError)


def test_tensors_and_plain_values_are_not_variables():
    module = tf.Module()
    module.t = tf.constant(1.0)
    module.n = [None, 3, "str"]
    assert module.variables == () and module.submodules == ()


def test_gradients_for_trainable_variables():
    class Linear(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable([[1.0], [2.0]], name="w")
            self.b = tf.Variable([0.5], name="b")
            self.frozen = tf.Variable([3.0], trainable=False, name="frozen")

        def __call__(self, x):
            return tf.matmul(x, self.w) + self.b + self.frozen

    model = Linear()
    x = tf.constant([[1.0, 3.0], [2.0, -1.0]])
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(model(x) ** 2)
    grads = tape.gradient(y, model.trainable_variables)
    assert names(model.trainable_variables) == ["b:0", "w:0"]
    # y = sum((x @ w + 3.5)^2): rows give 10.5 and 3.5; dy/db = 2 * 14, dy/dw = 2 * x^T r
    assert grads[0].numpy().tolist() == [28.0]
    assert grads[1].numpy().tolist() == [[35.0], [56.0]]


def test_keras_layers_are_not_modules_as_in_tf_2_21():
    class Holder(tf.Module):
        def __init__(self):
            super().__init__()
            self.dense = tf.keras.layers.Dense(3)

    holder = Holder()
    holder.dense(tf.ones([1, 2]))
    holder.kernel = holder.dense.kernel
    assert holder.submodules == () and holder.variables == ()
