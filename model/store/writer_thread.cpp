#include "model/store/writer_thread.h"

#include "model/store/write_queue.h"

namespace model {

WriterThread::WriterThread(WriteQueue& queue, TraceInserter inserter)
    : m_queue(queue)
    , m_inserter(std::move(inserter))
    , m_thread([this] { loop(); })
{
}

WriterThread::~WriterThread()
{
    m_queue.close();
    m_thread.join();
}

void WriterThread::loop()
{
    std::vector<WriteCommand> commands;
    while (m_queue.takeAll(commands)) {
        std::size_t bytes = 0;
        for (auto& command : commands) {
            bytes += approximateBytes(command);
            m_inserter.handle(command);
            if (const auto* flush = std::get_if<FlushCommand>(&command))
                publish(flush->ticket);
        }
        m_queue.release(bytes);
    }
    m_inserter.abandonOpenRun();
    m_inserter.commit();
}

void WriterThread::publish(std::uint64_t ticket)
{
    {
        std::lock_guard lock(m_mutex);
        if (auto error = m_inserter.takeError(); error && !m_error)
            m_error = std::move(error);
        m_lastCompleteRun = m_inserter.lastCompleteRun();
        m_doneTicket = ticket;
    }
    m_flushed.notify_all();
}

engine::Result<std::int64_t> WriterThread::waitFor(std::uint64_t ticket)
{
    std::unique_lock lock(m_mutex);
    m_flushed.wait(lock, [&] { return m_doneTicket >= ticket; });
    if (m_error)
        return std::exchange(m_error, std::nullopt).value();
    return m_lastCompleteRun;
}

} // namespace model
