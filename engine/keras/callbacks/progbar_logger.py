"""keras.callbacks.ProgbarLogger and Keras's Progbar: the lines fit/evaluate/predict print
with verbose=1 (a bar redrawn in place) and verbose=2 (one line per epoch:
"4/4 - 0s - 5ms/step - loss: 0.1234")."""

import math
import os
import sys
import time

import numpy as np

from .callback import Callback


def print_msg(message, line_break=True):
    sys.stdout.write(message + ("\n" if line_break else ""))
    sys.stdout.flush()


class Progbar:
    def __init__(self, target, width=20, verbose=1, interval=0.05, unit_name="step"):
        self.target = target
        self.width = width
        self.verbose = verbose
        self.interval = interval
        self.unit_name = unit_name
        self._dynamic_display = (  # as Keras decides: on any POSIX system, in place
            (hasattr(sys.stdout, "isatty") and sys.stdout.isatty())
            or "ipykernel" in sys.modules
            or "posix" in sys.modules
            or "PYCHARM_HOSTED" in os.environ
        )
        self._seen_so_far = 0
        self._values = {}
        self._values_order = []
        self._start = time.time()
        self._last_update = 0.0
        self._time_after_first_step = None
        self._prev_total_width = 0

    def update(self, current, values=None, finalize=None):
        if finalize is None:
            finalize = self.target is not None and current >= self.target
        for key, value in values or []:
            if key not in self._values_order:
                self._values_order.append(key)
            self._values[key] = [value, 1]  # stateful: shown as given
        self._seen_so_far = current
        now = time.time()
        time_per_unit = self._step_duration(current, now)
        if self.verbose == 1:
            self._update_bar(current, finalize, now, time_per_unit)
        elif self.verbose == 2 and finalize and self.target:
            digits = int(math.log10(self.target)) + 1
            info = f"{current:{digits}d}/{self.target}"
            info += f" - {now - self._start:.0f}s -{_format_time(time_per_unit, self.unit_name)}"
            info += self._metrics_text(lambda avg: avg > 1e-3)
            print_msg(info + "\n", line_break=False)
        self._last_update = now

    def _update_bar(self, current, finalize, now, time_per_unit):
        if now - self._last_update < self.interval and not finalize:
            return
        message = "\b" * self._prev_total_width + "\r" if self._dynamic_display else "\n"
        special = 0
        if self.target:
            digits = int(math.log10(self.target)) + 1
            bar = f"\x1b[1m{current:{digits}d}/{self.target}\x1b[0m "
            special += 8
            done = int(self.width * float(current) / self.target)
            if done > 0:
                bar += f"\33[32m{'━' * done}\x1b[0m"
                special += 9
            bar += f"\33[37m{'━' * (self.width - done)}\x1b[0m"
            special += 9
        else:
            bar = f"{current:7d}/Unknown"
        message += bar
        if self.target and not finalize:
            eta = time_per_unit * (self.target - current)
            if eta > 3600:
                eta_text = f"{int(eta // 3600)}:{int(eta % 3600 // 60):02d}:{int(eta % 60):02d}"
            elif eta > 60:
                eta_text = f"{int(eta // 60)}:{int(eta % 60):02d}"
            else:
                eta_text = f"{int(eta)}s"
            info = f" \x1b[1m{eta_text}\x1b[0m"
        else:
            info = f" \x1b[1m{now - self._start:.0f}s\x1b[0m"
        special += 8
        info += _format_time(time_per_unit, self.unit_name)
        info += self._metrics_text(lambda avg: abs(avg) > 1e-3)
        message += info
        total_width = len(bar) + len(info) - special
        if self._prev_total_width > total_width:
            message += " " * (self._prev_total_width - total_width)
        if finalize:
            message += "\n"
        print_msg(message, line_break=False)
        self._prev_total_width = total_width

    def _metrics_text(self, fixed_point):
        text = ""
        for key in self._values_order:
            value, count = self._values[key]
            if not isinstance(value, float):
                value = np.mean(value)
            avg = value / max(1, count)
            text += f" - {key}: {avg:.4f}" if fixed_point(avg) else f" - {key}: {avg:.4e}"
        return text

    def _step_duration(self, current, now):
        if not current:
            return 0
        if self._time_after_first_step is not None and current > 1:
            duration = (now - self._time_after_first_step) / (current - 1)
        else:
            duration = (now - self._start) / current
        if current == 1:
            self._time_after_first_step = now
        return duration


def _format_time(time_per_unit, unit_name):
    if time_per_unit >= 1 or time_per_unit == 0:
        return f" {time_per_unit:.0f}s/{unit_name}"
    if time_per_unit >= 1e-3:
        return f" {time_per_unit * 1000.0:.0f}ms/{unit_name}"
    return f" {time_per_unit * 1000000.0:.0f}us/{unit_name}"


class ProgbarLogger(Callback):
    def __init__(self):
        super().__init__()
        self.seen = 0
        self.progbar: Progbar | None = None
        self.target = None
        self.verbose = 1
        self.epochs = 1
        self._called_in_fit = False

    def set_params(self, params):
        verbose = params["verbose"]
        self.verbose = 1 if verbose == "auto" else verbose
        self.epochs = params["epochs"]
        self.target = params["steps"]

    def on_train_begin(self, logs=None):
        self._called_in_fit = True

    def on_test_begin(self, logs=None):
        if not self._called_in_fit:
            self._reset()

    def on_predict_begin(self, logs=None):
        self._reset()

    def on_epoch_begin(self, epoch, logs=None):
        self._reset()
        if self.verbose and self.epochs > 1:
            print_msg(f"Epoch {epoch + 1}/{self.epochs}")

    def on_train_batch_end(self, batch, logs=None):
        self._update(batch, logs)

    def on_test_batch_end(self, batch, logs=None):
        if not self._called_in_fit:
            self._update(batch, logs)

    def on_predict_batch_end(self, batch, logs=None):
        self._update(batch, None)

    def on_epoch_end(self, epoch, logs=None):
        self._finalize(logs)

    def on_test_end(self, logs=None):
        if not self._called_in_fit:
            self._finalize(logs)

    def on_predict_end(self, logs=None):
        self._finalize(logs)

    def _reset(self):
        self.seen = 0
        self.progbar = Progbar(target=self.target, verbose=self.verbose)
        return self.progbar

    def _update(self, batch, logs):
        progbar = self.progbar or self._reset()
        self.seen = batch + 1
        if self.verbose == 1:
            progbar.update(self.seen, list((logs or {}).items()), finalize=False)

    def _finalize(self, logs):
        progbar = self.progbar or self._reset()
        if self.target is None:
            self.target = self.seen
            progbar.target = self.target
        progbar.update(self.target, list((logs or {}).items()), finalize=True)
