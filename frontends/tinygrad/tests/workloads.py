"""The models of issue 14, small and with random weights, as workloads that
the model test (test_models.py) and the frontend benchmark
(bench/frontend/models.py) share: each is built from a numpy seed, so two
builds hold the same weights, and says which tensors one step realizes and
which of them to compare.

The models are tinygrad's own, imported from its source snapshot (found
by tinygrad_path.py: $TINYGRAD_PATH, else ../shared/tinygrad beside the
checkout; nothing is downloaded):

  gpt2      examples/gpt2.py's Transformer (2 layers, dim 64, 2 heads,
            vocab 128), the logits of an 8-token prompt, its blocks called
            as examples/gpt2.py's forward calls them (which writes the kv
            cache with an assign and a realize of its own);
  resnet18  extra/models/resnet.py's ResNet18, eval mode, 1x3x64x64;
  mnist     one training step of examples/beautiful_mnist.py's Model:
            forward, sparse categorical cross-entropy, backward and an Adam
            update (batch 4, a fixed batch instead of randint sampling, so
            both runs see the same samples).

A workload's `step()` builds the lazy tensors of one step and returns
those to realize; `compared()` the tensors whose values the two runs must
agree on (for training: the loss and, after the step, every parameter,
buffer and optimizer moment).
"""

import sys
import types

import numpy as np

import tinygrad_path


def tinygrad_missing():
    """Why tinygrad cannot be imported, or None when it can."""
    return tinygrad_path.REASON


def import_tinygrad():
    """tinygrad from the snapshot tinygrad_path found (on sys.path)."""
    if tinygrad_path.TINYGRAD is None:
        raise ImportError(tinygrad_path.REASON)
    import tinygrad
    return tinygrad


def _import_gpt2():
    """examples/gpt2.py imports extra/bench_log.py only for GPT2.build's
    timing events; the snapshot leaves extra/bench_log.py out. An empty
    stand-in module lets the Transformer import, and is never called."""
    import_tinygrad()
    if "extra.bench_log" not in sys.modules:
        try:
            import extra.bench_log  # noqa: F401
        except ImportError:
            stand_in = types.ModuleType("extra.bench_log")
            stand_in.BenchEvent = stand_in.WallTimeEvent = None
            sys.modules["extra.bench_log"] = stand_in
    import examples.gpt2 as gpt2
    return gpt2


def random_state(model, seed):
    """Replaces every tensor of `model`'s state dict by seeded numpy values
    (realized by tinygrad): weights uniform with fan-in scaling, norm scales
    near 1, biases and running means near 0, running variances in
    [0.5, 1.5], so eval-mode batch norms are not the identity."""
    from tinygrad import Tensor, dtypes
    from tinygrad.nn.state import get_state_dict
    rng = np.random.default_rng(seed)
    replaced = []
    for name, tensor in get_state_dict(model).items():
        shape = tensor.shape
        if not dtypes.is_float(tensor.dtype):
            continue  # num_batches_tracked: a counter, stays 0
        if name.endswith("running_var"):
            values = rng.uniform(0.5, 1.5, shape)
        elif name.endswith("running_mean") or name.endswith("bias"):
            values = rng.uniform(-0.1, 0.1, shape)
        elif len(shape) == 1:
            values = rng.uniform(0.8, 1.2, shape)
        else:
            fan_in = int(np.prod(shape[1:]))
            bound = np.sqrt((6.0 if len(shape) == 4 else 3.0) / fan_in)
            values = rng.uniform(-bound, bound, shape)
        tensor.replace(Tensor(values.astype(np.float32), device=tensor.device)
                       .cast(tensor.dtype))
        replaced.append(tensor)
    Tensor.realize(*replaced)


