# Writes wl.h for tests/gpu/wgmma_layout.cu: inline-PTX wrappers around one
# wgmma.mma_async.sync.aligned.m64nNk16 with f16 inputs, A and B from shared-memory descriptors.
#   W(float(&d)[N/2], a, b)               f32 accumulators, K-major A and B (imm-trans 0, 0)
#   WT(float(&d)[32], a, b, Tr<ta, tb>)   N = 64, f32, any imm-trans-a / imm-trans-b
#   H(uint32_t(&d)[N/4], a, b)            f16 accumulators (.f16x2 registers), K-major
# scale-d is a predicate set from the constant 1 (D = A*B + D), imm-scale-a = imm-scale-b = 1.
F32_N = (8, 16, 24, 32, 64, 128, 256)
F16_N = (8, 16, 24, 32)


def wrap(name, ctype, cons, acc, n, regs, ta, tb, tag=""):
    lst = ",".join("%%%d" % i for i in range(regs))
    ops = ",".join('"+%s"(d[%d])' % (cons, i) for i in range(regs))
    return (
        '__device__ __forceinline__ void %s(%s(&d)[%d],uint64_t a,uint64_t b%s){asm volatile('
        '"{.reg .pred p;setp.ne.b32 p,%%%d,0;wgmma.mma_async.sync.aligned.m64n%dk16.%s.f16.f16 '
        '{%s},%%%d,%%%d,p,1,1,%d,%d;}":%s:"l"(a),"l"(b),"r"(1));}'
        % (name, ctype, regs, tag, regs + 2, n, acc, lst, regs, regs + 1, ta, tb, ops)
    )


print("template<int A,int B>struct Tr{};")
for n in F32_N:
    print(wrap("W", "float", "f", "f32", n, n // 2, 0, 0))
for ta in (0, 1):
    for tb in (0, 1):
        print(wrap("WT", "float", "f", "f32", 64, 32, ta, tb, ",Tr<%d,%d>" % (ta, tb)))
for n in F16_N:
    print(wrap("H", "uint32_t", "r", "f16", n, n // 4, 0, 0))
