// What one busy thread of the host gets while others run (issue 24's machine ceiling; built by hand, not by CMake:
// g++ -O2 host_core_probe.cpp -o coreprobe). `coreprobe MODE`: a dependent integer chain (alu, about one instruction
// a cycle), eight independent chains (ilp, several a cycle: two hardware threads of one core would share its ports),
// a pointer chase in 2 MB (l2), or three passes over 512 MB (mem); prints the mode and the wall seconds of a fixed
// amount of work. bench/hardware/h100/parallel/session_2026-11-30i.txt, runs A and G.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
int main(int argc, char** argv)
{
    const char* mode = argc > 1 ? argv[1] : "alu";
    const auto t0 = std::chrono::steady_clock::now();
    std::uint64_t sink = 0;
    if (!std::strcmp(mode, "alu")) {
        std::uint64_t x = 88172645463325252ull, y = 1;
        for (std::uint64_t i = 0; i < 500000000ull; ++i) { x ^= x << 13; x ^= x >> 7; x ^= x << 17; y += x; }
        sink = y;
    } else if (!std::strcmp(mode, "ilp")) {
        std::uint64_t x[8], y = 0;
        for (int j = 0; j < 8; ++j) x[j] = 88172645463325252ull + 7919u * static_cast<unsigned>(j);
        for (std::uint64_t i = 0; i < 150000000ull; ++i)
            for (int j = 0; j < 8; ++j) { x[j] ^= x[j] << 13; x[j] ^= x[j] >> 7; x[j] ^= x[j] << 17; }
        for (int j = 0; j < 8; ++j) y += x[j];
        sink = y;
    } else if (!std::strcmp(mode, "l2")) {
        const std::size_t n = (2u << 20) / 8;
        std::vector<std::uint64_t> next(n);
        for (std::size_t i = 0; i < n; ++i) next[i] = i;
        std::uint64_t s = 12345;
        for (std::size_t i = n - 1; i > 0; --i) { s = s * 6364136223846793005ull + 1; std::swap(next[i], next[s % i]); }
        std::uint64_t p = 0;
        for (std::uint64_t i = 0; i < 60000000ull; ++i) p = next[p];
        sink = p;
    } else {
        const std::size_t n = (512u << 20) / 8;
        std::vector<std::uint64_t> a(n, 1);
        std::uint64_t s = 0;
        for (int r = 0; r < 3; ++r)
            for (std::size_t i = 0; i < n; ++i) s += a[i];
        sink = s;
    }
    const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%s %.3f %lu\n", mode, sec, static_cast<unsigned long>(sink & 1));
}
