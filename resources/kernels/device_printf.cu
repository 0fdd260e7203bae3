// Device printf (CUDA C++ Programming Guide, "Formatted Output"): every conversion the guide lists, with
// flags, width, precision and the ll size; float arguments are promoted to double. Each line names its
// block and thread, so output from any order of threads can be sorted and compared.
// Launch: printfFormats<<<2, 64>>>(x, n) with n = 128 floats; printfReturn<<<1, 32>>>();
// printfNullString<<<1, 1>>>().
#include <cstdio>

__global__ void printfFormats(const float* x, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n || i % 16 != 0)
        return;
    const float v = x[i];
    printf("b%d t%02d: %d %i %u %x %X %o %c %s|%8.3f|%-10.2e|%g|%a|%+05d|% d|%#x|%#o|%lld|%llu|%5s|%.2s|%%\n",
        blockIdx.x, threadIdx.x, i - 40, -i, (unsigned)(-i), 3054 + i, 3054 + i, i, 'A' + i % 26, "str", v, v * 1e5f,
        v / 3.0f, v, i, i, i + 255, i + 8, (long long)i * -100000000001LL, (unsigned long long)i << 40, "ab", "xyz");
}

__global__ void printfReturn()
{
    // printf returns the number of arguments parsed (0 with none, -1 for a NULL format).
    const int none = printf("t%02d no arguments\n", 0) * 0 + printf("plain line from lane %d\n", threadIdx.x % 32);
    if (threadIdx.x == 0) {
        const int three = printf("%d %s %f\n", 1, "two", 3.0);
        printf("returns: %d %d width*: [%*d] precision*: [%.*f]\n", none, three, 6, 42, 3, 3.14159);
    }
}

// A NULL %s argument: the H100 prints "(null)" (measured, bench/hardware/h100/printf_coop/run3_printf_coop.txt),
// and so does warpscope.
__global__ void printfNullString() { printf("null %%s: %s\n", static_cast<const char*>(nullptr)); }
