"""keras.optimizers.AdamW: Adam with decoupled weight decay (weight_decay defaults to 0.004;
the base optimizer applies it before each update: w -= w * weight_decay * lr)."""

from .adam import Adam


class AdamW(Adam):
    def __init__(
        self,
        learning_rate=0.001,
        weight_decay=0.004,
        beta_1=0.9,
        beta_2=0.999,
        epsilon=1e-7,
        amsgrad=False,
        **kwargs,
    ):
        super().__init__(
            learning_rate=learning_rate,
            beta_1=beta_1,
            beta_2=beta_2,
            epsilon=epsilon,
            amsgrad=amsgrad,
            weight_decay=weight_decay,
            **kwargs,
        )
        if self.weight_decay is None:
            raise ValueError("Argument `weight_decay` must be a float. Received: weight_decay=None")
