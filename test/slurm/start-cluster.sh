#!/usr/bin/env bash
# A two-node Slurm cluster on this machine, for headroom's Slurm tests (issue 16).
#
#   test/slurm/start-cluster.sh DIR          install (if missing), configure under DIR and start; prints
#                                            `export SLURM_CONF=DIR/etc/slurm.conf` for the client commands
#   test/slurm/start-cluster.sh --stop DIR   stop what DIR's cluster started and remove its job cgroups
#   test/slurm/start-cluster.sh --install    only install the packages (CI does this before the tests)
#
# Needs root and apt-get (Debian 12: Slurm 22.05, munge 0.5.15, MariaDB 10.11). Everything lives under
# DIR: the munge key and socket, the configs, the database, the daemons' state, spool and logs; nothing
# touches /etc/slurm, /etc/munge or /run/munge, so it runs beside a system Slurm and beside another copy
# of itself (its own ports, its own node and cluster names). Every daemon listens on 127.0.0.1 only.
#
# Two nodes (two slurmd on this host, as Debian's build allows) each offer one simulated GPU
# (File=/dev/null) cut into 100 shards and declare its size as a feature (gpumem_24GiB); memory is enforced
# per step by
# the cgroup v1 memory controller (task/cgroup, ConstrainRAMSpace); accounting goes through slurmdbd and a
# throwaway MariaDB, the only setup in which sacct reports step states (see README.md beside this file).
set -euo pipefail

log() { printf 'start-cluster: %s\n' "$*" >&2; }
die() {
  log "$*"
  exit 1
}

# A daemon whose parent has gone is reparented to PID 1, which may never reap it: a zombie counts as gone.
is_alive() {
  local state
  state=$(ps -o stat= -p "$1" 2>/dev/null) || return 1
  [ -n "$state" ] && [ "${state:0:1}" != Z ]
}

