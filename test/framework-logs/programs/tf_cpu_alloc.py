# TensorFlow on the CPU runs out of host memory for a 13.41 GiB tensor: "OOM when allocating tensor ...
# on /job:localhost/replica:0/task:0/device:CPU:0 by allocator mklcpu".
import tensorflow as tf
from address_limit import cap_address_space

tf.zeros((2, 2))
cap_address_space()
x = tf.zeros((60000, 60000), tf.float32)
print(float(tf.reduce_sum(x)))
