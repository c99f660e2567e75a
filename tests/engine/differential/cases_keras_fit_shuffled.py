"""Whole training runs from a seed, as TF 2.21's Keras 3 runs them: after
tf.keras.utils.set_random_seed, default initializers, Dropout and fit's shuffling (the array
adapter's tf.random.shuffle of the sample indices, shuffle='batch', validation_split, a
Dataset shuffled by itself) all draw TF's numbers, so losses per epoch and final weights
match TF's without setting any weight by hand. verbose=0 (progress lines carry times)."""

DATA = (
    "rng = np.random.RandomState(0)\n"
    "X = rng.uniform(-1, 1, (20, 3)).astype('float32')\n"
    "Y = (X @ np.array([[1.0], [-2.0], [0.5]], 'float32') + 0.25).astype('float32')\n"
    "labels = (X.sum(axis=1) > 0).astype('int64')\n"
)
SEEN = (
    "class Seen(tf.keras.Model):\n"
    "    def __init__(self):\n"
    "        super().__init__()\n"
    "        self.d = tf.keras.layers.Dense(1)\n"
    "        self.seen = []\n"
    "    def call(self, x):\n"
    "        return self.d(x)\n"
    "    def train_step(self, data):\n"
    "        x, y = data\n"
    "        self.seen.append(x.numpy()[:, 0].astype(int).tolist())\n"
    "        return {'n': tf.constant(0.0)}\n"
    "tf.keras.utils.set_random_seed(SEED)\n"
    "m = Seen()\n"
    "m.compile(run_eagerly=True, loss='mse', optimizer='sgd')\n"
    "x = np.arange(10, dtype='float32')[:, None]\n"
)
MLP = (
    DATA + "tf.keras.utils.set_random_seed(7)\n"
    "m = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(8, activation='relu'),\n"
    "                         tf.keras.layers.Dense(1)])\n"
    "m.compile(optimizer='adam', loss='mse')\n"
)
CNN = (
    "rng = np.random.RandomState(1)\n"
    "images = rng.uniform(0, 1, (12, 8, 8, 1)).astype('float32')\n"
    "digits = rng.randint(0, 3, 12)\n"
    "tf.keras.utils.set_random_seed(3)\n"
    "m = tf.keras.Sequential([\n"
    "    tf.keras.Input((8, 8, 1)),\n"
    "    tf.keras.layers.Conv2D(4, 3, activation='relu'),\n"
    "    tf.keras.layers.MaxPooling2D(),\n"
    "    tf.keras.layers.Flatten(),\n"
    "    tf.keras.layers.Dropout(0.5),\n"
    "    tf.keras.layers.Dense(3, activation='softmax'),\n"
    "])\n"
    "m.compile(optimizer='adam', loss='sparse_categorical_crossentropy', metrics=['accuracy'])\n"
    "h = m.fit(images, digits, epochs=3, batch_size=4, verbose=0)\n"
)
LSTM = (
    "rng = np.random.RandomState(2)\n"
    "seqs = rng.normal(size=(10, 5, 2)).astype('float32')\n"
    "kinds = (seqs[:, :, 0].mean(axis=1) > 0).astype('float32')\n"
    "tf.keras.utils.set_random_seed(11)\n"
    "m = tf.keras.Sequential([tf.keras.Input((5, 2)), tf.keras.layers.LSTM(4),\n"
    "                         tf.keras.layers.Dense(1, activation='sigmoid')])\n"
    "m.compile(optimizer='rmsprop', loss='binary_crossentropy', metrics=['accuracy'])\n"
    "h = m.fit(seqs, kinds, epochs=3, batch_size=4, verbose=0)\n"
)
BATCHNORM = (
    DATA + "tf.keras.utils.set_random_seed(5)\n"
    "m = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(6),\n"
    "                         tf.keras.layers.BatchNormalization(),\n"
    "                         tf.keras.layers.Activation('relu'), tf.keras.layers.Dropout(0.3),\n"
    "                         tf.keras.layers.Dense(2, activation='softmax')])\n"
    "m.compile(optimizer=tf.keras.optimizers.SGD(0.1, momentum=0.9),\n"
    "          loss='sparse_categorical_crossentropy')\n"
    "h = m.fit(X, labels, epochs=3, batch_size=8, verbose=0)\n"
)

