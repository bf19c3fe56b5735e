#!/bin/bash
# Nsight Compute's FP32/FP64 instruction counts for division and square root (flops_div.cu).
cd "$(dirname "$0")"
M=smsp__sass_thread_inst_executed_op_fadd_pred_on.sum,smsp__sass_thread_inst_executed_op_fmul_pred_on.sum,smsp__sass_thread_inst_executed_op_ffma_pred_on.sum,smsp__sass_thread_inst_executed_op_dadd_pred_on.sum,smsp__sass_thread_inst_executed_op_dmul_pred_on.sum,smsp__sass_thread_inst_executed_op_dfma_pred_on.sum
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nvcc --version | tail -n 2; ncu --version | tail -n 1; } > $OUT/env.txt 2>&1
nvcc -O3 -std=c++17 -arch=sm_90 -o flops_div flops_div.cu > $OUT/build.txt 2>&1 || { tail -20 $OUT/build.txt; exit 1; }
./flops_div > $OUT/plain.txt 2>&1
cuobjdump -sass flops_div > $OUT/sass.txt 2>&1
timeout 300 ncu --print-units base --csv --metrics $M ./flops_div > $OUT/ncu.csv 2> $OUT/ncu.err; echo "ncu rc=$?"
cat $OUT/env.txt $OUT/plain.txt; python3 - "$OUT/ncu.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
for r in rows:
    print(r["Kernel Name"].split("(")[0], r["Metric Name"].split("_op_")[1].split("_pred")[0], r["Metric Value"])
PY
