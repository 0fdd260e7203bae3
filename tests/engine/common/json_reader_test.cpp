#include "engine/common/json_reader.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

TEST(JsonReader, LocationOfOffsetCountsLinesAndColumns)
{
    const auto location = engine::locationOfOffset("ab\ncd\nef", 4, "f.json");
    EXPECT_EQ(location.line, 2u);
    EXPECT_EQ(location.column, 2u);
}

TEST(JsonReader, FinishRejectsUnreadKeys)
{
    const auto json = nlohmann::json::parse(R"({"a": 1, "b": 2})");
    engine::JsonObject object(json, "/root");
    EXPECT_EQ(object.integer("a", 0, 10), 1);
    try {
        object.finish();
        FAIL() << "unknown key accepted";
    } catch (const engine::JsonPathError& error) {
        EXPECT_EQ(error.path, "/root/b");
    }
}

TEST(JsonReader, OptionalKeysFallBack)
{
    const auto json = nlohmann::json::parse(R"({"a": true})");
    engine::JsonObject object(json, "");
    EXPECT_EQ(object.integer("missing", 0, 10, 7), 7);
    EXPECT_TRUE(object.boolean("a", false));
    EXPECT_NO_THROW(object.finish());
}

TEST(JsonReader, VisitedCollectsDottedLeafPaths)
{
    const auto json = nlohmann::json::parse(R"({"outer": {"inner": 2.5}})");
    std::set<std::string> visited;
    engine::JsonObject root(json, "", &visited);
    EXPECT_DOUBLE_EQ(root.object("outer").number("inner", 0, 10), 2.5);
    EXPECT_TRUE(visited.contains("outer.inner"));
}

} // namespace
