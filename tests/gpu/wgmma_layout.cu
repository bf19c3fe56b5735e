// Writes tests/fixtures/wgmma_layout_h100.json: every register of every thread after one
// wgmma.mma_async.sync.aligned.m64nNk16 with f16 inputs whose product makes each element of D
// distinct and exact:
//   A[r][0] = r, A[r][1] = 64, B[0][c] = 1, B[1][c] = c, every other element 0
//   => D[r][c] = r + 64*c     (row = D % 64, col = D / 64; f32 exact, f16 exact up to N = 32)
// f32 accumulators for N = 8, 16, 24, 32, 64, 128, 256 and f16 accumulators for N = 8 … 32, A
// and B K-major without swizzle (LBO 128 B, SBO 256 B: core matrices back to back).
// Then descriptor variants at N = 64 (f32): the same product with A and B written into shared
// memory at the addresses of other layouts (no swizzle with other strides, 32/64/128-byte
// swizzles, MN-major B and A through imm-trans, a start address 32 bytes into 128-byte rows).
// Every byte of the operand regions that the layout does not name holds f16 +inf, so a
// misplaced read shows as a non-finite D. A variant matches when all 4,096 registers equal the
// reference's. For each operand the descriptor used and an FNV-1a 64 hash of the 1,024 element
// addresses (row-major over (mn, k), u32 little-endian, offsets from the 1,024-byte aligned
// region) are printed, so the Rust model can be checked to compute the same ones.
//
// Build and run on a Hopper GPU (sm_90a). The committed dump: an NVIDIA H100 80GB HBM3 (the H200's
// GH100 chip), CUDA 13.0 (nvcc 13.0.88), driver 580.159.04, 2026-12-06:
//   cd tests/gpu && python3 wgmma_layout_wrappers.py > wl.h
//   nvcc -O2 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -o wgmma_layout wgmma_layout.cu
//   ./wgmma_layout > wgmma_layout_h100.json
// The code below is what ran for the committed dump.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <cuda_fp16.h>
#include "wl.h"

// LAUNCH may be predefined to run the host logic on a CPU (a dry run without a GPU).
#ifndef LAUNCH
#define LAUNCH(k, ...) k<<<1, 128>>>(__VA_ARGS__)
#endif

// One operand's layout: major (0 = K, 1 = MN), swizzle width in bytes (0 = none), LBO, SBO and
// the start address as an offset from the 1,024-byte aligned region, all in bytes.
struct Op {
  int major, sw;
  unsigned lbo, sbo, start;
};

constexpr unsigned REGION_A = 8192, REGION_B = 32768;

__host__ __device__ unsigned swz(unsigned a, int sw) {
  if (!sw) return a;
  unsigned mask = sw / 16 - 1;
  return a ^ (((a >> 7) & mask) << 4);
}

// Byte offset from the start address, before the swizzle, of element (mn, k) of a 16-bit
// operand (PTX ISA "Canonical Layouts").
__host__ __device__ unsigned off(Op o, unsigned mn, unsigned k) {
  unsigned mb = mn * 2, kb = k * 2;
  if (o.major == 0) {
    if (!o.sw) return (mn % 8) * 16 + (mn / 8) * o.sbo + (kb / 16) * o.lbo + kb % 16;
    return (mn % 8) * o.sw + (mn / 8) * o.sbo + kb;
  }
  if (!o.sw) return (k % 8) * 16 + (k / 8) * o.lbo + (mb / 16) * o.sbo + mb % 16;
  return (k % 8) * o.sw + (k / 8) * o.sbo + (mb / o.sw) * o.lbo + mb % o.sw;
}

// Physical offset from the region of element (mn, k): the swizzle acts on the address.
__host__ __device__ unsigned addr(Op o, unsigned mn, unsigned k) {
  return swz(o.start + off(o, mn, k), o.sw);
}

__host__ __device__ uint64_t desc(unsigned region_shared, Op o) {
  uint64_t code = o.sw == 128 ? 1 : o.sw == 64 ? 2 : o.sw == 32 ? 3 : 0;
  return (uint64_t)(((region_shared + o.start) & 0x3FFFF) >> 4) |
         (uint64_t)((o.lbo & 0x3FFFF) >> 4) << 16 | (uint64_t)((o.sbo & 0x3FFFF) >> 4) << 32 |
         code << 62;
}

__device__ uint16_t f16bits(unsigned v) { return __half_as_ushort(__uint2half_rn(v)); }

