"""compile/fit/evaluate/predict as TF 2.21's Keras 3 runs them: losses per epoch, final weights,
History keys and values, validation, sample and class weights, several outputs with loss
weights, a custom train_step, callbacks (EarlyStopping, ReduceLROnPlateau,
LearningRateScheduler, LambdaCallback, custom hooks, TerminateOnNaN, CSVLogger) and errors.
Weights come from fixed arrays; shuffle=False (TF's shuffle order is its own random stream);
verbose=0 (progress lines carry times)."""

FIX = (
    "def fix(model):\n"
    "    model.set_weights([np.linspace(-0.5, 0.5, w.size).reshape(w.shape).astype(w.dtype)\n"
    "                       for w in model.get_weights()])\n"
    "    return model\n"
)
DATA = (
    "X = (np.arange(24, dtype='float32').reshape(8, 3) % 5) / 4.0\n"
    "Y = (X @ np.array([[1.0], [-2.0], [0.5]], 'float32') + 0.25).astype('float32')\n"
)
REG = (
    FIX + DATA + "m = fix(tf.keras.Sequential([tf.keras.Input((3,)), "
    "tf.keras.layers.Dense(4, activation='tanh'), tf.keras.layers.Dense(1)]))\n"
)
FIT = "h = m.fit(X, Y, epochs=3, batch_size=4, shuffle=False, verbose=0"
CLS = (
    FIX + DATA + "labels = (X.sum(axis=1) > 1.5).astype('float32')[:, None]\n"
    "m = fix(tf.keras.Sequential([tf.keras.Input((3,)), "
    "tf.keras.layers.Dense(3, activation='relu'), tf.keras.layers.Dense(1, activation='sigmoid')]))\n"
)
MULTI = "klass = (X[:, 0] > 0.4).astype('int64')\nm = fix(tf.keras.Model(inp, [score, kind]))\n"
TWO_OUT = (
    FIX + DATA + "inp = tf.keras.Input((3,), name='features')\n"
    "h = tf.keras.layers.Dense(4, activation='tanh', name='hidden')(inp)\n"
    "score = tf.keras.layers.Dense(1, name='score')(h)\n"
    "kind = tf.keras.layers.Dense(2, activation='softmax', name='kind')(h)\n" + MULTI
)
CUSTOM_STEP = (
    FIX + DATA + "class Custom(tf.keras.Model):\n"
    "    def train_step(self, data):\n"
    "        x, y = data\n"
    "        with tf.GradientTape() as tape:\n"
    "            y_pred = self(x, training=True)\n"
    "            loss = self.compute_loss(y=y, y_pred=y_pred)\n"
    "        grads = tape.gradient(loss, self.trainable_variables)\n"
    "        self.optimizer.apply(grads, self.trainable_variables)\n"
    "        for metric in self.metrics:\n"
    "            if metric.name == 'loss':\n"
    "                metric.update_state(loss)\n"
    "            else:\n"
    "                metric.update_state(y, y_pred)\n"
    "        return {m.name: m.result() for m in self.metrics}\n"
    "inp = tf.keras.Input((3,))\n"
    "m = fix(Custom(inp, tf.keras.layers.Dense(1)(tf.keras.layers.Dense(4, activation='tanh')(inp))))\n"
)
SUBCLASSED = (
    FIX + DATA + "class MLP(tf.keras.Model):\n"
    "    def __init__(self):\n"
    "        super().__init__()\n"
    "        self.hidden = tf.keras.layers.Dense(4, activation='tanh')\n"
    "        self.out = tf.keras.layers.Dense(1)\n"
    "    def call(self, x, training=False):\n"
    "        return self.out(self.hidden(x))\n"
    "m = MLP()\nm(X[:1])\nfix(m)\n"
)
HOOKS = (
    "class Hooks(tf.keras.callbacks.Callback):\n"
    "    def __init__(self):\n"
    "        super().__init__()\n"
    "        self.seen = []\n"
    "    def on_train_begin(self, logs=None):\n"
    "        self.seen.append(('train_begin', sorted(self.params)))\n"
    "    def on_epoch_begin(self, epoch, logs=None):\n"
    "        self.seen.append(('epoch_begin', epoch))\n"
    "    def on_train_batch_begin(self, batch, logs=None):\n"
    "        self.seen.append(('batch_begin', batch))\n"
    "    def on_train_batch_end(self, batch, logs=None):\n"
    "        self.seen.append(('batch_end', batch, sorted(logs)))\n"
    "    def on_test_begin(self, logs=None):\n"
    "        self.seen.append(('test_begin',))\n"
    "    def on_test_batch_end(self, batch, logs=None):\n"
    "        self.seen.append(('test_batch_end', batch))\n"
    "    def on_test_end(self, logs=None):\n"
    "        self.seen.append(('test_end', sorted(logs)))\n"
    "    def on_epoch_end(self, epoch, logs=None):\n"
    "        self.seen.append(('epoch_end', epoch, sorted(logs)))\n"
    "    def on_train_end(self, logs=None):\n"
    "        self.seen.append(('train_end', sorted(logs)))\n"
)

