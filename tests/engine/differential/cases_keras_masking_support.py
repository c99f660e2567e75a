"""Which Keras layers pass a mask through (supports_masking), as Keras 3 sets it: a layer that
does not warns that it destroys the mask, so a wrong flag is a false warning or a lost mask."""

L = "L = tf.keras.layers\n"

CASES = [
    L + "[L.Activation('relu').supports_masking, L.Dropout(0.5).supports_masking, "
    "L.Flatten().supports_masking, L.Reshape((2,)).supports_masking, L.Dense(1).supports_masking]",
    L + "[L.Conv1D(1, 1).supports_masking, L.Conv2D(1, 1).supports_masking, "
    "L.MaxPooling2D().supports_masking, L.AveragePooling1D(2).supports_masking]",
    L
    + "[L.GlobalAveragePooling1D().supports_masking, L.GlobalAveragePooling2D().supports_masking, "
    "L.GlobalMaxPooling1D().supports_masking, L.UpSampling2D().supports_masking]",
    L + "[L.BatchNormalization().supports_masking, L.LayerNormalization().supports_masking, "
    "L.GroupNormalization(1).supports_masking]",
    L + "[c().supports_masking for c in (L.Add, L.Subtract, L.Multiply, L.Average, L.Maximum, "
    "L.Minimum, L.Concatenate)]",
    L + "[c().supports_masking for c in (L.LeakyReLU, L.ReLU, L.ELU, L.PReLU, L.Softmax)]",
    L + "[L.Rescaling(1.0).supports_masking, L.Normalization().supports_masking, "
    "L.CategoryEncoding(2).supports_masking]",
]
