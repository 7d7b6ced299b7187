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
# usage: bench/gpu_check.sh [--quick] [--budget SECONDS] [--no-venv] [--dry-run] [OUT_DIR]
#   OUT_DIR    the output folder: $OUT when set, else this argument, else
#              bench/results/gpu_check_<date>
#   --quick    the short runs (always so without a GPU: the GPU-only stages print
#              "skipped: no GPU" and the rest run on the CPU in about a minute)
#   --budget   seconds for everything, install included (default 480)
#   --no-venv  use this python (or $PYTHON) instead of installing a fresh virtualenv
#   --dry-run  print and record the plan, run nothing
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
QUICK=0 NO_VENV=0 DRY=0 BUDGET=480 OUT_ARG=""
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) QUICK=1 ;;
    --no-venv) NO_VENV=1 ;;
    --dry-run) DRY=1 ;;
    --budget) [ $# -ge 2 ] || { echo "gpu_check.sh: --budget needs a value" >&2; exit 2; }
              BUDGET="$2"; shift ;;
    --budget=*) BUDGET="${1#*=}" ;;
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
START=$(date +%s)
DEADLINE=$((START + BUDGET))
OUT_DIR="${OUT:-${OUT_ARG:-$ROOT/bench/results/gpu_check_$(date -u +%Y%m%d_%H%M)}}"
mkdir -p "$OUT_DIR/logs" || exit 2
OUT_DIR="$(cd "$OUT_DIR" && pwd)"
PY="${PYTHON:-python3}"

has_gpu() { command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L 2>/dev/null | grep -q '^GPU '; }

INSTALL=(skipped 0 "no GPU (runs with $PY)")
if has_gpu && [ "$NO_VENV" = 0 ] && [ "$DRY" = 0 ]; then
  VENV="${GPU_CHECK_VENV:-$(mktemp -d)/venv}"
  LOG="$OUT_DIR/logs/install.log"
  BOX=$(( BUDGET / 2 < 240 ? BUDGET / 2 : 240 ))  # the install may take at most half the budget
  echo "== install: fresh virtualenv $VENV: deepsink[cuda,test] and torch (time box $BOX s)"
  T0=$(date +%s)
  # uv resolves and downloads in parallel (one small wheel from PyPI); pip is the fallback
  timeout -k 5 "$BOX" bash -c '
    set -e
    python3 -m venv "$1"
    if "$1/bin/python" -m pip install -q uv; then
      "$1/bin/uv" pip install --python "$1/bin/python" -e "$2[cuda,test]" torch
    else
      "$1/bin/python" -m pip install -e "$2[cuda,test]" torch
    fi' _ "$VENV" "$ROOT" >"$LOG" 2>&1
  RC=$?
  T1=$(date +%s)
  if [ "$RC" = 0 ]; then
    PY="$VENV/bin/python"
    INSTALL=(ok $((T1 - T0)) "$("$PY" -c 'import jax, torch; print(f"jax {jax.__version__}, torch {torch.__version__}")' 2>/dev/null)")
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
cd "$ROOT" && exec "$PY" "$ROOT/bench/gpu_check.py" "${ARGS[@]}"