stop_cluster() {
  local dir=$1
  [ -d "$dir" ] || return 0
  # slurmd first (it ends the steps it runs), then the controller, the database daemon, MariaDB, munged.
  local name pidfile pid
  for name in slurmd-"$(cat "$dir/cluster-name" 2>/dev/null)"-{0,1} slurmctld slurmdbd mariadb munged; do
    pidfile="$dir/run/$name.pid"
    [ -f "$pidfile" ] || continue
    pid=$(cat "$pidfile")
    if [ -n "$pid" ] && is_alive "$pid"; then
      kill -TERM "$pid" 2>/dev/null || true
      for _ in $(seq 1 100); do
        is_alive "$pid" || break
        sleep 0.1
      done
      if is_alive "$pid"; then kill -KILL "$pid" 2>/dev/null || true; fi
    fi
    rm -f "$pidfile"
  done
  # Slurm names its cgroup trees slurm_<node>; slurmstepd removes a step's own, a killed slurmd may not.
  local cluster root
  cluster=$(cat "$dir/cluster-name" 2>/dev/null || true)
  if [ -n "$cluster" ]; then
    for root in /sys/fs/cgroup/*/"slurm_$cluster"-*; do
      [ -d "$root" ] && find "$root" -depth -type d -exec rmdir {} + 2>/dev/null || true
    done
  fi
}

install_packages() {
  local packages=(slurmctld slurmd slurm-client slurmdbd munge mariadb-server) missing=() package
  for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
  done
  [ ${#missing[@]} -gt 0 ] || return 0
  command -v apt-get >/dev/null || die "needs apt-get to install ${missing[*]}"
  log "installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  # Where a package's script may start its daemon (a machine with an init), it starts the system one,
  # which does not disturb this cluster: ours has its own sockets, ports and files.
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

if [ "${1:-}" = "--install" ]; then
  [ "$(id -u)" -eq 0 ] || die "needs root to install packages"
  install_packages
  exit 0
fi
if [ "${1:-}" = "--stop" ]; then
  [ $# -eq 2 ] || die "usage: $0 --stop DIR"
  stop_cluster "$2"
  exit 0
fi
[ $# -eq 1 ] || die "usage: $0 DIR  |  $0 --stop DIR  |  $0 --install"
dir=$(realpath -m "$1")

[ "$(id -u)" -eq 0 ] || die "needs root (the daemons run as root; slurmd makes the memory cgroups)"
[ -d /sys/fs/cgroup/memory ] || die "needs the cgroup v1 memory controller at /sys/fs/cgroup/memory"
install_packages

mkdir -p "$dir"/{etc,run,log,state,spool,munge,mysql}
chmod 700 "$dir/munge"
host=$(hostname -s)
# Names of its own: Slurm names its cgroup trees slurm_<node> (nodes are <cluster>-0 and <cluster>-1,
# slurmd -N), so two clusters on one machine never share one, and --stop knows which are its own.
cluster="hr$(od -An -N3 -tx1 /dev/urandom | tr -d ' \n')"
echo "$cluster" >"$dir/cluster-name"

free_port() {
  local port
  for _ in $(seq 1 50); do
    port=$((20000 + RANDOM % 40000))
    if ! ss -Htln "sport = :$port" | grep -q .; then
      echo "$port"
      return
    fi
  done
  die "no free port found"
}
ctld_port=$(free_port)
slurmd_ports=("$(free_port)" "$(free_port)")
dbd_port=$(free_port)
mysql_port=$(free_port)
munge_socket="$dir/run/munge.socket"

# Each daemon answers within seconds on a quiet machine; the bound only stops a hang. Under load it
# can take far longer: at load 39-51, beside npm test's other files, slurmdbd missed a 30 s bound.
wait_for() { # wait_for SECONDS WHAT COMMAND...
  local seconds=$1 what=$2
  shift 2
  for _ in $(seq 1 $((seconds * 10))); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 0.1
  done
  die "$what did not come up in ${seconds}s (logs in $dir/log)"
}

# --- munge: a key and a daemon of our own ---------------------------------------------------------
mungekey --create --keyfile="$dir/munge/munge.key"
chmod 600 "$dir/munge/munge.key"
munged --force --key-file="$dir/munge/munge.key" --socket="$munge_socket" \
  --pid-file="$dir/run/munged.pid" --log-file="$dir/log/munged.log" --seed-file="$dir/munge/munged.seed"

# --- MariaDB for slurmdbd: a throwaway data directory on loopback ----------------------------------
# sacct needs slurmdbd (with AccountingStorageType=accounting_storage/none it answers "Slurm accounting
# storage is disabled"), and slurmdbd stores only into MySQL or MariaDB.
mariadb-install-db --no-defaults --datadir="$dir/mysql" --user=root --auth-root-authentication-method=normal \
  --skip-test-db --skip-name-resolve >"$dir/log/mariadb-install.log" 2>&1
mariadbd --no-defaults --datadir="$dir/mysql" --socket="$dir/run/mysqld.sock" --pid-file="$dir/run/mariadb.pid" \
  --user=root --bind-address=127.0.0.1 --port="$mysql_port" --skip-name-resolve \
  --innodb-buffer-pool-size=32M --log-error="$dir/log/mariadb.log" >/dev/null 2>&1 &
wait_for 180 MariaDB mariadb --no-defaults -S "$dir/run/mysqld.sock" -uroot -e 'select 1'

# --- Slurm's configs --------------------------------------------------------------------------------
cat >"$dir/etc/slurmdbd.conf" <<CONF
AuthType=auth/munge
AuthInfo=socket=$munge_socket
DbdHost=localhost
DbdAddr=127.0.0.1
DbdPort=$dbd_port
SlurmUser=root
StorageType=accounting_storage/mysql
StorageHost=127.0.0.1
StoragePort=$mysql_port
StorageUser=root
StorageLoc=slurm_acct_$cluster
PidFile=$dir/run/slurmdbd.pid
LogFile=$dir/log/slurmdbd.log
CONF
chmod 600 "$dir/etc/slurmdbd.conf" # slurmdbd refuses a config others can read

cat >"$dir/etc/slurm.conf" <<CONF
ClusterName=$cluster
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$munge_socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool/%n
SlurmctldPidFile=$dir/run/slurmctld.pid
SlurmdPidFile=$dir/run/slurmd-%n.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd-%n.log
# Memory is enforced per step by the cgroup v1 memory controller (cgroup.conf); slurmstepd counts the
# cgroup's OOM kills, and the step ends OUT_OF_MEMORY in sacct.
ProctrackType=proctrack/cgroup
TaskPlugin=task/cgroup
JobAcctGatherType=jobacct_gather/cgroup
JobAcctGatherFrequency=1
# A simulated GPU cut into shards (gres.conf); cores and memory are consumable.
GresTypes=gpu,shard
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
# Step states come from slurmdbd. AccountingStoragePass names the munge socket slurmdbd's clients use
# (slurm.conf(5)); without it sacct and sacctmgr look for /run/munge/munge.socket.2.
AccountingStorageType=accounting_storage/slurmdbd
AccountingStorageHost=127.0.0.1
AccountingStoragePort=$dbd_port
AccountingStoragePass=$munge_socket
JobCompType=jobcomp/none
SchedulerType=sched/backfill
# A cancelled step's processes get SIGKILL this many seconds after SIGTERM (default 30): the tests wait it out.
KillWait=4
MpiDefault=none
ReturnToService=2
# Each node declares more CPUs than this machine has, so each step of a plan gets a core of its own.
SlurmdParameters=config_overrides
NodeName=$cluster-0 NodeHostname=$host NodeAddr=127.0.0.1 Port=${slurmd_ports[0]} CPUs=8 RealMemory=8192 Gres=gpu:1,shard:100 Features=gpumem_24GiB State=UNKNOWN
NodeName=$cluster-1 NodeHostname=$host NodeAddr=127.0.0.1 Port=${slurmd_ports[1]} CPUs=8 RealMemory=8192 Gres=gpu:1,shard:100 Features=gpumem_24GiB State=UNKNOWN
PartitionName=debug Nodes=$cluster-[0-1] Default=YES MaxTime=INFINITE State=UP
CONF

cat >"$dir/etc/gres.conf" <<CONF
NodeName=$cluster-[0-1] Name=gpu File=/dev/null
NodeName=$cluster-[0-1] Name=shard Count=100 File=/dev/null
CONF

cat >"$dir/etc/cgroup.conf" <<CONF
CgroupPlugin=cgroup/v1
ConstrainRAMSpace=yes
CONF

export SLURM_CONF="$dir/etc/slurm.conf"
slurmdbd
wait_for 180 slurmdbd sacctmgr -n list cluster
sacctmgr -i add cluster "$cluster" >/dev/null
slurmctld -i
slurmd -N "$cluster-0"
slurmd -N "$cluster-1"
idle() { [ "$(sinfo -h -N -o %T | grep -c '^idle')" -eq 2 ]; }
wait_for 180 "the nodes" idle
echo "export SLURM_CONF=$SLURM_CONF"
