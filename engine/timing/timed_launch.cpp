#include "engine/timing/timed_launch.h"

#include "engine/common/host_cache.h"
#include "engine/common/host_cores.h"
#include "engine/occupancy/occupancy_calculator.h"
#include "engine/simt/block_independence.h"
#include "engine/simt/cooperative_grid.h"
#include "engine/simt/cta_runner.h"
#include "engine/simt/fault_report.h"
#include "engine/simt/launch_plan.h"
#include "engine/timing/block_recorder.h"
#include "engine/timing/block_source.h"
#include "engine/timing/pipe_class.h"
#include "engine/timing/sample_extrapolation.h"
#include "engine/timing/sm_model.h"
#include "engine/timing/sm_model_pool.h"
#include "engine/timing/sm_window_stepper.h"
#include "engine/timing/stepper_guests.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <optional>
#include <queue>

namespace engine::timing {

namespace {

    bool needsImage(const ptx::Module& m)
    {
        return std::any_of(m.variables.begin(), m.variables.end(), [](const ptx::Variable& v) {
            return v.space == ptx::StateSpace::Global || v.space == ptx::StateSpace::Const;
        });
    }

    /// Cycles from a taken branch to the warp's next issue: the profile's "branch" class latency (1 when absent;
    /// no guide gives one).
    std::uint64_t branchTakenCycles(const DeviceProfile& profile)
    {
        const auto it = profile.instructions.find("branch");
        return it == profile.instructions.end() ? 1 : static_cast<std::uint64_t>(std::max(1.0, it->second.latencyCycles));
    }

    using Event = std::pair<std::uint64_t, std::uint32_t>; ///< (cycle, SM), smallest first

    /// The SMs a launch can use: the first wave deals its blocks to SMs 0, 1, ... in turn, and a later block takes a
    /// retired one's SM, so a grid of fewer blocks than the device has SMs never reaches the others (a launch of one
    /// block builds one SM, not 132).
    std::size_t smsUsed(const DeviceProfile& profile, const simt::LaunchPlan& plan)
    {
        return static_cast<std::size_t>(
            std::clamp<std::uint64_t>(plan.blockCount, 1, static_cast<std::uint64_t>(std::max(1, profile.smCount))));
    }

    /// The event loop of one launch: owns the SMs, dispatches blocks and steps SMs in time order.
    class LaunchTimer {
    public:
        /// `functional`: how the blocks run functionally (BlockSource), Batches on `functionalThreads` threads, the
        /// first `batchedBlocks` of them (BlockSource::Inputs).
        LaunchTimer(const simt::LaunchRequest& request, const simt::LaunchPlan& plan, simt::DeviceMemory& memory,
            const TimingOptions& options, int blocksPerSm, MemoryHierarchy& hierarchy, BlockSource::Mode functional,
            unsigned functionalThreads, std::uint64_t batchedBlocks, bool batchesOnCaller,
            std::chrono::steady_clock::time_point started);

        /// Its SMs serve the next launch.
        ~LaunchTimer() { SmModelPool::giveBack(std::move(m_sms)); }
        LaunchTimer(const LaunchTimer&) = delete;
        LaunchTimer& operator=(const LaunchTimer&) = delete;

        /// The SMs in one event loop on this thread, results below the L1 known at once: for launches with
        /// asynchronous copies or mbarriers, whose completions feed copy groups and phases as they issue.
        std::optional<Error> run(const std::stop_token& stop);
        /// The SMs window by window on at most `threads` threads (SmWindowStepper): every other launch. `pipeline`:
        /// two threads, a third running the blocks ahead (runTimedKernel).
        std::optional<Error> runWindowed(const std::stop_token& stop, unsigned threads, bool pipeline);
        /// Whether the kernel has cp.async, bulk copies or mbarriers (sm_async.cpp).
        bool usesAsync() const
        {
            return std::any_of(m_statics.instructions.begin(), m_statics.instructions.end(),
                [](const StaticInstruction& st) { return st.asyncOp != ptx::AsyncOp::None; });
        }
        std::optional<Error> runCooperative(simt::DeviceMemory& memory, const std::stop_token& stop);
        TimedLaunch result(const OccupancyResult& occupancy);

