#!/bin/bash
# Build, run and profile bank_quiz.cu; everything lands in $OUT.
set -x
cd "$(dirname "$0")"
{ date -u +%Y-%m-%dT%H:%M:%SZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nvcc --version | tail -2; ncu --version | tail -1; uname -r; } > "$OUT/env.txt" 2>&1
nvcc -O3 -std=c++17 -arch=sm_90 -o bank_quiz bank_quiz.cu > "$OUT/build.txt" 2>&1 || { cat "$OUT/build.txt"; exit 1; }
cuobjdump -sass bank_quiz | grep -E 'Function|LDS' > "$OUT/sass.txt" 2>&1
./bank_quiz > "$OUT/launches.json" 2> "$OUT/run_stderr.txt"
timeout 420 ncu --cache-control all --clock-control none --print-units base --csv --kernel-name regex:s_load \
  --metrics l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,smsp__sass_inst_executed_op_shared_ld.sum \
  ./bank_quiz > "$OUT/ncu_stdout.txt" 2> "$OUT/ncu_stderr.txt"
echo "ncu rc=$?"
grep -c '^"' "$OUT/ncu_stdout.txt"
head -3 "$OUT/ncu_stdout.txt"; tail -3 "$OUT/ncu_stderr.txt"; cat "$OUT/env.txt"; cat "$OUT/sass.txt" | head -20
