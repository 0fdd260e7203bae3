// libFuzzer target for scenario integer expressions: any text evaluates or gives an Error, never a crash
// (nesting 26 000 parentheses or 160 000 unary signs once overflowed the stack), a signed-overflow report
// or a message longer than one short line. The dictionary (int_expression.dict) holds the extremes.
#include "engine/host/int_expression.h"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const engine::ParamValues params {{"n", 16777216}, {"big", std::numeric_limits<std::int64_t>::max()},
        {"small", std::numeric_limits<std::int64_t>::min()}, {"zero", 0}};
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto value = engine::evaluateIntExpression(text, params);
    if (!value.ok() && value.error().message.size() > 200)
        __builtin_trap(); // a message quotes a long expression's start only
    return 0;
}
