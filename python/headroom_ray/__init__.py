"""headroom's Ray driver and actors (`headroom run --on ray`, `headroom ray script`)."""
