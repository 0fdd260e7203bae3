#pragma once

#include "model/store/write_command.h"

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <vector>

namespace model {

/// The bounded queue between the engine thread (producer) and the writer thread (consumer).
/// Bounded in bytes so a long run cannot fill memory: when the writer falls more than `capacityBytes`
/// behind, push() waits for it (back-pressure). Below that the engine never waits on disk.
/// Thread-safe; one producer and one consumer.
class WriteQueue {
public:
    explicit WriteQueue(std::size_t capacityBytes);

    /// Engine thread. Blocks while the queue is full; a single command larger than the capacity still
    /// goes in once the queue is empty.
    void push(WriteCommand command);
    /// Writer thread. Moves every queued command into `out` (after clearing it); blocks while the
    /// queue is empty; returns false once close() was called and everything was taken.
    bool takeAll(std::vector<WriteCommand>& out);
    /// Writer thread, after handling what takeAll gave it: frees that room for the producer.
    void release(std::size_t bytes);
    /// Ends the stream: takeAll returns false once drained.
    void close();

private:
    std::mutex m_mutex;
    std::condition_variable m_notEmpty;
    std::condition_variable m_notFull;
    std::deque<WriteCommand> m_commands;
    std::size_t m_capacityBytes;
    std::size_t m_usedBytes = 0; ///< queued plus taken-but-not-released
    bool m_closed = false;
};

} // namespace model
