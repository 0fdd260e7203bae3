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
    for (std::size_t bank = 0; bank < bankPasses.size(); ++bank)
    {
        bankPasses[bank] += other.bankPasses[bank];
        bankRequests[bank] += other.bankRequests[bank];
    }
    return *this;
}

} // namespace model
