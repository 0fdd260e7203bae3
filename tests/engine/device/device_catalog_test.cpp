#include "engine/device/device_catalog.h"
#include "tests/engine/test_paths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <fstream>

namespace {

namespace fs = std::filesystem;

class DeviceCatalogTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        m_dir = fs::temp_directory_path() / ("warpscope-catalog-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(m_dir);
        fs::create_directories(m_dir);
    }
    void TearDown() override { fs::remove_all(m_dir); }

    void write(const std::string& name, const std::string& text)
    {
        std::ofstream(m_dir / name) << text;
    }

    static nlohmann::json profileJson(const std::string& id)
    {
        std::ifstream in(testing_paths::sourceDir() / ("resources/devices/" + id + ".json"));
        return nlohmann::json::parse(in);
    }

    fs::path m_dir;
};

TEST_F(DeviceCatalogTest, UserProfilesAreAdded)
{
    auto json = profileJson("v100");
    json["id"] = "v100-pcie";
    json["sm_count"] = 80;
    write("v100-pcie.json", json.dump());
    const auto loaded = engine::DeviceCatalog::load({ m_dir });
    EXPECT_TRUE(loaded.errors.empty());
    const auto* profile = loaded.catalog.find("v100-pcie");
    ASSERT_NE(profile, nullptr);
    EXPECT_EQ(profile->origin, (m_dir / "v100-pcie.json").string());
}

TEST_F(DeviceCatalogTest, UserProfileReplacesBuiltinWithTheSameId)
{
    auto json = profileJson("h100");
    json["sm_count"] = 114;
    write("h100.json", json.dump());
    const auto loaded = engine::DeviceCatalog::load({ m_dir });
    EXPECT_EQ(loaded.catalog.find("h100")->smCount, 114);
    EXPECT_EQ(loaded.catalog.profiles().size(), 8u);
}

TEST_F(DeviceCatalogTest, BrokenUserProfileIsReportedAndLeftOut)
{
    auto json = profileJson("a100");
    json["id"] = "mine";
    json["limits"]["max_blocks_per_sm"] = -3;
    write("mine.json", json.dump());
    write("notes.txt", "not a profile");
    const auto loaded = engine::DeviceCatalog::load({ m_dir });
    ASSERT_EQ(loaded.errors.size(), 1u);
    EXPECT_EQ(loaded.errors[0].location.file, (m_dir / "mine.json").string());
    EXPECT_EQ(loaded.errors[0].location.jsonPath, "/limits/max_blocks_per_sm");
    EXPECT_EQ(loaded.catalog.find("mine"), nullptr);
    EXPECT_NE(loaded.catalog.find("a100"), nullptr);
}

TEST_F(DeviceCatalogTest, MissingDirectoryIsFine)
{
    const auto loaded = engine::DeviceCatalog::load({ m_dir / "does-not-exist" });
    EXPECT_TRUE(loaded.errors.empty());
    EXPECT_EQ(loaded.catalog.profiles().size(), 8u);
}

TEST_F(DeviceCatalogTest, UnknownIdListsTheKnownOnes)
{
    const auto loaded = engine::DeviceCatalog::load({});
    const auto result = loaded.catalog.get("gtx480");
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error().message,
        "unknown device 'gtx480' (known: g80, c1060, c2050, m2090, k20x, v100, a100, h100)");
}

TEST_F(DeviceCatalogTest, UserDirectoryFollowsXdg)
{
    const char* old = std::getenv("XDG_CONFIG_HOME");
    const std::string saved = old ? old : "";
    ::setenv("XDG_CONFIG_HOME", m_dir.c_str(), 1);
    EXPECT_EQ(engine::userProfileDirectory(), m_dir / "warpscope" / "devices");
    if (old)
        ::setenv("XDG_CONFIG_HOME", saved.c_str(), 1);
    else
        ::unsetenv("XDG_CONFIG_HOME");
}

} // namespace