    private:
        /// Seconds since runTimedKernel began.
        double sinceStart() const
        {
            return std::chrono::duration<double>(std::chrono::steady_clock::now() - m_started).count();
        }

        std::optional<Error> dispatch(std::uint32_t sm, std::uint64_t now, bool replacing = false);
        std::optional<Error> dispatchFirstWave();
        std::optional<Error> retire(std::uint32_t sm);
        std::optional<Error> retireBlock(std::uint32_t sm, FinishedBlock& block);
        std::uint64_t step(std::uint32_t sm, std::uint64_t cycle);
        /// Sampling: counts a retired block towards the steady-state test; stops dispatching once it passes.
        void watchForSteadyState(const FinishedBlock& block);
        SteadyWindowCounts steadyCounts() const;
        /// What a launch stopped by its caller returns: the functional runner's "launch cancelled", at the
        /// kernel's source.
        Error cancelledError() const;

        const simt::LaunchRequest& m_request;
        const simt::LaunchPlan& m_plan;
        const TimingOptions& m_options;
        MemoryHierarchy& m_hierarchy;
        StaticTable m_ownStatics; ///< makeStaticTable, unless TimingOptions::statics has it
        const StaticTable& m_statics;
        PipeTiming m_pipes;
        IntervalRecorder m_intervals;
        SmContext m_context;
        // From here to m_runner: the functional run's state, which the blocks' thread writes at every instruction of
        // the blocks it runs ahead (the pipeline of two threads), on host cache lines of its own. Beside m_context,
        // which every SM reads as it steps, the two threads took each other's lines, or not, as the heap placed this
        // object: muld 1 024 x 512 x 512 on two threads here took 7.9 or 9.3-10.2 CPU-seconds by the command line's
        // arguments alone, and 8.2-9.0 with every one of six aligned (bench/README.md, "Sixteenth round").
        alignas(kThreadPrivateAlign) BlockRecorder m_recorder;
        simt::LaunchStats m_stats;
        simt::IssueCounters m_issue;
        simt::CtaRunner m_runner;
        alignas(kThreadPrivateAlign) std::vector<SmModel> m_sms;
        std::priority_queue<Event, std::vector<Event>, std::greater<>> m_events;
        std::vector<std::uint64_t> m_nextEvent;
        std::uint64_t m_nextBlock = 0;
        /// Over the first wave's blocks, the fewest cycles one can take: its longest warp's instructions.
        std::uint64_t m_fewestBlockCycles = ~std::uint64_t { 0 };
        std::uint64_t m_firstWaveBlocks = 0;
        std::uint64_t m_firstWaveInstructions = 0; ///< the first wave's warp instructions, all its blocks'
        std::uint64_t m_blocksFinished = 0; ///< for LaunchRequest::blockFinished
        std::uint64_t m_age = 0;
        std::uint64_t m_endCycle = 0;
        std::optional<SteadyStateDetector> m_steadyState; ///< only when sampling
        MemoryTraffic m_retiredTraffic; ///< of the blocks retired so far (sampling)
        std::vector<MemoryTraffic> m_windowTraffic; ///< m_retiredTraffic at the end of each sampling window
        bool m_dispatchStopped = false; ///< sampling found the steady state: no more blocks are dispatched
        bool m_windowed = false; ///< runWindowed keeps m_nextEvent itself (no m_events)
        std::stop_source m_traceStop; ///< the caller's stop, or the block recorder's past its trace limit
        std::unique_ptr<BlockSource> m_source; ///< runs the blocks functionally (after m_runner: stops first)
        std::chrono::steady_clock::time_point m_started; ///< when runTimedKernel began
        HostPhases m_phases;
    };

