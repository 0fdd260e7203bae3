#pragma once

#include "model/source/program_listing.h"
#include "model/stepper/memory_picture.h"
#include "model/stepper/value_kind.h"

#include <QString>
#include <QVector>

#include <array>
#include <memory>

namespace model {

/// One register of the selected warp's top frame, all 32 lanes.
struct RegisterRow {
    QString name; ///< "%r5", "%p1"
    ValueKind kind = ValueKind::Unsigned;
    int bits = 32;
    QVector<quint64> values; ///< 32 entries, one per lane
    quint32 changedMask = 0; ///< lanes whose value differs from the previous snapshot
    /// Per lane, the matrix elements the register holds when a tensor-core instruction uses it as a fragment
    /// register ("A[3][8..9]", engine/simt/fragment_text.h); empty otherwise.
    QVector<QString> fragment;
};

/// One watch expression evaluated in every lane.
struct WatchRow {
    QString expression;
    QString error; ///< non-empty when the expression cannot be evaluated; values are then meaningless
    ValueKind kind = ValueKind::Signed;
    int bits = 64;
    QVector<quint64> values; ///< 32 entries
    quint32 changedMask = 0;
};

/// Why the last command stopped, in the words a user reads in the status line.
enum class StopReason { None, Stepped, SteppedBack, AtStart, Barrier, Breakpoint, Cursor, WarpDone, Fault, Cancelled };

/// Everything the warp stepper shows after a command: where the selected warp is, its lanes, registers,
/// watches and its last memory access as the selected generation sees it. Built on the worker thread;
/// immutable; shared by pointer.
struct StepSnapshot {
    QString scenarioFile;
    QString deviceId;
    QString deviceName;
    QString computeCapability;
    QString kernelName; ///< demangled
    std::array<quint32, 3> grid { 1, 1, 1 };
    std::array<quint32, 3> block { 0, 0, 0 }; ///< the stepped block (%ctaid)
    int warp = 0;
    int warpCount = 0;
    quint64 stepCount = 0;
    StopReason stopReason = StopReason::None;
    QString error; ///< the fault message when stopReason is Fault

    int function = 0; ///< index into listing->functions
    int pc = -1; ///< next instruction; -1 when the warp is done
    QString status; ///< "ready", "at barrier", "done"
    QString ptxText;
    int ptxLine = 0;
    int cudaLine = 0;
    QString cudaText;

    quint32 validMask = 0; ///< lanes that exist (a block's last warp may be partial)
    quint32 activeMask = 0; ///< lanes that execute the next instruction
    quint32 exitedMask = 0;

    QVector<RegisterRow> registers;
    QVector<WatchRow> watches;
    MemoryPicture memory;
    std::shared_ptr<const ProgramListing> listing;

    /// Lanes that exist and are neither active nor exited: waiting on the other side of a branch.
    quint32 inactiveMask() const { return validMask & ~activeMask & ~exitedMask; }
};

} // namespace model
