#pragma once

#include <QString>
#include <QVector>

namespace model {

/// One global-memory transaction (segment, line or sector) and the lanes it served.
struct PictureTransaction {
    quint64 address = 0; ///< first byte, aligned to sizeBytes
    int sizeBytes = 0;
    quint32 laneMask = 0;
};

/// The selected warp's last memory instruction as the selected generation's rules see it: per lane the
/// address, and either the global transactions with the rule's explanation, or the shared banks with
/// conflicts and broadcast. Built on the worker from engine types; immutable; cheap to copy.
struct MemoryPicture {
    enum class Space { None, Global, Shared, Local, Other };

    Space space = Space::None; ///< None: the warp has issued no memory instruction yet
    bool store = false;
    int pc = -1;
    int bytesPerLane = 0;
    quint32 activeMask = 0;
    QVector<quint64> laneAddresses; ///< 32 entries; only active lanes are meaningful
    int lanesPerGroup = 32; ///< 16 where the generation resolves the access per half-warp (CC 1.x)
    QString ruleName; ///< "CC 1.0/1.1 strict half-warp coalescing", "32 banks of 4 bytes"
    QString explanation; ///< the generation's own lines on why it cost what it did

    // Global (and local) memory.
    QString unitName; ///< "32-byte sectors", "segments", ...
    QVector<PictureTransaction> transactions;
    int sectorCount = 0; ///< distinct 32-byte sectors holding requested bytes
    double efficiency = 1; ///< requested ÷ moved bytes

    // Shared memory.
    int bankCount = 0;
    int bankWidthBytes = 0;
    QVector<int> laneBank; ///< 32 entries
    QVector<int> laneWavefront; ///< 32 entries: the 0-based pass that served each lane
    int wavefronts = 0;
    int idealWavefronts = 0;
    int conflictWays = 0;
    quint32 conflictLanes = 0;
    quint32 broadcastLanes = 0;

    /// Transactions whose lanes all lie in lane group `group` (a half-warp on CC 1.x, else the warp).
    int transactionsInGroup(int group) const;
    /// The first transaction serving `lane`, or -1.
    int transactionOfLane(int lane) const;
};

} // namespace model
