# numpy refuses a 9.31 GiB array under an address-space limit: "Unable to allocate 9.31 GiB for an array".
import numpy as np
from address_limit import cap_address_space

cap_address_space()
x = np.zeros((50000, 50000), dtype=np.float32)
