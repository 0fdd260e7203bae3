#include "model/store/write_command.h"

namespace model {

namespace {

template <typename T>
std::size_t vectorBytes(const std::vector<T>& items)
{
    return items.size() * sizeof(T);
}

struct ByteCounter {
    std::size_t operator()(const engine::RunInfo& run) const
    {
        return sizeof run + run.deviceProfileJson.size() + run.scenarioText.size();
    }
    std::size_t operator()(const engine::ModuleRecord& module) const
    {
        return sizeof module + module.ptxText.size() + module.cudaSource.size();
    }
    std::size_t operator()(const PrintfBatch& batch) const
    {
        std::size_t bytes = sizeof batch;
        for (const auto& line : batch.lines)
            bytes += sizeof line + line.text.size();
        return bytes;
    }
    std::size_t operator()(const RequestBatch& batch) const
    {
        return vectorBytes(batch.requests) + vectorBytes(batch.lanes);
    }
    template <typename T>
    std::size_t operator()(const std::vector<T>& items) const
    {
        return vectorBytes(items);
    }
    template <typename T>
    std::size_t operator()(const T& item) const
    {
        return sizeof item;
    }
};

} // namespace

std::size_t approximateBytes(const WriteCommand& command) { return std::visit(ByteCounter {}, command); }

} // namespace model
