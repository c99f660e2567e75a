"""Random numbers as TF 2.21 draws them: tf.random under set_seed (with and without op seeds,
repeated calls, dtypes, shapes), shuffle, the stateless ops, tf.random.Generator, Keras 3's
seeding (set_random_seed, initializers, keras.random-style draws) and gradients through
sampled values. Every case sets its seeds first: cases run one after another in a process."""

S = "tf.random.set_seed({})\n"

CASES = [
    # the global seed alone: TF's eager op-seed counter
    S.format(0) + "print(tf.random.normal([3]))",
    S.format(0) + "tf.random.normal([3], dtype=tf.float64)",
    S.format(0) + "tf.random.normal([2, 3])",
    S.format(0) + "tf.random.normal([])",
    S.format(42) + "a = tf.random.normal([2])\nb = tf.random.normal([2])\n(a, b)",
    S.format(1) + "print(tf.random.uniform([4]))",
    S.format(1) + "tf.random.uniform([3], dtype=tf.float64)",
    S.format(1) + "tf.random.uniform([5], dtype=tf.float16)",
    S.format(1) + "tf.random.normal([5], dtype=tf.float16)",
    S.format(7) + "tf.random.uniform([2, 2], minval=-1.0, maxval=1.0)",
    S.format(7) + "tf.random.uniform([3], maxval=10.0)",
    S.format(7) + "tf.random.uniform([6], 0, 10, dtype=tf.int32)",
    S.format(7) + "tf.random.uniform([6], -5, 5, dtype=tf.int64)",
    S.format(7) + "tf.random.uniform([4], -2**40, 2**41, dtype=tf.int64)",
    S.format(3) + "tf.random.truncated_normal([8])",
    S.format(3) + "tf.random.truncated_normal([5], dtype=tf.float64)",
    S.format(3) + "tf.random.truncated_normal([2, 3], mean=1.0, stddev=0.1)",
    S.format(5) + "tf.random.normal([3], mean=10.0, stddev=2.0)",
    S.format(5) + "tf.random.normal([4, 1000])[3, 990:]",
    S.format(2**31 + 5) + "tf.random.normal([2])",
    S.format(-3) + "tf.random.uniform([2])",
    # op seeds: with and without a global seed, and the kernel's stream going on
    S.format(0) + "tf.random.normal([3], seed=1)",
    S.format(0) + "(tf.random.uniform([2], seed=1), tf.random.uniform([2], seed=1))",
    "tf.random.set_seed(None)\n(tf.random.uniform([2], seed=5), tf.random.uniform([2], seed=5))",
    "tf.random.set_seed(None)\ntf.random.normal([3], seed=123)",
    S.format(0) + "tf.random.normal([2], seed=0)",
    S.format(4)
    + "a = tf.random.uniform([2], seed=1)\ntf.random.uniform([2], seed=1, dtype=tf.float64)\n"
    "tf.random.normal([2], seed=1)\nb = tf.random.uniform([2], seed=1)\n(a, b)",
    S.format(4) + "[float(tf.random.uniform([], seed=9)) for _ in range(3)]",
    S.format(4) + "x = tf.random.normal([2])\ntf.random.set_seed(4)\n(x, tf.random.normal([2]))",
    S.format(6) + "tf.random.normal([3])\ntf.random.uniform([2])\ntf.random.normal([3])",
    # shuffle
    S.format(0) + "tf.random.shuffle(tf.range(10))",
    S.format(0) + "tf.random.shuffle(tf.range(10), seed=3)",
    S.format(0) + "tf.random.shuffle(c([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]))",
    S.format(0)
    + "(tf.random.shuffle(tf.range(5), seed=1), tf.random.shuffle(tf.range(5), seed=1))",
    S.format(0) + "tf.random.shuffle(c([1.0]))",
    S.format(0) + "tf.random.shuffle(tf.range(40))",
    # tf.nn.dropout draws through tf.random.uniform
    S.format(0) + "tf.nn.dropout(tf.ones([3, 5]), rate=0.8, seed=1)",
    S.format(0) + "tf.nn.dropout(tf.ones([2, 4]), rate=0.5)",
    # gradients through sampled values
    S.format(0) + "w = tf.Variable([1.0, 2.0, 3.0])\nwith tf.GradientTape() as tape:\n"
    "    noise = tf.random.normal([3])\n    y = tf.reduce_sum(w * noise)\ntape.gradient(y, w)",
    S.format(0) + "m, s = c(1.0), c(2.0)\nwith tf.GradientTape() as tape:\n    tape.watch([m, s])\n"
    "    z = tf.random.normal([4], mean=m, stddev=s)\ntape.gradient(z, [m, s])",
    S.format(0)
    + "lo, hi = c(-1.0), c(3.0)\nwith tf.GradientTape() as tape:\n    tape.watch([lo, hi])\n"
    "    u = tf.random.uniform([3], minval=lo, maxval=hi)\ntape.gradient(u, [lo, hi])",
    S.format(1) + "x = tf.Variable([[1.0, 2.0], [3.0, 4.0]])\nwith tf.GradientTape() as tape:\n"
    "    y = tf.reduce_sum(tf.nn.dropout(x, rate=0.5) ** 2)\ntape.gradient(y, x)",
    # stateless ops
    "tf.random.stateless_normal([3], seed=[1, 2])",
    "tf.random.stateless_normal([2, 2], seed=(7, 0), dtype=tf.float64)",
    "tf.random.stateless_normal([3], seed=[1, 2], mean=5.0, stddev=0.5)",
    "tf.random.stateless_uniform([4], seed=[0, 0])",
    "tf.random.stateless_uniform([3], seed=[-1, 2])",
    "tf.random.stateless_uniform([3], seed=c([3, 4], dtype=tf.int64), minval=-2.0, maxval=2.0)",
    "tf.random.stateless_uniform([5], seed=[1, 2], minval=0, maxval=10, dtype=tf.int32)",
    "tf.random.stateless_uniform([3], seed=[1, 2], minval=None, maxval=None, dtype=tf.int64)",
    "tf.random.stateless_truncated_normal([6], seed=[5, 6])",
    "tf.random.stateless_truncated_normal([3], seed=[5, 6], dtype=tf.float64)",
    "tf.random.stateless_normal([3], seed=[1, 2], alg='philox')",
    "(tf.random.stateless_normal([2], seed=[9, 9]), tf.random.stateless_normal([2], seed=[9, 9]))",
    "tf.random.stateless_normal([3], seed=[1, 2, 3])",
    "tf.random.stateless_normal([3], seed=1)",
    "tf.random.stateless_uniform([3], seed=[1, 2], minval=2, maxval=2, dtype=tf.int32)",
    "tf.random.stateless_uniform([3], seed=[1, 2], dtype=tf.int32)",
    "tf.random.stateless_normal([3], seed=[1, 2], alg='bogus')",
    "m = c(1.0)\nwith tf.GradientTape() as tape:\n    tape.watch(m)\n"
    "    z = tf.random.stateless_normal([3], seed=[1, 2], stddev=m)\ntape.gradient(z, m)",
    # tf.random.Generator
    "g = tf.random.Generator.from_seed(1)\ng.normal([3])",
    "g = tf.random.Generator.from_seed(1)\n(g.normal([2]), g.normal([2]))",
    "g = tf.random.Generator.from_seed(1)\ng.normal([3])\ng.state",
    "g = tf.random.Generator.from_seed(1234)\ng.uniform([3])",
    "g = tf.random.Generator.from_seed(1234)\ng.uniform([4], minval=0, maxval=100, dtype=tf.int32)",
    "g = tf.random.Generator.from_seed(5)\ng.truncated_normal([2, 2], stddev=0.5)",
    "g = tf.random.Generator.from_seed(5, alg='philox')\ng.normal([2], dtype=tf.float64)",
    "g = tf.random.Generator.from_seed(5)\ng.uniform_full_int([2], dtype=tf.int64)",
    "g = tf.random.Generator.from_seed(5)\ng.make_seeds(2)",
    "g = tf.random.Generator.from_seed(5)\nseed = g.make_seeds(1)[:, 0]\n"
    "tf.random.stateless_normal([3], seed=seed)",
    "g = tf.random.Generator.from_seed(5)\n[s.normal([2]) for s in g.split(2)]",
    "g = tf.random.Generator.from_seed(5)\ng.split(1)[0].state.numpy()",
    "g = tf.random.Generator.from_seed(2**70 + 5)\ng.state.numpy()",
    "g = tf.random.Generator.from_seed(7)\ng.skip(10)\ng.normal([2])",
    "g = tf.random.Generator.from_seed(7)\ng.reset_from_seed(7)\ng.normal([2])",
    "g = tf.random.Generator.from_state([0, 0, 42], alg='philox')\ng.normal([2])",
    "tf.random.create_rng_state(1234, 'philox')",
    "tf.random.Generator.from_seed(1).algorithm",
    "tf.random.Generator.from_seed(1, alg='threefry').normal([2])",
    "g = tf.random.Generator.from_seed(3)\ntf.random.set_global_generator(g)\n"
    "tf.random.get_global_generator().normal([2])",
    # Keras 3: set_random_seed seeds Python, NumPy, TF and the Keras initializers
    "tf.keras.utils.set_random_seed(0)\nlayer = tf.keras.layers.Dense(3)\n"
    "layer.build((None, 2))\nlayer.kernel.numpy()",
    "tf.keras.utils.set_random_seed(42)\nlayer = tf.keras.layers.Dense(4)\n"
    "layer.build((None, 3))\nprint(layer.kernel.numpy())",
    "tf.keras.utils.set_random_seed(0)\nimport random\n(random.random(), np.random.rand())",
    "tf.keras.utils.set_random_seed(0)\ntf.random.normal([2])",
    "tf.keras.utils.set_random_seed(1)\ntf.keras.initializers.RandomNormal()((2, 2))",
    "tf.keras.utils.set_random_seed(1)\ntf.keras.initializers.RandomNormal(stddev=1.0)((3,), "
    "dtype='float64')",
    "init = tf.keras.initializers.RandomUniform(seed=5)\n(init((3,)), init((3,)))",
    "tf.keras.initializers.GlorotUniform(seed=1)((2, 3))",
    "tf.keras.initializers.GlorotUniform(seed=1)((2, 3), dtype='float64')",
    "tf.keras.initializers.RandomNormal(mean=1.0, stddev=0.5, seed=123)((4,))",
    "tf.keras.utils.set_random_seed(3)\nmodel = tf.keras.Sequential([tf.keras.Input((2,)), "
    "tf.keras.layers.Dense(2, activation='relu'), tf.keras.layers.Dense(1)])\n"
    "[w.numpy() for w in model.weights]",
    "tf.keras.utils.set_random_seed(3)\nlayer = tf.keras.layers.Dense(2)\n"
    "x = c([[1.0, 2.0, 3.0]])\nwith tf.GradientTape() as tape:\n    y = tf.reduce_sum(layer(x))\n"
    "tape.gradient(y, layer.kernel)",
    "tf.keras.utils.set_random_seed(0)\nlayer = tf.keras.layers.Dense(2, "
    "kernel_initializer=tf.keras.initializers.RandomNormal(stddev=1.0))\n"
    "layer(c([[1.0, -1.0]]))",
    # Keras's VarianceScaling family (truncated normals corrected by 0.8796...)
    "tf.keras.initializers.HeNormal(seed=0)((3, 2))",
    "tf.keras.initializers.HeUniform(seed=0)((3, 2))",
    "tf.keras.initializers.GlorotNormal(seed=0)((2, 2))",
    "tf.keras.initializers.LecunNormal(seed=1)((4,))",
    "tf.keras.initializers.LecunUniform(seed=1)((2, 2), dtype='float64')",
    "tf.keras.initializers.TruncatedNormal(mean=0.0, stddev=1.0, seed=4)((5,))",
    "tf.keras.initializers.VarianceScaling(scale=0.1, mode='fan_out', distribution='uniform', "
    "seed=2)((3, 3, 1, 2))",
    "tf.keras.initializers.VarianceScaling(distribution='untruncated_normal', seed=2)((2, 2))",
    "tf.keras.initializers.VarianceScaling(scale=-1.0)",
    # (Keras lists the allowed modes as a set: its order changes from run to run)
    "try:\n    tf.keras.initializers.VarianceScaling(mode='fan_sum')\nexcept ValueError as e:\n"
    "    print(str(e)[:45])",
    "tf.keras.initializers.VarianceScaling(mode='fan_in', seed=1, input_axes=[0], "
    "output_axes=[1, 2])((2, 3, 4))",
    "tf.keras.utils.set_random_seed(5)\nlayer = tf.keras.layers.Dense(2, "
    "kernel_initializer='he_normal')\nlayer.build((None, 3))\nlayer.kernel.numpy()",
    "tf.keras.utils.set_random_seed(5)\ntf.keras.initializers.get('lecun_normal')((2, 2))",
    "tf.keras.initializers.HeNormal(seed=3).get_config()",
    # categorical (TF's Multinomial kernels; batches small enough for TF's single shard)
    S.format(0) + "tf.random.categorical(tf.math.log([[0.5, 0.5], [0.1, 0.9]]), 5)",
    S.format(1) + "tf.random.categorical(tf.math.log([[0.1, 0.2, 0.3, 0.4]]), 1000)[0, :40]",
    S.format(1) + "tf.random.categorical([[1.0, 2.0, 3.0]], 4, dtype=tf.int32, seed=7)",
    S.format(1)
    + "(tf.random.categorical([[0.0, 0.0]], 3, seed=7), tf.random.categorical([[0.0, 0.0]], 3, "
    "seed=7))",
    S.format(2) + "tf.random.categorical([[1.0, -np.inf, 2.0], [np.nan, 0.0, 0.0]], 4, seed=3)",
    S.format(2) + "tf.random.categorical(c([[1.0, 2.0]], dtype=tf.float64), 3)",
    S.format(2) + "tf.random.categorical([[1.0, 2.0]], 0)",
    S.format(2) + "tf.random.categorical([1.0, 2.0], 5)",
    S.format(2) + "tf.random.categorical([[1.0, 2.0]], -1)",
    S.format(2) + "tf.random.categorical([[1.0, 2.0]], 5, dtype=tf.float32)",
    S.format(2) + "tf.random.categorical(tf.zeros([2, 0]), 3)",
    "tf.random.stateless_categorical([[1.0, 2.0, 3.0]], 6, seed=[1, 2])",
    "tf.random.stateless_categorical(tf.math.log([[0.2, 0.8], [0.9, 0.1]]), 5, seed=[4, 2], "
    "dtype=tf.int32)",
    "tf.random.stateless_categorical([[1.0, 2.0]], 2, seed=[1])",
    # tf.keras.random: Keras 3's draws (stateless ops under a SeedGenerator)
    "tf.keras.random.normal((2, 2), seed=42)",
    "(tf.keras.random.uniform((3,), seed=1), tf.keras.random.uniform((3,), seed=1))",
    "tf.keras.random.uniform((2,), minval=-1.0, maxval=1.0, dtype='float64', seed=3)",
    "tf.keras.random.truncated_normal((4,), stddev=0.1, seed=5)",
    "g = tf.keras.random.SeedGenerator(42)\n(tf.keras.random.normal((2,), seed=g), "
    "tf.keras.random.normal((2,), seed=g), g.state.numpy())",
    "tf.keras.utils.set_random_seed(0)\n[tf.keras.random.normal((2,)) for _ in range(3)]",
    "tf.keras.utils.set_random_seed(0)\ng = tf.keras.random.SeedGenerator()\ng.state.numpy()",
    "tf.keras.random.randint((5,), 0, 10, seed=2)",
    "tf.keras.random.randint((3,), -3, 3, dtype='int64', seed=2)",
    "tf.keras.random.categorical([[1.0, 2.0, 3.0]], 5, seed=4)",
    "tf.keras.utils.set_random_seed(0)\ng = tf.keras.random.SeedGenerator()\n"
    "(tf.keras.random.dropout(tf.ones([2, 4]), 0.5, seed=g), "
    "tf.keras.random.dropout(tf.ones([2, 4]), 0.5, seed=g))",
    "tf.keras.random.dropout(tf.ones([3, 3]), 0.3, seed=tf.keras.random.SeedGenerator(3))",
    "tf.keras.random.dropout(tf.ones([2, 3]), 0.5, noise_shape=(2, 1), seed=1)",
    "x = tf.Variable([[1.0, 2.0, 3.0]])\nwith tf.GradientTape() as tape:\n"
    "    y = tf.reduce_sum(tf.keras.random.dropout(x, 0.5, seed=7) * x)\ntape.gradient(y, x)",
    "tf.keras.random.SeedGenerator(1.5)",
    # seeds from seeds: split, fold_in, and tf.random.experimental's names
    "tf.random.split([1, 2])",
    "tf.random.split(c([1, 2], dtype=tf.int64), 3)",
    "tf.random.fold_in([1, 2], 3)",
    "seeds = tf.random.split([7, 8], 2)\n[tf.random.stateless_normal([2], seed=s) for s in seeds]",
    "tf.random.experimental.stateless_split([3, 4])",
    "tf.random.experimental.stateless_fold_in([3, 4], 7)",
    "tf.random.experimental.stateless_shuffle(tf.range(10), seed=[1, 2])",
    "tf.random.experimental.stateless_shuffle(tf.reshape(tf.range(12), [4, 3]), seed=[5, 2])",
    "g = tf.random.experimental.Generator.from_seed(3)\ng.normal([2])",
    # Poisson: Knuth under rate 10, Hormann's rejection above (TF's PoissonFunctor)
    S.format(0) + "tf.random.poisson([5], 3.0)",
    S.format(0) + "tf.random.poisson([2, 3], [1.0, 20.0])",
    S.format(0) + "tf.random.poisson([4], 150.0, dtype=tf.int32)",
    S.format(0)
    + "tf.random.poisson([3], c([0.5, 12.0], dtype=tf.float64), dtype=tf.int64, seed=4)",
    S.format(0) + "tf.random.poisson([40], [0.3, 9.99, 10.0, 57.0])[30:]",
    S.format(0) + "tf.random.poisson([3], 0.0)",
    S.format(0) + "(tf.random.poisson([2], 5.0, seed=1), tf.random.poisson([2], 5.0, seed=1))",
    "tf.random.stateless_poisson([4], [1, 2], 3.0)",
    "tf.random.stateless_poisson([3, 2], [7, 1], [4.0, 25.0], dtype=tf.float32)",
    "tf.random.stateless_poisson([4], [1, 2], [2.0, 30.0])",
    S.format(0) + "lam = c(3.0)\nwith tf.GradientTape() as tape:\n    tape.watch(lam)\n"
    "    y = tf.random.poisson([2], lam)\ntape.gradient(y, lam)",
    # tf.nn.experimental's dropouts
    "tf.nn.experimental.stateless_dropout(tf.ones([3, 5]), rate=0.8, seed=[1, 0])",
    "x = tf.ones([2, 4])\n(tf.nn.experimental.stateless_dropout(x, 0.5, seed=[2, 0]), "
    "tf.nn.experimental.stateless_dropout(x, 0.5, seed=[2, 0]))",
    "tf.nn.experimental.stateless_dropout(tf.ones([2, 3]), 0.5, seed=[4, 4], noise_shape=[2, 1])",
    "tf.nn.experimental.stateless_dropout(c([1.0, 2.0, 3.0, 4.0], dtype=tf.float64), "
    "c(0.25, dtype=tf.float64), seed=[3, 1])",
    "tf.nn.experimental.stateless_dropout(tf.ones([2]), 0.0, seed=[1, 1])",
    "tf.nn.experimental.stateless_dropout(tf.ones([2]), 1.5, seed=[1, 1])",
    "g = tf.random.Generator.from_seed(0)\n"
    "tf.nn.experimental.general_dropout(tf.ones([2, 3]), 0.5, g.uniform)",
    "x = tf.Variable([1.0, 2.0, 3.0, 4.0])\nwith tf.GradientTape() as tape:\n"
    "    y = tf.reduce_sum(tf.nn.experimental.stateless_dropout(x, 0.5, seed=[1, 2]) ** 2)\n"
    "tape.gradient(y, x)",
    # binomial: inversion below count * p = 10, Hormann's BTRS above (TF's RandomBinomialFunctor)
    "tf.random.stateless_binomial([4], [1, 2], 10.0, 0.3)",
    "tf.random.stateless_binomial([3, 2], [1, 2], [100.0, 7.0], [0.3, 0.9])",
    "tf.random.stateless_binomial([2, 3], [5, 5], 50.0, [0.0, 0.5, 1.0], output_dtype=tf.float32)",
    "tf.random.stateless_binomial([2], [5, 5], c(30.0, dtype=tf.float64), c(0.8, dtype=tf.float64), "
    "output_dtype=tf.int64)",
    "tf.random.stateless_binomial([60, 4], [9, 3], [3.0, 25.0, 400.0, 1000.0], "
    "[0.2, 0.45, 0.6, 0.97])[50:]",
    "tf.random.stateless_binomial([4], [1, 2], [1.0, 2.0], [0.5, 0.5, 0.5])",
    "tf.random.stateless_binomial([3], [1, 2], [1.0, 2.0], 0.5)",
    "g = tf.random.Generator.from_seed(1)\n(g.binomial([3], 20.0, 0.5), g.state.numpy(), "
    "g.binomial([2, 2], [5.0, 200.0], 0.25, dtype=tf.float32), g.normal([2]))",
    "p = c(0.3)\nwith tf.GradientTape() as tape:\n    tape.watch(p)\n"
    "    y = tf.random.stateless_binomial([2], [1, 2], 10.0, p, output_dtype=tf.float32)\n"
    "tape.gradient(y, p)",
    "p = c(0.3)\ng = tf.random.Generator.from_seed(1)\nwith tf.GradientTape() as tape:\n"
    "    tape.watch(p)\n    y = g.binomial([2], 10.0, p, dtype=tf.float32)\ntape.gradient(y, p)",
    "lam = c(3.0)\nwith tf.GradientTape() as tape:\n    tape.watch(lam)\n"
    "    y = tf.random.stateless_poisson([2], [1, 2], lam, dtype=tf.float32)\n"
    "tape.gradient(y, lam)",
    # gamma: Marsaglia-Tsang sampling, implicit reparameterization gradients (RandomGammaGrad)
    S.format(0) + "tf.random.gamma([3], [0.5, 1.0, 2.0, 9.0])",
    S.format(0) + "tf.random.gamma([2, 2], 3.0, beta=[1.0, 2.0], dtype=tf.float64)",
    S.format(0) + "tf.random.gamma([0], 2.0)",
    S.format(0) + "tf.random.gamma([2], [[1.0], [2.0]], beta=[1.0, 3.0], seed=2)",
    S.format(0) + "tf.random.gamma([2], [1.0, 2.0], beta=[1.0, 3.0, 4.0], seed=2)",
    S.format(0) + "tf.random.gamma([2], -1.0, seed=2)",
    S.format(0) + "tf.random.gamma([2], c([0.5, 2.0], dtype=tf.float16), dtype=tf.float16, seed=2)",
    S.format(0) + "a = c([0.3, 1.0, 2.5, 40.0])\nwith tf.GradientTape(persistent=True) as tape:\n"
    "    tape.watch(a)\n    y = tf.random.gamma([5], a, seed=3)\n    z = tf.reduce_sum(y * y)\n"
    "(y, tape.gradient(y, a), tape.gradient(z, a))",
    S.format(0) + "a = c([0.3, 1.0, 2.5, 40.0], dtype=tf.float64)\nb = c(2.0, dtype=tf.float64)\n"
    "with tf.GradientTape() as tape:\n    tape.watch([a, b])\n"
    "    y = tf.random.gamma([3], a, beta=b, dtype=tf.float64, seed=5)\ntape.gradient(y, [a, b])",
    S.format(0)
    + "a = c([0.01, 0.2, 5.0, 300.0])\nwith tf.GradientTape() as tape:\n    tape.watch(a)\n"
    "    y = tf.random.gamma([50], a, seed=8)\ntape.gradient(y, a)",
    S.format(0)
    + "a = c([0.5, 2.0], dtype=tf.float16)\nwith tf.GradientTape() as tape:\n    tape.watch(a)\n"
    "    y = tf.random.gamma([2], a, dtype=tf.float16, seed=2)\ntape.gradient(y, a)",
    S.format(0)
    + "a = c([0.3, 1.0, 2.5, 40.0])\nwith tf.GradientTape() as outer:\n    outer.watch(a)\n"
    "    with tf.GradientTape() as inner:\n        inner.watch(a)\n"
    "        y = tf.random.gamma([2], a, seed=1)\n    g = inner.gradient(y, a)\n"
    "outer.gradient(g, a)",
    "tf.random.stateless_gamma([3, 4], [1, 2], [0.5, 1.0, 2.0, 9.0])",
    "tf.random.stateless_gamma([2, 2], [1, 2], 3.0, beta=[1.0, 2.0], dtype=tf.float64)",
    "tf.random.stateless_gamma([3], [1, 2], [1.0, 2.0])",
    "a = c([0.3, 2.5])\nwith tf.GradientTape() as tape:\n    tape.watch(a)\n"
    "    y = tf.random.stateless_gamma([4, 2], [3, 4], a)\n(y, tape.gradient(y, a))",
    "tf.keras.random.gamma((3,), 2.0, seed=1)",
    "tf.keras.random.binomial((4,), 10.0, 0.3, seed=1)",
    "tf.keras.random.beta((2, 3), 2.0, [1.0, 2.0, 3.0], seed=5)",
    "tf.keras.random.gamma((2,), 0.5, dtype='float64', seed=tf.keras.random.SeedGenerator(3))",
    # realistic scripts: seeded data, Keras weights, noise, a few training steps
    "tf.keras.utils.set_random_seed(0)\nlayer = tf.keras.layers.Dense(3)\n"
    "x = tf.random.normal([2, 2])\ng = tf.random.Generator.from_seed(1)\n"
    "with tf.GradientTape() as tape:\n"
    "    y = tf.reduce_sum(layer(x) * g.normal([2, 3]) + tf.random.stateless_uniform([2, 3], "
    "seed=[1, 2]))\nprint(tape.gradient(y, layer.kernel))\n"
    "print(tf.random.poisson([2], 3.0), tf.random.categorical([[0.0, 1.0]], 3))",
    "tf.random.set_seed(42)\nX = tf.random.normal([32, 3])\n"
    "true_w = tf.constant([[2.0], [-1.0], [0.5]])\n"
    "y = X @ true_w + 0.1 * tf.random.normal([32, 1])\n"
    "w = tf.Variable(tf.random.truncated_normal([3, 1], stddev=0.1))\n"
    "opt = tf.keras.optimizers.SGD(learning_rate=0.1)\nfor step in range(3):\n"
    "    idx = tf.random.shuffle(tf.range(32))[:8]\n"
    "    with tf.GradientTape() as tape:\n"
    "        loss = tf.reduce_mean((tf.gather(X, idx) @ w - tf.gather(y, idx)) ** 2)\n"
    "    opt.apply_gradients([(tape.gradient(loss, w), w)])\n"
    "    print(step, round(float(loss), 5))\nw.numpy()",
    "tf.keras.utils.set_random_seed(7)\nmodel = tf.keras.Sequential([tf.keras.Input((4,)), "
    "tf.keras.layers.Dense(8, activation='relu', kernel_initializer='he_normal'), "
    "tf.keras.layers.Dense(1)])\nx = tf.random.uniform([5, 4])\n"
    "with tf.GradientTape() as tape:\n"
    "    out = model(tf.nn.dropout(x, 0.2, seed=1))\n    loss = tf.reduce_mean(out ** 2)\n"
    "grads = tape.gradient(loss, model.trainable_variables)\n"
    "[g.numpy().round(5).tolist() for g in grads[2:]]",
]
