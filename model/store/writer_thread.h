#pragma once

#include "engine/common/result.h"
#include "model/store/trace_inserter.h"

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace model {

class WriteQueue;

/// The thread that drains a WriteQueue into a TraceInserter, and the hand-shake that lets the engine
/// thread wait for a flush. The inserter (and its connection) is used on this thread only; the flush
/// state is guarded by a mutex shared with the engine thread.
class WriterThread {
public:
    WriterThread(WriteQueue& queue, TraceInserter inserter);
    /// Closes the queue, lets the thread write what is left and joins it.
    ~WriterThread();
    WriterThread(const WriterThread&) = delete;
    WriterThread& operator=(const WriterThread&) = delete;

    /// Engine thread: waits until the FlushCommand with `ticket` was handled, then returns the first
    /// error since the previous wait or the id of the last complete run.
    engine::Result<std::int64_t> waitFor(std::uint64_t ticket);

private:
    void loop();
    void publish(std::uint64_t ticket);

    WriteQueue& m_queue;
    TraceInserter m_inserter;
    std::mutex m_mutex;
    std::condition_variable m_flushed;
    std::uint64_t m_doneTicket = 0; ///< guarded by m_mutex
    std::optional<engine::Error> m_error; ///< guarded by m_mutex
    std::int64_t m_lastCompleteRun = 0; ///< guarded by m_mutex
    std::thread m_thread; ///< last member: starts after everything it uses exists
};

} // namespace model