SEQUENTIAL_FIT = [
    REG + "m.compile(optimizer='sgd', loss='mse')\n" + FIT + ")\nh.history",
    REG + "m.compile(optimizer='sgd', loss='mse')\n" + FIT + ")\nm.get_weights()",
    REG
    + "m.compile(optimizer=tf.keras.optimizers.SGD(0.1, momentum=0.9), loss='mse')\n"
    + FIT
    + ")\n(h.history['loss'], m.get_weights()[-1])",
    REG
    + "m.compile(optimizer=tf.keras.optimizers.Adam(0.05), loss='mse')\n"
    + FIT
    + ")\n(h.history['loss'], m.get_weights())",
    REG + "m.compile(optimizer='rmsprop', loss='mean_squared_error')\n" + FIT + ")\nh.history",
    REG
    + "m.compile(optimizer='adam', loss=tf.keras.losses.MeanSquaredError())\n"
    + FIT
    + ")\n(h.history, h.epoch, h.params)",
    REG
    + "m.compile(optimizer='sgd', loss='mse')\n"
    + FIT
    + ")\n(type(h).__name__, m.history is h)",
    REG + "m.compile(optimizer='sgd', loss='mse')\nh = m.fit(X, Y, epochs=2, batch_size=3, "
    "shuffle=False, verbose=0)\n(h.history, h.params)",
    REG + "m.compile(optimizer='sgd', loss='mse')\nh = m.fit(X, Y, epochs=1, shuffle=False, "
    "verbose=0)\n(h.history, h.params)",
    REG
    + "m.compile(optimizer='sgd', loss='mse')\n"
    + FIT
    + ", validation_split=0.25)\n(h.history, h.params)",
    REG
    + "m.compile(optimizer='sgd', loss='mse')\n"
    + FIT
    + ", validation_data=(X[:2], Y[:2]))\nh.history",
    REG
    + "m.compile(optimizer='sgd', loss='mse')\n"
    + FIT
    + ", validation_data=(X[:2], Y[:2]), validation_freq=2)\nh.history",
    REG
    + "m.compile(optimizer='sgd', loss='mse')\n"
    + FIT
    + ", sample_weight=np.linspace(0.0, 2.0, 8).astype('float32'))\nh.history",
    REG
    + "m.compile(optimizer='sgd', loss='mse')\n"
    + FIT
    + ", initial_epoch=1)\n(h.history, h.epoch)",
    REG
    + "m.compile(optimizer='sgd', loss='mse')\n"
    + FIT
    + ", steps_per_epoch=1)\n(h.history, h.params)",
    REG + "m.compile(optimizer='sgd', loss='mse')\nh = m.fit(tf.constant(X), tf.constant(Y), "
    "epochs=2, batch_size=8, shuffle=False, verbose=0)\nh.history",
    REG
    + "m.compile(optimizer='sgd', loss='mse')\nh = m.fit(X.astype('float64'), Y.astype('float64'),"
    " epochs=2, batch_size=8, shuffle=False, verbose=0)\n(h.history, m.get_weights()[0].dtype)",
    REG + "def batches():\n    while True:\n        for i in range(0, 8, 4):\n"
    "            yield X[i:i + 4], Y[i:i + 4]\n"
    "m.compile(optimizer='sgd', loss='mse')\n"
    "h = m.fit(batches(), epochs=2, steps_per_epoch=2, verbose=0)\n(h.history, h.params)",
    REG
    + "m.layers[0].trainable = False\nm.compile(optimizer='sgd', loss='mse')\n"
    + FIT
    + ")\n(m.get_weights()[0], h.history)",
    CLS + "m.compile(optimizer='sgd', loss='binary_crossentropy')\n"
    "h = m.fit(X, labels, epochs=3, batch_size=4, shuffle=False, verbose=0)\n(h.history, m.get_weights())",
    CLS + "m.compile(optimizer='sgd', loss='binary_crossentropy')\n"
    "h = m.fit(X, labels, epochs=2, batch_size=4, shuffle=False, verbose=0, "
    "class_weight={0: 1.0, 1: 3.0})\nh.history",
    FIX + DATA + "y = (np.arange(8) % 3).astype('int64')\n"
    "m = fix(tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(3, activation='softmax')]))\n"
    "m.compile(optimizer='sgd', loss='sparse_categorical_crossentropy')\n"
    "h = m.fit(X, y, epochs=3, batch_size=4, shuffle=False, verbose=0)\n(h.history, m.get_weights())",
    FIX + DATA + "y = (np.arange(8) % 3).astype('int64')\n"
    "m = fix(tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(3)]))\n"
    "m.compile(optimizer='adam', loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))\n"
    "h = m.fit(X, y, epochs=2, batch_size=8, shuffle=False, verbose=0)\nh.history",
]