    LaunchTimer::LaunchTimer(const simt::LaunchRequest& request, const simt::LaunchPlan& plan,
        simt::DeviceMemory& memory, const TimingOptions& options, int blocksPerSm, MemoryHierarchy& hierarchy,
        BlockSource::Mode functional, unsigned functionalThreads, std::uint64_t batchedBlocks, bool batchesOnCaller,
        std::chrono::steady_clock::time_point started)
        : m_request(request)
        , m_plan(plan)
        , m_options(options)
        , m_hierarchy(hierarchy)
        , m_ownStatics(options.statics ? StaticTable {} : makeStaticTable(*request.module))
        , m_statics(options.statics ? *options.statics : m_ownStatics)
        , m_pipes(makePipeTiming(*request.profile))
        , m_intervals(static_cast<std::uint32_t>(request.profile->smCount), options.recordSms, options.maxIntervals,
              options.sink)
        , m_recorder(*request.profile, *request.module, request.kernel, plan.warpsPerBlock)
        , m_stats { 0, 0, 0, 0, 0, simt::makePcCounters(*request.module) }
        , m_issue { 0, 0, plan.instructionBudget }
        , m_runner(plan, memory, &m_recorder, m_stats.perFunction, m_issue)
        , m_nextEvent(smsUsed(*request.profile, plan), kNever)
        , m_started(started)
    {
        const auto smCount = static_cast<std::uint64_t>(std::max(1, request.profile->smCount));
        m_context = SmContext { m_statics.instructions.data(), &m_pipes, &m_hierarchy, &m_intervals, options.scheduler,
            static_cast<std::uint32_t>(
                std::clamp(request.profile->timing.warpSchedulersPerSm, 1, TimingSpec::kMaxWarpSchedulersPerSm)),
            plan.warpsPerBlock,
            static_cast<std::uint32_t>(blocksPerSm),
            static_cast<std::uint32_t>(std::clamp<std::uint64_t>(
                (plan.blockCount + smCount - 1) / smCount, 1, static_cast<std::uint64_t>(blocksPerSm))),
            blockLaunchInterval(*request.profile, plan.warpsPerBlock),
            static_cast<std::uint64_t>(std::max(0, request.profile->timing.blockReplacementCycles)),
            branchTakenCycles(*request.profile),
            options.sampling.enabled, m_statics.registers };
        m_phases.timed = options.timePhases;
        if (options.sampling.enabled)
            m_steadyState.emplace(smCount * m_context.blocksPerSm, options.sampling);
        m_sms = SmModelPool::take(static_cast<std::uint32_t>(m_nextEvent.size()), m_context);
        BlockSource::Inputs blocks { &m_runner, &m_recorder, &m_issue, &m_stats.divergentBranches, &m_stats.perFunction,
            plan.blockCount, options.traceBytesLimit, m_traceStop,
            SpeculativeSlot::Launch { &plan, &memory, request.profile, request.module, request.kernel },
            functionalThreads, batchedBlocks, batchesOnCaller };
        m_source = std::make_unique<BlockSource>(std::move(blocks), functional);
    }

    std::optional<Error> LaunchTimer::dispatch(std::uint32_t sm, std::uint64_t now, bool replacing)
    {
        std::uint64_t linear = m_nextBlock++;
        std::vector<WarpTrace> traces;
        if (m_plan.interleaved()) { // the block already ran with the whole grid (runCooperative)
            traces = m_recorder.takeBlockTraces(linear);
        } else {
            ExecutedBlock block = [&] {
                if (!replacing)
                    return m_source->next();
                const PhaseTimer timer(m_phases, m_phases.blockWait);
                return m_source->next();
            }();
            if (block.error)
                return std::move(block.error);
            linear = block.linear;
            traces = std::move(block.traces);
        }
        if (!replacing) { // the first wave's blocks: what sets the windows (runWindowed)
            std::uint64_t longestWarp = 0;
            for (const WarpTrace& trace : traces) {
                longestWarp = std::max<std::uint64_t>(longestWarp, trace.ops.size());
                m_firstWaveInstructions += trace.ops.size();
            }
            m_fewestBlockCycles = std::min(m_fewestBlockCycles, longestWarp);
            ++m_firstWaveBlocks;
        }
        if (m_windowed) // made resident on the SM's own thread before its next step
            m_sms[sm].queueBlock(linear, std::move(traces), now, m_age, replacing);
        else
            m_sms[sm].addBlock(linear, std::move(traces), now, m_age, replacing);
        if (now < m_nextEvent[sm]) {
            m_nextEvent[sm] = now;
            if (!m_windowed)
                m_events.emplace(now, sm);
        }
        return std::nullopt;
    }

