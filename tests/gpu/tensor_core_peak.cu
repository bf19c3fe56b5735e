// Writes tests/fixtures/tensor_core_peak_h200.json (the "runs" part): how close register-only loops
// come to the H200's dense bf16 Tensor Core peak, 989.4 TFLOP/s (the H100 SXM datasheet figure the
// H200 repeats; 132 SMs x 4 Tensor Cores x 512 FMA/clk x 2 x 1,830 MHz).
//   mma:     mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32, 4 independent accumulator chains
//            per warp, A and B fixed in registers; 16 or 32 warps per SM (blocks of 4 warps).
//            SASS: HMMA.16816.F32.BF16.
//   wg<N>:   wgmma.mma_async.sync.aligned.m64nNk16.f32.bf16.bf16 for N = 64, 128, 256; A and B in
//            shared memory through matrix descriptors (no swizzle, LBO 128 B, SBO 256 B), the f32
//            accumulators in registers (N/2 per thread); 16 wgmma per commit_group, then
//            wait_group 0; one block per SM with 1 or 2 warp groups. SASS: WARPGROUP.ARRIVE,
//            16 x HGMMA.64xNx16.F32.BF16, WARPGROUP.DEPBAR.LE gsb0, 0x0.
//   course:  the course's example, wgmma.mma_async.sync.aligned.m64n8k16.f16.f16.f16, run once so
//            that its SASS can be read (WARPGROUP.ARRIVE, HGMMA.64x8x16.F16, WARPGROUP.DEPBAR.LE).
// Neither loop touches global memory inside the loop: they measure the Tensor Cores and the issue
// path only. The values multiplied are constants and are not checked (the fragment layouts are
// tested against tensor_core_h200.json); FLOPs = 2·M·N·K per instruction. Thread 0 of every block
// reads clock64() and %globaltimer at its start and end; the clock printed is sum(cycles) /
// sum(ns) over the blocks of the fastest of 7 timed launches (cudaEvent, after one warm-up).
//
// Build and run on an H200 (CUDA 13.0; wgmma needs the sm_90a target):
//   cd tests/gpu && python3 tensor_core_peak_wgmma.py > w.h
//   nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -o tensor_core_peak tensor_core_peak.cu
//   ./tensor_core_peak                       # the "runs" JSON
//   cuobjdump -sass tensor_core_peak | grep -oE 'Function : \w+|HGMMA[.A-Z0-9x]+|HMMA[.A-Z0-9]+|WARPGROUP[.A-Z]+' | uniq -c
// The code below is byte for byte what ran on 2026-12-01 (sent without these comments; it is
// terse because the device's command line was its only way in).
#include <cstdio>
#include <cstdint>
struct S{long long c0,c1;unsigned long long n0,n1;};
__device__ uint64_t gt(){uint64_t t;asm volatile("mov.u64 %0,%%globaltimer;":"=l"(t));return t;}
#define BEG S s;if(!threadIdx.x){s.c0=clock64();s.n0=gt();}
#define END if(!threadIdx.x){s.c1=clock64();s.n1=gt();st[blockIdx.x]=s;}
__global__ void mma(float*o,int it,S*st){BEG
unsigned a=0x3f003f00u,b=a^threadIdx.x;float c[4][4]={};
for(int i=0;i<it;i++){
#pragma unroll
for(int h=0;h<4;h++)asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3},{%4,%5,%4,%5},{%4,%5},{%0,%1,%2,%3};":"+f"(c[h][0]),"+f"(c[h][1]),"+f"(c[h][2]),"+f"(c[h][3]):"r"(a),"r"(b));}
float z=0;for(int h=0;h<4;h++)z+=c[h][0]+c[h][1]+c[h][2]+c[h][3];o[blockIdx.x*blockDim.x+threadIdx.x]=z;END}
__device__ uint64_t ds(void*p){return uint64_t((unsigned(__cvta_generic_to_shared(p))>>4)&0x3FFF)|(8ull<<16)|(16ull<<32);}
#include "w.h"
template<int N>__global__ void wg(float*o,int it,S*st){__shared__ __align__(1024) uint16_t t[5120];BEG
for(int i=threadIdx.x;i<5120;i+=blockDim.x)t[i]=0x3f00;
asm volatile("fence.proxy.async.shared::cta;":::"memory");__syncthreads();
uint64_t da=ds(t),db=ds(t+1024);float d[N/2];
#pragma unroll
for(int i=0;i<N/2;i++)d[i]=0;
for(int i=0;i<it;i++){asm volatile("wgmma.fence.sync.aligned;":::"memory");
#pragma unroll
for(int k=0;k<16;k++)W(d,da,db);
asm volatile("wgmma.commit_group.sync.aligned;":::"memory");asm volatile("wgmma.wait_group.sync.aligned 0;":::"memory");}
float z=0;
#pragma unroll
for(int i=0;i<N/2;i++)z+=d[i];o[blockIdx.x*blockDim.x+threadIdx.x]=z;END}
__global__ void course(uint32_t*o){__shared__ __align__(1024) uint16_t t[1152];for(int i=threadIdx.x;i<1152;i+=128)t[i]=0x3800;
asm volatile("fence.proxy.async.shared::cta;":::"memory");__syncthreads();uint64_t da=ds(t),db=ds(t+1024);uint32_t x=0,y=0;
asm volatile("wgmma.fence.sync.aligned;":::"memory");
asm volatile("{.reg .pred p;setp.ne.b32 p,%4,0;wgmma.mma_async.sync.aligned.m64n8k16.f16.f16.f16 {%0,%1},%2,%3,p,1,1,0,0;}":"+r"(x),"+r"(y):"l"(da),"l"(db),"r"(1));
asm volatile("wgmma.commit_group.sync.aligned;":::"memory");asm volatile("wgmma.wait_group.sync.aligned 0;":::"memory");o[threadIdx.x]=x^y;}
float*O;S*T;int B;
template<class F>void run(const char*k,int n,int g,int nb,double fl,F f){cudaEvent_t a,b;cudaEventCreate(&a);cudaEventCreate(&b);f();cudaDeviceSynchronize();float best=1e9;
static S h[8192];double c=0,t=0;for(int r=0;r<7;r++){cudaEventRecord(a);f();cudaEventRecord(b);cudaEventSynchronize(b);float ms;cudaEventElapsedTime(&ms,a,b);if(ms<best){best=ms;
cudaMemcpy(h,T,sizeof(S)*nb,cudaMemcpyDeviceToHost);c=t=0;for(int i=0;i<nb;i++){c+=h[i].c1-h[i].c0;t+=h[i].n1-h[i].n0;}}}
printf("%s{\"kernel\":\"%s\",\"n\":%d,\"warps_per_sm\":%d,\"blocks\":%d,\"flops\":%.0f,\"time_ms\":%.4f,\"tflops\":%.2f,\"sm_mhz\":%.0f,\"error\":\"%s\"}",B++?",\n":"",k,n,g,nb,fl,best,fl/best/1e9,c/t*1e3,cudaGetErrorString(cudaGetLastError()));}
int main(){cudaDeviceProp p;cudaGetDeviceProperties(&p,0);int m=p.multiProcessorCount,rt,dv;cudaRuntimeGetVersion(&rt);cudaDriverGetVersion(&dv);
cudaMalloc(&O,1<<24);cudaMalloc(&T,sizeof(S)*8192);
printf("{\"device\":\"%s\",\"sm_count\":%d,\"cuda_runtime\":%d,\"cuda_driver\":%d,\"runs\":[\n",p.name,m,rt,dv);
for(int w:{16,32}){int nb=m*w/4,it=50000;run("mma_sync_m16n8k16_bf16",8,w,nb,2.0*nb*4*it*4*16*8*16,[&]{mma<<<nb,128>>>(O,it,T);});}
for(int g:{1,2}){int it=20000;double f=2.0*m*g*it*16*64*16;
run("wgmma_m64nNk16_bf16",64,4*g,m,f*64,[&]{wg<64><<<m,128*g>>>(O,it,T);});
run("wgmma_m64nNk16_bf16",128,4*g,m,f*128,[&]{wg<128><<<m,128*g>>>(O,it,T);});
run("wgmma_m64nNk16_bf16",256,4*g,m,f*256,[&]{wg<256><<<m,128*g>>>(O,it,T);});}
printf("\n]}\n");course<<<1,128>>>((uint32_t*)O);cudaDeviceSynchronize();}
