#!/bin/bash
# A stand-in for srun, for testing a batch script's own logic without Slurm: it skips srun's options,
# appends the command's output to --output (as --open-mode=append does), and exits with its code.
output=/dev/stdout
while [ $# -gt 0 ]; do
  case $1 in
    --output=*) output=${1#--output=} ;;
    --*) ;;
    *) break ;;
  esac
  shift
done
"$@" >>"$output" 2>&1