    std::optional<Error> LaunchTimer::dispatchFirstWave()
    {
        // Blocks go to SMs in linear order, one per SM per round, until every SM is full or none is left
        // (programming-guide-0.8.2.txt §3.2: blocks are distributed to the multiprocessors as resources allow).
        for (std::uint32_t round = 0; round < m_context.blocksPerSm; ++round) {
            for (std::uint32_t sm = 0; sm < m_sms.size() && m_nextBlock < m_plan.blockCount; ++sm) {
                if (auto error = dispatch(sm, 0))
                    return error;
            }
        }
        return std::nullopt;
    }

    std::optional<Error> LaunchTimer::retire(std::uint32_t sm)
    {
        auto& finished = m_sms[sm].finished();
        std::vector<FinishedBlock> done;
        done.swap(finished);
        for (FinishedBlock& block : done) {
            if (auto error = retireBlock(sm, block))
                return error;
        }
        return std::nullopt;
    }

    std::optional<Error> LaunchTimer::retireBlock(std::uint32_t sm, FinishedBlock& block)
    {
        m_endCycle = std::max(m_endCycle, block.finishCycle);
        if (m_request.blockFinished)
            m_request.blockFinished(++m_blocksFinished, m_plan.blockCount);
        m_source->recycle(std::move(block.traces));
        if (m_steadyState && m_nextBlock < m_plan.blockCount)
            watchForSteadyState(block);
        if (!m_dispatchStopped && m_nextBlock < m_plan.blockCount)
            return dispatch(sm, block.finishCycle, true);
        return std::nullopt;
    }

    std::uint64_t LaunchTimer::step(std::uint32_t sm, std::uint64_t cycle)
    {
        const std::uint64_t next = m_sms[sm].step(cycle);
        m_sms[sm].drainIntervals(m_intervals);
        return next;
    }

    void LaunchTimer::watchForSteadyState(const FinishedBlock& block)
    {
        m_retiredTraffic.add(block.traffic);
        CacheFill fill;
        if (m_steadyState->nextClosesWindow()) {
            fill = CacheFill { m_hierarchy.l2Fill() };
            m_windowTraffic.push_back(m_retiredTraffic);
        }
        const BlockCost cost { block.traffic.dramBytesRead + block.traffic.dramBytesWritten,
            block.traffic.caches.l1HitSectors, block.traffic.caches.l2HitSectors };
        if (m_steadyState->onBlockFinished(block.finishCycle, cost, fill))
            m_dispatchStopped = true; // the resident blocks still finish (the launch's tail)
    }

    // An SM keeps stepping while its next event stays within kRunAhead cycles of the event that woke it,
    // instead of returning to the launch's queue after every cycle: its state stays in the host's caches,
    // which makes the model about 1.4x faster. SMs interact only through the L2 and DRAM, whose latencies
    // (193-600 cycles on every profile) are far longer than this window, so running ahead reorders
    // requests only within a small fraction of the time they take (bounded lax synchronization, as
    // parallel simulators use it: ZSim, Sanchez and Kozyrakis, ISCA 2013). Modeled cycles move by < 0.2 %
    // on the bundled copies; deterministic like the rest.
    constexpr std::uint64_t kRunAhead = 32;

    constexpr std::uint32_t kStopCheckEvents = 16;

    /// Warp instructions a stepping thread must have of a launch for another thread to pay: each window meets every
    /// stepping thread twice, and a launch of a few thousand warp instructions steps in a few windows of tens of
    /// microseconds. On the 16-thread device machine, corpus scenarios of 600-4 500 warp instructions a launch took
    /// 1.3-5.6x longer on 16 threads than on one (bench/README.md, "Eleventh round").
    constexpr std::uint64_t kStepInstructionsPerThread = 4096;

