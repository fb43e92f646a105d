# PyTorch's CPU allocator refuses a 4 GiB tensor under an address-space limit:
# "DefaultCPUAllocator: can't allocate memory".
import torch
from address_limit import cap_address_space

cap_address_space()
x = torch.empty(4 * 1024**3, dtype=torch.uint8)
