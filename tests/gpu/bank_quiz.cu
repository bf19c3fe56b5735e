// Writes the launches of tests/fixtures/bank_conflicts_quiz_h200.json: every shared-memory access
// the quiz's bank-conflict kind draws, one warp-level load each, so that ncu's counters can be set
// beside the model's wavefronts and conflicts.
//   pattern: element index = (lane / group) * stride, byte address = index * elem_bytes;
//   elem_bytes 4 (float, LDS), 8 (float2, LDS.64), 16 (float4, LDS.128);
//   stride in {0, 1, 2, 3, 4, 8, 16, 17, 32, 33}, group in {1, 2, 4, 8}: 120 launches.
// One block of 32 threads per launch. The shared array is filled with stores first (op_st, not
// counted by the _op_ld metrics), then each lane does exactly one shared load; the loaded value is
// written to global memory so the load is kept. The launches are printed as JSON (stdout), in the
// order ncu numbers them.
//
// Build, run and profile on the GPU (CUDA 13.0, ncu 2025.3):
//   nvcc -O3 -std=c++17 -arch=sm_90 -o bank_quiz bank_quiz.cu
//   ./bank_quiz > launches.json
//   ncu --cache-control all --clock-control none --print-units base --csv --kernel-name regex:s_load \
//       --metrics l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,\
//   l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,smsp__sass_inst_executed_op_shared_ld.sum \
//       ./bank_quiz > ncu.csv
//   cuobjdump -sass bank_quiz | grep -E 'Function|LDS'   # one LDS, LDS.64 or LDS.128 per kernel
#include <cstdio>
#include <initializer_list>

// 33 x 31 = 1023 elements at most; 1056 float4 = 16,896 bytes covers every pattern.
constexpr int WORDS = 1056 * 4;

template <class T> __device__ float total(T v);
template <> __device__ float total<float>(float v) { return v; }
template <> __device__ float total<float2>(float2 v) { return v.x + v.y; }
template <> __device__ float total<float4>(float4 v) { return v.x + v.y + v.z + v.w; }

template <class T> __global__ void s_load(float* out, int stride, int group) {
    __shared__ __align__(16) float words[WORDS];
    for (int i = threadIdx.x; i < WORDS; i += blockDim.x) words[i] = float(i);
    __syncthreads();
    const T* elems = reinterpret_cast<const T*>(words);
    int lane = threadIdx.x % 32;
    T v = elems[(lane / group) * stride];
    out[threadIdx.x] = total(v);
}

template <class T> void launch(float* out, int elem, int stride, int group, bool& first) {
    s_load<T><<<1, 32>>>(out, stride, group);
    cudaError_t e = cudaDeviceSynchronize();
    printf("%s{\"elem_bytes\":%d,\"stride\":%d,\"group\":%d,\"byte_offsets\":[", first ? "" : ",\n",
           elem, stride, group);
    for (int l = 0; l < 32; l++) printf("%s%d", l ? "," : "", (l / group) * stride * elem);
    printf("],\"error\":\"%s\"}", cudaGetErrorString(e));
    first = false;
}

int main() {
    cudaDeviceProp p;
    cudaGetDeviceProperties(&p, 0);
    int rt = 0, dv = 0;
    cudaRuntimeGetVersion(&rt);
    cudaDriverGetVersion(&dv);
    float* out;
    cudaMalloc(&out, 32 * sizeof(float));
    printf("{\"device\":\"%s\",\"cc\":\"%d.%d\",\"cuda_runtime\":%d,\"cuda_driver\":%d,\"launches\":[\n",
           p.name, p.major, p.minor, rt, dv);
    const int strides[] = {0, 1, 2, 3, 4, 8, 16, 17, 32, 33};
    const int groups[] = {1, 2, 4, 8};
    bool first = true;
    for (int elem : {4, 8, 16})
        for (int s : strides)
            for (int g : groups) {
                if (elem == 4) launch<float>(out, elem, s, g, first);
                if (elem == 8) launch<float2>(out, elem, s, g, first);
                if (elem == 16) launch<float4>(out, elem, s, g, first);
            }
    printf("\n]}\n");
    return 0;
}
