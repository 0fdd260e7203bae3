#include "engine/timing/stepper_guests.h"

#include "engine/common/host_cores.h"

namespace engine::timing {

StepperGuests::StepperGuests(BlockSource& source, unsigned threads, bool pipeline)
    : m_source(source)
{
    const unsigned cores = usableCores();
    m_lendsWorker = pipeline && cores == 2;
    m_lendsBatches
        = !pipeline && threads > 1 && source.batchThreads() >= threads && threads <= cores && 2 * threads > cores;
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
    if (guests(stepping) > 0)
        m_source.narrowLentBatchThreads(stepping);
    else
        m_source.lendBatchThreads({}, 0);
}

} // namespace engine::timing
