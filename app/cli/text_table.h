#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace app::cli {

/// A plain-text table with columns padded to their widest cell, for human-readable CLI output.
class TextTable {
public:
    explicit TextTable(std::vector<std::string> header);
    void addRow(std::vector<std::string> cells);
    void print(std::ostream& out) const;

private:
    std::vector<std::vector<std::string>> m_rows;
};

} // namespace app::cli