EVALUATE_PREDICT = [
    REG + "m.compile(optimizer='sgd', loss='mse')\nm.evaluate(X, Y, verbose=0)",
    REG + "m.compile(optimizer='sgd', loss='mse')\nm.evaluate(X, Y, batch_size=3, verbose=0)",
    REG + "m.compile(optimizer='sgd', loss='mse')\nm.evaluate(X, Y, verbose=0, return_dict=True)",
    REG + "m.compile(optimizer='sgd', loss='mse')\n"
    "m.evaluate(X, Y, sample_weight=np.arange(8, dtype='float32'), verbose=0)",
    REG + "m.predict(X, verbose=0)",
    REG + "p = m.predict(X, batch_size=3, verbose=0)\n(type(p).__name__, p.dtype, p.shape)",
    REG + "m.predict_on_batch(X[:3])",
    REG + "m.compile(optimizer='sgd', loss='mse')\n"
    "(m.train_on_batch(X[:4], Y[:4]), m.train_on_batch(X[4:], Y[4:]), m.get_weights()[-1])",
    REG
    + "m.compile(optimizer='sgd', loss='mse')\nr = m.train_on_batch(X, Y)\n(type(r).__name__, r.dtype, r)",
    REG + "m.compile(optimizer='sgd', loss='mse')\nm.train_on_batch(X, Y, return_dict=True)",
    REG
    + "m.compile(optimizer='sgd', loss='mse')\n(m.test_on_batch(X, Y), m.test_on_batch(X[:2], Y[:2]))",
    REG + "m.compile(optimizer='sgd', loss='mse')\nm.test_on_batch(X, Y, return_dict=True)",
    REG + "m.compile(optimizer='sgd', loss='mse')\n(m.metrics_names, [x.name for x in m.metrics])",
    REG
    + "m.compile(optimizer='sgd', loss='mse')\n"
    + FIT
    + ")\n(m.metrics_names, m.optimizer.iterations.numpy())",
    REG + "m.compile(optimizer='sgd', loss='mse')\n" + FIT + ")\n"
    "[v.path for v in m.optimizer.variables]",
    REG + "m.compile(optimizer='sgd', loss='mse')\n" + FIT + ")\nm.summary()",
    REG + "(m.compiled, m.optimizer)",
    REG + "m.compile(optimizer='sgd', loss='mse')\n(m.compiled, m.optimizer.name, m.loss)",
]

