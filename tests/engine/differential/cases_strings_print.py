"""String tensors, tf.strings.format/join/as_string/length and tf.print.

TF's tf.print writes to the process's file descriptors, which the harness's redirect_stdout
does not see, so the tf.print cases print to a file (output_stream='file://...', which TF
appends to) and return what it holds; tests/engine/test_printing.py checks sys.stdout and
sys.stderr themselves.
"""


def _printed(arguments):
    """A program that tf.prints `arguments` to a fresh file and returns the file's text."""
    return (
        "import os, tempfile\n"
        "path = os.path.join(tempfile.mkdtemp(), 'printed.txt')\n"
        f"tf.print({arguments}, output_stream='file://' + path)\n"
        "open(path).read()"
    )


STRINGS = [
    "c('hello')",
    "c([b'a', 'b'])",
    "c('hello').numpy()",
    "c([b'a', 'b']).numpy()",
    "c(['a', 'b']).dtype",
    "print(c('hello'))\nprint(c(['a', 'bc']))",
    "str(c([['a', 'bc'], ['d', 'e']]))",
    "repr(c([['a', 'bc'], ['d', 'e']]))",
    "c('h\\u00e9llo')",
    "c('h\\u00e9llo').numpy().decode()",
    "c(b'\\xff')",
    "c(['a', 1])",
    "c([1, 'a'])",
    "c('a', tf.string)",
    "c(1, tf.string)",
    "c('a', tf.float32)",
    "c(np.array(['a', 'b']))",
    "c(np.array([b'a', b'b']))",
    "c(['a', 'b']) == 'a'",
    "c('a') == c('a')",
    "tf.math.equal(c(['a', 'b']), 'b')",
    "tf.not_equal(c(['a', 'b']), 'b')",
    "tf.reshape(c(['a', 'b']), [2, 1])",
    "tf.concat([c(['a']), c(['b'])], 0)",
    "c(['a', 'b'])[0]",
    "c(['a', 'b'])[0].numpy()",
    "tf.stack(['a', 'b'])",
    "tf.identity(c('a'))",
    "c('a').shape, len(c(['a', 'b'])), bool(c('a'))",
    "tf.size(c(['a', 'b'])), tf.shape(c(['a', 'b']))",
    "tf.zeros([2], tf.string)",
    "f\"{c('a')}\"",
    "tf.Variable('a')",
    "tf.Variable(['a', 'b']).numpy()",
    "tf.string, tf.string.is_floating, tf.string.real_dtype, tf.string.size",
    "tf.Variable('a').assign('b')",
    "tf.unstack(c(['a', 'b', 'c']))",
    "tf.zeros_like(c(['a', 'b']))",
    "tf.ones_like(c(['a', 'b']))",
    "tf.gather(c(['a', 'b', 'c']), [2, 0])",
    "tf.where([True, False], c(['a', 'b']), 'z')",
    "[s for s in c(['a', 'b'])]",
    "c('a', shape=[2]), c(['a', 'b'], shape=[2, 1])",
    "tf.cast(c('a'), tf.float32)",
    "tf.cast(c(1.5), tf.string)",
    "tf.exp(c('a'))",
    "c('a') * 2",
    "tf.reduce_sum(c(['a']))",
    "tf.nn.relu('a')",
    "tf.reshape(c([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), 'a')",
    "x = c('a')\nwith tf.GradientTape() as tape:\n    tape.watch(x)\n"
    "    y = tf.strings.join([x, x])\ntape.gradient(y, x)",
]

STRING_OPS = [
    "tf.strings.join(['a', 'b'])",
    "tf.strings.join([c(['a', 'b']), 'c'], separator='-')",
    "tf.strings.join(['a', 'b']).numpy()",
    "tf.strings.join([c(['a', 'b']), c(['x', 'y'])], separator=', ')",
    "tf.as_string(c([1.5, 2.0]))",
    "tf.as_string(c([1, -2]))",
    "tf.as_string(c(True))",
    "tf.strings.as_string(c([1.5], tf.float64), precision=2)",
    "tf.strings.as_string(c([1234.5]), scientific=True)",
    "tf.strings.as_string(c([0.5, 100.0]), shortest=True)",
    "tf.strings.as_string(c([7, 42]), width=4)",
    "tf.strings.as_string(c([7, 42]), width=4, fill='0')",
    "tf.strings.length('abc')",
    "tf.strings.length(c(['h\\u00e9', '']))",
    "tf.strings.length(c(['h\\u00e9', '']), unit='UTF8_CHAR')",
    "tf.strings.format('x={} y={}', [1, c([1.5, 2.0])])",
    "tf.strings.format('x={}', c([1, 2, 3, 4, 5, 6, 7]))",
    "tf.strings.format('x={}', c([1, 2, 3, 4, 5, 6, 7]), summarize=2)",
    "tf.strings.format('x={}', c([1, 2, 3, 4, 5, 6, 7]), summarize=-1)",
    "tf.strings.format('x={}', c([1, 2, 3, 4, 5, 6, 7]), summarize=0)",
    "tf.strings.format('x={}', c([[1.5, 2, 3], [4, 5, 6]]))",
    "tf.strings.format('x=%s', [1], placeholder='%s')",
    "tf.strings.format('x={} {}', [1])",
    "tf.strings.format('x={}', 'abc')",
    "tf.strings.format('x={}', c(['abc', 'd']))",
    "tf.strings.format('{}', c(3.5))",
    "tf.strings.format('{}', c(True))",
    "tf.strings.format('{}', c(0.1))",
    "tf.strings.format('{}', c([1 + 2j]))",
    "tf.strings.format('{}', c(1 + 2j))",
    "tf.strings.format('{}', tf.reshape(tf.range(24), [2, 3, 4]))",
    "tf.strings.format('{}', tf.reshape(tf.range(100), [10, 10]))",
    "tf.strings.format('{}', tf.reshape(tf.range(100), [10, 10]), summarize=2)",
    "tf.strings.format('{}', tf.reshape(tf.range(50), [2, 5, 5]))",
    "tf.strings.format('{}', tf.zeros([2, 0]))",
    "tf.strings.format('{}', tf.zeros([0, 3]))",
    "tf.strings.format('{}', c([], tf.float32))",
    "tf.strings.format('{}', c([1.0 / 3, 0.1, 1e-8, 123456789.0, 1e20, 1.5e-5, 1234567.0]),"
    " summarize=-1)",
    "tf.strings.format('{}', c([1.0 / 3, 0.1, 1e-8, 123456789.0, 1e20, 1234567.0], tf.float64),"
    " summarize=-1)",
    "tf.strings.format('{}', c([1.0 / 3, 0.1, 2.0, 65504.0], tf.float16))",
    "tf.strings.format('{}', c([float('nan'), float('inf'), -float('inf'), -0.0]))",
    "tf.strings.format('{}', c([5, -3], tf.int64))",
    "tf.strings.format('{}', c([200, 7], tf.uint8))",
    "tf.strings.format('{}', c(['a\\nb', 'q\"uote', \"it's\", 'tab\\t']))",
    "tf.strings.format('{}', c([[True, False]]))",
    "tf.strings.format('loss: {}', tf.Variable(0.25))",
]

