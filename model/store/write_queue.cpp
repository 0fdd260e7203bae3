#include "model/store/write_queue.h"

#include <algorithm>

namespace model {

WriteQueue::WriteQueue(std::size_t capacityBytes)
    : m_capacityBytes(capacityBytes)
{
}

void WriteQueue::push(WriteCommand command)
{
    const auto bytes = approximateBytes(command);
    std::unique_lock lock(m_mutex);
    m_notFull.wait(lock, [&] { return m_usedBytes == 0 || m_usedBytes + bytes <= m_capacityBytes; });
    m_usedBytes += bytes;
    m_commands.push_back(std::move(command));
    lock.unlock();
    m_notEmpty.notify_one();
}

bool WriteQueue::takeAll(std::vector<WriteCommand>& out)
{
    out.clear();
    std::unique_lock lock(m_mutex);
    m_notEmpty.wait(lock, [&] { return !m_commands.empty() || m_closed; });
    if (m_commands.empty())
        return false;
    out.reserve(m_commands.size());
    for (auto& command : m_commands)
        out.push_back(std::move(command));
    m_commands.clear();
    return true;
}

void WriteQueue::release(std::size_t bytes)
{
    {
        std::lock_guard lock(m_mutex);
        m_usedBytes -= std::min(bytes, m_usedBytes);
    }
    m_notFull.notify_one();
}

void WriteQueue::close()
{
    {
        std::lock_guard lock(m_mutex);
        m_closed = true;
    }
    m_notEmpty.notify_one();
}

} // namespace model
