#include "engine/device/profile_text.h"

#include "engine/device/embedded_file.h"

#include <fstream>
#include <sstream>
#include <string_view>

namespace engine {

std::string profileText(const DeviceProfile& profile)
{
    if (profile.origin == "built-in") {
        const auto wanted = profile.id + ".json";
        for (const auto& file : builtinProfileFiles()) {
            const std::string_view name(file.name);
            if (name == wanted || name.ends_with("/" + wanted))
                return file.text;
        }
        return {};
    }
    std::ifstream in(profile.origin, std::ios::binary);
    if (!in)
        return {};
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

} // namespace engine