MODELS_FIT = [
    TWO_OUT + "m.compile(optimizer='sgd', loss=['mse', 'sparse_categorical_crossentropy'])\n"
    "h = m.fit(X, [Y, klass], epochs=2, batch_size=4, shuffle=False, verbose=0)\nh.history",
    TWO_OUT + "m.compile(optimizer='sgd', loss=['mse', 'sparse_categorical_crossentropy'], "
    "loss_weights=[1.0, 0.5])\n"
    "h = m.fit(X, [Y, klass], epochs=2, batch_size=4, shuffle=False, verbose=0)\n(h.history, m.get_weights()[-1])",
    TWO_OUT + "m.compile(optimizer='sgd', loss={'score': 'mse', 'kind': "
    "'sparse_categorical_crossentropy'})\n"
    "h = m.fit(X, {'score': Y, 'kind': klass}, epochs=2, batch_size=4, shuffle=False, verbose=0)\nh.history",
    TWO_OUT + "m.compile(optimizer='sgd', loss=['mse', 'sparse_categorical_crossentropy'])\n"
    "h = m.fit(X, [Y, klass], epochs=2, batch_size=4, shuffle=False, verbose=0, "
    "validation_data=(X[:4], [Y[:4], klass[:4]]))\nh.history",
    TWO_OUT + "m.compile(optimizer='sgd', loss=['mse', 'sparse_categorical_crossentropy'])\n"
    "(m.evaluate(X, [Y, klass], verbose=0), m.evaluate(X, [Y, klass], verbose=0, return_dict=True))",
    TWO_OUT + "m.compile(optimizer='sgd', loss=['mse', 'sparse_categorical_crossentropy'])\n"
    "p = m.predict(X, batch_size=3, verbose=0)\n(type(p).__name__, [a.shape for a in p], p[1][:2])",
    TWO_OUT + "m.compile(optimizer='sgd', loss=['mse', 'sparse_categorical_crossentropy'])\n"
    "m.train_on_batch(X, [Y, klass])",
    CUSTOM_STEP
    + "m.compile(optimizer='sgd', loss='mse')\n"
    + FIT
    + ")\n(h.history, m.get_weights()[-1])",
    CUSTOM_STEP
    + "m.compile(optimizer='adam', loss='mse')\n"
    + FIT
    + ", validation_data=(X[:4], Y[:4]))\nh.history",
    SUBCLASSED
    + "m.compile(optimizer='sgd', loss='mse')\n"
    + FIT
    + ")\n(h.history, m.get_weights())",
    SUBCLASSED + "m.compile(optimizer='sgd', loss='mse')\n" + FIT + ")\nm.summary()",
    FIX + DATA + "class Lazy(tf.keras.Model):\n"
    "    def __init__(self):\n        super().__init__()\n"
    "        self.d = tf.keras.layers.Dense(1, kernel_initializer='ones')\n"
    "    def call(self, x):\n        return self.d(x)\n"
    "m = Lazy()\nm.compile(optimizer='sgd', loss='mse')\n" + FIT + ")\n(h.history, m.built)",
    FIX + DATA + "inner = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])\n"
    "inp = tf.keras.Input((3,))\nm = fix(tf.keras.Model(inp, tf.keras.layers.Dense(1)(inner(inp))))\n"
    "m.compile(optimizer='sgd', loss='mse')\n" + FIT + ")\n(h.history, inner.get_weights()[1])",
]

