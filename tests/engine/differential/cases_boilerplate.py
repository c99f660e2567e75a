"""The boilerplate real scripts start with: tf.config device listing and settings, tf.device,
tf.debugging's checks and asserts (TF's exception types and wording), tf.autograph switches
and tf.get_logger."""

CONFIG = [
    "tf.config.list_physical_devices()",
    "tf.config.list_physical_devices('GPU')",
    "tf.config.list_physical_devices('CPU')",
    "tf.config.list_physical_devices(device_type='cpu')",
    "tf.config.list_logical_devices()",
    "tf.config.list_logical_devices('GPU')",
    "tf.config.get_visible_devices()",
    "tf.config.get_visible_devices('GPU')",
    "tf.config.experimental.list_physical_devices('GPU')",
    "cpu = tf.config.list_physical_devices('CPU')[0]\n"
    "(cpu.name, cpu.device_type, str(cpu), repr(cpu), type(cpu).__name__)",
    "cpu = tf.config.list_physical_devices('CPU')[0]\n"
    "cpu == tf.config.PhysicalDevice('/physical_device:CPU:0', 'CPU')",
    "gpus = tf.config.list_physical_devices('GPU')\nfor gpu in gpus:\n"
    "    tf.config.experimental.set_memory_growth(gpu, True)\n"
    "print(len(gpus), 'Physical GPUs')\nlen(gpus)",
    "gpus = tf.config.list_physical_devices('GPU')\nif gpus:\n    try:\n"
    "        tf.config.set_visible_devices(gpus[0], 'GPU')\n    except RuntimeError as e:\n"
    "        print(e)\nelse:\n    print('No GPU, using CPU')\n"
    "tf.config.list_logical_devices()",
    "cpu = tf.config.list_physical_devices('CPU')[0]\n"
    "tf.config.experimental.set_memory_growth(cpu, True)",
    "cpu = tf.config.list_physical_devices('CPU')[0]\n"
    "tf.config.experimental.get_memory_growth(cpu)",
    "tf.config.experimental.set_memory_growth('x', True)",
    "tf.config.experimental.get_memory_growth('x')",
    "tf.config.set_visible_devices([], 'GPU')",
    "tf.config.set_visible_devices(tf.config.list_physical_devices('CPU'))",
    "(tf.config.threading.get_intra_op_parallelism_threads(), "
    "tf.config.threading.get_inter_op_parallelism_threads())",
    "tf.config.optimizer.get_jit()",
    "tf.config.optimizer.set_jit(True)\nr = tf.config.optimizer.get_jit()\n"
    "tf.config.optimizer.set_jit(False)\n(r, tf.config.optimizer.get_jit())",
    "tf.config.set_soft_device_placement(True)\ntf.config.get_soft_device_placement()",
    "tf.config.experimental.enable_op_determinism()",
    "tf.config.run_functions_eagerly(False)\ntf.config.functions_run_eagerly()",
]

DEVICE = [
    "with tf.device('/CPU:0'):\n    x = tf.constant([1.0, 2.0])\n    y = x * 2\n(x.device, y.device, y)",
    "with tf.device('/GPU:0'):\n    y = tf.constant(1.0) + 1\n(y.device, y)",
    "with tf.device('cpu:0'):\n    v = tf.Variable(1.0)\nv.device",
    "with tf.device('/device:CPU:0'):\n    pass\n"
    "with tf.device('/job:localhost/replica:0/task:0/device:CPU:0'):\n    pass\n"
    "with tf.device(''):\n    pass\nwith tf.device(None):\n    x = tf.ones([2])\nx.device",
    "with tf.device('foo'):\n    pass",
    "with tf.device(1):\n    pass",
    "with tf.device('/cpu:0/gpu:0'):\n    pass",
    "with tf.device('/job:foo/task:x'):\n    pass",
    "with tf.device(lambda op: '/cpu:0'):\n    pass",
    "with tf.device('/device:XLA:0'):\n    pass\nwith tf.device('GPU'):\n"
    "    z = tf.zeros([1])\nz.device",
]

CHECK_NUMERICS = [
    "tf.debugging.check_numerics(c([1.0, np.nan]), 'x')",
    "tf.debugging.check_numerics(c([1.0, np.inf]), 'my msg')",
    "tf.debugging.check_numerics(c([np.nan, np.inf]), 'm')",
    "tf.debugging.check_numerics(c([1.0, 2.0]), 'm')",
    "tf.debugging.check_numerics(c([1, 2]), 'm')",
    "tf.debugging.check_numerics(c([1.0, -np.inf], tf.float64), 'm')",
    "tf.debugging.assert_all_finite(c([1.0, np.nan]), 'fin')",
    "tf.debugging.assert_all_finite(c([[1.0]]), 'fin')",
    "x = tf.Variable([1.0, 0.0])\nwith tf.GradientTape() as t:\n"
    "    y = tf.debugging.check_numerics(tf.math.sqrt(x), 'after sqrt')\nt.gradient(y, x)",
    "x = tf.Variable([1.0, 3.0])\nwith tf.GradientTape() as t:\n"
    "    y = tf.debugging.check_numerics(x * x, 'sq')\nt.gradient(y, x)",
    "x = tf.Variable([1.0, 0.0])\nwith tf.GradientTape() as t:\n"
    "    y = tf.debugging.check_numerics(x * 2, 'ok')\n"
    "t.gradient(y, x, output_gradients=c([np.nan, 1.0]))",
    "x = c([0.0, 1.0])\ntry:\n    tf.debugging.check_numerics(tf.math.log(x), 'log(x)')\n"
    "except tf.errors.InvalidArgumentError as e:\n    print(type(e).__name__, 'caught')\n"
    "tf.debugging.check_numerics(tf.math.log(x + 1.0), 'log(x + 1)')",
    "tf.debugging.enable_check_numerics()\ntry:\n    r = tf.math.log(c([0.0, 1.0]))\n"
    "finally:\n    tf.debugging.disable_check_numerics()",
    "tf.debugging.enable_check_numerics()\ntry:\n    r = c([1.0]) / c([0.0])\nfinally:\n"
    "    tf.debugging.disable_check_numerics()",
    "tf.debugging.enable_check_numerics()\ntry:\n    r = tf.sqrt(c([-1.0]))\nfinally:\n"
    "    tf.debugging.disable_check_numerics()",
    "tf.debugging.enable_check_numerics()\ntry:\n    r = tf.exp(c([1.0, 2.0])) + c([1, 2], tf.float32)\n"
    "finally:\n    tf.debugging.disable_check_numerics()\nr",
    "tf.debugging.enable_check_numerics()\ntf.debugging.disable_check_numerics()\ntf.sqrt(c([-1.0]))",
]

