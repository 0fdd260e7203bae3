#pragma once

// Shared pieces of the third-party corpus checks (corpus_polybench_test.cpp, ...): run a scenario of
// resources/scenarios/corpus/ through warpscope-cli, read back the buffers it dumped, and compare them with a
// CPU reference.

#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace testing_corpus {

/// The final contents of the buffers a run dumped (device and host buffers, by scenario name).
class DumpedBuffers {
public:
    void put(const std::string& name, std::vector<std::uint8_t> bytes) { m_bytes[name] = std::move(bytes); }

    template <typename T> std::vector<T> get(const std::string& name) const
    {
        const auto it = m_bytes.find(name);
        if (it == m_bytes.end())
            return {};
        std::vector<T> values(it->second.size() / sizeof(T));
        std::memcpy(values.data(), it->second.data(), values.size() * sizeof(T));
        return values;
    }
    std::vector<float> f32(const std::string& name) const { return get<float>(name); }

private:
    std::map<std::string, std::vector<std::uint8_t>> m_bytes;
};

/// One corpus check: the scenario (relative to resources/scenarios/corpus/), the buffers to dump, and the
/// function that compares them with the CPU reference (through the EXPECT_ macros).
struct CorpusCase {
    std::string scenario;
    std::vector<std::string> dumps;
    void (*check)(const DumpedBuffers&);
};

/// Runs `warpscope-cli run SCENARIO --functional --dump NAME=FILE ...`; fails the test on a nonzero exit.
DumpedBuffers runCorpusScenario(const CorpusCase& c);

/// Expects every element of `got` within `relative` of `want` (relative to the element), allowing an absolute
/// slack of 1e-6 of the largest |want| for elements near zero. Reports the count and the first mismatch.
void expectClose(
    const std::string& what, const std::vector<float>& got, const std::vector<float>& want, double relative);

/// Expects `got` == `want` element for element.
void expectEqual(const std::string& what, const std::vector<std::int32_t>& got, const std::vector<std::int32_t>& want);

/// gtest's name for a case: the scenario's file name without folders and extension, in letters and digits.
std::string caseName(const CorpusCase& c);

} // namespace testing_corpus