CALLBACKS = [
    REG + "m.compile(optimizer='sgd', loss='mse')\n"
    "stop = tf.keras.callbacks.EarlyStopping(monitor='loss', patience=0, min_delta=10.0)\n"
    "h = m.fit(X, Y, epochs=10, batch_size=4, shuffle=False, verbose=0, callbacks=[stop])\n"
    "(h.epoch, stop.stopped_epoch, len(h.history['loss']))",
    REG + "m.compile(optimizer=tf.keras.optimizers.SGD(0.5), loss='mse')\n"
    "stop = tf.keras.callbacks.EarlyStopping(monitor='val_loss', patience=1, restore_best_weights=True)\n"
    "h = m.fit(X, Y, epochs=8, batch_size=4, shuffle=False, verbose=0, callbacks=[stop], "
    "validation_data=(X[:3], Y[:3] + 1.0))\n(h.epoch, stop.best_epoch, stop.best)",
    REG + "m.compile(optimizer='sgd', loss='mse')\n"
    "stop = tf.keras.callbacks.EarlyStopping(monitor='loss', patience=2, min_delta=10.0, verbose=1)\n"
    "h = m.fit(X, Y, epochs=10, batch_size=4, shuffle=False, verbose=0, callbacks=[stop])\nh.epoch",
    REG + "m.compile(optimizer='sgd', loss='mse')\n"
    "stop = tf.keras.callbacks.EarlyStopping(monitor='val_loss')\n"
    "h = m.fit(X, Y, epochs=2, batch_size=4, shuffle=False, verbose=0, callbacks=[stop])\nh.epoch",
    REG + "m.compile(optimizer='sgd', loss='mse')\n"
    "plateau = tf.keras.callbacks.ReduceLROnPlateau(monitor='loss', factor=0.5, patience=1, "
    "min_delta=10.0)\n"
    "h = m.fit(X, Y, epochs=4, batch_size=4, shuffle=False, verbose=0, callbacks=[plateau])\n"
    "(h.history, float(m.optimizer.learning_rate.numpy()))",
    REG + "m.compile(optimizer='sgd', loss='mse')\n"
    "plateau = tf.keras.callbacks.ReduceLROnPlateau(monitor='loss', factor=0.5, patience=1, "
    "min_delta=10.0, verbose=1, cooldown=1, min_lr=0.003)\n"
    "h = m.fit(X, Y, epochs=5, batch_size=4, shuffle=False, verbose=0, callbacks=[plateau])\n"
    "h.history['learning_rate']",
    REG + "m.compile(optimizer='sgd', loss='mse')\n"
    "sched = tf.keras.callbacks.LearningRateScheduler(lambda epoch, lr: lr * 0.5 if epoch else lr)\n"
    "h = m.fit(X, Y, epochs=3, batch_size=4, shuffle=False, verbose=0, callbacks=[sched])\nh.history",
    REG + "m.compile(optimizer='sgd', loss='mse')\n"
    "sched = tf.keras.callbacks.LearningRateScheduler(lambda epoch: 0.1 / (epoch + 1), verbose=1)\n"
    "h = m.fit(X, Y, epochs=2, batch_size=4, shuffle=False, verbose=0, callbacks=[sched])\n"
    "h.history['learning_rate']",
    REG + "m.compile(optimizer='sgd', loss='mse')\n"
    "sched = tf.keras.callbacks.LearningRateScheduler(lambda epoch, lr: 1)\n"
    "m.fit(X, Y, epochs=1, verbose=0, callbacks=[sched])",
    REG + "m.compile(optimizer='sgd', loss='mse')\n"
    "log = tf.keras.callbacks.LambdaCallback(on_epoch_end=lambda epoch, logs: "
    "print(epoch, round(logs['loss'], 4)))\n" + FIT + ", callbacks=[log])\nNone",
    REG + HOOKS + "m.compile(optimizer='sgd', loss='mse')\nhooks = Hooks()\n"
    "m.fit(X, Y, epochs=2, batch_size=4, shuffle=False, verbose=0, callbacks=[hooks], "
    "validation_data=(X[:4], Y[:4]))\nhooks.seen",
    REG + HOOKS + "m.compile(optimizer='sgd', loss='mse')\nhooks = Hooks()\n"
    "m.evaluate(X, Y, batch_size=4, verbose=0, callbacks=[hooks])\nhooks.seen",
    REG + "class Stop(tf.keras.callbacks.Callback):\n"
    "    def on_train_batch_end(self, batch, logs=None):\n"
    "        if batch == 0:\n            self.model.stop_training = True\n"
    "m.compile(optimizer='sgd', loss='mse')\n" + FIT + ", callbacks=[Stop()])\n"
    "(h.epoch, m.optimizer.iterations.numpy())",
    REG + "m.compile(optimizer=tf.keras.optimizers.SGD(1e30), loss='mse')\n"
    "h = m.fit(X * 1e10, Y, epochs=3, batch_size=4, shuffle=False, verbose=0, "
    "callbacks=[tf.keras.callbacks.TerminateOnNaN()])\n(h.epoch, np.isfinite(h.history['loss']))",
    REG + "import os, tempfile\nd = tempfile.mkdtemp()\npath = os.path.join(d, 'log.csv')\n"
    "m.compile(optimizer='sgd', loss='mse')\n" + FIT + ", validation_data=(X[:4], Y[:4]), "
    "callbacks=[tf.keras.callbacks.CSVLogger(path)])\n"
    "[line.split(',')[0] for line in open(path).read().splitlines()]",
    REG + "import os, tempfile\nd = tempfile.mkdtemp()\npath = os.path.join(d, 'log.csv')\n"
    "m.compile(optimizer='sgd', loss='mse')\n"
    + FIT
    + ", callbacks=[tf.keras.callbacks.CSVLogger(path)])\n"
    "rows = open(path).read().splitlines()\n(rows[0], [float(r.split(',')[1]) for r in rows[1:]])",
    REG + "m.compile(optimizer='sgd', loss='mse')\n"
    "tf.keras.callbacks.ReduceLROnPlateau(factor=1.5)",
    REG + "m.compile(optimizer='sgd', loss='mse')\n"
    "tf.keras.callbacks.ModelCheckpoint('model.h5', save_weights_only=True)",
    "h = tf.keras.callbacks.History()\n(h.history, h.model)",
    "cb = tf.keras.callbacks.Callback()\n(cb.params, cb.model, cb.on_epoch_end(0))",
]

