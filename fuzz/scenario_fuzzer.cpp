// libFuzzer target for the scenario reader: any byte string must parse to a scenario that resolves, or give
// an Error naming the file, never crash, hang or trip a sanitizer. The dictionary (scenario.dict) holds the
// numeric extremes (1e999, INT64_MAX, 2^64) and nesting runs that once crashed the reader and the
// expression evaluator. Seeds: resources/scenarios/*.json.
#include "engine/host/scenario_parser.h"
#include "engine/host/scenario_resolver.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto spec = engine::parseScenario(text, "fuzz.json");
    if (!spec.ok()) {
        if (spec.error().location.file != "fuzz.json")
            __builtin_trap(); // every scenario error must name the file
        return 0;
    }
    (void)engine::resolveScenario(*spec);
    return 0;
}
