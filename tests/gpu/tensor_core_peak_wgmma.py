# Writes w.h for tests/gpu/tensor_core_peak.cu: one wgmma wrapper W() per N (64, 128, 256), overloaded
# on the accumulator array float[N/2]; the PTX takes N/2 f32 registers, two descriptors and scale-d.
for n in (64,128,256):
    r=n//2
    L=",".join("%%%d"%i for i in range(r))
    O=",".join('"+f"(d[%d])'%i for i in range(r))
    print('__device__ __forceinline__ void W(float(&d)[%d],uint64_t a,uint64_t b){asm volatile("{.reg .pred p;setp.ne.b32 p,%%%d,0;wgmma.mma_async.sync.aligned.m64n%dk16.f32.bf16.bf16 {%s},%%%d,%%%d,p,1,1,0,0;}":%s:"l"(a),"l"(b),"r"(1));}'%(r,r+2,n,L,r,r+1,O))
