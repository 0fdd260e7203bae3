// libFuzzer target for the PTX front end: any byte string must either parse or give an Error with a
// location, never crash, hang, leak or trip a sanitizer. Seeds: resources/kernels/sm_*/*.ptx.
#include "engine/ptx/parser.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    std::string_view text(reinterpret_cast<const char*>(data), size);
    auto result = engine::ptx::parsePtx(text, "fuzz.ptx");
    if (!result.ok() && result.error().location.file != "fuzz.ptx")
        __builtin_trap(); // every parse error must name the file
    return 0;
}
