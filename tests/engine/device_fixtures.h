#pragma once

#include "engine/device/device_catalog.h"

#include <gtest/gtest.h>

namespace testing_fixtures {

/// The bundled profiles, loaded once per test binary.
inline const engine::DeviceCatalog& builtinCatalog()
{
    static const auto loaded = engine::DeviceCatalog::load({});
    return loaded.catalog;
}

/// A bundled profile by id; fails the test when missing.
inline const engine::DeviceProfile& builtinProfile(const std::string& id)
{
    const auto* profile = builtinCatalog().find(id);
    if (!profile)
        throw std::runtime_error("no built-in profile " + id);
    return *profile;
}

} // namespace testing_fixtures
