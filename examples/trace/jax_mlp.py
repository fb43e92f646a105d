"""A JAX train step (an MLP classifier with Adam written in jax.numpy) for `estimate --trace`:

    headroom estimate --framework jax --params 1.2M --batch-size 256 --trace --trace-module jax_mlp:build

build() returns the step and its arguments as shapes (jax.eval_shape: nothing is allocated); a step
of plain arrays can be given as `--trace-module jax_mlp:predict_step --trace-input x=256,784:float32`.
"""

import jax
import jax.numpy as jnp

SIZES = (784, 1024, 512, 10)


def init(key):
    params = []
    for fan_in, fan_out in zip(SIZES[:-1], SIZES[1:]):
        key, sub = jax.random.split(key)
        params.append({"w": jax.random.normal(sub, (fan_in, fan_out)) / fan_in**0.5, "b": jnp.zeros(fan_out)})
    zeros = jax.tree.map(jnp.zeros_like, params)
    return params, {"m": zeros, "v": zeros, "t": jnp.zeros((), jnp.int32)}


def logits_of(params, x):
    for layer in params[:-1]:
        x = jax.nn.relu(x @ layer["w"] + layer["b"])
    return x @ params[-1]["w"] + params[-1]["b"]


def loss_of(params, x, labels):
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits_of(params, x)), labels[:, None], axis=1))


def train_step(params, opt, x, labels, lr=1e-3, b1=0.9, b2=0.999, eps=1e-8):
    loss, grads = jax.value_and_grad(loss_of)(params, x, labels)
    t = opt["t"] + 1
    m = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, opt["m"], grads)
    v = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g * g, opt["v"], grads)
    step = lr * jnp.sqrt(1 - b2**t) / (1 - b1**t)
    params = jax.tree.map(lambda p, m, v: p - step * m / (jnp.sqrt(v) + eps), params, m, v)
    return params, {"m": m, "v": v, "t": t}, loss


def sgd_step(w1, w2, x, labels, lr=1e-2):
    """A step of flat arrays, for --trace-input: a two-layer MLP trained by plain SGD."""

    def loss(w1, w2):
        logits = jax.nn.relu(x @ w1) @ w2
        return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], axis=1))

    value, (g1, g2) = jax.value_and_grad(loss, argnums=(0, 1))(w1, w2)
    return w1 - lr * g1, w2 - lr * g2, value


def build(batch=256):
    params, opt = jax.eval_shape(init, jax.random.PRNGKey(0))
    x = jax.ShapeDtypeStruct((batch, SIZES[0]), jnp.float32)
    labels = jax.ShapeDtypeStruct((batch,), jnp.int32)
    return {"step": train_step, "args": (params, opt, x, labels)}
