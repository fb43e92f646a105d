// The bash functions every headroom batch script carries, and the reader of the lines they print
// in the job's output (`headroom: start learner attempt 0`, ...): one module, so writer and reader
// agree. The batch script coordinates its steps itself (start order, readiness, restarts), so a
// script printed by `headroom slurm script` works without headroom watching it.

/** The prefix of every line the helpers print. */
export const markerPrefix = 'headroom:';

/** The helper functions, as bash. */
export const scriptPrelude = `# --- headroom's helpers ---------------------------------------------------------------------
headroom_state=$(mktemp -d)
trap 'rm -rf "$headroom_state"' EXIT
headroom_pids=()

# headroom_step NAME POLICY MAX_RESTARTS DELAYS SRUN_OPTIONS...: runs one step with srun, its output
# appended to $headroom_logs/NAME.log; starts it again as the restart policy says (no, on-failure,
# always), after DELAYS seconds (one per restart, the last repeating).
headroom_step() {
  local name=$1 policy=$2 max=$3 attempt=0 code delay delays
  read -ra delays <<<"$4"
  shift 4
  while :; do
    echo "${markerPrefix} start $name attempt $attempt"
    srun --job-name="$name" --output="$headroom_logs/$name.log" --open-mode=append "$@"
    code=$?
    echo "${markerPrefix} end $name attempt $attempt exit $code"
    if [ "$policy" = no ] || [ "$attempt" -ge "$max" ] || { [ "$policy" = on-failure ] && [ "$code" -eq 0 ]; }; then
      return "$code"
    fi
    attempt=$((attempt + 1))
    delay=\${delays[$((attempt - 1))]:-\${delays[-1]}}
    echo "${markerPrefix} restart $name attempt $attempt in \${delay}s"
    sleep "$delay"
  done
}

# headroom_start NAME DEPENDENCIES READY FUNCTION: runs FUNCTION in the background once each dependency
# is ready. A step with a READY pattern is ready when a line of its log matches it (grep -P, close to
# the JavaScript regular expressions headroom checks); one without is ready once started.
headroom_start() {
  local name=$1 dependencies=$2 ready=$3 run=$4
  (
    for dependency in $dependencies; do
      until [ -e "$headroom_state/$dependency.ready" ]; do
        if [ -e "$headroom_state/$dependency.ended" ]; then
          echo "${markerPrefix} not-started $name: $dependency ended before it was ready"
          touch "$headroom_state/$name.ended"
          exit 1
        fi
        sleep 0.5
      done
    done
    "$run" &
    local pid=$! code
    if [ -n "$ready" ]; then
      until LC_ALL=C grep -qP -- "$ready" "$headroom_logs/$name.log" 2>/dev/null; do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.5
      done
      LC_ALL=C grep -qP -- "$ready" "$headroom_logs/$name.log" 2>/dev/null &&
        echo "${markerPrefix} ready $name" && touch "$headroom_state/$name.ready"
    else
      touch "$headroom_state/$name.ready"
    fi
    wait "$pid"
    code=$?
    touch "$headroom_state/$name.ended"
    exit "$code"
  ) &
  headroom_pids+=($!)
}

# headroom_wait_all: waits for every step; the job's exit code is the first failing step's.
headroom_wait_all() {
  local status=0 code pid
  for pid in "\${headroom_pids[@]}"; do
    wait "$pid"
    code=$?
    if [ "$status" -eq 0 ] && [ "$code" -ne 0 ]; then status=$code; fi
  done
  exit "$status"
}
`;

/** One line the helpers printed. */
export type Marker =
  | { kind: 'start'; name: string; attempt: number }
  | { kind: 'end'; name: string; attempt: number; exitCode: number }
  | { kind: 'restart'; name: string; attempt: number; delaySeconds: number }
  | { kind: 'ready'; name: string }
  | { kind: 'not-started'; name: string; because: string };

const patterns: [RegExp, (m: RegExpExecArray) => Marker][] = [
  [/^start (\S+) attempt (\d+)$/, (m) => ({ kind: 'start', name: m[1] ?? '', attempt: Number(m[2]) })],
  [
    /^end (\S+) attempt (\d+) exit (\d+)$/,
    (m) => ({ kind: 'end', name: m[1] ?? '', attempt: Number(m[2]), exitCode: Number(m[3]) }),
  ],
  [
    /^restart (\S+) attempt (\d+) in (\d+)s$/,
    (m) => ({ kind: 'restart', name: m[1] ?? '', attempt: Number(m[2]), delaySeconds: Number(m[3]) }),
  ],
  [/^ready (\S+)$/, (m) => ({ kind: 'ready', name: m[1] ?? '' })],
  [/^not-started (\S+): (.*)$/, (m) => ({ kind: 'not-started', name: m[1] ?? '', because: m[2] ?? '' })],
];

/** The marker a line of the job's output carries, if any. */
export function parseMarker(line: string): Marker | undefined {
  if (!line.startsWith(`${markerPrefix} `)) return undefined;
  const rest = line.slice(markerPrefix.length + 1).trimEnd();
  for (const [pattern, build] of patterns) {
    const match = pattern.exec(rest);
    if (match) return build(match);
  }
  return undefined;
}
