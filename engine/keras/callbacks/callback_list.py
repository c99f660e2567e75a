"""keras.callbacks.CallbackList: the callbacks of a fit/evaluate/predict in Keras 3's order (the
user's callbacks, then History, then the progress bar), each hook passed on to every one."""

from .callback import HOOKS, Callback, History
from .progbar_logger import ProgbarLogger


class CallbackList(Callback):
    def __init__(self, callbacks=None, add_history=False, add_progbar=False, model=None, **params):
        super().__init__()
        self.callbacks = list(callbacks) if callbacks else []
        self._history = next((c for c in self.callbacks if isinstance(c, History)), None)
        self._progbar = next((c for c in self.callbacks if isinstance(c, ProgbarLogger)), None)
        if self._history is None and add_history:
            self._history = History()
            self.callbacks.append(self._history)
        if self._progbar is None and add_progbar:
            self._progbar = ProgbarLogger()
            self.callbacks.append(self._progbar)
        if model is not None:
            self.set_model(model)
        if params:
            self.set_params(params)

    def set_params(self, params):
        self.params = params
        for callback in self.callbacks:
            callback.set_params(params)

    def set_model(self, model):
        super().set_model(model)
        if self._history is not None:
            model.history = self._history
        for callback in self.callbacks:
            callback.set_model(model)

    def append(self, callback):
        self.callbacks.append(callback)


def _dispatch(hook):
    def run(self, *args, **kwargs):
        for callback in self.callbacks:
            getattr(callback, hook)(*args, **kwargs)

    run.__name__ = hook
    return run


for _hook in HOOKS:
    setattr(CallbackList, _hook, _dispatch(_hook))
