#pragma once

#include "engine/ptx/module.h"

#include <nlohmann/json.hpp>

namespace app::cli {

/// The module's __constant__ and __device__ variables for `ptx --json`: name (as the host names it),
/// ptx_name, space ("const" | "global"), type, size, align, and the initializer when there is one
/// ("initializer_hex": its bytes, little-endian; "address_initializers": how many elements are addresses).
nlohmann::json symbolsJson(const engine::ptx::Module& module);

} // namespace app::cli
