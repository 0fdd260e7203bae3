#pragma once

#include <filesystem>

namespace testing_paths {

/// The source tree, for tests that read bundled resources.
inline std::filesystem::path sourceDir()
{
    return WARPSCOPE_SOURCE_DIR;
}

/// tests/engine/data: fixtures of the engine tests.
inline std::filesystem::path testData()
{
    return WARPSCOPE_TEST_DATA;
}

} // namespace testing_paths