class GPT2:
    name = "gpt2"
    dim, heads, layers, vocab, seq = 64, 2, 2, 128, 8

    def __init__(self, seed=0):
        from tinygrad import Tensor
        gpt2 = _import_gpt2()
        self.model = gpt2.Transformer(dim=self.dim, n_heads=self.heads,
                                      n_layers=self.layers, norm_eps=1e-5,
                                      vocab_size=self.vocab,
                                      max_seq_len=self.seq)
        random_state(self.model, seed)
        rng = np.random.default_rng(seed + 1)
        self.tokens = Tensor(rng.integers(0, self.vocab, (1, self.seq))
                             .astype(np.int32)).realize()
        self.positions = Tensor(np.arange(self.seq, dtype=np.int32)
                                .reshape(1, -1)).realize()
        self.logits = None

    def step(self):
        """The logits of the prompt at start_pos 0: the model's embeddings,
        blocks (each writes its kv cache), final norm and head, called as
        Transformer.forward calls them (forward itself returns only the
        argmax token)."""
        from tinygrad import Tensor
        model = self.model
        h = model.wte(self.tokens) + model.wpe(self.positions)
        mask = Tensor.full((1, 1, self.seq, self.seq), float("-inf"),
                           dtype=h.dtype).triu(1)
        for block in model.h:
            h = block(h, 0, mask)
        self.logits = model.lm_head(model.ln_f(h))
        return [self.logits]

    def compared(self):
        return {"logits": self.logits}

    def check(self, result, reference):
        return [check_normwise("logits", result["logits"],
                               reference["logits"], FORWARD_RTOL)]


class ResNet18:
    name = "resnet18"
    shape = (1, 3, 64, 64)

    def __init__(self, seed=0):
        from tinygrad import Tensor
        import_tinygrad()
        from extra.models.resnet import ResNet18 as build
        self.model = build()
        random_state(self.model, seed)
        rng = np.random.default_rng(seed + 1)
        self.x = Tensor(rng.standard_normal(self.shape)
                        .astype(np.float32)).realize()
        self.out = None

    def step(self):
        self.out = self.model(self.x)
        return [self.out]

    def compared(self):
        return {"logits": self.out}

    def check(self, result, reference):
        return [check_normwise("logits", result["logits"],
                               reference["logits"], FORWARD_RTOL)]


class MnistTrainStep:
    name = "mnist"
    batch = 4

    def __init__(self, seed=0):
        from tinygrad import Tensor, nn
        import_tinygrad()
        from examples.beautiful_mnist import Model
        self.model = Model()
        random_state(self.model, seed)
        self.optimizer = nn.optim.Adam(nn.state.get_parameters(self.model))
        rng = np.random.default_rng(seed + 1)
        self.x = Tensor(rng.standard_normal((self.batch, 1, 28, 28))
                        .astype(np.float32)).realize()
        self.y = Tensor(rng.integers(0, 10, (self.batch,))
                        .astype(np.int32)).realize()
        self.loss = None

    def step(self):
        """beautiful_mnist's train_step on a fixed batch: zero_grad, the
        loss's backward, and the optimizer's scheduled update, in training
        mode."""
        from tinygrad import Context
        with Context(TRAINING=1):
            self.optimizer.zero_grad()
            self.loss = (self.model(self.x)
                         .sparse_categorical_crossentropy(self.y).backward())
            return [self.loss, *self.optimizer.schedule_step()]

    def compared(self):
        """The loss and the whole state after the step: parameters, batch
        norm running statistics and counters, Adam's moments and step
        powers."""
        from tinygrad.nn.state import get_state_dict
        result = {"loss": self.loss}
        for name, tensor in get_state_dict(self.model).items():
            result[name] = tensor
        for i, (m, v) in enumerate(zip(self.optimizer.m, self.optimizer.v)):
            result["adam.m.%d" % i], result["adam.v.%d" % i] = m, v
        result["adam.b1_t"] = self.optimizer.b1_t
        result["adam.b2_t"] = self.optimizer.b2_t
        return result

    def check(self, result, reference):
        """The loss, gradients (Adam's first moments), squared gradients
        and batch-norm statistics within TRAIN_RTOL of their largest value
        (per tensor); counters exact; each parameter within the bound
        adam_update_bound gives (one Adam step from zero moments)."""
        from tinygrad.nn.state import get_state_dict
        rows = [check_normwise("loss", result["loss"], reference["loss"],
                               FORWARD_RTOL)]
        names = {id(t): name for name, t in
                 get_state_dict(self.model).items()}
        opt = self.optimizer
        lr = float(opt.lr.numpy().reshape(-1)[0])
        moments = {}
        for i, param in enumerate(opt.params):
            moments[names[id(param)]] = i
        for name in names.values():
            got, ref = result[name], reference[name]
            if name in moments:
                i = moments[name]
                gradient = reference["adam.m.%d" % i] / (1 - opt.b1)
                rows.append(check_adam_parameter(
                    name, got, ref, gradient, lr, opt.eps, TRAIN_RTOL))
            elif np.issubdtype(ref.dtype, np.integer):
                rows.append(check_normwise(name, got, ref, 0.0))
            else:
                rows.append(check_normwise(name, got, ref, TRAIN_RTOL))
        for key in reference:
            if key.startswith("adam."):
                exact = key in ("adam.b1_t", "adam.b2_t")
                rows.append(check_normwise(
                    key, result[key], reference[key],
                    FORWARD_RTOL if exact else TRAIN_RTOL))
        return rows


