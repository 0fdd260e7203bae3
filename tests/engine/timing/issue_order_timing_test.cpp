// The timing model runs a kernel in ptxas's issue order (engine/ptx/issue_order.h) and reports it in the PTX's
// own: the same outputs and per-PC counts as the functional run, fewer cycles for independent work.
#include "engine/timing/timed_executor.h"
#include "timing_test_util.h"

#include <cstring>
#include <fstream>
#include <sstream>

namespace {

struct Result {
    engine::KernelOutcome outcome;
    std::vector<float> c;
};

/// Runs a launch request as written, without the TimedExecutor's reordering.
class AsWrittenExecutor final : public engine::KernelExecutor {
public:
    engine::Result<engine::KernelOutcome> run(const engine::simt::LaunchRequest& request,
        engine::simt::DeviceMemory& memory, std::stop_token stop) override
    {
        auto timed = engine::timing::runTimedKernel(request, memory, {}, stop);
        if (!timed)
            return timed.error();
        engine::KernelOutcome outcome;
        outcome.cycles = timed->cycles;
        return outcome;
    }
};

/// simpleMultiply (matrix_ab.cu) of an m x 32 matrix by a 32 x m one on the h100 profile.
Result multiply(engine::KernelExecutor& executor, const engine::ptx::Module& module, std::uint32_t m)
{
    engine::simt::DeviceMemory mem;
    std::vector<float> a(m * 32), b(32 * m);
    for (std::size_t i = 0; i < a.size(); ++i) {
        a[i] = static_cast<float>(i % 7) * 0.5f;
        b[i] = static_cast<float>(i % 5) - 2.0f;
    }
    const auto da = simt_testing::upload(mem, "a", a);
    const auto db = simt_testing::upload(mem, "b", b);
    const auto dc = simt_testing::upload(mem, "c", std::vector<float>(m * m, 0.0f));
    engine::simt::LaunchRequest r;
    r.module = &module;
    r.kernel = static_cast<std::uint32_t>(module.findFunction("simpleMultiply"));
    r.profile = &testing_fixtures::builtinProfile("h100");
    engine::simt::ParamBlockBuilder p(module.functions[r.kernel]);
    p.set(0, da);
    p.set(1, db);
    p.set(2, dc);
    p.set(3, m);
    r.params = p.bytes();
    r.grid = { m / 32, m / 32, 1 };
    r.block = { 32, 32, 1 };
    auto outcome = executor.run(r, mem, {});
    if (!outcome)
        throw std::runtime_error(outcome.error().toString());
    return { std::move(outcome).value(), simt_testing::download<float>(mem, dc) };
}

TEST(TimedIssueOrder, SameOutputsAndPerPcCountsInThePtxOrder)
{
    const auto module = simt_testing::corpus("matrix_ab", "sm_90");
    engine::FunctionalExecutor functional;
    engine::timing::TimedExecutor timed;
    const Result f = multiply(functional, module, 64);
    const Result t = multiply(timed, module, 64);
    EXPECT_EQ(0, std::memcmp(f.c.data(), t.c.data(), f.c.size() * sizeof(float)));
    const auto kernel = static_cast<std::size_t>(module.findFunction("simpleMultiply"));
    const auto& fc = f.outcome.stats.perFunction[kernel];
    const auto& tc = t.outcome.stats.perFunction[kernel];
    EXPECT_EQ(fc.warpExecutions, tc.warpExecutions);
    EXPECT_EQ(fc.threadExecutions, tc.threadExecutions);
    ASSERT_EQ(f.outcome.perPcMemory.size(), t.outcome.perPcMemory.size());
    for (std::size_t pc = 0; pc < f.outcome.perPcMemory.size(); ++pc) {
        EXPECT_EQ(f.outcome.perPcMemory[pc].requests, t.outcome.perPcMemory[pc].requests) << "pc " << pc;
        EXPECT_EQ(f.outcome.perPcMemory[pc].sectors, t.outcome.perPcMemory[pc].sectors) << "pc " << pc;
        // A load or store is counted at its own PC, as the PTX lists it.
        const auto& ins = module.functions[kernel].instructions[pc];
        const bool memory = (ins.opcode == engine::ptx::Opcode::Ld || ins.opcode == engine::ptx::Opcode::St)
            && ins.space != engine::ptx::StateSpace::Param;
        EXPECT_EQ(memory, t.outcome.perPcMemory[pc].requests > 0) << "pc " << pc;
    }
    // In the PTX as written each FMA waits for the two loads before it; in issue order 16 loads are in flight.
    AsWrittenExecutor asWritten;
    EXPECT_LT(*t.outcome.cycles, *multiply(asWritten, module, 64).outcome.cycles);
    for (const auto& request : t.outcome.sampledRequests) {
        const auto opcode = module.functions[kernel].instructions[request.pc.value].opcode;
        EXPECT_TRUE(opcode == engine::ptx::Opcode::Ld || opcode == engine::ptx::Opcode::St);
    }
}

/// matrix_ab with its first kernel (simpleMultiply) moved after the other two: another module, whose function
/// indices differ.
engine::ptx::Module reorderedMatrixAb()
{
    std::ifstream in(testing_paths::sourceDir() / "resources/kernels/sm_80/matrix_ab.ptx");
    std::stringstream s;
    s << in.rdbuf();
    const std::string text = s.str();
    const std::string entry = ".visible .entry";
    const auto first = text.find(entry);
    const auto second = text.find(entry, first + 1);
    return simt_testing::parse(text.substr(0, first) + text.substr(second) + "\n" + text.substr(first, second - first),
        "matrix_ab_reordered.ptx");
}

TEST(TimedIssueOrder, AnExecutorPreparesEveryModuleItRuns)
{
    // TimedExecutor prepares a module once (its issue order, static analysis, ptxas's counts) and keeps that for
    // the module's next launches; a launch of another module must not run the last one's preparation.
    const auto written = simt_testing::corpus("matrix_ab");
    const auto reordered = reorderedMatrixAb();
    ASSERT_NE(written.findFunction("simpleMultiply"), reordered.findFunction("simpleMultiply"));
    engine::FunctionalExecutor functional;
    engine::timing::TimedExecutor timed;
    for (const auto* module : { &written, &reordered, &written }) {
        const Result f = multiply(functional, *module, 32);
        const Result t = multiply(timed, *module, 32);
        EXPECT_EQ(0, std::memcmp(f.c.data(), t.c.data(), f.c.size() * sizeof(float)));
        const auto kernel = static_cast<std::size_t>(module->findFunction("simpleMultiply"));
        const auto& counts = t.outcome.stats.perFunction[kernel].warpExecutions;
        EXPECT_EQ(f.outcome.stats.perFunction[kernel].warpExecutions, counts);
        EXPECT_EQ(f.outcome.stats.warpInstructions, t.outcome.stats.warpInstructions);
    }
}

TEST(TimedIssueOrder, EachLaunchKeepsItsOwnPerPcCountsInThePtxOrder)
{
    // An executor reorders every launch's per-PC arrays through arrays an earlier launch gave up: a launch's outcome
    // must stay its own after the next launch, and each must match the functional run's.
    const auto module = simt_testing::corpus("matrix_ab", "sm_90");
    const auto kernel = static_cast<std::size_t>(module.findFunction("simpleMultiply"));
    engine::FunctionalExecutor functional;
    engine::timing::TimedExecutor timed;
    const Result small = multiply(timed, module, 32);
    const auto smallCounts = small.outcome.stats.perFunction[kernel].warpExecutions;
    std::vector<std::uint64_t> smallRequests;
    for (const auto& pc : small.outcome.perPcMemory)
        smallRequests.push_back(pc.requests);
    const Result large = multiply(timed, module, 64);
    EXPECT_EQ(small.outcome.stats.perFunction[kernel].warpExecutions, smallCounts);
    for (std::size_t pc = 0; pc < smallRequests.size(); ++pc)
        EXPECT_EQ(small.outcome.perPcMemory[pc].requests, smallRequests[pc]) << "pc " << pc;
    for (const auto& [m, timedResult] : { std::pair { 32u, &small }, std::pair { 64u, &large } }) {
        const Result f = multiply(functional, module, m);
        EXPECT_EQ(f.outcome.stats.perFunction[kernel].warpExecutions,
            timedResult->outcome.stats.perFunction[kernel].warpExecutions) << "m " << m;
        ASSERT_EQ(f.outcome.perPcMemory.size(), timedResult->outcome.perPcMemory.size());
        for (std::size_t pc = 0; pc < f.outcome.perPcMemory.size(); ++pc)
            EXPECT_EQ(f.outcome.perPcMemory[pc].requests, timedResult->outcome.perPcMemory[pc].requests)
                << "m " << m << " pc " << pc;
    }
    EXPECT_NE(smallCounts, large.outcome.stats.perFunction[kernel].warpExecutions);
}

} // namespace
