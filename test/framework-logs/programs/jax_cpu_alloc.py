# JAX on the CPU backend runs out of host memory for a 13.41 GiB array: RESOURCE_EXHAUSTED, no device named.
import jax
import jax.numpy as jnp
from address_limit import cap_address_space

jnp.ones(4).block_until_ready()
cap_address_space()
x = jnp.ones((60000, 60000), jnp.float32).block_until_ready()
