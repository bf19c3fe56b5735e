// How Nsight Compute counts the FLOPs of division and square root (the kernel lab's FLOP rule):
// one warp per kernel, normal operands (the fast path), nvcc -O3 as the lab's measured kernels.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void div_f32(const float* a, const float* b, float* o) { int i = threadIdx.x; o[i] = a[i] / b[i]; }
__global__ void rcp_f32(const float* a, float* o) { int i = threadIdx.x; o[i] = 1.0f / a[i]; }
__global__ void div3_f32(const float* a, float* o) { int i = threadIdx.x; o[i] = a[i] / 3.0f; }
__global__ void div2_f32(const float* a, float* o) { int i = threadIdx.x; o[i] = a[i] / 2.0f; }
__global__ void sqrt_f32(const float* a, float* o) { int i = threadIdx.x; o[i] = sqrtf(a[i]); }
__global__ void add_f32(const float* a, const float* b, float* o) { int i = threadIdx.x; o[i] = a[i] + b[i]; }
__global__ void div_f64(const double* a, const double* b, double* o) { int i = threadIdx.x; o[i] = a[i] / b[i]; }
__global__ void sqrt_f64(const double* a, double* o) { int i = threadIdx.x; o[i] = sqrt(a[i]); }

int main() {
    float *a, *b, *o; double *da, *db, *dout;
    cudaMallocManaged(&a, 128); cudaMallocManaged(&b, 128); cudaMallocManaged(&o, 128);
    cudaMallocManaged(&da, 256); cudaMallocManaged(&db, 256); cudaMallocManaged(&dout, 256);
    for (int i = 0; i < 32; i++) { a[i] = 1.5f + i; b[i] = 2.5f + i; da[i] = 1.5 + i; db[i] = 2.5 + i; }
    div_f32<<<1, 32>>>(a, b, o); rcp_f32<<<1, 32>>>(a, o); div3_f32<<<1, 32>>>(a, o);
    div2_f32<<<1, 32>>>(a, o); sqrt_f32<<<1, 32>>>(a, o); add_f32<<<1, 32>>>(a, b, o);
    div_f64<<<1, 32>>>(da, db, dout); sqrt_f64<<<1, 32>>>(da, dout);
    cudaDeviceSynchronize();
    printf("%s %f %f\n", cudaGetErrorString(cudaGetLastError()), o[3], dout[3]);
    return 0;
}
