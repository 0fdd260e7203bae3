// The calibration cases: H100 measurements and the seeds' published tables, as scenarios.
#include "calibration_cases.h"

#include <fstream>
#include <map>
#include <sstream>
#include <tuple>

namespace calibration {

namespace {

    std::string launch(const std::string& kernel, const std::string& grid, const std::string& block,
        const std::string& args)
    {
        return R"({"launch": {"kernel": ")" + kernel + R"(", "grid": )" + grid + R"(, "block": )" + block
            + R"(, "args": )" + args + "}}";
    }

    /// Warm-up launch, then the measured one, as kernel_probe.cu times them (median after a warm-up).
    std::string scenario(const std::string& module, const std::string& buffers, const std::string& step)
    {
        return R"({"warpscope": 1, "module": ")" + module + R"(", "buffers": {)" + buffers + R"(}, "steps": [)" + step
            + ", " + step + "]}";
    }

    std::string copyScenario(const std::string& dir, const std::string& file, const std::string& kernel, long n,
        long elements, int value)
    {
        const std::string count = std::to_string(elements);
        return scenario(dir + "/resources/kernels/" + file,
            R"("a": {"type": "f32", "count": )" + count + R"(}, "b": {"type": "f32", "count": )" + count + "}",
            launch(kernel, "[" + std::to_string(n / 256) + "]", "[256]", R"(["b", "a", )" + std::to_string(value) + "]"));
    }

    std::string matrixScenario(const std::string& dir, const std::string& file, const std::string& kernel, bool ab, long m)
    {
        const std::string tile = std::to_string(m * 32);
        const std::string buffers = R"("a": {"type": "f32", "count": )" + tile + R"(, "init": "random:1"}, )"
            + R"("b": {"type": "f32", "count": )" + tile + R"(, "init": "random:2"}, )"
            + R"("c": {"type": "f32", "count": )" + std::to_string(m * m) + "}";
        const std::string args = ab ? R"(["a", "b", "c", )" + std::to_string(m) + "]" : R"(["a", "c", )" + std::to_string(m) + "]";
        const std::string g = std::to_string(m / 32);
        return scenario(dir + "/resources/kernels/" + file, buffers, launch(kernel, "[" + g + ", " + g + "]", "[32, 32]", args));
    }

    struct MatrixKernel {
        const char* probeName; ///< kernel_probe.cu's name
        const char* file;
        const char* kernel;
        bool ab;
        const char* label;
    };

    constexpr MatrixKernel kMatrices[] = {
        { "ab.simpleMultiply", "matrix_ab.cu", "simpleMultiply", true, "C=AB simpleMultiply" },
        { "ab.coalescedMultiply", "matrix_ab.cu", "coalescedMultiply", true, "C=AB coalescedMultiply" },
        { "ab.sharedABMultiply", "matrix_ab.cu", "sharedABMultiply", true, "C=AB sharedABMultiply" },
        { "aat.simpleMultiply", "matrix_aat.cu", "simpleMultiply", false, "C=AAT simpleMultiply" },
        { "aat.coalescedMultiply", "matrix_aat.cu", "coalescedMultiply", false, "C=AAT coalescedMultiply" },
        { "aatPadded.coalescedMultiply", "matrix_aat_padded.cu", "coalescedMultiply", false, "C=AAT padded" },
    };