PRINTS = [
    _printed("'hello', c(1.0)"),
    _printed("c([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0])"),
    _printed("c(list(range(10))), summarize=-1"),
    _printed("c(list(range(10))), summarize=1"),
    _printed("tf.reshape(tf.range(100), [10, 10])"),
    _printed("c(True), c([True, False])"),
    _printed("c(['a', 'bc']), c('xyz'), 'plain'"),
    _printed("c('single')"),
    _printed("c(['single'])"),
    _printed("[1, 2], (c(1), 's'), {'a': c(2.0), 'b': [c(3)]}"),
    _printed("'a', 'b', sep=',', end='!\\n'"),
    _printed("'no newline', end=''"),
    _printed("c([1 + 2j, 3 - 1j])"),
    _printed("1, 2.5, None, True, 'x', b'y'"),
    _printed("tf.Variable([1.0, 2.0])"),
    _printed(""),
    _printed("'{}', c(1)"),
    _printed("{'b': c(1), 'a': 'x'}"),
    _printed("np.array([1.0, 2.0]), np.float32(1.5)"),
    _printed("[c(1.0), [c([2.0, 3.0])]]"),
    _printed("'step', 3, 'loss', c(0.123456789)"),
    _printed("c(['a\\nb', 'q\"uote'])"),
    "tf.print('x', output_stream='bogus')",
    "class Log:\n    def write(self, text):\n        pass\n    def __repr__(self):\n"
    "        return 'Log()'\ntf.print('x', output_stream=Log())",
    "tf.print('x', output_stream=print)",
    # a training loop's log line, as TF's guides write it
    "import os, tempfile\npath = os.path.join(tempfile.mkdtemp(), 'log.txt')\n"
    "w = tf.Variable([0.5, -0.25])\nx = c([[1.0, 2.0], [3.0, 4.0]])\n"
    "for step in range(3):\n    with tf.GradientTape() as tape:\n"
    "        loss = tf.reduce_mean(tf.square(tf.reduce_sum(x * w, axis=1) - 1.0))\n"
    "    grad = tape.gradient(loss, w)\n    w.assign_sub(0.05 * grad)\n"
    "    tf.print('step', step, 'loss', loss, 'grad', grad, output_stream='file://' + path)\n"
    "open(path).read()",
]

VERSION = [
    "tf.__version__",
    "tf.version.VERSION",
    "tf.version.VERSION == tf.__version__",
    "tf.version.GIT_VERSION, tf.version.COMPILER_VERSION",
    "tf.version.GRAPH_DEF_VERSION, tf.version.GRAPH_DEF_VERSION_MIN_CONSUMER, "
    "tf.version.GRAPH_DEF_VERSION_MIN_PRODUCER",
    "tuple(int(p) for p in tf.__version__.split('.')[:2]) >= (2, 16)",
]

SCALARS = [  # .numpy() of a 0-d tensor is a NumPy scalar
    "type(c(1.0).numpy()).__name__, c(1.0).numpy()",
    "v = tf.Variable(1.0)\n(type(v.numpy()).__name__, v.numpy())",
    "type(tf.reduce_sum(tf.ones([2])).numpy()).__name__",
    "type(tf.zeros([]).numpy()).__name__",
    "type(tf.reshape(tf.ones([1]), []).numpy()).__name__",
    "type(tf.fill([], 2).numpy()).__name__",
    "type(c(True).numpy()).__name__",
    "type(tf.ones([3])[1].numpy()).__name__",
    "type(tf.Variable(3).numpy()).__name__",
    "v = tf.Variable(1.0)\ntype(v.assign(2.0).numpy()).__name__",
    "c(1.0).numpy().shape, c([1.0]).numpy().shape",
]

CASES = STRINGS + STRING_OPS + PRINTS + VERSION + SCALARS
