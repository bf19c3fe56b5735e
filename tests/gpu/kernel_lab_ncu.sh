#!/bin/bash
# The kernel lab's H200 check: build, run, SASS, ncu (the fixture's metrics, then two diagnostic sets).
cd "$(dirname "$0")"
M=l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,smsp__sass_inst_executed_op_global_ld.sum,smsp__sass_inst_executed_op_global_st.sum
D1=smsp__sass_thread_inst_executed_op_fadd_pred_on.sum,smsp__sass_thread_inst_executed_op_fmul_pred_on.sum,smsp__sass_thread_inst_executed_op_ffma_pred_on.sum,smsp__sass_thread_inst_executed_op_dadd_pred_on.sum,smsp__sass_thread_inst_executed_op_dmul_pred_on.sum,smsp__sass_thread_inst_executed_op_dfma_pred_on.sum,dram__bytes_read.sum,dram__bytes_write.sum,smsp__inst_executed.sum
D2=smsp__sass_thread_inst_executed_op_global_ld_pred_on.sum,smsp__sass_thread_inst_executed_op_global_st_pred_on.sum,smsp__sass_thread_inst_executed_op_shared_ld_pred_on.sum,smsp__sass_thread_inst_executed_op_shared_st_pred_on.sum
NCU="ncu --clock-control none --cache-control all --print-units base --csv"
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nvcc --version | tail -n 2; ncu --version | tail -n 1; date -u +%Y-%m-%dT%H:%MZ; } > $OUT/env.txt 2>&1
nvcc -O3 -std=c++17 -arch=sm_90 -Xptxas -v -o kernel_lab kernel_lab_ncu.cu > $OUT/build.txt 2>&1 || { tail -20 $OUT/build.txt; exit 1; }
./kernel_lab > $OUT/plain.txt 2>&1 || { tail -5 $OUT/plain.txt; exit 1; }
cuobjdump -sass kernel_lab > $OUT/sass.txt 2>&1
timeout 200 $NCU --metrics $M ./kernel_lab > $OUT/ncu.csv 2> $OUT/ncu.err; echo "main ncu rc=$?"
timeout 90 $NCU --metrics $D1 ./kernel_lab > $OUT/ncu_extra.csv 2>> $OUT/ncu.err; echo "extra ncu rc=$?"
timeout 70 $NCU --metrics $D2 ./kernel_lab > $OUT/ncu_pred.csv 2>> $OUT/ncu.err; echo "pred ncu rc=$?"
cat $OUT/env.txt; wc -l $OUT/*; grep -c "^\"" $OUT/ncu.csv; tail -3 $OUT/ncu.err
