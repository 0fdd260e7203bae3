#include "model/source/source_snapshot.h"

namespace model {

LineCounters& LineCounters::operator+=(const LineCounters& other)
{
    warpExecutions += other.warpExecutions;
    threadExecutions += other.threadExecutions;
    globalRequests += other.globalRequests;
    sectors += other.sectors;
    transactions += other.transactions;
    sharedRequests += other.sharedRequests;
    wavefronts += other.wavefronts;
    divergentBranches += other.divergentBranches;
    return *this;
}

} // namespace model