// Fills A (64 x 16) and B (n x 16) as described above; returns the two descriptors.
__device__ void stage(unsigned char* raw, int n, Op oa, Op ob, uint64_t* da, uint64_t* db,
                      unsigned* info) {
  unsigned raw_shared = (unsigned)__cvta_generic_to_shared(raw);
  unsigned base = (raw_shared + 1023) & ~1023u;
  unsigned char* a = raw + (base - raw_shared);
  unsigned char* b = a + REGION_A;
  uint16_t* all = (uint16_t*)a;
  for (unsigned i = threadIdx.x; i < (REGION_A + REGION_B) / 2; i += blockDim.x) all[i] = 0x7C00;
  __syncthreads();
  for (unsigned i = threadIdx.x; i < 64 * 16; i += blockDim.x) {
    unsigned r = i / 16, k = i % 16;
    *(uint16_t*)(a + addr(oa, r, k)) = f16bits(k == 0 ? r : k == 1 ? 64 : 0);
  }
  for (unsigned i = threadIdx.x; i < (unsigned)n * 16; i += blockDim.x) {
    unsigned c = i / 16, k = i % 16;
    *(uint16_t*)(b + addr(ob, c, k)) = f16bits(k == 0 ? 1 : k == 1 ? c : 0);
  }
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  *da = desc(base, oa);
  *db = desc(base + REGION_A, ob);
  if (threadIdx.x == 0) {
    info[0] = base;
    info[1] = base + REGION_A;
  }
}

template <int N, int TA, int TB>
__global__ void k32(float* out, Op oa, Op ob, unsigned* info, unsigned long long* descs) {
  __shared__ __align__(1024) unsigned char raw[REGION_A + REGION_B + 1024];
  uint64_t da, db;
  stage(raw, N, oa, ob, &da, &db, info);
  float d[N / 2];
#pragma unroll
  for (int i = 0; i < N / 2; i++) d[i] = 0.f;
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  if constexpr (TA == 0 && TB == 0) {
    W(d, da, db);
  } else {
    WT(d, da, db, Tr<TA, TB>{});
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
#pragma unroll
  for (int i = 0; i < N / 2; i++) out[threadIdx.x * (N / 2) + i] = d[i];
  if (threadIdx.x == 0) {
    descs[0] = da;
    descs[1] = db;
  }
}

template <int N>
__global__ void k16(uint32_t* out, Op oa, Op ob, unsigned* info, unsigned long long* descs) {
  __shared__ __align__(1024) unsigned char raw[REGION_A + REGION_B + 1024];
  uint64_t da, db;
  stage(raw, N, oa, ob, &da, &db, info);
  uint32_t d[N / 4];
#pragma unroll
  for (int i = 0; i < N / 4; i++) d[i] = 0;
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  H(d, da, db);
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
#pragma unroll
  for (int i = 0; i < N / 4; i++) out[threadIdx.x * (N / 4) + i] = d[i];
  if (threadIdx.x == 0) {
    descs[0] = da;
    descs[1] = db;
  }
}

static float h2f(uint16_t h) {
  int e = (h >> 10) & 31, m = h & 1023;
  float v = e == 0 ? ldexpf((float)m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexpf((float)(m + 1024), e - 25);
  return (h & 0x8000) ? -v : v;
}

static void value(float v) {
  if (std::isfinite(v)) printf("%.9g", v); else printf("null");
}

static uint64_t fnv(Op o, unsigned rows) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned mn = 0; mn < rows; mn++)
    for (unsigned k = 0; k < 16; k++) {
      unsigned a = addr(o, mn, k);
      for (int byte = 0; byte < 4; byte++) {
        h ^= (a >> (8 * byte)) & 0xFF;
        h *= 1099511628211ull;
      }
    }
  return h;
}

static float* d_out;
static unsigned* d_info;
static unsigned long long* d_descs;
static float host[128 * 128];
static const char* first_error = "no error";

static void check(const char* where) {
  cudaError_t e = cudaDeviceSynchronize();
  if (e == cudaSuccess) e = cudaGetLastError();
  if (e != cudaSuccess && !strcmp(first_error, "no error")) {
    static char buf[256];
    snprintf(buf, sizeof buf, "%s: %s", where, cudaGetErrorString(e));
    first_error = buf;
  }
}

static const Op K_DENSE = {0, 0, 128, 256, 0};

template <int N, int TA = 0, int TB = 0>
static void run32(Op oa, Op ob) {
  cudaMemset(d_out, 0xFF, sizeof host);
  auto kern = k32<N, TA, TB>;
  LAUNCH(kern, d_out, oa, ob, d_info, d_descs);
  check("k32");
  cudaMemcpy(host, d_out, 128 * (N / 2) * sizeof(float), cudaMemcpyDeviceToHost);
}

template <int N>
static void dump32(bool comma) {
  run32<N>(K_DENSE, K_DENSE);
  printf("%s\n  {\"n\": %d, \"d\": [", comma ? "," : "", N);
  for (int t = 0; t < 128; t++) {
    printf("%s\n    [", t ? "," : "");
    for (int i = 0; i < N / 2; i++) {
      if (i) printf(",");
      value(host[t * (N / 2) + i]);
    }
    printf("]");
  }
  printf("]}");
}

