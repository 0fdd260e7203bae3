#pragma once

#include <string>
#include <string_view>

namespace app::docgen {

/// Text made safe for a man page: backslashes become \e, hyphens \- (so options copy as ASCII hyphens), and a
/// line that would start with '.' or '\'' is guarded with \&.
std::string roffEscape(std::string_view text);

/// The page's title line: `.TH NAME 1 "" "warpscope VERSION" "User Commands"`.
std::string roffTitle(std::string_view upperName, std::string_view version);

} // namespace app::docgen