    // A cooperative launch's blocks wait for each other (grid sync), so they cannot run one at a time at
    // dispatch: they run functionally together first, and the timing model then replays each block's
    // recorded instruction stream — the polling iterations of a grid barrier included, as the interleaved
    // functional run made them (an approximation of how long a block waits). checkCooperativeFit made sure
    // the first wave holds every block. A launch of clusters runs the same way: the CTAs of a cluster read each
    // other's shared memory and meet at barrier.cluster (timed per block like bar.sync, static_instruction.h).
    std::optional<Error> LaunchTimer::runCooperative(simt::DeviceMemory& memory, const std::stop_token& outer)
    {
        const std::stop_callback forward(outer, [this] { m_traceStop.request_stop(); });
        if (m_options.traceBytesLimit != 0)
            m_recorder.limitTraceBytes(m_options.traceBytesLimit, m_traceStop);
        m_recorder.holdAllBlocks(m_plan.blockCount);
        simt::CooperativeGrid grid(m_plan, memory, &m_recorder, m_stats.perFunction, m_issue);
        if (!grid.run(m_traceStop.get_token())) {
            if (m_recorder.traceOverLimit())
                return traceLimitError("the cooperative grid of " + std::to_string(m_plan.blockCount) + " blocks",
                    m_issue.warpInstructions, m_options.traceBytesLimit);
            return simt::describeFault(grid.faultContext());
        }
        m_stats.divergentBranches = grid.divergentBranches();
        return std::nullopt;
    }

    std::optional<Error> LaunchTimer::run(const std::stop_token& outer)
    {
        // The functional runs stop on the caller's request or on the recorder's (trace limit).
        const std::stop_callback forward(outer, [this] { m_traceStop.request_stop(); });
        if (auto error = dispatchFirstWave())
            return error;
        m_phases.beforeWindows = m_phases.timed ? sinceStart() : 0.0;
        const PhaseTimer timer(m_phases, m_phases.stepping);
        std::uint32_t sinceStopCheck = 0;
        while (!m_events.empty()) {
            // The functional runs see the stop at their next instruction; the timing loop looks every
            // kStopCheckEvents SM steps (a few microseconds of work), so a cancelled launch ends at once even
            // when every block already ran functionally (a grid of one wave is dispatched whole at cycle 0).
            if (++sinceStopCheck == kStopCheckEvents) {
                sinceStopCheck = 0;
                if (outer.stop_requested())
                    return cancelledError();
            }
            const auto [cycle, sm] = m_events.top();
            m_events.pop();
            if (cycle != m_nextEvent[sm])
                continue; // superseded by an earlier event for the same SM
            m_nextEvent[sm] = kNever;
            std::uint64_t next = step(sm, cycle);
            if (auto error = retire(sm))
                return error;
            while (next < cycle + kRunAhead && next < m_nextEvent[sm]) {
                next = step(sm, next);
                if (auto error = retire(sm))
                    return error;
            }
            if (next < m_nextEvent[sm]) {
                m_nextEvent[sm] = next;
                m_events.emplace(next, sm);
            }
        }
        return std::nullopt;
    }

    Error LaunchTimer::cancelledError() const
    {
        const ptx::Module& module = *m_request.module;
        return Error { ErrorCode::InvalidArgument, "launch cancelled", SourceLocation::inFile(module.sourceName, 0, 0) };
    }

