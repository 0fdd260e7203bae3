#pragma once

#include "model/stepper/step_snapshot.h"

#include <QStringList>

#include <memory>

namespace model {

class StepperCore;

/// Reads the selected warp out of a StepperCore into an immutable StepSnapshot: position, lane masks,
/// registers and watches (with the lanes that changed since `previous`), and the memory picture of its
/// last memory instruction under the core's device rules. Runs on the worker that owns the core.
class StepSnapshotBuilder {
public:
    StepSnapshotBuilder(const StepperCore& core, std::shared_ptr<const StepSnapshot> previous);

    std::shared_ptr<const StepSnapshot> build(const QStringList& watches, StopReason reason) const;

private:
    void addPosition(StepSnapshot& snapshot) const;
    void addRegisters(StepSnapshot& snapshot) const;
    void addWatches(StepSnapshot& snapshot, const QStringList& watches) const;
    bool comparable(const StepSnapshot& snapshot) const;

    const StepperCore& m_core;
    std::shared_ptr<const StepSnapshot> m_previous;
};

} // namespace model