template <int N>
static void dump16(bool comma) {
  static uint32_t words[128 * 64];
  cudaMemset(d_out, 0xFF, sizeof host);
  auto kern = k16<N>;
  LAUNCH(kern, (uint32_t*)d_out, K_DENSE, K_DENSE, d_info, d_descs);
  check("k16");
  cudaMemcpy(words, d_out, 128 * (N / 4) * sizeof(uint32_t), cudaMemcpyDeviceToHost);
  printf("%s\n  {\"n\": %d, \"d\": [", comma ? "," : "", N);
  for (int t = 0; t < 128; t++) {
    printf("%s\n    [", t ? "," : "");
    for (int i = 0; i < N / 2; i++) {
      uint32_t w = words[t * (N / 4) + i / 2];
      if (i) printf(",");
      value(h2f((uint16_t)(i % 2 ? w >> 16 : w & 0xFFFF)));
    }
    printf("]");
  }
  printf("]}");
}

static void print_op(const char* name, Op o, unsigned rows, unsigned long long d, unsigned base) {
  printf("\"%s\": {\"major\": \"%s\", \"swizzle_bytes\": %d, \"lbo\": %u, \"sbo\": %u, "
         "\"start_offset\": %u, \"region_shared_address\": %u, \"descriptor\": \"0x%016llx\", "
         "\"address_fnv1a64\": \"0x%016llx\"}",
         name, o.major ? "mn" : "k", o.sw, o.lbo, o.sbo, o.start, base, d,
         (unsigned long long)fnv(o, rows));
}

static float reference[128 * 32];

template <int TA, int TB>
static void variant(const char* name, Op oa, Op ob, bool comma) {
  run32<64, TA, TB>(oa, ob);
  unsigned long long descs[2];
  unsigned info[2];
  cudaMemcpy(descs, d_descs, sizeof descs, cudaMemcpyDeviceToHost);
  cudaMemcpy(info, d_info, sizeof info, cudaMemcpyDeviceToHost);
  int mismatches = 0, nonfinite = 0;
  for (int i = 0; i < 128 * 32; i++) {
    if (!std::isfinite(host[i])) nonfinite++;
    if (!(host[i] == reference[i])) mismatches++;
  }
  printf("%s\n  {\"name\": \"%s\", \"trans_a\": %d, \"trans_b\": %d, ", comma ? "," : "", name, TA, TB);
  print_op("a", oa, 64, descs[0], info[0]);
  printf(", ");
  print_op("b", ob, 64, descs[1], info[1]);
  printf(", \"mismatches\": %d, \"nonfinite\": %d}", mismatches, nonfinite);
}

int main() {
  cudaDeviceProp p;
  cudaGetDeviceProperties(&p, 0);
  int rt = 0, dv = 0;
  cudaRuntimeGetVersion(&rt);
  cudaDriverGetVersion(&dv);
  cudaMalloc(&d_out, sizeof host);
  cudaMalloc(&d_info, 2 * sizeof(unsigned));
  cudaMalloc(&d_descs, 2 * sizeof(unsigned long long));
  printf("{\"device\": \"%s\", \"compute_capability\": \"%d.%d\", \"cuda_runtime\": %d, "
         "\"cuda_driver\": %d,\n\"f32\": [", p.name, p.major, p.minor, rt, dv);
  dump32<8>(false);
  dump32<16>(true);
  dump32<24>(true);
  dump32<32>(true);
  dump32<64>(true);
  dump32<128>(true);
  dump32<256>(true);
  printf("],\n\"f16\": [");
  dump16<8>(false);
  dump16<16>(true);
  dump16<24>(true);
  dump16<32>(true);
  printf("],\n\"descriptor_variants\": [");
  run32<64>(K_DENSE, K_DENSE);
  memcpy(reference, host, sizeof reference);
  const Op k32b = {0, 32, 16, 256, 0}, k64b = {0, 64, 16, 512, 0}, k128b = {0, 128, 16, 1024, 0};
  variant<0, 0>("k_none_dense", K_DENSE, K_DENSE, false);
  variant<0, 0>("k_none_padded", {0, 0, 256, 512, 0}, {0, 0, 256, 512, 0}, true);
  variant<0, 0>("k_none_k_outer", {0, 0, 1024, 128, 0}, {0, 0, 1024, 128, 0}, true);
  variant<0, 0>("k_32b", k32b, k32b, true);
  variant<0, 0>("k_64b", k64b, k64b, true);
  variant<0, 0>("k_128b", k128b, k128b, true);
  variant<0, 0>("k_128b_start_plus_32", {0, 128, 16, 1024, 32}, {0, 128, 16, 1024, 32}, true);
  variant<0, 1>("b_mn_none", k128b, {1, 0, 1024, 128, 0}, true);
  variant<0, 1>("b_mn_32b", k128b, {1, 32, 256, 1024, 0}, true);
  variant<0, 1>("b_mn_64b", k128b, {1, 64, 512, 1024, 0}, true);
  variant<0, 1>("b_mn_128b", k128b, {1, 128, 1024, 1024, 0}, true);
  variant<1, 0>("a_mn_128b", {1, 128, 1024, 1024, 0}, k128b, true);
  variant<1, 1>("both_mn_64b", {1, 64, 512, 1024, 0}, {1, 64, 512, 1024, 0}, true);
  printf("],\n\"error\": \"%s\"}\n", first_error);
  return 0;
}
