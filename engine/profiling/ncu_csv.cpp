#include "engine/profiling/ncu_csv.h"

#include "engine/common/input_file.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

namespace engine {

namespace {

/// Splits one CSV line with double-quoted fields (RFC 4180 quoting, no embedded newlines).
std::vector<std::string> splitCsv(std::string_view line)
{
    std::vector<std::string> fields(1);
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (c == '"') {
            if (quoted && i + 1 < line.size() && line[i + 1] == '"') {
                fields.back() += '"';
                ++i;
            } else {
                quoted = !quoted;
            }
        } else if (c == ',' && !quoted) {
            fields.emplace_back();
        } else if (c != '\r') {
            fields.back() += c;
        }
    }
    return fields;
}

std::optional<double> parseNumber(std::string text)
{
    text.erase(std::remove(text.begin(), text.end(), ','), text.end());
    try {
        std::size_t used = 0;
        const double value = std::stod(text, &used);
        return used == text.size() ? std::optional(value) : std::nullopt;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

/// The factor from an ncu display unit to its base unit. ncu prints values in auto-scaled units by default
/// (`--print-units auto`: "Kbyte", "Mbyte", "usecond", "Ksector") and in base units with
/// `--print-units base`; metrics are kept in base units (byte, second, sector, ...) so an export made
/// either way reads the same. SI prefixes, as ncu uses them (NVIDIA Nsight Compute CLI documentation,
/// "--print-units"). A unit without a known prefix ("byte", "%", "inst", "") is already a base unit.
double unitScale(std::string_view unit)
{
    if (unit.ends_with("second") && unit.size() == std::string_view("second").size() + 1) {
        switch (unit.front()) {
        case 'n':
            return 1e-9;
        case 'u':
            return 1e-6;
        case 'm':
            return 1e-3;
        default:
            return 1.0;
        }
    }
    if (unit.size() > 1 && std::islower(static_cast<unsigned char>(unit[1]))) {
        switch (unit.front()) {
        case 'K':
            return 1e3;
        case 'M':
            return 1e6;
        case 'G':
            return 1e9;
        case 'T':
            return 1e12;
        default:
            break;
        }
    }
    return 1.0;
}

} // namespace

std::optional<double> NcuKernelRecord::metric(std::string_view name) const
{
    const auto it = metrics.find(std::string(name));
    return it == metrics.end() ? std::nullopt : std::optional(it->second);
}

Result<std::vector<NcuKernelRecord>> parseNcuCsv(std::string_view text, const std::string& fileName)
{
    std::istringstream in { std::string(text) };
    std::string line;
    std::vector<std::string> header;
    std::map<int, NcuKernelRecord> records;
    std::uint32_t lineNumber = 0;
    while (std::getline(in, line)) {
        ++lineNumber;
        if (header.empty()) {
            if (line.starts_with("\"ID\""))
                header = splitCsv(line);
            continue;
        }
        const auto fields = splitCsv(line);
        if (fields.size() != header.size())
            return Error { ErrorCode::ParseError, "expected " + std::to_string(header.size()) + " fields, found "
                    + std::to_string(fields.size()), SourceLocation::inFile(fileName, lineNumber) };
        std::map<std::string, std::string> row;
        for (std::size_t i = 0; i < fields.size(); ++i)
            row[header[i]] = fields[i];
        const auto id = parseNumber(row["ID"]);
        const auto value = parseNumber(row["Metric Value"]);
        if (!id || !value)
            return Error { ErrorCode::ParseError, "ID or Metric Value is not a number", SourceLocation::inFile(fileName, lineNumber) };
        auto& record = records[static_cast<int>(*id)];
        record.id = static_cast<int>(*id);
        record.kernelName = row["Kernel Name"];
        record.blockSize = row["Block Size"];
        record.gridSize = row["Grid Size"];
        record.metrics[row["Metric Name"]] = *value * unitScale(row["Metric Unit"]);
    }
    if (header.empty())
        return Error { ErrorCode::ParseError, "no ncu CSV header (\"ID\",...) found; export with ncu --csv",
            SourceLocation::inFile(fileName) };
    std::vector<NcuKernelRecord> out;
    for (auto& [id, record] : records)
        out.push_back(std::move(record));
    return out;
}

Result<std::vector<NcuKernelRecord>> loadNcuCsv(const std::filesystem::path& file)
{
    auto text = readInputFile(file);
    if (!text)
        return text.error();
    return parseNcuCsv(*text, file.string());
}

} // namespace engine
