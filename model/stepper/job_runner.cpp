#include "model/stepper/job_runner.h"

namespace model {

JobRunner::~JobRunner()
{
    requestStop();
    join();
}

void JobRunner::start(Work work)
{
    join();
    m_thread = std::jthread([work = std::move(work)](std::stop_token stop) { work(std::move(stop)); });
}

void JobRunner::requestStop()
{
    if (m_thread.joinable())
        m_thread.request_stop();
}

void JobRunner::join()
{
    if (m_thread.joinable())
        m_thread.join();
}

} // namespace model
