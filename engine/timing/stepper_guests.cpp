#include "engine/timing/stepper_guests.h"

#include "engine/common/host_cores.h"

namespace engine::timing {

namespace {

    /// Whether the block batches' threads of a launch windowed on `threads` threads are its stepper's guests: where
    /// either set alone fits the cores, but the two together would not.
    bool lendsBatchesOn(unsigned threads, bool pipeline, unsigned cores)
    {
        return !pipeline && threads > 1 && threads <= cores && 2 * threads > cores;
    }

} // namespace

unsigned StepperGuests::batchThreads(unsigned threads, bool pipeline, bool ownCommitter)
{
    return ownCommitter && threads > 2 && lendsBatchesOn(threads, pipeline, usableCores()) ? threads - 1 : threads;
}

StepperGuests::StepperGuests(BlockSource& source, unsigned threads, bool pipeline)
    : m_source(source)
    , m_threads(threads)
{
    const unsigned cores = usableCores();
    m_lendsWorker = pipeline && cores == 2;
    const std::size_t batches = source.batchThreads();
    const bool committerTakesAPlace = source.commitsOnOwnThread() && batches + 1 == threads; // batchThreads
    m_lendsBatches = lendsBatchesOn(threads, pipeline, cores) && (batches >= threads || committerTakesAPlace);
    m_lendsCommitter = m_lendsBatches && committerTakesAPlace;
    if (m_lendsBatches) {
        source.lendBatchThreads(
            [this](std::size_t self) {
                SmWindowStepper* stepper = m_stepper.load(std::memory_order_acquire);
                return stepper != nullptr && self < stepper->threads() && stepper->helpOne(self);
            },
            threads);
    }
}

StepperGuests::~StepperGuests()
{
    m_source.helpWhileResting({});
    m_source.lendBatchThreads({}, 0);
}

unsigned StepperGuests::guests(unsigned stepping) const
{
    return stepping > 1 && (m_lendsWorker || m_lendsBatches) ? stepping - 1 : 0;
}

void StepperGuests::attach(SmWindowStepper& stepper, unsigned stepping)
{
    if (m_lendsWorker && guests(stepping) > 0)
        m_source.helpWhileResting([&stepper] { return stepper.helpOne(1); });
    if (!m_lendsBatches)
        return;
    m_stepper.store(&stepper, std::memory_order_release);
    if (guests(stepping) == 0) {
        m_source.lendBatchThreads({}, 0);
        return;
    }
    m_source.narrowLentBatchThreads(stepping);
    if (m_lendsCommitter && stepping == m_threads) // the last guest's place is the committing thread's
        m_source.helpWhileResting([&stepper, last = stepping - 1] { return stepper.helpOne(last); });
}

} // namespace engine::timing
