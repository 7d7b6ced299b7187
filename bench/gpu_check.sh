#!/usr/bin/env bash
# One prepared check of deepsink on an NVIDIA GPU, inside a time budget (default 480 s):
#   1. a fresh virtualenv with deepsink[cuda,test] and PyTorch (its CUDA build from PyPI);
#   2. the device (nvidia-smi, jax.devices(), torch.cuda);
#   3. pytest -m gpu (tests/gpu);
#   4. the README's main job (examples/lenet_mnist_sink.py): accuracy and time;
#   5. loop-sink host overhead per step (bench/bench_host_overhead.py);
#   6. the LeNet job against PyTorch eager, torch.compile and mode="reduce-overhead";
#   7. ResNet-18/CIFAR against the same PyTorch peers;
#   8. a JPEG pipeline feeding sunk training, with ms.TimeBreakdown (is the device starved?);
#   9. peak GPU memory per stage.
# Every stage has its own time box; results (JSON, the device named), logs and a summary table
# (summary.md, summary.json) go to one folder, to be committed under bench/results/.
#
# usage: bench/gpu_check.sh [--quick] [--budget SECONDS] [--no-venv] [--dry-run]
#                           [--stages NAME,...] [OUT_DIR]
#   OUT_DIR    the output folder: $OUT when set, else this argument, else
#              bench/results/gpu_check_<date>
#   --quick    the short runs (always so without a GPU: the GPU-only stages print
#              "skipped: no GPU" and the rest run on the CPU in about a minute)
#   --budget   seconds for everything, install included (default 480)
#   --no-venv  use this python (or $PYTHON) instead of installing a fresh virtualenv
#   --dry-run  print and record the plan, run nothing
#   --stages   run only these stages ("device,lenet,resnet"; names as in summary.md), e.g. the
#              ones a first run had no time for, in a second run that reuses its virtualenv:
#              GPU_CHECK_VENV=DIR keeps the virtualenv there, and an existing one is reused
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
QUICK=0 NO_VENV=0 DRY=0 BUDGET=480 OUT_ARG="" STAGES=""
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) QUICK=1 ;;
    --no-venv) NO_VENV=1 ;;
    --dry-run) DRY=1 ;;
    --budget) [ $# -ge 2 ] || { echo "gpu_check.sh: --budget needs a value" >&2; exit 2; }
              BUDGET="$2"; shift ;;
    --budget=*) BUDGET="${1#*=}" ;;
    --stages) [ $# -ge 2 ] || { echo "gpu_check.sh: --stages needs a value" >&2; exit 2; }
              STAGES="$2"; shift ;;
    --stages=*) STAGES="${1#*=}" ;;
    -h|--help) sed -n '2,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "gpu_check.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *) if [ -n "$OUT_ARG" ]; then
         echo "gpu_check.sh: one output folder expected, got '$OUT_ARG' and '$1'" >&2; exit 2
       fi
       OUT_ARG="$1" ;;
  esac
  shift
done
if ! [[ "$BUDGET" =~ ^[0-9]+$ ]] || [ "$BUDGET" -lt 60 ]; then
  echo "gpu_check.sh: --budget must be a whole number of seconds >= 60, got '$BUDGET'" >&2
  exit 2
fi
BUDGET=$((10#$BUDGET))  # "0480" is 480 seconds, not octal
START=$(date +%s)
DEADLINE=$((START + BUDGET))
OUT_DIR="${OUT:-${OUT_ARG:-$ROOT/bench/results/gpu_check_$(date -u +%Y%m%d_%H%M)}}"
mkdir -p "$OUT_DIR/logs" || exit 2
OUT_DIR="$(cd "$OUT_DIR" && pwd)"
PY="${PYTHON:-python3}"

has_gpu() { command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L 2>/dev/null | grep -q '^GPU '; }

# a python >= 3.11 for the virtualenv (deepsink's floor)
base_python() {
  for p in python3.13 python3.12 python3.11 python3; do
    if command -v "$p" >/dev/null 2>&1 &&
       "$p" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
      echo "$p"; return 0
    fi
  done
  return 1
}

INSTALL=(skipped 0 "no GPU (runs with $PY)")
VENV="${GPU_CHECK_VENV:-}"
if has_gpu && [ "$NO_VENV" = 0 ] && [ "$DRY" = 0 ] && [ -n "$VENV" ] && [ -x "$VENV/bin/python" ]; then
  PY="$VENV/bin/python"
  INSTALL=(reused 0 "the virtualenv $VENV")
elif has_gpu && [ "$NO_VENV" = 0 ] && [ "$DRY" = 0 ]; then
  VENV="${VENV:-$(mktemp -d)/venv}"
  LOG="$OUT_DIR/logs/install.log"
  BOX=$(( BUDGET / 2 < 240 ? BUDGET / 2 : 240 ))  # the install may take at most half the budget
  BASE="$(base_python)" || { echo "gpu_check.sh: no python >= 3.11 found" >&2; BASE=python3; }
  echo "== install: fresh virtualenv $VENV ($BASE): deepsink[cuda,test] and torch (time box $BOX s)"
  T0=$(date +%s)
  # uv resolves and downloads in parallel (one small wheel from PyPI); pip is the fallback. If
  # torch and jax[cuda12] cannot share one environment, deepsink is installed alone (the torch
  # peers are then reported as skipped).
  timeout -k 5 "$BOX" bash -c '
    set -e
    "$3" -m venv "$1"
    PY="$1/bin/python" UV="$1/bin/uv"
    "$PY" -m pip install -q uv || true
    inst() {  # uv where it works (it reads no pip configuration), else pip
      if [ -x "$UV" ] && "$UV" pip install --python "$PY" "$@"; then return 0; fi
      "$PY" -m pip install "$@"
    }
    inst -e "$2[cuda,test]" torch || inst -e "$2[cuda,test]"' \
    _ "$VENV" "$ROOT" "$BASE" >"$LOG" 2>&1
  RC=$?
  T1=$(date +%s)
  if [ "$RC" = 0 ]; then
    PY="$VENV/bin/python"
    VERSIONS="$("$PY" -c 'import importlib.metadata as m
def v(name):
    try:
        return m.version(name)
    except m.PackageNotFoundError:
        return "not installed"
print("jax " + v("jax") + ", torch " + v("torch"))' 2>&1 | tail -n 1)"
    INSTALL=(ok $((T1 - T0)) "$VERSIONS")
  else
    [ "$RC" = 124 ] && WHY="timed out after $BOX s" || WHY="exit status $RC"
    INSTALL=(failed $((T1 - T0)) "$WHY (logs/install.log); running with $PY")
    tail -n 20 "$LOG"
  fi
  echo "   ${INSTALL[*]}"
elif has_gpu; then
  INSTALL=(skipped 0 "$([ "$DRY" = 1 ] && echo "dry run" || echo "--no-venv: runs with $PY")")
fi

ARGS=(--out "$OUT_DIR" --deadline "$DEADLINE" --install "${INSTALL[@]}")
[ "$QUICK" = 1 ] && ARGS+=(--quick)
[ "$DRY" = 1 ] && ARGS+=(--dry-run)
[ -n "$STAGES" ] && ARGS+=(--stages "$STAGES")
cd "$ROOT" && exec "$PY" "$ROOT/bench/gpu_check.py" "${ARGS[@]}"