    std::optional<Error> LaunchTimer::runWindowed(const std::stop_token& outer, unsigned threads, bool pipeline)
    {
        const std::stop_callback forward(outer, [this] { m_traceStop.request_stop(); });
        m_windowed = true;
        m_hierarchy.deferBelowL1(m_context.attributeTraffic);
        std::optional<SmWindowStepper> stepper; // goes after its guests stop helping it
        StepperGuests guests(*m_source, threads, pipeline);
        if (auto error = dispatchFirstWave())
            return error;
        std::uint64_t window = windowCycles(*m_request.profile, m_fewestBlockCycles);
        if (m_options.maxWindowCycles != 0)
            window = std::min(window, m_options.maxWindowCycles);
        // The launch's work, estimated from its first wave's, bounds the stepping threads.
        const std::uint64_t firstWave = std::max<std::uint64_t>(1, m_firstWaveBlocks);
        const std::uint64_t waves = (m_plan.blockCount + firstWave - 1) / firstWave;
        const std::uint64_t work = m_firstWaveInstructions * waves;
        const auto stepping = static_cast<unsigned>(
            std::clamp<std::uint64_t>(work / kStepInstructionsPerThread, 1, std::max(1u, threads)));
        stepper.emplace(m_sms, m_hierarchy, m_intervals, stepping, guests.guests(stepping), window, !pipeline);
        stepper->timePhases(m_phases.timed);
        // The pipeline's windows are shared only while the blocks' thread rests, never so that the SMs wait for
        // blocks.
        if (pipeline)
            stepper->shareOnlyWhen([this] { return m_source->ahead(); });
        guests.attach(*stepper, stepping);
        m_phases.beforeWindows = m_phases.timed ? sinceStart() : 0.0;
        auto error = stepper->run(
            m_nextEvent, [this](std::uint32_t sm, FinishedBlock& block) { return retireBlock(sm, block); }, outer,
            [this] { return cancelledError(); });
        const HostPhases before = m_phases; // what the windows do not time
        m_phases = stepper->phases();
        m_phases.beforeWindows = before.beforeWindows;
        m_phases.blockWait = before.blockWait;
        return error;
    }

    SteadyWindowCounts LaunchTimer::steadyCounts() const
    {
        SteadyWindowCounts steady;
        steady.traffic.addDifference(m_windowTraffic.back(), m_windowTraffic[m_steadyState->steadyFrom()]);
        steady.blocks = m_steadyState->steadyBlocks();
        return steady;
    }

    double ratio(std::uint64_t part, std::uint64_t whole) { return whole == 0 ? 0.0 : double(part) / double(whole); }

