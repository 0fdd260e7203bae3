#pragma once

#include "tests/model/store/store_test_support.h"

#include <string>
#include <vector>

namespace testing_cli {

/// Writes session.wsdb in `dir` with one synthetic run per shape of `finished` (store_tests::sendRun), then one left
/// open per shape of `unfinished`, and returns its path.
std::string writeSyntheticSession(const store_tests::TempDir& dir, const std::vector<store_tests::RunShape>& finished,
    const std::vector<store_tests::RunShape>& unfinished = {});

} // namespace testing_cli
