#include "model/run/background_jobs.h"

#include <algorithm>

namespace model {

BackgroundJobs::~BackgroundJobs()
{
    m_stop.request_stop();
    waitForIdle();
    for (const auto& thread : std::as_const(m_threads))
        delete thread.data();
}

quint64 BackgroundJobs::start(Work work)
{
    cancel();
    m_stop = std::stop_source();
    const quint64 job = ++m_lastId;
    m_current = job;
    auto* thread = QThread::create([work = std::move(work), job, stop = m_stop.get_token()] { work(job, stop); });
    QObject::connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    m_threads.erase(std::remove_if(m_threads.begin(), m_threads.end(), [](const auto& t) { return t.isNull(); }),
        m_threads.end());
    m_threads.push_back(thread);
    thread->start(QThread::LowPriority);
    return job;
}

void BackgroundJobs::cancel()
{
    m_stop.request_stop();
    m_current = 0;
}

bool BackgroundJobs::isBusy() const
{
    return std::any_of(m_threads.begin(), m_threads.end(), [](const auto& t) { return t && t->isRunning(); });
}

void BackgroundJobs::waitForIdle()
{
    for (const auto& thread : std::as_const(m_threads)) {
        if (thread)
            thread->wait();
    }
}

} // namespace model