    TimedLaunch LaunchTimer::result(const OccupancyResult& occupancy)
    {
        const DeviceProfile& profile = *m_request.profile;
        TimedLaunch out;
        m_source->finish(); // every block was taken: the functional counters are final
        double warpCycles = 0;
        std::uint64_t activeCycles = 0;
        for (SmModel& sm : m_sms) {
            sm.accumulate(m_endCycle);
            warpCycles += sm.residentWarpCycles();
            activeCycles += sm.activeCycles();
        }
        m_stats.warpInstructions = m_issue.warpInstructions;
        m_stats.threadInstructions = m_issue.threadInstructions;
        m_stats.blocks = m_plan.blockCount;
        m_stats.warps = m_plan.blockCount * m_plan.warpsPerBlock;
        out.stats = std::move(m_stats);
        out.memory = m_recorder.counters().totals();
        out.perPcMemory = m_recorder.counters().perPc();
        out.sampledRequests = m_recorder.counters().sampled().requests();
        out.sampledLanes = m_recorder.counters().sampled().lanes();
        out.simulatedBlocks = m_nextBlock;
        out.sampled = m_nextBlock < m_plan.blockCount;
        out.cycles = m_endCycle;
        if (out.sampled) {
            // The blocks never dispatched would have retired at the steady rate before the tail just simulated.
            const double rest = static_cast<double>(m_plan.blockCount - m_nextBlock);
            out.cycles += static_cast<std::uint64_t>(std::llround(rest / m_steadyState->blocksPerCycle()));
        }
        // What the SMs spend on the launch before its first block and after its last one (ncu's
        // sm__cycles_elapsed counts it): empty kernels of 1 to 132 blocks take 4 425-4 735 SM cycles on the H100
        // (bench/hardware/h100/timing_rules/, docs/timing_rules_h100.md).
        out.cycles += static_cast<std::uint64_t>(std::max(0, profile.timing.launchFixedCycles));
        out.kernelTimeUs = static_cast<double>(out.cycles) / profile.coreClockMhz;
        out.launchOverheadUs = profile.timing.launchOverheadUs;
        out.timeUs = out.kernelTimeUs + out.launchOverheadUs;
        out.blocksPerSm = occupancy.blocksPerSm;
        out.registersPerThread = m_options.registersPerThread;
        out.theoreticalOccupancy = occupancy.occupancy;
        out.achievedOccupancy
            = activeCycles == 0 ? 0.0 : warpCycles / double(activeCycles) / profile.limits.maxWarpsPerSm;
        out.dramBytesRead = m_hierarchy.dramBytesRead();
        out.dramBytesWritten = m_hierarchy.dramBytesWritten();
        out.caches = m_hierarchy.counters();
        out.bytesRequested = m_recorder.bytesRequested();
        if (out.sampled)
            extrapolateCounters(out, out.simulatedBlocks, m_plan.blockCount, steadyCounts());
        out.l1HitRate = ratio(out.caches.l1HitSectors, out.caches.l1HitSectors + out.caches.l1MissSectors);
        out.l2HitRate = ratio(out.caches.l2HitSectors, out.caches.l2HitSectors + out.caches.l2MissSectors);
        out.effectiveBandwidthGBps = out.timeUs > 0 ? double(out.bytesRequested) / 1e3 / out.timeUs : 0.0;
        out.theoreticalBandwidthGBps = theoreticalBandwidthGBps(profile.memory);
        m_intervals.flush();
        out.intervals = std::move(m_intervals.kept());
        out.intervalsDropped = m_intervals.dropped();
        out.blocksRunAgain = m_source->rerunBlocks();
        out.hostPhases = m_phases;
        if (m_phases.timed) {
            out.hostPhases.blocksAhead = m_source->aheadSeconds();
            out.hostPhases.blocksAheadBusy = m_source->aheadBusySeconds();
            out.hostPhases.blocksCommitting = m_source->committingSeconds();
        }
        return out;
    }

} // namespace

unsigned resolveThreads(unsigned threads)
{
    return threads != 0 ? threads : usableCores();
}

Result<TimedLaunch> runTimedKernel(const simt::LaunchRequest& request, simt::DeviceMemory& memory,
    const TimingOptions& options, std::stop_token stop)
{
    const auto started = std::chrono::steady_clock::now();
    if (!request.module || !request.profile)
        return Error { ErrorCode::InvalidArgument, "timed launch without a module or a device profile", {} };
    simt::ModuleImage ownImage;
    const simt::ModuleImage* image = request.moduleImage;
    if (!image) {
        if (needsImage(*request.module))
            ownImage = memory.loadModule(*request.module);
        image = &ownImage;
    }
    auto plan = simt::makeLaunchPlan(request, *image);
    if (!plan)
        return plan.error();
    if (plan->cooperative) {
        if (auto error = simt::checkCooperativeFit(*request.profile, *plan, options.registersPerThread))
            return *error;
        plan.value().gridWorkspace = simt::gridSyncWorkspace(memory);
    }
    const OccupancyInput input { static_cast<int>(plan->threadsPerBlock), static_cast<int>(options.registersPerThread),
        static_cast<int>(plan->sharedBytes) };
    auto occupancy = calculateOccupancy(*request.profile, input);
    if (!occupancy)
        return occupancy.error();
    if (occupancy->blocksPerSm == 0)
        return Error { ErrorCode::InvalidArgument,
            "a block of " + std::to_string(plan->threadsPerBlock) + " threads with " + std::to_string(options.registersPerThread)
                + " registers per thread and " + std::to_string(plan->sharedBytes)
                + " bytes of shared memory does not fit on one SM of " + request.profile->id };
    std::unique_ptr<MemoryHierarchy> own;
    MemoryHierarchy* hierarchy = options.deviceMemory;
    if (!hierarchy) {
        own = std::make_unique<MemoryHierarchy>(*request.profile);
        hierarchy = own.get();
    }
    hierarchy->beginLaunch(l1DataBytes(*request.profile, plan->sharedBytes * std::uint64_t(occupancy->blocksPerSm)));
    // How the blocks run functionally (block_source.h says why the results stay those of the serial run): in
    // batches on every thread when they may run apart, else ahead of the timing on a second thread when there is
    // one. Sampling decides when to stop from the timing itself; a cooperative grid runs whole before the timing
    // (runCooperative); a grid that fits in one wave is dispatched whole at cycle 0, before the first step, so a
    // thread ahead would have nothing to overlap.
    // No more threads than blocks: a block is the least of the work either half shares out (a batch's job, an SM).
    const auto threads = static_cast<unsigned>(
        std::min<std::uint64_t>(resolveThreads(options.threads), std::max<std::uint64_t>(1, plan->blockCount)));
    const bool separable = threads >= 2 && !options.sampling.enabled && !plan->interleaved();
    const std::uint64_t firstWave = std::uint64_t(request.profile->smCount) * std::uint64_t(occupancy->blocksPerSm);
    // On two threads a grid of several waves pipelines best: after the first wave (in batches on both threads when
    // they may run apart: the SMs wait for it), the blocks run one by one on one thread and the SMs step on the
    // other, with none of the batches' or windows' overheads (on the device machine, muld 1 024 took 46 s with
    // batches throughout on two cores against 72 s on one: 1.55x; the two halves of the work are about equal).
    BlockSource::Mode functional = BlockSource::Mode::Inline;
    const bool pipeline = separable && threads == 2 && plan->blockCount > firstWave;
    if (separable && plan->blockCount > 1 && simt::blocksRunApart(*request.module))
        functional = BlockSource::Mode::Batches;
    else if (separable && plan->blockCount > firstWave)
        functional = BlockSource::Mode::Ahead;
    const bool batchesOnCaller = plan->blockCount <= firstWave;
    const unsigned functionalThreads = functional == BlockSource::Mode::Batches
        ? StepperGuests::batchThreads(threads, pipeline, !batchesOnCaller)
        : threads;
    auto timer = std::make_unique<LaunchTimer>(request, *plan, memory, options, occupancy->blocksPerSm, *hierarchy,
        functional, functionalThreads, pipeline ? firstWave : plan->blockCount, batchesOnCaller, started);
    if (plan->interleaved()) {
        if (auto error = timer->runCooperative(memory, stop))
            return *error;
    }
    // The SMs step window by window (same results for any count) on every thread, as batches run on every thread:
    // each set sleeps while the other works (the SMs wait for blocks, the batches for room in the queue). A worker
    // running blocks ahead one by one keeps its thread.
    // A pipeline of two threads steps the SMs on both, the blocks' thread taking what they leave. Two cores of the
    // device machine, alternated three times (bench/README.md, "Thirteenth round"): the 16 M copy 2.65 / 2.25 / 2.56 s
    // so against 2.84 / 2.77 / 2.98 s with the SMs on one (an earlier round, before the batch workers ran at the
    // stepping threads' priority, had measured the opposite for the copy); muld 1 024 x 512 x 512 (1 900-instruction
    // warps) 7.41 / 6.84 / 6.27 s so against 11.11 / 10.80 / 8.96 s. But the second core is the blocks' thread's
    // too (three busy threads on two cores): the SMs take it only while that thread rests (runWindowed; the
    // fourteenth round: the copy 1.65 / 1.45 / 1.58 -> 1.44 / 1.21 / 1.54 s, muld 4.91 / 5.30 / 6.16 -> 4.63 / 4.84
    // / 5.40 s).
    const unsigned smThreads
        = functional == BlockSource::Mode::Ahead && !pipeline ? std::max(1u, threads - 1) : threads;
    auto error = timer->usesAsync() ? timer->run(stop) : timer->runWindowed(stop, smThreads, pipeline);
    if (error)
        return *error;
    const auto windowsDone = std::chrono::steady_clock::now();
    TimedLaunch out = timer->result(*occupancy);
    timer.reset(); // its SMs, traces and functional workers go: part of the launch's time too
    if (options.timePhases)
        out.hostPhases.afterWindows = secondsSince(windowsDone);
    return out;
}

} // namespace engine::timing
