#include "model/stepper/memory_picture.h"

namespace model {

int MemoryPicture::transactionsInGroup(int group) const
{
    const quint64 bits = ((quint64 { 1 } << lanesPerGroup) - 1) << (group * lanesPerGroup);
    const auto groupMask = static_cast<quint32>(bits);
    int count = 0;
    for (const auto& t : transactions) {
        if (t.laneMask != 0 && (t.laneMask & ~groupMask) == 0)
            ++count;
    }
    return count;
}

int MemoryPicture::transactionOfLane(int lane) const
{
    for (qsizetype i = 0; i < transactions.size(); ++i) {
        if ((transactions[i].laneMask >> lane) & 1u)
            return static_cast<int>(i);
    }
    return -1;
}

} // namespace model