LOSSES_ADDED = [
    FIX + DATA + "class Penalized(tf.keras.layers.Layer):\n"
    "    def build(self, shape):\n"
    "        self.w = self.add_weight(shape=(shape[-1], 1), name='w', initializer='ones',\n"
    "                                 regularizer=lambda w: 0.01 * tf.reduce_sum(tf.square(w)))\n"
    "    def call(self, x):\n"
    "        self.add_loss(0.1 * tf.reduce_mean(tf.abs(x)))\n"
    "        return x @ self.w\n"
    "m = tf.keras.Sequential([tf.keras.Input((3,)), Penalized()])\n"
    "m.compile(optimizer='sgd', loss='mse')\n"
    "h = m.fit(X, Y, epochs=3, batch_size=4, shuffle=False, verbose=0)\n"
    "(h.history, m.get_weights(), len(m.losses))",
    FIX + DATA + "class Penalized(tf.keras.layers.Layer):\n"
    "    def call(self, x):\n"
    "        self.add_loss(tf.reduce_sum(x))\n"
    "        return x\n"
    "p = Penalized()\np(tf.ones((2, 2)))\nfirst = [float(l) for l in p.losses]\n"
    "p(tf.ones((1, 2)))\n(first, [float(l) for l in p.losses])",
    "tf.keras.layers.Layer().add_loss(1.0)",
    FIX + DATA + "class OnlyAdded(tf.keras.Model):\n"
    "    def __init__(self):\n        super().__init__()\n"
    "        self.d = tf.keras.layers.Dense(1, kernel_initializer='ones')\n"
    "    def call(self, x):\n"
    "        y = self.d(x)\n        self.add_loss(tf.reduce_mean(tf.square(y - 1.0)))\n"
    "        return y\n"
    "m = OnlyAdded()\nm.compile(optimizer='sgd')\n"
    "h = m.fit(X, Y, epochs=2, batch_size=8, verbose=0)\n(h.history, m.get_weights()[1])",
]

