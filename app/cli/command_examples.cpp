#include "app/cli/command_examples.h"

#include <map>

namespace app::cli {

const std::vector<std::string>& commandExamples(const std::string& commandName)
{
    static const std::map<std::string, std::vector<std::string>> examples = {
        {"devices", {"devices", "devices --json"}},
        {"occupancy",
            {"occupancy --device v100 --block 320 --regs 37",
                "occupancy --device h100 --block 256 --smem 49152 --json"}},
        {"ptx", {"ptx offset_copy.cu --arch sm_90 --json", "ptx sm_80/offset_copy.ptx"}},
        {"run",
            {"run offset_copy.json --device g80 --set offset=1",
                "run stride_copy.json --device h100 --set stride=2 --db session.wsdb --json"}},
        {"runs", {"runs session.wsdb --json"}},
        {"trace", {"trace session.wsdb -o trace.json"}},
        {"compare", {"compare session.wsdb 1 2 --json", "compare session.wsdb 1 --ncu ncu_export.csv"}},
        {"report",
            {"report session.wsdb --format pdf -o report.pdf",
                "report session.wsdb --run 2 --format csv --lines -o lines.csv"}},
        {"sweep",
            {"sweep offset_copy.json --param offset=0:32 --device g80,c2050,v100,h100 --csv",
                "sweep stride_copy.json --param stride=1:8 --device h100 --json --db session.wsdb"}},
    };
    static const std::vector<std::string> none;
    const auto it = examples.find(commandName);
    return it == examples.end() ? none : it->second;
}

} // namespace app::cli
