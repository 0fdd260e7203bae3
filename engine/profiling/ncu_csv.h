#pragma once

#include "engine/common/result.h"

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace engine {

/// One kernel launch of an Nsight Compute CSV export (`ncu --csv --metrics ...`): its ID, names, launch
/// shape and metric values (numbers with thousands separators removed).
struct NcuKernelRecord {
    int id = 0;
    std::string kernelName; ///< as ncu prints it: "offsetCopy(float *, float *, int)"
    std::string blockSize; ///< "(256, 1, 1)"
    std::string gridSize;
    std::map<std::string, double> metrics; ///< by metric name, in base units (byte, second, sector, %)

    /// The metric's value, or nullopt when the export lacks it.
    std::optional<double> metric(std::string_view name) const;
};

/// Parses the long ("one row per metric") CSV format ncu writes with --csv; lines before the header
/// (ncu's ==PROF== notes) are skipped; values in auto-scaled units ("Mbyte", "usecond") are converted to
/// base units. Records come back ordered by ID. Errors name the file and line.
Result<std::vector<NcuKernelRecord>> parseNcuCsv(std::string_view text, const std::string& fileName);
Result<std::vector<NcuKernelRecord>> loadNcuCsv(const std::filesystem::path& file);

} // namespace engine
