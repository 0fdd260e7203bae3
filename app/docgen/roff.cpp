#include "app/docgen/roff.h"

namespace app::docgen {

std::string roffEscape(std::string_view text)
{
    std::string out;
    out.reserve(text.size() + 8);
    bool lineStart = true;
    for (const char c : text) {
        if (lineStart && (c == '.' || c == '\''))
            out += "\\&";
        if (c == '\\')
            out += "\\e";
        else if (c == '-')
            out += "\\-";
        else
            out += c;
        lineStart = c == '\n';
    }
    return out;
}

std::string roffTitle(std::string_view upperName, std::string_view version)
{
    return ".TH " + std::string(upperName) + " 1 \"\" \"warpscope " + std::string(version) + "\" \"User Commands\"\n";
}

} // namespace app::docgen