    /// kernel_times.csv rows: time,<kernel>,<param>,<value>,<n>,<median_ms>, keyed by kernel,value,n.
    std::map<std::tuple<std::string, long, long>, double> readTimes(const std::string& dir)
    {
        std::map<std::tuple<std::string, long, long>, double> times;
        std::ifstream in(dir + "/bench/hardware/h100/kernel_times.csv");
        for (std::string line; std::getline(in, line);) {
            std::stringstream row(line);
            std::string tag, kernel, param, value, n, ms;
            if (std::getline(row, tag, ',') && tag == "time" && std::getline(row, kernel, ',')
                && std::getline(row, param, ',') && std::getline(row, value, ',') && std::getline(row, n, ',')
                && std::getline(row, ms, ','))
                times[{ kernel, std::stol(value), std::stol(n) }] = std::stod(ms) * 1000.0;
        }
        return times;
    }

} // namespace

std::vector<Case> h100Cases(const std::string& dir, bool quick)
{
    const auto times = readTimes(dir);
    std::vector<Case> cases;
    const long n16 = 16L << 20;
    for (int offset = 0; offset <= 32; offset += quick ? 8 : 1) {
        for (int extra : { 0, 1 }) {
            const int o = offset + extra;
            if (o > 32 || (extra && !quick) || (extra && o == 32))
                continue;
            cases.push_back({ "H100 offsetCopy (n = 16 M, block 256)", "offset " + std::to_string(o), "h100",
                copyScenario(dir, "offset_copy.cu", "offsetCopy", n16, n16 + 32, o), true,
                times.at({ "offsetCopy", o, n16 }), 0 });
        }
    }
    for (const long n : { 1L << 20, 4L << 20 }) {
        for (int stride = 1; stride <= 32; stride += (quick && stride > 1) ? 7 : 1) {
            cases.push_back({ "H100 strideCopy (n = " + std::to_string(n >> 20) + " M, block 256)",
                "stride " + std::to_string(stride), "h100",
                copyScenario(dir, "stride_copy.cu", "strideCopy", n, std::max(n + 32, n * 32), stride), true,
                times.at({ "strideCopy", stride, n }), 0 });
        }
    }
    for (const long m : { 1024L, 2048L, 4096L }) {
        if (quick && m != 1024)
            continue;
        for (const MatrixKernel& k : kMatrices)
            cases.push_back({ "H100 matrix kernels (32 x 32 blocks)", std::string(k.label) + " M = " + std::to_string(m),
                "h100", matrixScenario(dir, k.file, k.kernel, k.ab, m), true, times.at({ k.probeName, m, m }), 0 });
    }
    return cases;
}

std::vector<Case> seedCases(const std::string& dir)
{
    std::vector<Case> cases;
    const long n16 = 16L << 20;
    const double copyBytes = 2.0 * 4.0 * double(n16);
    // best-practices-guide-current.txt §9.2.1: V100 offsetCopy ≈ 790 GB/s aligned, ≈ 9/10 of it misaligned.
    cases.push_back({ "Seeds: offsetCopy (n = 16 M, block 256; DIGEST §8.1)", "V100 offset 0", "v100",
        copyScenario(dir, "offset_copy.cu", "offsetCopy", n16, n16 + 32, 0), false, 790.0, copyBytes });
    cases.push_back({ "Seeds: offsetCopy (n = 16 M, block 256; DIGEST §8.1)", "V100 offset 1", "v100",
        copyScenario(dir, "offset_copy.cu", "offsetCopy", n16, n16 + 32, 1), false, 711.0, copyBytes });
    // best-practices-guide-v8.0.txt §9.2.1.3 (Fig. 6): Tesla M2090 with ECC on, ≈ 130 GB/s for offsets that are
    // multiples of 32 words, about 4/5 of that otherwise (104 GB/s, DIGEST §8.1 [DERIVED]). n = 4 M: a CC 2.x
    // grid has at most 65 535 blocks, so 16 M elements in blocks of 256 do not launch there.
    const long n4 = 4L << 20;
    const double copyBytes4 = 2.0 * 4.0 * double(n4);
    cases.push_back({ "Seeds: offsetCopy (n = 16 M, block 256; DIGEST §8.1)", "M2090 offset 0 (n = 4 M)", "m2090",
        copyScenario(dir, "offset_copy.cu", "offsetCopy", n4, n4 + 32, 0), false, 130.0, copyBytes4 });
    cases.push_back({ "Seeds: offsetCopy (n = 16 M, block 256; DIGEST §8.1)", "M2090 offset 1 (n = 4 M)", "m2090",
        copyScenario(dir, "offset_copy.cu", "offsetCopy", n4, n4 + 32, 1), false, 104.0, copyBytes4 });
    // DIGEST §8.3-8.4 (Tables 2 and 3). M = N = 1024; Br + Bw = the sizes of A, B (C = AB only) and C.
    const long m = 1024;
    const double abBytes = 4.0 * double(m * 32 + 32 * m + m * m);
    const double aatBytes = 4.0 * double(m * 32 + m * m);
    const std::tuple<const char*, int, double> table[] = {
        { "v100", 0, 119.9 }, { "v100", 1, 144.4 }, { "v100", 2, 195.5 }, { "v100", 3, 12.8 }, { "v100", 4, 140.2 },
        { "v100", 5, 199.4 }, { "k20x", 0, 6.6 }, { "k20x", 1, 7.8 }, { "k20x", 2, 14.9 }, { "m2090", 3, 3.64 },
        { "m2090", 4, 27.5 }, { "m2090", 5, 39.2 },
    };
    for (const auto& [device, index, gbps] : table) {
        const MatrixKernel& k = kMatrices[index];
        cases.push_back({ "Seeds: matrix kernels (M = N = 1024, 32 x 32 blocks; DIGEST §8.3-8.4)",
            std::string(device) + " " + k.label, device, matrixScenario(dir, k.file, k.kernel, k.ab, m), false, gbps,
            k.ab ? abBytes : aatBytes });
    }
    return cases;
}

} // namespace calibration