CASES = [
    # the order fit feeds the samples in: the same permutation every epoch under a seed
    SEEN.replace("SEED", "1") + "m.fit(x, x, batch_size=4, epochs=3, verbose=0)\nm.seen",
    SEEN.replace("SEED", "42") + "m.fit(x, x, batch_size=3, epochs=2, verbose=0)\nm.seen",
    SEEN.replace("SEED", "0") + "m.fit(x, x, batch_size=4, epochs=1, verbose=0)\nm.seen",
    SEEN.replace("SEED", "1")
    + "m.fit(x, x, batch_size=4, epochs=2, shuffle='batch', verbose=0)\nm.seen",
    SEEN.replace("SEED", "1")
    + "m.fit(x, x, batch_size=4, epochs=2, validation_split=0.3, verbose=0)\nm.seen",
    SEEN.replace("SEED", "1")
    + "m.fit(x, x, batch_size=4, epochs=1, shuffle=False, verbose=0)\nm.seen",
    SEEN.replace("SEED", "9")
    + "m.fit(x, x, batch_size=4, epochs=3, steps_per_epoch=2, verbose=0)\nm.seen",
    SEEN.replace("SEED", "1")
    + "ds = tf.data.Dataset.from_tensor_slices((x, x)).shuffle(10).batch(4)\n"
    "m.fit(ds, epochs=3, verbose=0)\nm.seen",
    SEEN.replace("SEED", "1")
    + "ds = tf.data.Dataset.from_tensor_slices((x, x)).shuffle(10, seed=3).batch(4)\n"
    "m.fit(ds, epochs=2, verbose=0)\nm.seen",
    # whole runs from the seed: losses per epoch and final weights
    MLP + "h = m.fit(X, Y, epochs=3, batch_size=8, verbose=0)\nh.history['loss']",
    MLP + "m.fit(X, Y, epochs=3, batch_size=8, verbose=0)\nm.get_weights()",
    MLP + "h = m.fit(X, Y, epochs=3, batch_size=8, shuffle='batch', verbose=0)\nh.history",
    MLP + "h = m.fit(X, Y, epochs=3, batch_size=4, validation_split=0.25, verbose=0)\nh.history",
    MLP + "m.fit(X, Y, epochs=2, batch_size=4, validation_split=0.25, verbose=0)\nm.get_weights()",
    MLP + "ds = tf.data.Dataset.from_tensor_slices((X, Y)).shuffle(20).batch(8)\n"
    "h = m.fit(ds, epochs=3, verbose=0)\nh.history['loss']",
    MLP + "ds = tf.data.Dataset.from_tensor_slices((X, Y)).shuffle(20).batch(8)\n"
    "m.fit(ds, epochs=3, verbose=0)\nm.get_weights()",
    CNN + "h.history",
    CNN + "m.get_weights()",
    CNN + "m.evaluate(images, digits, verbose=0)",
    LSTM + "h.history",
    LSTM + "m.get_weights()",
    LSTM.replace("LSTM(4)", "LSTM(4, dropout=0.2, recurrent_dropout=0.2)") + "h.history",
    LSTM.replace("LSTM(4)", "LSTM(4, dropout=0.2, recurrent_dropout=0.2)") + "m.get_weights()",
    LSTM.replace("LSTM(4)", "GRU(3, dropout=0.25)") + "m.get_weights()",
    LSTM.replace("LSTM(4)", "SimpleRNN(3)") + "h.history['loss']",
    "tf.random.set_seed(1)\nx = np.arange(10, dtype='float32')\n"
    "ds = tf.data.Dataset.from_tensor_slices(x).shuffle(10, seed=3).batch(4)\n"
    "a = iter(ds)\nb = iter(ds)\n[next(b).numpy().tolist(), next(a).numpy().tolist()]",
    "tf.random.set_seed(1)\nds = tf.data.Dataset.range(6).shuffle(6, seed=2).repeat(2)\n"
    "a = iter(ds)\nb = iter(ds)\n[[int(v) for v in b], [int(v) for v in a]]",
    BATCHNORM + "h.history['loss']",
    BATCHNORM + "m.get_weights()",
    BATCHNORM + "m.predict(X[:4], verbose=0)",
]
