#include "engine/common/json_document.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

using engine::parseJsonDocument;

TEST(JsonDocument, ParsesAWellFormedDocument)
{
    const auto document = parseJsonDocument(R"({"a": [1, {"b": 2.5}], "c": "x"})", "f.json");
    ASSERT_TRUE(document.ok()) << document.error().toString();
    EXPECT_EQ((*document)["a"][1]["b"], 2.5);
    EXPECT_EQ((*document)["c"], "x");
}

TEST(JsonDocument, DuplicateKeyNamesItsPath)
{
    const auto document = parseJsonDocument(R"({"p": {"n": 1, "m": [0, {"k": 1, "k": 2}]}})", "f.json");
    ASSERT_FALSE(document.ok());
    EXPECT_EQ(document.error().toString(), "f.json: /p/m/1/k: key \"k\" appears twice in this object");
    EXPECT_FALSE(parseJsonDocument(R"({"n": 1, "n": 1})", "f.json").ok());
    // The same key in sibling objects is fine.
    EXPECT_TRUE(parseJsonDocument(R"([{"n": 1}, {"n": 2}])", "f.json").ok());
}

TEST(JsonDocument, NumberBeyondADoubleIsLocated)
{
    const auto document = parseJsonDocument("{\n  \"x\": -1e999\n}", "f.json");
    ASSERT_FALSE(document.ok());
    EXPECT_EQ(document.error().location.line, 2u);
    EXPECT_EQ(document.error().location.column, 8u);
    EXPECT_NE(document.error().message.find("number -1e999 is out of the range of a double"), std::string::npos)
        << document.error().message;
}

TEST(JsonDocument, MalformedTextIsLocated)
{
    const auto document = parseJsonDocument("{\"a\": 1,\n \"b\" 2}", "f.json");
    ASSERT_FALSE(document.ok());
    EXPECT_EQ(document.error().location.line, 2u);
    EXPECT_NE(document.error().message.find("malformed JSON"), std::string::npos);
}

} // namespace