WORKLOADS = {w.name: w for w in (GPT2, ResNet18, MnistTrainStep)}

# Tolerances, as error over the largest magnitude of the reference tensor.
# tiny and tinygrad sum in different orders (tiling, vectorization, the
# order of a reduce's axes) and use their own exp2/log2/sqrt code, so
# float32 results differ by rounding: one dot product of length K is off by
# up to about K * 2^-24 relative to the sum of its terms' magnitudes.
# tinygrad's own CPU backends (CLANG against LLVM) differ by 1e-6 on these
# forward passes (measured: gpt2 5e-7, resnet18 1e-6) and by up to 5.5e-5
# on the gradients of the training step (its batch norm's backward over a
# batch of 4 cancels: large terms, small sums). The bounds leave 100x and
# 20x of room over those figures; a wrong op, index or missing store is off
# by O(1).
FORWARD_RTOL = 1e-4
TRAIN_RTOL = 1e-3


def check_normwise(name, got, ref, rtol):
    """A row (name, max abs error, max abs error / max |ref|, tolerance,
    ok) for `got` against `ref` within rtol * max |ref|."""
    got64, ref64 = np.asarray(got, np.float64), np.asarray(ref, np.float64)
    if got64.shape != ref64.shape:
        return (name, float("inf"), float("inf"), rtol, False)
    if not np.isfinite(got64).all() and np.isfinite(ref64).all():
        return (name, float("inf"), float("inf"), rtol, False)
    diff = float(np.max(np.abs(got64 - ref64))) if ref64.size else 0.0
    scale = float(np.max(np.abs(ref64))) if ref64.size else 0.0
    rel = diff / scale if scale else diff
    return (name, diff, rel, rtol, diff <= rtol * scale)


def adam_update_bound(gradient, lr, eps, rtol):
    """How far apart two correct parameters may be after one Adam step from
    zero moments, per element. That step moves a parameter by
    lr * g / (|g| + eps) (m_hat = g, v_hat = g^2). With g known within
    d = rtol * max|g|, the move is known within
    lr * eps * d / (|g| - d + eps)^2 where |g| > d, and only within 2 lr
    (its sign) where |g| <= d: an element whose gradient is rounding noise
    may move either way. 1e-6 covers the rounding of the parameter."""
    g = np.abs(np.asarray(gradient, np.float64))
    d = rtol * float(g.max()) if g.size else 0.0
    gap = np.maximum(g - d, 0.0) + eps
    return 1e-6 + lr * np.minimum(2.0, eps * d / gap ** 2)


def check_adam_parameter(name, got, ref, gradient, lr, eps, rtol):
    """A row for a parameter after one Adam step: every element within
    adam_update_bound; the tolerance column counts the elements whose
    gradient is rounding noise (bound over lr)."""
    got64, ref64 = np.asarray(got, np.float64), np.asarray(ref, np.float64)
    diff = np.abs(got64 - ref64)
    bound = adam_update_bound(gradient, lr, eps, rtol)
    scale = float(np.max(np.abs(ref64))) if ref64.size else 0.0
    worst = float(diff.max()) if diff.size else 0.0
    ok = bool(np.isfinite(got64).all() and (diff <= bound).all())
    noise = int(np.count_nonzero(bound > lr))
    return (name, worst, worst / scale if scale else worst,
            "1e-6, 2lr on %d" % noise, ok)


def values(workload):
    """The compared tensors of a workload as numpy arrays (name -> array)."""
    return {name: tensor.numpy() for name, tensor in
            workload.compared().items()}


def summary(rows):
    """(max abs error, max normwise relative error, all ok) over check
    rows."""
    return (max(r[1] for r in rows), max(r[2] for r in rows),
            all(r[4] for r in rows))
