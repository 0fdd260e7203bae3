#pragma once

#include <functional>
#include <stop_token>
#include <thread>

namespace model {

/// One worker thread at a time for a session's jobs. The owner (on the GUI thread) starts a job only when
/// the previous one has delivered its result, so jobs never overlap and the state they share needs no
/// lock; the job posts its result back itself (queued to the owner). The destructor asks the running job
/// to stop and joins it, so a worker never outlives its owner. Not a QObject; not thread-safe.
class JobRunner {
public:
    using Work = std::function<void(std::stop_token stop)>;

    JobRunner() = default;
    JobRunner(const JobRunner&) = delete;
    JobRunner& operator=(const JobRunner&) = delete;
    ~JobRunner();

    /// Joins the previous (finished) worker and runs `work` on a new thread.
    void start(Work work);
    /// Asks the running job to stop; it still delivers what it has.
    void requestStop();
    /// Blocks until the current worker has ended (tests, destruction).
    void join();

private:
    std::jthread m_thread;
};

} // namespace model
