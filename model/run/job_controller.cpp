#include "model/run/job_controller.h"

namespace model {

JobController::JobController(QObject* parent)
    : QObject(parent)
{
}

JobController::~JobController() = default;

void JobController::cancel()
{
    m_jobs.cancel();
    if (!m_running)
        return;
    m_running = false;
    Q_EMIT cancelled(m_runningJob);
}

void JobController::endJobs()
{
    m_jobs.cancel();
    m_jobs.waitForIdle();
}

} // namespace model
