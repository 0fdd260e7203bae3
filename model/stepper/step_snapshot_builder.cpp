#include "model/stepper/step_snapshot_builder.h"

#include "engine/host/launch_setup.h"
#include "engine/host/prepared_scenario.h"
#include "engine/simt/fragment_text.h"
#include "engine/simt/warp_stepper.h"
#include "model/stepper/memory_picture_builder.h"
#include "model/stepper/stepper_core.h"
#include "model/stepper/watch_evaluator.h"

#include <QHash>

namespace model {

namespace {

using engine::ptx::ScalarType;

ValueKind kindOf(ScalarType type)
{
    switch (type) {
    case ScalarType::Pred: return ValueKind::Predicate;
    case ScalarType::F16: return ValueKind::Float16;
    case ScalarType::F32: return ValueKind::Float32;
    case ScalarType::F64: return ValueKind::Float64;
    case ScalarType::U8: case ScalarType::U16: case ScalarType::U32: return ValueKind::Unsigned;
    case ScalarType::S8: case ScalarType::S16: case ScalarType::S32: case ScalarType::S64:
    case ScalarType::B16: case ScalarType::B32: return ValueKind::Signed;
    default: return ValueKind::Bits; // b64/u64 hold addresses; packed and wide types show raw bits
    }
}

QString statusText(engine::simt::WarpStatus status)
{
    switch (status) {
    case engine::simt::WarpStatus::Ready: return QStringLiteral("ready");
    case engine::simt::WarpStatus::AtBarrier: return QStringLiteral("at barrier");
    case engine::simt::WarpStatus::Done: return QStringLiteral("done");
    }
    return {};
}

quint32 changedLanes(const QVector<quint64>& now, const QVector<quint64>& before)
{
    quint32 mask = 0;
    for (qsizetype lane = 0; lane < now.size() && lane < before.size(); ++lane) {
        if (now[lane] != before[lane])
            mask |= 1u << lane;
    }
    return mask;
}

} // namespace

StepSnapshotBuilder::StepSnapshotBuilder(const StepperCore& core, std::shared_ptr<const StepSnapshot> previous)
    : m_core(core)
    , m_previous(std::move(previous))
{
}

std::shared_ptr<const StepSnapshot> StepSnapshotBuilder::build(const QStringList& watches, StopReason reason) const
{
    auto snapshot = std::make_shared<StepSnapshot>();
    snapshot->stopReason = reason;
    snapshot->error = m_core.errorText();
    snapshot->listing = m_core.listing();
    addPosition(*snapshot);
    addRegisters(*snapshot);
    addWatches(*snapshot, watches);
    snapshot->memory = buildMemoryPicture(m_core.stepper().lastAccess(), m_core.profile());
    return snapshot;
}

void StepSnapshotBuilder::addPosition(StepSnapshot& s) const
{
    const auto& stepper = m_core.stepper();
    const auto& profile = m_core.profile();
    const auto& request = m_core.setup().request;
    s.scenarioFile = m_core.target().scenarioFile;
    s.deviceId = QString::fromStdString(profile.id);
    s.deviceName = QString::fromStdString(profile.name);
    s.computeCapability = QString::fromStdString(profile.computeCapability.toString());
    s.kernelName = QString::fromStdString(request.module->functions[request.kernel].demangled);
    s.grid = request.grid;
    s.block = m_core.target().block;
    s.warp = static_cast<int>(stepper.selectedWarp());
    s.warpCount = static_cast<int>(stepper.warpCount());
    s.stepCount = stepper.stepCount();
    s.function = static_cast<int>(stepper.function());
    s.pc = stepper.pc() == engine::ptx::kNoPc ? -1 : static_cast<int>(stepper.pc());
    s.status = statusText(stepper.status());
    if (const auto* line = s.listing->line(s.function, s.pc)) {
        s.ptxText = line->text;
        s.ptxLine = line->ptxLine;
        s.cudaLine = line->cudaLine;
        s.cudaText = s.listing->cudaText(line->cudaLine).trimmed();
    }
    const auto& warp = stepper.cta().warps[stepper.selectedWarp()];
    s.validMask = warp.validMask;
    s.activeMask = s.pc < 0 ? 0 : stepper.activeMask();
    s.exitedMask = stepper.exitedMask();
}

bool StepSnapshotBuilder::comparable(const StepSnapshot& s) const
{
    return m_previous && m_previous->function == s.function && m_previous->warp == s.warp
        && m_previous->block == s.block && m_previous->scenarioFile == s.scenarioFile;
}

void StepSnapshotBuilder::addRegisters(StepSnapshot& s) const
{
    const auto& stepper = m_core.stepper();
    if (stepper.cta().warps[stepper.selectedWarp()].frames.empty())
        return;
    const auto& fn = m_core.prepared().module.functions[static_cast<std::size_t>(s.function)];
    for (const auto& decl : fn.registers.decls) {
        for (std::uint32_t i = 0; i < decl.count; ++i) {
            const engine::ptx::RegRef reg { decl.file, decl.base + i };
            RegisterRow row;
            row.name = QString::fromStdString(fn.registers.nameOf(reg));
            row.kind = kindOf(decl.type);
            row.bits = decl.type == ScalarType::Pred ? 1 : static_cast<int>(engine::ptx::typeSizeBytes(decl.type) * 8);
            row.values.resize(engine::simt::kWarpLanes);
            for (std::uint32_t lane = 0; lane < engine::simt::kWarpLanes; ++lane)
                row.values[lane] = stepper.registerValue(reg, lane);
            for (const std::string& text : engine::simt::fragmentElementTexts(fn, reg))
                row.fragment.push_back(QString::fromStdString(text));
            s.registers.push_back(std::move(row));
        }
    }
    if (!comparable(s) || m_previous->registers.size() != s.registers.size())
        return;
    for (qsizetype r = 0; r < s.registers.size(); ++r)
        s.registers[r].changedMask = changedLanes(s.registers[r].values, m_previous->registers[r].values);
}

void StepSnapshotBuilder::addWatches(StepSnapshot& s, const QStringList& watches) const
{
    QHash<QString, qsizetype> byName;
    for (qsizetype r = 0; r < s.registers.size(); ++r)
        byName.insert(s.registers[r].name, r);
    for (const auto& expression : watches) {
        WatchRow row;
        row.expression = expression;
        row.values.resize(engine::simt::kWarpLanes);
        if (const auto it = byName.constFind(expression.trimmed()); it != byName.constEnd()) {
            row.kind = s.registers[*it].kind;
            row.bits = s.registers[*it].bits;
        }
        for (int lane = 0; lane < engine::simt::kWarpLanes && row.error.isEmpty(); ++lane) {
            WatchEvaluator evaluator(expression, [&](const QString& name) -> std::optional<quint64> {
                const auto found = byName.constFind(name);
                return found == byName.constEnd() ? std::nullopt : std::optional(s.registers[*found].values[lane]);
            });
            const auto outcome = evaluator.evaluate();
            row.values[lane] = outcome.value;
            row.error = outcome.error;
        }
        s.watches.push_back(std::move(row));
    }
    if (!comparable(s))
        return;
    for (auto& row : s.watches) {
        for (const auto& before : m_previous->watches) {
            if (before.expression == row.expression && before.error.isEmpty())
                row.changedMask = changedLanes(row.values, before.values);
        }
    }
}

} // namespace model
