"""`python -m headroom_ray --spec SPEC.json [--events]`: run a RayLaunchSpec on a Ray cluster."""
from .driver import main

main()