METRICS_AND_DATASETS = [
    CLS + "m.compile(optimizer='sgd', loss='binary_crossentropy', metrics=['mae', 'accuracy'])\n"
    "h = m.fit(X, labels, epochs=1, batch_size=4, shuffle=False, verbose=0, "
    "validation_data=(X[:4], labels[:4]))\n"
    "print(list(h.history))\nprint(list(m.evaluate(X, labels, verbose=0, return_dict=True)))",
    CLS + "m.compile(optimizer='sgd', loss='binary_crossentropy', metrics=['accuracy', 'mae'])\n"
    "h = m.fit(X, labels, epochs=2, batch_size=4, shuffle=False, verbose=0, "
    "validation_data=(X[:4], labels[:4]))\n(h.history, m.metrics_names)",
    CLS + "m.compile(optimizer='sgd', loss='binary_crossentropy', "
    "metrics=[tf.keras.metrics.AUC(name='auc'), tf.keras.metrics.Precision()])\n"
    "m.fit(X, labels, epochs=2, batch_size=4, shuffle=False, verbose=0)\n"
    "(m.evaluate(X, labels, verbose=0), m.evaluate(X, labels, verbose=0, return_dict=True))",
    CLS + "m.compile(optimizer='sgd', loss='binary_crossentropy', metrics=['accuracy'], "
    "weighted_metrics=['accuracy'])\n"
    "h = m.fit(X, labels, epochs=1, batch_size=4, shuffle=False, verbose=0, "
    "sample_weight=np.linspace(0.0, 1.0, 8).astype('float32'))\nh.history",
    CLS + "m.compile(optimizer='sgd', loss='binary_crossentropy', metrics=['accuracy'])\n"
    "(m.train_on_batch(X, labels), m.test_on_batch(X, labels, return_dict=True))",
    FIX + DATA + "y = (np.arange(8) % 3).astype('int64')\n"
    "m = fix(tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(3, activation='softmax')]))\n"
    "m.compile(optimizer='adam', loss='sparse_categorical_crossentropy', metrics=['accuracy'])\n"
    "h = m.fit(X, y, epochs=2, batch_size=4, shuffle=False, verbose=0)\nh.history",
    FIX + DATA + "y = np.eye(3, dtype='float32')[np.arange(8) % 3]\n"
    "m = fix(tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(3, activation='softmax')]))\n"
    "m.compile(optimizer='sgd', loss='categorical_crossentropy', metrics=['acc', 'mse'])\n"
    "h = m.fit(X, y, epochs=2, batch_size=4, shuffle=False, verbose=0)\nh.history",
    TWO_OUT + "m.compile(optimizer='sgd', loss=['mse', 'sparse_categorical_crossentropy'], "
    "metrics=[['mae'], ['accuracy']])\n"
    "h = m.fit(X, [Y, klass], epochs=2, batch_size=4, shuffle=False, verbose=0)\nh.history",
    TWO_OUT + "m.compile(optimizer='sgd', loss=['mse', 'sparse_categorical_crossentropy'], "
    "metrics={'kind': 'accuracy'})\n"
    "m.evaluate(X, [Y, klass], verbose=0, return_dict=True)",
    CLS + "m.compile(optimizer='sgd', loss='binary_crossentropy', metrics=['accuracy'])\n"
    "stop = tf.keras.callbacks.EarlyStopping(monitor='val_accuracy', patience=1)\n"
    "h = m.fit(X, labels, epochs=6, batch_size=4, shuffle=False, verbose=0, callbacks=[stop], "
    "validation_data=(X, labels))\n(h.epoch, stop.monitor_op.__name__)",
    REG + "m.compile(optimizer='sgd', loss='mse')\n"
    "ds = tf.data.Dataset.from_tensor_slices((X, Y)).batch(4)\n"
    "h = m.fit(ds, epochs=3, verbose=0)\n(h.history, h.params)",
    REG + "m.compile(optimizer='sgd', loss='mse')\n"
    "ds = tf.data.Dataset.from_tensor_slices((X, Y)).batch(3)\n"
    "h = m.fit(ds, epochs=2, verbose=0, validation_data=ds)\n"
    "(h.history, m.evaluate(ds, verbose=0), m.predict(ds, verbose=0).shape)",
    REG + "m.compile(optimizer='sgd', loss='mse')\n"
    "ds = tf.data.Dataset.from_tensor_slices((X, Y, np.arange(8, dtype='float32'))).batch(4)\n"
    "m.fit(ds, epochs=2, verbose=0).history",
    REG + "m.compile(optimizer='sgd', loss='mse')\n"
    "ds = tf.data.Dataset.from_tensor_slices((X, Y)).batch(4).repeat()\n"
    "h = m.fit(ds, epochs=2, steps_per_epoch=3, verbose=0)\n(h.history, h.params)",
    REG + "m.compile(optimizer='sgd', loss='mse')\n"
    "ds = tf.data.Dataset.from_tensor_slices((X, Y)).batch(4)\n"
    "m.fit(ds, Y, verbose=0)",
]

