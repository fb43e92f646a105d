# Plain Python grows a list of buffers until the address-space limit: MemoryError with no message.
from address_limit import cap_address_space

cap_address_space()
data = []
while True:
    data.append(bytearray(64 * 1024**2))