ASSERTS = [
    "tf.debugging.assert_equal(c([1, 2]), c([1, 3]))",
    "tf.debugging.assert_equal(c([1, 2]), c([1, 2]))",
    "tf.debugging.assert_equal(c([1.0, 2.0]), c([1.0, 3.0]), message='boom')",
    "tf.debugging.assert_equal(c([1, 2]), c([1, 2, 3]))",
    "tf.debugging.assert_equal(c(1), 2)",
    "tf.assert_equal(c([[1, 2], [3, 4]]), c([[1, 0], [0, 4]]))",
    "tf.debugging.assert_near(c([1.0, 2.0]), c([1.0, 2.1]))",
    "tf.debugging.assert_near(c([1.0, 2.0]), c([1.0, 2.0000001]))",
    "tf.debugging.assert_near(c([1.0, 2.0]), c([1.0, 2.05]), atol=0.1)",
    "tf.debugging.assert_shapes([(c([[1.0, 2.0]]), ('N', 2)), (c([1.0]), ('N',))])",
    "tf.debugging.assert_shapes([(c([[1.0, 2.0]]), ('N', 3))])",
    "tf.debugging.assert_shapes([(c([[1.0, 2.0]]), ('N', 2)), (c([1.0, 2.0]), ('N',))])",
    "tf.debugging.assert_shapes([(c([[1.0, 2.0]]), ('N', 'Q', 'R'))])",
    "tf.debugging.assert_shapes([(tf.zeros([4, 3]), ('N', 'Q')), (tf.ones([4, 7]), ('N', 'D')), "
    "(tf.Variable([1.0, 2.0, 3.0]), ('Q',)), (1.0, ())])",
    "tf.debugging.assert_shapes([(tf.zeros([4, 3]), ('N', 'D')), (tf.ones([4, 7]), ('N', 'D'))])",
    "tf.debugging.assert_shapes([(tf.zeros([2, 4, 3]), (..., 'D')), (tf.ones([3]), ('D',))])",
    "tf.debugging.assert_rank(c([1.0]), 2)",
    "tf.debugging.assert_rank(c([1.0]), 1)",
    "tf.assert_rank(c([[1.0]]), 2, message='need a matrix')",
    "tf.debugging.assert_rank(c(1.0), 1)",
    "tf.debugging.assert_positive(c([1.0, -1.0]))",
    "tf.debugging.assert_positive(c([1.0, 2.0]))",
    "tf.debugging.assert_non_negative(c([1.0, -1.0]))",
    "tf.debugging.assert_non_negative(c([0, 3]))",
    "tf.debugging.assert_less(c([1.0]), c([0.0]))",
    "tf.debugging.assert_less(c([1.0, 2.0]), c([2.0, 3.0]))",
    "tf.assert_less(c([1.0, 5.0, 2.0, 7.0, 9.0]), 4.0)",
    "tf.debugging.assert_greater(c([1.0]), c([2.0]))",
    "tf.assert_greater(c([3, 4]), 2)",
    "(tf.debugging.is_numeric_tensor(c([1.0])), tf.debugging.is_numeric_tensor([1.0]), "
    "tf.debugging.is_numeric_tensor(c([True])), tf.debugging.is_numeric_tensor(c([1])))",
]

AUTOGRAPH_AND_LOGGING = [
    "@tf.autograph.experimental.do_not_convert\ndef nd(x):\n    return x + 1\n"
    "(nd(c(1.0)), nd.__name__, type(nd).__name__)",
    "tf.autograph.experimental.do_not_convert()(lambda x: x)(1)",
    "@tf.function\n@tf.autograph.experimental.do_not_convert\ndef f(x):\n    return x * 2\nf(c(2.0))",
    "tf.autograph.set_verbosity(0)",
    "logger = tf.get_logger()\n(logger.name, type(logger).__name__, logger.level, repr(logger))",
    "tf.get_logger().setLevel('ERROR')\nr = tf.get_logger().level\ntf.get_logger().setLevel(0)\nr",
    "tf.get_logger() is tf.get_logger()",
    "tf.executing_eagerly()",
]

CASES = CONFIG + DEVICE + CHECK_NUMERICS + ASSERTS + AUTOGRAPH_AND_LOGGING