IMAGES = (
    "images = (np.arange(4 * 8 * 8, dtype='float32').reshape(4, 8, 8, 1) % 7) / 7.0\n"
    "targets = np.array([[0.0], [1.0], [0.5], [0.25]], 'float32')\n"
)
WITH_LAYERS = [
    FIX + IMAGES + "m = fix(tf.keras.Sequential([tf.keras.Input((8, 8, 1)), "
    "tf.keras.layers.Conv2D(2, 3, activation='relu'), tf.keras.layers.MaxPooling2D(), "
    "tf.keras.layers.Flatten(), tf.keras.layers.Dense(1)]))\n"
    "m.compile(optimizer='sgd', loss='mse')\n"
    "h = m.fit(images, targets, epochs=3, batch_size=2, shuffle=False, verbose=0)\n"
    "(h.history, m.get_weights()[0][:, :, 0, 0], m.get_weights()[-1])",
    FIX + IMAGES + "m = fix(tf.keras.Sequential([tf.keras.Input((8, 8, 1)), "
    "tf.keras.layers.Conv2D(2, 3, activation='relu'), tf.keras.layers.MaxPooling2D(), "
    "tf.keras.layers.Flatten(), tf.keras.layers.Dense(1)]))\nm.summary()",
    REG.replace(
        "tf.keras.layers.Dense(4, activation='tanh')",
        "tf.keras.layers.Dense(4), "
        "tf.keras.layers.BatchNormalization(), tf.keras.layers.Activation('relu')",
    )
    + "m.compile(optimizer=tf.keras.optimizers.SGD(0.05, momentum=0.9), loss='mse')\n"
    + FIT
    + ")\n(h.history, m.layers[1].moving_mean.numpy(), m.layers[1].moving_variance.numpy(), "
    "m.evaluate(X, Y, verbose=0))",
    REG.replace(
        "tf.keras.layers.Dense(4, activation='tanh')",
        "tf.keras.layers.Dense(4), "
        "tf.keras.layers.BatchNormalization(), tf.keras.layers.Dropout(0.5)",
    )
    + "m.summary()\n[v.path for v in m.non_trainable_weights]",
    FIX + DATA + "a = tf.keras.Input((3,), name='a')\nb = tf.keras.Input((2,), name='b')\n"
    "h = tf.keras.layers.Concatenate()([tf.keras.layers.Dense(3, name='da')(a), b])\n"
    "out = tf.keras.layers.Dense(1, name='out')(h)\nm = fix(tf.keras.Model([a, b], out))\n"
    "m.compile(optimizer='sgd', loss='mse')\n"
    "h = m.fit([X, X[:, :2]], Y, epochs=2, batch_size=4, shuffle=False, verbose=0)\n"
    "m.summary()\nh.history",
    FIX + DATA + "inp = tf.keras.Input((3,))\nshared = tf.keras.layers.Dense(2, name='shared')\n"
    "out = tf.keras.layers.Add()([shared(inp), shared(tf.keras.layers.Rescaling(2.0)(inp))])\n"
    "m = fix(tf.keras.Model(inp, tf.keras.layers.Dense(1)(out)))\n"
    "m.compile(optimizer='adam', loss='mae')\n"
    "h = m.fit(X, Y, epochs=2, batch_size=8, shuffle=False, verbose=0)\n(h.history, len(m.weights))",
]

ERRORS = [
    REG + "m.fit(X, Y, verbose=0)",
    REG + "m.evaluate(X, Y, verbose=0)",
    REG + "m.compile(optimizer='sgd', loss='nope')\nm.fit(X, Y, verbose=0)",
    REG + "m.compile(optimizer='sgd', loss='mse')\nm.fit(X, Y[:5], verbose=0)",
    REG + "m.compile(optimizer='sgd', loss='mse')\nm.fit(np.ones((8, 5), 'float32'), Y, verbose=0)",
    REG + "m.compile(optimizer='sgd', loss='mse')\nm.fit(X, Y, validation_split=0.01, verbose=0)",
    REG + "m.compile(optimizer='nope', loss='mse')",
    REG + "m.compile(optimizer='sgd')\nm.fit(X, Y, verbose=0)",
    REG + "m.compile(optimizer='sgd', loss='mse')\nm.train_on_batch(X, np.ones((8, 2), 'float32'))",
    FIX + DATA + "m = tf.keras.Sequential([tf.keras.layers.Dense(1)])\nm.compile('sgd', 'mse')\n"
    "(m.train_on_batch(X, Y) > 0, [v.path for v in m.weights])",
]

CASES = (
    SEQUENTIAL_FIT
    + EVALUATE_PREDICT
    + MODELS_FIT
    + CALLBACKS
    + LOSSES_ADDED
    + METRICS_AND_DATASETS
    + WITH_LAYERS
    + ERRORS
)
