#pragma once

#include "engine/ptx/parser.h"

#include <gtest/gtest.h>
#include <string>

namespace ptx_test {

/// A minimal module around `body`, the statements of one kernel `k` with a few registers declared.
inline std::string kernelWithBody(const std::string& body)
{
    return ".version 8.5\n.target sm_80\n.address_size 64\n"
           ".visible .entry k(.param .u64 k_p0, .param .u32 k_p1)\n{\n"
           ".reg .pred %p<4>;\n.reg .b32 %r<8>;\n.reg .f32 %f<8>;\n.reg .b64 %rd<8>;\n"
        + body + "\n}\n";
}

/// Parses `text`, expecting success; reports the error otherwise.
inline engine::ptx::Module parseOk(const std::string& text, const std::string& name = "test.ptx")
{
    auto result = engine::ptx::parsePtx(text, name);
    EXPECT_TRUE(result.ok()) << (result.ok() ? "" : result.error().toString());
    return result.ok() ? std::move(result).value() : engine::ptx::Module {};
}

/// Parses `text`, expecting it to fail or to refuse one of its functions (an unsupported instruction refuses
/// its function only: Function::refusal), and returns the error's one-line form "file:line:col: message".
inline std::string parseError(const std::string& text, const std::string& name = "bad.ptx")
{
    auto result = engine::ptx::parsePtx(text, name);
    if (!result.ok())
        return result.error().toString();
    for (const auto& f : result.value().functions) {
        if (f.refusal)
            return f.refusal->toString();
    }
    ADD_FAILURE() << "parsed, with no function refused, although it should not have";
    return {};
}

} // namespace ptx_test
