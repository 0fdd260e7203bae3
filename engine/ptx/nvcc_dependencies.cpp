#include "engine/ptx/nvcc_dependencies.h"

#include <fstream>
#include <sstream>

namespace engine::ptx {

namespace fs = std::filesystem;

namespace {

/// The file's contents hashed, or "" when it cannot be read.
std::string fileHash(const fs::path& file)
{
    std::ifstream in(file, std::ios::binary);
    if (!in)
        return {};
    std::ostringstream text;
    text << in.rdbuf();
    return contentHash(text.str());
}

bool isUnder(const fs::path& file, const fs::path& root)
{
    const auto relative = file.lexically_relative(root);
    return !relative.empty() && *relative.begin() != "..";
}

} // namespace

std::string contentHash(std::string_view data)
{
    std::uint64_t h = 0xcbf29ce484222325U;
    for (char c : data) {
        h ^= static_cast<unsigned char>(c);
        h *= 0x100000001b3U;
    }
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string s(16, '0');
    for (int i = 15; i >= 0; --i, h >>= 4)
        s[static_cast<std::size_t>(i)] = kDigits[h & 0xf];
    return s;
}

std::vector<fs::path> parseDependencyFile(std::string_view text, const fs::path& baseDir)
{
    // Make syntax: "target : prereq prereq \<newline> prereq"; a backslash escapes a space in a name.
    std::vector<std::string> words(1);
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\\' && i + 1 < text.size() && text[i + 1] == ' ') {
            words.back() += ' ';
            ++i;
        } else if (c == '\\' && i + 1 < text.size() && (text[i + 1] == '\n' || text[i + 1] == '\r')) {
            words.emplace_back();
        } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            words.emplace_back();
        } else {
            words.back() += c;
        }
    }
    std::vector<fs::path> files;
    bool afterColon = false;
    for (const auto& word : words) {
        if (word.empty())
            continue;
        if (!afterColon) {
            afterColon = word.back() == ':';
            continue;
        }
        const fs::path file(word);
        files.push_back((file.is_absolute() ? file : baseDir / file).lexically_normal());
    }
    return files;
}

std::string dependencyStamp(
    const std::vector<fs::path>& dependencies, const std::vector<fs::path>& systemRoots, const fs::path& cuFile)
{
    std::string stamp;
    const auto source = fs::absolute(cuFile).lexically_normal();
    for (const auto& file : dependencies) {
        const auto normal = fs::absolute(file).lexically_normal();
        if (normal == source)
            continue;
        bool system = false;
        for (const auto& root : systemRoots)
            system = system || isUnder(normal, root);
        if (!system)
            stamp += fileHash(normal) + ' ' + normal.string() + '\n';
    }
    return stamp;
}

bool dependencyStampHolds(std::string_view stamp)
{
    std::istringstream lines {std::string(stamp)};
    for (std::string line; std::getline(lines, line);) {
        const auto space = line.find(' ');
        if (space == std::string::npos || fileHash(line.substr(space + 1)) != line.substr(0, space))
            return false;
    }
    return true;
}

} // namespace engine::ptx
