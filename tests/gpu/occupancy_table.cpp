// Writes tests/fixtures/occupancy_cuda_occupancy_h.json: NVIDIA's occupancy calculator header
// (`cuda_occupancy.h`) evaluated with hand-filled device properties of the H200, B200 and
// RTX 5090 presets (src/model/gpu_spec.rs), over threads × registers × shared memory × carveout.
//
// The header is NVIDIA's and its licence forbids redistribution, so it is not in the repository.
// Get it from the CUDA runtime wheel on PyPI and build with g++ (no GPU, no CUDA install):
//   pip download --no-deps -d /tmp/cudart 'nvidia-cuda-runtime-cu12==12.9.*'
//   (cd /tmp/cudart && unzip -o -q nvidia_cuda_runtime_cu12-*.whl)
//   g++ -std=c++17 -O1 -I/tmp/cudart/nvidia/cuda_runtime/include -o /tmp/occupancy_table
//       tests/gpu/occupancy_table.cpp
//   /tmp/occupancy_table > tests/fixtures/occupancy_cuda_occupancy_h.json
// Used: nvidia-cuda-runtime-cu12 12.9.79, include/cuda_occupancy.h with __CUDA_OCC_MAJOR__ 12,
// __CUDA_OCC_MINOR__ 1, sha256 ab4894501e14145facc8e3edbc66c6ba68b4197d4d6145d3708cd96285c04590.
//
// Function attributes are what the runtime API's conversion uses and what the model assumes
// (src/model/occupancy.rs, module docs): numBlockBarriers = 1, shmemLimitConfig = OPTIN with
// maxDynamicSharedSizeBytes = sharedMemPerBlockOptin − static, partitioned caching off.
#include <cstdio>
#include <cstddef>
#include <cuda_occupancy.h>

struct Preset {
    const char *id;
    int major, minor, max_threads_per_sm;
    size_t smem_per_sm, smem_optin, reserved;
    int num_sms;
};

int main() {
    // The values of GpuSpec::h200_sxm(), GpuSpec::b200() and GpuSpec::rtx_5090().
    const Preset presets[] = {
        {"h200", 9, 0, 2048, 233472, 232448, 1024, 132},
        {"b200", 10, 0, 2048, 233472, 232448, 1024, 148},
        {"rtx5090", 12, 0, 1536, 102400, 101376, 1024, 170},
    };
    const int threads[] = {32, 33, 96, 256, 384, 768, 1024, 1025};
    const int regs[] = {0, 16, 32, 64, 168, 255};
    const int carveouts[] = {-1, 0, 50, 100};
    std::printf("{\"source\":\"tests/gpu/occupancy_table.cpp: cuda_occupancy.h from nvidia-cuda-runtime-cu12 12.9.79 "
                "(__CUDA_OCC_MAJOR__ %d, __CUDA_OCC_MINOR__ %d, sha256 ab4894501e14145facc8e3edbc66c6ba68b4197d4d6145d3708cd96285c04590), "
                "cudaOccMaxActiveBlocksPerMultiprocessor with hand-filled cudaOccDeviceProp of the h200, b200 and rtx5090 presets; "
                "numBlockBarriers=1, OPTIN with maxDynamicSharedSizeBytes = optin - static. carveout -1 = default. "
                "A limit of 2147483647 is INT_MAX (unlimited). factors: the limitingFactors bits.\",\n",
                __CUDA_OCC_MAJOR__, __CUDA_OCC_MINOR__);
    std::printf("\"fields\":[\"gpu\",\"carveout\",\"regs_per_thread\",\"threads_per_block\",\"static_smem\",\"dynamic_smem\","
                "\"status\",\"blocks_per_sm\",\"active_warps\",\"factors\",\"limit_registers\",\"limit_shared_memory\","
                "\"limit_warps\",\"limit_blocks\",\"limit_barriers\",\"allocated_registers_per_block\",\"allocated_smem_per_block\"],\n");
    std::printf("\"rows\":[");
    bool first = true;
    int count = 0;
    for (const Preset &p : presets) {
        cudaOccDeviceProp prop;
        prop.computeMajor = p.major;
        prop.computeMinor = p.minor;
        prop.maxThreadsPerBlock = 1024;
        prop.maxThreadsPerMultiprocessor = p.max_threads_per_sm;
        prop.regsPerBlock = 65536;
        prop.regsPerMultiprocessor = 65536;
        prop.warpSize = 32;
        prop.sharedMemPerBlock = 49152;
        prop.sharedMemPerMultiprocessor = p.smem_per_sm;
        prop.numSms = p.num_sms;
        prop.sharedMemPerBlockOptin = p.smem_optin;
        prop.reservedSharedMemPerBlock = p.reserved;
        // (static, dynamic) pairs: none, small, at the 48 KiB default, large, the opt-in maximum,
        // one byte over it, and the largest static buffer with the rest dynamic.
        const size_t smem[][2] = {
            {0, 0}, {0, 8192}, {4096, 45056}, {0, 100000},
            {0, p.smem_optin}, {0, p.smem_optin + 1}, {49152, p.smem_optin - 49152},
        };
        for (int carve : carveouts)
            for (int r : regs)
                for (int t : threads)
                    for (const auto &sm : smem) {
                        cudaOccFuncAttributes attr;
                        attr.maxThreadsPerBlock = 1024;
                        attr.numRegs = r;
                        attr.sharedSizeBytes = sm[0];
                        attr.partitionedGCConfig = PARTITIONED_GC_OFF;
                        attr.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
                        attr.maxDynamicSharedSizeBytes = p.smem_optin - sm[0];
                        attr.numBlockBarriers = 1;
                        cudaOccDeviceState state;
                        state.carveoutConfig = carve;
                        cudaOccResult res{};
                        cudaOccError st = cudaOccMaxActiveBlocksPerMultiprocessor(&res, &prop, &attr, &state, t, sm[1]);
                        int warps = res.activeBlocksPerMultiprocessor * ((t + 31) / 32);
                        std::printf("%s\n[\"%s\",%d,%d,%d,%zu,%zu,%d,%d,%d,%u,%d,%d,%d,%d,%d,%d,%zu]",
                                    first ? "" : ",", p.id, carve, r, t, sm[0], sm[1], (int)st,
                                    res.activeBlocksPerMultiprocessor, warps, res.limitingFactors,
                                    res.blockLimitRegs, res.blockLimitSharedMem, res.blockLimitWarps,
                                    res.blockLimitBlocks, res.blockLimitBarriers,
                                    res.allocatedRegistersPerBlock, res.allocatedSharedMemPerBlock);
                        first = false;
                        ++count;
                    }
    }
    std::printf("\n],\n\"count\":%d}\n", count);
    return 0;
}
