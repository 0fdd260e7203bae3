#include "engine/profiling/ncu_csv.h"

#include <gtest/gtest.h>

namespace {

const char* kExport = R"csv(==PROF== Connected to process 579 (/tmp/kernel_probe)
"ID","Process ID","Process Name","Host Name","Kernel Name","Context","Stream","Block Size","Grid Size","Device","CC","Section Name","Metric Name","Metric Unit","Metric Value"
"0","579","kernel_probe","127.0.0.1","offsetCopy(float *, float *, int)","1","7","(256, 1, 1)","(65536, 1, 1)","0","9.0","Command line profiler metrics","dram__bytes_read.sum","byte","67,115,776"
"0","579","kernel_probe","127.0.0.1","offsetCopy(float *, float *, int)","1","7","(256, 1, 1)","(65536, 1, 1)","0","9.0","Command line profiler metrics","gpu__time_duration.sum","nsecond","54144"
"1","579","kernel_probe","127.0.0.1","strideCopy(float *, float *, int)","1","7","(256, 1, 1)","(4096, 1, 1)","0","9.0","Command line profiler metrics","dram__bytes_read.sum","byte","4,197,120"
)csv";

TEST(NcuCsv, ReadsTheLongFormatAndGroupsByKernel)
{
    const auto records = engine::parseNcuCsv(kExport, "export.csv");
    ASSERT_TRUE(records.ok()) << records.error().toString();
    ASSERT_EQ(records->size(), 2u);
    EXPECT_EQ((*records)[0].kernelName, "offsetCopy(float *, float *, int)");
    EXPECT_EQ((*records)[0].gridSize, "(65536, 1, 1)");
    EXPECT_DOUBLE_EQ(*(*records)[0].metric("dram__bytes_read.sum"), 67115776);
    EXPECT_DOUBLE_EQ(*(*records)[0].metric("gpu__time_duration.sum"), 54144e-9); // seconds
    EXPECT_FALSE((*records)[1].metric("gpu__time_duration.sum").has_value());
}

TEST(NcuCsv, AutoScaledUnitsBecomeBaseUnits)
{
    // `ncu --print-units auto` (the default) prints "Mbyte", "usecond", "Ksector"; SI prefixes.
    const char* autoUnits = R"csv("ID","Kernel Name","Block Size","Grid Size","Metric Name","Metric Unit","Metric Value"
"0","k()","(256, 1, 1)","(4, 1, 1)","dram__bytes_read.sum","Mbyte","67.12"
"0","k()","(256, 1, 1)","(4, 1, 1)","gpu__time_duration.sum","usecond","54.14"
"0","k()","(256, 1, 1)","(4, 1, 1)","l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum","Ksector","2,097.15"
"0","k()","(256, 1, 1)","(4, 1, 1)","sm__warps_active.avg.pct_of_peak_sustained_active","%","87.5"
"0","k()","(256, 1, 1)","(4, 1, 1)","smsp__inst_executed.sum","inst","1024"
)csv";
    const auto records = engine::parseNcuCsv(autoUnits, "auto.csv");
    ASSERT_TRUE(records.ok()) << records.error().toString();
    const auto& r = records->front();
    EXPECT_DOUBLE_EQ(*r.metric("dram__bytes_read.sum"), 67.12e6);
    EXPECT_NEAR(*r.metric("gpu__time_duration.sum"), 54.14e-6, 1e-15);
    EXPECT_DOUBLE_EQ(*r.metric("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"), 2097.15e3);
    EXPECT_DOUBLE_EQ(*r.metric("sm__warps_active.avg.pct_of_peak_sustained_active"), 87.5);
    EXPECT_DOUBLE_EQ(*r.metric("smsp__inst_executed.sum"), 1024);
}

TEST(NcuCsv, ErrorsNameTheLine)
{
    auto broken = std::string(kExport) + "\"2\",\"579\"\n";
    const auto result = engine::parseNcuCsv(broken, "export.csv");
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error().location.line, 6u);
    EXPECT_FALSE(engine::parseNcuCsv("just text\n", "notes.txt").ok());
}

} // namespace
